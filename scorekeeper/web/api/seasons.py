"""JSON API v1 for seasons and the roster (API.md v2 "Seasons and the roster").

``POST /api/v1/seasons`` answers the season and its ``token``; the season table, roster search
and player pages are open to anyone holding the id. Errors as everywhere in the API.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _

from ...db import get_session
from ...rules.base import RuleError
from ...services import tournament_roster as roster
from ...services import tournament_seasons as seasons
from .answers import body, install, json_errors

bp = Blueprint("api_seasons", __name__, url_prefix="/api/v1")
install(bp)  # any error no view answers: JSON, never HTML


@bp.post("/seasons")
@json_errors
def create():
    """A new season (RULES.md §6a): 201 with the season and its token."""
    data = body()
    fields = {k: data[k] for k in ("scoring", "best_n", "top", "seed") if k in data}
    fields["name"] = data.get("name")  # none: a 422 naming the field
    if "scoring" in fields and not isinstance(fields["scoring"], str):
        raise RuleError("scoring", _("Choose sum or placing_points."))
    season = seasons.create_season(session=get_session(), **fields)
    return jsonify({**seasons.season_json(season), "token": season.token}), 201


@bp.get("/seasons/<season_id>/table")
@json_errors
def table(season_id: str):
    """The league table: rows with rank, place, player_id, player, total, evenings, results."""
    return jsonify(seasons.season_table(get_session(), season_id))


@bp.get("/seasons/<season_id>/players")
@json_errors
def players(season_id: str):
    """Roster players whose name holds ``q``."""
    session = get_session()
    season = seasons.get_season(session, season_id)
    owner = (
        {"organiser_id": season.organiser_id}
        if season.organiser_id is not None
        else {"season_id": season.id}
    )
    q = request.args.get("q", "")[:80]
    found = roster.search(session, owner, q)
    return jsonify({"players": [{"id": p.id, "name": p.name} for p in found]})


@bp.get("/players/<player_id>")
@json_errors
def player(player_id: str):
    """A roster player: rating and every evening with place and total."""
    return jsonify(seasons.player_json(get_session(), player_id))
