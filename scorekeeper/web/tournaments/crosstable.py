"""Tournaments (HTML), the crosstable for everyone: who met whom in each round, each result, the
byes marked; a tab beside the live standings that updates itself the same way (live.js, ETag).
Its printable sheet is ``/tournaments/<id>/print/crosstable`` (the ``printing`` blueprint).
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, make_response, render_template, request

from ...db import get_session
from ...i18n import use_page_language
from ...printing.crosstable import crosstable_context
from ...services import tournaments as svc
from ...services.errors import ServiceError
from . import bp
from .public import REFRESH_SECONDS, etag_of


@bp.get("/<tournament_id>/crosstable")
def crosstable(tournament_id: str):
    """The crosstable page (its ETag is the standings': it changes when they may)."""
    try:
        etag = etag_of(tournament_id)
    except ServiceError:
        abort(404)
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    etag = etag_of(tournament_id, fresh=True)
    document = svc.crosstable(session=get_session(), tournament_id=tournament_id)
    use_page_language(document["tournament"].get("language"))
    state = svc.tournament_state(session=get_session(), tournament_id=tournament_id)
    response = make_response(
        render_template(
            "tournaments/crosstable.html",
            t=state,
            cross=crosstable_context(document),
            etag=etag,
            refresh=None if _over(state) else REFRESH_SECONDS,
        )
    )
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


def _over(state: dict[str, Any]) -> bool:
    """Whether the last planned round is closed: nothing more is played, no refreshing."""
    return (
        bool(state["rounds"])
        and state["rounds"][-1]["status"] == "closed"
        and len(state["rounds"]) >= state["rounds_planned"]
    )
