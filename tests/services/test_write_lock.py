"""No request holds the write lock (SQLite has one for the whole database) for work that grows
with its size: a 1,000-player creation, a pasted list or a 333-table draw is checked and built
first, then written with as many statements as a small one (services/bulk.py). Timings are for
bench/bench_write_lock.py; here the statements inside each write transaction are counted."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from scorekeeper.db import get_session
from scorekeeper.services import tournaments as ts

WRITES = ("INSERT", "UPDATE", "DELETE")


class WriteTransactions:
    """Counts the statements each write transaction runs, from its first write to its end."""

    def __init__(self, engine):
        self.engine, self.open, self.done = engine, {}, []
        event.listen(engine, "before_cursor_execute", self.statement)
        event.listen(engine, "commit", self.end)
        event.listen(engine, "rollback", self.end)

    def statement(self, conn, _cursor, statement, *_args):
        key = id(conn.connection.dbapi_connection)
        if key in self.open:
            self.open[key] += 1
        elif statement.lstrip().split()[0].upper() in WRITES:
            self.open[key] = 1

    def end(self, conn):
        count = self.open.pop(id(conn.connection.dbapi_connection), None)
        if count is not None:
            self.done.append(count)

    def longest(self, action) -> int:
        self.done.clear()
        action()
        return max(self.done)

    def close(self):
        event.remove(self.engine, "before_cursor_execute", self.statement)
        event.remove(self.engine, "commit", self.end)
        event.remove(self.engine, "rollback", self.end)


@pytest.fixture
def writes(app):
    counter = WriteTransactions(app.extensions["db_engine"])
    yield counter
    counter.close()


def names(n: int) -> list[str]:
    return [f"Hráč {i:04d}" for i in range(n)]


def test_a_creation_writes_as_many_statements_for_1000_players_as_for_9(app, writes):
    with app.app_context():
        session = get_session()

        def create(n):
            return lambda: ts.create_tournament(
                session=session, name="T", game="marias", players=names(n)
            )

        small, large = writes.longest(create(9)), writes.longest(create(1000))
    assert large == small <= 6


def test_a_season_evening_links_1000_new_roster_players_in_one_statement(client, writes):
    season = client.post("/api/v1/seasons", json={"name": "Liga"}).json

    def create(n):
        def run():
            answer = client.post(
                "/api/v1/tournaments",
                headers={"Authorization": f"Bearer {season['token']}"},
                json={"name": f"E{n}", "game": "marias", "players": names(n),
                      "season_id": season["id"]},
            )  # fmt: skip
            assert answer.status_code == 201, answer.text

        return run

    assert writes.longest(create(9)) == writes.longest(create(1000))
    roster = client.get(f"/api/v1/seasons/{season['id']}/players?q=0999").json["players"]
    assert [p["name"] for p in roster] == ["Hráč 0999"]


def test_a_pasted_list_and_a_333_table_draw_do_not_grow_the_write(app, writes):
    with app.app_context():
        session = get_session()
        counts = {}
        for n in (9, 999):
            tournament = ts.create_tournament(session=session, name="T", game="marias")
            paste = "\n".join(names(n))
            counts[("paste", n)] = writes.longest(
                lambda t=tournament, p=paste: ts.add_players(
                    session=session, tournament_id=t.id, text=p
                )
            )
            counts[("draw", n)] = writes.longest(
                lambda t=tournament: ts.draw_next_round(session=session, tournament_id=t.id)
            )
            state = ts.tournament_state(session=session, tournament_id=tournament.id)
            assert len(state["rounds"][0]["tables"]) == n // 3
    assert counts[("paste", 9)] == counts[("paste", 999)]
    assert counts[("draw", 9)] == counts[("draw", 999)] <= 10


def test_a_refused_name_in_a_long_list_stores_nothing(app):
    with app.app_context():
        session = get_session()
        listed = [*names(500), "Hráč 0007", *names(3)]
        with pytest.raises(Exception) as refused:
            ts.create_tournament(session=session, name="T", game="marias", players=listed)
        assert refused.value.errors[0].field == "players.500"
        tournament = ts.create_tournament(session=session, name="T", game="marias")
        with pytest.raises(Exception) as refused:
            ts.add_players(session=session, tournament_id=tournament.id, text="A\nB\n\nb\nC")
        assert "Line 4" in refused.value.errors[0].message
        state = ts.tournament_state(session=session, tournament_id=tournament.id)
        assert state["players"] == []
