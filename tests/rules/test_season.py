"""Season league table and ratings (RULES.md §6a): worked examples and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament.ratings import places, replay
from scorekeeper.tournament.season import TIEBREAKS, Evening, EveningResult, points, season_table


def ev(eid: str, **results: tuple[int, int]) -> Evening:
    return Evening(eid, {p: EveningResult(place, r) for p, (place, r) in results.items()})


def test_best_n_example_of_the_rules():
    # RULES.md §6a: results +10 and −5 and one absence, best_n 2 -> 5
    evenings = [ev("1", a=(1, 10), b=(2, -10)), ev("2", a=(2, -5), b=(1, 5)), ev("3", b=(1, 1))]
    rows = {r.player_id: r for r in season_table(evenings, players={"a": "A", "b": "B"}, best_n=2)}
    assert rows["a"].total == 5 and rows["a"].results == (10, -5, None)
    assert rows["b"].total == 5 + 1 and rows["b"].counted == (False, True, True)


def test_placing_points_top_and_floor():
    # RULES.md §6a: the winner gets top (default: that evening's players), one fewer a place,
    # down to 1 for everyone below
    evening = Evening("1", {p: EveningResult(i + 1, 0) for i, p in enumerate("abcd")})
    assert [points(evening, place, None) for place in (1, 2, 3, 4)] == [4, 3, 2, 1]
    assert [points(evening, place, 2) for place in (1, 2, 3, 4)] == [2, 1, 1, 1]
    rows = season_table([evening], players={p: p for p in "abcd"}, scoring="placing_points",
                        top=50)  # fmt: skip
    assert [r.total for r in rows] == [50, 49, 48, 47]


def test_season_ties_wins_then_best_evening_then_the_lot():
    # RULES.md §6a: more evenings won, then the best single evening; then shared rank + lot
    evenings = [ev("1", a=(1, 4), b=(2, 2), c=(3, 4)), ev("2", a=(3, -2), b=(1, 0), c=(2, -2))]
    rows = season_table(evenings, players={p: p for p in "abc"}, seed=3)
    assert [r.total for r in rows] == [2, 2, 2]
    # a and b won an evening each, c none; a's best evening (4) beats b's (2)
    assert [(r.player_id, r.rank, r.place) for r in rows] == [("a", 1, 1), ("b", 2, 2), ("c", 3, 3)]
    assert rows[0].tiebreaks == {"evenings_won": 1, "best_evening": 4}  # TIEBREAKS, in order
    assert list(rows[0].tiebreaks) == list(TIEBREAKS)
    twins = [ev("1", a=(1, 3), b=(2, 0)), ev("2", a=(2, 0), b=(1, 3))]
    for seed in range(4):
        rows = season_table(twins, players={"a": "A", "b": "B"}, seed=seed)
        assert [r.rank for r in rows] == [1, 1] and [r.place for r in rows] == [1, 2]


@pytest.mark.parametrize("scores, expected", [((3, -1, -2), [1, 2, 3]), ((3, 3, -6), [1, 1, 3])])
def test_places_at_a_table_share_ties(scores, expected):
    # RULES.md §6a: ties at a table are shared places
    assert places(scores) == expected


def test_ratings_replay_is_order_fixed_and_deterministic():
    # RULES.md §6a: replayed in a fixed order, the same results always give the same ratings
    tables = [([["a"], ["b"], ["c"]], [3, -1, -2]), ([["a"], ["b"], ["c"]], [2, 0, -2])]
    first, second = replay(tables), replay(list(tables))
    assert first == second
    assert first["a"].ordinal > first["b"].ordinal > first["c"].ordinal


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.dictionaries(st.sampled_from("abcdef"), st.integers(-9, 9), min_size=1),
        min_size=1,
        max_size=5,
    ),
    st.integers(0, 50),
    st.one_of(st.none(), st.integers(1, 4)),
)
def test_places_distinct_and_totals_from_best_n(results, seed, best_n):
    evenings = []
    for i, got in enumerate(results):
        order = sorted(got, key=lambda p: (-got[p], p))
        evenings.append(
            Evening(str(i), {p: EveningResult(order.index(p) + 1, got[p]) for p in got})
        )
    players = {p: p for r in results for p in r}
    rows = season_table(evenings, players=players, best_n=best_n, seed=seed)
    assert sorted(r.place for r in rows) == list(range(1, len(players) + 1))
    for row in rows:
        present = sorted((x for x in row.results if x is not None), reverse=True)
        assert row.total == sum(present[:best_n] if best_n else present)
