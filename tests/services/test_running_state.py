"""A match's stored running state (docs/architecture.md): appending a deal without rescoring
the match.

A deal added with a minimal answer (``Prefer: return=minimal``, the pages' save) is scored from
the stored state: one read of the match, the deal's INSERT (and its audit entry, and the key), one
UPDATE of the match with a version check, and no deal row read. Edits, deletes and undo rescore
and rewrite the state; a stale state, one of another shape, or another writer in between sends
the append the locked, rescoring way, with the same answer.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from sqlalchemy import event
from sqlmodel import Session

from scorekeeper.models.match import Match
from scorekeeper.rules.base import InvalidDeal, MatchFinished, fold_state
from scorekeeper.rules.registry import get_game
from scorekeeper.services import match_store, match_write, scoring
from scorekeeper.services import matches as svc
from scorekeeper.services.errors import StaleAdd

HRA = {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True}]}
BETL = {"declarer": 1, "trump": None, "parts": [{"kind": "betl", "won": False, "flek": 1}]}
SEDMA = {
    "declarer": 2,
    "trump": "spades",
    "parts": [{"kind": "hra", "won": True}, {"kind": "sedma", "won": True}],
}
RECORDS = [HRA, BETL, SEDMA]


@pytest.fixture
def session(app):
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        yield s


def new(session: Session, **options: Any) -> Match:
    return svc.create_match(
        session=session, game="marias", players=["Jana", "Petr", "Ota"], options=options or None
    )


def add(session: Session, match: Match, record: dict, **kw: Any) -> dict:
    kw.setdefault("minimal", True)
    return svc.record_deal(session=session, match_id=match.id, record=record, **kw)


def stored(session: Session, match: Match) -> tuple[Any, Any, int]:
    session.expire_all()
    row = session.get(Match, match.id)
    return row.running_state, row.running_version, row.version


def now(session: Session, match: Match) -> dict:
    """The whole match state, rescored."""
    return svc.match_state(session=session, match=svc.get_match(session=session, match_id=match.id))


def expected_state(session: Session, match: Match) -> dict:
    """The running state after the match's deals, computed from scratch."""
    state = svc.match_state(
        session=session, match=svc.get_match(session=session, match_id=match.id)
    )
    game = get_game("marias")
    options = game.make_options(state["preset"], state["options"])
    records = [d["record"] for d in state["deals"]]
    return scoring.stored(game, fold_state(game, options, 3, records)[1])


class Statements:
    """The SQL statements the engine runs while the block runs."""

    def __init__(self, app):
        self.engine = app.extensions["db_engine"]
        self.seen: list[str] = []

    def _hear(self, _conn, _cursor, statement, *_args) -> None:  # noqa: ANN001
        self.seen.append(" ".join(statement.split()).upper())

    def __enter__(self) -> Statements:
        event.listen(self.engine, "before_cursor_execute", self._hear)
        return self

    def __exit__(self, *_exc) -> None:  # noqa: ANN002
        event.remove(self.engine, "before_cursor_execute", self._hear)


def test_each_write_leaves_the_state_after_its_deals(session):
    match = new(session)
    state, running_version, version = stored(session, match)  # a new match: after no deals
    assert state == expected_state(session, match) and running_version == version == 1
    for record in RECORDS * 3:
        add(session, match, record)
        state, running_version, version = stored(session, match)
        assert running_version == version
        assert state == expected_state(session, match)
    svc.replace_deal(session=session, match_id=match.id, n=2, record=HRA)
    svc.delete_deal(session=session, match_id=match.id, n=1)
    svc.undo_last_deal(session=session, match_id=match.id)
    add(session, match, BETL, minimal=False)
    state, running_version, version = stored(session, match)
    assert running_version == version and state == expected_state(session, match)
    json.dumps(state, allow_nan=False)


def test_a_minimal_add_reads_no_deal_and_writes_the_match_once(app, session, monkeypatch):
    match = new(session)
    add(session, match, HRA)
    add(session, match, BETL)

    def no_rows(*_args: Any) -> None:
        raise AssertionError("the deals were loaded")

    monkeypatch.setattr(match_store, "load_rows", no_rows)
    monkeypatch.setattr(match_store, "_cache", type(match_store._cache)())  # nothing cached
    with Statements(app) as sql:
        answer = add(session, match, SEDMA, idempotency_key="k-3")
    mine = {"MATCH", "DEAL", "AUDIT_ENTRY", "IDEMPOTENCY_KEY"}
    # nothing else: the tournament's closed-round guard is read with the match, and the key
    # and its answer are kept on the audit entry
    assert len(sql.seen) == 4, sql.seen
    assert "TOURNAMENT_ROUND" in sql.seen[0]
    writes = [f"{s.split()[0]} {_table(s)}" for s in sql.seen if _table(s) in mine]
    assert writes == [
        "SELECT MATCH",
        "INSERT DEAL",
        "INSERT AUDIT_ENTRY",
        "UPDATE MATCH",
    ], sql.seen
    update = next(s for s in sql.seen if s.startswith("UPDATE"))
    assert "MATCH.VERSION = " in update.split("WHERE")[1].replace('"', "")  # the version check
    assert not any("FROM DEAL" in s for s in sql.seen)
    assert answer["deal"]["n"] == 3 and answer["version"] == stored(session, match)[2]


def _table(statement: str) -> str:
    words = statement.replace("(", " ").split()
    for marker in ("INTO", "UPDATE"):
        if marker in words:
            return words[words.index(marker) + 1].strip('"').split('"')[0]
    if "FROM" in words:  # the outer FROM (a subquery's comes first)
        return words[len(words) - 1 - words[::-1].index("FROM") + 1].strip('"').split('"')[0]
    return "?"


def test_the_minimal_answer_is_the_same_either_way(session):
    fast, slow = new(session), new(session)
    for record in RECORDS * 4:
        a = add(session, fast, record)
        slow_row = session.get(Match, slow.id)
        slow_row.running_state = None  # no state: the locked way, rescoring every deal
        session.add(slow_row)
        session.commit()
        b = add(session, slow, record)
        for answer in (a, b):
            answer.pop("match_id")
            answer["deal"].pop("id")
            answer["deal"].pop("etag")
        assert a == b


def test_a_stale_or_foreign_state_is_not_used(session):
    match = new(session)
    add(session, match, HRA)
    add(session, match, BETL)
    row = session.get(Match, match.id)
    row.running_state = {"rules": "marias/0", "state": {"n": 0}}  # another shape: ignored
    session.add(row)
    session.commit()
    assert add(session, match, SEDMA)["deal"]["n"] == 3
    assert stored(session, match)[0] == expected_state(session, match)
    row = session.get(Match, match.id)
    row.running_version = row.version - 1  # the state of an older version: ignored
    row.running_state = expected_state(session, match) | {"state": {"n": 0}}
    session.add(row)
    session.commit()
    assert add(session, match, HRA)["deal"]["n"] == 4
    assert stored(session, match)[0] == expected_state(session, match)


def _race(monkeypatch, lose: int) -> tuple[list[int], list[str]]:
    """Make the first ``lose`` version checks fail (as if another writer had committed between
    the append's read and its UPDATE); spy on the locked way. (bump's seen versions, rewrites)"""
    real_bump = match_store.bump
    calls: list[int] = []

    def raced(session_: Session, match_id: str, seen: int, state: Any) -> Any:
        calls.append(seen)
        if len(calls) <= lose:
            return real_bump(session_, match_id, seen - 1, state)  # as if it had moved on
        return real_bump(session_, match_id, seen, state)

    monkeypatch.setattr(match_store, "bump", raced)
    rewrites: list[str] = []
    real_rewrite = match_write._rewrite

    def spy(*args: Any, **kw: Any) -> Any:
        rewrites.append("locked")
        return real_rewrite(*args, **kw)

    monkeypatch.setattr(match_write, "_rewrite", spy)
    return calls, rewrites


def test_an_append_that_lost_the_race_appends_again_without_rescoring(session, monkeypatch):
    match = new(session)
    add(session, match, HRA)
    add(session, match, BETL)
    version = stored(session, match)[2]
    calls, rewrites = _race(monkeypatch, lose=1)

    def no_rows(*_args: Any) -> None:
        raise AssertionError("the deals were loaded (rescored)")

    monkeypatch.setattr(match_store, "load_rows", no_rows)
    monkeypatch.setattr(match_store, "_cache", type(match_store._cache)())  # nothing cached
    answer = add(session, match, SEDMA, idempotency_key="once")
    assert calls == [version, version] and rewrites == []  # tried again, never rescored
    assert answer["deal"]["n"] == 3 and answer["version"] == version + 1
    monkeypatch.undo()
    state = now(session, match)
    assert [d["record"]["declarer"] for d in state["deals"]] == [0, 1, 2]  # stored once
    assert len([h for h in svc.history(session=session, match_id=match.id) if h["n"] == 3]) == 1
    assert stored(session, match)[0] == expected_state(session, match)
    again = add(session, match, SEDMA, idempotency_key="once")  # the key was kept once
    assert again["deal"]["id"] == answer["deal"]["id"] and len(now(session, match)["deals"]) == 3


def test_an_append_that_keeps_losing_the_race_goes_the_locked_way(session, monkeypatch):
    match = new(session)
    add(session, match, HRA)
    add(session, match, BETL)
    calls, rewrites = _race(monkeypatch, lose=match_write.APPEND_TRIES)
    answer = add(session, match, SEDMA, idempotency_key="once")
    assert len(calls) == match_write.APPEND_TRIES and rewrites == ["locked"]
    assert answer["deal"]["n"] == 3
    state = now(session, match)
    assert [d["record"]["declarer"] for d in state["deals"]] == [0, 1, 2]  # stored once
    assert stored(session, match)[0] == expected_state(session, match)


def test_refusals_and_repeats_from_the_state(session):
    match = new(session, deals=3)
    for record in RECORDS:
        first = add(session, match, record, idempotency_key=f"k{record['declarer']}")
    assert first["finished"] is True
    with pytest.raises(MatchFinished) as error:
        add(session, match, HRA)
    assert error.value.deal == 4
    again = add(session, match, SEDMA, idempotency_key="k2")  # a repeat: the first answer
    assert again["repeat"] is True and again["deal"] == first["deal"]
    with pytest.raises(StaleAdd):
        add(session, new(session), HRA, expected_n=2)
    other = new(session)
    add(session, other, HRA)
    add(session, other, HRA)
    with pytest.raises(InvalidDeal) as bad:
        add(session, other, {"declarer": 5, "parts": []})
    assert bad.value.deal == 3
    assert stored(session, other)[0] == expected_state(session, other)


def test_the_api_minimal_post_appends_from_the_state(app, client, session):
    match = new(session)
    add(session, match, HRA)
    add(session, match, BETL)
    response = client.post(
        f"/api/v1/matches/{match.id}/deals",
        json=SEDMA,
        headers={"Authorization": f"Bearer {match.token}", "Prefer": "return=minimal"},
    )
    assert response.status_code == 201
    assert response.headers["Preference-Applied"] == "return=minimal"
    body = response.get_json()
    assert body["deal"]["n"] == 3 and body["scores"] == now(session, match)["scores"]


def test_phones_appending_at_once_each_land_once_and_the_state_holds(app):
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        match = new(s)
        add(s, match, HRA)  # the state exists: the others append from it
    errors: list[BaseException] = []

    def phone(i: int) -> None:
        try:
            with app.app_context(), Session(app.extensions["db_engine"]) as s:
                for j in range(5):
                    add(s, match, RECORDS[(i + j) % 3], idempotency_key=f"{i}-{j % 3}")
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with app.app_context(), Session(app.extensions["db_engine"]) as s:
        state = now(s, match)
        assert len(state["deals"]) == 1 + 6 * 3  # every key once
        assert state["version"] == 2 + 6 * 3
        assert stored(s, match) == (expected_state(s, match), state["version"], state["version"])


def test_a_new_matchs_first_deal_is_appended_too(session, monkeypatch):
    match = new(session)

    def no_rows(*_args: Any) -> None:
        raise AssertionError("the deals were loaded")

    monkeypatch.setattr(match_store, "load_rows", no_rows)
    answer = add(session, match, HRA)
    monkeypatch.undo()
    assert answer["deal"]["n"] == 1
    state, running_version, version = stored(session, match)
    assert running_version == version == 2 and state == expected_state(session, match)
