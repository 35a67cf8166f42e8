"""League evenings through the services (RULES.md §6b): the format and parts, the PB table and BP
key loaded as CSV, PB typed with a table's figures or recorded deal by deal, part 2 drawn from
part 1's results, standings with ZB, PB, SB and BP, and a season of league evenings on BP."""

from __future__ import annotations

from itertools import combinations

import pytest

from scorekeeper.rules.base import RuleError
from scorekeeper.services import league_facts, tournament_league, tournament_seasons
from scorekeeper.services import tournament_common as common
from scorekeeper.services import tournaments as ts
from scorekeeper.services.errors import Conflict
from scorekeeper.services.tournament_standings import standings_of
from tests.services import test_tournaments

session = test_tournaments.session  # the fixture: a session on a fresh database

TWELVE = [f"Hráč {c}" for c in "ABCDEFGHIJKL"]
KEY = "od;do;1.;2.;3.;4.;5.;6.;7.;8.;9.;10.;11.;12.\n9;12;30;25;21;18;15;12;10;8;6;4;2;1\n"
# each table of three: ZB (alike modulo 3, adding up to 0) and PB per seat
FIGURES = [((12, -3, -9), (5, 0, 20)), ((6, 3, -9), (0, 4, 0)), ((9, 0, -9), (0, 0, 0)),
           ((3, 0, -3), (2, 0, 0))]  # fmt: skip


def _league(session, players=TWELVE, **kw):
    kw.setdefault("rounds", 2)
    kw.setdefault("format", "league")
    return ts.create_tournament(
        session=session, name="Pražská liga, 3. turnaj", game="marias", preset="pub",
        players=players, seed=11, **kw,
    )  # fmt: skip


def _play_round(session, tid, number, figures=FIGURES):
    drawn = ts.draw_next_round(session=session, tournament_id=tid, seed=5)
    assert drawn["round"] == number
    for table, (zb, pb) in zip(drawn["tables"], figures, strict=True):
        ts.set_manual_result(
            session=session, tournament_id=tid, round=number, table=table["table"],
            scores=list(zb), pb=list(pb), confirm=True,
        )  # fmt: skip
    return drawn


def test_a_league_evening_keeps_its_format_and_parts(session):
    # RULES.md §6b: format league, parts (default 2), each part one or more rounds
    t = _league(session, rounds=5)
    assert (t.format, t.parts) == ("league", 2)
    state = ts.tournament_state(session=session, tournament_id=t.id)
    assert state["format"] == "league" and state["part_rounds"] == [[1, 2, 3], [4, 5]]
    assert state["tiebreaks"] == ["zb"]  # RULES.md §6b: ties by higher ZB, then the lot
    plain = ts.create_tournament(session=session, name="Pub", game="marias", players=TWELVE)
    assert ts.tournament_state(session=session, tournament_id=plain.id)["format"] == "standard"


@pytest.mark.parametrize(
    "kw, field",
    [
        ({"format": "ligue"}, "format"),
        ({"parts": 3}, "parts"),  # two rounds cannot make three parts
        ({"parts": 0}, "parts"),
        ({"parts": "two"}, "parts"),
        ({"ranking": "placings"}, "ranking"),
        ({"drop_rounds": "worst"}, "drop_rounds"),
        ({"tiebreaks": ["table_wins"]}, "tiebreaks.0"),  # the league kind offers ZB
    ],
)
def test_a_league_evening_refuses_what_it_cannot_be(session, kw, field):
    # RULES.md §6b: a league evening ranks the balance, every round counting, in 1..rounds parts
    with pytest.raises(RuleError) as caught:
        _league(session, **kw)
    assert caught.value.errors[0].field == field


def test_a_league_evening_is_for_a_game_played_for_chips(session):
    # RULES.md §6b: ZB is the chip balance (§4): a game of match points has none
    with pytest.raises(RuleError) as caught:
        ts.create_tournament(session=session, name="Liga", game="mariasz", players=TWELVE[:4],
                             format="league")  # fmt: skip
    assert caught.value.errors[0].field == "format"


def test_the_bp_key_and_pb_table_load_as_csv_and_show_back(session):
    # RULES.md §6b: the key and the PB table are loaded by the organiser as data (CSV)
    t = _league(session)
    key = tournament_league.set_bp_key(session=session, tournament_id=t.id, text=KEY, actor="o")
    assert key[0]["players_from"] == 9 and key[0]["points"][:3] == [30, 25, 21]
    table = tournament_league.set_pb_table(
        session=session, tournament_id=t.id, actor="o",
        text="pravidlo;podmínka;body\nsedma;na 3 trumfy;7\nsto;bez trumfové desítky;10\n",
    )  # fmt: skip
    assert table[1] == {"rule": "sto", "condition": "bez trumfové desítky", "points": 10}
    state = ts.tournament_state(session=session, tournament_id=t.id)
    assert state["bp_key"] == key and state["pb_table"] == table
    actions = [e["action"] for e in ts.audit_log(session=session, tournament_id=t.id)]
    assert "bp key" in actions and "pb table" in actions
    tournament_league.set_bp_key(session=session, tournament_id=t.id, text="", actor="o")
    assert ts.tournament_state(session=session, tournament_id=t.id)["bp_key"] == []


def test_a_bad_csv_line_is_refused_with_its_number_and_reason(session):
    # RULES.md §6b: a bad line is refused by its number and reason; nothing of the table is taken
    t = _league(session)
    with pytest.raises(RuleError) as caught:
        tournament_league.set_bp_key(
            session=session, tournament_id=t.id, actor="o", text="1;3;9;5;1\n2;4;9;7;5;3\n"
        )
    error = caught.value.errors[0]
    assert error.field == "bp_key.2" and "Line 2" in error.message and "line 1" in error.message
    with pytest.raises(RuleError) as caught:
        tournament_league.set_pb_table(session=session, tournament_id=t.id, actor="o",
                                       text="sedma;na 3 trumfy;7\nsto;na 4;deset\n")  # fmt: skip
    assert caught.value.errors[0].field == "pb_table.2"
    assert "deset" in caught.value.errors[0].message
    session.rollback()
    assert ts.tournament_state(session=session, tournament_id=t.id)["bp_key"] == []


def test_a_standard_tournament_has_no_league_tables_nor_pb(session):
    plain = ts.create_tournament(session=session, name="Pub", game="marias", players=TWELVE[:3],
                                 rounds=1)  # fmt: skip
    with pytest.raises(Conflict):
        tournament_league.set_bp_key(session=session, tournament_id=plain.id, text=KEY, actor="o")
    ts.draw_next_round(session=session, tournament_id=plain.id)
    with pytest.raises(RuleError) as caught:
        ts.set_manual_result(session=session, tournament_id=plain.id, round=1, table=1,
                             scores=[3, 0, -3], pb=[1, 0, 0])  # fmt: skip
    assert caught.value.errors[0].field == "pb"


def test_typed_pb_are_one_whole_number_per_seat(session):
    # RULES.md §6b: PB typed with a table's figures, one whole number >= 0 per seat
    # RULES.md §4a: pb are whole numbers >= 0, one per seat
    t = _league(session, players=TWELVE[:3])
    ts.draw_next_round(session=session, tournament_id=t.id)
    for pb, field in (([1, 2], "pb"), ([1, -2, 0], "pb.1"), ([1, True, 0], "pb.1")):
        with pytest.raises(RuleError) as caught:
            ts.set_manual_result(session=session, tournament_id=t.id, round=1, table=1,
                                 scores=[3, 0, -3], pb=pb)  # fmt: skip
        assert caught.value.errors[0].field == field
    session.rollback()
    result = ts.set_manual_result(session=session, tournament_id=t.id, round=1, table=1,
                                  scores=[3, 0, -3], pb=[0, 7, 0], confirm=True)  # fmt: skip
    assert result["pb"] == [0, 7, 0]
    # figures typed again without PB keep the PB typed before
    again = ts.set_manual_result(session=session, tournament_id=t.id, round=1, table=1,
                                 scores=[6, -3, -3])  # fmt: skip
    assert again["pb"] == [0, 7, 0]


def test_twelve_players_in_two_parts(session):
    # RULES.md §6b: part 1 seeded, part 2 drawn from part 1's results avoiding repeat
    # opponents; each part and the evening rank by SB = ZB + PB; BP by the key
    t = _league(session)
    tournament_league.set_bp_key(session=session, tournament_id=t.id, text=KEY, actor="o")
    one = _play_round(session, t.id, 1)
    after_one = standings_of(session, common.get_tournament(session=session, tournament_id=t.id))
    leaders = [r["player_id"] for r in after_one["rows"]]
    ts.close_round(session=session, tournament_id=t.id, number=1)
    two = _play_round(session, t.id, 2)
    met = {frozenset(p) for tb in one["tables"] for p in combinations(tb["player_ids"], 2)}
    again = [p for tb in two["tables"] for p in combinations(tb["player_ids"], 2)
             if frozenset(p) in met]  # fmt: skip
    assert again == [] and two["repeats"] == 0
    assert leaders[0] in two["tables"][0]["player_ids"]  # leaders together at table 1
    doc = ts.standings(session=session, tournament_id=t.id)
    rows = doc["rows"]
    assert doc["format"] == "league" and doc["tournament"]["format"] == "league"
    assert doc["bp_source"] == "key"
    assert [r["bp"] for r in rows] == [30, 25, 21, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    for r in rows:
        assert r["sb"] == r["zb"] + r["pb"] == r["total"]
        assert r["sb"] == sum(p["sb"] for p in r["parts"])
    assert sum(r["zb"] for r in rows) == 0
    assert sum(r["pb"] for r in rows) == 2 * sum(sum(pb) for _zb, pb in FIGURES)
    sbs = [(r["sb"], r["zb"]) for r in rows]
    assert sbs == sorted(sbs, reverse=True)


def test_pb_recorded_deal_by_deal_are_added_up(session):
    # RULES.md §6b: PB are the premium points recorded in the part, added up deal by deal
    # RULES.md §4a: a deal record may carry pb (one figure per seat); a table's PB are their
    # sums. A game that records pb gives the match state's deals such records: here the state
    # is given as such a game would give it.
    t = _league(session, players=TWELVE[:3], rounds=1, parts=1)
    drawn = ts.draw_next_round(session=session, tournament_id=t.id)
    table = drawn["tables"][0]
    tables = common.Tables(session)
    match = tables.match(table["match_id"])
    tables.states[(match.id, match.version)] = {
        "deals": [{"record": {"pb": [0, 3, 0]}}, {"record": {}}, {"record": {"pb": [7, 0, 1]}}],
        "scores": [6, -3, -3], "winner": None, "finished": False,
    }  # fmt: skip
    row = common.get_table(session, common.get_round(session, t, 1), 1)
    row.confirmed_scores = [6, -3, -3]
    session.add(row)
    session.commit()
    doc = standings_of(session, t, tables)
    got = {r["player_id"]: (r["zb"], r["pb"], r["sb"]) for r in doc["rows"]}
    seats = table["player_ids"]
    assert got[seats[0]] == (6, 7, 13) and got[seats[1]] == (-3, 3, 0)
    assert league_facts.deals_pb([{"pb": [1, 2, 3]}, {"pb": "x"}, {"pb": [1, -1, 0]}], 3) == [
        1, 2, 3,
    ]  # fmt: skip


def test_a_season_of_league_evenings_ranks_on_bp(session):
    # RULES.md §6b: a season of league evenings adds BP and strikes the worst (best_n)
    season = tournament_seasons.create_season(session=session, name="Liga", best_n=1)
    ids = []
    for e in range(2):
        t = _league(session, players=TWELVE[:6], rounds=1, parts=1, season_id=season.id,
                    date=f"2026-01-0{e + 1}")  # fmt: skip
        assert t.seeding == "season"  # RULES.md §6b: part 1 seeded by the season standings
        _play_round(session, t.id, 1, FIGURES[:2] if e == 0 else FIGURES[2:])
        ids.append(t.id)
    table = tournament_seasons.season_table(session, season.id)
    assert table["ranked_on"] == "bp" and table["tiebreaks"] == ["sb", "zb"]
    evenings = [ts.standings(session=session, tournament_id=i) for i in ids]
    bp = {}
    for doc in evenings:
        for r in doc["rows"]:
            bp.setdefault(r["player"], []).append(r["bp"])
    for row in table["rows"]:
        assert row["total"] == max(bp[row["player"]])  # best 1 of 2: the other struck
        assert row["counted"].count(True) == 1
    assert [r["total"] for r in table["rows"]] == sorted(
        (r["total"] for r in table["rows"]), reverse=True
    )
