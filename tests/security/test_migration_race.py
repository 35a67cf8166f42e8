"""Two (or more) processes starting together on a fresh database migrate it once, no crash."""

from __future__ import annotations

import multiprocessing
import os
import uuid

import pytest
from sqlalchemy import create_engine, inspect, text


def _upgrade(url: str, start, results) -> None:  # noqa: ANN001
    from scorekeeper.db import make_engine, upgrade

    start.wait()
    try:
        engine = make_engine(url)
        upgrade(engine)
        engine.dispose()
        results.put("ok")
    except Exception as error:  # noqa: BLE001 - reported to the test
        results.put(repr(error))


def _race(url: str, processes: int = 4) -> list[str]:
    context = multiprocessing.get_context("spawn")
    start, results = context.Event(), context.Queue()
    workers = [
        context.Process(target=_upgrade, args=(url, start, results)) for _ in range(processes)
    ]
    for worker in workers:
        worker.start()
    start.set()
    answers = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join()
    return answers


def _fresh_postgres() -> str:
    base = os.environ["TEST_DATABASE_URL"]
    name = "race_" + uuid.uuid4().hex[:10]
    admin = create_engine(
        base.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.rsplit("/", 1)[0] + "/" + name


def test_processes_starting_together_migrate_once(tmp_path):
    # four processes (each imports the whole app, a few seconds) racing on one fresh database
    if os.environ.get("TEST_DATABASE_URL"):
        url = _fresh_postgres()
    else:
        url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    assert _race(url) == ["ok"] * 4
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as conn:
        versions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    assert len(versions) == 1
    assert {"match", "organiser", "login_failure"} <= set(inspect(engine).get_table_names())
    engine.dispose()


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_the_lock_file_sits_beside_the_database(tmp_path):
    from scorekeeper.db import make_engine, upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'one.sqlite3'}")
    upgrade(engine)
    engine.dispose()
    assert (tmp_path / "one.sqlite3.migrate-lock").exists()
