"""League evenings (RULES.md §6b): parts, SB = ZB + PB, BP by the league's key, and seasons of
league evenings on BP. Worked examples first, then the invariants as properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.league import (
    DEFAULT_PARTS,
    league_json,
    league_standings,
    opens_part,
    part_of,
    part_plan,
)
from scorekeeper.tournament.league_tables import (
    BPKey,
    KeyLine,
    TableProblems,
    parse_bp_key,
    parse_pb_table,
)
from scorekeeper.tournament.season import Evening, EveningResult, season_table
from scorekeeper.tournament.standings import KINDS, RoundResult, TableResult, tiebreak_keys


def table(ids: str, zb, pb=None) -> TableResult:
    return TableResult(tuple(ids.split()), tuple(zb), premium=tuple(pb or ()))


def rnd(*tables) -> RoundResult:
    return RoundResult(tuple(tables))


def by_id(rows):
    return {r.player_id: r for r in rows}


SIX = {p: p.upper() for p in "abcdef"}


# --- parts ----------------------------------------------------------------------------------


def test_an_evening_is_played_in_parts_of_one_or_more_rounds():
    # RULES.md §6b: parts (default 2), each part one or more rounds; the earlier parts take the
    # round that does not divide evenly
    assert DEFAULT_PARTS == 2
    assert part_plan(2, 2) == ((1,), (2,))
    assert part_plan(4, 2) == ((1, 2), (3, 4))
    assert part_plan(5, 2) == ((1, 2, 3), (4, 5))
    assert [part_of(r, 5, 2) for r in range(1, 6)] == [1, 1, 1, 2, 2]
    with pytest.raises(ValueError, match="at least one round"):
        part_plan(1, 2)


def test_a_later_part_opens_with_a_draw_from_the_results_before_it():
    # RULES.md §6b: part 2 is drawn from part 1's results; part 1 is seeded by the season
    assert [opens_part(r, 4, 2) for r in (1, 2, 3, 4)] == [False, False, True, False]
    assert [opens_part(r, 3, 3) for r in (1, 2, 3)] == [False, True, True]


# --- a part and the evening -------------------------------------------------------------------

# Part 1 (round 1): a +12 PB 5, b −3 PB 0, c −9 PB 20 | d +6 PB 0, e +3 PB 4, f −9 PB 0
# Part 2 (round 2): a −6 PB 0, d +9 PB 8, e −3 PB 0 | b +3 PB 0, c +3 PB 0, f −6 PB 10
EVENING = [
    rnd(table("a b c", (12, -3, -9), (5, 0, 20)), table("d e f", (6, 3, -9), (0, 4, 0))),
    rnd(table("a d e", (-6, 9, -3), (0, 8, 0)), table("b c f", (3, 3, -6), (0, 0, 10))),
]


def test_each_part_ranks_by_sb_the_sum_of_zb_and_pb():
    # RULES.md §6b: each part ranks by SB = ZB + PB (ZB the chip balance in units, PB the
    # premium points recorded in that part)
    rows = by_id(league_standings(rounds=EVENING, parts=[(1,), (2,)], players=SIX, lot_seed=1))
    one = {p: rows[p].parts[0] for p in SIX}
    assert (one["a"].zb, one["a"].pb, one["a"].sb) == (12, 5, 17)
    assert (one["c"].zb, one["c"].pb, one["c"].sb) == (-9, 20, 11)
    # SB: a 17, c 11, e 7, d 6, b −3, f −9: c's premium points lift it above d and e
    assert sorted(SIX, key=lambda p: one[p].place) == ["a", "c", "e", "d", "b", "f"]
    two = {p: rows[p].parts[1] for p in SIX}
    assert (two["d"].sb, two["f"].sb, two["a"].sb) == (17, 4, -6)


def test_a_part_breaks_ties_by_higher_zb_then_the_lot():
    # RULES.md §6b: ties in a part by higher ZB, then the lot. x: ZB 6 + PB 0, y: ZB 3 + PB 3
    rounds = [rnd(table("x y z", (6, 3, -9), (0, 3, 0)), table("u v w", (3, 3, -6)))]
    players = {p: p for p in "xyzuvw"}
    rows = by_id(league_standings(rounds=rounds, parts=[(1,)], players=players, lot_seed=4))
    assert rows["x"].sb == rows["y"].sb == 6
    assert rows["x"].parts[0].place < rows["y"].parts[0].place
    assert rows["x"].decided_by == "zb"
    # u and v: SB 3, ZB 3 each: the rank is shared and the lot orders them
    assert rows["u"].rank == rows["v"].rank and rows["u"].place != rows["v"].place
    assert rows["u"].decided_by == rows["v"].decided_by == "lot"
    assert {rows["u"].tiebreaks["lot"], rows["v"].tiebreaks["lot"]} <= set(range(1, 7))


def test_the_evening_ranks_by_the_sum_of_sb_over_its_parts():
    # RULES.md §6b: the evening ranks by the sum of SB over its parts (ties: ZB, then the lot)
    rows = league_standings(rounds=EVENING, parts=[(1,), (2,)], players=SIX, lot_seed=1)
    got = {r.player_id: (r.zb, r.pb, r.sb) for r in rows}
    assert got == {
        "a": (6, 5, 11), "b": (0, 0, 0), "c": (-6, 20, 14),
        "d": (15, 8, 23), "e": (0, 4, 4), "f": (-15, 10, -5),
    }  # fmt: skip
    assert [r.player_id for r in rows] == ["d", "c", "a", "e", "b", "f"]
    for r in rows:
        assert r.sb == sum(p.sb for p in r.parts)
    assert rows[0].rounds == (6, 9) and rows[0].tiebreaks == {
        "zb": 15,
        "lot": rows[0].tiebreaks["lot"],
    }


def test_evening_ties_by_higher_zb_then_the_lot():
    # RULES.md §6b: p and q have SB 9 each, p by ZB 9 + PB 0, q by ZB 3 + PB 6
    rounds = [rnd(table("p q r", (9, 3, -12), (0, 6, 0)))]
    rows = by_id(league_standings(rounds=rounds, parts=[(1,)], players={p: p for p in "pqr"},
                                  lot_seed=0))  # fmt: skip
    assert rows["p"].sb == rows["q"].sb and rows["p"].rank < rows["q"].rank
    assert tiebreak_keys("league") == KINDS["league"].tiebreaks == ("zb",)


def test_premium_points_never_change_the_chip_balance():
    # RULES.md §6b: ZB is the chip balance; PB are added to it only in SB
    # RULES.md §4a: PB never change the chip balance; the ZB of a table still add up to zero
    rows = league_standings(rounds=EVENING, parts=[(1,), (2,)], players=SIX, lot_seed=1)
    assert sum(r.zb for r in rows) == 0 and sum(r.pb for r in rows) == 47
    with pytest.raises(ValueError, match="PB are one figure"):
        league_standings(rounds=[rnd(table("a b c", (3, 0, -3), (1, -1, 0)))], parts=[(1,)],
                         players=SIX, lot_seed=0)  # fmt: skip


# --- BP ----------------------------------------------------------------------------------------

KEY = "hráči od;hráči do;1.;2.;3.;4.;5.;6.;7.\n3;5;10;6;3;1;0\n6;7;20;15;11;8;5;3;1\n"


def test_bp_follow_the_leagues_key_for_the_field_size():
    # RULES.md §6b: BP by place from the league's key, a table from field size to points per
    # place (six players: the line for 6–7)
    key = parse_bp_key(KEY)
    doc = league_json(rounds=EVENING, parts=[(1,), (2,)], players=SIX, lot_seed=1, key=key)
    assert [r["bp"] for r in doc["rows"]] == [20, 15, 11, 8, 5, 3]
    assert doc["bp_source"] == "key" and doc["format"] == "league"
    assert doc["rows"][0]["zb"] == 15 and doc["rows"][0]["sb"] == doc["rows"][0]["total"] == 23


def test_without_a_key_bp_are_placing_points_with_top_50():
    # RULES.md §6b: without a key, §6a's placing_points with top 50; a key without a line for
    # the field size falls back the same way
    doc = league_json(rounds=EVENING, parts=[(1,), (2,)], players=SIX, lot_seed=1)
    assert [r["bp"] for r in doc["rows"]] == [50, 49, 48, 47, 46, 45]
    assert doc["bp_source"] == "placing_points"
    small = BPKey((KeyLine(3, 5, (10, 6, 3, 1, 0)),))
    doc = league_json(rounds=EVENING, parts=[(1,), (2,)], players=SIX, lot_seed=1, key=small)
    assert doc["bp_source"] == "placing_points" and doc["rows"][0]["bp"] == 50


def test_a_player_without_a_result_gets_no_bp_and_is_no_part_of_the_field():
    # RULES.md §6b: BP by place in the field of the players with a result
    # RULES.md §6: no result is no 0; the field is the players with a result
    players = {**SIX, "g": "G"}
    rows = by_id(
        league_standings(
            rounds=EVENING,
            parts=[(1,), (2,)],
            players=players,
            lot_seed=1,
            key=parse_bp_key(KEY),
            pending={"g": [2]},
        )
    )
    assert rows["g"].bp is None and rows["g"].place == 7 and rows["g"].provisional
    assert rows["d"].bp == 20  # six played: the line for 6–7


# --- the key and the PB table as CSV -----------------------------------------------------------


def test_a_key_line_is_refused_with_its_line_number_and_reason():
    # RULES.md §6b: the key is loaded as data; each bad line is named with its reason
    text = "od,do,1,2,3\n3,3,5,3,1\n4,5,9,7,8,2,1\n3,4,5,4,3,2\n6,7,9,x\n8,9,5,4\n"
    with pytest.raises(TableProblems) as caught:
        parse_bp_key(text)
    got = [(p.line, p.code) for p in caught.value.problems]
    assert got == [(3, "key_rising"), (4, "key_overlap"), (5, "not_whole"), (6, "key_places")]
    assert caught.value.problems[0].params == {"place": 3, "above": 2}
    assert caught.value.problems[1].params == {"other": 2}
    assert caught.value.problems[3].params == {"need": 9, "got": 2}


def test_a_key_in_a_spreadsheets_own_csv_loads():
    # RULES.md §6b: the key is loaded as data, as a spreadsheet writes it
    # semicolons and decimal zeros as Czech Excel writes them, a comment and an empty line
    key = parse_bp_key("# Pražská liga\n\n12;12;30;25,0;21;18;15;12;10;8;6;4;2;1\n")
    assert key.points(12, 1) == 30 and key.points(12, 12) == 1 and key.points(11, 1) is None
    assert key.to_json() == [{"players_from": 12, "players_to": 12,
                              "points": [30, 25, 21, 18, 15, 12, 10, 8, 6, 4, 2, 1]}]  # fmt: skip
    assert BPKey.from_json(key.to_json()) == key
    assert parse_bp_key("od;do;1.\n") is None  # a heading alone clears the key


def test_the_pb_table_loads_rule_condition_points():
    # RULES.md §6b: the PB table, loaded as CSV (rule, condition, points)
    # RULES.md §4a: an organiser loads a PB table as data (rule, condition, points)
    text = (
        "pravidlo,podmínka,body\n"
        'sedma,"hlášená na 3 trumfy, vyhraná",7\n'
        "sto,na 4 trumfy bez trumfové desítky,10\n"
    )
    lines = parse_pb_table(text)
    assert [line.to_json() for line in lines] == [
        {"rule": "sedma", "condition": "hlášená na 3 trumfy, vyhraná", "points": 7},
        {"rule": "sto", "condition": "na 4 trumfy bez trumfové desítky", "points": 10},
    ]
    with pytest.raises(TableProblems) as caught:
        parse_pb_table("sedma;na 3 trumfy;7\nsedma;na 3 trumfy;8\nbetl;;-5\nsto;jen dvě\n")
    got = [(p.line, p.code) for p in caught.value.problems]
    assert got == [(2, "pb_twice"), (3, "points_range"), (4, "pb_columns")]


# --- a season of league evenings -----------------------------------------------------------------


def _evening(eid: str, rows: dict[str, tuple[int, int, int, int]]) -> Evening:
    """rows: player -> (place, bp, zb, sb)."""
    results = {p: EveningResult(place, 0, bp, zb, sb) for p, (place, bp, zb, sb) in rows.items()}
    return Evening(eid, results, len(rows))


def test_a_season_of_league_evenings_adds_bp_and_strikes_the_worst():
    # RULES.md §6b: the season adds BP and counts each player's best evenings (best_n)
    evenings = [
        _evening("1", {"a": (1, 30, 20, 25), "b": (2, 25, 5, 9), "c": (3, 21, -25, -20)}),
        _evening("2", {"a": (3, 21, -9, -9), "b": (1, 30, 12, 15), "c": (2, 25, -3, 1)}),
        _evening("3", {"a": (2, 25, 3, 3), "c": (1, 30, 6, 40)}),
    ]
    rows = season_table(evenings, players={p: p for p in "abc"}, scoring="league", best_n=2)
    got = {r.player_id: (r.total, r.counted) for r in rows}
    assert got["a"] == (55, (True, False, True))  # 30 + 25; the 21 is struck
    assert got["b"] == (55, (True, True, False))  # 25 + 30 (absent once: no result)
    assert got["c"] == (55, (False, True, True))
    # all on 55: SB over every evening played decides (a 19, b 24, c 21)
    assert [r.player_id for r in rows] == ["b", "c", "a"]
    assert rows[0].tiebreaks == {"sb": 24, "zb": 17}


def test_season_ties_by_sb_then_zb_then_the_lot():
    # RULES.md §6b: ties by SB, then ZB, then the lot
    evenings = [_evening("1", {"a": (1, 10, 4, 10), "b": (2, 10, 10, 10), "c": (3, 10, 4, 10)})]
    rows = season_table(evenings, players={p: p for p in "abc"}, scoring="league", seed=5)
    assert rows[0].player_id == "b"  # SB level, higher ZB
    assert rows[1].rank == rows[2].rank == 2 and {rows[1].place, rows[2].place} == {2, 3}


def test_an_evening_without_bp_gives_placing_points_with_top_50():
    # RULES.md §6b: without a key §6a's placing points with top 50 (a standard evening too)
    evenings = [Evening("1", {"a": EveningResult(1, 0), "b": EveningResult(4, 0)}, 9)]
    rows = by_id(season_table(evenings, players={"a": "a", "b": "b"}, scoring="league"))
    assert rows["a"].total == 50 and rows["b"].total == 47


# --- properties -------------------------------------------------------------------------------

ZERO_SUM_TABLE = st.tuples(st.integers(-60, 60), st.integers(-60, 60)).map(
    lambda t: (t[0], t[1], -t[0] - t[1])
)


@st.composite
def evenings_of_nine(draw):
    """Rounds of nine players at three tables, each a zero-sum table with PB ≥ 0."""
    ids = [f"p{i}" for i in range(9)]
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        order = draw(st.permutations(ids))
        tables = []
        for t in range(3):
            zb = draw(ZERO_SUM_TABLE)
            pb = tuple(draw(st.lists(st.integers(0, 40), min_size=3, max_size=3)))
            tables.append(TableResult(tuple(order[3 * t : 3 * t + 3]), zb, premium=pb))
        rounds.append(RoundResult(tuple(tables)))
    parts = draw(st.integers(1, len(rounds)))
    return rounds, part_plan(len(rounds), parts)


@settings(max_examples=40)
@given(evenings_of_nine(), st.integers(0, 1000))
def test_sb_is_zb_plus_pb_in_every_row_and_part(evening, seed):
    # RULES.md §6b: SB = ZB + PB per row and per part; the evening's SB is the parts' SB added
    rounds, parts = evening
    rows = league_standings(rounds=rounds, parts=parts, players={f"p{i}": "" for i in range(9)},
                            lot_seed=seed)  # fmt: skip
    assert sum(r.zb for r in rows) == 0
    for r in rows:
        assert r.sb == r.zb + r.pb
        assert all(p.sb == p.zb + p.pb for p in r.parts)
        assert r.sb == sum(p.sb for p in r.parts) and r.zb == sum(p.zb for p in r.parts)
    for a, b in zip(rows, rows[1:], strict=False):  # ranked by SB, then ZB
        assert (a.sb, a.zb) >= (b.sb, b.zb)
        assert a.place + 1 == b.place


@st.composite
def keys(draw):
    lines, low = [], 1
    for _ in range(draw(st.integers(1, 4))):
        high = low + draw(st.integers(0, 6))
        points = sorted(draw(st.lists(st.integers(0, 60), min_size=high, max_size=high + 2)),
                        reverse=True)  # fmt: skip
        lines.append(f"{low};{high};" + ";".join(map(str, points)))
        low = high + 1 + draw(st.integers(0, 3))
    return "\n".join(lines)


@settings(max_examples=40)
@given(keys())
def test_bp_from_a_key_never_rise_from_one_place_to_the_next(text):
    # RULES.md §6b: a key gives the winner the most; a better place never gets fewer BP
    key = parse_bp_key(text)
    for line in key.lines:
        for size in range(line.players_from, line.players_to + 1):
            got = [key.points(size, place) for place in range(1, size + 1)]
            assert all(x >= y for x, y in zip(got, got[1:], strict=False))
            assert all(x >= 0 for x in got)


@settings(max_examples=40)
@given(
    st.lists(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 50), max_size=5),
             min_size=1, max_size=6),
    st.one_of(st.none(), st.integers(1, 6)),
)  # fmt: skip
def test_the_season_total_is_the_sum_of_the_counted_evenings(bps, best_n):
    # RULES.md §6b: the season adds BP of the counted evenings (best_n of them)
    evenings = [
        Evening(str(i), {p: EveningResult(1, 0, bp, 0, 0) for p, bp in got.items()})
        for i, got in enumerate(bps)
    ]
    rows = season_table(evenings, players={p: p for p in "abcde"}, scoring="league",
                        best_n=best_n)  # fmt: skip
    for r in rows:
        counted = [x for x, c in zip(r.results, r.counted, strict=True) if c]
        assert r.total == sum(counted)
        assert len(counted) == min(best_n or r.evenings, r.evenings)
        struck = [x for x, c in zip(r.results, r.counted, strict=True) if x is not None and not c]
        assert all(s <= min(counted) for s in struck)
