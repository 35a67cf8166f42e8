"""What the API blueprints share: the error answers of API.md, the decorator that turns the
services' errors into them, the request's JSON object, and ``install``: every error no view
turned into an answer is JSON too (a 503 with ``"retry": true`` for storage trouble, never an
HTML page). A blueprint (or a route added to one) gets all of it by ``install(bp)``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from ...db import get_session
from ...i18n.rule_messages import error_json
from ...rules.base import RuleError
from ...services.errors import Conflict, Forbidden, NotFound, ServiceError
from ..failures import what_happened
from ..security import MISSING, checked_json


def errors(status: int, errors: list[dict[str, str]]):  # noqa: ANN202
    """An API.md error answer: ``{"errors": [...]}`` with its status."""
    return jsonify({"errors": errors}), status


class Unauthorised(ServiceError):
    """No bearer token was sent."""


def json_errors(view: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the services' errors into API.md error answers."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return view(*args, **kwargs)
        except RuleError as error:
            get_session().rollback()
            return errors(422, [error_json(e) for e in error.errors])
        except Unauthorised as error:
            return errors(401, [error.to_json()])
        except Forbidden as error:
            return errors(403, [error_json(error)])
        except NotFound as error:
            return errors(404, [error_json(error)])
        except Conflict as error:
            get_session().rollback()
            return errors(409, [error_json(error)])

    return wrapper


def body() -> dict[str, Any]:
    """The request's JSON object; a 422 naming no field when it is not one."""
    data = checked_json() if request.is_json else MISSING
    if not isinstance(data, dict):
        raise RuleError("", _("Send a JSON object."))
    return data


def optional_body() -> dict[str, Any]:
    """The request's JSON object, or ``{}`` for a request without one (any other body too)."""
    data = checked_json()
    return data if isinstance(data, dict) else {}


def trouble_answer(error: BaseException) -> Response:
    """API.md's answer to an error no view handled: 503 with ``"retry": true`` when the
    database cannot store now (disk full, locked, read-only: nothing was stored), else 500.
    Logged with its traceback; the session is rolled back."""
    current_app.logger.exception("API error on %s %s", request.method, request.path)
    try:
        get_session().rollback()
    except Exception:  # noqa: BLE001 - the session may be unusable; the answer still goes
        current_app.logger.warning("could not roll back after the error", exc_info=True)
    reason, status = what_happened(error)
    document: dict[str, Any] = {"errors": [{"field": "", "message": reason}]}
    if status == 503:
        document["retry"] = True
    response = jsonify(document)
    response.status_code = status
    if status == 503:
        response.headers["Retry-After"] = "5"
    return response


def http_answer(error: HTTPException) -> Response:
    """An HTTP error werkzeug raised (405, 413, a body it could not read) as API.md JSON; what
    werkzeug calls a bad request is invalid input to us (422)."""
    response = jsonify({"errors": [{"field": "", "message": error.description or error.name}]})
    response.status_code = _status(error)
    _pass_headers(error, response)
    return response


def _status(error: HTTPException) -> int:
    """The answer's status: werkzeug's (400 without one), but a bad request is a 422."""
    status = error.code or 400
    return 422 if status == 400 else status


def _pass_headers(error: HTTPException, response: Response) -> None:
    """The headers werkzeug's error carries that a client acts on: Allow, Retry-After."""
    headers = dict(error.get_headers())
    for name in ("Allow", "Retry-After"):
        if name in headers:
            response.headers[name] = headers[name]


def _any_error(error: Exception) -> Response:
    if isinstance(error, HTTPException):
        return http_answer(error)
    return trouble_answer(error)


def install(bp: Blueprint) -> None:
    """Answer every error of ``bp``'s views that no handler turned into an answer as JSON."""
    bp.register_error_handler(Exception, _any_error)
