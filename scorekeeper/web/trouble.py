"""Server trouble on any page (a bug, a full disk, a read-only database): never a bare 500.

A form that hit the trouble is shown again in the app's own look with what was typed: the
match page's deal form as the player left it, any other form as a "try again" page that posts
the same fields back (with a fresh CSRF token) and lists them. The background save and the
JSON API answer JSON instead. The error is logged with its traceback. Nothing is half-stored:
the services roll a failed change back before it gets here.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from ..db import get_session
from . import error_pages
from .failures import what_happened


def _match_page(reason: str, status: int) -> Any:
    """The match page again, its deal form filled in as it was posted."""
    from ..services import matches as svc
    from . import forms
    from .matches import view as match_view

    args = request.view_args or {}
    session = get_session()
    match = svc.get_match(session=session, match_id=args["match_id"])
    if not svc.check_token(match, args.get("token")):
        return None
    state = svc.match_state(session=session, match=match)
    module = forms.deal_form(match.game, match.players, match.options, match.preset)
    form = module.build(match.game, match.players, match.options)
    form.validate()  # binds what was posted; errors are not the point here
    for field in form:
        field.errors = []
    # the form's own button, quoted by its label ("Save deal 4"), never a shorter word
    button = _("Save deal %(n)s", n=len(state["deals"]) + 1)
    box = [
        reason,
        _("The deal is still in the form below: tap “%(button)s” to try again.", button=button),
    ]
    ctx = match_view.context(match, state, args["token"], form=form, box=box)
    return render_template("matches/match.html", **ctx), status


def _roll_back() -> None:
    """Roll the request's database session back (nothing half-stored)."""
    try:
        get_session().rollback()
    except Exception:  # noqa: BLE001 - the session may be unusable; the page is still shown
        current_app.logger.warning("could not roll back after the error", exc_info=True)


def _wants_json() -> bool:
    """Whether the request came from the background save or a JSON client."""
    return request.path.endswith("/save") or request.accept_mimetypes.best == "application/json"


def _json_answer(reason: str, status: int) -> Response:
    """The JSON API's error list; a 503 says the client may retry."""
    document = {"errors": [{"field": "", "message": reason}]}
    response: Response = jsonify({**document, "retry": True} if status == 503 else document)
    response.status_code = status
    return response


def _deal_form_again(reason: str, status: int) -> Any:
    """A deal posted on the match page: the page again with the deal in its form; None for
    any other request, or when the database cannot even be read."""
    if request.method != "POST" or request.endpoint != "matches.edit":
        return None
    try:
        return _match_page(reason, status)
    except Exception:  # noqa: BLE001 - the database cannot even be read: the plain page
        current_app.logger.warning("could not show the match page again", exc_info=True)
        return None


def _posted_fields() -> list[tuple[str, str]]:
    """What a form posted, field by field (its old CSRF token left out), to post again."""
    if request.method != "POST":
        return []
    return [
        (name, value)
        for name, values in request.form.lists()
        if name != "csrf_token"
        for value in values
    ]


def handle(error: Exception) -> Any:
    """The app's answer to an error no view handled."""
    if isinstance(error, HTTPException):  # (the app registers error_pages for these)
        return error_pages.handle(error)
    current_app.logger.exception("Server trouble on %s %s", request.method, request.path)
    _roll_back()
    reason, status = what_happened(error)
    if _wants_json():
        return _json_answer(reason, status)
    page = _deal_form_again(reason, status)
    if page is not None:
        return page
    return render_template(
        "errors/trouble.html",
        reason=reason,
        fields=_posted_fields(),
        again=request.url,
        back=request.referrer,
    ), status


def register(app: Flask) -> None:
    """Answer every unhandled error of the app through ``handle`` (the JSON API keeps its own),
    and every HTTP error through the app's own pages (``error_pages``)."""
    app.register_error_handler(Exception, handle)
    error_pages.register(app)
