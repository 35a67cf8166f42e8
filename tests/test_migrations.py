"""Alembic migrations: head matches the models (as ``alembic check`` would say), one head,
downgrade and upgrade again, and every revision imports what it uses."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlmodel import SQLModel

import scorekeeper.models  # noqa: F401  (registers every table)
from scorekeeper.db import MIGRATIONS, alembic_config

TABLES = {"match", "deal", "audit_entry"}


def _diffs(engine) -> list:
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, SQLModel.metadata)


def _config(engine):
    return alembic_config(engine.url.render_as_string(hide_password=False))


def test_head_matches_the_models(app):
    engine = app.extensions["db_engine"]  # create_app upgraded it to head
    assert _diffs(engine) == []
    assert TABLES <= set(inspect(engine).get_table_names())


def test_one_head_and_every_revision_imports_sqlmodel_when_it_uses_it():
    scripts = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert len(scripts.get_heads()) == 1
    for path in (MIGRATIONS / "versions").glob("*.py"):
        text = Path(path).read_text()
        if "sqlmodel." in text:
            assert "import sqlmodel" in text, path.name


def test_downgrade_to_base_and_up_again(app):
    engine = app.extensions["db_engine"]
    command.downgrade(_config(engine), "base")
    assert not TABLES & set(inspect(engine).get_table_names())
    command.upgrade(_config(engine), "head")
    assert _diffs(engine) == []


def test_0007_moves_each_kept_key_onto_the_audit_entry_of_its_deal(app):
    # one row per save; the keys kept before still answer their repeats
    import json

    import sqlalchemy as sa

    from scorekeeper.db import get_session
    from scorekeeper.services import matches as svc

    engine = app.extensions["db_engine"]
    with app.app_context():
        match = svc.create_match(session=get_session(), game="marias", players=["A", "B", "C"])
        first = svc.record_deal(
            session=get_session(),
            match_id=match.id,
            record={"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True}]},
            idempotency_key="kept-before",
            minimal=True,
        )
    command.downgrade(_config(engine), "0006_running_state")  # the key goes to its old table
    with engine.connect() as connection:
        (response,) = connection.execute(
            sa.text("SELECT response FROM idempotency_key WHERE key = 'kept-before'")
        ).one()
    assert json.loads(response)["deal"] == first["deal"]
    command.upgrade(_config(engine), "head")
    assert "idempotency_key" not in inspect(engine).get_table_names()
    with app.app_context():
        again = svc.record_deal(
            session=get_session(),
            match_id=match.id,
            record={"declarer": 1, "trump": "bells", "parts": [{"kind": "hra", "won": True}]},
            idempotency_key="kept-before",
            minimal=True,
        )
        assert again["repeat"] and again["deal"] == first["deal"]
        assert len(svc.match_state(session=get_session(), match=match)["deals"]) == 1
