"""What the tournament and season APIs share: the error answers of API.md, the decorator that
turns the services' errors into them, and the request's JSON object."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import jsonify, request
from flask_babel import gettext as _

from ...db import get_session
from ...i18n.rule_messages import error_json
from ...rules.base import RuleError
from ...services.errors import Conflict, Forbidden, NotFound, ServiceError


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
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise RuleError("", _("Send a JSON object."))
    return data
