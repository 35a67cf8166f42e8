"""The schedule search behind the lookahead of draws with many players (pure, deterministic).

A schedule is the next ``rounds`` rounds, each a list of tables of players (ints ``0..n-1``).
RULES.md §6: each draw minimises its own cost, the sum over the pairs at its tables of how often
they met before, squared. So the first round of a schedule weighs more than anything after it:
the best schedule's first round costs no more than the best seating of that round alone, and
among the seatings that cost that, it is the one that leaves the later rounds cheapest (their
cost together: each meeting of a pair costs the square of its meetings before it). A kept-apart
pair at one table weighs more than any repeats of its round. (For few players
:func:`scorekeeper.tournament.draw_plan.sample` ranks the later rounds one by one instead.)

The cost of a schedule: each meeting costs the square of the pair's meetings before it (earlier
rounds' and the schedule's; a kept-apart pair its keep-apart cost more), and the first round's
own cost (its pairs' earlier meetings squared) counts again at a weight above anything the
rest can cost. The search is a seeded tabu search over swaps of two players at different tables
of one round, at least one of them in a repeat (or a kept-apart pair), taking the best swap over
every round at each step; an attempt ends when it stalls and the next starts from a fresh greedy
schedule. Budgets are counted in evaluated swaps, never in seconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from .draw_search import Choice, local_search

Schedule = list[list[list[int]]]  # rounds -> tables -> players
STALL_STEPS = 100  # steps without a better schedule before an attempt ends
STALE_ATTEMPTS = 20  # attempts in a row without a better schedule before the search ends


class _Search:
    """The working schedule: tables by round, each player's table by round, how often each pair
    meets (earlier meetings and the schedule's), and round 1's own weighted cost per pair."""

    def __init__(self, sched: Schedule, met, apart) -> None:
        n = len(met)
        self.sched, self.apart = sched, apart
        self.where = [[0] * n for _ in sched]
        self.count = [list(row) for row in met]
        # round 1's pairs cost their earlier meetings squared (kept apart: more), times a
        # weight above anything the whole schedule can cost otherwise
        self.first = [[m * m + x for m, x in zip(mr, xr)] for mr, xr in zip(met, apart)]  # noqa: B905
        seats = sum(len(t) * (len(t) - 1) // 2 for t in sched[0])
        most = max((max(row) for row in met), default=0) + len(sched)
        largest = max((max(row) for row in apart), default=0)
        self.weight = len(sched) * seats * (most * most + largest) + 1
        for r, tables in enumerate(sched):
            for ti, t in enumerate(tables):
                for p in t:
                    self.where[r][p] = ti
                for a, b in combinations(t, 2):
                    self.count[a][b] += 1
                    self.count[b][a] += 1

    def total(self) -> int:
        """The schedule's cost: each meeting the square of the pair's meetings before it (and
        kept-apart pairs their cost), plus round 1's own cost at its weight."""
        met = [list(row) for row in self.count]
        cost = 0
        for tables in reversed(self.sched):  # undo the meetings, last round first
            for t in tables:
                for a, b in combinations(t, 2):
                    met[a][b] -= 1
                    met[b][a] -= 1
                    cost += met[a][b] ** 2 + self.apart[a][b]
        first = sum(self.first[a][b] for t in self.sched[0] for a, b in combinations(t, 2))
        return cost + self.weight * first

    def conflicts(self) -> dict[int, set[int]]:
        """By round, the players seated with someone at a cost (a repeat or kept apart)."""
        found: dict[int, set[int]] = {}
        count, apart = self.count, self.apart
        for r, tables in enumerate(self.sched):
            for t in tables:
                for a, b in combinations(t, 2):
                    if count[a][b] > 1 or apart[a][b]:
                        found.setdefault(r, set()).update((a, b))
        return found

    def delta(self, r: int, p: int, q: int, others, mates) -> int:
        """What swapping ``p`` (sitting with ``others``) and ``q`` (with ``mates``) in round
        ``r`` changes the cost by."""
        cp, cq, ap, aq = self.count[p], self.count[q], self.apart[p], self.apart[q]
        change = 0
        for x in others:  # p leaves them, q joins them
            change += (cq[x] ** 2 + aq[x]) - ((cp[x] - 1) ** 2 + ap[x])
        for y in mates:  # q leaves them, p joins them
            change += (cp[y] ** 2 + ap[y]) - ((cq[y] - 1) ** 2 + aq[y])
        if r == 0:
            wp, wq = self.first[p], self.first[q]
            change += self.weight * (
                sum(wq[x] - wp[x] for x in others) + sum(wp[y] - wq[y] for y in mates)
            )
        return change

    def offer(self, found: Choice, r: int, p: int, rng, barred) -> int:
        """Offer every swap of ``p`` with a player at another table of round ``r``; a tabu swap
        only when it beats the best schedule seen. Returns the evaluations spent."""
        tabu, step, above_best = barred
        tables, a = self.sched[r], self.where[r][p]
        others = [x for x in tables[a] if x != p]
        spent = 0
        for b, tb in enumerate(tables):
            if b == a:
                continue
            spent += len(tb)
            p_barred = tabu.get((r, p, b), 0) > step
            for q in tb:
                delta = self.delta(r, p, q, others, [y for y in tb if y != q])
                if (p_barred or tabu.get((r, q, a), 0) > step) and above_best + delta >= 0:
                    continue
                if found.delta is None or delta <= found.delta:
                    found.offer((r, p, q), delta, rng)
        return spent

    def swap(self, r: int, p: int, q: int) -> int:
        """Swap ``p`` and ``q`` (different tables of round ``r``); the change of cost."""
        where, tables, count = self.where[r], self.sched[r], self.count
        a, b = where[p], where[q]
        others = [x for x in tables[a] if x != p]
        mates = [y for y in tables[b] if y != q]
        change = self.delta(r, p, q, others, mates)
        for x, y, group in ((p, q, others), (q, p, mates)):
            for m in group:
                count[x][m] -= 1
                count[m][x] -= 1
                count[y][m] += 1
                count[m][y] += 1
        tables[a][tables[a].index(p)] = q
        tables[b][tables[b].index(q)] = p
        where[p], where[q] = b, a
        return change

    def copy(self) -> Schedule:
        return [[list(t) for t in ts] for ts in self.sched]


def plan(
    sizes: Sequence[int],
    rounds: int,
    met: Sequence[Sequence[int]],
    apart: Sequence[Sequence[int]],
    rng: random.Random,
    *,
    max_evaluations: int,
    start: Sequence[Sequence[int]],
    own: int,
) -> Schedule:
    """The best schedule found (in the order of the module docstring).

    ``start`` is the first attempt's first round and ``own`` its cost (the cheapest this round
    can be, as far as the caller knows). Each attempt draws the later rounds one by one by a
    short local search, then improves the whole schedule by tabu search until ``STALL_STEPS``
    steps find nothing better; attempts follow one another (seating the first round afresh too)
    until one reaches the lowest cost possible, ``max_evaluations`` swaps have been evaluated,
    or ``STALE_ATTEMPTS`` attempts in a row found nothing better."""
    floor = None
    best: Schedule = [[list(t) for t in start]]
    best_cost = None
    evaluations = stale = 0
    while best_cost is None or (
        best_cost > (floor or 0) and evaluations < max_evaluations and stale < STALE_ATTEMPTS
    ):
        first = start if best_cost is None else None  # later attempts seat round 1 afresh
        sched, spent = _greedy(sizes, rounds, met, apart, rng, max_evaluations, first)
        state = _Search(sched, met, apart)
        if floor is None:
            floor = _floor(state, start, own, sizes, rounds, met, apart)
        budget = max(0, max_evaluations - evaluations - spent)
        found, cost, improving = _improve(state, rng, floor or 0, budget)
        evaluations += spent + improving
        stale += 1
        if best_cost is None or cost < best_cost:
            best, best_cost, stale = found, cost, 0
        if len(sizes) < 2:
            break
    return best


def _floor(state: _Search, start, own: int, sizes, rounds: int, met, apart) -> int:
    """No schedule costs less: its first round as cheap as ``start`` (``own``), and every seat
    pair beyond the pairs still free costs at least 1 wherever it sits."""
    n = len(met)
    free = sum(1 for a in range(n) for b in range(a) if not met[a][b] and not apart[a][b])
    least = max(0, rounds * sum(s * (s - 1) // 2 for s in sizes) - free)
    return state.weight * own + max(least, own)


def _improve(state: _Search, rng: random.Random, floor: int, budget: int):
    """Tabu search from ``state``: (the best schedule seen, its cost, evaluations spent)."""
    n, rounds = len(state.count), len(state.sched)
    cost = state.total()
    best_cost, best = cost, state.copy()
    tabu: dict[tuple[int, int, int], int] = {}
    step = improved = evaluations = 0
    while best_cost > floor and evaluations < budget and step - improved <= STALL_STEPS:
        step += 1
        evaluations += 1 + n * rounds  # every step counts (and finding the conflicts costs)
        conflicts = state.conflicts()
        if not conflicts or len(state.sched[0]) < 2:
            break
        found, barred = Choice(), (tabu, step, cost - best_cost)
        for r in sorted(conflicts):
            for p in sorted(conflicts[r]):
                evaluations += state.offer(found, r, p, rng, barred)
        if found.choice is None:
            continue
        r, p, q = found.choice
        tenure = 4 + rng.randrange(6)
        tabu[(r, p, state.where[r][p])] = tabu[(r, q, state.where[r][q])] = step + tenure
        cost += state.swap(r, p, q)
        if cost < best_cost:
            best_cost, best, improved = cost, state.copy(), step
    return best, best_cost, evaluations


def round_costs(sched: Schedule, met, apart) -> list[int]:
    """Each round's own cost as the draw counts it (earlier meetings squared, kept apart)."""
    count = [list(row) for row in met]
    costs = []
    for tables in sched:
        cost = 0
        for t in tables:
            for a, b in combinations(t, 2):
                cost += count[a][b] ** 2 + apart[a][b]
        for t in tables:
            for a, b in combinations(t, 2):
                count[a][b] += 1
                count[b][a] += 1
        costs.append(cost)
    return costs


def _greedy(sizes, rounds, met, apart, rng, max_evaluations, start):
    """A round-by-round schedule (``start`` as round 1 if given), each round by a short local
    search given the rounds before it: (schedule, evaluations)."""
    n = sum(sizes)
    count = [list(row) for row in met]
    sched: Schedule = []
    evaluations = 0
    for r in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        w = [[c * c + x for c, x in zip(cr, ar)] for cr, ar in zip(count, apart)]  # noqa: B905
        if r == 0 and start is not None:
            tables = [list(t) for t in start]
        else:
            tables, i = [], 0
            for s in sizes:
                tables.append(order[i : i + s])
                i += s
            budget = max_evaluations // (8 * rounds)
            tables = local_search(tables, w, rng, allowed_sizes=frozenset(), max_evaluations=budget)
            evaluations += budget
        sched.append(tables)
        for t in tables:
            for a, b in combinations(t, 2):
                count[a][b] += 1
                count[b][a] += 1
    return sched, evaluations
