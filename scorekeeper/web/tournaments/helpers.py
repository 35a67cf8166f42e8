"""What the tournament views share: the tournament (or a round's table) or 404, the organiser's
check, the payout beside the standings, running a change with its refusals flashed, and the way
back to the desk."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, url_for

from ...db import get_session
from ...i18n.rule_messages import render
from ...rules.base import RuleError
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ..auth import current_organiser, is_organiser
from . import forms


def actor() -> str:
    organiser = current_organiser()
    return f"organiser:{organiser.username}" if organiser else "organiser"


def organised(tournament_id: str) -> Any:
    """The tournament, if the logged-in organiser may run it (owner or holder of its link)."""
    tournament = get_or_404(tournament_id)
    if current_organiser() is None:
        abort(401)
    if not is_organiser(tournament):
        abort(403)
    return tournament


def get_or_404(tournament_id: str) -> Any:
    try:
        return svc.get_tournament(session=get_session(), tournament_id=tournament_id)
    except ServiceError:
        abort(404)


def table_or_404(tournament_id: str, r: int, t: int) -> dict[str, Any]:
    """Round ``r`` with only its table ``t`` in its ``tables`` (404 when there is none)."""
    try:
        return svc.tournament_table(
            session=get_session(), tournament_id=tournament_id, round=r, table=t
        )
    except ServiceError:
        abort(404)


def payout_shown(standings: dict[str, Any]) -> dict[str, Any] | None:
    """The payout per place to show beside the standings: with an entry fee and a paid place
    (else None)."""
    from ...services.tournament_prizes import payouts_of

    if not standings["tournament"].get("fee"):
        return None
    found = payouts_of(standings)
    return found if found["rows"] else None


def flash_errors(error: Exception) -> None:
    get_session().rollback()
    if isinstance(error, RuleError):
        for e in error.errors:
            flash(render(e.message), "bad")
    else:
        flash(render(getattr(error, "message", str(error))), "bad")


def back(tournament_id: str, anchor: str = "") -> Any:
    return redirect(url_for("tournaments.manage", tournament_id=tournament_id) + anchor)


def attempt(tournament_id: str, change: Any) -> list[str]:
    """Run an organiser's change (login and CSRF checked); the reasons it was refused, if so."""
    organised(tournament_id)
    if not forms.ActionForm().validate_on_submit():
        abort(400)
    try:
        change()
    except (RuleError, ServiceError) as error:
        get_session().rollback()
        if isinstance(error, RuleError):
            return [render(e.message) for e in error.errors]
        return [render(getattr(error, "message", str(error)))]
    return []


def act(tournament_id: str, change: Any, done: str, anchor: str = "") -> Any:
    messages = attempt(tournament_id, change)
    for message in messages:
        flash(message, "bad")
    if done and not messages:
        flash(done, "ok")
    return back(tournament_id, anchor)
