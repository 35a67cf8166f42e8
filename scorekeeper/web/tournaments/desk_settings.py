"""Tournaments (HTML), the organiser's desk beyond the evening's run: the settings (tie-breaks in
order until round 1 is drawn, entry fee and payout, the club table's best N), the entrants'
categories and clubs, and the club table everyone may see. Routes hang on the ``tournaments``
blueprint; the organiser's pages need a login and the tournament (``helpers.organised``).
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ...db import get_session
from ...i18n import rule_messages, use_page_language
from ...rules.base import RuleError
from ...services import tournament_prizes as prizes
from ...services import tournament_settings as settings
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ..auth import login_required
from . import bp, forms
from .desk_forms import SettingsForm, offered_for, percents
from .helpers import actor, back, get_or_404, organised

BUILT_IN = ("women", "senior", "junior")


@bp.route("/<tournament_id>/settings", methods=["GET", "POST"])
@login_required
def settings_page(tournament_id: str):
    """The tie-breaks (until round 1 is drawn), the entry fee and payout, the club table's N."""
    tournament = organised(tournament_id)
    session = get_session()
    fixed = bool(svc.common.load_rounds(session, tournament.id))
    form = SettingsForm()
    form.offer(offered_for(tournament))
    if form.validate_on_submit():
        changes = _changes(form, fixed)
        if changes is not None:
            try:
                settings.update_settings(
                    session=session, tournament_id=tournament.id, actor=actor(), **changes
                )
            except RuleError as error:
                session.rollback()
                _beside(form, error)
            else:
                flash(_("Settings saved."), "ok")
                return back(tournament.id)
    elif request.method == "GET":
        now = settings.settings_json(tournament)
        form.show(now["tiebreaks"])
        form.fee.data, form.payout.data = now["fee"], percents(now["payout"])
        form.club_best_n.data = now["club_best_n"]
    if fixed:
        form.show(settings.settings_json(tournament)["tiebreaks"])
    status = 422 if form.errors or request.method == "POST" else 200
    return render_template(
        "tournaments/settings.html", form=form, t=tournament, tiebreaks_fixed=fixed,
        currency=tournament.currency,
    ), status  # fmt: skip


def _changes(form: SettingsForm, fixed: bool) -> dict[str, Any] | None:
    """What the form changes (the tie-breaks only before round 1); None with the reason shown
    beside the field when a figure cannot be read."""
    try:
        changes = form.desk_fields()
    except RuleError as error:
        _beside(form, error)
        return None
    if fixed:
        changes.pop("tiebreaks")
    return changes


def _beside(form: SettingsForm, error: RuleError) -> None:
    for e in error.errors:
        name = e.field.split(".")[0]
        if name == "tiebreaks":
            index = int(e.field.split(".")[1]) if "." in e.field else 0
            filled = [s for s in form.slots() if s.data] or [form.tb1]
            field = filled[min(index, len(filled) - 1)]
        else:
            field = getattr(form, name, form.fee)
        field.errors = [*field.errors, rule_messages.render(e.message)]


@bp.route("/<tournament_id>/players/details", methods=["GET", "POST"])
@login_required
def player_details(tournament_id: str):
    """Every entrant's categories (women, senior, junior, the organiser's own words) and club,
    on one form."""
    tournament = organised(tournament_id)
    session = get_session()
    state = svc.tournament_state(session=session, tournament_id=tournament.id)
    form = forms.ActionForm()
    errors: dict[str, str] = {}
    if form.validate_on_submit():
        wanted = {p["id"]: _typed(p["id"]) for p in state["players"]}
        try:
            changed = settings.set_many_details(
                session=session, tournament_id=tournament.id, actor=actor(), details=wanted
            )
        except (RuleError, ServiceError) as error:
            session.rollback()
            errors = _errors_by_player(error)
        else:
            flash(_("Categories and clubs saved (%(n)s changed).", n=changed), "ok")
            return redirect(url_for("tournaments.player_details", tournament_id=tournament.id))
        state = _with_typed(state)
    rows = [_row(p) for p in state["players"]]
    return render_template(
        "tournaments/details.html", t=state, rows=rows, form=form, errors=errors,
        built_in=BUILT_IN,
    ), 422 if errors else 200  # fmt: skip


def _typed(pid: str) -> dict[str, Any]:
    """One entrant's categories and club as the form sent them."""
    ticked = [c for c in request.form.getlist(f"cat-{pid}") if c in BUILT_IN]
    others = [w for w in request.form.get(f"other-{pid}", "").split(",") if w.strip()]
    return {"categories": ticked + others, "club": request.form.get(f"club-{pid}", "")}


def _with_typed(state: dict[str, Any]) -> dict[str, Any]:
    """The state with what was typed, to show it again beside the refusal."""
    for p in state["players"]:
        typed = _typed(p["id"])
        p["categories"], p["club"] = typed["categories"], typed["club"]
    return state


def _row(player: dict[str, Any]) -> dict[str, Any]:
    cats = player.get("categories") or []
    return {
        **player,
        "ticked": [c for c in cats if c in BUILT_IN],
        "others": ", ".join(c for c in cats if c not in BUILT_IN),
    }


def _errors_by_player(error: Exception) -> dict[str, str]:
    if isinstance(error, RuleError):
        return {e.field.split(".")[0]: rule_messages.render(e.message) for e in error.errors}
    return {"": getattr(error, "message", str(error))}


@bp.get("/<tournament_id>/clubs")
def clubs(tournament_id: str):
    """The club table: each club's best players (``club_best_n``), for everyone."""
    tournament = get_or_404(tournament_id)
    use_page_language(getattr(tournament, "language", None))
    try:
        table = prizes.clubs(session=get_session(), tournament_id=tournament.id)
    except ServiceError:
        abort(404)
    return render_template("tournaments/clubs.html", t=tournament, table=table)
