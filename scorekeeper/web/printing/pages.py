"""Printable pages: the same data as HTML with print CSS and as PDF through scorekeeper.pdf.

Every printable has an HTML view and the same URL with ``.pdf`` that downloads it. Views stay
thin: load the API.md-shaped dict from a service, turn it into a context with
``scorekeeper.printviews`` and render ``templates/print/…``. ``?paper=letter`` switches from the
configured default (A4); ``?large=1`` gives the standings in large type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import (
    Response,
    abort,
    current_app,
    request,
)
from flask_babel import gettext as _

from ...db import get_session
from ...i18n import formats, use_page_language
from ...printing import contexts as printviews
from ...printing.response import css_string, current_paper, respond
from ...rules.registry import GAME_NAMES, get_game
from ...standings_table import category_label
from . import bp

bp.app_template_filter("css_string")(css_string)


def printable(rule: str, endpoint: str) -> Callable:
    """Register a view at ``rule`` (HTML) and ``rule + '.pdf'`` (PDF), passing ``pdf``."""

    def decorator(view: Callable) -> Callable:
        bp.add_url_rule(rule, endpoint, view, defaults={"pdf": False})
        bp.add_url_rule(rule + ".pdf", endpoint + "_pdf", view, defaults={"pdf": True})
        return view

    return decorator


def _flag(name: str) -> bool:
    return request.args.get(name, "").lower() in ("1", "true", "yes", "on")


def _service_call(function: Callable[..., Any], **kwargs: Any) -> Any:
    """Call a service function; its NotFound becomes a 404."""
    from ...services.errors import NotFound

    try:
        return function(session=get_session(), **kwargs)
    except NotFound:
        abort(404)


# ---- tournaments -----------------------------------------------------------------------------


def load_standings(tournament_id: str) -> dict[str, Any]:
    """Standings JSON with its "tournament" dict (services.tournaments.standings)."""
    from ...services import tournaments

    data = _service_call(tournaments.standings, tournament_id=tournament_id)
    use_page_language((data.get("tournament") or {}).get("language"))  # a tournament's sheets
    return data


def _in_category(data: dict[str, Any], category: str) -> dict[str, Any]:
    """The standings ranked within ``category``; 404 when no entrant has it."""
    from ...services.errors import NotFound
    from ...services.tournament_prizes import in_category

    try:
        return in_category(data, category)
    except NotFound:
        abort(404)


@printable("/tournaments/<tournament_id>/print/standings", "standings")
def standings(tournament_id: str, pdf: bool) -> Response | str:
    """The standings sheet for the wall."""
    data = load_standings(tournament_id)
    category = request.args.get("category")
    if category:
        data = _in_category(data, category)
    context = printviews.standings_context(data, large=_flag("large"), page=current_paper())
    context["category_name"] = category_label(context.get("category"))
    name = context["tournament"].get("name", "")
    return respond(
        "print/standings.html",
        context,
        pdf=pdf,
        filename=_("standings"),
        footer=f"{name} · {context['subtitle']}",
    )


bp.add_url_rule(
    "/tournaments/<tournament_id>/standings.pdf",
    "standings_sheet_pdf",
    standings,
    defaults={"pdf": True},
)


def _tournament_round(tournament_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(tournament state, the round asked for by ?round=, else the latest); 404 if none."""
    from ...services import tournaments

    state = _service_call(tournaments.tournament_state, tournament_id=tournament_id)
    use_page_language(state.get("language"))  # a tournament's sheets in its language
    return state, _round_asked(state.get("rounds") or [])


def _round_asked(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """The round ?round= asks for, else the latest; 404 when there is none."""
    wanted = request.args.get("round", type=int)
    chosen = [r for r in rounds if r.get("round") == wanted] if wanted else rounds[-1:]
    if not chosen:
        abort(404)
    return chosen[0]


def _is_organiser(state: dict[str, Any]) -> bool:
    """The organiser's token (?token= or a bearer header), or a logged-in organiser running it."""
    from ...services import tournaments
    from ...services.tournament_common import get_tournament
    from ..auth import is_organiser

    tournament = get_tournament(session=get_session(), tournament_id=state["id"])
    token = _token()
    if token and tournaments.check_token(tournament, token):
        return True
    return is_organiser(tournament)


def _token() -> str | None:
    """The organiser's token: ?token=, else a bearer header's."""
    header = request.headers.get("Authorization", "")
    return request.args.get("token") or header.removeprefix("Bearer ").strip() or None


def _event(state: dict[str, Any]) -> dict[str, Any]:
    return {k: state.get(k) for k in ("name", "venue", "date", "rounds_planned", "game")}


@printable("/tournaments/<tournament_id>/print/seating", "seating")
def seating(tournament_id: str, pdf: bool) -> Response | str:
    """Who sits where in a round: by name and by table (?by=name|table|both)."""
    state, round_ = _tournament_round(tournament_id)
    context = printviews.seating_context(round_, large=_flag("large"), page=current_paper())
    by = request.args.get("by", "both")
    context.update(tournament=_event(state), by=by if by in ("name", "table") else "both")
    return respond(
        "print/seating.html",
        context,
        pdf=pdf,
        filename=_("seating-round-%(n)s", n=context["round"]),
        footer=f"{state.get('name', '')} · {_('Round %(n)s', n=context['round'])}",
    )


@printable("/tournaments/<tournament_id>/print/tickets", "tickets")
def tickets(tournament_id: str, pdf: bool) -> Response | str:
    """One ticket per table with the QR code of its entry link (organiser only: it is secret)."""
    state, round_ = _tournament_round(tournament_id)
    if not _is_organiser(state):
        abort(403)

    table_of = {row["match_id"]: row["table"] for row in round_.get("tables", [])}

    def entry_url(match_id: str, token: str) -> str:
        # The table's own page: deal entry (the match page) and the confirm button.
        base = current_app.config.get("PUBLIC_URL") or request.url_root  # the laptop's name
        # the tournaments blueprint's table route (a plain path: sheets also render stand-alone)
        path = f"/tournaments/{tournament_id}/table/{round_['round']}/{table_of[match_id]}/{token}"
        return base.rstrip("/") + path

    context = printviews.tickets_context(round_, entry_url=entry_url)
    context["tournament"] = _event(state)
    return respond(
        "print/tickets.html",
        context,
        pdf=pdf,
        filename=_("tickets-round-%(n)s", n=context["round"]),
        footer=f"{state.get('name', '')} · {_('Round %(n)s', n=context['round'])}",
    )


@printable("/tournaments/<tournament_id>/print/crosstable", "crosstable")
def crosstable(tournament_id: str, pdf: bool) -> Response | str:
    """Who met whom in each round, each result, the byes marked (API.md v3 crosstable)."""
    from ...printing.crosstable import crosstable_context
    from ...services import tournaments

    document = _service_call(tournaments.crosstable, tournament_id=tournament_id)
    tournament = document.get("tournament") or {}
    use_page_language(tournament.get("language"))  # a tournament's sheets in its language
    context = crosstable_context(document, page=current_paper())
    return respond(
        "print/crosstable.html",
        context,
        pdf=pdf,
        filename=_("crosstable"),
        footer=f"{tournament.get('name', '')} · {_('Crosstable')} · {context['subtitle']}",
    )


@printable("/tournaments/<tournament_id>/print/certificates", "certificates")
def certificates(tournament_id: str, pdf: bool) -> Response | str:
    """Certificates for the places with a prize (?places=N), the whole field's or a category's
    (?category=women); a shared rank's places follow the lot, which the certificate names."""
    data = load_standings(tournament_id)
    category = request.args.get("category") or ""
    if category:
        data = _in_category(data, category)
    places = request.args.get("places", type=int)
    context = printviews.certificates_context(
        data,
        places=min(max(places, 1), 50) if places else None,
        category=category_label(data.get("category")),
    )
    context.update(landscape=True, no_footer=True)
    return respond("print/certificates.html", context, pdf=pdf, filename=_("certificates"))


# ---- blank score sheets and match records ---------------------------------------------------


def _sheet_preset(game: str, tournament: dict[str, Any]) -> str | None:
    """The preset a sheet is for (``?preset=``, else the tournament's): one that is a game of
    its own (licitovaný mariáš) has its own columns; 404 for a preset the game does not have."""
    preset = request.args.get("preset") or tournament.get("preset")
    if preset is not None and preset not in get_game(game).presets:
        abort(404)
    return preset


@printable("/sheets/<game>", "sheet")
def sheet(game: str, pdf: bool) -> Response | str:
    """A blank paper score sheet, optionally with names (?players=Jana,Petr,Ota or a table)."""
    if game not in GAME_NAMES:
        abort(404)
    heading = _sheet_for(request.args.get("tournament"))
    context = printviews.score_sheet_context(
        game,
        heading.players,
        page=current_paper(),
        seats=request.args.get("seats", type=int),
        preset=_sheet_preset(game, heading.state),
    )
    context["event"] = heading.event
    return respond(
        "print/sheet.html",
        context,
        pdf=pdf,
        filename=_("score-sheet-%(game)s", game=game),
        footer=context["title"],
    )


@dataclass
class _SheetFor:
    """Whom a score sheet is for: the names at its head, the event line above them (None:
    no event) and the tournament's state (empty: no tournament)."""

    players: list[str]
    event: dict[str, Any] | None = None
    state: dict[str, Any] = field(default_factory=dict)


def _sheet_for(tournament_id: str | None) -> _SheetFor:
    """A table's sheet (?tournament= and ?table=), a blank sheet of an event (?tournament=),
    or a plain one; the names typed in ?players= unless a table's seats give them."""
    table = request.args.get("table", type=int)
    if tournament_id and table:
        return _table_sheet(tournament_id, table)
    if tournament_id:
        return _event_sheet(tournament_id)
    return _SheetFor(_typed_players())


def _typed_players() -> list[str]:
    """The names in ?players=Jana,Petr,Ota (empty ones left out)."""
    return [p for p in request.args.get("players", "").split(",") if p.strip()]


def _event_sheet(tournament_id: str) -> _SheetFor:
    """A blank sheet of an event, in its language: its name and stake above the typed names."""
    state = _service_call(_state_of, tournament_id=tournament_id)
    use_page_language(state.get("language"))
    return _SheetFor(_typed_players(), _with_stake({"name": state.get("name")}, state), state)


def _table_sheet(tournament_id: str, wanted: int) -> _SheetFor:
    """A tournament table's sheet: its seats' names under the event, round and table."""
    state, round_ = _tournament_round(tournament_id)
    table = _table_in(round_, wanted)
    players = list(table.get("seats") or table.get("players") or [])
    event = {"name": state.get("name"), "round": round_.get("round"), "table": wanted}
    return _SheetFor(players, _with_stake(event, state), state)


def _table_in(round_: dict[str, Any], wanted: int) -> dict[str, Any]:
    """Table ``wanted`` of the round; 404 when the round has none such."""
    for table in round_.get("tables") or []:
        if table.get("table") == wanted:
            return table
    abort(404)


def _with_stake(event: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The event line with the tournament's stake, when it plays for money (every table does)."""
    if state.get("stake"):
        event["stake"] = formats.money(state["stake"], state.get("currency"))
    return event


def _state_of(*, session: Any, tournament_id: str) -> dict[str, Any]:
    from ...services import tournaments

    return tournaments.tournament_state(session=session, tournament_id=tournament_id)


def load_match_state(match_id: str) -> dict[str, Any]:
    """API.md match state (services.matches); 404 for an unknown id."""
    from ...services import matches
    from ..deal_words import with_names

    match = _service_call(matches.get_match, match_id=match_id)
    state = dict(matches.match_state(session=get_session(), match=match))
    # each deal as the match page shows it: who declared what, and names instead of seats
    state["deals"] = [with_names(match, state, deal) for deal in state["deals"]]
    state["tournament_table"] = tournament_table_result(match_id)
    return state


def tournament_table_result(match_id: str) -> dict[str, Any] | None:
    """For a tournament table's match: the event, round, table and whether its result is
    confirmed (a table's match never "finishes": the round ends it). None for casual matches."""
    from ...services import tournaments

    session = get_session()
    found = tournaments.table_of_match(session=session, match_id=match_id)
    if found is None:
        return None
    tournament_id, r, t = found
    event = tournaments.get_tournament(session=session, tournament_id=tournament_id)
    one = tournaments.tournament_table(session=session, tournament_id=event.id, round=r, table=t)
    table = one["tables"][0]  # only this table is scored, not the whole tournament
    return {
        "event": event.name,
        "round": r,
        "table": t,
        "confirmed": table["confirmed"],
        "confirmed_by": table.get("confirmed_by"),
        "source": table.get("source"),
        "scores": table.get("scores"),
    }


@printable("/m/<match_id>/record", "record")
def record(match_id: str, pdf: bool) -> Response | str:
    """A casual match's record: every deal with its explanation, the scores, winner and chart."""
    state = load_match_state(match_id)
    context = printviews.match_record_context(state)
    context["table_result"] = state.get("tournament_table")
    return respond(
        "print/record.html",
        context,
        pdf=pdf,
        filename=_("match-record"),
        footer=context["title"] or " · ".join(context["players"]),
    )
