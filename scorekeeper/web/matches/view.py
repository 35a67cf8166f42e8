"""What the match pages show, built from the service's match state; and this device's memory.

``context`` turns a match state (API.md shape) into what templates/matches/match.html needs:
score rows, money, the game in progress, deals newest first with a one-line summary, the
chart, the share links and QR code. The device's memory (recent matches, names typed before,
the last setup per game) lives in the signed session cookie, so names are never listed from
other people's matches on the server.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import segno
from flask import request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from werkzeug.routing import BuildError

from ...db import get_session
from ...i18n import rule_messages
from ...i18n.formats import local_datetime
from ...printing.chart import running_chart
from ...rules.base import FieldError
from ...rules.marianna.form import add_token, describe_tokens
from ...rules.registry import get_game
from ...services import match_write
from ...services import matches as svc
from ...services.errors import NotFound
from ...services.tournament_league import pb_choices as league_pb
from .. import forms, suits
from ..deal_words import with_names
from ..forms import summarize
from ..links import public_url

RECENT, NAMES, SHOWN = 12, 40, 15


def _score_rows(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The board's rows: each side's name, score, money (when played for money), winner."""
    money = state.get("money") or []
    return [
        {
            "name": name,
            "score": score,
            "money": money[i] if i < len(money) else None,
            "winner": state.get("finished") and state.get("winner") == i,
        }
        for i, (name, score) in enumerate(zip(state["sides"], state["scores"], strict=False))
    ]


def _listed_deals(match: Any, state: Mapping[str, Any], token: str | None) -> list[dict]:
    """The deals the page lists, newest first, with their summaries.

    The table's page lists the latest deals only, so it stays light all evening (under 60 KB,
    bench/bench_page_weight.py); "show all" and the spectator page list every deal."""
    every = token is None or request.args.get("all")
    shown = state["deals"] if every else state["deals"][-SHOWN:]
    return [with_names(match, state, d) for d in reversed(shown)]


def _print_url(match: Any) -> str | None:
    """The printable match record (printing blueprint), when it is there."""
    try:
        return url_for("printing.record", match_id=match.id)
    except BuildError:
        return None


def _edit_links(match: Any, token: str) -> dict[str, Any]:
    """The table's page: its edit link to share, and the same as a QR code."""
    edit_url = public_url("matches.edit", match_id=match.id, token=token)
    qr = segno.make(edit_url, error="m").svg_inline(scale=3, border=2)
    return {"edit_url": edit_url, "qr": Markup(qr)}


def _form_extras(match: Any, token: str | None, form: Any) -> dict[str, Any]:
    """What the deal form shows besides its fields: a league's PB table (RULES.md §6b) and
    the declarations entered so far, in words."""
    extras: dict[str, Any] = {}
    if form is None:
        return extras
    if token is not None and "pb_0" in form:
        choices = league_pb(session=get_session(), match_id=match.id)
        extras.update(pb_choices=choices, pb_words="; ".join(map(_pb_line, choices)))
    if "declarations" in form:
        deck = match.options.get("deck")
        extras["declared"] = describe_tokens(form.declarations.data, form.sides, match.game, deck)
    return extras


def context(
    match: Any,
    state: Mapping[str, Any],
    token: str | None,
    *,
    form: Any = None,
    box: Sequence[str] = (),
) -> dict[str, Any]:
    """Template context of a match page (``token`` None: the read-only page)."""
    game, players, options = match.game, list(match.players), dict(match.options)
    deals = _listed_deals(match, state, token)
    chart = running_chart(
        state["sides"], [d["delta"] for d in state["deals"]], title=_("Running scores")
    )
    ctx: dict[str, Any] = {
        "match": match,
        "state": state,
        "token": token,
        "editor": token is not None,
        # a tournament table whose round is closed: final, the deal form and edits are gone
        "locked": match_write.locked_reason(get_session(), match.id) if token else None,
        "game": game,
        # which games/<package>/deal.html (a preset may be a game of its own)
        "deal_form": get_game(game, match.preset).form.package,
        "players": players,
        "options": options,
        "rows": _score_rows(state),
        "deals": deals,
        "hidden_deals": len(state["deals"]) - len(deals),
        "chart": Markup(chart),
        "form": form,
        "box": list(box),
        "current": current_game(state),
        "deck": suits.deck_of(game, options),  # the cards the table holds (option deck)
        "suit": lambda s: forms.suit_label(game, s, options.get("deck")),
        "flek_steps": forms.flek_steps(game),  # deal.js: each flek level's name
        "just_created": bool(request.args.get("new")),
        "view_url": public_url("matches.show", match_id=match.id),
        "print_url": _print_url(match),
    }
    if token is not None:
        ctx.update(_edit_links(match, token))
    ctx.update(_form_extras(match, token, form))
    return ctx


def _pb_line(line: Mapping[str, Any]) -> str:
    """One line of a league's PB table as the deal form lists it: "sedma, na 3 trumfy: 7"."""
    if line.get("condition"):
        return _("%(rule)s, %(condition)s: %(n)s", rule=line["rule"], condition=line["condition"],
                 n=line["points"])  # fmt: skip
    return _("%(rule)s: %(n)s", rule=line["rule"], n=line["points"])


def current_game(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """Mariasz: the points of the game in progress toward the target (API.md ``current``)."""
    current = state.get("current")
    game = get_game(state["game"], state.get("preset"))
    if not current or not any(current) or not game.shows_current_game:
        return None
    target = state["options"].get("target", 131)
    number = len(state.get("games") or []) + 1
    return {"number": number, "points": list(current), "target": target}


def _last_dealer(deals: Sequence[Mapping[str, Any]]) -> int | None:
    """The seat that dealt the latest deal naming a dealer, None when none does."""
    dealers = (d["record"].get("dealer") for d in reversed(deals))
    return next((seat for seat in dealers if seat is not None), None)


def preselect(form: Any, state: Mapping[str, Any]) -> None:
    """Mariáš with four: the next dealer (after the last deal's) is preselected."""
    if "dealer" not in form or len(state["players"]) != 4:
        return
    last = _last_dealer(state["deals"])
    form.dealer.data = str(0 if last is None else (last + 1) % len(state["players"]))


def csrf_expired(form: Any) -> bool:
    """Whether the form's CSRF token was refused (too old, or not from this page)."""
    return "csrf_token" in form and bool(form.csrf_token.errors)


def _tampered(form: Any) -> bool:
    """Whether a hidden field came back changed (WTForms refused it)."""
    return any(f.errors for f in form if f.type == "HiddenField")


def wtf_errors(form: Any) -> list[str]:
    """Form-level messages after WTForms refused a submission (CSRF, mostly)."""
    box = [str(m) for m in getattr(form, "form_errors", [])]
    if _tampered(form):
        box.append(_("This form was changed on the way; reload the page and enter it again."))
    if csrf_expired(form):
        box.append(_("This form has expired or did not come from this page; please try again."))
    return box


def _without_removed(declarations: str | None) -> str:
    """The declarations without the one whose Remove button was tapped (``drop``: its place
    in the list; ``pop``, from older pages: the last)."""
    tokens = (declarations or "").split()
    at = forms.to_int(request.form.get("drop", len(tokens) - 1))
    return " ".join(t for i, t in enumerate(tokens) if i != at)


def declaration_tap(form: Any) -> bool:
    """Marianna without JavaScript: a team+suit button (``add``) or a declaration's Remove
    button (``drop``: its place in the list; ``pop``, from older pages: the last) re-shows the
    form."""
    if "declarations" not in form:
        return False
    if "add" in request.form:
        form.declarations.data = add_token(
            form.declarations.data, request.form["add"], form.kind.data
        )
    elif "drop" in request.form or "pop" in request.form:
        form.declarations.data = _without_removed(form.declarations.data)
    else:
        return False
    form.kind.data = form.kind.default  # back to the plain declaration
    return True


def new_match_errors(form: Any, errors: Sequence[FieldError]) -> list[str]:
    """Put create_match's errors (players.1, options.x, stake) next to the new-match fields."""
    box = []
    for error in errors:
        head, _dot, rest = error.field.partition(".")
        name = {"players": f"player_{rest}", "options": f"opt_{rest}"}.get(head, head)
        field = form[name] if name in form else None
        message = rule_messages.render(error.message)
        if field is None:
            box.append(message)
        else:
            field.errors = [*list(field.errors or []), message]
    return box


def _kept_token(match: Any, recent: Sequence[Sequence[Any]], editor: bool) -> str | None:
    """The edit token this device keeps for the match: the match's own for an editor, else
    the one it had before (a spectator's device: none)."""
    if editor:
        return match.token
    return next((r[1] for r in recent if r[0] == match.id), None)


def _remember_players(match: Any, players: Sequence[str]) -> None:
    """Keep the names typed (first, before older ones) and the game's setup for next time."""
    names = [n for n in session.get("names", []) if n not in players]
    session["names"] = [*players, *names][:NAMES]
    setup = dict(session.get("setup", {}))
    setup[match.game] = {
        "players": list(players),
        "stake": match.stake,
        "currency": match.currency,
    }
    session["setup"] = setup


def remember(match: Any, players: Sequence[str] | None, *, editor: bool = True) -> None:
    """Keep the match (and the names typed, and the setup) in this device's cookie.

    A spectator's device keeps the match without its edit token (the cookie is readable);
    a device that once had the edit link keeps it."""
    session.permanent = True
    recent = session.get("recent", [])
    token = _kept_token(match, recent, editor)
    others = [r for r in recent if r[0] != match.id]
    session["recent"] = [[match.id, token], *others][:RECENT]
    if players:
        _remember_players(match, players)


def remembered_setup(game: str, seats: int) -> dict[str, Any]:
    """Initial data of the new-match form: last time's players (and stake) for this game."""
    setup = session.get("setup", {}).get(game, {})
    data = {f"player_{i}": name for i, name in enumerate(setup.get("players", [])[:seats])}
    data["stake"] = setup.get("stake") or ""
    data["currency"] = setup.get("currency") or get_game(game).default_currency
    return data


def recent_matches() -> list[dict[str, Any]]:
    """The matches this device started or opened, newest first, with their scores."""
    out = []
    for match_id, token in session.get("recent", []):
        try:
            match = svc.get_match(session=get_session(), match_id=match_id)
            state = svc.match_state(session=get_session(), match=match)
        except (NotFound, ValueError):
            continue
        out.append(
            {
                "match": match,
                "state": state,
                "token": token,
                "url": url_for("matches.edit", match_id=match_id, token=token)
                if token
                else url_for("matches.show", match_id=match_id),
            }
        )
    return out


ACTIONS = {
    "create": _l("match started"),
    "add": _l("deal added"),
    "edit": _l("deal edited"),
    "delete": _l("deal deleted"),
    "undo": _l("last deal undone"),
    "reopen": _l("match reopened"),
}


def history_rows(match: Any, entries: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Audit entries, newest first, with what the deal said before and after."""
    rows = []
    for entry in reversed(entries):

        def said(record: Any) -> str:
            if not isinstance(record, Mapping) or "finished" in record or "game" in record:
                return ""
            return summarize(match.game, record, match.players, match.options, match.preset)

        rows.append(
            {
                "when": local_datetime(str(entry.get("when", ""))[:19]),
                "iso": str(entry.get("when", ""))[:19] + "Z",
                "action": ACTIONS.get(entry.get("action"), entry.get("action")),
                "n": entry.get("n"),
                "before": said(entry.get("before")),
                "after": said(entry.get("after")),
            }
        )
    return rows
