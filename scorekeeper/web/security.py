"""Answers for hostile or broken input, and the security headers of every response.

- JSON is parsed strictly: ``NaN``, ``Infinity`` and numbers too large for a float are not
  numbers, and JSON nested deeper than ``MAX_JSON_DEPTH`` is refused (422 with a reason, never a
  500 from Python's recursion limit).
- A NUL character (PostgreSQL cannot store one) in the path is a 404; a NUL or a lone surrogate
  (not Unicode text: no database stores one) in a query, form field or JSON text is a 400 (a
  422 for the JSON API) naming the field; nothing reaches the database.
- A request whose body is empty has no body, whatever its Content-Type.
- Every response carries a Content-Security-Policy (scripts and styles only from this site; no
  framing), ``Referrer-Policy: no-referrer`` (edit tokens are in URLs) and ``nosniff``.
"""

from __future__ import annotations

import hmac
import json
import math
import re
from collections.abc import Iterable
from typing import Any

from flask import Flask, Request, Response, g, jsonify
from flask import request as flask_request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_babel import gettext as _

from ..config import CSP

MAX_JSON_DEPTH = 32

HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


class BadJSON(ValueError):
    """A body that is not JSON we accept; ``str()`` says why in words."""


def _reject_constant(name: str) -> Any:
    raise BadJSON(_("%(name)s is not a number.", name=name))


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise BadJSON(_("%(number)s is too large a number.", number=text[:20]))
    return number


#: How each bracket changes the nesting depth (anything else: not at all).
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}


def _in_string_step(char: str, escaped: bool) -> tuple[bool, bool]:
    """Inside a JSON string: whether it is still open after ``char``, and whether ``char``
    escapes the next one (``escaped``: this one is escaped)."""
    if escaped:
        return True, False
    return char != '"', char == "\\"


def _depth(text: str) -> int:
    """How deeply brackets nest in ``text`` (outside strings), counted without recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            in_string, escaped = _in_string_step(char, escaped)
        elif char == '"':
            in_string = True
        else:
            depth += _NESTING.get(char, 0)
            deepest = max(deepest, depth)
    return deepest


def strict_loads(text: str | bytes) -> Any:
    """``json.loads`` without NaN/Infinity and without deep nesting (BadJSON says why)."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    brackets = text.count("[") + text.count("{")  # cheap: most bodies cannot be too deep
    if brackets > MAX_JSON_DEPTH and _depth(text) > MAX_JSON_DEPTH:
        raise BadJSON(_("The JSON is nested too deeply."))
    return _DECODER.decode(text)


_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite)  # built once


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's JSON, parsing strictly (see ``strict_loads``)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:  # noqa: D102
        return strict_loads(s)


def text_trouble(text: str) -> str | None:
    """Why ``text`` cannot be stored (a NUL, or a lone surrogate: not Unicode text), else None."""
    if "\x00" in text:
        return _("Text may not contain NUL characters.")
    if _SURROGATE.search(text):
        return _("Text must be valid Unicode (this holds a lone surrogate).")
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")
# JSON carries a NUL or a surrogate only escaped (raw control characters are refused and the
# body decodes as UTF-8): without such an escape in the text there is nothing to look for
_ESCAPES = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")


def _entries(value: Any) -> Iterable[tuple[Any, Any]]:
    """The (key, value) pairs of a JSON object or array; none for anything else."""
    if isinstance(value, dict):
        return value.items()
    if isinstance(value, list):
        return enumerate(value)
    return ()


def _bad_entry(key: Any, item: Any, path: str) -> tuple[str, str] | None:
    """The first text that cannot be stored in one entry of an object or array: its key,
    else anywhere in its value."""
    inner = f"{path}.{key}" if path else str(key)
    reason = text_trouble(key) if isinstance(key, str) else None
    return (inner, reason) if reason else _bad_field(item, inner)


def _bad_field(value: Any, path: str = "") -> tuple[str, str] | None:
    """The dotted path (``players.0``) of the first text that cannot be stored, and why."""
    if isinstance(value, str):
        reason = text_trouble(value)
        return (path, reason) if reason else None
    for key, item in _entries(value):
        found = _bad_entry(key, item, path)
        if found is not None:
            return found
    return None


def _refuse(field: str, message: str, api: bool) -> Response:
    """422 with API.md's error list for the JSON API; a 400 saying why for pages."""
    field = _SURROGATE.sub("\ufffd", field)  # (never echo what cannot be encoded)
    if not api:
        return Response(message, status=400, mimetype="text/plain")
    response = jsonify({"errors": [{"field": field, "message": message}]})
    response.status_code = 422
    return response


def current_request() -> Request:
    """The request itself, not Flask's proxy to it (for code that reads it many times)."""
    return flask_request._get_current_object()  # type: ignore[attr-defined]


def _not_found(api: bool) -> Response:
    """404 for a path holding a NUL: the JSON API's error list, or plain text for pages."""
    if not api:
        return Response(_("Not found."), status=404, mimetype="text/plain")
    response = jsonify({"errors": [{"field": "", "message": _("Not found.")}]})
    response.status_code = 404
    return response


def _text_sources(request: Request) -> tuple[Any, ...]:
    """Where a request carries text fields: its query (when it has one) and, unless the body
    is JSON, its form."""
    sources = (request.args,) if request.query_string else ()
    return sources if request.is_json else (*sources, request.form)


def _bad_text(request: Request) -> tuple[str, str] | None:
    """The first query or form field whose name or value cannot be stored, and why."""
    for source in _text_sources(request):
        for key, value in source.items(multi=True):
            reason = text_trouble(key) or text_trouble(value)
            if reason:
                return key, reason
    return None


def _may_carry_json(request: Request, api: bool) -> bool:
    """Whether the request's body is to be read as JSON: a JSON body, or any body sent to the
    JSON API (a GET or an empty body is none)."""
    return request.method != "GET" and (request.is_json or api) and request.content_length != 0


def _json_body(request: Request, api: bool) -> bytes | None:
    """The body to read as JSON, None when there is none."""
    if not _may_carry_json(request, api):
        return None
    raw = request.get_data(cache=True)
    # no body (common clients send the JSON Content-Type on every request)
    return raw if raw.strip() else None


def _not_json(error: ValueError, is_json: bool, api: bool) -> Response | None:
    """The refusal of a body that does not parse; None when it did not claim to be JSON (the
    view says what it expected)."""
    if not is_json:
        return None
    reason = str(error) if isinstance(error, BadJSON) else _("This is not valid JSON.")
    return _refuse("", reason, api)


def _check_json(request: Request, api: bool) -> Response | None:
    """Parse a JSON body once, refusing what we do not accept; the views read it from ``g``."""
    raw = _json_body(request, api)
    if raw is None:
        return None
    try:
        body = strict_loads(raw)
    except (BadJSON, ValueError) as error:
        return _not_json(error, request.is_json, api)
    found = _bad_field(body) if _ESCAPES.search(raw) else None
    if found is not None:
        return _refuse(*found, api)
    g.checked_json = body  # the views read this instead of parsing the body again
    return None


def check_input() -> Response | None:
    """Refuse text that cannot be stored and JSON we do not accept before any view runs.

    A request without a body, or with an empty one, is a request without a body whatever its
    Content-Type (docs/api.md). The JSON API reads a body as JSON whatever its Content-Type;
    a body that is not JSON under another Content-Type is left to the view, which says what it
    expected."""
    request = current_request()  # (once: every use of the proxy looks it up again)
    api = request.path.startswith("/api/")
    if "\x00" in request.path:
        return _not_found(api)
    found = _bad_text(request)
    if found is not None:
        return _refuse(*found, api)
    return _check_json(request, api)


def tokens_equal(secret: str, token: Any) -> bool:
    """Whether ``token`` (as a client sent it: any text, or nothing) is ``secret``, compared in
    constant time; text that is not ASCII, or not text, opens nothing (and is no 500)."""
    if not isinstance(token, str) or not token or not token.isascii():
        return False
    return hmac.compare_digest(secret.encode(), token.encode())


def checked_json() -> Any:
    """The request's JSON body as ``check_input`` parsed and checked it; ``MISSING`` when it
    did not (not a JSON request, or an empty body)."""
    return g.get("checked_json", MISSING)


MISSING: Any = object()


class SecurityHeaders:
    """WSGI wrapper adding ``HEADERS`` to every response that does not set them itself (a view
    may set its own Content-Security-Policy). Outside Flask's response object, it costs a few
    list operations per response, and it also covers answers no after-request hook sees."""

    def __init__(self, wsgi_app: Any):
        self.wsgi_app = wsgi_app
        self.items = list(HEADERS.items())
        # as Flask writes them, and lower-cased (a check per header, not a lower() each)
        self.names = frozenset(HEADERS) | frozenset(name.lower() for name in HEADERS)

    def __call__(self, environ: dict, start_response: Any) -> Any:
        names, items = self.names, self.items

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            own = [name.lower() for name, _value in headers if name in names]
            if own:  # the view set some of them itself (a printable's own CSP)
                headers.extend((n, v) for n, v in items if n.lower() not in own)
            else:
                headers.extend(items)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, answering a request without the cookie (every API call,
    a first visit) with an empty session before building the signer."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if app.secret_key and (
            "HTTP_COOKIE" not in request.environ  # (no cookies at all: nothing to parse)
            or not request.cookies.get(self.get_cookie_name(app))
        ):
            return self.session_class()
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    """Install the strict JSON parser, the input checks and the headers on ``app``."""
    app.json_provider_class = StrictJSONProvider
    app.json = StrictJSONProvider(app)
    app.session_interface = CookieSessions()
    app.before_request(check_input)
    proxies = int(app.config.get("PROXIES") or 0)
    if proxies > 0:  # behind N trusted reverse proxies: the client is the one they name
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
