"""Tournaments (HTML), the organiser's desk beyond the evening's run: the settings (tie-breaks in
order until round 1 is drawn, entry fee and payout, the club table's best N; a league evening's
PB table and BP key, RULES.md §6b, with ``league``'s forms), the entrants' categories and clubs,
and the club table everyone may see. Routes hang on the ``tournaments`` blueprint; the
organiser's pages need a login and the tournament (``helpers.organised``).
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
from ...services.tournament_common import is_league
from ..auth import login_required
from . import bp, forms, league
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
        if _save_settings(form, tournament, fixed):
            flash(_("Settings saved."), "ok")
            return back(tournament.id)
    elif request.method == "GET":
        _stored(form, tournament)
    return _settings_page(form, tournament, fixed)


def _save_settings(form: SettingsForm, tournament: Any, fixed: bool) -> bool:
    """Store what the form changes; False with the reasons shown beside the fields."""
    changes = _changes(form, fixed)
    if changes is None:
        return False
    session = get_session()
    try:
        settings.update_settings(
            session=session, tournament_id=tournament.id, actor=actor(), **changes
        )
    except RuleError as error:
        session.rollback()
        _beside(form, error)
        return False
    return True


def _settings_page(form: SettingsForm, tournament: Any, fixed: bool) -> Any:
    """The settings page (422 after a post that was not stored); the tie-breaks in force once
    round 1 is drawn."""
    if fixed:
        form.show(settings.settings_json(tournament)["tiebreaks"])
    status = 422 if form.errors or request.method == "POST" else 200
    tables = league.league_forms(tournament) if is_league(tournament) else None
    return render_template(
        "tournaments/settings.html", form=form, t=tournament, tiebreaks_fixed=fixed,
        currency=tournament.currency, league=tables,
    ), status  # fmt: skip


def _stored(form: SettingsForm, tournament: Any) -> None:
    """The form showing the settings as they stand."""
    now = settings.settings_json(tournament)
    form.show(now["tiebreaks"])
    form.fee.data, form.payout.data = now["fee"], percents(now["payout"])
    form.club_best_n.data = now["club_best_n"]


def settings_form(tournament: Any) -> dict[str, Any]:
    """The settings page's context with the settings as they stand (beside another form of the
    page that was refused: a league table's)."""
    form = SettingsForm(formdata=None)
    form.offer(offered_for(tournament))
    _stored(form, tournament)
    fixed = bool(svc.common.load_rounds(get_session(), tournament.id))
    return {"form": form, "t": tournament, "tiebreaks_fixed": fixed,
            "currency": tournament.currency}  # fmt: skip


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
    """Each refusal beside its field (a tie-break's beside its menu; an unknown one's beside
    the fee)."""
    for e in error.errors:
        name = e.field.split(".")[0]
        field = form.slot_of(e.field) if name == "tiebreaks" else getattr(form, name, form.fee)
        field.errors = [*field.errors, rule_messages.render(e.message)]


@bp.post("/<tournament_id>/league/<address>")
@login_required
def league_table(tournament_id: str, address: str):
    """Load one of the league's tables; refusals beside its field, by line number and reason."""
    tournament = organised(tournament_id)
    if address not in league.TABLES:
        abort(404)
    field, load = league.TABLES[address]
    form = league.LeagueTableForm(prefix=field)
    session = get_session()
    if form.validate_on_submit():
        try:
            text = league.sent_text(form)
            load(session=session, tournament_id=tournament.id, text=text, actor=actor())
        except (RuleError, ServiceError) as error:
            session.rollback()
            form.csv.errors = [*form.csv.errors, *league.reasons(error)]
        else:
            flash(_("League table saved."), "ok")
            return redirect(url_for("tournaments.settings_page", tournament_id=tournament.id))
    return render_template(
        "tournaments/settings.html", **settings_form(tournament), league=league.league_forms(
            tournament, {field: form}
        ),
    ), 422  # fmt: skip


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
        refused = _save_details(tournament.id, state)
        if refused is None:
            return redirect(url_for("tournaments.player_details", tournament_id=tournament.id))
        errors, state = refused, _with_typed(state)
    rows = [_row(p) for p in state["players"]]
    return render_template(
        "tournaments/details.html", t=state, rows=rows, form=form, errors=errors,
        built_in=BUILT_IN,
    ), 422 if errors else 200  # fmt: skip


def _save_details(tournament_id: str, state: dict[str, Any]) -> dict[str, str] | None:
    """Store every entrant's categories and club as typed; None once stored (and said so),
    else the refusals by player id ("": not one player's)."""
    session = get_session()
    wanted = {p["id"]: _typed(p["id"]) for p in state["players"]}
    try:
        changed = settings.set_many_details(
            session=session, tournament_id=tournament_id, actor=actor(), details=wanted
        )
    except (RuleError, ServiceError) as error:
        session.rollback()
        return _errors_by_player(error)
    flash(_("Categories and clubs saved (%(n)s changed).", n=changed), "ok")
    return None


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
    """An entrant's row of the form: the built-in categories ticked, the others as words."""
    ticked, others = _split_categories(player.get("categories") or [])
    return {**player, "ticked": ticked, "others": ", ".join(others)}


def _split_categories(categories: list[str]) -> tuple[list[str], list[str]]:
    """(the built-in categories, the organiser's own words), each in its order."""
    ticked = [c for c in categories if c in BUILT_IN]
    return ticked, [c for c in categories if c not in BUILT_IN]


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
