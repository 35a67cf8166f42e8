"""Tournament standings: totals, tie-breaks, shared ranks, byes (RULES.md §6)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.standings import (
    KINDS,
    RoundResult,
    TableResult,
    lot_order,
    offered_tiebreaks,
    standings,
    standings_json,
    tiebreak_keys,
)
from scorekeeper.tournament.tiebreaks import TIEBREAKS


def rnd(*tables: tuple[str, tuple[int, ...]], byes: str = "", winners=()) -> RoundResult:
    """A round from ("a x y", (3, -1, -2)) tables; ids are the words."""
    won = list(winners) + [None] * len(tables)
    return RoundResult(
        tuple(TableResult(tuple(p.split()), s, w) for (p, s), w in zip(tables, won, strict=False)),
        tuple(byes.split()),
    )


def table(kind: str, rounds: list[RoundResult], ranking: str = "balance", seed: int = 1, **kw):
    ids = {p for r in rounds for t in r.tables for p in t.players} | {
        p for r in rounds for p in r.byes
    }
    return standings(
        kind=kind,
        rounds=rounds,
        players={p: p.upper() for p in ids},
        lot_seed=seed,
        ranking=ranking,
        **kw,
    )


def by_id(rows):
    return {r.player_id: r for r in rows}


# Each case: rounds where "a" and "b" are level on everything before the tie-break named.
MARIAS_TIEBREAKS = [
    pytest.param(  # RULES.md §6: tie-break 1, more table wins (a won one table, b none)
        [
            rnd(("a x1 x2", (3, -1, -2)), ("b y1 y2", (1, 2, -3))),
            rnd(("a x3 x4", (-1, 2, -1)), ("b y3 y4", (1, 2, -3))),
        ],
        "table_wins",
        id="table-wins",
    ),
    pytest.param(  # RULES.md §6: tie-break 2, best single round (4 beats 3)
        [
            rnd(("a x1 x2", (4, -1, -3)), ("b y1 y2", (3, -1, -2))),
            rnd(("a x3 x4", (-2, 5, -3)), ("b y3 y4", (-1, 3, -2))),
        ],
        "best_round",
        id="best-round",
    ),
    pytest.param(  # RULES.md §6: tie-break 3, fewer table last places (b was last once)
        [
            rnd(("a x1 x2", (4, -2, -2)), ("b y1 y2", (4, -1, -3))),
            rnd(("a x3 x4", (-2, 5, -3)), ("b y3 y4", (-2, 3, -1))),
        ],
        "last_places",
        id="last-places",
    ),
]


@pytest.mark.parametrize("rounds, decided_by", MARIAS_TIEBREAKS)
def test_marias_tiebreaks_in_order(rounds, decided_by):
    rows = by_id(table("marias", rounds))
    a, b = rows["a"], rows["b"]
    assert a.total == b.total == 2
    assert a.rank < b.rank
    order = list(KINDS["marias"].tiebreaks)  # RULES.md §6's order, written once
    for name in order[: order.index(decided_by)]:
        assert a.tiebreaks[name] == b.tiebreaks[name]
    assert a.tiebreaks[decided_by] != b.tiebreaks[decided_by]


def test_true_ties_share_a_rank_and_stand_in_lot_order():
    # RULES.md §6: shared ranks for true ties; the seeded lot orders them, re-runnable
    rounds = [rnd(("a x1 x2", (2, -1, -1)), ("b y1 y2", (2, -1, -1)), ("c z1 z2", (2, -1, -1)))]
    for seed in range(6):
        rows = table("marias", rounds, seed=seed)
        top = rows[:3]
        assert [r.rank for r in top] == [1, 1, 1]
        lot = lot_order({r.player_id for r in rows}, seed)
        assert [r.player_id for r in top] == [p for p in lot if p in "abc"]
        assert [r.tiebreaks["lot"] for r in top] == sorted(lot.index(p) + 1 for p in "abc")
        assert rows[3].rank == 4  # competition ranking: 1, 1, 1, 4


def test_lot_is_the_seeded_shuffle_of_sorted_ids():
    # RULES.md §6: a seeded lot that anyone can re-run
    ids = ["ota", "jana", "petr", "eva"]
    expected = sorted(ids)
    random.Random(7).shuffle(expected)
    assert lot_order(ids, 7) == expected == lot_order(reversed(ids), 7)


@pytest.mark.parametrize(
    "scores, places",
    [
        ((3, -1, -2), (1, 2, 3)),  # RULES.md §6: 1st at the table = 1
        ((3, 3, -6), (1.5, 1.5, 3)),  # level players share the average of their places
        ((0, 0, 0), (2, 2, 2)),
        ((5, -1, -1, -3), (1, 2.5, 2.5, 4)),  # a table of 4
    ],
)
def test_placings_per_table(scores, places):
    names = "abcd"[: len(scores)]
    rows = by_id(table("marias", [rnd((" ".join(names), scores))], ranking="placings"))
    assert tuple(rows[p].rounds[0] for p in names) == places
    assert tuple(rows[p].total for p in names) == places


def test_placings_lowest_sum_wins_then_tiebreaks():
    # RULES.md §6: ranking by table placings, lowest sum wins, then table wins
    rounds = [
        rnd(("a b c", (9, 1, -10)), ("d e f", (1, 0, -1))),
        rnd(("a d e", (-5, 3, 2)), ("b c f", (1, -1, 0))),
    ]
    rows = table("marias", rounds, ranking="placings")
    # places: a 1+3, b 2+1, c 3+3, d 1+1, e 2+2, f 3+2; a and e level on 4, a has a table win
    assert [(r.player_id, r.total, r.rank) for r in rows] == [
        ("d", 2, 1), ("b", 3, 2), ("a", 4, 3), ("e", 4, 4), ("f", 5, 5), ("c", 6, 6),
    ]  # fmt: skip
    wins = {r.player_id: r.tiebreaks["table_wins"] for r in rows}
    assert (wins["a"], wins["e"]) == (1, 0)


def test_balance_ranking_and_rounds_shape_like_the_api():
    # API.md: {"after_round": 2, "rows": [{"rank", "player_id", "player", "total", "rounds",
    # "tiebreaks"}]}
    rounds = [rnd(("a b c", (8, -3, -5))), rnd(("a b c", (4, 0, -4)))]
    doc = standings_json(
        kind="marias", rounds=rounds, players={"a": "Jana", "b": "Petr", "c": "Ota"}, lot_seed=1
    )
    assert doc["after_round"] == 2
    first = doc["rows"][0]
    assert first == {
        "rank": 1,
        "place": 1,
        "provisional": False,
        "pending_rounds": [],
        "dropped_rounds": [],
        "player_id": "a",
        "player": "Jana",
        "total": 12,
        "rounds": [8, 4],
        "tiebreaks": {
            "table_wins": 2,
            "best_round": 8,
            "last_places": 0,
            "lot": first["tiebreaks"]["lot"],
        },
        "decided_by": None,
        "played": 2,
        "figures": {"table_wins": 2, "best_round": 8, "last_places": 0, "placings": 2},
    }
    assert doc["tiebreaks"] == ["table_wins", "best_round", "last_places"]
    assert [r["total"] for r in doc["rows"]] == [12, -3, -9]


def test_a_player_who_missed_a_round_has_none_there():
    players = {p: p for p in "abcdef"}
    rounds = [rnd(("a b c", (1, 0, -1))), rnd(("a b c", (1, 0, -1)), ("d e f", (0, 1, -1)))]
    rows = by_id(standings(kind="marias", rounds=rounds, players=players, lot_seed=1))
    assert rows["d"].rounds == (None, 0) and rows["d"].total == 0
    placed = by_id(
        standings(kind="marias", rounds=rounds, players=players, lot_seed=1, ranking="placings")
    )
    assert placed["d"].total == 3 + 2  # a missed round counts as last at the round's largest table


def test_a_marias_bye_is_a_level_round():
    # module rule (RULES.md §6 is silent: Mariáš tables of 3 and 4 need no bye): balance 0,
    # the middle place, neither a table win nor a last place
    rounds = [rnd(("a b c", (2, 0, -2)), byes="d")]
    rows = by_id(table("marias", rounds))
    assert rows["d"].total == 0 and rows["d"].rounds == (0,)
    assert (rows["d"].tiebreaks["table_wins"], rows["d"].tiebreaks["last_places"]) == (0, 0)
    assert by_id(table("marias", rounds, ranking="placings"))["d"].total == 2


def test_two_player_order_wins_points_buchholz():
    # RULES.md §6: match wins, then match points, then Buchholz (sum of opponents' wins), then lot
    rounds = [
        rnd(("a b", (3, 0)), ("c d", (3, 0)), ("e f", (3, 0))),
        rnd(("a c", (3, 0)), ("e b", (3, 0)), ("f d", (0, 3))),
    ]
    rows = table("twoplayer", rounds)
    assert [r.player_id for r in rows] == list("aecdbf")
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
    got = {
        r.player_id: (r.total, r.tiebreaks["match_points"], r.tiebreaks["buchholz"]) for r in rows
    }
    assert got == {
        "a": (2, 6, 1), "e": (2, 6, 0), "c": (1, 3, 3),
        "d": (1, 3, 1), "b": (0, 0, 4), "f": (0, 0, 3),
    }  # fmt: skip


def test_two_player_match_points_come_before_buchholz():
    # RULES.md §6: match points (or game points) decide before Buchholz
    rounds = [rnd(("a b", (2, 1)), ("c d", (5, 0))), rnd(("a c", (0, 3)), ("b d", (2, 1)))]
    rows = by_id(table("twoplayer", rounds))
    assert rows["c"].rank == 1
    # a and b: 1 win each; b has 3 points, a only 2, although a's Buchholz (b 1 + c 2) = 3 > 1
    assert rows["b"].rank < rows["a"].rank
    assert rows["a"].tiebreaks["buchholz"] > rows["b"].tiebreaks["buchholz"]


def test_bye_is_a_win_and_the_rounds_median_points():
    # RULES.md §6: an odd player out gets a bye worth a win and the round's median points
    rows = by_id(table("twoplayer", [rnd(("a b", (5, 2)), ("c d", (4, 1)), byes="e")]))
    # RULES.md §6 v2: scores 1 2 4 5, the mean of 2 and 4 is 3
    assert rows["e"].total == 1 and rows["e"].rounds == (3,)
    assert rows["e"].tiebreaks["match_points"] == 3 and rows["e"].tiebreaks["buchholz"] == 0


def test_winner_given_explicitly_and_level_scores_need_one():
    rows = by_id(table("twoplayer", [rnd(("a b", (3, 3)), winners=[1])]))
    assert rows["b"].total == 1 and rows["a"].total == 0
    with pytest.raises(ValueError, match="say who won"):
        table("twoplayer", [rnd(("a b", (3, 3)))])


def test_marianna_wins_then_point_difference():
    # RULES.md §6: Marianna teams rank by wins, then point difference; a bye is a win, difference 0
    rounds = [
        rnd(("t1 t2", (510, 300)), ("t3 t4", (520, 480)), byes="t5"),
        rnd(("t1 t3", (200, 505)), ("t5 t2", (501, 100)), byes="t4"),
    ]
    rows = table("marianna", rounds)
    got = [(r.player_id, r.total, r.tiebreaks["point_difference"]) for r in rows]
    assert got == [
        ("t5", 2, 401), ("t3", 2, 345), ("t4", 1, -40), ("t1", 1, -95), ("t2", 0, -611),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "kind, rounds, message",
    [
        ("marias", [rnd(("a b c", (1, 1, -1)))], "add up to 0"),  # RULES.md §6: zero-sum tables
        ("marias", [rnd(("a b", (1, -1)))], "seats 3 or 4"),
        ("marias", [rnd(("a b c", (1, 0, -1)), ("a d e", (1, 0, -1)))], "seated twice"),
        ("twoplayer", [rnd(("a b c", (1, 0, 0)))], "two sides"),
        ("marias", [rnd(("a b zz", (1, 0, -1)))], "unknown player"),
        ("chess", [], "unknown tournament kind"),
    ],
)
def test_bad_results_are_refused(kind, rounds, message):
    players = {p: p for p in "abcde"}
    with pytest.raises(ValueError, match=message):
        standings(kind=kind, rounds=rounds, players=players, lot_seed=1)


@st.composite
def marias_rounds(draw):
    n = draw(st.integers(3, 14).filter(lambda n: n != 5))
    ids = [f"p{i}" for i in range(n)]
    rounds = []
    for _ in range(draw(st.integers(0, 4))):
        order = draw(st.permutations(ids))
        sizes = [3] * (n // 3)
        for i in range(n % 3):
            sizes[i] += 1
        tables, i = [], 0
        for s in sizes:
            scores = draw(st.lists(st.integers(-6, 6), min_size=s - 1, max_size=s - 1))
            tables.append(TableResult(tuple(order[i : i + s]), (*scores, -sum(scores))))
            i += s
        rounds.append(RoundResult(tuple(tables)))
    return ids, rounds


#: which way each tie-break is better, written here apart from the code (RULES.md §6)
LOWER_IS_BETTER = {"last_places", "placings"}


def criteria(r, keys, placings=False):
    """A row's sort key by the tie-breaks ``keys``: no result last, the total, then each."""
    total = r.total if placings else -r.total
    tb = [r.tiebreaks[k] for k in keys]
    tb = [
        float("inf") if v is None else v if k in LOWER_IS_BETTER else -v
        for k, v in zip(keys, tb, strict=True)
    ]
    return (r.played == 0, total, *tb)


@settings(deadline=None, max_examples=150)
@given(data=marias_rounds(), placings=st.booleans(), seed=st.integers(0, 999), pick=st.data())
def test_standings_are_a_total_preorder_of_the_criteria(data, placings, seed, pick):
    # RULES.md §6: order by total, then the tie-breaks in force (§6's or the organiser's order);
    # equal -> shared rank, the lot orders
    ids, rounds = data
    ranking = "placings" if placings else "balance"
    offered = offered_tiebreaks("marias", ranking)
    keys = pick.draw(st.none() | st.lists(st.sampled_from(offered), unique=True))
    rows = standings(
        kind="marias", rounds=rounds, players={p: p for p in ids}, lot_seed=seed, ranking=ranking,
        tiebreaks=keys,
    )  # fmt: skip
    assert sorted(r.player_id for r in rows) == sorted(ids)
    keys = tiebreak_keys("marias", ranking, keys)
    assert [k for k in rows[0].tiebreaks if k != "lot"] == list(keys)

    def key(r):
        return criteria(r, keys, placings)

    for i, r in enumerate(rows):
        assert r.total == sum(x for x in r.rounds if x is not None)
        assert r.rank == 1 + sum(key(o) < key(r) for o in rows)
        if i:
            prev = rows[i - 1]
            assert key(prev) <= key(r)
            if key(prev) == key(r):
                assert prev.rank == r.rank and prev.tiebreaks["lot"] < r.tiebreaks["lot"]
    if not placings:
        assert sum(r.total for r in rows) == 0  # zero-sum tables, zero-sum standings


@st.composite
def two_player_rounds(draw):
    n = draw(st.integers(2, 12))
    ids = [f"p{i}" for i in range(n)]
    rounds = []
    for _ in range(draw(st.integers(0, 4))):
        order = draw(st.permutations(ids))
        tables = []
        for i in range(0, n - 1, 2):
            scores = draw(st.tuples(st.integers(0, 10), st.integers(0, 10)))
            winner = draw(st.sampled_from([0, 1])) if scores[0] == scores[1] else None
            tables.append(TableResult(tuple(order[i : i + 2]), scores, winner))
        rounds.append(RoundResult(tuple(tables), tuple(order[n - n % 2 :])))
    return ids, rounds


@settings(deadline=None, max_examples=150)
@given(data=two_player_rounds(), seed=st.integers(0, 999))
def test_two_player_standings_follow_wins_points_buchholz(data, seed):
    # RULES.md §6: match wins, then match points, then Buchholz, then lot; a bye is a win
    ids, rounds = data
    rows = standings(kind="twoplayer", rounds=rounds, players={p: p for p in ids}, lot_seed=seed)
    wins = {r.player_id: r.total for r in rows}
    assert sum(wins.values()) == sum(len(r.tables) + len(r.byes) for r in rounds)
    for r in rows:  # Buchholz recomputed from the rounds
        opponents = [
            t.players[1 - t.players.index(r.player_id)]
            for rnd in rounds
            for t in rnd.tables
            if r.player_id in t.players
        ]
        assert r.tiebreaks["buchholz"] == sum(wins[o] for o in opponents)
        assert r.tiebreaks["match_points"] == sum(x for x in r.rounds if x is not None)

    def key(r):
        return criteria(r, KINDS["twoplayer"].tiebreaks)

    for i, r in enumerate(rows):
        assert r.rank == 1 + sum(key(o) < key(r) for o in rows)
        if i:
            assert (key(rows[i - 1]), rows[i - 1].tiebreaks["lot"]) < (key(r), r.tiebreaks["lot"])


# --- RULES.md §6 v2 -------------------------------------------------------------------------


def test_v2_tied_rows_share_a_rank_but_every_place_is_distinct():
    # RULES.md §6 v2: equal rows share a rank ("=1"); the seeded lot orders them and gives each a
    # place of its own (prizes and certificates follow place)
    rounds = [rnd(("a b", (3, 0)), ("c d", (3, 0))), rnd(("a d", (3, 0)), ("c b", (3, 0)))]
    for seed in range(5):
        rows = table("twoplayer", rounds, seed=seed)
        assert [r.rank for r in rows[:2]] == [1, 1]
        assert [r.place for r in rows] == [1, 2, 3, 4]
        lot = lot_order("abcd", seed)
        first_two = [p for p in lot if p in "ac"]
        assert [r.player_id for r in rows[:2]] == first_two


@pytest.mark.parametrize(
    "scores, expected",
    [
        ((8, 7, 7, 7, 5, 3, 2, 0), 6),  # RULES.md §6: the mean of 7 and 5, not the lower 5
        ((8, 7, 6, 3), 7),  # (7 + 6) / 2 = 6.5 rounds half up to 7
        ((-3, -2, 0, 4), -1),  # -1 exactly
        ((-3, -2), -2),  # -2.5 rounds half up to -2
    ],
)
def test_v2_bye_gets_the_median_of_the_round(scores, expected):
    # RULES.md §6 v2: a bye is worth a win and the round's median points; with an even number of
    # results the mean of the two middle ones, rounded half up
    tables = [(f"p{i} p{i + 1}", (scores[i], scores[i + 1])) for i in range(0, len(scores) - 1, 2)]
    rows = by_id(table("twoplayer", [rnd(*tables, byes="z", winners=[0] * len(tables))]))
    assert rows["z"].rounds == (expected,)
    assert rows["z"].total == 1  # and a win


@pytest.mark.parametrize(
    "how, total, dropped",
    [
        ("none", 8 - 4 + 2 + 6 - 9, []),
        ("worst", 8 - 4 + 2 + 6, [5]),  # the -9 of round 5 leaves the total
        ("best_and_worst", -4 + 2 + 6, [1, 5]),  # and the +8 of round 1
    ],
)
def test_v2_drop_rounds(how, total, dropped):
    # RULES.md §6 v2: Czech regional tournaments of five rounds drop the best and the worst
    figures = [(8, -8, 0), (-4, 4, 0), (2, -2, 0), (6, -6, 0), (-9, 9, 0)]
    rounds = [rnd(("a b c", f)) for f in figures]
    rows = by_id(
        standings(
            kind="marias",
            rounds=rounds,
            players={p: p for p in "abc"},
            lot_seed=1,
            drop_rounds=how,
        )
    )
    assert rows["a"].total == total
    assert list(rows["a"].dropped) == dropped
    assert rows["a"].rounds == (8, -4, 2, 6, -9)  # every round is still shown
    assert rows["a"].tiebreaks["best_round"] == 8  # tie-breaks still look at every round


def test_v2_drop_rounds_needs_more_rounds_than_it_drops():
    rounds = [rnd(("a b c", (3, -3, 0)))]
    rows = by_id(
        standings(
            kind="marias", rounds=rounds, players={p: p for p in "abc"}, lot_seed=1,
            drop_rounds="worst",
        )
    )  # fmt: skip
    assert rows["a"].total == 3 and rows["a"].dropped == ()


def test_v2_drop_worst_with_placings_drops_the_highest_place():
    rounds = [rnd(("a b c", (3, -1, -2))), rnd(("a b c", (-3, 1, 2)))]
    rows = by_id(
        standings(
            kind="marias", rounds=rounds, players={p: p for p in "abc"}, lot_seed=1,
            ranking="placings", drop_rounds="worst",
        )
    )  # fmt: skip
    assert rows["a"].total == 1 and rows["a"].dropped == (2,)


def test_v2_drop_worst_in_a_two_player_event_drops_a_loss():
    rounds = [rnd(("a b", (3, 0))), rnd(("a b", (0, 3))), rnd(("a b", (3, 1)))]
    rows = by_id(
        standings(
            kind="twoplayer", rounds=rounds, players={"a": "A", "b": "B"}, lot_seed=1,
            drop_rounds="worst",
        )
    )  # fmt: skip
    assert rows["a"].total == 2 and rows["a"].dropped == (2,)
    assert rows["b"].total == 1 and rows["b"].dropped == (1,)


def test_v2_pending_rows_are_provisional():
    # RULES.md §6 v2: a player with an unconfirmed table is provisional, ranked by confirmed
    # results so far; the pending round is no result (None), never a 0
    rounds = [rnd(("a b c", (2, -1, -1)))]
    rows = by_id(
        standings(
            kind="marias", rounds=rounds, players={p: p for p in "abcdef"}, lot_seed=3,
            pending={"d": [1], "e": [1], "f": [1], "a": []},
        )
    )  # fmt: skip
    assert [rows[p].provisional for p in "abcdef"] == [False] * 3 + [True] * 3
    assert rows["d"].rounds == (None,) and rows["d"].pending == (1,)
    assert rows["a"].to_json()["provisional"] is False


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), min_size=1, max_size=5),
    st.integers(0, 99),
    st.sampled_from(["none", "worst", "best_and_worst"]),
)
def test_v2_places_are_a_permutation_and_ranks_follow_them(figures, seed, how):
    rounds = [rnd(("a b c", (x, y, -x - y)), ("d e f", (y, x, -x - y))) for x, y in figures]
    rows = standings(
        kind="marias", rounds=rounds, players={p: p for p in "abcdef"}, lot_seed=seed,
        drop_rounds=how,
    )  # fmt: skip
    assert [r.place for r in rows] == list(range(1, 7))
    for prev, row in zip(rows, rows[1:], strict=False):
        assert row.rank == prev.rank or row.rank == row.place
        if row.rank == prev.rank:
            assert row.total == prev.total


# --- tie-breaks as data: the organiser's choice and order (RULES.md §6) ----------------------


def test_the_default_order_is_rules_section_6():
    # RULES.md §6: Mariáš more table wins, best single round, fewer last places; two-player
    # games match points, then Buchholz; Marianna point difference
    assert tiebreak_keys("marias") == ("table_wins", "best_round", "last_places")
    assert tiebreak_keys("twoplayer", "wins") == ("match_points", "buchholz")
    assert tiebreak_keys("marianna", "wins") == ("point_difference",)
    for kind in KINDS.values():
        assert all(k in TIEBREAKS for k in (*kind.tiebreaks, *kind.more))


def test_the_organisers_order_decides():
    # RULES.md §6: tie-breaks chosen and ordered per tournament. "a" and "b" are level on the
    # total and table wins; a has the better best round (4 against 3), b fewer last places
    rounds = [
        rnd(("a x1 x2", (4, -1, -3)), ("b y1 y2", (3, -1, -2))),
        rnd(("a x3 x4", (-3, 5, -2)), ("b y3 y4", (-2, 5, -3))),
    ]
    rows = by_id(table("marias", rounds))
    assert rows["a"].rank < rows["b"].rank and rows["a"].decided_by == "best_round"
    picked = by_id(table("marias", rounds, tiebreaks=["last_places", "best_round"]))
    assert list(picked["a"].tiebreaks) == ["last_places", "best_round", "lot"]
    assert picked["b"].tiebreaks["last_places"] == 0 < picked["a"].tiebreaks["last_places"]
    assert picked["b"].rank < picked["a"].rank and picked["b"].decided_by == "last_places"
    none = by_id(table("marias", rounds, tiebreaks=[]))  # no tie-break: the rank is shared
    assert none["a"].rank == none["b"].rank and none["a"].decided_by == "lot"


@pytest.mark.parametrize(
    "keys, message",
    [
        (["table_wins", "buchholz"], "unknown tie-break 'buchholz'"),
        (["best_round", "best_round"], "named twice"),
        (["balance"], "unknown tie-break 'balance'"),  # ranked by balance: not its own tie-break
    ],
)
def test_a_tiebreak_the_kind_does_not_offer_is_refused(keys, message):
    with pytest.raises(ValueError, match=message):
        tiebreak_keys("marias", "balance", keys)


def test_placings_ranking_may_break_ties_by_balance():
    # ranked by table placings, the total balance is a tie-break an organiser may choose
    assert "balance" in offered_tiebreaks("marias", "placings")
    assert "placings" in offered_tiebreaks("marias", "balance")
    rounds = [rnd(("a b c", (9, 1, -10))), rnd(("a b c", (-1, 3, -2)))]
    rows = by_id(table("marias", rounds, ranking="placings", tiebreaks=["balance"]))
    # a: places 1 + 2 = 3, b: 2 + 1 = 3; balance a 8, b 4
    assert rows["a"].total == rows["b"].total == 3
    assert rows["a"].tiebreaks["balance"] == 8 and rows["a"].rank < rows["b"].rank


def test_buchholz_cut1_sonneborn_berger_and_progressive():
    # the further two-player tie-breaks: Buchholz without the weakest opponent, the wins of the
    # opponents beaten (Sonneborn-Berger), the wins so far after each round added up
    rounds = [
        rnd(("a b", (3, 0)), ("c d", (3, 0))),
        rnd(("a c", (0, 3)), ("b d", (3, 0))),
        rnd(("a d", (3, 0)), ("b c", (0, 3))),
    ]
    rows = by_id(table("twoplayer", rounds))
    # wins: a 2, b 1, c 3, d 0
    assert {p: r.total for p, r in rows.items()} == {"a": 2, "b": 1, "c": 3, "d": 0}
    a = rows["a"].figures
    assert a["buchholz"] == 1 + 3 + 0
    assert a["buchholz_cut1"] == 1 + 3  # without d's 0
    assert a["sonneborn_berger"] == 1 + 0  # beat b (1 win) and d (0)
    assert a["progressive"] == 1 + 1 + 2  # after rounds 1, 2, 3
    assert rows["c"].figures["progressive"] == 1 + 2 + 3


def test_a_player_with_no_result_ranks_apart_from_real_zeros():
    # RULES.md §6: a provisional player is never shown with a result of 0; with no confirmed
    # round at all (d, e, f wait for their table) they rank after everyone with a result and
    # share no rank with a player who really scored 0 (b); no best round (None, not 0)
    rounds = [rnd(("a b c", (2, 0, -2)))]
    rows = standings(
        kind="marias", rounds=rounds, players={p: p for p in "abcdef"}, lot_seed=3,
        pending={p: [1] for p in "def"},
    )  # fmt: skip
    got = by_id(rows)
    assert [r.player_id for r in rows[:3]] == ["a", "b", "c"]
    assert got["b"].total == got["d"].total == 0 and got["d"].rank > got["c"].rank
    assert got["d"].rank == got["e"].rank == got["f"].rank == 4
    assert got["d"].played == 0 and got["d"].tiebreaks["best_round"] is None
    assert got["b"].played == 1


def test_decided_by_names_the_tiebreak_beside_tied_rows():
    # two rows with equal totals: the first tie-break where they differ; rows equal on all: lot
    # (the other players' totals are all different)
    rounds = [
        rnd(("a x1 x2", (5, -1, -4)), ("b y1 y2", (1, 20, -21)), ("c z1 z2", (1, 30, -31))),
        rnd(("a x3 x4", (-3, 40, -37)), ("b y3 y4", (1, 50, -51)), ("c z3 z4", (1, 60, -61))),
    ]
    rows = by_id(table("marias", rounds))
    assert rows["a"].total == rows["b"].total == rows["c"].total == 2
    assert rows["a"].decided_by == "table_wins"  # above b and c: one table win more
    # b and c are equal on everything: the one below a names the table wins, the last the lot
    assert {rows["b"].decided_by, rows["c"].decided_by} == {"table_wins", "lot"}
    assert rows["b"].rank == rows["c"].rank == rows["a"].rank + 1
    lone = by_id(table("marias", [rnd(("a b c", (3, 1, -4)))]))
    assert lone["a"].decided_by is None  # no neighbour with the same total


def test_docs_rules_section_6_states_the_one_order():
    # docs/rules.md §6 states each ranking's tie-breaks in the order of KINDS, in the words of
    # the legend (tournament/metrics.py): the order is written once, the document is checked
    from pathlib import Path

    from scorekeeper.tournament.metrics import metric

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text("utf-8")
    rows = {
        cells[0]: cells[1:]
        for line in text.splitlines()
        if line.strip().startswith("| ") and len(cells := [c.strip() for c in
                                                          line.strip("| ").split(" | ")]) == 3
    }  # fmt: skip
    for name, kind in KINDS.items():
        default, more = rows[name]
        assert default == "; ".join(metric(k).rule for k in kind.tiebreaks), name
        assert more == "; ".join(metric(k).rule for k in kind.more), name


def test_docs_rules_section_6a_states_the_seasons_order():
    # docs/rules.md §6a: the season's tie-breaks, in the words and order of season.TIEBREAKS
    from pathlib import Path

    from scorekeeper.tournament.metrics import metric
    from scorekeeper.tournament.season import TIEBREAKS

    text = " ".join(
        (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text("utf-8").split()
    )
    assert "Season ties, in order: " + "; ".join(metric(k).rule for k in TIEBREAKS) + "." in text
