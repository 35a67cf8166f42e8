"""JSON API v1, league evenings (docs/api.md, API.md v3, RULES.md §6b): the league's PB table
and BP key sent as CSV.

``PUT /api/v1/tournaments/{id}/pb-table`` (rule, condition, points) and ``…/bp-key`` (players
from, players to, points for places 1, 2, …) take the CSV as the request's body (any text type;
an empty body clears the table) and answer the table as stored. A bad line is a 422 naming it
(``"field": "bp_key.3"``: line 3) with its reason; nothing of the table is taken. Routes hang on
the tournaments API blueprint; they need the organiser's bearer token.
"""

from __future__ import annotations

from flask import jsonify, request
from flask_babel import gettext as _

from ...db import get_session
from ...rules.base import RuleError
from ...services import tournament_league as league
from ..security import text_trouble
from .answers import json_errors
from .tournaments import _organiser, bp

ACTOR = "organiser (API)"


def _csv(field: str) -> str:
    """The request's body as text (UTF-8; a byte-order mark is dropped)."""
    raw = request.get_data(cache=True)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RuleError(field, _("Send the table as CSV text in UTF-8.")) from None
    trouble = text_trouble(text)
    if trouble:
        raise RuleError(field, trouble)
    return text


@bp.put("/<tournament_id>/pb-table")
@json_errors
def pb_table(tournament_id: str):
    """Load the league's premium-point table: ``{"pb_table": [{"rule", "condition",
    "points"}, …]}``."""
    _organiser(tournament_id)
    lines = league.set_pb_table(
        session=get_session(), tournament_id=tournament_id, text=_csv("pb_table"), actor=ACTOR
    )
    return jsonify({"pb_table": lines})


@bp.put("/<tournament_id>/bp-key")
@json_errors
def bp_key(tournament_id: str):
    """Load the league's BP key: ``{"bp_key": [{"players_from", "players_to", "points"}, …]}``."""
    _organiser(tournament_id)
    lines = league.set_bp_key(
        session=get_session(), tournament_id=tournament_id, text=_csv("bp_key"), actor=ACTOR
    )
    return jsonify({"bp_key": lines})
