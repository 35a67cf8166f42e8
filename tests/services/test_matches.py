"""The match service on a real database: storing records, recomputing, conflicts, audit trail.

Mechanics are tested with the stand-in game "tally" (tests/fakegame.py), so they do not depend on
any real scoring engine; tests/services/test_games.py runs the real games through the service.
"""

from __future__ import annotations

import threading

import pytest
from sqlmodel import Session, func, select

from scorekeeper.models.match import AuditEntry, Deal, Match
from scorekeeper.rules.base import InvalidDeal, InvalidOptions, MatchFinished
from scorekeeper.services import matches as svc
from scorekeeper.services.errors import Conflict, NotFound
from tests.fakegame import tally  # noqa: F401  (fixture)

pytestmark = pytest.mark.usefixtures("tally")


@pytest.fixture
def session(app):
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        yield s


def new(session, players=("Jana", "Petr"), **kw):
    return svc.create_match(session=session, game="tally", players=list(players), **kw)


def add(session, match, *points, key=None):
    return svc.record_deal(
        session=session, match_id=match.id, record={"points": list(points)}, idempotency_key=key
    )


def count(session, table) -> int:
    return session.exec(select(func.count()).select_from(table)).one()


def test_create_stores_every_effective_option_and_fresh_secrets(session):
    a = new(session, options={"target": 12}, stake="0,20", currency="CZK")
    b = new(session)
    assert a.options == {"target": 12} and b.options == {"target": 30}
    assert a.preset == "standard" and a.stake == "0.20" and a.currency == "CZK"
    assert a.id != b.id and a.token != b.token and len(a.id) >= 16 and len(a.token) >= 32
    assert svc.get_match(session=session, match_id=a.id).players == ["Jana", "Petr"]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"game": "whist"}, "game"),
        ({"game": 7}, "game"),
        ({"preset": "nope"}, "preset"),
        ({"players": ["Jana"]}, "players"),
        ({"players": "Jana, Petr"}, "players"),
        ({"players": ["Jana", " "]}, "players.1"),
        ({"players": ["Jana", "jana"]}, "players.1"),
        ({"players": ["Jana", 3]}, "players.1"),
        ({"options": {"colour": 1}}, "options.colour"),
        ({"options": ["target"]}, "options"),
        ({"stake": "cheap"}, "stake"),
        ({"stake": -1}, "stake"),
        ({"stake": True}, "stake"),
        ({"currency": "CZECH CROWNS"}, "currency"),
    ],
)
def test_create_refuses_bad_setup_naming_the_field(session, kwargs, field):
    args = {"game": "tally", "players": ["Jana", "Petr"], **kwargs}
    with pytest.raises(InvalidOptions) as info:
        svc.create_match(session=session, **args)
    assert info.value.errors[0].field == field
    assert count(session, Match) == 0


def test_state_is_recomputed_from_the_records(session):
    match = new(session)
    add(session, match, 7, 3)
    state = add(session, match, 2, 8)
    assert state["scores"] == [9, 11] and state["current"] == [9, 11]
    assert [d["delta"] for d in state["deals"]] == [[7, 3], [2, 8]]
    assert [d["n"] for d in state["deals"]] == [1, 2]
    assert state["deals"][1]["running"] == [9, 11]  # DealScore.extra reaches the deal
    assert state["deals"][0]["record"] == {"points": [7, 3]}
    assert state["sides"] == ["Jana", "Petr"] and state["finished"] is False
    assert state["winner"] is None and state["version"] == 3
    assert state["title"] == "Tally: Jana, Petr"
    again = svc.match_state(
        session=session, match=svc.get_match(session=session, match_id=match.id)
    )
    assert again == state


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"points": [11, 0]}, "points.0"),
        ({"points": [1]}, "points"),
        ({"points": [1, "2"]}, "points.1"),
        ({"points": [1, 2], "extra": 1}, "extra"),
        ([1, 2], ""),
        ("points", ""),
        (None, ""),
    ],
)
def test_bad_record_is_refused_and_nothing_is_stored(session, record, field):
    match = new(session)
    add(session, match, 1, 1)
    with pytest.raises(InvalidDeal) as info:
        svc.record_deal(session=session, match_id=match.id, record=record)
    assert info.value.errors[0].field == field and info.value.deal == 2
    assert count(session, Deal) == 1 and count(session, AuditEntry) == 2
    assert svc.get_match(session=session, match_id=match.id).version == 2


def test_deal_after_the_end_is_match_finished_until_an_edit_reopens(session):
    match = new(session, options={"target": 10})
    state = add(session, match, 10, 0)
    assert state["finished"] and state["winner"] == 0
    with pytest.raises(MatchFinished) as info:
        add(session, match, 1, 1)
    assert info.value.deal == 2
    state = svc.replace_deal(session=session, match_id=match.id, n=1, record={"points": [5, 0]})
    assert not state["finished"] and state["deals"][0]["version"] == 2
    assert add(session, match, 1, 1)["scores"] == [6, 1]
    actions = [h["action"] for h in svc.history(session=session, match_id=match.id)]
    assert actions == ["create", "add", "edit", "reopen", "add"]


def test_edit_that_makes_a_later_deal_impossible_is_refused_with_its_number(session):
    match = new(session)
    add(session, match, 1, 1)
    add(session, match, 0, 0)
    add(session, match, 3, 3)
    with pytest.raises(InvalidDeal) as info:  # deal 2 was empty: deal 3 may not be empty too
        svc.replace_deal(session=session, match_id=match.id, n=3, record={"points": [0, 0]})
    assert info.value.deal == 3
    with pytest.raises(InvalidDeal) as info:  # deleting deal 1... fine; deleting 3 fine; but
        svc.replace_deal(session=session, match_id=match.id, n=1, record={"points": [0, 0]})
    assert info.value.deal == 2
    state = svc.match_state(session=session, match=match)
    assert [d["record"]["points"] for d in state["deals"]] == [[1, 1], [0, 0], [3, 3]]


def test_deal_ids_are_never_reused_and_etags_survive_renumbering(session):
    # API.md v2 "Which deal": an undone deal's id never goes to the next deal (SQLite too)
    match = new(session)
    for i in range(3):
        add(session, match, i, 1)
    ids = [d["id"] for d in svc.match_state(session=session, match=match)["deals"]]
    svc.undo_last_deal(session=session, match_id=match.id)
    add(session, match, 5, 5)
    deals = svc.match_state(session=session, match=match)["deals"]
    assert deals[2]["id"] not in ids and deals[2]["etag"] not in {f"{i}-1" for i in ids}
    etag = deals[1]["etag"]
    svc.delete_deal(session=session, match_id=match.id, n=1, expected_etag=deals[0]["etag"])
    moved = svc.match_state(session=session, match=match)["deals"][0]
    assert moved["etag"] == etag and moved["n"] == 1  # renumbered, same etag
    svc.replace_deal(
        session=session, match_id=match.id, n=1, record={"points": [7, 7]}, expected_etag=etag
    )
    assert svc.match_state(session=session, match=match)["deals"][0]["etag"] != etag


def test_stale_versions_conflict_instead_of_overwriting(session):
    match = new(session)
    add(session, match, 1, 1)
    svc.replace_deal(
        session=session, match_id=match.id, n=1, record={"points": [2, 2]}, expected_version=1
    )
    with pytest.raises(Conflict) as info:  # the second phone still holds version 1
        svc.replace_deal(
            session=session, match_id=match.id, n=1, record={"points": [3, 3]}, expected_version=1
        )
    assert info.value.current == 2
    with pytest.raises(Conflict):
        svc.delete_deal(session=session, match_id=match.id, n=1, expected_version=1)
    assert svc.match_state(session=session, match=match)["scores"] == [2, 2]


def test_delete_renumbers_and_undo_removes_the_last(session):
    match = new(session)
    for points in ([1, 0], [2, 0], [3, 0]):
        add(session, match, *points)
    state = svc.delete_deal(session=session, match_id=match.id, n=2)
    assert [(d["n"], d["delta"]) for d in state["deals"]] == [(1, [1, 0]), (2, [3, 0])]
    state = svc.undo_last_deal(session=session, match_id=match.id)
    assert state["scores"] == [1, 0]
    svc.undo_last_deal(session=session, match_id=match.id)
    with pytest.raises(NotFound):
        svc.undo_last_deal(session=session, match_id=match.id)
    history = svc.history(session=session, match_id=match.id)
    assert [(h["action"], h["n"]) for h in history][-3:] == [
        ("delete", 2),
        ("undo", 2),
        ("undo", 1),
    ]
    assert history[-3]["before"] == {"points": [2, 0]} and history[-3]["after"] is None


@pytest.mark.parametrize("n", [0, 2, -1, "1", True])
def test_unknown_deal_number_is_not_found(session, n):
    match = new(session)
    add(session, match, 1, 0)
    with pytest.raises(NotFound):
        svc.replace_deal(session=session, match_id=match.id, n=n, record={"points": [1, 1]})
    with pytest.raises(NotFound):
        svc.delete_deal(session=session, match_id=match.id, n=n)


@pytest.mark.parametrize("match_id", ["nope", "", None, 7])
def test_unknown_match_is_not_found(session, match_id):
    with pytest.raises(NotFound):
        svc.get_match(session=session, match_id=match_id)
    with pytest.raises(NotFound):
        svc.record_deal(session=session, match_id=match_id, record={"points": [1, 1]})


def test_idempotency_key_repeats_the_first_answer_and_adds_nothing(session):
    match = new(session)
    first = add(session, match, 4, 1, key="k1")
    add(session, match, 1, 1)  # the retry arrives after another deal: the same deal again...
    again = add(session, match, 4, 1, key="k1")
    assert again["repeat"] and again["deals"][0] == first["deals"][0]
    assert again["scores"] == [5, 2]  # ...in the match as it is now (API.md v2)
    assert add(session, match, 9, 9, key="k1")["deals"] == again["deals"]  # whatever the body
    assert count(session, Deal) == 2 and keys(session) == ["k1"]
    assert len(add(session, match, 4, 1, key="k2")["deals"]) == 3


def test_idempotency_records_keep_the_status_and_the_deal_only(session):
    # a 500-deal match once kept 32.7 MB of whole states; now each record is one deal
    match = new(session)
    for i in range(30):
        add(session, match, i % 3, 1, key=f"k{i}")
    texts = session.exec(select(AuditEntry.answer).where(AuditEntry.key.is_not(None))).all()
    assert len(texts) == 30 and max(len(t) for t in texts) < 300
    repeat = svc.record_deal(
        session=session, match_id=match.id, record={}, idempotency_key="k0", minimal=True
    )
    assert repeat["deal"]["n"] == 1 and repeat["deal"]["record"] == {"points": [0, 1]}
    assert "deals" not in repeat and repeat["version"] == match.version


def test_minimal_answer_has_the_deal_and_the_totals(session):
    match = new(session)
    add(session, match, 2, 1)
    got = svc.record_deal(
        session=session, match_id=match.id, record={"points": [1, 3]}, minimal=True
    )
    assert set(got) == {"match_id", "version", "deal", "scores", "finished", "winner"}
    assert got["deal"]["n"] == 2 and got["deal"]["delta"] == [1, 3] and got["scores"] == [3, 4]
    full = svc.match_state(session=session, match=match)
    assert got["deal"] == full["deals"][1] and got["version"] == full["version"]


def test_idempotent_repeat_of_the_deciding_deal_is_not_refused(session):
    match = new(session, options={"target": 10})
    first = add(session, match, 10, 0, key="last")
    assert first["finished"]
    assert add(session, match, 10, 0, key="last") == {**first, "repeat": True}  # not finished
    with pytest.raises(MatchFinished):
        add(session, match, 10, 0, key="other")


def test_check_token_and_rematch(session):
    match = new(session, players=("Jana", "Petr", "Ota"), options={"target": 12}, stake="0.5")
    assert svc.check_token(match, match.token)
    wrong = match.token[:-1] + ("x" if match.token[-1] != "x" else "y")
    assert not svc.check_token(match, wrong)
    assert not svc.check_token(match, None) and not svc.check_token(match, "")
    add(session, match, 1, 2, 3)
    again = svc.rematch(session=session, match_id=match.id)
    assert (again.players, again.options, again.stake) == (match.players, match.options, "0.5")
    assert again.id != match.id and again.token != match.token
    assert svc.match_state(session=session, match=again)["deals"] == []


def test_concurrent_posts_from_many_phones_all_land_in_order(app):
    with app.app_context(), Session(app.extensions["db_engine"]) as s:
        match_id = new(s).id
    errors: list[BaseException] = []

    def phone(i: int) -> None:
        try:
            with app.app_context(), Session(app.extensions["db_engine"]) as s:
                for j in range(5):
                    svc.record_deal(
                        session=s,
                        match_id=match_id,
                        record={"points": [0, 1]},
                        idempotency_key=f"{i}-{j % 3}",
                    )
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    with app.app_context(), Session(app.extensions["db_engine"]) as s:
        state = svc.match_state(session=s, match=svc.get_match(session=s, match_id=match_id))
        assert len(state["deals"]) == 18 and state["scores"] == [0, 18]  # 6 phones × 3 keys
        assert state["version"] == 19


def test_a_match_object_held_across_a_write_shows_the_new_version(session):
    match = new(session)
    held = svc.get_match(session=session, match_id=match.id)
    add(session, match, 1, 2)
    state = svc.match_state(session=session, match=held)
    assert state["version"] == 2 and state["scores"] == [1, 2]


def test_a_refused_write_leaves_no_trace(session):
    match = new(session)
    add(session, match, 1, 2)
    before = svc.match_state(session=session, match=match)
    for bad in ({"points": [0, 99]}, {"points": "x"}):
        with pytest.raises(InvalidDeal):
            svc.replace_deal(session=session, match_id=match.id, n=1, record=bad)
    with pytest.raises(InvalidDeal):
        svc.record_deal(session=session, match_id=match.id, record={}, idempotency_key="k")
    assert svc.match_state(session=session, match=match) == before
    assert count(session, AuditEntry) == 2 and keys(session) == []


def test_a_match_object_stays_readable_after_its_session_closes(app):
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        match = new(s)
        add(s, match, 1, 1)
    assert match.version == 2 and match.token and match.players == ["Jana", "Petr"]


def test_records_of_matches_untouched_for_30_days_are_pruned(session, monkeypatch):
    from datetime import timedelta

    from scorekeeper.services import match_write

    old, recent, busy = new(session), new(session), new(session)
    add(session, old, 1, 0, key="old")
    add(session, recent, 1, 0, key="recent")
    for match, days in ((old, 31), (recent, 29)):
        row = session.get(Match, match.id)
        row.updated_at = row.updated_at - timedelta(days=days)
        session.add(row)
    session.commit()
    assert match_write.KEY_LIFETIME == timedelta(days=30)
    monkeypatch.setattr(match_write, "KEY_PRUNE_EVERY", 1)
    add(session, busy, 0, 1, key="new")  # prunes, then commits
    assert keys(session) == ["new", "recent"]
    session.expire_all()
    assert len(svc.history(session=session, match_id=old.id)) == 2  # the entries stay


def keys(session) -> list[str]:
    """The idempotency keys kept (on audit entries)."""
    session.expire_all()
    return sorted(session.exec(select(AuditEntry.key).where(AuditEntry.key.is_not(None))).all())


def test_a_write_planned_on_stale_deals_is_planned_again_under_the_lock(app, monkeypatch):
    from contextlib import contextmanager

    from scorekeeper.services import match_store

    engine = app.extensions["db_engine"]
    with app.app_context(), Session(engine, expire_on_commit=False) as s:
        match = new(s)
        add(s, match, 1, 0)
        real_writer, fired = match_store.writer, []

        @contextmanager
        def writer(session):  # another phone's deal lands after this write planned
            if not fired:
                fired.append(True)
                with Session(engine) as other:
                    add(other, match, 2, 0)
            with real_writer(session):
                yield

        monkeypatch.setattr(match_store, "writer", writer)
        state = add(s, match, 0, 3)
    assert [d["record"]["points"] for d in state["deals"]] == [[1, 0], [2, 0], [0, 3]]
    assert state["version"] == 4 and state["scores"] == [3, 3]


@pytest.mark.parametrize("key", ["", "k" * 201, "ключ", "a\x00b", 7])
def test_a_malformed_idempotency_key_is_refused_before_anything_is_stored(session, key):
    match = new(session)
    with pytest.raises(InvalidDeal) as info:
        add(session, match, 1, 1, key=key)
    assert info.value.errors[0].field == "idempotency_key" and count(session, Deal) == 0
