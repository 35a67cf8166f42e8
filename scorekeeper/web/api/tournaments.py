"""JSON API v1 for tournaments (docs/api.md): the field names there are the contract.

Reads are open to anyone holding the id (table tokens are shown only to the organiser).
Changes need ``Authorization: Bearer <organiser token>``; a table's confirmation also accepts
that table's own token. Errors: 401/403/404/409/422 with ``{"errors": [...]}``, never a 500.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask_babel import gettext as _

from ...db import get_session
from ...rules.base import RuleError
from ...services import tournaments as svc
from ...services.errors import Forbidden
from ..security import tokens_equal
from .answers import Unauthorised, body, install, json_errors, optional_body

bp = Blueprint("api_tournaments", __name__, url_prefix="/api/v1/tournaments")
install(bp)  # any error no view answers: JSON, never HTML

CREATE_FIELDS = (
    "name",
    "game",
    "preset",
    "options",
    "players",
    "rounds",
    "table_size",
    "ranking",
    "seed",
    "venue",
    "date",
    "round_minutes",
    "deals_per_round",
    "stake",
    "currency",
    "draw_method",
    "drop_rounds",
    "seeding",
    "language",
    "season_id",
    "tiebreaks",
    "fee",
    "payout",
    "club_best_n",
    "format",
    "parts",
)

#: the fields ``create`` takes as text only, in the order they are checked
TEXT_FIELDS = (
    "name", "game", "venue", "date", "currency", "preset", "stake",
    "drop_rounds", "seeding", "language", "season_id", "format",
)  # fmt: skip


def _bearer() -> str:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer ") or not header[7:].strip():
        raise Unauthorised(
            _("Send the organiser's token: Authorization: Bearer <token>."), field="token"
        )
    return header[7:].strip()


def _organiser(tournament_id: str):  # noqa: ANN202
    tournament = svc.get_tournament(session=get_session(), tournament_id=tournament_id)
    if not svc.check_token(tournament, _bearer()):
        raise Forbidden(_("This token does not open this tournament."), field="token")
    return tournament


def _public(state: dict[str, Any]) -> dict[str, Any]:
    for rnd in state["rounds"]:
        for table in rnd["tables"]:
            table.pop("token", None)
    return state


@bp.post("")
@json_errors
def create():
    """Create a tournament: 201 with its state and the organiser's token."""
    data = body()
    args = {k: data[k] for k in CREATE_FIELDS if k in data}
    _check_types(args)
    session = get_session()
    args.setdefault("name", "")
    args.setdefault("game", "")
    _check_season(session, args)
    tournament = svc.create_tournament(session=session, **args)
    state = svc.tournament_state(session=session, tournament_id=tournament.id)
    state["token"] = tournament.token
    return jsonify(state), 201


def _check_types(args: dict[str, Any]) -> None:
    """RuleError for a field sent as the wrong JSON type (the players a list, the options an
    object, the text fields text)."""
    if not isinstance(args.get("players", []), list):
        raise RuleError("players", _("List the players' names."))
    if not isinstance(args.get("options", {}), dict):
        raise RuleError("options", _("Options must be a JSON object."))
    _check_text(args)


def _check_text(args: dict[str, Any]) -> None:
    """RuleError for the first text field that is not text."""
    for key in TEXT_FIELDS:
        if key in args and not isinstance(args[key], str):
            raise RuleError(key, _("Send this as text."))


def _check_season(session: Any, args: dict[str, Any]) -> None:
    """API.md v2: an evening of a season needs the season's token (Forbidden otherwise)."""
    if "season_id" not in args:
        return
    from ...services import tournament_seasons

    season = tournament_seasons.get_season(session, args["season_id"])
    if not tokens_equal(season.token, _bearer()):
        raise Forbidden(_("This token does not open this season."), field="token")


@bp.get("/<tournament_id>")
@json_errors
def show(tournament_id: str):
    """The tournament's state; table tokens only for the organiser's bearer token."""
    session = get_session()
    state = svc.tournament_state(session=session, tournament_id=tournament_id)
    header = request.headers.get("Authorization", "")
    tournament = svc.get_tournament(session=session, tournament_id=tournament_id)
    if header.startswith("Bearer ") and svc.check_token(tournament, header[7:].strip()):
        return jsonify(state)
    return jsonify(_public(state))


def _player_json(player: Any) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "active": player.withdrawn_after is None,
        "members": player.members,
        "withdrawn_after": player.withdrawn_after,
        "absent_rounds": list(player.absent_rounds or []),
    }


@bp.post("/<tournament_id>/players")
@json_errors
def add_player(tournament_id: str):
    """A late entry (plays from the next draw): 201 with the player."""
    _organiser(tournament_id)
    data = body()
    name, members = data.get("name"), data.get("members")
    if not isinstance(name, str) and members is None:
        raise RuleError("name", _("Enter a name."))
    player = svc.add_player(
        session=get_session(),
        tournament_id=tournament_id,
        name=name or "",
        members=members,
        actor="organiser (API)",
    )
    return jsonify(_player_json(player)), 201


@bp.delete("/<tournament_id>/players/<player_id>")
@json_errors
def withdraw(tournament_id: str, player_id: str):
    """Withdraw a player from the next round on."""
    _organiser(tournament_id)
    player = svc.withdraw_player(
        session=get_session(),
        tournament_id=tournament_id,
        player_id=player_id,
        actor="organiser (API)",
    )
    return jsonify(_player_json(player))


@bp.put("/<tournament_id>/players/<player_id>/absent")
@json_errors
def absent(tournament_id: str, player_id: str):
    """Per-round availability: ``{"rounds": [3]}`` keeps the player out of those rounds' draws
    without withdrawing them (the list replaces the one before; ``[]`` clears it)."""
    _organiser(tournament_id)
    data = body()
    if "rounds" not in data:
        raise RuleError("rounds", _("List the round numbers, e.g. [3]."))
    player = svc.set_absent(
        session=get_session(),
        tournament_id=tournament_id,
        player_id=player_id,
        rounds=data["rounds"],
        actor="organiser (API)",
    )
    return jsonify(_player_json(player))


@bp.post("/<tournament_id>/rounds")
@json_errors
def draw(tournament_id: str):
    """Draw and start the next round (closing the current one if all its tables are confirmed);
    ``"start": false`` draws it only, so that its draw can be changed before ``…/start``."""
    _organiser(tournament_id)
    data = optional_body()
    start = data.get("start", True)
    if not isinstance(start, bool):
        raise RuleError("start", _("Say true or false."))
    answer = svc.draw_next_round(
        session=get_session(),
        tournament_id=tournament_id,
        seed=data.get("seed"),
        actor="organiser (API)",
        start=start,
    )
    return jsonify(answer), 201


@bp.post("/<tournament_id>/rounds/<int:r>/start")
@json_errors
def start(tournament_id: str, r: int):
    """Start a round drawn with ``"start": false`` (409 once started); answers the round."""
    _organiser(tournament_id)
    session = get_session()
    svc.start_round(session=session, tournament_id=tournament_id, number=r, actor="organiser (API)")
    return jsonify(svc.round_draw(session=session, tournament_id=tournament_id, number=r))


@bp.patch("/<tournament_id>/rounds/<int:r>")
@json_errors
def edit_draw(tournament_id: str, r: int):
    """Change a drawn round before it starts: ``{"swap": [id, id]}`` or ``{"move": id,
    "table": 4}``; answers the new draw with its ``repeats`` (409 once the round has started)."""
    _organiser(tournament_id)
    data = body()
    answer = svc.edit_draw(
        session=get_session(),
        tournament_id=tournament_id,
        number=r,
        swap=data.get("swap"),
        move=data.get("move"),
        table=data.get("table"),
        actor="organiser (API)",
    )
    return jsonify(answer)


@bp.post("/<tournament_id>/rounds/<int:r>/close")
@json_errors
def close(tournament_id: str, r: int):
    """Close a round, the last one too (unconfirmed tables count once someone confirms them);
    answers the round as the tournament's state shows it."""
    _organiser(tournament_id)
    session = get_session()
    svc.close_round(session=session, tournament_id=tournament_id, number=r,
                    actor="organiser (API)")  # fmt: skip
    state = svc.tournament_state(session=session, tournament_id=tournament_id)
    return jsonify(next(rnd for rnd in state["rounds"] if rnd["round"] == r))


@bp.get("/<tournament_id>/crosstable")
@json_errors
def crosstable(tournament_id: str):
    """Who met whom in each round, with each result and the byes marked (API.md v3); ``ETag``
    as the standings (304 while unchanged)."""
    session = get_session()
    etag = svc.standings_etag(session=session, tournament_id=tournament_id)
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    etag = svc.standings_etag(session=session, tournament_id=tournament_id, fresh=True)
    response = jsonify(svc.crosstable(session=session, tournament_id=tournament_id))
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


def _table_json(r: Any, t: Any, result: dict[str, Any], league: bool = False) -> dict[str, Any]:
    """A table's result as the API answers it (a league evening's with its PB)."""
    return {
        "round": int(r),
        "table": int(t),
        "scores": result["scores"],
        "source": result["source"],
        "confirmed": result["confirmed"],
        "status": result["status"],
        "confirmed_by": result["confirmed_by"],
        **({"pb": result["pb"]} if league else {}),
    }


@bp.put("/<tournament_id>/rounds/<int:r>/tables/<int:t>/result")
@json_errors
def result(tournament_id: str, r: int, t: int):
    """The organiser enters a table's figures from its paper sheet (one per seat); figures
    unusual for the table (docs/api.md) are a 422 unless ``"confirm_figures": true``."""
    tournament = _organiser(tournament_id)
    data = body()
    if "scores" not in data:
        raise RuleError("scores", _("Enter one figure for each seat."))
    confirm_figures = data.get("confirm_figures", False)
    if not isinstance(confirm_figures, bool):
        raise RuleError("confirm_figures", _("Say true or false."))
    answer = svc.set_manual_result(
        session=get_session(),
        tournament_id=tournament_id,
        round=r,
        table=t,
        scores=data["scores"],
        actor="organiser (API)",
        confirm_figures=confirm_figures,  # docs/api.md: unusual figures, stored when confirmed
        pb=data.get("pb"),  # a league evening's premium points per seat (RULES.md §6b)
    )
    return jsonify(_table_json(r, t, answer, svc.common.is_league(tournament)))


@bp.post("/<tournament_id>/rounds/<int:r>/tables/<int:t>/confirm")
@json_errors
def confirm(tournament_id: str, r: int, t: int):
    """A second player at the table (table token) or the organiser confirms its result."""
    session = get_session()
    tournament = svc.get_tournament(session=session, tournament_id=tournament_id)
    token = _bearer()
    by = optional_body().get("by")
    by = by if isinstance(by, str) else None
    organiser = svc.check_token(tournament, token)
    answer = svc.confirm_table(
        session=session,
        tournament_id=tournament_id,
        round=r,
        table=t,
        token=token,
        organiser=organiser,
        by=by,
    )
    return jsonify(_table_json(r, t, answer, svc.common.is_league(tournament)))


@bp.get("/<tournament_id>/standings")
@json_errors
def standings(tournament_id: str):
    """Standings over confirmed tables; tied rows share a rank. ``ETag``; 304 while unchanged.
    ``?category=women``: that category ranked alone (API.md v3)."""
    session = get_session()
    etag = svc.standings_etag(session=session, tournament_id=tournament_id)
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    etag = svc.standings_etag(session=session, tournament_id=tournament_id, fresh=True)
    document = svc.standings(session=session, tournament_id=tournament_id)
    if request.args.get("category"):
        from ...services.tournament_prizes import in_category

        document = in_category(document, request.args["category"])
    response = jsonify(document)
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response
