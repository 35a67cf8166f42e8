"""Tournaments (HTML), the organiser's hand on a draw: swap two players or move one to another
table before the round starts (the repeat count follows), and the rounds an entrant sits out
without withdrawing. Routes hang on the ``tournaments`` blueprint; login and CSRF as every
organiser page.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ...db import get_session
from ...i18n.rule_messages import render
from ...rules.base import RuleError
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ..auth import login_required
from . import bp, forms
from .helpers import act, actor, organised


@bp.route("/<tournament_id>/rounds/<int:r>/edit", methods=["GET", "POST"])
@login_required
def edit_draw(tournament_id: str, r: int):
    """A drawn round's tables with a form to swap two players and one to move a player."""
    tournament = organised(tournament_id)
    form = forms.ActionForm()
    errors: dict[str, str] = {}
    status = 200
    if form.validate_on_submit():
        refused = _edit(tournament.id, r)
        if refused is None:
            flash(_("Draw changed."), "ok")
            return redirect(url_for("tournaments.edit_draw", tournament_id=tournament.id, r=r))
        errors, status = refused
    elif request.method == "POST":
        abort(400)
    draw = _draw_or_404(tournament.id, r)
    page = render_template(
        "tournaments/draw_edit.html",
        tournament=tournament,
        draw=draw,
        errors=errors,
        form=form,
        left_out=_left_out(tournament.id, draw),
        picked=request.form,
    )
    return page, status


def _edit(tournament_id: str, r: int) -> tuple[dict[str, str], int] | None:
    """Make the change the form asks for; None once made, else the refusals by field and the
    status (422: the change is wrong, 409: the round can no longer change)."""
    db = get_session()
    change = _change(request.form)
    try:
        svc.edit_draw(session=db, tournament_id=tournament_id, number=r, actor=actor(),
                      **change)  # fmt: skip
    except RuleError as error:
        db.rollback()
        return {e.field: render(e.message) for e in error.errors}, 422
    except ServiceError as error:
        db.rollback()
        return {"round": render(error.message)}, 409
    return None


def _draw_or_404(tournament_id: str, r: int) -> dict[str, Any]:
    """Round ``r``'s draw (404 when there is no such round)."""
    try:
        return svc.round_draw(session=get_session(), tournament_id=tournament_id, number=r)
    except ServiceError:
        abort(404)


def _change(data: Any) -> dict[str, Any]:
    """The service's arguments from the form: ``swap`` (two players) or ``move`` and ``table``."""
    if data.get("action") == "move":
        return {"move": data.get("move", ""), "table": data.get("table", "")}
    return {"swap": [data.get("a", ""), data.get("b", "")]}


def _left_out(tournament_id: str, draw: dict[str, Any]) -> list[dict[str, str]]:
    """Entrants still in the tournament whom this draw does not seat (a late arrival, someone
    back from an absence), for the move form."""
    state = svc.tournament_state(session=get_session(), tournament_id=tournament_id)
    seated = _seated(draw)
    return [
        {"id": p["id"], "name": p["name"]}
        for p in state["players"]
        if p["id"] not in seated and _plays(p, draw["round"])
    ]


def _seated(draw: dict[str, Any]) -> set[str]:
    """The players a draw seats at its tables."""
    return {pid for t in draw["tables"] for pid in t["player_ids"]}


def _plays(player: dict[str, Any], number: int) -> bool:
    """Whether an entrant is still in the tournament for round ``number``."""
    return player["withdrawn_after"] is None or player["withdrawn_after"] >= number


@bp.post("/<tournament_id>/absent")
@login_required
def absent(tournament_id: str):
    """A player's rounds away still to come: the rounds ticked replace them (the rounds already
    drawn keep theirs)."""
    tournament = organised(tournament_id)
    state = svc.tournament_state(session=get_session(), tournament_id=tournament.id)
    drawn = len(state["rounds"])
    player_id = request.form.get("player", "")
    away = _player(state, player_id).get("absent_rounds", [])
    kept = [n for n in away if n <= drawn]
    ticked = [n for n in _numbers(",".join(request.form.getlist("rounds"))) if n > drawn]
    return act(
        tournament_id,
        lambda: svc.set_absent(
            session=get_session(),
            tournament_id=tournament_id,
            player_id=player_id,
            rounds=kept + ticked,
            actor=actor(),
        ),
        _("Rounds away saved."),
        "#players",
    )


def _player(state: dict[str, Any], player_id: str) -> dict[str, Any]:
    """The entrant with ``player_id`` (an empty one when there is none)."""
    return next((p for p in state["players"] if p["id"] == player_id), {})


def _numbers(text: str) -> list[int]:
    """Whole numbers in a comma-separated form value (anything else is left out)."""
    parts = (part.strip() for part in text.split(","))
    return [int(part) for part in parts if _is_number(part)]


def _is_number(part: str) -> bool:
    """Whether ``part`` is a round number: ASCII digits ("²" is a digit to ``isdigit`` but no
    number), a few of them at most."""
    return part.isascii() and part.isdigit() and len(part) <= 6
