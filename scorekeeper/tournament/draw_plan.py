"""Lookahead: plan the remaining rounds at once and seat this round as the best plan does.

Drawing one round at a time can paint the last rounds into a corner (15 players can play 7
rounds of 3 without a repeat, a Kirkman schedule, but a greedy draw usually gets stuck at round
6; 12 players can play four rounds of 3 without a repeat and a fifth with 3 repeated pairs, but a
greedy draw often needs 4 or 5). :func:`lookahead` looks at whole schedules and
:mod:`scorekeeper.tournament.draw` seats the first round of the best one; the next round is
planned afresh from the history, so the result still depends on nothing but the history. This
round never costs more than the best seating of this round alone (RULES.md §6: each draw
minimises its own cost); the lookahead only chooses among the seatings that cost that.

- Up to :data:`SAMPLE_LIMIT` players, :func:`sample`: schedules drawn round by round, each round
  exactly the cheapest seating given the rounds before it (the seating among equals at random),
  ranked round by round (the first round first, then the second...): the best one found is the
  one whose rounds are each as cheap as they can be given those before them, the cost pushed as
  late as it goes (12 × 5: 0, 0, 0, 0 and 3 repeated pairs).
- Beyond, :func:`scorekeeper.tournament.draw_ahead.plan`: a tabu search over whole schedules
  (the first round as cheap as it can be, then the later rounds' cost together), and
  :func:`complete`, a backtracking search for schedules without any repeat, strong where the
  tabu search is weak (few rounds left, little freedom).

Players are ints here; ``met[i][j]`` is how often ``i`` and ``j`` have met, ``apart[i][j]`` the
extra cost of each meeting of a kept-apart pair.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from . import draw_ahead, draw_search

Schedule = list[list[list[int]]]  # rounds -> tables -> players
SAMPLE_LIMIT = 12  # up to this many players, schedules are sampled round by round exactly
SAMPLE_ATTEMPTS = 30  # schedules in a row no better than the best before the sampling ends
SAMPLE_BRANCHES = 150_000  # branches the exact searches of one sampling may try (~1 s)


def lookahead(
    tables: Sequence[Sequence[int]],
    sizes: Sequence[int],
    rounds: int,
    met: Sequence[Sequence[int]],
    apart: Sequence[Sequence[int]],
    rng: random.Random,
    *,
    plan_evaluations: int,
    complete_steps: int,
) -> list[list[int]]:
    """This round as the best plan of the ``rounds`` left seats it; never dearer on its own than
    ``tables`` (the best seating of this round alone that the caller found)."""
    own = _cost(tables, met, apart)
    n = sum(sizes)
    if n <= SAMPLE_LIMIT:
        schedule = sample(
            sizes, rounds, met, apart, rng, start=tables, attempts=SAMPLE_ATTEMPTS,
            budget=SAMPLE_BRANCHES,
        )  # fmt: skip
    else:
        schedule = draw_ahead.plan(
            sizes, rounds, met, apart, rng, max_evaluations=plan_evaluations, start=tables,
            own=own,
        )  # fmt: skip
    costs = draw_ahead.round_costs(schedule, met, apart)
    if costs[0] > own:
        return [list(t) for t in tables]
    if sum(costs) == 0 or own > 0 or n <= SAMPLE_LIMIT:
        return schedule[0]
    # this round can be drawn without a repeat but the plan could not do all of them so:
    # backtracking finds a repeat-free plan where one exists and the tabu search missed it
    blocked = [[m > 0 or x > 0 for m, x in zip(mr, xr)] for mr, xr in zip(met, apart)]  # noqa: B905
    found = complete(sizes, rounds, blocked, rng, budget=complete_steps)
    return found[0] if found else schedule[0]


def sample(
    sizes: Sequence[int],
    rounds: int,
    met: Sequence[Sequence[int]],
    apart: Sequence[Sequence[int]],
    rng: random.Random,
    *,
    start: Sequence[Sequence[int]],
    attempts: int,
    budget: int,
) -> Schedule:
    """For few players: the best of schedules whose every round is the cheapest seating given
    the rounds before it (exactly, the seating among equals at random), ranked round by round
    (the one whose first round costs less, or as much and then whose second round costs less,
    and so on). ``start`` is the first
    schedule's first round; the search ends when a schedule has no repeat at all, after
    ``attempts`` schedules in a row that were no better (each abandoned as soon as it cannot
    be), or once the exact searches have tried ``budget`` branches."""
    spent = [0]
    first = _attempt(sizes, rounds, (met, apart), rng, None, start, spent)
    assert first is not None  # nothing to beat: every round is seated
    best, best_costs = first
    stale = 0
    while any(best_costs) and stale < attempts and spent[0] < budget:
        found = _attempt(sizes, rounds, (met, apart), rng, best_costs, None, spent)
        stale += 1
        if found is not None:
            (best, best_costs), stale = found, 0
    return best


def _attempt(sizes, rounds: int, history, rng, best: list[int] | None, start, spent):
    """One schedule drawn round by round, each round exactly the cheapest given those before it;
    with ``best`` (the round costs to beat) None as soon as it cannot beat them:
    (schedule, round costs) or None. ``history`` is (met, apart)."""
    met, apart = history
    n = sum(sizes)
    count = [list(row) for row in met]
    sched: Schedule = []
    costs: list[int] = []
    ahead = best is None  # better than ``best`` in an earlier round already
    for r in range(rounds):
        w = [[c * c + x for c, x in zip(cr, ar)] for cr, ar in zip(count, apart)]  # noqa: B905
        if r == 0 and start is not None:
            tables = [list(t) for t in start]
        else:
            order = list(range(n))
            rng.shuffle(order)
            bound = None if ahead else best[r] + 1  # type: ignore[index]
            tables = draw_search.exact(order, sizes, w, bound=bound, spent=spent)
            if tables is None:
                return None
        cost = sum(w[a][b] for t in tables for a, b in combinations(t, 2))
        ahead = ahead or cost < best[r]  # type: ignore[index]
        sched.append(tables)
        costs.append(cost)
        for t in tables:
            for a, b in combinations(t, 2):
                count[a][b] += 1
                count[b][a] += 1
    return (sched, costs) if ahead else None


def lower_bound(sizes, rounds: int, met, apart) -> int:
    """No schedule costs less: each seat pair beyond the pairs still free costs at least 1."""
    n = sum(sizes)
    free = sum(1 for a in range(n) for b in range(a) if not met[a][b] and not apart[a][b])
    return max(0, rounds * sum(s * (s - 1) // 2 for s in sizes) - free)


def complete(
    sizes: Sequence[int],
    rounds: int,
    blocked: Sequence[Sequence[bool]],
    rng: random.Random,
    *,
    budget: int,
) -> Schedule | None:
    """``rounds`` rounds in which no blocked pair (met before, kept apart) nor any pair twice
    sits together, by backtracking (most constrained player first); None if not found in
    ``budget`` steps. Strong where :func:`plan` is weak: few rounds left, little freedom."""
    n = sum(sizes)
    free = [[not blocked[a][b] and a != b for b in range(n)] for a in range(n)]
    tie = list(range(n))
    rng.shuffle(tie)
    steps = [0]
    sched: Schedule = []

    def seat_round(unseated: set[int], counts: dict[int, int], tables: list[list[int]]) -> bool:
        if not unseated:
            sched.append([list(t) for t in tables])
            for t in tables:
                _mark(free, t, False)
            if len(sched) == rounds or seat_round(set(range(n)), dict(counts_all), []):
                return True
            for t in tables:
                _mark(free, t, True)
            sched.pop()
            return False
        steps[0] += len(unseated)  # choosing the player costs a scan
        p = min(unseated, key=lambda x: (sum(free[x][y] for y in unseated), tie[x]))
        mates = sorted((q for q in unseated if free[p][q]), key=lambda q: tie[q])
        for size in sorted(s for s, k in counts.items() if k):
            for comp in combinations(mates, size - 1):
                steps[0] += 1
                if steps[0] > budget:
                    return False
                if any(not free[a][b] for a, b in combinations(comp, 2)):
                    continue
                counts[size] -= 1
                tables.append([p, *comp])
                if seat_round(unseated - {p, *comp}, counts, tables):
                    return True
                tables.pop()
                counts[size] += 1
        return False

    counts_all: dict[int, int] = {}
    for s in sizes:
        counts_all[s] = counts_all.get(s, 0) + 1
    return sched if seat_round(set(range(n)), dict(counts_all), []) else None


def _mark(free: list[list[bool]], table: Sequence[int], value: bool) -> None:
    for a, b in combinations(table, 2):
        free[a][b] = free[b][a] = value


def _cost(tables, met, apart) -> int:
    return sum(met[a][b] ** 2 + apart[a][b] for t in tables for a, b in combinations(t, 2))
