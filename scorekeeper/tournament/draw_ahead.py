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

The pair arithmetic the draw modules share lives here too: :func:`pairs` (the pairs at tables),
:func:`add_meetings`, :func:`weights`, :func:`round_cost`, :func:`seat_pairs` and
:func:`lower_bound`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import Any

from .draw_search import copy_rows, local_search, table_of
from .draw_tabu import Choice, Progress

Schedule = list[list[list[int]]]  # rounds -> tables -> players
STALL_STEPS = 100  # steps without a better schedule before an attempt ends
STALE_ATTEMPTS = 20  # attempts in a row without a better schedule before the search ends


def pairs(tables: Iterable[Sequence[Any]]) -> Iterator[tuple[Any, Any]]:
    """Every pair of players sitting at one table, table by table."""
    for t in tables:
        yield from combinations(t, 2)


def add_meetings(count: list[list[int]], tables: Iterable[Sequence[int]], by: int = 1) -> None:
    """Add ``by`` to the symmetric ``count`` for every pair sitting at one of ``tables``."""
    for a, b in pairs(tables):
        count[a][b] += by
        count[b][a] += by


def weights(count: Sequence[Sequence[int]], apart: Sequence[Sequence[int]]) -> list[list[int]]:
    """What seating each pair together costs: its meetings so far squared, plus keeping apart."""
    return [[c * c + x for c, x in zip(cr, ar)] for cr, ar in zip(count, apart)]  # noqa: B905


def seat_pairs(sizes: Iterable[int]) -> int:
    """How many pairs sit together at tables of ``sizes``."""
    return sum(s * (s - 1) // 2 for s in sizes)


def lower_bound(sizes, rounds: int, met, apart) -> int:
    """No schedule costs less: each seat pair beyond the pairs still free costs at least 1."""
    return max(0, rounds * seat_pairs(sizes) - _free_pairs(met, apart))


def _free_pairs(met, apart) -> int:
    """The pairs who have not met and are not kept apart."""
    n = len(met)
    return sum(1 for b, a in combinations(range(n), 2) if not met[a][b] and not apart[a][b])


class _Search:
    """The working schedule: tables by round, each player's table by round, how often each pair
    meets (earlier meetings and the schedule's), and round 1's own weighted cost per pair."""

    def __init__(self, sched: Schedule, met, apart) -> None:
        n = len(met)
        self.sched, self.apart = sched, apart
        self.where = [table_of(tables, n) for tables in sched]
        self.count = copy_rows(met)
        for tables in sched:
            add_meetings(self.count, tables)
        # round 1's pairs cost their earlier meetings squared (kept apart: more), times a
        # weight above anything the whole schedule can cost otherwise
        self.first = weights(met, apart)
        self.weight = _first_weight(sched, met, apart)

    def total(self) -> int:
        """The schedule's cost: each meeting the square of the pair's meetings before it (and
        kept-apart pairs their cost), plus round 1's own cost at its weight."""
        first = sum(self.first[a][b] for a, b in pairs(self.sched[0]))
        return self._meetings_cost() + self.weight * first

    def _meetings_cost(self) -> int:
        """Each meeting the square of the pair's meetings before it (and kept apart its cost)."""
        met = copy_rows(self.count)
        cost = 0
        for tables in reversed(self.sched):  # undo the meetings, last round first
            add_meetings(met, tables, by=-1)
            cost += round_cost(tables, met, self.apart)
        return cost

    def conflicts(self) -> dict[int, set[int]]:
        """By round, the players seated with someone at a cost (a repeat or kept apart)."""
        found: dict[int, set[int]] = {}
        for r, tables in enumerate(self.sched):
            for a, b in pairs(tables):
                if self.count[a][b] > 1 or self.apart[a][b]:
                    found.setdefault(r, set()).update((a, b))
        return found

    def mates(self, r: int, p: int) -> list[int]:
        """Who sits with ``p`` in round ``r``."""
        return [x for x in self.sched[r][self.where[r][p]] if x != p]

    def delta(self, r: int, p: int, q: int, others, mates) -> int:
        """What swapping ``p`` (sitting with ``others``) and ``q`` (with ``mates``, or with
        ``mates`` but itself) in round ``r`` changes the cost by (in the hot loop: written
        out)."""
        cp, cq, ap, aq = self.count[p], self.count[q], self.apart[p], self.apart[q]
        change = 0
        for x in others:  # p leaves them, q joins them
            change += (cq[x] ** 2 + aq[x]) - ((cp[x] - 1) ** 2 + ap[x])
        for y in mates:  # q leaves them, p joins them (mates may hold q itself)
            if y != q:
                change += (cp[y] ** 2 + ap[y]) - ((cq[y] - 1) ** 2 + aq[y])
        if r == 0:
            wp, wq = self.first[p], self.first[q]
            change += self.weight * (
                sum(wq[x] - wp[x] for x in others) + sum(wp[y] - wq[y] for y in mates if y != q)
            )
        return change

    def offer(self, found: Choice, r: int, p: int, rng, barred) -> int:
        """Offer every swap of ``p`` with a player at another table of round ``r``; a tabu swap
        only when it beats the best schedule seen. Returns the evaluations spent. The hot loop
        of a draw's lookahead: written out (tabu_allows and Choice.cheaper say the same in
        words)."""
        tabu, step, above_best = barred
        tables, a = self.sched[r], self.where[r][p]
        others = self.mates(r, p)
        spent = 0
        for b, tb in enumerate(tables):
            if b == a:
                continue
            spent += len(tb)
            p_barred = tabu.get((r, p, b), 0) > step
            for q in tb:
                delta = self.delta(r, p, q, others, tb)
                if (p_barred or tabu.get((r, q, a), 0) > step) and above_best + delta >= 0:
                    continue
                if found.delta is None or delta <= found.delta:
                    found.offer((r, p, q), delta, rng)
        return spent

    def swap(self, r: int, p: int, q: int) -> int:
        """Swap ``p`` and ``q`` (different tables of round ``r``); the change of cost."""
        where, tables = self.where[r], self.sched[r]
        a, b = where[p], where[q]
        others, mates = self.mates(r, p), self.mates(r, q)
        change = self.delta(r, p, q, others, mates)
        _trade_meetings(self.count, p, q, others)
        _trade_meetings(self.count, q, p, mates)
        tables[a][tables[a].index(p)] = q
        tables[b][tables[b].index(q)] = p
        where[p], where[q] = b, a
        return change

    def snapshot(self) -> Schedule:
        return [copy_rows(ts) for ts in self.sched]


def _first_weight(sched: Schedule, met, apart) -> int:
    """A weight for round 1's own cost above anything the rest of the schedule can cost."""
    seats = seat_pairs(len(t) for t in sched[0])
    most = _largest(met) + len(sched)
    return len(sched) * seats * (most * most + _largest(apart)) + 1


def _largest(matrix: Sequence[Sequence[int]]) -> int:
    """The largest figure in ``matrix`` (0 for none)."""
    return max((max(row) for row in matrix), default=0)


def _trade_meetings(count: list[list[int]], leaving: int, joining: int, group) -> None:
    """``leaving`` no longer meets ``group``; ``joining`` does instead."""
    for m in group:
        count[leaving][m] -= 1
        count[m][leaving] -= 1
        count[joining][m] += 1
        count[m][joining] += 1


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
    attempts = _Attempts(sizes, rounds, (met, apart), rng, max_evaluations)
    state = attempts.greedy(start)
    attempts.floor = _floor(state, own, sizes, rounds, met, apart)
    attempts.improve(state)
    while len(sizes) > 1 and attempts.go_on():
        attempts.improve(attempts.greedy(None))  # later attempts seat round 1 afresh
    return attempts.best


class _Attempts:
    """The attempts of :func:`plan` so far: the best schedule and its cost, the evaluations
    spent, the attempts in a row without a better schedule, and the cost no schedule beats."""

    def __init__(self, sizes, rounds: int, history, rng: random.Random, max_evaluations: int):
        self.sizes, self.rounds, self.history, self.rng = sizes, rounds, history, rng
        self.max_evaluations = max_evaluations
        self.evaluations = self.stale = self.floor = 0
        self.best: Schedule = []
        self.best_cost: int | None = None

    def greedy(self, start) -> _Search:
        """A fresh round-by-round schedule to improve (``start`` as round 1 if given)."""
        met, apart = self.history
        sched, spent = _greedy(
            self.sizes, self.rounds, met, apart, self.rng, self.max_evaluations, start
        )
        self.evaluations += spent
        return _Search(sched, met, apart)

    def improve(self, state: _Search) -> None:
        """Improve ``state`` by tabu search within the budget left and keep it if the best."""
        budget = max(0, self.max_evaluations - self.evaluations)
        found, cost, spent = _improve(state, self.rng, self.floor, budget)
        self.evaluations += spent
        self.stale += 1
        if self.best_cost is None or cost < self.best_cost:
            self.best, self.best_cost, self.stale = found, cost, 0

    def go_on(self) -> bool:
        """Whether another attempt may still find a better schedule, and is allowed to."""
        return (
            self.best_cost is not None
            and self.best_cost > self.floor
            and self.evaluations < self.max_evaluations
            and self.stale < STALE_ATTEMPTS
        )


def _floor(state: _Search, own: int, sizes, rounds: int, met, apart) -> int:
    """No schedule costs less: its first round as cheap as the caller's (``own``), and every
    seat pair beyond the pairs still free costs at least 1 wherever it sits."""
    return state.weight * own + max(lower_bound(sizes, rounds, met, apart), own)


def _improve(state: _Search, rng: random.Random, floor: int, budget: int):
    """Tabu search from ``state``: (the best schedule seen, its cost, evaluations spent)."""
    run = Progress(state.total(), state)
    while run.within(floor, budget) and not run.stalled(STALL_STEPS):
        run.step += 1
        # every step counts (and finding the conflicts costs)
        run.evaluations += 1 + len(state.count) * len(state.sched)
        if not _plan_step(state, run, rng):
            break
    return run.best, run.best_cost, run.evaluations


def _plan_step(state: _Search, run: Progress, rng: random.Random) -> bool:
    """One step: the best swap of a player in a repeat (or kept apart) over every round, made
    and made tabu to undo for a few steps; False when there is nothing left to swap."""
    conflicts = state.conflicts()
    if not conflicts or len(state.sched[0]) < 2:
        return False
    found = _best_swap(state, run, conflicts, rng)
    if found.choice is None:
        return True
    r, p, q = found.choice
    tenure = 4 + rng.randrange(6)
    run.tabu[(r, p, state.where[r][p])] = run.tabu[(r, q, state.where[r][q])] = run.step + tenure
    run.cost += state.swap(r, p, q)
    run.keep_if_best(state)
    return True


def _best_swap(state: _Search, run: Progress, conflicts, rng: random.Random) -> Choice:
    """The best swap of any player in ``conflicts`` (by round), ties broken at random."""
    found, barred = Choice(), (run.tabu, run.step, run.cost - run.best_cost)
    for r in sorted(conflicts):
        for p in sorted(conflicts[r]):
            run.evaluations += state.offer(found, r, p, rng, barred)
    return found


def round_costs(sched: Schedule, met, apart) -> list[int]:
    """Each round's own cost as the draw counts it (earlier meetings squared, kept apart)."""
    count = copy_rows(met)
    costs = []
    for tables in sched:
        costs.append(round_cost(tables, count, apart))
        add_meetings(count, tables)
    return costs


def round_cost(tables: Iterable[Sequence[int]], count, apart) -> int:
    """What seating ``tables`` costs after ``count`` meetings: each pair's meetings squared,
    plus its keep-apart cost."""
    return sum(count[a][b] ** 2 + apart[a][b] for a, b in pairs(tables))


def _greedy(sizes, rounds, met, apart, rng, max_evaluations, start):
    """A round-by-round schedule (``start`` as round 1 if given), each round by a short local
    search given the rounds before it: (schedule, evaluations)."""
    n = sum(sizes)
    count = copy_rows(met)
    sched: Schedule = []
    evaluations = 0
    for r in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        if r == 0 and start is not None:
            tables = copy_rows(start)
        else:
            budget = max_evaluations // (8 * rounds)
            tables = _searched_round(order, sizes, weights(count, apart), rng, budget)
            evaluations += budget
        sched.append(tables)
        add_meetings(count, tables)
    return sched, evaluations


def _searched_round(order, sizes, w, rng: random.Random, budget: int) -> list[list[int]]:
    """A short local search from ``order`` cut into tables of ``sizes`` in turn."""
    tables, i = [], 0
    for s in sizes:
        tables.append(order[i : i + s])
        i += s
    return local_search(tables, w, rng, allowed_sizes=frozenset(), max_evaluations=budget)
