"""Lookahead for small draws: plan every remaining round at once (pure, deterministic).

Drawing one round at a time can paint the last rounds into a corner (15 players can play 7
rounds of 3 without a repeat, a Kirkman schedule, but a greedy draw usually gets stuck at round
6). :func:`plan` searches whole schedules instead and :mod:`scorekeeper.tournament.draw` seats the
first round of the best one; the next round is planned afresh from the history, so the result
still depends on nothing but the history. Players are ints here; ``met[i][j]`` is how often
``i`` and ``j`` have met, ``apart[i][j]`` the extra cost of each meeting of a kept-apart pair.

The cost of a schedule is the sum over its meetings of (meetings of that pair so far) ** 2, the
same cost a round-by-round draw minimises, so the plan never costs more than drawing greedily.
The search is a seeded tabu search over swaps of two players within one round, at least one of
them in a repeat, the best swap over all rounds at each step (as for the social golfer problem);
its budget is counted in evaluated swaps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from .draw_search import Choice, local_search

Schedule = list[list[list[int]]]  # rounds -> tables -> players
STALL_STEPS = 1000


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
    """This round as a repeat-free plan of all ``rounds`` left seats it, else ``tables``."""
    schedule, cost = plan(
        sizes, rounds, met, apart, rng, max_evaluations=plan_evaluations, start=tables
    )
    if cost == 0 or _cost(tables, met, apart) > 0:
        return schedule[0]
    blocked = [[m > 0 or x > 0 for m, x in zip(mr, xr)] for mr, xr in zip(met, apart)]  # noqa: B905
    found = complete(sizes, rounds, blocked, rng, budget=complete_steps)
    return found[0] if found else [list(t) for t in tables]


def lower_bound(sizes, rounds: int, met, apart) -> int:
    """No schedule costs less: each seat pair beyond the pairs still free costs at least 1."""
    n = sum(sizes)
    free = sum(1 for a in range(n) for b in range(a) if not met[a][b] and not apart[a][b])
    return max(0, rounds * sum(s * (s - 1) // 2 for s in sizes) - free)


def plan(
    sizes: Sequence[int],
    rounds: int,
    met: Sequence[Sequence[int]],
    apart: Sequence[Sequence[int]],
    rng: random.Random,
    *,
    max_evaluations: int,
    start: Sequence[Sequence[int]] | None = None,
) -> tuple[Schedule, int]:
    """The cheapest schedule of ``rounds`` rounds found, and its cost; ``start`` seeds round 1."""
    n = sum(sizes)
    floor = lower_bound(sizes, rounds, met, apart)
    count = [list(row) for row in met]
    sched, cost, evaluations = _greedy(sizes, rounds, count, apart, rng, max_evaluations, start)
    where = [[0] * n for _ in range(rounds)]
    for r, tables in enumerate(sched):
        for ti, t in enumerate(tables):
            for p in t:
                where[r][p] = ti
    best_cost, best = cost, _copy(sched)
    tabu: dict[tuple[int, int, int], int] = {}
    step = improved = 0
    while best_cost > floor and evaluations < max_evaluations and len(sizes) > 1:
        step += 1
        evaluations += 1  # every step counts, so the budget always ends the search
        conflicts = _conflicts(sched, count, apart)
        evaluations += sum(len(tables) for tables in sched)
        if not conflicts:
            break
        found = Choice()
        barred = (tabu, step, cost - best_cost)
        for r in sorted(conflicts):
            for p in sorted(conflicts[r]):
                evaluations += _offer_swaps(found, sched[r], where[r], r, p, count, apart, rng,
                                            barred)  # fmt: skip
        if found.choice is None:
            continue
        r, p, q = found.choice
        a, b = where[r][p], where[r][q]
        tenure = 4 + rng.randrange(6)
        tabu[(r, p, a)] = tabu[(r, q, b)] = step + tenure
        cost += _swap(sched[r], where[r], count, apart, p, q)
        if cost < best_cost:
            best_cost, best, improved = cost, _copy(sched), step
        elif step - improved > STALL_STEPS:  # stuck: shake the schedule up a little
            improved = step
            cost += _shake(sched, where, count, apart, rng)
    return best, best_cost


def _greedy(sizes, rounds, count, apart, rng, max_evaluations, start):
    """A round-by-round schedule (``start`` as round 1 if given), counting its meetings into
    ``count``: (schedule, cost, evaluations spent)."""
    n = sum(sizes)
    sched: Schedule = []
    cost = evaluations = 0
    for r in range(rounds):
        if r == 0 and start is not None:
            tables = [list(t) for t in start]
        else:
            order = list(range(n))
            rng.shuffle(order)
            tables, i = [], 0
            for s in sizes:
                tables.append(order[i : i + s])
                i += s
            w = [[c * c + x for c, x in zip(cr, ar)] for cr, ar in zip(count, apart)]  # noqa: B905
            budget = max_evaluations // (4 * rounds)
            tables = local_search(tables, w, rng, allowed_sizes=frozenset(), max_evaluations=budget)
            evaluations += budget
        sched.append(tables)
        for t in tables:
            for a, b in combinations(t, 2):
                cost += count[a][b] ** 2 + apart[a][b]
                count[a][b] += 1
                count[b][a] += 1
    return sched, cost, evaluations


def _copy(sched: Schedule) -> Schedule:
    return [[list(t) for t in ts] for ts in sched]


def _conflicts(sched: Schedule, count, apart) -> dict[int, set[int]]:
    """By round, the players in a repeat meeting or at one table with someone kept apart."""
    conflicts: dict[int, set[int]] = {}
    for r, tables in enumerate(sched):
        for t in tables:
            for x, y in combinations(t, 2):
                if count[x][y] > 1 or apart[x][y]:
                    conflicts.setdefault(r, set()).update((x, y))
    return conflicts


def _offer_swaps(found, tables, wr, r: int, p: int, count, apart, rng, barred) -> int:
    """Offer every swap of ``p`` with a player at another table of round ``r``; ``barred`` is
    (tabu, step, cost above the best): a tabu swap is refused unless it beats the best schedule
    seen. Returns the evaluations spent."""
    tabu, step, above_best = barred
    a = wr[p]
    others = [x for x in tables[a] if x != p]
    cp, ap = count[p], apart[p]
    leave_p = sum((cp[x] - 1) ** 2 + ap[x] for x in others)
    spent = 0
    for b, tb in enumerate(tables):
        if b == a:
            continue
        spent += len(tb)
        join_p = sum(cp[y] ** 2 + ap[y] for y in tb) - leave_p
        p_barred = tabu.get((r, p, b), 0) > step
        for q in tb:
            cq, aq = count[q], apart[q]
            delta = (
                join_p
                + sum(cq[x] ** 2 + aq[x] for x in others)
                - cp[q] ** 2
                - ap[q]
                - sum((cq[y] - 1) ** 2 + aq[y] for y in tb if y != q)
            )
            if (p_barred or tabu.get((r, q, a), 0) > step) and above_best + delta >= 0:
                continue
            if found.delta is None or delta <= found.delta:
                found.offer((r, p, q), delta, rng)
    return spent


def _shake(sched: Schedule, where, count, apart, rng: random.Random) -> int:
    """Three random swaps; returns the change of cost."""
    delta, rounds, n = 0, len(sched), len(where[0])
    for _ in range(3):
        r = rng.randrange(rounds)
        p, q = rng.sample(range(n), 2)
        if where[r][p] != where[r][q]:
            delta += _swap(sched[r], where[r], count, apart, p, q)
    return delta


def _swap(tables, where, count, apart, p: int, q: int) -> int:
    """Swap ``p`` and ``q`` (at different tables of one round); return the change of cost."""
    a, b = where[p], where[q]
    ta, tb = tables[a], tables[b]
    delta = 0
    for x, y, mates in ((p, q, ta), (q, p, tb)):
        for m in mates:
            if m == x:
                continue
            count[x][m] -= 1
            count[m][x] -= 1
            delta -= count[x][m] ** 2 + apart[x][m]
            delta += count[y][m] ** 2 + apart[y][m]
            count[y][m] += 1
            count[m][y] += 1
    ta[ta.index(p)] = q
    tb[tb.index(q)] = p
    where[p], where[q] = b, a
    return delta


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
