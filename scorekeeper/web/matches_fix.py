"""Fixing mistakes at the table: edit or delete a past deal, undo the last, history, rematch.

Routes on the ``matches`` blueprint (see matches.py). Edits carry the deal's version: a phone
that saves over a deal another phone changed meanwhile gets a clear conflict message, never a
silent overwrite. Undo and delete ask for a confirmation first (one tap + confirm).
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..db import get_session
from ..rules.base import RuleError
from ..services import matches as svc
from ..services.errors import Conflict, Locked, NotFound
from . import forms, match_view
from .matches import ACTOR, bp, load_match


@bp.route("/m/<match_id>/<token>/deals/<int:n>", methods=["GET", "POST"])
def edit_deal(match_id: str, token: str, n: int) -> Any:
    """Edit one past deal (pre-filled); everything after it is recomputed."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    if not 1 <= n <= len(state["deals"]):
        abort(404)
    deal = state["deals"][n - 1]
    module = forms.deal_form(match.game, match.players, match.options)
    data = module.from_record(deal["record"], match.players, match.options)
    data["version"] = str(deal.get("version", ""))
    form = module.build(match.game, match.players, match.options, data=data)
    box: list[str] = []
    status = 200
    if request.method == "POST" and not match_view.declaration_tap(form):
        if form.validate_on_submit():
            record = module.to_record(form, match.players, match.options)
            try:
                svc.replace_deal(
                    session=get_session(),
                    match_id=match.id,
                    n=n,
                    record=record,
                    expected_version=forms.to_int(form.version.data),
                    actor=ACTOR,
                )
            except Locked as error:
                box = [error.message]
            except Conflict:
                state = svc.match_state(session=get_session(), match=match)
                deal = state["deals"][n - 1] if n <= len(state["deals"]) else None
                if deal is None:
                    abort(404)
                form.version.data = str(deal.get("version", ""))
                box = [
                    _(
                        "Someone changed deal %(n)s on another phone meanwhile. It now shows "
                        "what is stored below; your values are still in the form: save again "
                        "to replace it with them.",
                        n=n,
                    )
                ]
            except RuleError as error:
                box = match_view.form_errors(form, match, error.errors)
            else:
                flash(_("Deal %(n)s saved; the scores after it are recomputed.", n=n), "ok")
                return redirect(url_for(".edit", match_id=match.id, token=token))
        else:
            box = match_view.wtf_errors(form)
        status = 422
    ctx = match_view.context(match, state, token, form=form, box=box)
    deal = match_view.with_names(match, state, deal)
    return render_template(
        "matches/deal_edit.html", deal=deal, n=n, deal_summary=deal["summary"], **ctx
    ), status


@bp.route("/m/<match_id>/<token>/deals/<int:n>/delete", methods=["GET", "POST"])
def delete_deal(match_id: str, token: str, n: int) -> Any:
    """Confirm, then delete one deal."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    if not 1 <= n <= len(state["deals"]):
        abort(404)
    form = forms.ConfirmForm(version=str(state["deals"][n - 1].get("version", "")))
    if form.validate_on_submit():
        try:
            svc.delete_deal(
                session=get_session(),
                match_id=match.id,
                n=n,
                expected_version=forms.to_int(form.version.data),
                actor=ACTOR,
            )
        except Conflict as error:
            flash(error.message, "bad")
        except RuleError as error:
            flash("; ".join(e.message for e in error.errors), "bad")
        else:
            flash(_("Deal %(n)s deleted.", n=n), "ok")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    ctx = match_view.context(match, state, token, form=form)
    deal = state["deals"][n - 1]
    deal = match_view.with_names(match, state, deal)
    return render_template(
        "matches/confirm.html",
        action="delete",
        n=n,
        deal=deal,
        deal_summary=deal["summary"],
        **ctx,
    )


@bp.route("/m/<match_id>/<token>/undo", methods=["GET", "POST"])
def undo(match_id: str, token: str) -> Any:
    """Confirm, then remove the last deal."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    if not state["deals"]:
        flash(_("There is no deal to undo."), "bad")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    form = forms.ConfirmForm()
    if form.validate_on_submit():
        try:
            svc.undo_last_deal(session=get_session(), match_id=match.id, actor=ACTOR)
        except Locked as error:
            flash(error.message, "bad")
        except (NotFound, RuleError, Conflict):
            flash(_("The last deal could not be undone; reload and try again."), "bad")
        else:
            flash(_("Deal %(n)s undone.", n=len(state["deals"])), "ok")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    ctx = match_view.context(match, state, token, form=form)
    deal = state["deals"][-1]
    deal = match_view.with_names(match, state, deal)
    return render_template(
        "matches/confirm.html",
        action="undo",
        n=len(state["deals"]),
        deal=deal,
        deal_summary=deal["summary"],
        **ctx,
    )


@bp.post("/m/<match_id>/<token>/rematch")
def rematch(match_id: str, token: str) -> Any:
    """A new match with the same players and options."""
    match = load_match(match_id, token)
    form = forms.ConfirmForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        new_match = svc.rematch(session=get_session(), match_id=match.id, actor=ACTOR)
    except Conflict as error:  # a tournament table: its next match comes from the draw
        flash(error.message, "bad")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    match_view.remember(new_match, None)
    return redirect(url_for(".edit", match_id=new_match.id, token=new_match.token, new=1))


@bp.get("/m/<match_id>/history")
@bp.get("/m/<match_id>/<token>/history")
def history(match_id: str, token: str | None = None) -> str:
    """Every change to the match: what, when."""
    match = load_match(match_id, token)
    entries = svc.history(session=get_session(), match_id=match.id)
    state = svc.match_state(session=get_session(), match=match)
    ctx = match_view.context(match, state, token)
    return render_template(
        "matches/history.html", entries=match_view.history_rows(match, entries), **ctx
    )
