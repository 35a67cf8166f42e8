"""ETags for pages that update themselves: the spectators' match page (static/js/live.js) and
the table's own match page (static/js/refresh.js: the other phone's deals).

The script fetches the page again every few seconds; the browser sends the last ``ETag`` as
``If-None-Match`` and, while nothing shown has changed, the view answers ``304`` without
scoring the match. No ``<meta refresh>``: the page never reloads.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Response, current_app, request, session
from flask_babel import get_locale

from ..db import get_session

MATCH_REFRESH_SECONDS = 20  # how often an open spectators' page asks for news
EDITOR_REFRESH_SECONDS = 10  # the table's phones: another phone's deal shows within seconds


def editor_refresh_seconds() -> int:
    """How often a scoring phone asks for the other phones' deals (config
    ``MATCH_EDITOR_REFRESH_SECONDS``, for tests)."""
    return int(current_app.config.get("MATCH_EDITOR_REFRESH_SECONDS", EDITOR_REFRESH_SECONDS))


def match_etag(match: Any) -> str:
    """Changes whenever the spectators' page may: a deal, a rename, the language, and for a
    tournament table the tournament's standings (the organiser's figures may count instead)."""
    from ..services import tournaments

    session = get_session()
    found = tournaments.table_of_match(session=session, match_id=match.id)
    mark = tournaments.standings_etag(session=session, tournament_id=found[0]) if found else ""
    text = f"{match.id}.{match.version}.{match.updated_at}.{mark}.{get_locale() or ''}"
    return f'W/"m.{hashlib.sha256(text.encode()).hexdigest()[:20]}"'


def navigating() -> bool:
    """Whether the browser is opening the page (a tap, a reload), not a script asking for it."""
    return request.headers.get("Sec-Fetch-Mode") == "navigate"


def not_modified(etag: str) -> Response | None:
    """A ``304`` when the browser already holds ``etag``, else None (never while a message
    waits to be shown on the next page: the browser's copy does not have it)."""
    if etag in request.headers.get("If-None-Match", "") and not session.get("_flashes"):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    return None


def with_etag(response: Response, etag: str) -> Response:
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response
