"""Fixing mistakes at the table: edit or delete a past deal, undo the last, history, rematch.

Routes on the ``matches`` blueprint (see matches.py). Edits, deletions and undo carry the etag
of the deal the player saw (API.md v2 "Which deal"): when another phone changed the deals
meanwhile nothing changes and the page says what happened (``match_conflict``), never a change
on a deal the player did not see. Undo and delete ask for a confirmation first.
"""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ...db import get_session
from ...i18n import rule_messages
from ...rules.base import RuleError
from ...services import matches as svc
from ...services.errors import Conflict, Locked, NotFound, StaleDeal
from .. import deal_words, error_pages, forms
from . import bp
from . import conflict as match_conflict
from . import view as match_view
from .pages import ACTOR, load_match


@bp.route("/m/<match_id>/<token>/deals/<int:n>", methods=["GET", "POST"])
def edit_deal(match_id: str, token: str, n: int) -> Any:
    """Edit one past deal (pre-filled); everything after it is recomputed.

    The form carries the deal's etag: when another phone deleted, added or edited deals
    meanwhile, nothing is saved; the page says what happened, keeps what was typed and aims
    the form at the deal the player meant (or offers to save it as a new deal)."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    deal, opened = _shown_deal(match, state, n)  # opened: the link's deal moved or changed
    if request.method == "GET" and deal is None:
        return _gone(match, state, token, n, opened)
    n = deal["n"] if deal else n
    module = forms.deal_form(match.game, match.players, match.options, match.preset)
    data = module.from_record(deal["record"], match.players, match.options) if deal else {}
    data["version"] = deal["etag"] if deal else ""
    form = module.build(match.game, match.players, match.options, data=data)
    box: list[str] = []
    conflict = None
    status = 200
    if request.method == "POST" and not match_view.declaration_tap(form):
        posted = _post(match, token, form, n, deal, state)
        if not isinstance(posted, tuple):
            return posted  # saved: back to the match
        box, conflict, status, state = posted
    ctx = match_view.context(match, state, token, form=form, box=box)
    if conflict:
        yours = conflict["yours"]
        form.version.data = yours["etag"] if yours else ""
        return render_template(
            "matches/deal_edit.html", deal=yours, n=yours["n"] if yours else n,
            conflict=conflict, **ctx,
        ), status  # fmt: skip
    deal = deal_words.with_names(match, state, deal)
    page = render_template("matches/deal_edit.html", deal=deal, n=n, conflict=opened, **ctx)
    return page, 409 if opened else status


def _post(match: Any, token: str, form: Any, n: int, deal: dict | None, state: dict) -> Any:
    """A posted edit: the redirect when it landed, else (the messages for the box, the
    conflict, the status, the match state now)."""
    box: list[str] = []
    conflict = None
    status = 200
    if form.validate_on_submit():
        refused = _replace(match, form, n, state)
        if refused is None:
            flash(_("Deal %(n)s saved; the scores after it are recomputed.", n=n), "ok")
            return redirect(url_for(".edit", match_id=match.id, token=token))
        box, conflict, status, state = refused
    else:
        box = match_view.wtf_errors(form)
    if deal is None and not conflict:  # a deal number past the list: it is not there
        conflict = match_conflict.gone(match, state, n, "edit")
    status = 409 if conflict or status == 409 else 422
    return box, conflict, status, state


Refusal = tuple[list[str], dict | None, int, dict]


def _replace(match: Any, form: Any, n: int, state: dict) -> Refusal | None:
    """Replace deal ``n`` with the form's record: None when it landed, else what refused it
    (the messages, the conflict, the status, and the match state it was told against)."""
    module = forms.deal_form(match.game, match.players, match.options, match.preset)
    record = module.to_record(form, match.players, match.options)
    try:
        svc.replace_deal(
            session=get_session(),
            match_id=match.id,
            n=n,
            record=record,
            **_expected(form.version.data),
            actor=ACTOR,
        )
    except Locked as error:
        return [rule_messages.render(error.message)], None, 200, state
    except StaleDeal as error:
        state = svc.match_state(session=get_session(), match=match)
        return [], match_conflict.explain(match, state, error, "edit"), 200, state
    except NotFound:
        state = svc.match_state(session=get_session(), match=match)
        return [], match_conflict.gone(match, state, n, "edit"), 200, state
    except RuleError as error:
        return deal_words.form_errors(form, match, error.errors), None, 200, state
    except Conflict as error:  # a stale bare version number: nothing was changed
        return [error.message], None, 409, state
    return None


def _shown_deal(match: Any, state: dict, n: int) -> tuple[dict | None, dict | None]:
    """The deal an Edit link names, with the conflict when it moved or changed meanwhile; for a
    posted form, the deal now at ``n`` (the form's own etag says whether it is the one)."""
    if request.method == "GET":
        return match_conflict.from_link(match, state, n, request.args.get("etag"), "open")
    deals = state["deals"]
    return (deals[n - 1] if 1 <= n <= len(deals) else None), None


def _gone(match: Any, state: dict, token: str, n: int, conflict: dict | None) -> Any:
    """A link to a deal that is not there: the deal the list showed was deleted (409, the
    conflict page), or there never was such a deal (404, the app's own page)."""
    if conflict is None:
        total = len(state["deals"])
        detail = ngettext(
            "There is no deal %(n)s in this match: it has %(num)s deal now.",
            "There is no deal %(n)s in this match: it has %(num)s deals now.",
            total,
            n=n,
        )
        back = (url_for(".edit", match_id=match.id, token=token), _("Back to the match"))
        return error_pages.page(404, detail=detail, back=back)
    ctx = match_view.context(match, state, token)
    page = render_template("matches/deal_edit.html", deal=None, n=n, conflict=conflict, **ctx)
    return page, 409


@bp.route("/m/<match_id>/<token>/deals/<int:n>/delete", methods=["GET", "POST"])
def delete_deal(match_id: str, token: str, n: int) -> Any:
    """Confirm, then delete one deal (the deal shown: its etag goes with the confirmation)."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    deals = state["deals"]
    stale = _stale_link(match, state, token, n, "delete") if request.method == "GET" else None
    if stale is not None:
        return stale
    form = forms.ConfirmForm(version=deals[n - 1]["etag"] if 1 <= n <= len(deals) else "")
    if form.validate_on_submit():
        try:
            svc.delete_deal(
                session=get_session(),
                match_id=match.id,
                n=n,
                **_expected(form.version.data),
                actor=ACTOR,
            )
        except StaleDeal as error:
            state = svc.match_state(session=get_session(), match=match)
            conflict = match_conflict.explain(match, state, error, "delete")
            return _confirm(match, state, token, "delete", conflict), 409
        except NotFound:
            state = svc.match_state(session=get_session(), match=match)
            conflict = match_conflict.gone(match, state, n, "delete")
            return _confirm(match, state, token, "delete", conflict), 409
        except Conflict as error:
            flash(rule_messages.render(error.message), "bad")
        except RuleError as error:
            flash("; ".join(rule_messages.render(e.message) for e in error.errors), "bad")
        else:
            flash(_("Deal %(n)s deleted.", n=n), "ok")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    if not 1 <= n <= len(deals):
        abort(404)
    deal = deal_words.with_names(match, state, deals[n - 1])
    return _confirm(match, state, token, "delete", None, deal=deal, form=form)


@bp.route("/m/<match_id>/<token>/undo", methods=["GET", "POST"])
def undo(match_id: str, token: str) -> Any:
    """Confirm, then remove the last deal (the one shown: its etag goes with the confirmation)."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    deals = state["deals"]
    if request.method == "GET" and request.args.get("etag"):  # the last deal the list showed
        stale = _stale_link(match, state, token, len(deals), "undo")
        if stale is not None:
            return stale
    if request.method == "GET" and not deals:
        flash(_("There is no deal to undo."), "bad")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    form = forms.ConfirmForm(version=deals[-1]["etag"] if deals else "")
    if form.validate_on_submit():
        try:
            svc.undo_last_deal(
                session=get_session(),
                match_id=match.id,
                expected_etag=form.version.data or None,
                actor=ACTOR,
            )
        except Locked as error:
            flash(rule_messages.render(error.message), "bad")
        except StaleDeal as error:
            state = svc.match_state(session=get_session(), match=match)
            conflict = match_conflict.explain(match, state, error, "undo")
            return _confirm(match, state, token, "undo", conflict), 409
        except (NotFound, RuleError, Conflict):
            flash(_("The last deal could not be undone; reload and try again."), "bad")
        else:
            flash(_("Deal %(n)s undone.", n=len(deals)), "ok")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    if not deals:
        return redirect(url_for(".edit", match_id=match.id, token=token))
    deal = deal_words.with_names(match, state, deals[-1])
    return _confirm(match, state, token, "undo", None, deal=deal, form=form)


def _stale_link(match: Any, state: dict, token: str, n: int, doing: str) -> Any:
    """The page for a delete or undo link whose deal is not the one now at ``n``: what
    happened and the deal meant, where it is now (409), or the app's 404; None when it is."""
    shown, moved = match_conflict.from_link(match, state, n, request.args.get("etag"), doing)
    if moved is not None:
        return _confirm(match, state, token, doing, moved), 409
    if shown is None:
        return _gone(match, state, token, n, None)
    return None


def _expected(value: str | None) -> dict[str, Any]:
    """What the page's hidden field says it saw: an etag, or (a page opened before deals had
    etags) a bare version number."""
    value = (value or "").strip()
    if value.isascii() and value.isdigit() and len(value) <= 18:  # ("²" is a digit, no number)
        return {"expected_version": int(value)}
    return {"expected_etag": value or None}


def _confirm(
    match: Any,
    state: dict,
    token: str,
    action: str,
    conflict: dict | None,
    *,
    deal: dict | None = None,
    form: Any = None,
) -> str:
    """The confirmation page; after a conflict it shows what happened and offers to delete
    the deal meant, where it is now (never the deal that took its number)."""
    post_url = None
    if conflict is not None:
        deal = conflict["yours"]
        form = forms.ConfirmForm(formdata=None, version=deal["etag"] if deal else "")
        action = "delete"
    n = deal["n"] if deal else 0
    if deal is not None:
        post_url = url_for(".delete_deal", match_id=match.id, token=token, n=n)
        if action == "undo":
            post_url = url_for(".undo", match_id=match.id, token=token)
    ctx = match_view.context(match, state, token, form=form)
    return render_template(
        "matches/confirm.html",
        action=action,
        n=n,
        deal=deal,
        deal_summary=deal["summary"] if deal else "",
        conflict=conflict,
        post_url=post_url,
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
        flash(rule_messages.render(error.message), "bad")
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
