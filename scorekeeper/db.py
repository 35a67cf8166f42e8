"""The database engine and one session per request.

SQLite gets WAL, foreign keys and a busy timeout so several waitress threads can write; any
other URL (PostgreSQL) is used as given. Schema changes go through Alembic (``migrations/``):
``init_app`` upgrades the database to the newest revision unless SCOREKEEPER_AUTO_MIGRATE is off.
Two processes starting at once migrate one after the other: PostgreSQL takes an advisory lock
in the migration's transaction, SQLite a lock file beside the database. A SQLite file is
created readable by its owner only (0600).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g
from flask_babel import gettext as _
from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, create_engine

from . import json_text

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 72_707_369  # PostgreSQL advisory lock key of the schema migration
#: How long a request waits for another writer's lock before it answers 503 "try again"
#: (docs/api.md). No request holds the lock for more than a fraction of a second (large
#: creations are written in short transactions), so only trouble waits this long.
LOCK_WAIT_SECONDS = 5


def sqlite_path(engine: Engine) -> Path | None:
    """The file of a SQLite engine (None for PostgreSQL or an in-memory database)."""
    if engine.dialect.name != "sqlite" or not engine.url.database:
        return None
    if engine.url.database == ":memory:":
        return None
    return Path(engine.url.database)


class StorageTrouble(RuntimeError):
    """The database cannot be used at all (a read-only file or folder, a server that does not
    answer): the commands say so in one line instead of a traceback."""


def _private_file(path: Path) -> None:
    """Create ``path`` (if absent) readable and writable by its owner only."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        path.chmod(0o600)  # SQLite gives its -wal and -shm files the database file's mode
    except OSError as error:
        raise StorageTrouble(
            _(
                "The database %(path)s cannot be written (%(why)s): give this user write access "
                "to it and its folder, or choose another data directory (--data-dir).",
                path=path,
                why=error.strerror or error,
            )
        ) from None


def make_engine(url: str, lock_wait: float = LOCK_WAIT_SECONDS) -> Engine:
    """An engine for ``url``; SQLite connections get the pragmas a multi-threaded server needs.
    A statement waits ``lock_wait`` seconds for another writer's lock, then fails."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": lock_wait},
            json_serializer=json_text.dumps,
            json_deserializer=json_text.loads,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):  # noqa: ANN001
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(lock_wait * 1000)}")
            cursor.execute("PRAGMA synchronous=NORMAL")
            if engine in _CHECKPOINTED:  # the checkpointer thread copies the WAL back instead
                cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        path = sqlite_path(engine)
        if path is not None:
            _private_file(path)
        return engine
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return create_engine(
        url,
        connect_args={"options": f"-c lock_timeout={int(lock_wait * 1000)}"},
        pool_pre_ping=True,
        pool_size=10,
        max_overflow=20,
        json_serializer=json_text.dumps,
        json_deserializer=json_text.loads,
    )


#: Engines whose WAL a thread of their own checkpoints (``checkpoint_in_background``).
_CHECKPOINTED: weakref.WeakSet[Engine] = weakref.WeakSet()
#: Checkpoint once the WAL holds this many bytes (SQLite's own default: 1,000 pages).
CHECKPOINT_BYTES = 4_000_000


def checkpoint_in_background(engine: Engine, every: float = 0.25) -> Callable[[], None]:
    """SQLite: copy the write-ahead log back into the database from a thread of its own, not
    from the request whose commit fills it. SQLite checkpoints by default in the commit that
    passes 1,000 pages: that request then copies 4 MB and waits for the disk to sync, while
    every other save of the process queues behind it (a deal save writes about seven pages, so
    every 150th save did). The thread checkpoints PASSIVE (writers go on meanwhile) whenever
    the log has grown past ``CHECKPOINT_BYTES``. Returns a function that stops it. Nothing
    happens for PostgreSQL or an in-memory database (a no-op stop)."""
    path = sqlite_path(engine)
    if path is None:
        return lambda: None
    _CHECKPOINTED.add(engine)
    engine.dispose()  # connections made from now on leave the checkpoints to the thread
    wal = path.with_name(path.name + "-wal")
    stop = threading.Event()

    def run() -> None:
        connection = sqlite3.connect(path, timeout=LOCK_WAIT_SECONDS)
        try:
            while not stop.wait(every):
                try:
                    if wal.exists() and wal.stat().st_size > CHECKPOINT_BYTES:
                        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except (OSError, sqlite3.Error):  # the next round tries again
                    continue
        finally:
            connection.close()

    thread = threading.Thread(target=run, name="sqlite-checkpoint", daemon=True)
    thread.start()

    def halt() -> None:
        stop.set()
        thread.join(5)
        _CHECKPOINTED.discard(engine)

    return halt


def alembic_config(url: str):  # noqa: ANN201 - alembic.config.Config, imported lazily
    """An Alembic Config pointing at our migrations and ``url``."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


@contextmanager
def _file_lock(path: Path | None) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (POSIX); nothing where flock does not exist."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        fcntl = None  # type: ignore[assignment]
    if path is None or fcntl is None:
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration (run once at start-up, one process at a time);
    StorageTrouble when the database cannot be written or reached."""
    database = sqlite_path(engine)
    lock = database.with_name(database.name + ".migrate-lock") if database else None
    try:
        _migrate(engine, lock)
    except (OSError, OperationalError) as error:
        raise _unusable(engine, database, error) from None


def _unusable(engine: Engine, database: Path | None, error: Exception) -> StorageTrouble:
    """The trouble of a database that cannot be written or reached, said in one line: the file
    (or the server, its password hidden) and why."""
    where = database or engine.url.render_as_string(hide_password=True)
    why = getattr(error, "orig", None) or getattr(error, "strerror", None) or error
    return StorageTrouble(_("The database %(path)s cannot be used: %(why)s.", path=where, why=why))


def _migrate(engine: Engine, lock: Path | None) -> None:
    from alembic import command

    with _file_lock(lock), engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # (waits as long as the other's migration)
            connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        cfg = alembic_config(str(engine.url.render_as_string(hide_password=False)))
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")


def init_app(app: Flask) -> None:
    """Create the engine, migrate, and close each request's session when the request ends."""
    engine = make_engine(
        app.config["DATABASE_URL"], app.config.get("LOCK_WAIT_SECONDS", LOCK_WAIT_SECONDS)
    )
    app.extensions["db_engine"] = engine
    if app.config.get("SCOREKEEPER_AUTO_MIGRATE") not in (False, "0", "false", "False"):
        upgrade(engine)

    @app.teardown_appcontext
    def _close_session(_exc: BaseException | None) -> None:
        session = g.pop("db_session", None)
        if session is not None:
            session.close()


def get_session() -> Session:
    """The current request's session (created on first use)."""
    store = g._get_current_object()  # (the proxy once, not on every look)
    session = store.__dict__.get("db_session")
    if session is None:
        engine = current_app.extensions["db_engine"]
        session = store.db_session = Session(engine, expire_on_commit=False)
    return session


class LazySession:
    """The request's session, made only when something asks for more than whether it is in a
    transaction, holds loaded objects, or which engine it uses: the phones' deal save runs
    without one (``services.match_append``), and building and closing a Session it never uses
    was a few percent of its work. Anything else is the real session's."""

    __slots__ = ("engine",)

    def __init__(self) -> None:
        self.engine = current_app.extensions["db_engine"]

    def _made(self) -> Session | None:
        return g._get_current_object().__dict__.get("db_session")

    def in_transaction(self) -> bool:
        made = self._made()
        return made is not None and made.in_transaction()

    @property
    def identity_map(self) -> Any:
        made = self._made()
        return made.identity_map if made is not None else {}

    def get_bind(self) -> Any:
        return self.engine

    def __getattr__(self, name: str) -> Any:
        return getattr(get_session(), name)
