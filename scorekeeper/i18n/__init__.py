"""The players' language: which one a request is answered in, the switcher, local formats.

Order (API.md v2 "Languages"): ``?lang=xx`` on the link, then the switcher's choice remembered on
the device (the ``lang`` cookie), then the language a view set for the page (a tournament's sheets
and TV view call :func:`use_page_language` with the tournament's ``language``), then the browser's
``Accept-Language``, then English. JSON API errors follow ``?lang`` and ``Accept-Language`` only.

``init_app`` (called once from ``create_app``) installs the selector into Flask-Babel, the
``/language/<code>`` route the switcher's links use, and the Jinja filters of ``formats``; and it
makes every coded message a template prints (a ``Msg`` of the rules or the services: a refusal,
a match's title) read in the page's language.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import Blueprint, Flask, g, redirect, request
from flask_babel import get_babel, get_locale, refresh

from ..rules.messages import Msg
from . import formats, games, rule_messages

# code -> the language's own name, as the switcher shows it
LANGUAGES: dict[str, str] = {
    "cs": "Čeština",
    "pl": "Polski",
    "de": "Deutsch",
    "it": "Italiano",
    "en": "English",
}
COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
API_PREFIX = "/api/"

bp = Blueprint("i18n", __name__)


def _known(code: Any) -> str | None:
    """``code`` when it names one of LANGUAGES ("cs", "CS", "cs-CZ", "cs_CZ"), else None."""
    if not isinstance(code, str) or not code:
        return None
    base = code.replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


def select_language() -> str | None:
    """The request's language code, in the documented order (None outside a request)."""
    if not request:
        return None
    chosen = _known(request.args.get("lang"))
    if chosen:
        return chosen
    return _remembered() or request.accept_languages.best_match(list(LANGUAGES)) or "en"


def _remembered() -> str | None:
    """The language chosen on this device, else this page's own (neither for the API)."""
    if request.path.startswith(API_PREFIX):
        return None
    return _known(request.cookies.get(COOKIE)) or _known(g.get("page_language"))


def use_page_language(code: str | None) -> None:
    """Let this page default to ``code`` (e.g. a tournament's ``language``) for a visitor who
    neither passed ``?lang`` nor chose a language on this device; call it before rendering."""
    g.page_language = code
    refresh()  # the locale may have been chosen already in this request


def current_language() -> str:
    """The code of the language this request is answered in ("en" outside a request)."""
    locale = get_locale()
    return locale.language if locale else "en"


def _safe_next(target: str | None) -> str:
    """A local path to go back to (never another site)."""
    target = target or "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/"):
        return "/"
    return target


@bp.get("/language/<code>")
def choose(code: str):
    """The switcher: remember ``code`` on this device and go back to the page."""
    response = redirect(_safe_next(request.args.get("next")))
    chosen = _known(code)
    if chosen:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def _switcher() -> dict[str, Any]:
    """Template globals: the languages and the current one, for base.html's switcher."""
    if not request:
        return {}
    args = {k: v for k, v in request.args.items() if k != "lang"}
    path = request.path + ("?" + urlencode(args) if args else "")
    return {
        "languages": LANGUAGES,
        "language": current_language(),
        "language_next": path,
    }


def _said(value: Any) -> Any:
    """What a template prints: a coded message in the page's language, anything else as is."""
    return rule_messages.render(value) if isinstance(value, Msg) else value


def init_app(app: Flask) -> None:
    """Install the language selector, the switcher route and the format filters."""
    get_babel(app).locale_selector = select_language
    app.register_blueprint(bp)
    app.context_processor(_switcher)
    app.jinja_env.globals["get_locale"] = get_locale  # <html lang="…"> of every page
    formats.register(app)
    app.jinja_env.filters.update(game_title=games.game_title, preset_label=games.preset_label)
    app.jinja_env.finalize = _said
