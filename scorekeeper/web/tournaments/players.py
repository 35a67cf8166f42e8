"""Tournaments (HTML), the organiser's entrant pages: add one or a pasted list, fix a name,
withdraw, reinstate, keep-apart pairs. Routes hang on the ``tournaments`` blueprint.
"""

from __future__ import annotations

from typing import Any

from flask import flash, request
from flask_babel import gettext as _

from ...db import get_session
from ...services import tournaments as svc
from ..auth import login_required
from . import bp
from .helpers import act, actor, attempt, back
from .pages import desk


@bp.post("/<tournament_id>/players")
@login_required
def add_player(tournament_id: str):
    """Register one player (or team)."""
    name = request.form.get("name", "")
    return act_or_refuse(
        tournament_id,
        "add",
        name,
        lambda: svc.add_player(
            session=get_session(), tournament_id=tournament_id, name=name, actor=actor()
        ),
        _("%(name)s registered.", name=" ".join(name.split())),
    )


@bp.post("/<tournament_id>/players/paste")
@login_required
def paste_players(tournament_id: str):
    """Register a pasted list."""
    text = request.form.get("names", "")
    return act_or_refuse(
        tournament_id,
        "paste",
        text,
        lambda: svc.add_players(
            session=get_session(), tournament_id=tournament_id, text=text, actor=actor()
        ),
        _("Players registered."),
    )


@bp.post("/<tournament_id>/players/<player_id>/rename")
@login_required
def rename_player(tournament_id: str, player_id: str):
    """Fix a typo in a name."""
    name = request.form.get("name", "")
    return act_or_refuse(
        tournament_id,
        "rename",
        name,
        lambda: svc.rename_player(
            session=get_session(),
            tournament_id=tournament_id,
            player_id=player_id,
            name=name,
            actor=actor(),
        ),
        _("Name corrected."),
        player_id=player_id,
    )


@bp.post("/<tournament_id>/players/<player_id>/withdraw")
@login_required
def withdraw_player(tournament_id: str, player_id: str):
    """Withdraw from the next round on."""
    return act(
        tournament_id,
        lambda: svc.withdraw_player(
            session=get_session(), tournament_id=tournament_id, player_id=player_id, actor=actor()
        ),
        _("Withdrawn from the next round on."),
        "#players",
    )


@bp.post("/<tournament_id>/players/<player_id>/reinstate")
@login_required
def reinstate_player(tournament_id: str, player_id: str):
    """Undo a withdrawal."""
    return act(
        tournament_id,
        lambda: svc.reinstate_player(
            session=get_session(), tournament_id=tournament_id, player_id=player_id, actor=actor()
        ),
        _("Back in the draw."),
        "#players",
    )


@bp.post("/<tournament_id>/keep-apart")
@login_required
def keep_apart(tournament_id: str):
    """Name two players to seat apart."""
    a, b = request.form.get("a", ""), request.form.get("b", "")
    return act(
        tournament_id,
        lambda: svc.add_keep_apart(
            session=get_session(), tournament_id=tournament_id, a_id=a, b_id=b, actor=actor()
        ),
        _("The draw will keep them apart."),
        "#players",
    )


@bp.post("/<tournament_id>/keep-apart/<int:pair_id>/delete")
@login_required
def drop_keep_apart(tournament_id: str, pair_id: int):
    """Forget a keep-apart pair."""
    return act(
        tournament_id,
        lambda: svc.remove_keep_apart(
            session=get_session(), tournament_id=tournament_id, pair_id=pair_id, actor=actor()
        ),
        "",
        "#players",
    )


def act_or_refuse(tournament_id: str, kind: str, value: str, change: Any, done: str, **more: Any):
    """Run an entrant change; if refused, show the desk again with the errors beside the form
    and the text as typed (nothing is stored)."""
    if messages := attempt(tournament_id, change):
        return desk(tournament_id, 422, **{kind: {"value": value, "errors": messages, **more}})
    flash(done, "ok")
    return back(tournament_id, "#players")
