"""The phones' deal save without a Session (services/prepared.py ``Direct``): the same deals,
versions, keys and refusals as the Session's way, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from scorekeeper.services import match_store, match_write, prepared
from scorekeeper.services import matches as svc
from tests.services.test_running_state import HRA, RECORDS, SEDMA, expected_state, now, stored


@pytest.fixture
def directs(monkeypatch) -> list[str]:
    """What each Direct connection did: "commit", "rollback", "close"."""
    seen: list[str] = []
    for name in ("commit", "rollback", "close"):
        real = getattr(prepared.Direct, name)

        def spy(self, _real=real, _name=name) -> Any:
            seen.append(_name)
            return _real(self)

        monkeypatch.setattr(prepared.Direct, name, spy)
    return seen


def _match(app) -> Any:
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        match = svc.create_match(session=s, game="marias", players=["Jana", "Petr", "Ota"])
    return match


def _add(app, match, record, **kw) -> dict:
    """A save as the API makes it: a fresh Session with nothing loaded."""
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        kw.setdefault("minimal", True)
        return svc.record_deal(session=s, match_id=match.id, record=record, **kw)


def test_an_api_save_commits_on_a_direct_connection(app, client, directs):
    match = _match(app)
    auth = {"Authorization": f"Bearer {match.token}", "Prefer": "return=minimal"}
    for i, record in enumerate(RECORDS):
        answer = client.post(f"/api/v1/matches/{match.id}/deals", json=record, headers=auth)
        assert answer.status_code == 201 and answer.json["deal"]["n"] == i + 1
    assert directs.count("commit") == 3 and directs.count("close") == 3
    with app.app_context(), Session(app.extensions["db_engine"]) as s:
        state = now(s, match)
        assert [d["record"]["declarer"] for d in state["deals"]] == [0, 1, 2]
        assert stored(s, match) == (expected_state(s, match), state["version"], state["version"])


def test_a_repeated_key_answers_the_first_deal(app, directs):
    match = _match(app)
    first = _add(app, match, HRA, idempotency_key="same")
    again = _add(app, match, SEDMA, idempotency_key="same")
    assert again["repeat"] is True and again["deal"] == first["deal"]
    assert "rollback" in directs  # the repeat broke the unique key on the Direct connection


def test_a_lost_race_tries_again_and_then_goes_the_sessions_way(app, monkeypatch, directs):
    match = _match(app)
    _add(app, match, HRA)
    directs.clear()
    real_bump, lost = match_store.bump, []

    def losing(db, match_id, seen, state):
        if len(lost) < match_write.APPEND_TRIES:
            lost.append(seen)
            return None  # as if another process had written first
        return real_bump(db, match_id, seen, state)

    monkeypatch.setattr(match_store, "bump", losing)
    answer = _add(app, match, SEDMA, idempotency_key="k")
    assert len(lost) == match_write.APPEND_TRIES and answer["deal"]["n"] == 2
    assert directs.count("rollback") >= match_write.APPEND_TRIES and "commit" not in directs
    with app.app_context(), Session(app.extensions["db_engine"]) as s:
        assert [d["record"]["declarer"] for d in now(s, match)["deals"]] == [0, 2]
        assert stored(s, match)[0] == expected_state(s, match)


def test_a_full_disk_on_the_direct_commit_stores_nothing(app, client, monkeypatch):
    match = _match(app)

    def full(self):
        raise OperationalError("COMMIT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(prepared.Direct, "commit", full)
    auth = {"Authorization": f"Bearer {match.token}", "Prefer": "return=minimal"}
    answer = client.post(f"/api/v1/matches/{match.id}/deals", json=HRA, headers=auth)
    assert answer.status_code == 503 and answer.json["retry"] is True
    monkeypatch.undo()
    assert client.get(f"/api/v1/matches/{match.id}").json["deals"] == []
    again = client.post(f"/api/v1/matches/{match.id}/deals", json=HRA, headers=auth)
    assert again.status_code == 201 and again.json["deal"]["n"] == 1


def test_phones_saving_at_once_on_direct_connections_each_land_once(app, directs):
    match = _match(app)
    _add(app, match, HRA)
    errors: list[BaseException] = []

    def phone(i: int) -> None:
        try:
            for j in range(4):
                _add(app, match, RECORDS[(i + j) % 3], idempotency_key=f"{i}-{j}")
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    # (a save that lost the race every time went the Session's way: most did not)
    assert directs.count("commit") > (1 + 5 * 4) // 2
    with app.app_context(), Session(app.extensions["db_engine"]) as s:
        state = now(s, match)
        assert len(state["deals"]) == 1 + 5 * 4 and state["version"] == 2 + 5 * 4
        assert stored(s, match) == (expected_state(s, match), state["version"], state["version"])
