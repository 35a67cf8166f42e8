"""Shared fixtures: an app on a fresh database (SQLite in tmp_path, or TEST_DATABASE_URL).

Migrating a database takes most of an app's start-up (about 0.5 s on SQLite, more on
PostgreSQL), so the schema is migrated once per test session into a template: each test's
SQLite file is a copy of it, each PostgreSQL database is created ``TEMPLATE`` it. ``create_app``
still runs the upgrade, which finds the newest revision and does nothing. Tests of the migrations
themselves build their own databases.

Hypothesis keeps no example database and sets no deadline: what a run finds depends on the
code and the seed it prints, never on a ``.hypothesis/`` folder an earlier run left behind or
on how busy the machine was.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.db import make_engine, upgrade

# (no deadline either: on a shared two-core machine an example's time says nothing of the code)
settings.register_profile("scorekeeper", database=None, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "scorekeeper"))

_TEMPLATE: dict[str, str] = {}


def _admin():
    base = os.environ["TEST_DATABASE_URL"]
    return create_engine(
        base.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )


def _template(tmp_path_factory) -> str:
    """The migrated template: a SQLite file's path, or a PostgreSQL database's name."""
    if "db" in _TEMPLATE:
        return _TEMPLATE["db"]
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        path = tmp_path_factory.mktemp("template") / "template.sqlite3"
        engine = make_engine(f"sqlite:///{path}")
        upgrade(engine)
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        engine.dispose()
        _TEMPLATE["db"] = str(path)
    else:
        name = "tpl_" + uuid.uuid4().hex[:12]
        admin = _admin()
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        engine = make_engine(base.rsplit("/", 1)[0] + "/" + name)
        upgrade(engine)
        engine.dispose()
        _TEMPLATE["db"] = name
    return _TEMPLATE["db"]


@pytest.fixture(scope="session", autouse=True)
def _drop_template():
    yield
    name = _TEMPLATE.pop("db", None)
    if name and os.environ.get("TEST_DATABASE_URL"):
        admin = _admin()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def fresh_database_url(tmp_path: Path, tmp_path_factory, filename: str = "test.sqlite3") -> str:
    """A migrated database of the test's own: a copy of the template (see the module's text)."""
    template = _template(tmp_path_factory)
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        target = tmp_path / filename
        shutil.copyfile(template, target)
        os.chmod(target, 0o600)
        return f"sqlite:///{target}"
    name = "t_" + uuid.uuid4().hex[:12]
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    admin.dispose()
    return base.rsplit("/", 1)[0] + "/" + name


def _database_url(tmp_path) -> str:
    """An empty, unmigrated database: a SQLite path in tmp_path or a new PostgreSQL database."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    name = "t_" + uuid.uuid4().hex[:12]
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def app(tmp_path, tmp_path_factory):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": fresh_database_url(tmp_path, tmp_path_factory),
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app
    app.extensions["db_engine"].dispose()
    _drop_database(app.config["DATABASE_URL"])


def _drop_database(url: str) -> None:
    """Drop a test app's throw-away PostgreSQL database (SQLite files go with tmp_path)."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        return
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def client(app):
    return app.test_client()
