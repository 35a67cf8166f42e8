"""Search engines behind :mod:`scorekeeper.tournament.draw` (pure, deterministic, no I/O).

Players are ints ``0..n-1`` here and ``w[i][j]`` is the cost of seating ``i`` and ``j`` at one
table (``w[i][i] == 0``). A seating is a list of tables, each a list of players. Three engines:

- :func:`exact`: branch and bound over every seating; used when the draw has few players.
- :func:`by_rank`: backtracking that fills tables best-ranked first with players who may meet
  (Swiss / "leaders together"); gives up after a fixed number of steps.
- :func:`local_search`: a seeded tabu search over swaps (and moves between tables of 3 and 4)
  for large draws, with an optional pull towards each player's table by ranking.

Every budget is counted in steps, never in seconds, so the same input always gives the same draw.
(:func:`copy_rows` and :func:`table_of` are small helpers the other draw modules use too.)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, islice

from .draw_tabu import Choice, Progress, tabu_allows

Tables = list[list[int]]
Weights = Sequence[Sequence[int]]


def copy_rows(rows: Iterable[Sequence[int]]) -> list[list[int]]:
    """A copy of a seating (or a matrix) whose tables (rows) may change without touching it."""
    return [list(row) for row in rows]


def exact(
    order: Sequence[int],
    sizes: Sequence[int],
    w: Weights,
    *,
    bound: int | None = None,
    spent: list[int] | None = None,
) -> Tables | None:
    """The cheapest seating with these table sizes; among equals the first found in ``order``.
    With ``bound``: only a seating cheaper than it, else None (a shortcut for callers that
    already hold one as cheap). Branch and bound: a branch is cut when what it costs so far
    plus the least its unseated players can still cost reaches the best found. ``spent[0]``
    (if given) grows by the branches tried."""
    counts = Counter(sizes)
    best: list = [bound, None]  # cost to beat, tables
    tables: list[tuple[int, ...]] = []
    cheapest = [sorted(order, key=lambda q, wp=w[p]: wp[q]) for p in range(len(w))]
    tried = [0]

    def rec(remaining: tuple[int, ...], cost: int) -> None:
        tried[0] += 1
        if best[0] is not None and cost + _least(remaining, w, counts, cheapest) >= best[0]:
            return
        if not remaining:
            best[0], best[1] = cost, copy_rows(tables)
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
    if spent is not None:
        spent[0] += tried[0]
    return best[1]


def _least(remaining: Sequence[int], w: Weights, counts: Counter, cheapest) -> int:
    """The least the unseated players can still cost: each sits with at least (smallest table
    left - 1) of the others, at least its cheapest ones, and every pair is counted twice."""
    if len(remaining) < 3:
        return 0
    k = _smallest_left(counts) - 1
    here = set(remaining)
    return sum(_cheapest_mates(p, k, here, w, cheapest) for p in remaining) // 2


def _smallest_left(counts: Counter) -> int:
    """The smallest table size with a table still to fill."""
    return min(s for s, c in counts.items() if c)


def _cheapest_mates(p: int, k: int, here: set[int], w: Weights, cheapest) -> int:
    """What ``p`` costs with the ``k`` cheapest others of ``here`` (``k`` at least 1)."""
    mates = (q for q in cheapest[p] if q != p and q in here)
    return sum(w[p][q] for q in islice(mates, k))


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
    start, ideal, weight = _ranked_start(order, sizes)
    tables = len(sizes)
    scale = 2 * tables * tables + 1  # one more repeat weighs more than any rank displacement
    scaled = [[x * scale for x in row] for row in w]
    found = local_search(
        start, scaled, rng, allowed_sizes=allowed, max_evaluations=max_evaluations, ideal=ideal,
        weight=weight, stall_steps=50 + len(order),
    )  # fmt: skip
    return _by_leader(found)


def _by_leader(tables: Tables) -> Tables:
    """Tables in the order of their best-ranked player, each in ranked order."""
    return [sorted(t) for t in sorted(tables, key=min)]


def _ranked_start(
    order: Sequence[int], sizes: Sequence[int]
) -> tuple[Tables, list[int], list[int]]:
    """The ranked seating (``order`` cut into tables in turn), each player's ranked table, and
    how much moving each player away from it weighs (a leader most)."""
    tables = len(sizes)
    start, ideal, weight, i = [], [0] * len(order), [0] * len(order), 0
    for ti, s in enumerate(sizes):
        start.append(list(order[i : i + s]))
        for p in order[i : i + s]:
            ideal[p], weight[p] = ti, tables - ti
        i += s
    return start, ideal, weight


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
    state = _Seating(tables, w, ideal, weight)
    if len(tables) < 2:  # one table: nothing to swap (and no step would count as an evaluation)
        return state.snapshot()
    run = Progress(state.total(), state)
    while run.within(floor, max_evaluations):
        run.step += 1
        run.evaluations += 1  # every step counts, so the budget always ends the search
        if run.stalled(stall_steps):
            break
        _tabu_step(state, run, rng, allowed_sizes)
    return run.best


def _tabu_step(state: _Seating, run: Progress, rng: random.Random, allowed_sizes) -> None:
    """One step: the best swap or move of a random movable player (now and then a random swap
    instead, a little noise against cycling), made and made tabu to undo for a few steps."""
    p = rng.choice(state.movable())
    a = state.where[p]
    choice, delta, spent = state.best_move(
        p, rng, allowed_sizes, run.tabu, run.step, run.cost - run.best_cost
    )
    run.evaluations += spent
    if choice is None:
        return
    if rng.random() < 0.02:
        q = rng.randrange(state.n)
        if state.where[q] == a:
            return
        choice, delta = (q, state.where[q]), None
    _make_move(state, run, (p, a), choice, delta, rng)


def _make_move(state: _Seating, run: Progress, mover, choice, delta, rng: random.Random) -> None:
    """Move ``mover`` (player, table) as ``choice`` (partner or None, table) says, barring the
    way back for a few steps; ``delta`` is what it changes the cost by (None: not known)."""
    (p, a), (q, b) = mover, choice
    tenure = 5 + rng.randrange(5)
    run.tabu[(p, a)] = run.step + tenure
    _apply(state.tables, state.where, state.own, state.w, p, q, a, b)
    if q is not None:
        run.tabu[(q, b)] = run.step + tenure
    run.cost = state.total() if delta is None else run.cost + delta
    run.keep_if_best(state)


def table_of(tables: Sequence[Sequence[int]], n: int) -> list[int]:
    """Each of the ``n`` players' table number in ``tables``."""
    where = [0] * n
    for ti, t in enumerate(tables):
        for p in t:
            where[p] = ti
    return where


class _Seating:
    """The tabu search's working seating: tables, each player's table and pair cost there."""

    def __init__(self, tables: Tables, w: Weights, ideal, weight) -> None:
        self.tables = copy_rows(tables)
        self.w, self.ideal, self.weight = w, ideal, weight
        self.n = sum(len(t) for t in tables)
        self.where = table_of(self.tables, self.n)
        self.own = [self._cost_at_own_table(p) for p in range(self.n)]

    def _mates(self, p: int) -> list[int]:
        """Who sits with ``p``."""
        return [x for x in self.tables[self.where[p]] if x != p]

    def _cost_at_own_table(self, p: int) -> int:
        """What ``p`` costs with the others at its table."""
        return sum(self.w[p][q] for q in self.tables[self.where[p]])

    def snapshot(self) -> Tables:
        return copy_rows(self.tables)

    def disp(self, p: int, t: int) -> int:
        """The cost of seating ``p`` at table ``t`` away from its ranked table."""
        if self.ideal is None:
            return 0
        return abs(t - self.ideal[p]) * (self.weight[p] if self.weight is not None else 1)

    def total(self) -> int:
        return sum(self.own) // 2 + sum(self.disp(p, self.where[p]) for p in range(self.n))

    def movable(self) -> list[int]:
        """Players in a repeat first; if none, players away from their ranked table."""
        in_repeat = [p for p in range(self.n) if self.own[p] > 0]
        return in_repeat or self._displaced()

    def _displaced(self) -> list[int]:
        """Players away from their ranked table (none without a ranking)."""
        if self.ideal is None:
            return []
        return [p for p in range(self.n) if self.where[p] != self.ideal[p]]

    def span(self, p: int, a: int) -> range:
        """Tables ``p`` may go to: all, or near the ranked table unless escaping a repeat."""
        if self.ideal is None:
            return range(len(self.tables))
        reach = 8 if self.own[p] > 0 else 2
        return range(max(0, a - reach), min(len(self.tables), a + reach + 1))

    def best_move(self, p, rng, allowed_sizes, tabu, step, above_best):
        """The best non-tabu swap or move of ``p`` (ties broken at random): (choice, delta,
        evaluations); ``choice`` is (q, table) and q None for a move; a tabu move is allowed
        when it beats the best seen (``above_best`` is the current cost minus the best)."""
        a = self.where[p]
        wp, ta = self.w[p], self.tables[a]
        others = self._mates(p)
        best, spent = Choice(), 0
        for b in self.span(p, a):
            if b == a:
                continue
            tb = self.tables[b]
            spent += len(tb) + 1
            join = sum(wp[y] for y in tb) - self.own[p]  # p leaves a, sits at b
            if self.ideal is not None:
                join += self.disp(p, b) - self.disp(p, a)
            p_barred = tabu.get((p, b), 0) > step
            barred = (tabu, step, above_best, p_barred)
            self._offer_swaps(best, p, (a, b), others, join, barred, rng)
            if len(ta) - 1 in allowed_sizes and len(tb) + 1 in allowed_sizes:
                if tabu_allows(p_barred, above_best, join):
                    best.force((None, b), join)
        return best.choice, best.delta, spent

    def _offer_swaps(self, best, p, tables, others, join, barred, rng) -> None:
        """Offer every swap of ``p`` (at table ``a``) with a player of table ``b``; ``join`` is
        what ``p`` alone moving costs, ``barred`` (tabu, step, cost above the best, whether
        ``p`` may not go to ``b``). The hot loop of every draw: written out, without calls but
        the tie-break's (tabu_allows and Choice.cheaper say the same in words)."""
        a, b = tables
        tabu, step, above_best, p_barred = barred
        w, own, wp, ideal = self.w, self.own, self.w[p], self.ideal
        for q in self.tables[b]:
            wq = w[q]
            delta = sum(wq[x] for x in others) + join - wp[q] - own[q]
            if ideal is not None:
                delta += self.disp(q, a) - self.disp(q, b)
            if (p_barred or tabu.get((q, a), 0) > step) and above_best + delta >= 0:
                continue
            if best.delta is None or delta <= best.delta:
                best.offer((q, b), delta, rng)


def _apply(tables: Tables, where: list[int], own: list[int], w: Weights, p, q, a, b) -> None:
    """Move ``p`` from table ``a`` to ``b`` and, unless ``q`` is None, ``q`` from ``b`` to ``a``."""
    ta, tb = tables[a], tables[b]
    _leave(ta, own, w, p)
    if q is not None:
        _leave(tb, own, w, q)
        _sit(ta, a, where, own, w, q)
    _sit(tb, b, where, own, w, p)


def _leave(table: list[int], own: list[int], w: Weights, p: int) -> None:
    """``p`` gets up from ``table``: the others there no longer pay for sitting with ``p``."""
    table.remove(p)
    for x in table:
        own[x] -= w[x][p]


def _sit(table: list[int], t: int, where: list[int], own: list[int], w: Weights, p: int) -> None:
    """``p`` sits at ``table`` (number ``t``): what everyone there pays for it."""
    for x in table:
        own[x] += w[x][p]
    own[p] = sum(w[p][x] for x in table)
    table.append(p)
    where[p] = t
