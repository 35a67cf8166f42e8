"""Reading and locking a match's deal rows, with a per-process cache of parsed records.

Writers on one match are serialised by bumping ``match.version`` as the transaction's first
statement: that takes SQLite's write lock (WAL) or PostgreSQL's row lock before anything is read,
so a check and the write it guards see the same deals. On SQLite the writers of one process also
queue on a Python lock first, so they wait their turn instead of sleeping in SQLite's busy
handler (which adds tens of milliseconds under load).

An append with a stored running state (``read_match``, then ``bump``) takes no lock first: it reads
the match, writes the deal and moves the version on only if nobody else did meanwhile (the
version check); when someone did, the caller rolls back and appends again from the new state
(after a few lost races, it goes the locked way).

The cache maps a match id to (committed version, rows, parsed records). Every committed change
bumps the version, so an entry is used only when it is exactly the committed state; it is filled
under the write lock or right after a commit, never from a transaction that may roll back.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

import sqlalchemy as sa
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from .. import json_text
from ..models.match import Deal, Match, utcnow
from . import prepared

CACHE_SIZE = 1024
_cache: OrderedDict[str, tuple[int, tuple[Row, ...], tuple[Any, ...]]] = OrderedDict()
_cache_lock = threading.Lock()
_writer_locks: dict[str, threading.Lock] = {}


# Built once and executed with parameters: no statement building or cache-key work per request.
_deal, _match = Deal.__table__, Match.__table__
_SELECT_ROWS = (
    sa.select(_deal.c.id, sa.cast(_deal.c.record, sa.Text), _deal.c.version)
    .where(_deal.c.match_id == sa.bindparam("match_id_"))
    .order_by(_deal.c.id)
)
_LOCK = (
    sa.update(_match)
    .where(_match.c.id == sa.bindparam("match_id_"))
    .values(
        version=_match.c.version + 1,
        updated_at=sa.bindparam("now_", type_=_match.c.updated_at.type),
    )
    .returning(*_match.c)
)


# What an append reads of the match (the options as stored text: they key the options cache,
# without decoding and re-encoding them on every save), plus any guards' columns.
_APPEND_COLUMNS = (
    _match.c.id,
    _match.c.token,
    _match.c.game,
    _match.c.preset,
    sa.cast(_match.c.options, sa.Text).label("options_text"),
    _match.c.players,
    _match.c.stake,
    _match.c.version,
    _match.c.running_state,
    _match.c.running_version,
)
_select_match: dict[tuple[Any, ...], Any] = {}
# The append's one write to the match: the new version and running state, only if nobody else
# changed the match since it was read (the version check).
_BUMP = (
    sa.update(_match)
    .where(_match.c.id == sa.bindparam("match_id_"), _match.c.version == sa.bindparam("seen_"))
    .values(
        version=sa.bindparam("new_"),
        updated_at=sa.bindparam("now_", type_=_match.c.updated_at.type),
        running_state=sa.bindparam("state_", type_=_match.c.running_state.type),
        running_version=sa.bindparam("new_"),
    )
)
# After a rescoring under the lock: the running state of the version just written.
_KEEP = (
    sa.update(_match)
    .where(_match.c.id == sa.bindparam("match_id_"), _match.c.version == sa.bindparam("new_"))
    .values(
        running_state=sa.bindparam("state_", type_=_match.c.running_state.type),
        running_version=sa.bindparam("new_"),
    )
)


class Row(NamedTuple):
    """One stored deal: its row id (orders the deals), record as stored (and as JSON text, so a
    state can be built by decoding instead of copying), and version."""

    id: int
    record: dict[str, Any]
    version: int
    text: str


def run(session: Session, statement: Any, params: dict[str, Any]) -> Any:
    """Execute a Core statement built once at import on the session's connection (its
    transaction), compiled once and run on the driver's cursor (``prepared``); pending ORM
    changes are flushed first, as ``execute`` would."""
    return prepared.run(session, statement, params)


def make_row(row_id: int, record: dict[str, Any], version: int) -> Row:
    """A row for a record about to be stored."""
    return Row(row_id, record, version, dumps(record))


def dumps(data: Any) -> str:
    """Compact JSON text (what the API sends and the idempotency keys keep)."""
    return json_text.dumps(data)


def load_rows(session: Session, match_id: str) -> list[Row]:
    """The match's deals in order, as light rows (no ORM objects)."""
    result = run(session, _SELECT_ROWS, {"match_id_": match_id})
    return [Row(i, json_text.loads(text), version, text) for i, text, version in result]


def _database(bind: Any) -> str:
    """Which database an engine is (one process may serve several), as text, worked out once."""
    name = _databases.get(bind)
    if name is None:
        name = _databases[bind] = str(bind.url)
    return name


_databases: WeakKeyDictionary[Any, str] = WeakKeyDictionary()


def _key(session: Session, match_id: str) -> str:
    return f"{_database(session.get_bind())}#{match_id}"


def cached(session: Session, match_id: str, version: int) -> tuple[list[Row], list[Any]] | None:
    """Copies of the cached rows and parsed records, if cached for exactly ``version``."""
    key = _key(session, match_id)
    with _cache_lock:
        entry = _cache.get(key)
        if entry is None or entry[0] != version:
            return None
        _cache.move_to_end(key)
    return list(entry[1]), list(entry[2])


def remember(
    session: Session, match_id: str, version: int, rows: list[Row], records: list[Any]
) -> None:
    """Cache the committed state ``version`` of a match."""
    key = _key(session, match_id)
    with _cache_lock:
        _cache[key] = (version, tuple(rows), tuple(records))
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


@contextmanager
def writer(session: Session) -> Iterator[None]:
    """Queue this process's SQLite writers on one lock per database (no-op elsewhere)."""
    bind = session.get_bind()
    if bind.dialect.name != "sqlite":
        yield
        return
    key = _database(bind)
    lock = _writer_locks.get(key) or _writer_locks.setdefault(key, threading.Lock())
    with lock:
        yield


#: Saves of one match in this process queue here (a few locks shared by all matches).
_match_locks = [threading.Lock() for _ in range(64)]


def match_lock(session: Any, match_id: str) -> threading.Lock:
    """The lock this process's saves of ``match_id`` take before reading it (so that two of them
    do not race each other to the same version)."""
    return _match_locks[hash((_database(session.get_bind()), match_id)) % len(_match_locks)]


def lock_match(session: Session, match_id: str) -> Any:
    """Bump the version (the transaction's first statement: takes the lock) and return the
    match's columns as a row (attributes like a Match), or None for an unknown id."""
    return run(session, _LOCK, {"match_id_": match_id, "now_": utcnow()}).first()


def read_match(session: Session, match_id: str, extra: tuple[Any, ...] = ()) -> Any:
    """What an append needs of the match, as a row (attributes like a Match; the options as
    ``options_text``), without taking the lock; None for an unknown id. ``extra``: more SQL
    expressions over the match row (correlated subqueries), answered as ``extra_0``, … .
    An append reads this, then writes with ``bump``'s version check."""
    statement = _select_match.get(extra)
    if statement is None:  # one statement per set of extras, built once (and compiled once)
        labelled = [column.label(f"extra_{i}") for i, column in enumerate(extra)]
        statement = _select_match.setdefault(
            extra,
            sa.select(*_APPEND_COLUMNS, *labelled).where(_match.c.id == sa.bindparam("match_id_")),
        )
    return prepared.run(session, statement, {"match_id_": match_id}, first=True).first()


def bump(session: Session, match_id: str, seen: int, state: Any) -> tuple[int, Any] | None:
    """Give the match version ``seen + 1`` and its running state, if it is still at ``seen``:
    (the new version, when), or None when another writer changed it first (roll back)."""
    now = utcnow()
    values = {"match_id_": match_id, "seen_": seen, "new_": seen + 1, "now_": now, "state_": state}
    if run(session, _BUMP, values).rowcount != 1:
        return None
    return seen + 1, now


def keep_state(session: Session, match_id: str, version: int, state: Any) -> None:
    """Store the running state after the deals of ``version`` (written under the lock)."""
    run(session, _KEEP, {"match_id_": match_id, "new_": version, "state_": state})


def extend(session: Session, match_id: str, seen: int, version: int, row: Row, record: Any) -> None:
    """After a committed append: the cached ``seen`` state plus the new deal becomes ``version``
    (nothing happens when ``seen`` was not cached)."""
    key = _key(session, match_id)
    with _cache_lock:
        entry = _cache.get(key)
        if entry is None or entry[0] != seen:
            return
        _cache[key] = (version, (*entry[1], row), (*entry[2], record))
        _cache.move_to_end(key)


def insert(session: Session, table: sa.Table, **values: Any) -> int:
    """Insert one row with Core (no ORM object to build) and return its id."""
    return prepared.insert_id(session, table, values)


def update_orm_copy(session: Session, match: Any) -> None:
    """Give the session's Match object, if any, the new version (without marking it changed, and
    without expiring it: callers may read it after the session has closed)."""
    if not session.identity_map:  # (nothing loaded: the phones' saves)
        return
    obj = session.identity_map.get(session.identity_key(Match, match.id))
    if obj is not None:
        set_committed_value(obj, "version", match.version)
        set_committed_value(obj, "updated_at", match.updated_at)
