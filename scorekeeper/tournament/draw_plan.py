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
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from . import draw_ahead, draw_search
from .draw_ahead import add_meetings, pairs, weights
from .draw_ahead import lower_bound as lower_bound  # the draw's floor for one round
from .draw_search import copy_rows

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
    own = draw_ahead.round_cost(tables, met, apart)
    schedule = _best_plan(tables, sizes, rounds, (met, apart), rng, own, plan_evaluations)
    costs = draw_ahead.round_costs(schedule, met, apart)
    if costs[0] > own:
        return copy_rows(tables)
    if _worth_completing(costs, own, sizes):
        found = complete(sizes, rounds, _blocked(met, apart), rng, budget=complete_steps)
        return found[0] if found else schedule[0]
    return schedule[0]


def _best_plan(tables, sizes, rounds: int, history, rng, own: int, evaluations: int) -> Schedule:
    """The best schedule found starting from ``tables``: sampled exactly for few players, by
    :func:`scorekeeper.tournament.draw_ahead.plan` beyond. ``history`` is (met, apart)."""
    met, apart = history
    if sum(sizes) <= SAMPLE_LIMIT:
        return sample(
            sizes, rounds, met, apart, rng, start=tables, attempts=SAMPLE_ATTEMPTS,
            budget=SAMPLE_BRANCHES,
        )  # fmt: skip
    return draw_ahead.plan(
        sizes, rounds, met, apart, rng, max_evaluations=evaluations,
        start=tables, own=own,
    )  # fmt: skip


def _worth_completing(costs: list[int], own: int, sizes: Sequence[int]) -> bool:
    """Whether this round can be drawn without a repeat but the plan (the tabu search, many
    players) could not draw all of them so: backtracking finds a repeat-free plan where one
    exists and the tabu search missed it."""
    return sum(costs) != 0 and own <= 0 and sum(sizes) > SAMPLE_LIMIT


def _blocked(met, apart) -> list[list[bool]]:
    """The pairs that may not meet in a repeat-free plan: met before, or kept apart."""
    return [[m > 0 or x > 0 for m, x in zip(mr, xr)] for mr, xr in zip(met, apart)]  # noqa: B905


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
    draft = _Draft(*history, best)
    for r in range(rounds):
        w = draft.weights()
        tables = _round_tables(r, start, sizes, w, rng, draft.bound(), spent)
        if tables is None:
            return None
        draft.add(tables, w)
    return (draft.sched, draft.costs) if draft.ahead else None


def _round_tables(r: int, start, sizes, w, rng: random.Random, bound: int | None, spent):
    """Round ``r``'s tables: ``start`` as the first round if given, else the cheapest seating
    (exactly, the seating among equals at random) if it costs less than ``bound``, else None."""
    if r == 0 and start is not None:
        return copy_rows(start)
    order = list(range(sum(sizes)))
    rng.shuffle(order)
    return draw_search.exact(order, sizes, w, bound=bound, spent=spent)


class _Draft:
    """A schedule being drawn round by round: its rounds and their costs, how often each pair
    has met, and whether it is already better than ``best`` (the round costs to beat; None:
    nothing to beat) in an earlier round."""

    def __init__(self, met, apart, best: list[int] | None) -> None:
        self.count = copy_rows(met)
        self.apart, self.best = apart, best
        self.sched: Schedule = []
        self.costs: list[int] = []
        self.ahead = best is None

    def weights(self) -> list[list[int]]:
        """What seating each pair together costs in the next round."""
        return weights(self.count, self.apart)

    def bound(self) -> int | None:
        """The next round must cost less than this to keep up with ``best`` (None: any cost)."""
        return None if self.ahead else self.best[len(self.costs)] + 1  # type: ignore[index]

    def add(self, tables: list[list[int]], w) -> None:
        """The next round, ``w`` what each pair costs in it."""
        cost = sum(w[a][b] for a, b in pairs(tables))
        self.ahead = self.ahead or cost < self.best[len(self.costs)]  # type: ignore[index]
        self.sched.append(tables)
        self.costs.append(cost)
        add_meetings(self.count, tables)


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
    free = _free(blocked, n)
    tie = list(range(n))
    rng.shuffle(tie)
    steps = [0]
    sched: Schedule = []

    def seat_round(unseated: set[int], counts: dict[int, int], tables: list[list[int]]) -> bool:
        if not unseated:
            sched.append(copy_rows(tables))
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

    counts_all = dict(Counter(sizes))
    return sched if seat_round(set(range(n)), dict(counts_all), []) else None


def _free(blocked: Sequence[Sequence[bool]], n: int) -> list[list[bool]]:
    """Which pairs may still sit together: not blocked, and not a player with itself."""
    return [[not blocked[a][b] and a != b for b in range(n)] for a in range(n)]


def _mark(free: list[list[bool]], table: Sequence[int], value: bool) -> None:
    for a, b in combinations(table, 2):
        free[a][b] = free[b][a] = value
