"""Fixing mistakes at the table: edit or delete a past deal, undo the last, history, rematch.

Routes on the ``matches`` blueprint (see matches.py). Edits, deletions and undo carry the etag
of the deal the player saw (API.md v2 "Which deal"): when another phone changed the deals
meanwhile nothing changes and the page says what happened (``match_conflict``), never a change
on a deal the player did not see. Undo and delete ask for a confirmation first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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


def _etag(deal: Mapping[str, Any] | None) -> str:
    """The deal's etag as a form's hidden version field holds it ("" for no deal)."""
    return deal["etag"] if deal else ""


def _meanwhile(match: Any, n: int, error: Exception, doing: str) -> tuple[dict, dict]:
    """The match state now and, in words, what another phone did meanwhile: the deal moved or
    changed (``StaleDeal``), or there is no deal ``n`` (``NotFound``)."""
    state = svc.match_state(session=get_session(), match=match)
    if isinstance(error, StaleDeal):
        return state, match_conflict.explain(match, state, error, doing)
    return state, match_conflict.gone(match, state, n, doing)


def _in_words(error: RuleError) -> str:
    """The rules' refusals in one line, in the page's language."""
    return "; ".join(rule_messages.render(e.message) for e in error.errors)


@dataclass
class Refusal:
    """Why a posted edit was not saved: the messages for the box, the conflict (another phone
    changed the deals meanwhile), the page's status and the match state it was told against."""

    box: list[str]
    conflict: dict | None
    status: int
    state: dict


@bp.route("/m/<match_id>/<token>/deals/<int:n>", methods=["GET", "POST"])
def edit_deal(match_id: str, token: str, n: int) -> Any:
    """Edit one past deal (pre-filled); everything after it is recomputed.

    The form carries the deal's etag: when another phone deleted, added or edited deals
    meanwhile, nothing is saved; the page says what happened, keeps what was typed and aims
    the form at the deal the player meant (or offers to save it as a new deal)."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    if request.method == "GET":
        return _edit_opened(match, state, token, n)
    return _edit_posted(match, state, token, n)


def _edit_form(match: Any, deal: Mapping[str, Any] | None) -> Any:
    """The deal form filled in with ``deal`` and its etag (empty for no deal)."""
    module = forms.deal_form(match.game, match.players, match.options, match.preset)
    data = module.from_record(deal["record"], match.players, match.options) if deal else {}
    data["version"] = _etag(deal)
    return module.build(match.game, match.players, match.options, data=data)


def _deal_page(
    match: Any,
    state: dict,
    token: str,
    form: Any,
    n: int,
    deal: Any,
    *,
    conflict: dict | None,
    box: Sequence[str] = (),
) -> str:
    """The edit page of deal ``n``, with the ``box`` of messages and what another phone did
    meanwhile (``conflict``) when there is something to say."""
    ctx = match_view.context(match, state, token, form=form, box=box)
    deal = deal_words.with_names(match, state, deal)
    return render_template("matches/deal_edit.html", deal=deal, n=n, conflict=conflict, **ctx)


def _edit_opened(match: Any, state: dict, token: str, n: int) -> Any:
    """The edit page an Edit link opens: the deal it names; when that deal moved or changed
    meanwhile, the deal as it is now and what happened (409); a page saying it is gone."""
    deal, opened = match_conflict.from_link(match, state, n, request.args.get("etag"), "open")
    if deal is None:
        return _gone(match, state, token, n, opened)
    form = _edit_form(match, deal)
    page = _deal_page(match, state, token, form, deal["n"], deal, conflict=opened)
    return page, 409 if opened else 200


def _edit_posted(match: Any, state: dict, token: str, n: int) -> Any:
    """A posted edit of the deal now at ``n`` (the form's own etag says whether it is the one):
    saved, back to the match; else the page again with what refused it."""
    deal = match_conflict.deal_at(state, n)
    form = _edit_form(match, deal)
    if match_view.declaration_tap(form):
        return _deal_page(match, state, token, form, n, deal, conflict=None), 200
    refused = _refusal(match, form, n, state)
    if refused is None:
        flash(_("Deal %(n)s saved; the scores after it are recomputed.", n=n), "ok")
        return redirect(url_for(".edit", match_id=match.id, token=token))
    return _refused_page(match, token, form, n, deal, refused)


def _refusal(match: Any, form: Any, n: int, state: dict) -> Refusal | None:
    """Why the posted edit was not saved (None: it was): the form's own checks, else the
    service's."""
    if not form.validate_on_submit():
        return Refusal(match_view.wtf_errors(form), None, 422, state)
    return _replace(match, form, n, state)


def _refused_page(
    match: Any, token: str, form: Any, n: int, deal: Any, refused: Refusal
) -> tuple[str, int]:
    """The edit page after a refused post: what another phone did meanwhile (409, the form
    aimed at the deal meant, as it is now), else the form as posted with the messages."""
    if deal is None and not refused.conflict:  # a deal number past the list: it is not there
        refused.conflict = match_conflict.gone(match, refused.state, n, "edit")
    if not refused.conflict:
        return _deal_page(
            match, refused.state, token, form, n, deal, conflict=None, box=refused.box
        ), refused.status  # fmt: skip
    ctx = match_view.context(match, refused.state, token, form=form, box=refused.box)
    yours = refused.conflict["yours"]
    form.version.data = _etag(yours)
    return render_template(
        "matches/deal_edit.html", deal=yours, n=yours["n"] if yours else n,
        conflict=refused.conflict, **ctx,
    ), 409  # fmt: skip


def _replace(match: Any, form: Any, n: int, state: dict) -> Refusal | None:
    """Replace deal ``n`` with the form's record: None when it landed, else what refused it."""
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
        return Refusal([rule_messages.render(error.message)], None, 422, state)
    except (StaleDeal, NotFound) as error:
        state, conflict = _meanwhile(match, n, error, "edit")
        return Refusal([], conflict, 409, state)
    except RuleError as error:
        return Refusal(deal_words.form_errors(form, match, error.errors), None, 422, state)
    except Conflict as error:  # a stale bare version number: nothing was changed
        return Refusal([error.message], None, 409, state)
    return None


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
    stale = _stale_link(match, state, token, n, "delete")
    if stale is not None:
        return stale
    deal = match_conflict.deal_at(state, n)
    form = forms.ConfirmForm(version=_etag(deal))
    if form.validate_on_submit():
        return _delete(match, token, n, form)
    if deal is None:
        abort(404)
    deal = deal_words.with_names(match, state, deal)
    return _confirm(match, state, token, "delete", None, deal=deal, form=form)


def _delete(match: Any, token: str, n: int, form: Any) -> Any:
    """Delete deal ``n`` (the one the confirmation showed): back to the match with a word on
    how it went, or what another phone did meanwhile (409)."""
    try:
        svc.delete_deal(
            session=get_session(),
            match_id=match.id,
            n=n,
            **_expected(form.version.data),
            actor=ACTOR,
        )
    except (StaleDeal, NotFound) as error:
        state, conflict = _meanwhile(match, n, error, "delete")
        return _confirm(match, state, token, "delete", conflict), 409
    except Conflict as error:
        flash(rule_messages.render(error.message), "bad")
    except RuleError as error:
        flash(_in_words(error), "bad")
    else:
        flash(_("Deal %(n)s deleted.", n=n), "ok")
    return redirect(url_for(".edit", match_id=match.id, token=token))


@bp.route("/m/<match_id>/<token>/undo", methods=["GET", "POST"])
def undo(match_id: str, token: str) -> Any:
    """Confirm, then remove the last deal (the one shown: its etag goes with the confirmation)."""
    match = load_match(match_id, token)
    state = svc.match_state(session=get_session(), match=match)
    deals = state["deals"]
    refused = _undo_link_refused(match, state, token)
    if refused is not None:
        return refused
    form = forms.ConfirmForm(version=_etag(deals[-1] if deals else None))
    if form.validate_on_submit():
        return _undo(match, token, form, len(deals))
    if not deals:
        return redirect(url_for(".edit", match_id=match.id, token=token))
    deal = deal_words.with_names(match, state, deals[-1])
    return _confirm(match, state, token, "undo", None, deal=deal, form=form)


def _undo_link_refused(match: Any, state: dict, token: str) -> Any:
    """An undo link that cannot open its confirmation: the last deal the list showed (its
    etag) is no longer the last (409), or there is none to undo (back to the match); None
    when it can (and for a posted confirmation)."""
    if request.method != "GET":
        return None
    deals = state["deals"]
    if request.args.get("etag"):  # the last deal the list showed
        stale = _stale_link(match, state, token, len(deals), "undo")
        if stale is not None:
            return stale
    if deals:
        return None
    flash(_("There is no deal to undo."), "bad")
    return redirect(url_for(".edit", match_id=match.id, token=token))


def _undo(match: Any, token: str, form: Any, n: int) -> Any:
    """Remove the last deal, ``n`` (the one the confirmation showed): back to the match with a
    word on how it went, or what another phone did meanwhile (409)."""
    try:
        svc.undo_last_deal(
            session=get_session(),
            match_id=match.id,
            expected_etag=form.shown_etag(),
            actor=ACTOR,
        )
    except Locked as error:
        flash(rule_messages.render(error.message), "bad")
    except StaleDeal as error:
        state, conflict = _meanwhile(match, n, error, "undo")
        return _confirm(match, state, token, "undo", conflict), 409
    except (NotFound, RuleError, Conflict):
        flash(_("The last deal could not be undone; reload and try again."), "bad")
    else:
        flash(_("Deal %(n)s undone.", n=n), "ok")
    return redirect(url_for(".edit", match_id=match.id, token=token))


def _stale_link(match: Any, state: dict, token: str, n: int, doing: str) -> Any:
    """The page for a delete or undo link whose deal is not the one now at ``n``: what
    happened and the deal meant, where it is now (409), or the app's 404; None when it is
    (and for a posted confirmation, whose etag goes to the service)."""
    if request.method != "GET":
        return None
    shown, moved = match_conflict.from_link(match, state, n, request.args.get("etag"), doing)
    if moved is not None:
        return _confirm(match, state, token, doing, moved), 409
    if shown is None:
        return _gone(match, state, token, n, None)
    return None


def _bare_version(value: str) -> bool:
    """Whether ``value`` is a bare version number (ASCII digits: "²" is a digit, no number)."""
    return value.isascii() and value.isdigit() and len(value) <= 18


def _expected(value: str | None) -> dict[str, Any]:
    """What the page's hidden field says it saw: an etag, or (a page opened before deals had
    etags) a bare version number."""
    value = (value or "").strip()
    if _bare_version(value):
        return {"expected_version": int(value)}
    return {"expected_etag": value or None}


def _post_url(match: Any, token: str, action: str, deal: Mapping[str, Any] | None) -> str | None:
    """Where the confirmation posts: the undo, or the deletion of the deal shown; None when
    there is no deal to confirm."""
    if deal is None:
        return None
    if action == "undo":
        return url_for(".undo", match_id=match.id, token=token)
    return url_for(".delete_deal", match_id=match.id, token=token, n=deal["n"])


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
    if conflict is not None:
        deal = conflict["yours"]
        form = forms.ConfirmForm(formdata=None, version=_etag(deal))
        action = "delete"
    ctx = match_view.context(match, state, token, form=form)
    return render_template(
        "matches/confirm.html",
        action=action,
        n=deal["n"] if deal else 0,
        deal=deal,
        deal_summary=deal["summary"] if deal else "",
        conflict=conflict,
        post_url=_post_url(match, token, action, deal),
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
