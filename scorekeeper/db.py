"""The database engine and one session per request.

SQLite gets WAL, foreign keys and a busy timeout so several waitress threads can write; any
other URL (PostgreSQL) is used as given. Schema changes go through Alembic (``migrations/``):
``init_app`` upgrades the database to the newest revision unless SCOREKEEPER_AUTO_MIGRATE is off.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app, g
from sqlalchemy import Engine, event
from sqlmodel import Session, create_engine

MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite connections get the pragmas a multi-threaded server needs."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):  # noqa: ANN001
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def alembic_config(url: str):  # noqa: ANN201 - alembic.config.Config, imported lazily
    """An Alembic Config pointing at our migrations and ``url``."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration (run once at start-up)."""
    from alembic import command

    with engine.begin() as connection:
        cfg = alembic_config(str(engine.url.render_as_string(hide_password=False)))
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")


def init_app(app: Flask) -> None:
    """Create the engine, migrate, and close each request's session when the request ends."""
    engine = make_engine(app.config["DATABASE_URL"])
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
    if "db_session" not in g:
        g.db_session = Session(current_app.extensions["db_engine"], expire_on_commit=False)
    return g.db_session
