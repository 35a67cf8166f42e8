"""Statements run on the driver's cursor (``services.prepared``) answer what SQLAlchemy answers.

The save path runs its statements straight on the DB-API cursor (half the CPU of a save
was SQLAlchemy's per-statement work). Here each kind it runs (a select with JSON, dates and
a correlated subquery; an insert returning its id; an update's rowcount; a unique-key clash) is
run both ways in one transaction and must give the same rows, the same stored values and the
same exception type, on SQLite and (in CI) on PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from scorekeeper.models.match import AuditEntry, Match
from scorekeeper.services import match_store, prepared
from scorekeeper.services import matches as svc


@pytest.fixture
def session(app):
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        yield s


def _match(session: Session) -> Match:
    return svc.create_match(session=session, game="marias", players=["Jana", "Petr", "Ota"])


_audit = AuditEntry.__table__
_SELECT_AUDIT = (
    sa.select(*_audit.c).where(_audit.c.match_id == sa.bindparam("m")).order_by(_audit.c.id)
)
_RENAME = (
    sa.update(Match.__table__)
    .where(Match.__table__.c.id == sa.bindparam("m"))
    .values(title=sa.bindparam("t"))
)


def test_the_match_read_is_the_same_both_ways(session):
    match = _match(session)
    session.commit()
    guard = (
        sa.select(sa.func.count())
        .select_from(_audit)
        .where(_audit.c.match_id == Match.__table__.c.id)
        .scalar_subquery()
    )
    fast = match_store.read_match(session, match.id, (guard,))
    statement = match_store._select_match[(guard,)]
    slow = session.connection().execute(statement, {"match_id_": match.id}).first()
    assert tuple(fast) == tuple(slow)
    assert fast._fields == tuple(slow._fields)
    assert fast.players == ["Jana", "Petr", "Ota"] and isinstance(fast.players, list)
    assert fast.extra_0 >= 1  # the "create" audit entry, counted by the correlated subquery
    assert match_store.read_match(session, "no-such-match") is None


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    ),
    actor=st.text(max_size=30).filter(lambda t: "\x00" not in t),
)
def test_an_insert_stores_what_sqlalchemy_would_store(session, value, actor):
    match = _match(session)
    at = datetime(2026, 11, 26, 9, 30, 1, 250_000, tzinfo=UTC)
    row = {"match_id": match.id, "at": at, "action": "add", "n": 7, "before": None}
    fast_id = match_store.insert(session, _audit, **row, after=value, actor=actor)
    slow_id = (
        session.connection()
        .execute(sa.insert(_audit).returning(_audit.c.id), {**row, "after": value, "actor": actor})
        .scalar_one()
    )
    assert slow_id > fast_id
    fast_rows = list(prepared.run(session, _SELECT_AUDIT, {"m": match.id}))
    slow_rows = list(session.connection().execute(_SELECT_AUDIT, {"m": match.id}))
    assert [tuple(r) for r in fast_rows] == [tuple(r) for r in slow_rows]
    mine = [r for r in fast_rows if r.id in (fast_id, slow_id)]
    assert [r.after for r in mine] == [value, value] and [r.actor for r in mine] == [actor] * 2
    assert mine[0].at.replace(tzinfo=UTC) == at
    session.rollback()


def test_an_update_counts_its_rows(session):
    match = _match(session)
    assert prepared.run(session, _RENAME, {"m": match.id, "t": "Pátek"}).rowcount == 1
    assert prepared.run(session, _RENAME, {"m": "nobody", "t": "x"}).rowcount == 0
    session.commit()
    session.expire_all()
    assert session.get(Match, match.id).title == "Pátek"


def test_a_driver_error_is_sqlalchemys_error_and_leaves_the_session_usable(session):
    match = _match(session)
    entry = {"match_id": match.id, "at": datetime.now(UTC), "action": "add", "key": "k"}
    match_store.insert(session, _audit, **entry)
    with pytest.raises(IntegrityError):
        match_store.insert(session, _audit, **entry)  # the unique (match, key)
    session.rollback()
    assert prepared.run(session, _RENAME, {"m": match.id, "t": "again"}).rowcount == 1
    session.commit()


def test_a_new_transaction_gets_its_own_connection(session):
    match = _match(session)
    prepared.run(session, _RENAME, {"m": match.id, "t": "one"})
    session.rollback()  # the renamed title is gone with its transaction
    session.expire_all()
    assert session.get(Match, match.id).title != "one"
    prepared.run(session, _RENAME, {"m": match.id, "t": "two"})
    session.commit()
    session.expire_all()
    assert session.get(Match, match.id).title == "two"
