"""Two phones, one deal: what a refused edit, delete or undo tells the players (docs/saving.md
"Two phones on one match").

The service refuses a change whose If-Match etag is not the deal now at that number
(``StaleDeal``, with the deal now there and where the phone's deal went). This module turns
that into the players' words ("Another phone deleted deal 3; the deal you were editing is now
deal 4: Petr · betl") and says what the page offers next. It never changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...db import get_session
from ...services import matches as svc
from ...services.match_identity import parse_etag
from .. import deal_words


def _last_deletion(match: Any) -> Mapping[str, Any] | None:
    """The audit's latest deletion or undo in the match, None when there was none."""
    entries = svc.history(session=get_session(), match_id=match.id)
    return next((e for e in reversed(entries) if e["action"] in ("delete", "undo")), None)


def _deleted_before(match: Any, n: int) -> int | None:
    """The number of the deal the latest deletion removed, when it was before ``n``."""
    last = _last_deletion(match)
    if last and last.get("n") and last["n"] < n:
        return last["n"]
    return None


def _what_happened(match: Any, n: int, yours: Mapping[str, Any]) -> str:
    """Why the phone's deal moved from ``n`` to ``yours["n"]``, as far as the audit tells."""
    moved = n - yours["n"]
    if moved <= 0:
        return ngettext(
            "Another phone put %(num)s deal before it",
            "Another phone put %(num)s deals before it",
            -moved,
        )
    deleted = _deleted_before(match, n) if moved == 1 else None
    if deleted is not None:
        return _("Another phone deleted deal %(n)s", n=deleted)
    return ngettext(
        "Another phone deleted %(num)s deal before it",
        "Another phone deleted %(num)s deals before it",
        moved,
    )


#: The deal the phone meant, by what the player was doing with it.
MEANT = {
    "open": _l("the deal you chose"),
    "edit": _l("the deal you were editing"),
    "delete": _l("the deal you meant to delete"),
    "undo": _l("the deal you meant to undo"),
}


def _named(match: Any, state: Mapping[str, Any], deal: Any) -> dict[str, Any] | None:
    """The deal with its summary and explanation naming the players; None for no deal."""
    return deal_words.with_names(match, state, deal) if deal else None


def _gone_message(what: Any, current: Mapping[str, Any] | None) -> str:
    """The deal meant was deleted; what is at its number now, if anything."""
    message = _("Another phone deleted %(what)s meanwhile.", what=what)
    if current is None:
        return message
    now = _("Deal %(n)s is now: %(summary)s.", n=current["n"], summary=current["summary"])
    return message + " " + now


def _added_after(
    yours: Mapping[str, Any], current: Mapping[str, Any] | None, doing: str
) -> Mapping[str, Any] | None:
    """Undo: the deal another phone added after the one meant (which is no longer the last);
    None when there is none."""
    if doing == "undo" and current is not None and yours["n"] != current["n"]:
        return current
    return None


def _message(
    match: Any,
    n: int,
    yours: Mapping[str, Any] | None,
    current: Mapping[str, Any] | None,
    doing: str,
) -> str:
    """What happened to the deal meant (``yours``), in the players' words."""
    what = MEANT[doing]
    if yours is None:
        return _gone_message(what, current)
    added = _added_after(yours, current, doing)
    if added is not None:
        return _(
            "Another phone added deal %(n)s meanwhile (%(added)s); %(what)s is now deal %(m)s: "
            "%(summary)s.",
            n=added["n"],
            added=added["summary"],
            what=what,
            m=yours["n"],
            summary=yours["summary"],
        )
    if yours["n"] != n:
        return _(
            "%(happened)s; %(what)s is now deal %(m)s: %(summary)s.",
            happened=_what_happened(match, n, yours),
            what=what,
            m=yours["n"],
            summary=yours["summary"],
        )
    return _(
        "Another phone changed deal %(n)s meanwhile; it now says: %(summary)s.",
        n=n,
        summary=yours["summary"],
    )


def explain(match: Any, state: Mapping[str, Any], error: Any, doing: str) -> dict[str, Any]:
    """The conflict in words: ``message`` plus ``yours`` (the deal meant, as it is now, with
    its summary) or None when it is gone, and ``current`` (the deal now at that number)."""
    n = error.n if isinstance(getattr(error, "n", None), int) else 0
    # each deal with its summary and explanation in the page's language, naming the players
    yours = _named(match, state, getattr(error, "yours", None))
    current = _named(match, state, getattr(error, "current_deal", None))
    message = _message(match, n, yours, current, doing)
    return {"message": message, "yours": yours, "current": current, "n": n}


def gone(match: Any, state: Mapping[str, Any], n: int, doing: str) -> dict[str, Any]:
    """A page that named no etag (opened before this version) found no deal ``n``."""

    class _Gone:
        yours = current_deal = None

    _Gone.n = n
    return explain(match, state, _Gone(), doing)


def deal_at(state: Mapping[str, Any], n: int) -> dict[str, Any] | None:
    """The deal now numbered ``n``, None when there is no such deal."""
    deals = state["deals"]
    return deals[n - 1] if 1 <= n <= len(deals) else None


def from_link(
    match: Any, state: Mapping[str, Any], n: int, etag: str | None, doing: str
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The deal a link names (API.md "Which deal": its number and the etag the list showed).

    ``(the deal, None)`` when the deal at ``n`` carries that etag (or the link names none: a
    page from before etags); otherwise ``(the deal meant as it is now or None when it is
    gone, the conflict in words)``. Never another deal that took the number meanwhile."""
    deals = state["deals"]
    here = deal_at(state, n)
    if not etag or (here is not None and here["etag"] == etag):
        return here, None

    class _Stale:
        current_deal = here
        yours = next((d for d in deals if d["id"] == parse_etag(etag)), None)

    _Stale.n = n
    conflict = explain(match, state, _Stale(), doing)
    return conflict["yours"], conflict
