"""Perfect draws from known designs: 9 x 4 rounds and 15 x 7 rounds of 3 (RULES.md §6)."""

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


@pytest.mark.parametrize("seed", range(10))
def test_a_round_redrawn_with_another_seed_keeps_the_plan_perfect(seed):
    # the organiser redraws round 3 with a fresh seed: the history is still part of a copy of
    # the design (players renamed), so the rounds left are found in it
    players, history, draws = ids(15), {}, []
    for r in range(1, 8):
        d = draw_round(players=players, round_no=r, seed=seed + 100 * (r == 3), history=history,
                       rounds_total=7)  # fmt: skip
        draws.append(d)
        history = add_to_history(history, d)
    assert [d.repeats for d in draws] == [0] * 7


@pytest.mark.parametrize("seed", range(10))
def test_round_one_seeded_by_rating_then_perfect_rounds(seed):
    # RULES.md §6 v2: round 1 spread by rating, then random draws: any one round of 5 tables
    # is a round of some copy of Kirkman's schedule
    players = ids(15)
    first = draw_round(players=players, round_no=1, seed=seed, method="spread",
                       ranking=players[::-1], rounds_total=7)  # fmt: skip
    history, draws = add_to_history({}, first), [first]
    for r in range(2, 8):
        d = draw_round(players=players, round_no=r, seed=seed, history=history, rounds_total=7)
        draws.append(d)
        history = add_to_history(history, d)
    assert max(meetings(draws).values()) == 1


def test_a_history_outside_the_design_falls_back_to_the_search():
    # two rounds drawn without lookahead that no copy of this design contains: the search
    players = ids(15)
    history: dict = {}
    for r in (1, 2):
        d = draw_round(players=players, round_no=r, seed=0, history=history, rounds_total=None)
        history = add_to_history(history, d)
    d = draw_round(players=players, round_no=3, seed=0, history=history, rounds_total=7)
    assert sorted(p for t in d.tables for p in t) == players


def test_embedding_gives_up_within_its_budget():
    rounds = draw_designs.design(15, [3] * 5, 7)
    met = [[0] * 15 for _ in range(15)]
    for t in rounds[0]:
        for a in t:
            for b in t:
                met[a][b] = int(a != b)
    assert draw_designs.embed(rounds, met, 6, budget=10) is None  # out of steps
    found = draw_designs.embed(rounds, met, 6, budget=100_000)
    assert found is not None and len(found) == 6


def test_kept_apart_pairs_are_not_seated_by_the_design():
    players = ids(9)
    apart = [frozenset(players[:2])]
    draws = draw_schedule(players=players, rounds=3, seed=3, keep_apart=apart)
    assert all(d.kept_apart_broken == () for d in draws)
