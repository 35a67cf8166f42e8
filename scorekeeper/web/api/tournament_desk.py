"""JSON API v1, the organiser's desk (docs/api.md, API.md v3): a tournament's settings (the
tie-breaks before round 1, fee, payout, the club table's best N), an entrant's categories and
club, the club table and the payout per place.

Routes hang on the tournaments API blueprint (``api_tournaments``); changes need the organiser's
bearer token, reads are open to anyone holding the id.
"""

from __future__ import annotations

from flask import jsonify
from flask_babel import gettext as _

from ...db import get_session
from ...rules.base import RuleError
from ...services import tournament_prizes as prizes
from ...services import tournament_settings as settings
from .answers import body, json_errors
from .tournaments import _organiser, bp

SETTINGS = ("tiebreaks", "fee", "payout", "club_best_n")
ACTOR = "organiser (API)"


@bp.patch("/<tournament_id>")
@json_errors
def change_settings(tournament_id: str):
    """Change the tie-breaks (before round 1 is drawn), fee, payout or club_best_n."""
    _organiser(tournament_id)
    data = body()
    changes = {k: data[k] for k in SETTINGS if k in data}
    unknown = sorted(set(data) - set(SETTINGS))
    if unknown:
        keys = ", ".join(SETTINGS)
        raise RuleError(unknown[0], _("Only these settings change here: %(keys)s.", keys=keys))
    answer = settings.update_settings(
        session=get_session(), tournament_id=tournament_id, actor=ACTOR, **changes
    )
    return jsonify(answer)


@bp.patch("/<tournament_id>/players/<player_id>")
@json_errors
def player_details(tournament_id: str, player_id: str):
    """An entrant's ``categories`` and ``club`` (either or both)."""
    _organiser(tournament_id)
    data = body()
    changes = {k: data[k] for k in ("categories", "club") if k in data}
    player = settings.set_player_details(
        session=get_session(),
        tournament_id=tournament_id,
        player_id=player_id,
        actor=ACTOR,
        **changes,
    )
    return jsonify({"id": player.id, "name": player.name, **settings.player_details(player)})


@bp.get("/<tournament_id>/clubs")
@json_errors
def clubs(tournament_id: str):
    """The club table: each club's best ``club_best_n`` players."""
    return jsonify(prizes.clubs(session=get_session(), tournament_id=tournament_id))


@bp.get("/<tournament_id>/payouts")
@json_errors
def payouts(tournament_id: str):
    """The pool (fee × entrants) and the amount per paid place."""
    return jsonify(prizes.payouts(session=get_session(), tournament_id=tournament_id))
