"""Tournament services: entrants, draws, table results, confirmation, audit (RULES.md §6)."""

from __future__ import annotations

import os

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import db
from scorekeeper.db import get_session
from scorekeeper.extensions import babel
from scorekeeper.rules.base import MatchFinished, RuleError
from scorekeeper.services import matches
from scorekeeper.services import tournaments as ts
from scorekeeper.services.errors import Conflict, Forbidden, Locked, NotFound

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Franta"]
HRA = {
    "declarer": 0,
    "dealer": None,
    "trump": "clubs",
    "parts": [{"kind": "hra", "won": True, "flek": 0}],
}


@pytest.fixture
def session(request, tmp_path):
    """A session on a fresh, migrated database, in a bare app (no blueprints needed)."""
    if os.environ.get("TEST_DATABASE_URL"):  # PostgreSQL: the shared app fixture makes one
        with request.getfixturevalue("app").app_context():
            yield get_session()
        return
    app = Flask(__name__)
    app.config.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", TESTING=True)
    babel.init_app(app)
    db.init_app(app)
    ts.register_guards()  # what create_app does: the closed-round lock
    with app.app_context():
        yield get_session()
    app.extensions["db_engine"].dispose()


def _marias(session, players=SEVEN, **kw):
    kw.setdefault("rounds", 2)
    return ts.create_tournament(
        session=session,
        name="Posvícení",
        game="marias",
        preset="pub",
        players=players,
        seed=7,
        **kw,
    )


def _enter(session, table, record, *, minimal=False):
    """Play one deal at a table (as a phone would) through the match service; ``minimal``: as
    the phones' pages save it (appended from the running state, the guard read with the match)."""
    record = dict(record)
    if len(table["player_ids"]) == 4:
        record["dealer"] = 3
    matches.record_deal(session=session, match_id=table["match_id"], record=record, minimal=minimal)


def test_create_and_register(session):
    t = _marias(session, players=SEVEN[:3])
    ts.add_player(session=session, tournament_id=t.id, name="Eva")
    ts.add_players(session=session, tournament_id=t.id, text="Karel\n\n  Lída \nFranta\n")
    state = ts.tournament_state(session=session, tournament_id=t.id)
    assert [p["name"] for p in state["players"]] == SEVEN
    assert all(p["active"] for p in state["players"])
    assert state["game"] == "marias" and state["rounds_planned"] == 2
    assert state["options"]["hra"] == 1  # every effective option is stored


@pytest.mark.parametrize(
    "kw, field",
    [
        ({"name": " "}, "name"),
        ({"game": "poker"}, "game"),
        ({"rounds": 0}, "rounds"),
        ({"ranking": "wins"}, "ranking"),
        ({"draw_method": "swiss"}, "draw_method"),
        ({"options": {"nonsense": 1}}, "options.nonsense"),
    ],
)
def test_create_refuses_bad_input(session, kw, field):
    args = {"name": "T", "game": "marias", **kw}
    with pytest.raises(RuleError) as error:
        ts.create_tournament(session=session, **args)
    assert error.value.errors[0].field == field


def test_duplicate_names_and_paste_is_all_or_nothing(session):
    t = _marias(session, players=["Jana"])
    with pytest.raises(RuleError):
        ts.add_player(session=session, tournament_id=t.id, name="jana")
    with pytest.raises(RuleError) as error:
        ts.add_players(session=session, tournament_id=t.id, text="Eva\nJana\n")
    assert "Line 2" in error.value.errors[0].message
    assert len(ts.tournament_state(session=session, tournament_id=t.id)["players"]) == 1


def test_rename_fixes_a_typo_and_is_audited(session):
    t = _marias(session)
    pid = ts.tournament_state(session=session, tournament_id=t.id)["players"][0]["id"]
    ts.rename_player(session=session, tournament_id=t.id, player_id=pid, name="Jana N.")
    log = ts.audit_log(session=session, tournament_id=t.id)
    assert log[-1]["action"] == "rename_player"
    assert log[-1]["before"] == {"name": "Jana"} and log[-1]["after"]["name"] == "Jana N."


def test_draw_preview_stores_nothing_and_confirm_reruns_the_seed(session):
    # RULES.md §6: 7 players = one table of 4 and one of 3; seeded draw anyone can re-run
    t = _marias(session)
    preview = ts.preview_draw(session=session, tournament_id=t.id, seed=42)
    again = ts.preview_draw(session=session, tournament_id=t.id, seed=42)
    assert preview == again
    assert sorted(len(x["player_ids"]) for x in preview["tables"]) == [3, 4]
    assert ts.tournament_state(session=session, tournament_id=t.id)["rounds"] == []
    rnd = ts.confirm_round(session=session, tournament_id=t.id, seed=42)
    assert [x["player_ids"] for x in rnd["tables"]] == [x["player_ids"] for x in preview["tables"]]
    assert rnd["seed"] == 42 and rnd["status"] == "drawn"
    match = matches.get_match(session=session, match_id=rnd["tables"][0]["match_id"])
    assert match.players == rnd["tables"][0]["players"] and match.token == rnd["tables"][0]["token"]


def test_round_flow_confirmation_and_standings(session):
    t = _marias(session)
    rnd = ts.confirm_round(session=session, tournament_id=t.id)
    ts.start_round(session=session, tournament_id=t.id, number=1)
    first, second = rnd["tables"]
    _enter(session, first, HRA)
    state = ts.tournament_state(session=session, tournament_id=t.id)["rounds"][0]
    assert [x["status"] for x in state["tables"]] == ["unconfirmed", "waiting"]
    # RULES.md §6 / API.md: standings count confirmed tables only
    assert ts.standings(session=session, tournament_id=t.id)["after_round"] == 0
    with pytest.raises(Forbidden):
        ts.confirm_table(session=session, tournament_id=t.id, round=1, table=1, token="nope")
    with pytest.raises(Conflict):  # nothing entered at table 2 yet
        ts.confirm_table(session=session, tournament_id=t.id, round=1, table=2, organiser=True)
    ts.confirm_table(
        session=session,
        tournament_id=t.id,
        round=1,
        table=1,
        token=first["token"],
        by=first["players"][1],
    )
    result = ts.standings(session=session, tournament_id=t.id)
    assert result["after_round"] == 1
    top = result["rows"][0]
    assert top["player_id"] == first["player_ids"][0] and top["total"] == 2 and top["rank"] == 1
    assert result["tournament"]["name"] == "Posvícení"
    # a deal entered after confirmation un-confirms the table until someone confirms again
    _enter(session, first, HRA)
    assert ts.standings(session=session, tournament_id=t.id)["rows"][0]["total"] == 0
    with pytest.raises(Conflict):
        ts.confirm_round(session=session, tournament_id=t.id)  # round 1 still open


def test_a_closed_rounds_confirmed_result_stands_against_later_deals(session):
    # RULES.md §6: results count once confirmed and the organiser corrects them; the table's link
    # (its QR code stays on the table) must not undo a closed round's result
    t = _marias(session)
    first, second = ts.confirm_round(session=session, tournament_id=t.id, start=True)["tables"]
    _enter(session, first, HRA)
    ts.confirm_table(session=session, tournament_id=t.id, round=1, table=1, organiser=True)
    zero = [0] * len(second["player_ids"])
    ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=2, scores=zero, confirm=True
    )
    ts.close_round(session=session, tournament_id=t.id, number=1)
    before = ts.standings(session=session, tournament_id=t.id)["rows"]
    with pytest.raises(Locked, match="Round 1 is closed"):
        _enter(session, first, HRA)  # someone at the table adds a deal after the round closed
    with pytest.raises(Locked, match="Round 1 is closed"):
        _enter(session, first, HRA, minimal=True)  # the same, as the phones' pages save it
    match_id = first["match_id"]
    assert (
        len(
            matches.match_state(
                session=session, match=matches.get_match(session=session, match_id=match_id)
            )["deals"]
        )
        == 1
    )
    table = ts.tournament_state(session=session, tournament_id=t.id)["rounds"][0]["tables"][0]
    assert table["confirmed"] is True and table["status"] == "confirmed"
    assert ts.standings(session=session, tournament_id=t.id)["rows"] == before
    # the organiser can still correct it
    ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=1, scores=[0, 0, 0], confirm=True
    )
    table = ts.tournament_state(session=session, tournament_id=t.id)["rounds"][0]["tables"][0]
    assert table["scores"] == [0, 0, 0] and table["confirmed"] is True


def test_manual_result_correction_and_audit(session):
    t = _marias(session)
    ts.confirm_round(session=session, tournament_id=t.id, start=True)
    with pytest.raises(RuleError) as error:  # RULES.md §6: a table's balances are zero-sum
        ts.set_manual_result(
            session=session, tournament_id=t.id, round=1, table=1, scores=[5, 1, -1]
        )
    assert error.value.errors[0].field == "scores"
    with pytest.raises(RuleError):
        ts.set_manual_result(session=session, tournament_id=t.id, round=1, table=1, scores=[1, 2])
    ts.set_manual_result(session=session, tournament_id=t.id, round=1, table=1, scores=[6, -3, -3])
    ts.confirm_table(session=session, tournament_id=t.id, round=1, table=1, organiser=True)
    ts.set_manual_result(
        session=session,
        tournament_id=t.id,
        round=1,
        table=1,
        scores=[4, -2, -2],
        actor="organiser:anna",
        confirm=True,
    )
    entry = ts.audit_log(session=session, tournament_id=t.id)[-1]
    assert entry["actor"] == "organiser:anna" and entry["round"] == 1 and entry["table"] == 1
    assert entry["before"] == {"scores": [6, -3, -3], "confirmed": True}
    assert entry["after"] == {"scores": [4, -2, -2], "confirmed": True}
    with pytest.raises(NotFound):
        ts.set_manual_result(session=session, tournament_id=t.id, round=1, table=9, scores=[0])


def test_withdrawal_and_late_entry_change_the_next_draw(session):
    t = _marias(session, players=SEVEN[:6], rounds=3)
    ts.confirm_round(session=session, tournament_id=t.id, start=True)
    ids = [p["id"] for p in ts.tournament_state(session=session, tournament_id=t.id)["players"]]
    ts.withdraw_player(session=session, tournament_id=t.id, player_id=ids[0])
    with pytest.raises(Conflict):
        ts.withdraw_player(session=session, tournament_id=t.id, player_id=ids[0])
    late = ts.add_player(session=session, tournament_id=t.id, name="Franta")
    ts.close_round(session=session, tournament_id=t.id, number=1)
    preview = ts.preview_draw(session=session, tournament_id=t.id)
    seated = {p for x in preview["tables"] for p in x["player_ids"]}
    assert ids[0] not in seated and late.id in seated and len(seated) == 6
    # the withdrawn player's round-1 table still stands
    r1 = ts.tournament_state(session=session, tournament_id=t.id)["rounds"][0]
    assert ids[0] in {p for x in r1["tables"] for p in x["player_ids"]}


def test_keep_apart_pair_is_kept_apart(session):
    # RULES.md §6: the draw keeps apart pairs the organiser names
    t = _marias(session, players=SEVEN[:6])
    ids = [p["id"] for p in ts.tournament_state(session=session, tournament_id=t.id)["players"]]
    ts.add_keep_apart(session=session, tournament_id=t.id, a_id=ids[0], b_id=ids[1])
    for seed in range(5):
        preview = ts.preview_draw(session=session, tournament_id=t.id, seed=seed)
        assert not any({ids[0], ids[1]} <= set(x["player_ids"]) for x in preview["tables"])
        assert preview["kept_apart_broken"] == []


def test_second_round_avoids_repeats_and_api_draw_needs_confirmed_tables(session):
    t = _marias(session, players=SEVEN[:6], rounds=2)
    r1 = ts.draw_next_round(session=session, tournament_id=t.id)
    assert r1["round"] == 1
    with pytest.raises(Conflict):
        ts.draw_next_round(session=session, tournament_id=t.id)
    for x in r1["tables"]:
        ts.set_manual_result(
            session=session,
            tournament_id=t.id,
            round=1,
            table=x["table"],
            scores=[2, -1, -1],
            confirm=True,
        )
    r2 = ts.draw_next_round(session=session, tournament_id=t.id)
    assert r2["round"] == 2 and r2["repeats"] >= 0
    with pytest.raises(Conflict):  # all planned rounds drawn
        ts.close_round(session=session, tournament_id=t.id, number=2)
        ts.draw_next_round(session=session, tournament_id=t.id)


def test_marianna_teams_sit_in_partnership_seats(session):
    # RULES.md §3, §6: fixed teams of two; seats 1&3 against 2&4
    t = ts.create_tournament(
        session=session,
        name="Coppa",
        game="marianna",
        players=["Jana & Ota", "Eva & Petr"],
        rounds=1,
        seed=1,
    )
    rnd = ts.confirm_round(session=session, tournament_id=t.id)
    match = matches.get_match(session=session, match_id=rnd["tables"][0]["match_id"])
    teams = rnd["tables"][0]["players"]
    first = teams[0].split(" & ")
    assert match.players[0] == first[0] and match.players[2] == first[1]
    with pytest.raises(RuleError):
        ts.add_player(session=session, tournament_id=t.id, name="Solo")


def test_two_player_bye_counts_a_win(session):
    # RULES.md §6: an odd player out gets a bye worth a win
    t = ts.create_tournament(
        session=session, name="Mariasz", game="mariasz", players=["A", "B", "C"], rounds=2, seed=3
    )
    rnd = ts.confirm_round(session=session, tournament_id=t.id, start=True)
    assert len(rnd["bye"]) == 1 and len(rnd["tables"]) == 1
    ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=1, scores=[3, 1], confirm=True
    )
    rows = ts.standings(session=session, tournament_id=t.id)["rows"]
    totals = {r["player_id"]: r["total"] for r in rows}
    assert totals[rnd["bye"][0]["player_id"]] == 1
    assert totals[rnd["tables"][0]["player_ids"][0]] == 1
    assert totals[rnd["tables"][0]["player_ids"][1]] == 0


def test_placings_count_a_round_once_every_table_is_confirmed(session):
    # RULES.md §6: table placings; a table still playing must not cost its players a last place
    t = _marias(session, players=SEVEN[:6], ranking="placings")
    ts.confirm_round(session=session, tournament_id=t.id, start=True)
    ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=1, scores=[2, -1, -1], confirm=True
    )
    assert ts.standings(session=session, tournament_id=t.id)["after_round"] == 0
    ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=2, scores=[0, 3, -3], confirm=True
    )
    rows = ts.standings(session=session, tournament_id=t.id)["rows"]
    assert sorted(r["total"] for r in rows) == [1, 1, 2, 2.5, 2.5, 3]


def test_two_player_swiss_has_no_rematch(session):
    # RULES.md §6: two-player games are paired Swiss-style without rematches
    t = ts.create_tournament(
        session=session,
        name="Mariasz",
        game="mariasz",
        players=["A", "B", "C", "D"],
        rounds=3,
        seed=5,
    )
    met = set()
    for number in (1, 2, 3):
        rnd = ts.confirm_round(session=session, tournament_id=t.id, start=True)
        for table in rnd["tables"]:
            pair = frozenset(table["player_ids"])
            assert pair not in met
            met.add(pair)
            ts.set_manual_result(
                session=session,
                tournament_id=t.id,
                round=number,
                table=table["table"],
                scores=[3, 1],
                confirm=True,
            )
        ts.close_round(session=session, tournament_id=t.id, number=number)
    assert len(met) == 6  # everyone met everyone once
    rows = ts.standings(session=session, tournament_id=t.id)["rows"]
    assert sum(r["total"] for r in rows) == 6  # one win per match


def test_withdrawn_before_the_first_round_is_not_ranked(session):
    t = _marias(session, players=SEVEN[:4])
    pid = ts.tournament_state(session=session, tournament_id=t.id)["players"][3]["id"]
    ts.withdraw_player(session=session, tournament_id=t.id, player_id=pid)
    rnd = ts.confirm_round(session=session, tournament_id=t.id, start=True)
    assert len(rnd["tables"]) == 1 and len(rnd["tables"][0]["player_ids"]) == 3
    ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=1, scores=[2, -1, -1], confirm=True
    )
    rows = ts.standings(session=session, tournament_id=t.id)["rows"]
    assert pid not in {r["player_id"] for r in rows} and len(rows) == 3


@settings(
    deadline=None, max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(n=st.integers(min_value=6, max_value=13), data=st.data())
def test_balances_stay_zero_sum_and_everyone_is_ranked_once(session, n, data):
    # RULES.md §6: a round result is the chip balance at the table (zero-sum per table)
    t = _marias(session, players=[f"P{i}" for i in range(n)], rounds=2)
    for number in (1, 2):
        rnd = ts.confirm_round(session=session, tournament_id=t.id, start=True)
        for table in rnd["tables"]:
            size = len(table["player_ids"])
            scores = data.draw(st.lists(st.integers(-30, 30), min_size=size - 1, max_size=size - 1))
            ts.set_manual_result(
                session=session,
                tournament_id=t.id,
                round=number,
                table=table["table"],
                scores=[*scores, -sum(scores)],
                confirm=True,
                confirm_figures=True,  # any zero-sum figures the organiser confirms (§6)
            )
        ts.close_round(session=session, tournament_id=t.id, number=number)
    rows = ts.standings(session=session, tournament_id=t.id)["rows"]
    assert sorted(r["player"] for r in rows) == sorted(f"P{i}" for i in range(n))
    assert sum(r["total"] for r in rows) == 0
    assert [r["total"] for r in rows] == sorted((r["total"] for r in rows), reverse=True)
    assert all(r["rank"] <= i + 1 for i, r in enumerate(rows))


def test_deals_per_round_ends_each_table_match(session):
    # RULES.md §6: a round is time-boxed or a fixed number of deals
    t = _marias(session, players=SEVEN[:3], deals_per_round=2, round_minutes=None)
    assert t.options["deals"] == 2 and t.deals_per_round == 2
    table = ts.confirm_round(session=session, tournament_id=t.id, start=True)["tables"][0]
    _enter(session, table, HRA)
    _enter(session, table, HRA)
    with pytest.raises(MatchFinished):
        _enter(session, table, HRA)


def test_migration_matches_the_models_and_goes_down_and_up(tmp_path):
    from alembic import command
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    cfg = db.alembic_config(url)
    command.upgrade(cfg, "head")
    command.downgrade(cfg, "0001_matches")
    command.upgrade(cfg, "head")
    engine = db.make_engine(url)
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    engine.dispose()
    ours = [d for d in diff if "tournament" in repr(d) or "organiser" in repr(d)]
    assert ours == []


def test_a_draw_can_be_taken_back_until_something_is_played(session):
    t = _marias(session, players=SEVEN[:6])
    first = ts.confirm_round(session=session, tournament_id=t.id, seed=1)
    ts.add_player(session=session, tournament_id=t.id, name="Franta")  # arrives late
    ts.cancel_round(session=session, tournament_id=t.id, number=1)
    again = ts.confirm_round(session=session, tournament_id=t.id, seed=1, start=True)
    assert again["round"] == 1 and sum(len(x["player_ids"]) for x in again["tables"]) == 7
    assert first["tables"][0]["match_id"] not in {x["match_id"] for x in again["tables"]}
    _enter(session, again["tables"][0], HRA)
    with pytest.raises(Conflict):
        ts.cancel_round(session=session, tournament_id=t.id, number=1)
    assert "cancel" in [e["action"] for e in ts.audit_log(session=session, tournament_id=t.id)]


def test_two_draws_at_once_give_one_round_a_conflict_and_no_orphan_match(app):
    # a draw is one transaction; the second concurrent draw is a 409 (Conflict)
    import threading

    from sqlmodel import func, select

    from scorekeeper.models.match import Match
    from scorekeeper.models.tournament import TournamentTable

    with app.app_context():
        t = _marias(get_session(), players=SEVEN[:6] + ["Zdeněk", "Věra", "Bára"])
    answers: list[str] = []
    barrier = threading.Barrier(3)

    def draw():
        with app.app_context():
            barrier.wait()
            try:
                ts.confirm_round(session=get_session(), tournament_id=t.id, seed=5)
                answers.append("drawn")
            except Conflict:
                answers.append("409")

    threads = [threading.Thread(target=draw) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == ["409", "409", "drawn"]
    with app.app_context():
        session = get_session()
        state = ts.tournament_state(session=session, tournament_id=t.id)
        assert len(state["rounds"]) == 1 and len(state["rounds"][0]["tables"]) == 3
        tables = session.exec(select(func.count(TournamentTable.id))).one()
        matches_stored = session.exec(select(func.count(Match.id))).one()
        assert matches_stored == tables == 3  # no match belongs to no table


def test_a_refused_draw_stores_no_match(session):
    # a draw refused half-way (a seat name the match rules refuse) leaves nothing behind
    from sqlmodel import func, select

    from scorekeeper.models.match import Match
    from scorekeeper.models.tournament import TournamentPlayer

    t = _marias(session, players=SEVEN[:6])
    odd = session.exec(select(TournamentPlayer).where(TournamentPlayer.tournament_id == t.id)).all()
    odd[-1].name = "Ota\u202e"  # stored before names were checked (an old database)
    session.add(odd[-1])
    session.commit()
    with pytest.raises(RuleError):
        ts.confirm_round(session=session, tournament_id=t.id, seed=1)
    assert session.exec(select(func.count(Match.id))).one() == 0
    assert ts.tournament_state(session=session, tournament_id=t.id)["rounds"] == []


def test_round_one_seeded_by_rating_spreads_the_best(app):
    # RULES.md §6 v2: seeding by rating; the two best-rated players start at different tables
    from scorekeeper.models.tournament import Organiser
    from scorekeeper.services import tournament_rounds

    with app.app_context():
        session = get_session()
        club = Organiser(username="club", password_hash="-")
        session.add(club)
        session.commit()
        first = _marias(session, players=SEVEN[:6], organiser_id=club.id, rounds=1)
        drawn = tournament_rounds.draw_next_round(session=session, tournament_id=first.id)
        for table in drawn["tables"]:  # the first seat of each table wins
            tournament_rounds.set_manual_result(
                session=session, tournament_id=first.id, round=1, table=table["table"],
                scores=[4, -2, -2], confirm=True,
            )  # fmt: skip
        winners = {table["players"][0] for table in drawn["tables"]}
        second = _marias(session, players=SEVEN[:6], organiser_id=club.id, seeding="rating")
        seated = ts.confirm_round(session=session, tournament_id=second.id)
        for table in seated["tables"]:
            assert len(winners & set(table["players"])) == 1


def test_the_closed_round_lock_is_registered_by_create_app_not_by_an_import():
    # importing the tournament services changes nothing; create_app hangs the
    # guards on the match services, once however many apps are made
    import importlib

    from scorekeeper import create_app
    from scorekeeper.services import match_write
    from scorekeeper.services import tournaments as services

    match_write.GUARDS.clear()
    match_write.REMATCH_GUARDS.clear()
    importlib.reload(services)
    assert match_write.GUARDS == [] and match_write.REMATCH_GUARDS == []
    create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    assert [g.__name__ for g in match_write.GUARDS] == ["closed_round_guard"]
    assert [g.__name__ for g in match_write.REMATCH_GUARDS] == ["no_rematch_guard"]


def test_one_table_comes_with_its_names_and_nothing_is_cached_on_the_session(session):
    # a table's page gets its table (the names of its players) without the
    # whole tournament, and no service hides a cache in session.info
    t = _marias(session)
    first, second = ts.confirm_round(session=session, tournament_id=t.id, start=True)["tables"]
    _enter(session, first, HRA)
    whole = ts.tournament_state(session=session, tournament_id=t.id)["rounds"][0]
    one = ts.tournament_table(session=session, tournament_id=t.id, round=1, table=2)
    assert one == {**whole, "tables": [whole["tables"][1]]}
    assert one["tables"][0]["players"] == second["players"]
    ts.standings(session=session, tournament_id=t.id)
    assert not [k for k in session.info if k.startswith("tournament")]
    with pytest.raises(NotFound):
        ts.tournament_table(session=session, tournament_id=t.id, round=1, table=9)


@pytest.mark.parametrize(
    ("game", "fields", "kept"),
    [
        # RULES.md §6: Mariáš chooses its ranking and plays for money; the others do neither
        ("marias", {"ranking": "placings", "stake": "0.2", "currency": "CZK"},
         {"ranking": "placings", "stake": "0.2", "currency": "CZK"}),
        ("mariasz", {"ranking": "placings", "stake": "0.2", "currency": "CZK"}, {}),
        ("marianna", {"ranking": "balance", "stake": "1"}, {}),
    ],
)  # fmt: skip
def test_a_new_tournament_takes_the_fields_its_game_has(game, fields, kept):
    assert ts.game_fields(game, **fields) == kept
