"""Core statements compiled once per dialect and run straight on the driver's cursor.

A deal save runs a handful of small statements (read the match, insert the deal and its audit
entry, which keeps the idempotency key, move the version on). Through SQLAlchemy's
``Connection.execute`` each one costs about 0.15 ms of Python (execution context, result
set-up) against about 0.02 ms in the driver, which was half the CPU of a save
(``bench/bench_save_cost.py``).

A ``Direct`` connection runs them without a Session at all (the phones' saves).

``run`` keeps everything SQLAlchemy decides (the SQL text for the dialect, the bind and result
type processing: JSON, dates) but does it once per statement and dialect, and then executes on
the session's DB-API connection, inside the session's transaction. Driver errors are raised as
SQLAlchemy's exceptions (``IntegrityError`` and so on), as ``Connection.execute`` raises them.
A statement whose execution needs more than this (Python-side column defaults, lists expanded
into ``IN``), or any statement while someone listens to the engine's ``before_cursor_execute``
events (tracing, tests that count statements), is run the usual way.
"""

from __future__ import annotations

import operator
import threading
from collections import namedtuple
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Dialect
from sqlmodel import Session


class _Compiled:
    """One statement as one dialect runs it: SQL text, parameter order and type processing."""

    def __init__(self, statement: Any, dialect: Dialect, keys: tuple[str, ...] | None):
        compiled = statement.compile(dialect=dialect, column_keys=list(keys) if keys else None)
        self.statement, self.compiled = statement, compiled
        self.sql: str = compiled.string
        # Python-side defaults (filled by SQLAlchemy's execution context) and lists expanded
        # into ``IN`` need SQLAlchemy's execution: not here.
        prefetch = compiled.insert_prefetch or compiled.update_prefetch
        self.simple = not (prefetch or _expands(compiled))
        # the values fixed in the statement (a literal in a WHERE), and each bind's processing
        self.fixed = _fixed_values(compiled)
        self.processed = _bind_processors(compiled, dialect)
        # The driver's parameters: a mapping (named paramstyles) or a sequence, picked in C.
        self.pick = _picker(compiled.positiontup)
        columns = list(getattr(statement, "exported_columns", ()) or ())
        self.results = _result_processors(columns, dialect)
        self.row = _row_type(columns)

    def params(self, values: dict[str, Any]) -> Any:
        """The driver's parameters (a sequence or a mapping, as its paramstyle wants)."""
        params = {**self.fixed, **values}
        for name, process in self.processed:
            params[name] = process(params[name])
        return params if self.pick is None else self.pick(params)

    def rows(self, fetched: list[Any]) -> list[Any]:
        """The driver's rows as named tuples, their values processed like SQLAlchemy's."""
        if self.row is None:
            return []
        make = self.row._make
        if not self.results:
            return [make(row) for row in fetched]
        return [make(self._processed(row)) for row in fetched]

    def _processed(self, row: Any) -> list[Any]:
        values = list(row)
        for i, process in self.results:
            values[i] = process(values[i])
        return values


def _expands(compiled: Any) -> bool:
    """Whether a bind of the statement is a list expanded into ``IN``."""
    return any(bind.expanding for bind in compiled.binds.values())


def _fixed_values(compiled: Any) -> dict[str, Any]:
    """The values fixed in the statement (a literal in a WHERE), by bind name."""
    return {
        name: bind.effective_value
        for name, bind in compiled.binds.items()
        if not bind.required and not bind.expanding
    }


def _bind_processors(compiled: Any, dialect: Dialect) -> list[tuple[str, Callable]]:
    """(bind name, its type's processing) of each bind whose type processes its value."""
    processors = {
        name: bind.type.dialect_impl(dialect).bind_processor(dialect)
        for name, bind in compiled.binds.items()
    }
    return [(name, process) for name, process in processors.items() if process]


def _picker(positions: tuple[str, ...] | None) -> Callable[[dict[str, Any]], Any] | None:
    """What picks the driver's sequence of parameters from the named ones (None: a named
    paramstyle, the mapping itself)."""
    if positions is None:
        return None
    if not positions:
        return lambda _params: ()
    if len(positions) == 1:
        return lambda params, name=positions[0]: (params[name],)
    return operator.itemgetter(*positions)


def _result_processors(columns: list[Any], dialect: Dialect) -> list[tuple[int, Callable]]:
    """(column index, its type's processing) of each result column whose type processes it."""
    results = [
        column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns
    ]
    return [(i, process) for i, process in enumerate(results) if process is not None]


def _row_type(columns: list[Any]) -> type | None:
    """The named tuple of a result row (None: the statement answers no rows)."""
    if not columns:
        return None
    return namedtuple("Row", [c.key or f"c{i}" for i, c in enumerate(columns)], rename=True)


class Result:
    """What ``run`` answers: the rows (processed like SQLAlchemy's), or the rowcount."""

    def __init__(self, rows: list[Any], rowcount: int, lastrowid: Any = None):
        self._rows, self.rowcount, self.lastrowid = rows, rowcount, lastrowid

    def first(self) -> Any:
        return self._rows[0] if self._rows else None

    def scalar_one(self) -> Any:
        if not self._rows:
            raise sa.exc.NoResultFound("expected one row")
        if len(self._rows) > 1:
            raise sa.exc.MultipleResultsFound("expected one row")
        return self._rows[0][0]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


class _Link(NamedTuple):
    """The session's connection in one transaction, as ``run`` uses it."""

    transaction: Any
    connection: Any  # SQLAlchemy's
    driver: Any  # the DB-API connection under it
    dialect: Dialect
    traced: bool  # someone listens to the engine's statements: run them the usual way


def _link(session: Session) -> _Link:
    """The session's connection, found once per transaction (asking the session for it costs
    more than a statement on SQLite)."""
    transaction = session.get_transaction()
    link = session.info.get(_LINK)
    if link is None or transaction is None or link.transaction is not transaction:
        connection = session.connection()
        link = session.info[_LINK] = _Link(
            session.get_transaction(),
            connection,
            connection.connection.driver_connection,
            connection.dialect,
            bool(connection.dispatch.before_cursor_execute),
        )
    return link


_LINK = "prepared.link"  # session.info
_compiled: dict[tuple[int, str, tuple[str, ...] | None], _Compiled] = {}
_lock = threading.Lock()


def _prepare(statement: Any, dialect: Dialect, keys: tuple[str, ...] | None) -> _Compiled:
    cache_key = (id(statement), dialect.name, keys)
    found = _compiled.get(cache_key)
    # (the entry holds its statement: an id reused by a later, different statement recompiles)
    if found is None or found.statement is not statement:
        with _lock:
            found = _compiled.get(cache_key)
            if found is None or found.statement is not statement:
                found = _compiled[cache_key] = _Compiled(statement, dialect, keys)
    return found


class Direct:
    """A pooled DB-API connection used without a ``Session``: the phones' deal save (an append)
    runs its few prepared statements and its commit on it, skipping the Session, its
    transaction objects and SQLAlchemy's ``Connection`` (about a fifth of a save's Python work).
    ``run`` and the store's functions accept it wherever they take a session; the driver's own
    transaction rules apply (SQLite's module begins one before the first write, psycopg before
    the first statement), as they do under the Session. ``open`` answers None where a statement
    could need SQLAlchemy's execution (someone listens to the engine's statements)."""

    __slots__ = ("engine", "fairy", "link")

    def __init__(self, engine: Any, fairy: Any):
        self.engine, self.fairy = engine, fairy
        self.link = _Link(None, None, fairy.driver_connection, engine.dialect, False)

    @classmethod
    def open(cls, session: Session) -> Direct | None:
        """A connection of the session's engine, or None (the session is in a transaction
        already or holds loaded objects, or the engine's statements are traced: use the
        session then)."""
        if session.in_transaction() or session.identity_map:  # (its copies would go stale)
            return None
        engine = session.get_bind()
        if engine.dispatch.before_cursor_execute:
            return None
        return cls(engine, engine.raw_connection())

    def get_bind(self) -> Any:
        return self.engine

    def commit(self) -> None:
        self._call(self.link.driver.commit)

    def rollback(self) -> None:
        self._call(self.link.driver.rollback)

    def close(self) -> None:
        """Back to the pool (which rolls back anything left open)."""
        self.fairy.close()

    def _call(self, method: Callable[[], Any]) -> None:
        dialect = self.link.dialect
        try:
            method()
        except dialect.loaded_dbapi.Error as error:
            raise sa.exc.DBAPIError.instance(
                None, None, error, dialect.loaded_dbapi.Error, dialect=dialect
            ) from error


class NeedsSession(Exception):
    """A statement run on a ``Direct`` connection needs SQLAlchemy's execution after all."""


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
    link = _session_link(session)
    prepared = _prepare(statement, link.dialect, tuple(sorted(params)) if insert else None)
    if link.traced or not prepared.simple:
        if link.connection is None:  # a Direct connection: the caller goes the session's way
            raise NeedsSession(prepared.sql)
        # someone listens to the engine's statements (tracing, tests), or defaults to fill in
        return link.connection.execute(statement, params)
    fetched, rowcount, lastrowid = _execute(link, prepared, params, first)
    return Result(prepared.rows(fetched), rowcount, lastrowid)


def _session_link(session: Session | Direct) -> _Link:
    """The connection to run on: a Direct's own, or the session's (pending ORM changes flushed
    first, as ``session.execute`` would)."""
    if type(session) is Direct:
        return session.link
    if _pending(session):
        session.flush()
    return _link(session)


def _pending(session: Session) -> bool:
    """Whether the session holds ORM changes not flushed yet."""
    # (``dirty`` looks through every loaded object: asked only when something is loaded)
    return bool(session.new or session.deleted or (session.identity_map and session.dirty))


def _execute(
    link: _Link, prepared: _Compiled, params: dict[str, Any], first: bool
) -> tuple[list[Any], int, Any]:
    """Execute on the driver's cursor: (the rows fetched, the rowcount, the lastrowid); with
    ``first`` only the first row is fetched. Driver errors are raised as SQLAlchemy's."""
    dialect = link.dialect
    driver_params = prepared.params(params)
    cursor = link.driver.cursor()
    try:
        try:
            cursor.execute(prepared.sql, driver_params)
            if prepared.row is None:
                fetched = []
            elif first:
                row = cursor.fetchone()
                fetched = [] if row is None else [row]
            else:
                fetched = cursor.fetchall()
        except dialect.loaded_dbapi.Error as error:
            raise sa.exc.DBAPIError.instance(
                prepared.sql, driver_params, error, dialect.loaded_dbapi.Error, dialect=dialect
            ) from error
        return fetched, cursor.rowcount, getattr(cursor, "lastrowid", None)
    finally:
        cursor.close()


_inserts: dict[tuple[str, bool], Any] = {}


def insert_id(session: Session, table: sa.Table, values: dict[str, Any]) -> int:
    """Insert one row into ``table`` (its key column ``id``) and return the new id: on SQLite
    the driver's ``lastrowid`` (one step of the statement, one release of the interpreter lock
    fewer than RETURNING), elsewhere ``RETURNING id``."""
    sqlite = session.get_bind().dialect.name == "sqlite"  # (a Session's, or a Direct's)
    statement = _inserts.get((table.name, sqlite))
    if statement is None:  # built once: compiled once per set of columns
        plain = sa.insert(table)
        statement = _inserts.setdefault(
            (table.name, sqlite), plain if sqlite else plain.returning(table.c.id)
        )
    result = run(session, statement, values, insert=True)
    return result.lastrowid if sqlite else result.scalar_one()
