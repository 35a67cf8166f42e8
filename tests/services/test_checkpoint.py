"""SQLite's write-ahead log copied back by a thread of its own (``db.checkpoint_in_background``,
as ``scorekeeper serve`` runs it), not by the save whose commit happens to fill it."""

from __future__ import annotations

import time

from sqlalchemy import text

from scorekeeper import db
from tests.web.test_api_matches import SAMPLES, post, start


def test_saves_leave_the_checkpoints_to_the_thread(app, client, monkeypatch):
    engine = app.extensions["db_engine"]
    path = db.sqlite_path(engine)
    if path is None:  # PostgreSQL: nothing to do, nothing started
        assert db.checkpoint_in_background(engine)() is None
        return
    monkeypatch.setattr(db, "CHECKPOINT_BYTES", 20_000)
    halt = db.checkpoint_in_background(engine, every=0.02)
    try:
        with engine.connect() as connection:  # the app's connections checkpoint no more
            assert connection.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 0
        state = start(client)
        before = path.stat().st_mtime_ns
        for _ in range(30):
            assert post(client, state, SAMPLES["marias"][1]).status_code == 201
        deadline = time.monotonic() + 5
        while path.stat().st_mtime_ns == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert path.stat().st_mtime_ns != before  # the thread copied the log into the database
    finally:
        halt()
    assert not db._CHECKPOINTED  # stopped: new connections checkpoint by themselves again
    assert len(client.get(f"/api/v1/matches/{state['id']}").json["deals"]) == 30
