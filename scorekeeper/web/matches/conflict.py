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
from flask_babel import ngettext

from ...db import get_session
from ...services import matches as svc
from ...services.match_identity import parse_etag
from .. import deal_words


def _what_happened(match: Any, n: int, yours: Mapping[str, Any]) -> str:
    """Why the phone's deal moved from ``n`` to ``yours["n"]``, as far as the audit tells."""
    moved = n - yours["n"]
    if moved > 0:
        if moved == 1:
            entries = svc.history(session=get_session(), match_id=match.id)
            last = next((e for e in reversed(entries) if e["action"] in ("delete", "undo")), None)
            if last and last.get("n") and last["n"] < n:
                return _("Another phone deleted deal %(n)s", n=last["n"])
        return ngettext(
            "Another phone deleted %(num)s deal before it",
            "Another phone deleted %(num)s deals before it",
            moved,
        )
    return ngettext(
        "Another phone put %(num)s deal before it",
        "Another phone put %(num)s deals before it",
        -moved,
    )


def explain(match: Any, state: Mapping[str, Any], error: Any, doing: str) -> dict[str, Any]:
    """The conflict in words: ``message`` plus ``yours`` (the deal meant, as it is now, with
    its summary) or None when it is gone, and ``current`` (the deal now at that number)."""
    n = error.n if isinstance(getattr(error, "n", None), int) else 0
    # each deal with its summary and explanation in the page's language, naming the players
    yours = getattr(error, "yours", None)
    yours = deal_words.with_names(match, state, yours) if yours else None
    current = getattr(error, "current_deal", None)
    current = deal_words.with_names(match, state, current) if current else None
    what = {
        "open": _("the deal you chose"),
        "edit": _("the deal you were editing"),
        "delete": _("the deal you meant to delete"),
        "undo": _("the deal you meant to undo"),
    }[doing]
    if yours is None:
        message = _("Another phone deleted %(what)s meanwhile.", what=what)
        if current is not None:
            message += " " + _(
                "Deal %(n)s is now: %(summary)s.", n=current["n"], summary=current["summary"]
            )
    elif doing == "undo" and current is not None and yours["n"] != current["n"]:
        message = _(
            "Another phone added deal %(n)s meanwhile (%(added)s); %(what)s is now deal %(m)s: "
            "%(summary)s.",
            n=current["n"],
            added=current["summary"],
            what=what,
            m=yours["n"],
            summary=yours["summary"],
        )
    elif yours["n"] != n:
        message = _(
            "%(happened)s; %(what)s is now deal %(m)s: %(summary)s.",
            happened=_what_happened(match, n, yours),
            what=what,
            m=yours["n"],
            summary=yours["summary"],
        )
    else:
        message = _(
            "Another phone changed deal %(n)s meanwhile; it now says: %(summary)s.",
            n=n,
            summary=yours["summary"],
        )
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
