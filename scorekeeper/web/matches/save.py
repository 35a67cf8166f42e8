"""The deal form saved in the background (static/js/queue.js), answered as JSON (docs/saving.md
"Saving a deal").

The same form, the same checks and the same service call as the plain POST of the match page;
only the answer differs: the API.md v2 minimal answer (``Prefer: return=minimal``: the new deal
and the totals) plus the deal's line of the deal list as the page renders it. Refusals carry
the reason in the players' words (422 bad input, 409 the match ended or another phone added
deals, 404 a wrong link); a refused deal is never stored, so the phone keeps it to be fixed or
discarded. The ``Idempotency-Key`` header (or the form's key) makes a retry store nothing twice.
Also ``/sw.js``: the service worker (static/js/sw.js) served from the root, whose scope it needs.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from flask import Response, current_app, jsonify, render_template, request, send_from_directory
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf

from ...db import get_session
from ...i18n import rule_messages
from ...i18n.formats import money
from ...rules.base import MatchFinished, RuleError
from ...services import matches as svc
from ...services import scoring
from ...services.errors import Conflict, NotFound, StaleAdd
from .. import deal_words, forms
from . import bp
from . import view as match_view
from .pages import ACTOR

mimetypes.add_type("application/manifest+json", ".webmanifest")


def _json(body: dict[str, Any], status: int) -> Response:
    """``body`` as a JSON answer with ``status``, never cached."""
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def _field_errors(form: Any) -> list[dict[str, str]]:
    """The form's field errors as API.md error items (the CSRF token's are said otherwise)."""
    return [
        {"field": field.name, "message": rule_messages.render(m)}
        for field in form
        if field.type != "CSRFTokenField"
        for m in field.errors or []
    ]


def _refused(status: int, messages: list[str], form: Any = None, **extra: Any) -> Response:
    errors = [{"field": "", "message": rule_messages.render(m)} for m in messages]
    if form is not None:
        errors += _field_errors(form)
    return _json({"errors": errors, **extra}, status)


def _linked_match(match_id: str, token: str) -> Any | None:
    """The match the link names, None when there is none or ``token`` does not open it."""
    try:
        match = svc.get_match(session=get_session(), match_id=match_id)
    except NotFound:
        return None
    return match if svc.check_token(match, token) else None


def _invalid(form: Any) -> Response:
    """The answer to a form WTForms refused: an old page's token (400) or bad input (422)."""
    if match_view.csrf_expired(form):
        # the page's token is too old: the phone sends it again with this one
        return _refused(400, [_("This page was open too long.")], csrf=generate_csrf())
    return _refused(422, match_view.wtf_errors(form), form)


def _idempotency_key(form: Any) -> str | None:
    """The retry key: the ``Idempotency-Key`` header, else the form's own."""
    return request.headers.get("Idempotency-Key") or form.idempotency_key()


def _store(match: Any, module: Any, form: Any) -> dict[str, Any] | Response:
    """The service's minimal answer for the stored deal, or the refusal for the phone."""
    record = module.to_record(form, match.players, match.options)
    try:
        return svc.record_deal(
            session=get_session(),
            match_id=match.id,
            record=record,
            idempotency_key=_idempotency_key(form),
            actor=ACTOR,
            expected_n=form.expected_n(),
            minimal=True,
        )
    except StaleAdd as error:
        return _refused(409, [error.message], deals=error.deals)
    except MatchFinished as error:
        return _refused(409, deal_words.finished_box(form, match, error), form)
    except RuleError as error:
        return _refused(422, deal_words.form_errors(form, match, error.errors), form)
    except Conflict as error:
        return _refused(409, [error.message])


def _saved(match: Any, token: str, answer: dict[str, Any]) -> Response:
    """The answer for a stored deal: 201 (200 for a repeat) with its list line and summary."""
    game, options = scoring.rules(match)
    sides = {"sides": list(game.side_names(match.players, options))}
    deal = deal_words.with_names(match, sides, answer["deal"])
    answer["html"] = render_template(
        "matches/_deal_line.html", d=deal, state=sides, match=match, token=token, editor=True
    )
    answer["summary"] = deal["summary"]
    if answer.get("money"):  # as the page writes it ("0,40 Kč"), not the API's "0.40"
        answer["money_text"] = [money(m, match.currency) for m in answer["money"]]
    return _json(answer, 200 if answer.pop("repeat", False) else 201)


@bp.post("/m/<match_id>/<token>/save")
def save_deal(match_id: str, token: str) -> Response:
    """Add the deal the form describes; JSON (minimal answer + the deal's list line)."""
    match = _linked_match(match_id, token)
    if match is None:
        return _refused(404, [_("This match link does not work: there is no such match.")])
    module = forms.deal_form(match.game, match.players, match.options, match.preset)
    form = module.build(match.game, match.players, match.options)
    if not form.validate_on_submit():
        return _invalid(form)
    answer = _store(match, module, form)
    if isinstance(answer, Response):
        return answer
    return _saved(match, token, answer)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the site's root so it may look after every match page."""
    response = send_from_directory(Path(current_app.static_folder or "") / "js", "sw.js")
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Cache-Control"] = "no-cache"
    return response
