"""Tournaments (HTML), the organiser's round pages: draw preview, redraw, confirm, start, close,
a table's figures from its paper sheet, the organiser's confirmation, and the audit trail.
Routes hang on the ``tournaments`` blueprint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import singledispatch
from typing import Any

from flask import flash, redirect, render_template, request, url_for
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
from .helpers import act, actor, back, flash_errors, organised, table_or_404


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
    where = {"tournament_id": tournament.id, "round": r, "table": t}
    table = table_or_404(tournament.id, r, t)["tables"][0]
    form = forms.ActionForm()
    league = svc.common.is_league(tournament)  # RULES.md §6b: PB per seat with the figures
    values, premium = _boxes(table, league)
    refusals: _Refusals | None = _Refusals()
    if form.validate_on_submit():
        refusals = _save_sheet(db, where, table, values, premium)
        if refusals is None:
            flash(_("Table %(t)s: figures saved.", t=t), "ok")
            return redirect(url_for("tournaments.manage", tournament_id=tournament.id) + "#round")
    return render_template(
        "tournaments/sheet.html",
        tournament=tournament,
        figure=svc.table_score(tournament),
        r=r,
        table=table,
        values=values,
        premium=premium,
        errors=refusals.errors,
        unusual=refusals.unusual,
        confirm_result=request.method == "GET" or _ticked("confirm"),
        form=form,
    )


@dataclass
class _Refusals:
    """Why typed figures were not stored: reasons beside the fields ("scores.2"), and the
    unusual figures that wait for the organiser to confirm them."""

    errors: dict[str, str] = field(default_factory=dict)
    unusual: list[str] = field(default_factory=list)


def _ticked(name: str) -> bool:
    """Whether the sheet's box ``name`` ("confirm", "confirm_figures") was ticked."""
    return request.form.get(name) == "1"


def _typed(prefix: str, seats: range) -> list[str]:
    """The boxes as typed, one per seat ("scores-0", "pb-0", ...)."""
    return [request.form.get(f"{prefix}-{i}", "") for i in seats]


def _current(table: dict) -> tuple[list[str], list[str]]:
    """The table's current figures and premium bonuses, as a fresh sheet shows them."""
    values = [str(x) for x in table["scores"]]
    premium = [str(x) for x in table.get("pb") or [0] * len(table["player_ids"])]
    return values, premium


def _boxes(table: dict, league: bool) -> tuple[list[str], list[str] | None]:
    """What the sheet's boxes hold: the figures typed (a fresh sheet: the current ones), and
    the premium bonus per seat in a league (else None)."""
    if request.method == "GET":
        values, premium = _current(table)
    else:
        seats = range(len(table["player_ids"]))
        values, premium = _typed("scores", seats), _typed("pb", seats)
    return values, premium if league else None


def _save_sheet(
    db: Any, where: dict[str, Any], table: dict, values: list[str], premium: list[str] | None
) -> _Refusals | None:
    """Store the typed figures; None once stored, else why not."""
    errors: dict[str, str] = {}
    scores = _whole_numbers(values, "scores", errors)
    pb = None if premium is None else _whole_numbers(premium, "pb", errors, empty=0)
    if errors:
        return _Refusals(errors=errors)
    return _store(db, where, scores, pb, rule_messages.Names(table["players"]))


def _store(
    db: Any, where: dict[str, Any], scores: list, pb: list | None, names: rule_messages.Names
) -> _Refusals | None:
    """Hand the figures to the service; None once stored, else the rules' refusals in words."""
    try:
        svc.set_manual_result(
            session=db,
            **where,
            scores=scores,
            actor=actor(),
            confirm=_ticked("confirm"),
            confirm_figures=_ticked("confirm_figures"),
            pb=pb,
        )
    except svc.UnusualFigures as error:
        db.rollback()
        return _Refusals(unusual=[rule_messages.render(e.message, names) for e in error.errors])
    except RuleError as error:
        db.rollback()
        return _Refusals(
            errors={e.field: rule_messages.render(e.message, names) for e in error.errors}
        )
    return None


def _whole_numbers(values: list[str], field: str, errors: dict, empty: int | None = None) -> list:
    """The typed figures as whole numbers ("−3" too; ``empty``: what an empty box counts); a
    box that is none gets its reason in ``errors`` ("scores.2")."""
    out: list = []
    for i, value in enumerate(values):
        text = value.strip().replace("−", "-")
        try:
            out.append(empty if not text and empty is not None else int(text))
        except ValueError:
            errors[f"{field}.{i}"] = _("Enter a whole number.")
    return out


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


@singledispatch
def _words(value: Any, names: dict[str, str]) -> str:
    """An audit value for people: player ids become names, JSON becomes short text (one
    function per JSON type; a number says itself)."""
    return str(value)


@_words.register(type(None))
def _nothing(value: None, names: dict[str, str]) -> str:
    return ""


@_words.register(str)
def _text(value: str, names: dict[str, str]) -> str:
    """A player id as the player's name, the actor "organiser" in the page's language."""
    return names.get(value) or str(AUDIT_WORDS.get(value, value) if value == "organiser" else value)


@_words.register(bool)
def _yes_no(value: bool, names: dict[str, str]) -> str:
    return _("yes") if value else _("no")


@_words.register(dict)
def _keyed(value: dict, names: dict[str, str]) -> str:
    """The pairs as "key: value; ...", the keys in words; empty parts left out ("scores: ;
    by:" said nothing)."""
    parts = ((key, _words(item, names)) for key, item in value.items())
    return "; ".join(f"{AUDIT_WORDS.get(key, key)}: {text}" for key, text in parts if text)


@_words.register(list)
def _listed(value: list, names: dict[str, str]) -> str:
    """The items by commas; a list of lists (a table's seats, say) row by row, by bars."""
    rows = bool(value) and all(isinstance(item, list) for item in value)
    return (" | " if rows else ", ").join(_words(item, names) for item in value)


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
