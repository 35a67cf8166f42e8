"""Search engines behind :mod:`scorekeeper.tournament.draw` (pure, deterministic, no I/O).

Players are ints ``0..n-1`` here and ``w[i][j]`` is the cost of seating ``i`` and ``j`` at one
table (``w[i][i] == 0``). A seating is a list of tables, each a list of players. Three engines:

- :func:`exact`: branch and bound over every seating; used when the draw has few players.
- :func:`by_rank`: backtracking that fills tables best-ranked first with players who may meet
  (Swiss / "leaders together"); gives up after a fixed number of steps.
- :func:`local_search`: a seeded tabu search over swaps (and moves between tables of 3 and 4)
  for large draws, with an optional pull towards each player's table by ranking.

Every budget is counted in steps, never in seconds, so the same input always gives the same draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

Tables = list[list[int]]
Weights = Sequence[Sequence[int]]


def seating_cost(tables: Sequence[Sequence[int]], w: Weights) -> int:
    """Sum of ``w`` over every pair seated at one table."""
    return sum(w[a][b] for t in tables for a, b in combinations(t, 2))


def exact(order: Sequence[int], sizes: Sequence[int], w: Weights) -> Tables:
    """The cheapest seating with these table sizes; among equals the first found in ``order``."""
    counts = Counter(sizes)
    best: list = [None, None]  # cost, tables
    tables: list[tuple[int, ...]] = []

    def rec(remaining: tuple[int, ...], cost: int) -> None:
        if best[0] is not None and cost >= best[0]:
            return
        if not remaining:
            best[0], best[1] = cost, [list(t) for t in tables]
            return
        p, rest = remaining[0], remaining[1:]
        wp = w[p]
        for size in sorted(counts):
            if not counts[size]:
                continue
            counts[size] -= 1
            for comp in combinations(rest, size - 1):
                add = sum(wp[q] for q in comp) + sum(w[a][b] for a, b in combinations(comp, 2))
                tables.append((p, *comp))
                rec(tuple(x for x in rest if x not in comp), cost + add)
                tables.pop()
                if best[0] == 0:
                    break
            counts[size] += 1
            if best[0] == 0:
                return

    rec(tuple(order), 0)
    return best[1]


def by_rank(order: Sequence[int], sizes: Sequence[int], w: Weights, budget: int) -> Tables | None:
    """Tables filled best-ranked first with players whose every pair costs 0; None if not found."""
    steps = [0]
    tables: Tables = []

    def rec(remaining: tuple[int, ...], t: int) -> bool:
        if not remaining:
            return True
        p, rest = remaining[0], remaining[1:]
        wp = w[p]
        candidates = [q for q in rest if wp[q] == 0]
        for comp in combinations(candidates, sizes[t] - 1):
            steps[0] += 1
            if steps[0] > budget:
                return False
            if any(w[a][b] for a, b in combinations(comp, 2)):
                continue
            tables.append([p, *comp])
            if rec(tuple(x for x in rest if x not in comp), t + 1):
                return True
            tables.pop()
        return False

    return tables if rec(tuple(order), 0) else None


def by_standings(
    order: Sequence[int],
    sizes: Sequence[int],
    w: Weights,
    rng: random.Random,
    allowed: frozenset[int],
    max_evaluations: int,
) -> Tables:
    """Leaders together (``order`` is best first), without repeats if backtracking finds a way,
    else the ranked seating repaired by :func:`local_search` near each player's ranked table."""
    found = by_rank(order, sizes, w, budget=5_000)
    if found is not None:
        return found
    tables = len(sizes)
    start, ideal, weight, i = [], [0] * len(order), [0] * len(order), 0
    for ti, s in enumerate(sizes):
        start.append(list(order[i : i + s]))
        for p in order[i : i + s]:
            ideal[p], weight[p] = ti, tables - ti  # moving a leader weighs most
        i += s
    scale = 2 * tables * tables + 1  # one more repeat weighs more than any rank displacement
    scaled = [[x * scale for x in row] for row in w]
    found = local_search(
        start, scaled, rng, allowed_sizes=allowed, max_evaluations=max_evaluations, ideal=ideal,
        weight=weight, stall_steps=50 + len(order),
    )  # fmt: skip
    found.sort(key=lambda t: min(t))
    return [sorted(t) for t in found]


def local_search(
    tables: Tables,
    w: Weights,
    rng: random.Random,
    *,
    allowed_sizes: frozenset[int],
    max_evaluations: int,
    ideal: Sequence[int] | None = None,
    weight: Sequence[int] | None = None,
    stall_steps: int | None = None,
    floor: int = 0,
) -> Tables:
    """Tabu search from ``tables``; the best seating seen (pair cost + distance from ``ideal``,
    times ``weight`` per player).

    Stops at cost ``floor`` (a known lower bound), after ``max_evaluations`` candidate swaps, or
    ``stall_steps`` steps after the last improvement."""
    tables = [list(t) for t in tables]
    if len(tables) < 2:  # one table: nothing to swap (and no step would count as an evaluation)
        return tables
    n = sum(len(t) for t in tables)
    where = [0] * n
    for ti, t in enumerate(tables):
        for p in t:
            where[p] = ti
    own = [sum(w[p][q] for q in tables[where[p]]) for p in range(n)]

    def disp(p: int, t: int) -> int:
        if ideal is None:
            return 0
        return abs(t - ideal[p]) * (weight[p] if weight is not None else 1)

    cost = sum(own) // 2 + sum(disp(p, where[p]) for p in range(n))
    best_cost, best = cost, [list(t) for t in tables]
    tabu: dict[tuple[int, int], int] = {}
    step = evaluations = improved = 0
    while best_cost > floor and evaluations < max_evaluations:
        step += 1
        evaluations += 1  # every step counts, so the budget always ends the search
        if stall_steps is not None and step - improved > stall_steps:
            break
        movable = [p for p in range(n) if own[p] > 0]  # repeats first, then rank distance
        if not movable and ideal is not None:
            movable = [p for p in range(n) if where[p] != ideal[p]]
        p = rng.choice(movable)
        a = where[p]
        ta, wp = tables[a], w[p]
        others = [x for x in ta if x != p]
        span = range(len(tables))
        if ideal is not None:  # stay near the ranked table unless p has a repeat to escape
            reach = 8 if own[p] > 0 else 2
            span = range(max(0, a - reach), min(len(tables), a + reach + 1))
        choice, choice_delta, ties = None, None, 0
        for b in span:
            if b == a:
                continue
            tb = tables[b]
            cp_b = sum(wp[y] for y in tb)
            evaluations += len(tb) + 1
            shift = disp(p, b) - disp(p, a)
            for q in tb:
                wq = w[q]
                delta = sum(wq[x] for x in others) + cp_b - wp[q] - own[p] - own[q]
                if ideal is not None:
                    delta += shift + disp(q, a) - disp(q, b)
                if (tabu.get((p, b), 0) > step or tabu.get((q, a), 0) > step) and (
                    cost + delta >= best_cost
                ):
                    continue
                if choice_delta is None or delta < choice_delta:
                    choice, choice_delta, ties = (q, b), delta, 1
                elif delta == choice_delta:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        choice = (q, b)
            if len(ta) - 1 in allowed_sizes and len(tb) + 1 in allowed_sizes:
                delta = cp_b - own[p] + shift
                if tabu.get((p, b), 0) <= step or cost + delta < best_cost:
                    if choice_delta is None or delta < choice_delta:
                        choice, choice_delta, ties = (None, b), delta, 1
        if choice is None:
            continue
        if rng.random() < 0.02:  # a little noise against cycling
            q = rng.randrange(n)
            if where[q] == a:
                continue
            choice, choice_delta = (q, where[q]), None
        q, b = choice
        tenure = 5 + rng.randrange(5)
        tabu[(p, a)] = step + tenure
        _apply(tables, where, own, w, p, q, a, b)
        if q is not None:
            tabu[(q, b)] = step + tenure
        if choice_delta is None:
            cost = sum(own) // 2 + sum(disp(x, where[x]) for x in range(n))
        else:
            cost += choice_delta
        if cost < best_cost:
            best_cost, best, improved = cost, [list(t) for t in tables], step
    return best


def _apply(tables: Tables, where: list[int], own: list[int], w: Weights, p, q, a, b) -> None:
    """Move ``p`` from table ``a`` to ``b`` and, unless ``q`` is None, ``q`` from ``b`` to ``a``."""
    ta, tb = tables[a], tables[b]
    ta.remove(p)
    for x in ta:
        own[x] -= w[x][p]
    if q is not None:
        tb.remove(q)
        for y in tb:
            own[y] -= w[y][q]
        for x in ta:
            own[x] += w[x][q]
        own[q] = sum(w[q][x] for x in ta)
        ta.append(q)
        where[q] = a
    for y in tb:
        own[y] += w[y][p]
    own[p] = sum(w[p][y] for y in tb)
    tb.append(p)
    where[p] = b
