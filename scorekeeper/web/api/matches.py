"""JSON API v1 for matches (docs/api.md): thin views over ``services.matches``.

Reads are open to whoever has the id; changes need ``Authorization: Bearer <token>``. Every
error is JSON: 401/403 auth, 404 unknown, 409 conflict (stale version, finished match), 422 bad
input as ``{"errors": [{"field", "message"}]}``. Nothing a client sends may cause a 500, so the
body is parsed here (never by Flask's ``get_json``) and the blueprint has its own error handlers.
Each answer carries ``X-Server-Time-Ms`` / ``Server-Timing`` (what the benchmark measures).

Besides API.md: ``GET /matches/<id>/history`` (the audit trail), ``POST /matches/<id>/undo``
(remove the last deal) and ``POST /matches/<id>/rematch`` (201, a new match and its token).
"""

from __future__ import annotations

import hmac
import re
import time
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, g, request, url_for
from flask_babel import gettext as _

from ... import json_text
from ...db import LazySession, get_session
from ...i18n.rule_messages import error_json, render
from ...rules.base import FieldError, MatchFinished, RuleError
from ...rules.messages import Msg
from ...services import matches as svc
from ...services.errors import Conflict, Forbidden, NotFound, StaleDeal
from ...services.match_settlement import settlement
from ..security import MISSING, checked_json, current_request
from .answers import install

bp = Blueprint("api", __name__, url_prefix="/api/v1")
install(bp)  # any other error: JSON (503 with "retry" for storage trouble), never HTML

MATCH_FIELDS = {"game", "preset", "players", "options", "stake", "currency", "title"}
MAX_KEY = 200


class BadInput(RuleError):
    """The request itself is unreadable (not JSON, wrong shape, bad header)."""


class NoToken(Exception):
    """A change was asked for without a bearer token (401)."""


@bp.before_request
def _start_clock() -> None:
    g.api_started = (time.perf_counter(), time.thread_time())


@bp.after_request
def _server_time(response: Response) -> Response:
    started = g.get("api_started")
    if started is not None:
        ms = (time.perf_counter() - started[0]) * 1000
        cpu = (time.thread_time() - started[1]) * 1000
        response.headers.extend(  # (added, not set: no header of these names is there yet)
            [
                ("X-Server-Time-Ms", f"{ms:.2f}"),
                ("Server-Timing", f"app;dur={ms:.2f}, cpu;dur={cpu:.2f}"),
            ]
        )
    response.headers.add("Cache-Control", "no-store")  # (no view of this blueprint sets one)
    return response


def jsonify(data: Any) -> Response:
    """Compact JSON, keys in the order built (cheaper than Flask's sorted default); a state the
    service already encoded is sent as encoded. A match's made-up title (a coded message: the
    game and its players, or a tournament table's event, round and table) is said in the
    request's language, as docs/api.md promises."""
    body = getattr(data, "encoded", None)
    said = _said_title(data)
    if said is not None:
        body = _retitled(body, data["title"], said) if body is not None else None
        data = dict(data, title=said)
    if body is None:
        body = json_text.dumps(data)
    return Response(body, mimetype="application/json")


def _said_title(data: Any) -> str | None:
    """A match's made-up title (a coded message) in the request's language; None when the data
    has no such title or it reads the same."""
    title = data.get("title") if isinstance(data, dict) else None
    if not isinstance(title, Msg):
        return None
    said = render(title)
    return said if said != title else None


def _retitled(body: str, title: str, said: str) -> str | None:
    """An encoded state with its title (the state's last key) said otherwise; None when the
    title is not where a state ends (then the state is encoded again)."""
    tail = ',"title":' + json_text.dumps(str(title)) + "}"
    if not body.endswith(tail):
        return None
    return body[: -len(tail)] + ',"title":' + json_text.dumps(said) + "}"


def _errors(status: int, errors: list[dict[str, str]], **extra: Any) -> tuple[Response, int]:
    return jsonify({"errors": errors, **extra}), status


@bp.errorhandler(MatchFinished)
def _finished(error: MatchFinished):  # noqa: ANN202
    return _errors(409, [error_json(e) for e in error.errors], deal=error.deal)


@bp.errorhandler(RuleError)
def _invalid(error: RuleError):  # noqa: ANN202
    errors = [error_json(e) for e in error.errors]
    return _errors(422, errors, deal=getattr(error, "deal", None))


@bp.errorhandler(NotFound)
def _not_found(error: NotFound):  # noqa: ANN202
    return _errors(404, [error_json(error)])


@bp.errorhandler(Forbidden)
def _forbidden(error: Forbidden):  # noqa: ANN202
    return _errors(403, [error_json(error)])


@bp.errorhandler(NoToken)
def _no_token(_error: NoToken):  # noqa: ANN202
    response, status = _errors(
        401,
        [
            {
                "field": "Authorization",
                "message": _("Send the match's token: Authorization: Bearer <token>."),
            }
        ],
    )
    response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response, status


@bp.errorhandler(Conflict)
def _conflict(error: Conflict):  # noqa: ANN202
    if isinstance(error, StaleDeal):  # API.md v2 "Which deal"
        return _errors(409, [error_json(error)], current=error.current_deal, yours=error.yours)
    return _errors(409, [error_json(error)], current_version=error.current)


def _body() -> Any:
    """The request body as JSON (any content type; ``security.check_input`` parsed and checked
    it); BadInput when there is none or it is not JSON."""
    checked = checked_json()
    if checked is MISSING:
        raise BadInput("", _("The body must be JSON (UTF-8)."))
    return checked


def _object(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BadInput("", _("The body must be a JSON object."))
    return data


def _authorise(match_id: str) -> None:
    """404 unknown match, 401 without a bearer token, 403 when the token does not open it."""
    secret = svc.match_token(session=get_session(), match_id=match_id)
    _opens(_bearer())(secret)


def _bearer(environ: dict | None = None) -> str | None:
    """The bearer token the request sends, or None (``environ``: the request's, if at hand;
    headers are read from it directly, without werkzeug's header objects)."""
    environ = current_request().environ if environ is None else environ
    scheme, _sep, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _opens(token: str | None) -> Callable[[str], None]:
    """A check of the match's secret against ``token``: 401 without one, 403 when it differs."""

    def check(secret: str) -> None:
        if token is None:
            raise NoToken()
        if not hmac.compare_digest(secret.encode(), token.encode()):
            raise Forbidden(_("This token does not open this match."), field="Authorization")

    return check


_ETAG = re.compile(r"[0-9]{1,18}-[0-9]{1,9}")


def _if_match() -> str | None:
    """The etag in If-Match (API.md v2: a deal's ``etag``, quoted or not), or None."""
    value = request.headers.get("If-Match")
    if value is None or value.strip() in ("", "*"):
        return None
    value = value.strip().removeprefix("W/").strip('"')
    if not _ETAG.fullmatch(value):
        raise BadInput(
            "If-Match",
            _('If-Match is the deal\'s etag as the match state gives it (like "17-2").'),
        )
    return value


def _minimal(environ: dict) -> bool:
    """Whether the client asked for ``Prefer: return=minimal`` (API.md v2)."""
    prefer = environ.get("HTTP_PREFER", "")
    if prefer == "return=minimal":  # (as the phones send it)
        return True
    return any(p.strip().lower() == "return=minimal" for p in re.split(r"[,;]", prefer))


@bp.post("/matches")
def create_match():  # noqa: ANN201
    """Start a match; answers 201 with the state and the token."""
    data = _object(_body())
    unknown = sorted(set(data) - MATCH_FIELDS)
    if unknown:
        raise BadInput([FieldError(str(name)[:100], _("Unknown field.")) for name in unknown])
    session = get_session()
    setup = {name: data.get(name) for name in MATCH_FIELDS}
    match = svc.create_match(session=session, actor="api", **setup)
    state = svc.match_state(session=session, match=match)
    state["token"] = match.token
    response = jsonify(state)
    response.headers["Location"] = url_for("api.get_match", match_id=match.id)
    return response, 201


@bp.get("/matches/<match_id>")
def get_match(match_id: str):  # noqa: ANN201
    """The match state."""
    session = get_session()
    match = svc.get_match(session=session, match_id=match_id)
    etag = f'W/"{match.version}"'  # every change bumps the version: cheap polling for spectators
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag})
    response = jsonify(svc.match_state(session=session, match=match))
    response.headers["ETag"] = etag
    return response


@bp.get("/matches/<match_id>/settlement")
def get_settlement(match_id: str):  # noqa: ANN201
    """Who pays whom (docs/api.md "Settlement"): the fewest payments that clear the balances;
    no payments for a game not played for money."""
    session = get_session()
    match = svc.get_match(session=session, match_id=match_id)
    state = svc.match_state(session=session, match=match)
    none = {"currency": None, "finished": bool(state["finished"]), "payments": []}
    return jsonify(settlement(state) or none)


@bp.get("/matches/<match_id>/history")
def get_history(match_id: str):  # noqa: ANN201
    """The audit trail of the match, oldest first."""
    return jsonify(
        {"id": match_id, "history": svc.history(session=get_session(), match_id=match_id)}
    )


@bp.post("/matches/<match_id>/deals")
def post_deal(match_id: str):  # noqa: ANN201
    """Add a deal; a repeated Idempotency-Key returns the first answer.

    The token is checked against the match as the save reads it (one statement fewer on the
    phones' most frequent request); a request the save would not reach (no token, a bad header
    or body) is authorised first, so 404/401/403 still come before 422."""
    environ = current_request().environ
    token = _bearer(environ)
    if token is None:
        _authorise(match_id)
    try:
        key = _idempotency_key(environ)
        record = _body()
    except BadInput:
        _authorise(match_id)
        raise
    minimal = _minimal(environ)
    state = svc.record_deal(
        session=LazySession(),  # type: ignore[arg-type]  (a Session when more is asked of it)
        match_id=match_id,
        record=record,
        idempotency_key=key,
        actor="api",
        minimal=minimal,
        authorise=_opens(token),
    )
    state.pop("repeat", None)
    response = jsonify(state)
    if minimal:
        response.headers.add("Preference-Applied", "return=minimal")
    return response, 201


def _idempotency_key(environ: dict[str, Any]) -> str | None:
    """The Idempotency-Key header (None without one); BadInput unless it is at most
    ``MAX_KEY`` printable ASCII characters."""
    key = environ.get("HTTP_IDEMPOTENCY_KEY")
    if key is not None and not _fair_key(key):
        raise BadInput("Idempotency-Key", _("At most %(n)s printable ASCII characters.", n=MAX_KEY))
    return key


def _fair_key(key: str) -> bool:
    """Whether an Idempotency-Key is one to store: 1 to ``MAX_KEY`` printable ASCII characters."""
    return 0 < len(key) <= MAX_KEY and key.isascii() and key.isprintable()


@bp.put("/matches/<match_id>/deals/<int:n>")
def put_deal(match_id: str, n: int):  # noqa: ANN201
    """Replace deal n (optional If-Match: the deal's etag)."""
    _authorise(match_id)
    expected = _if_match()
    state = svc.replace_deal(
        session=get_session(),
        match_id=match_id,
        n=n,
        record=_body(),
        expected_etag=expected,
        actor="api",
    )
    return jsonify(state)


@bp.delete("/matches/<match_id>/deals/<int:n>")
def delete_deal(match_id: str, n: int):  # noqa: ANN201
    """Remove deal n (optional If-Match: the deal's etag)."""
    _authorise(match_id)
    state = svc.delete_deal(
        session=get_session(), match_id=match_id, n=n, expected_etag=_if_match(), actor="api"
    )
    return jsonify(state)


@bp.post("/matches/<match_id>/undo")
def undo(match_id: str):  # noqa: ANN201
    """Remove the last deal (optional If-Match: the etag of the deal meant)."""
    _authorise(match_id)
    session = get_session()
    return jsonify(
        svc.undo_last_deal(
            session=session, match_id=match_id, expected_etag=_if_match(), actor="api"
        )
    )


@bp.post("/matches/<match_id>/rematch")
def rematch(match_id: str):  # noqa: ANN201
    """A new match with the same players and options; 201 with its state and token."""
    _authorise(match_id)
    session = get_session()
    match = svc.rematch(session=session, match_id=match_id, actor="api")
    state = svc.match_state(session=session, match=match)
    state["token"] = match.token
    response = jsonify(state)
    response.headers["Location"] = url_for("api.get_match", match_id=match.id)
    return response, 201


@bp.post("/matches/<match_id>/finish")
def finish(match_id: str):  # noqa: ANN201
    """End an open Mariáš session (RULES.md §4 v2); 409 for any other match."""
    from ...services.match_finish import finish_match

    _authorise(match_id)
    return jsonify(finish_match(session=get_session(), match_id=match_id, actor="api"))


@bp.route("/<path:_unknown>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
def unknown(_unknown: str):  # noqa: ANN201
    """Any other URL under /api/v1: a JSON 404 (routing errors never reach blueprint handlers)."""
    return _errors(404, [{"field": "", "message": _("There is no such API address.")}])
