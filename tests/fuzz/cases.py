"""One fuzz request: where it goes, what it carries, and the route it is counted under."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Case:
    """A request: ``body`` is sent as it is (bytes or text) with ``content_type``; ``data`` is
    a form (a dict of fields, or a list of pairs to repeat one) sent as the test client encodes
    it. ``order`` puts requests that end things (finish, delete, log out) after the others."""

    surface: str  # "api" or "form"
    route: str  # the URL rule, e.g. "POST /api/v1/matches/<match_id>/deals"
    method: str
    url: str
    body: bytes | str | None = None
    content_type: str | None = None
    data: Any = None
    headers: tuple = ()
    order: int = 0
    multipart: bool = False
    note: str = field(default="", compare=False)


def json_case(
    surface: str,
    route: str,
    method: str,
    url: str,
    body: Any,
    *,
    content_type: str = "application/json",
    headers: dict | None = None,
    order: int = 0,
    note: str = "",
) -> Case:
    """A case whose body is a JSON value, or JSON text already written (``str``)."""
    text = body if isinstance(body, str) else json.dumps(body)
    return Case(
        surface,
        route,
        method,
        url,
        text.encode("utf-8", "surrogatepass"),
        content_type,
        headers=tuple((headers or {}).items()),
        order=order,
        note=note,
    )


def send(client: Any, case: Case) -> int:
    """Send ``case`` through the Flask test client; its status (500 for an exception the app
    let through: under TESTING the client raises what a server would answer with a 500)."""
    headers = {k: v for k, v in case.headers if v is not None}
    try:
        answer = _open(client, case, headers)
    except Exception:  # noqa: BLE001 - counted, not raised: the tally says which case
        return 500
    status = answer.status_code
    answer.close()
    return status


def _open(client: Any, case: Case, headers: dict[str, str]) -> Any:
    if case.data is not None:
        kind = {"content_type": "multipart/form-data"} if case.multipart else {}
        return client.open(case.url, method=case.method, data=case.data, headers=headers, **kind)
    if case.content_type:
        headers["Content-Type"] = case.content_type
    return client.open(case.url, method=case.method, data=case.body, headers=headers)
