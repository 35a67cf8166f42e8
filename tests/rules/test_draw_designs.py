"""Perfect draws from known designs: 9 x 4 rounds and 15 x 7 rounds of 3 (issue 14 item 7)."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.tournament import draw_designs
from scorekeeper.tournament.draw import add_to_history, draw_round, draw_schedule


def ids(n: int) -> list[str]:
    return [f"p{i:03d}" for i in range(n)]


def meetings(draws) -> Counter:
    return Counter(frozenset(p) for d in draws for t in d.tables for p in combinations(t, 2))


@pytest.mark.parametrize("n, rounds", [(9, 4), (15, 7)])
def test_the_designs_meet_every_pair_exactly_once(n, rounds):
    plan = draw_designs.design(n, [3] * (n // 3), rounds)
    assert plan is not None and len(plan) == rounds
    assert all(sorted(p for t in r for p in t) == list(range(n)) for r in plan)
    pairs = Counter(frozenset(p) for r in plan for t in r for p in combinations(t, 2))
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}


def test_no_design_for_other_fields_or_too_many_rounds():
    assert draw_designs.design(12, [3] * 4, 3) is None
    assert draw_designs.design(9, [3] * 3, 5) is None
    assert draw_designs.design(15, [3] * 5, 8) is None


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("n, rounds", [(9, 4), (15, 7), (15, 5)])
def test_perfect_plans_are_found_for_every_seed(n, rounds, seed):
    # RULES.md §6: avoid repeat meetings; where the field admits rounds with no repeat at all
    # (Kirkman's schoolgirls, the affine plane of order 3), the draw finds them
    draws = draw_schedule(players=ids(n), rounds=rounds, seed=seed)
    assert [d.repeats for d in draws] == [0] * rounds
    assert max(meetings(draws).values()) == 1
    assert len(meetings(draws)) == rounds * (n // 3) * 3


def test_the_seed_shuffles_the_plan():
    a = draw_schedule(players=ids(15), rounds=7, seed=1)
    b = draw_schedule(players=ids(15), rounds=7, seed=2)
    assert [d.tables for d in a] != [d.tables for d in b]
    assert draw_schedule(players=ids(15), rounds=7, seed=1) == a


def test_a_history_not_from_the_design_falls_back_to_the_search():
    # round 1 redrawn with another seed: the next round is searched as for any field
    players = ids(15)
    first = draw_round(players=players, round_no=1, seed=5, rounds_total=None)
    history = add_to_history({}, first)
    d = draw_round(players=players, round_no=2, seed=9, history=history, rounds_total=7)
    assert sorted(p for t in d.tables for p in t) == players
    assert d.repeats == 0


def test_kept_apart_pairs_are_not_seated_by_the_design():
    players = ids(9)
    apart = [frozenset(players[:2])]
    draws = draw_schedule(players=players, rounds=3, seed=3, keep_apart=apart)
    assert all(d.kept_apart_broken == () for d in draws)
