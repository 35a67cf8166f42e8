"""Tournaments (HTML), the organiser's round pages: draw preview, redraw, confirm, start, close,
a table's figures from its paper sheet, the organiser's confirmation, and the audit trail.
Routes hang on the ``tournaments`` blueprint.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...db import get_session
from ...i18n import rule_messages
from ...rules.base import RuleError
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ...services.tournament_draws import new_seed
from ..auth import login_required
from . import bp, forms
from .helpers import act, actor, back, flash_errors, organised


@bp.get("/<tournament_id>/draw")
@login_required
def draw_preview(tournament_id: str):
    """The next round's draw for a seed, before it is confirmed (nothing stored yet)."""
    tournament = organised(tournament_id)
    seed = request.args.get("seed")
    try:
        preview = svc.preview_draw(session=get_session(), tournament_id=tournament.id, seed=seed)
    except (RuleError, ServiceError) as error:
        flash_errors(error)
        return back(tournament.id)
    return render_template(
        "tournaments/draw.html",
        tournament=tournament,
        draw=preview,
        redraw_seed=new_seed(),
        form=forms.ActionForm(),
    )


@bp.post("/<tournament_id>/draw")
@login_required
def draw_confirm(tournament_id: str):
    """Confirm the previewed draw (re-run from its seed): every table becomes a match."""
    seed = request.form.get("seed")
    start = request.form.get("start") == "1"
    return act(
        tournament_id,
        lambda: svc.confirm_round(
            session=get_session(),
            tournament_id=tournament_id,
            seed=seed,
            actor=actor(),
            start=start,
        ),
        _("Round drawn."),
        "#round",
    )


@bp.post("/<tournament_id>/rounds/<int:r>/start")
@login_required
def start(tournament_id: str, r: int):
    """Start the round: the timer runs on every screen."""
    return act(
        tournament_id,
        lambda: svc.start_round(
            session=get_session(), tournament_id=tournament_id, number=r, actor=actor()
        ),
        _("Round %(r)s started.", r=r),
        "#round",
    )


@bp.post("/<tournament_id>/rounds/<int:r>/close")
@login_required
def close(tournament_id: str, r: int):
    """Close the round (unconfirmed tables count once confirmed)."""
    return act(
        tournament_id,
        lambda: svc.close_round(
            session=get_session(), tournament_id=tournament_id, number=r, actor=actor()
        ),
        _("Round %(r)s closed.", r=r),
        "#round",
    )


@bp.post("/<tournament_id>/rounds/<int:r>/cancel")
@login_required
def cancel(tournament_id: str, r: int):
    """Take back a draw before anything is played (e.g. a late arrival)."""
    return act(
        tournament_id,
        lambda: svc.cancel_round(
            session=get_session(), tournament_id=tournament_id, number=r, actor=actor()
        ),
        _("Round %(r)s cancelled: draw it again.", r=r),
        "#round",
    )


@bp.post("/<tournament_id>/rounds/<int:r>/tables/<int:t>/confirm")
@login_required
def organiser_confirm(tournament_id: str, r: int, t: int):
    """The organiser confirms a table's current result."""
    return act(
        tournament_id,
        lambda: svc.confirm_table(
            session=get_session(), tournament_id=tournament_id, round=r, table=t, organiser=True
        ),
        _("Table %(t)s confirmed.", t=t),
        "#round",
    )


@bp.route("/<tournament_id>/rounds/<int:r>/tables/<int:t>/sheet", methods=["GET", "POST"])
@login_required
def sheet(tournament_id: str, r: int, t: int):
    """Type a table's final figures from its paper sheet (one per seat). Figures no play gives
    are refused beside the field; unusual ones (docs/rules.md §6) wait for a confirm step."""
    tournament = organised(tournament_id)
    db = get_session()
    try:
        table = svc.tournament_table(session=db, tournament_id=tournament.id, round=r, table=t)
    except ServiceError:
        abort(404)
    table = table["tables"][0]
    form = forms.ActionForm()
    errors: dict[str, str] = {}
    unusual: list[str] = []
    values = [request.form.get(f"scores-{i}", "") for i in range(len(table["player_ids"]))]
    names = rule_messages.Names(table["players"])
    if form.validate_on_submit():
        scores: list = []
        for i, value in enumerate(values):
            try:
                scores.append(int(value.strip().replace("−", "-")))
            except ValueError:
                errors[f"scores.{i}"] = _("Enter a whole number.")
        if not errors:
            try:
                svc.set_manual_result(
                    session=db,
                    tournament_id=tournament.id,
                    round=r,
                    table=t,
                    scores=scores,
                    actor=actor(),
                    confirm=request.form.get("confirm") == "1",
                    confirm_figures=request.form.get("confirm_figures") == "1",
                )
            except svc.UnusualFigures as error:
                db.rollback()
                unusual = [rule_messages.render(e.message, names) for e in error.errors]
            except RuleError as error:
                db.rollback()
                errors = {e.field: rule_messages.render(e.message, names) for e in error.errors}
            else:
                flash(_("Table %(t)s: figures saved.", t=t), "ok")
                return redirect(
                    url_for("tournaments.manage", tournament_id=tournament.id) + "#round"
                )
    elif request.method == "GET":
        values = [str(x) for x in table["scores"]]  # start from the current figures
    return render_template(
        "tournaments/sheet.html",
        tournament=tournament,
        figure=svc.table_score(tournament),
        r=r,
        table=table,
        values=values,
        errors=errors,
        unusual=unusual,
        confirm_result=request.method == "GET" or request.form.get("confirm") == "1",
        form=form,
    )


# the audit's JSON keys and the actor "organiser", in the page's language
AUDIT_WORDS: dict[str, Any] = {
    "id": _l("player"),
    "name": _l("name"),
    "after_round": _l("after round"),
    "scores": _l("scores"),
    "confirmed": _l("confirmed"),
    "by": _l("by"),
    "seed": _l("seed"),
    "tables": _l("tables"),
    "organiser": _l("organiser"),
}


def _words(value: Any, names: dict[str, str]) -> str:
    """An audit value for people: player ids become names, JSON becomes short text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return names.get(value) or str(
            AUDIT_WORDS.get(value, value) if value == "organiser" else value
        )
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):  # empty parts left out: "scores: ; by:" said nothing
        parts = ((key, _words(item, names)) for key, item in value.items())
        return "; ".join(f"{AUDIT_WORDS.get(key, key)}: {text}" for key, text in parts if text)
    if isinstance(value, list):
        if value and all(isinstance(item, list) for item in value):
            return " | ".join(_words(item, names) for item in value)
        return ", ".join(_words(item, names) for item in value)
    return str(value)


def _who(actor: str) -> str:
    """Who made a change, in words: "organiser", "organiser anna", or as recorded."""
    kind, _sep, who = actor.partition(":")
    if kind == "organiser":
        return _("organiser %(name)s", name=who) if who else str(AUDIT_WORDS[kind])
    return actor


@bp.get("/<tournament_id>/audit")
@login_required
def audit(tournament_id: str):
    """Every change: who, when, before, after."""
    tournament = organised(tournament_id)
    db = get_session()
    names = svc.entrant_names(session=db, tournament_id=tournament.id)
    log = svc.audit_log(session=db, tournament_id=tournament.id)
    for entry in log:
        entry["before_text"] = _words(entry["before"], names)
        entry["after_text"] = _words(entry["after"], names)
        entry["actor"] = _who(entry["actor"])
    return render_template("tournaments/audit.html", tournament=tournament, log=log)
