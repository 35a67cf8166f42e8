"""The app's own error pages (404, 405, 409, 413, a form sent too late…): in the app's look and
the reader's language, with a way back, never the server's bare English page.

``register`` answers every HTTP error no view handled; views call ``page`` for an error they
explain better themselves (a deal that is not in the match). Under ``/api/`` the answer is the
JSON API's error list instead (API.md: ``{"errors": [{"field", "message"}]}``). Server trouble
(500, a full disk) is ``trouble``'s, which keeps what was typed.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

#: What each status means to a player: (heading, what happened and what to do).
WORDS: dict[int, tuple[Any, Any]] = {
    400: (
        _l("This request could not be read"),
        _l(
            "The server could not make sense of what the page sent. Go back, reload the page "
            "and try again."
        ),
    ),  # fmt: skip
    403: (
        _l("Not allowed"),
        _l("This page needs a login or a link you do not have."),
    ),
    404: (
        _l("Page not found"),
        _l("There is nothing at this address. The link may be mistyped or out of date."),
    ),
    405: (
        _l("This address cannot be used like that"),
        _l("Open it from the app's own pages and buttons."),
    ),
    409: (
        _l("Changed meanwhile"),
        _l(
            "Something changed on another phone meanwhile, so nothing was changed here. Go "
            "back and reload the page to see it as it is now."
        ),
    ),  # fmt: skip
    413: (
        _l("Too much at once"),
        _l("What was sent is larger than the server accepts, so nothing was stored."),
    ),
    429: (
        _l("Too many tries"),
        _l("Too many tries in a short time. Wait a minute, then try again."),
    ),
}
CSRF_WORDS = (
    _l("This page was open too long"),
    _l("The form expired or did not come from this site, so nothing was stored. Go back, "
       "reload the page and enter it again."),
)  # fmt: skip
OTHER = (
    _l("Something went wrong"),
    _l("The page could not be shown. Go back and try again in a moment."),
)
KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate")


def page(
    status: int,
    *,
    detail: str | None = None,
    back: tuple[str, str] | None = None,
    words: tuple[Any, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """The error page for ``status``: heading, explanation (or ``detail``), a link ``back``
    (address, text) when the caller knows a better one than the page the player came from."""
    title, text = words or WORDS.get(status, OTHER)
    html = render_template(
        "errors/http.html",
        status=status,
        title=title,
        text=detail or text,
        back=back,
        referrer=_same_site_referrer(),
    )
    response = Response(html, status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _same_site_referrer() -> str | None:
    """The page the player came from, when it is on this site (never a link to elsewhere)."""
    referrer = request.referrer or ""
    return referrer if referrer.startswith(request.host_url) else None


def _kept_headers(error: HTTPException) -> dict[str, str]:
    """The error's headers an answer keeps (``KEPT_HEADERS``: what to do next)."""
    return {k: v for k, v in error.get_headers() if k in KEPT_HEADERS}


def _api_answer(error: HTTPException, status: int, headers: dict[str, str]) -> Response:
    """The JSON API's error list (API.md); a 400 is a 422 there, with what was wrong."""
    message = str(WORDS.get(status, OTHER)[1]) if status != 400 else error.description
    response = jsonify({"errors": [{"field": "", "message": message}]})
    response.status_code = 422 if status == 400 else status
    response.headers.update(headers)
    return response


def handle(error: HTTPException) -> Any:
    """Any HTTP error a view did not answer itself."""
    status = error.code or 500
    if status < 400:
        return error  # a redirect the router asks for, not an error
    kept = _kept_headers(error)
    if request.path.startswith("/api/"):
        return _api_answer(error, status, kept)
    words = CSRF_WORDS if isinstance(error, CSRFError) else None
    return page(status, words=words, headers=kept)


def register(app: Flask) -> None:
    """Answer every HTTP error through ``handle``."""
    app.register_error_handler(HTTPException, handle)
