"""Core statements compiled once per dialect and run straight on the driver's cursor.

A deal save runs a handful of small statements (read the match, insert the deal, its audit entry
and idempotency answer, move the version on). Through SQLAlchemy's ``Connection.execute`` each
one costs about 0.15 ms of Python (execution context, result set-up) against about 0.02 ms in
the driver, which was half the CPU of a save (issue 12, ``bench/bench_save_cost.py``).

``run`` keeps everything SQLAlchemy decides (the SQL text for the dialect, the bind and result
type processing: JSON, dates) but does it once per statement and dialect, and then executes on
the session's DB-API connection, inside the session's transaction. Driver errors are raised as
SQLAlchemy's exceptions (``IntegrityError`` and so on), as ``Connection.execute`` raises them.
A statement whose execution needs more than this (Python-side column defaults, lists expanded
into ``IN``), or any statement while someone listens to the engine's ``before_cursor_execute``
events (tracing, tests that count statements), is run the usual way.
"""

from __future__ import annotations

import threading
from collections import namedtuple
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlmodel import Session

Processor = Callable[[Any], Any] | None


class _Compiled:
    """One statement as one dialect runs it: SQL text, parameter order and type processing."""

    def __init__(self, statement: Any, dialect: Dialect, keys: tuple[str, ...] | None):
        compiled = statement.compile(dialect=dialect, column_keys=list(keys) if keys else None)
        self.compiled = compiled
        self.sql: str = compiled.string
        # Python-side defaults are filled by SQLAlchemy's execution context: not here.
        self.simple = not (compiled.insert_prefetch or compiled.update_prefetch)
        self.positions: Sequence[str] | None = compiled.positiontup
        # the values fixed in the statement (a literal in a WHERE), and each bind's processing
        self.fixed = {
            name: bind.effective_value
            for name, bind in compiled.binds.items()
            if not bind.required and not bind.expanding
        }
        self.binds: list[tuple[str, Processor]] = [
            (name, process)
            for name, bind in compiled.binds.items()
            if (process := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        ]
        self.expanding = any(bind.expanding for bind in compiled.binds.values())
        columns = list(getattr(statement, "exported_columns", ()) or ())
        self.results: list[Processor] = [
            column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns
        ]
        self.row = (
            namedtuple("Row", [c.key or f"c{i}" for i, c in enumerate(columns)], rename=True)
            if columns
            else None
        )

    def params(self, values: dict[str, Any]) -> Any:
        """The driver's parameters (a sequence or a mapping, as its paramstyle wants)."""
        params = {**self.fixed, **values}
        for name, process in self.binds:
            if name in params:
                params[name] = process(params[name])
        if self.positions is not None:
            return tuple(params[name] for name in self.positions)
        return params


class Result:
    """What ``run`` answers: the rows (processed like SQLAlchemy's), or the rowcount."""

    def __init__(self, rows: list[Any], rowcount: int, lastrowid: Any = None):
        self._rows, self.rowcount, self.lastrowid = rows, rowcount, lastrowid

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def scalar_one(self) -> Any:
        if len(self._rows) != 1:
            raise (
                sa.exc.NoResultFound("expected one row")
                if not self._rows
                else (sa.exc.MultipleResultsFound("expected one row"))
            )
        return self._rows[0][0]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


_CONNECTION = "prepared.connection"  # session.info: (the transaction, its connection)
_compiled: dict[tuple[int, str, tuple[str, ...] | None], _Compiled] = {}
_lock = threading.Lock()


def _prepare(statement: Any, dialect: Dialect, keys: tuple[str, ...] | None) -> _Compiled:
    cache_key = (id(statement), dialect.name, keys)
    found = _compiled.get(cache_key)
    if found is None:
        with _lock:
            found = _compiled.get(cache_key)
            if found is None:
                found = _compiled[cache_key] = _Compiled(statement, dialect, keys)
    return found


def run(
    session: Session,
    statement: Any,
    params: dict[str, Any],
    *,
    insert: bool = False,
    first: bool = False,
) -> Any:
    """Execute a Core statement built once at import (module-level: it is cached by identity)
    with ``params``, on the session's connection and transaction. Pending ORM changes are
    flushed first, as ``session.execute`` would. ``insert``: the params name the columns to
    insert (the statement is compiled for exactly those). ``first``: only the first row is
    wanted (the driver is not asked for the rest)."""
    # (``dirty`` looks through every loaded object: asked only when something is loaded)
    if session.new or session.deleted or (session.identity_map and session.dirty):
        session.flush()
    # The session's connection, found once per transaction (asking the session costs more than
    # the statement itself on SQLite).
    transaction = session.get_transaction()
    known = session.info.get(_CONNECTION)
    if transaction is None or known is None or known[0] is not transaction:
        connection = session.connection()
        known = session.info[_CONNECTION] = (session.get_transaction(), connection)
    connection = known[1]
    dialect = connection.dialect
    prepared = _prepare(statement, dialect, tuple(sorted(params)) if insert else None)
    if not prepared.simple or prepared.expanding or connection.dispatch.before_cursor_execute:
        # defaults to fill in, or someone listens to the engine's statements (tracing, tests)
        return connection.execute(statement, params)
    driver_params = prepared.params(params)
    cursor = connection.connection.driver_connection.cursor()
    try:
        try:
            cursor.execute(prepared.sql, driver_params)
            if prepared.row is None:
                rows = []
            elif first:
                row = cursor.fetchone()
                rows = [] if row is None else [row]
            else:
                rows = cursor.fetchall()
        except dialect.loaded_dbapi.Error as error:
            raise sa.exc.DBAPIError.instance(
                prepared.sql, driver_params, error, dialect.loaded_dbapi.Error, dialect=dialect
            ) from error
        rowcount, lastrowid = cursor.rowcount, getattr(cursor, "lastrowid", None)
    finally:
        cursor.close()
    if prepared.row is None:
        return Result([], rowcount, lastrowid)
    processors = list(enumerate(prepared.results))
    make = prepared.row._make
    out = []
    for row in rows:
        values = list(row)
        for i, process in processors:
            if process is not None:
                values[i] = process(values[i])
        out.append(make(values))
    return Result(out, rowcount, lastrowid)


_inserts: dict[tuple[str, bool], Any] = {}


def insert_id(session: Session, table: sa.Table, values: dict[str, Any]) -> int:
    """Insert one row into ``table`` (its key column ``id``) and return the new id: on SQLite
    the driver's ``lastrowid`` (one step of the statement, one release of the interpreter lock
    fewer than RETURNING), elsewhere ``RETURNING id``."""
    sqlite = session.get_bind().dialect.name == "sqlite"
    statement = _inserts.get((table.name, sqlite))
    if statement is None:  # built once: compiled once per set of columns
        plain = sa.insert(table)
        statement = _inserts.setdefault(
            (table.name, sqlite), plain if sqlite else plain.returning(table.c.id)
        )
    result = run(session, statement, values, insert=True)
    return result.lastrowid if sqlite else result.scalar_one()
