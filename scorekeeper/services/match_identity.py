"""Which deal (API.md v2): find the deal a change names, by its number and the etag it was
seen with, and say where the phone's deal went when it is not there any more.

A deal's ``id`` is never reused and its ``etag`` is that id and its revision, so a change
carrying an etag can never land on another deal: ``deal_at`` refuses it with ``StaleDeal``,
and ``explained`` fills in the deal now at that number and the phone's deal as it is now.
Pure bookkeeping over the rows the write transaction holds; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from . import scoring
from .errors import Conflict, NotFound, StaleDeal
from .match_store import Row
from .messages import Msg


def parse_etag(etag: Any) -> int | None:
    """The deal id in an etag ("17-2" -> 17), or None when it is not one."""
    head, dash, tail = str(etag).partition("-")
    digits = _ascii_digits(head) and _ascii_digits(tail)
    return int(head) if dash and digits and len(head) < 19 else None


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()  # "²" is no digit here


def deal_at(rows: list[Row], n: Any, expected_version: Any, expected_etag: Any = None) -> int:
    """The index of deal ``n``: NotFound when there is none, StaleDeal when it is not the deal
    with ``expected_etag``, Conflict when its version is not ``expected_version``."""
    if expected_etag is not None:
        return _seen_deal(rows, n, expected_etag)
    if isinstance(n, bool) or not _in_range(n, rows):
        raise NotFound(Msg("match.no_deal", n=n), field="n")
    _check_version(rows[n - 1], n, expected_version)
    return n - 1


def _in_range(n: Any, deals: list) -> bool:
    """Whether ``n`` is the number of one of the ``deals`` (from 1)."""
    return isinstance(n, int) and 1 <= n <= len(deals)


def _seen_deal(rows: list[Row], n: Any, expected_etag: Any) -> int:
    """The index of deal ``n`` if it is the deal with ``expected_etag``; else StaleDeal."""
    if _in_range(n, rows) and scoring.etag(rows[n - 1].id, rows[n - 1].version) == expected_etag:
        return n - 1
    raise StaleDeal(
        Msg("match.not_the_deal_seen", n=n),
        n=n,
        deal_id=parse_etag(expected_etag),
    )


def _check_version(row: Row, n: int, expected_version: Any) -> None:
    """Conflict when deal ``n`` (``row``) is not at ``expected_version`` (None: any)."""
    if expected_version is not None and expected_version != row.version:
        raise Conflict(Msg("match.deal_changed", n=n, v=row.version), current=row.version)


@contextmanager
def explained(deals_now: Callable[[], list[dict]]) -> Iterator[None]:
    """Give a StaleDeal raised inside the deal now at its n and the phone's deal as they are
    now (``deals_now``: the committed state's deals, read after the rollback)."""
    try:
        yield
    except StaleDeal as error:
        deals = deals_now()
        if _in_range(error.n, deals):
            error.current_deal = deals[error.n - 1]
        error.yours = next((d for d in deals if d["id"] == error.deal_id), None)
        raise
