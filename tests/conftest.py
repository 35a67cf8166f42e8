"""Shared fixtures: an app on a fresh database (SQLite in tmp_path, or TEST_DATABASE_URL)."""

from __future__ import annotations

import os
import uuid

import pytest
from sqlalchemy import create_engine, text

from scorekeeper import create_app


def _database_url(tmp_path) -> str:
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    # PostgreSQL: one throw-away schema-less database per test app.
    name = "t_" + uuid.uuid4().hex[:12]
    admin = create_engine(
        base.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": _database_url(tmp_path),
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
    admin = create_engine(
        base.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def client(app):
    return app.test_client()
