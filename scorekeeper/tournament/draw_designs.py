"""Known perfect schedules used as opening plans by :mod:`scorekeeper.tournament.draw` (pure).

Some fields can play every round without anyone meeting twice, and mathematics gives the plan:

- 9 players, up to 4 rounds of 3: the affine plane AG(2, 3) (its four parallel classes);
- 15 players, up to 7 rounds of 3: Kirkman's schoolgirls, here a packing of the 35 lines of
  PG(3, 2) into 7 spreads (points are the non-zero vectors of GF(2)^4, lines ``{a, b, a ^ b}``).

:func:`next_round` shuffles the players over the design with a permutation taken from the seed
(and the order of the rounds too), checks that the history is exactly some of the design's
rounds (nobody met twice, no other meeting, nobody kept apart), and answers the first round not
yet played; otherwise None and the draw searches as for any other field. Players are ints
``0..n-1`` here; ``met[i][j]`` is how often ``i`` and ``j`` have met.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from .draw_ahead import pairs, seat_pairs

Schedule = list[list[list[int]]]  # rounds -> tables -> players


def affine_plane_3() -> Schedule:
    """AG(2, 3): point ``3x + y``; lines of slope 0, 1, 2 and the verticals, one round each."""
    rounds = [_parallel_class(m) for m in range(3)]
    rounds.append([[3 * x + y for y in range(3)] for x in range(3)])
    return rounds


def _parallel_class(m: int) -> list[list[int]]:
    """The three lines of slope ``m`` of AG(2, 3)."""
    return [[3 * x + (m * x + c) % 3 for x in range(3)] for c in range(3)]


def kirkman_15() -> Schedule:
    """Seven rounds of five tables of 3 on 15 players in which every pair meets exactly once."""
    lines = _lines()
    spreads = _spreads(lines)
    packing = _packing(lines, spreads, set(), [])
    assert packing is not None  # PG(3, 2) has packings (Kirkman, 1850)
    return _zero_based(packing)


def _zero_based(packing) -> Schedule:
    """The packing's spreads as rounds, points 1..15 as players 0..14."""
    return [[[p - 1 for p in line] for line in spread] for spread in packing]


def _lines() -> list[tuple[int, ...]]:
    """The 35 lines of PG(3, 2), in order."""
    return sorted({tuple(sorted((a, b, a ^ b))) for a in range(1, 16) for b in range(1, 16)
                   if a != b})  # fmt: skip


def _spreads(lines: list[tuple[int, ...]]) -> list[tuple[tuple[int, ...], ...]]:
    """Every set of 5 disjoint lines covering the 15 points."""
    found: list[tuple[tuple[int, ...], ...]] = []

    def rec(covered: frozenset[int], chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == 5:
            found.append(tuple(chosen))
            return
        p = min(set(range(1, 16)) - covered)
        for line in lines:
            if p in line and not covered.intersection(line):
                rec(covered | set(line), [*chosen, line])

    rec(frozenset(), [])
    return found


def _packing(lines, spreads, used: set, chosen: list):
    """Seven spreads sharing no line (backtracking; the first packing found)."""
    if len(chosen) == 7:
        return chosen
    first = _first_free(lines, used)
    for spread in _spreads_through(spreads, first, used):
        found = _packing(lines, spreads, used | set(spread), [*chosen, spread])
        if found:
            return found
    return None


def _first_free(lines, used: set):
    """The first line not used yet."""
    return min(line for line in lines if line not in used)


def _spreads_through(spreads, line, used: set) -> list:
    """The spreads holding ``line`` and no line used already."""
    return [spread for spread in spreads if line in spread and not used.intersection(spread)]


DESIGNS = {9: affine_plane_3, 15: kirkman_15}
_CACHE: dict[int, Schedule] = {}


def design(n: int, sizes: Sequence[int], rounds: int) -> Schedule | None:
    """The known perfect schedule for ``n`` players at tables of ``sizes`` over ``rounds``
    rounds, or None if none is known (or it has fewer rounds)."""
    if n not in DESIGNS or any(s != 3 for s in sizes):
        return None
    found = _cached(n)
    return found if rounds <= len(found) else None


def _cached(n: int) -> Schedule:
    """The design for ``n`` players, built once."""
    if n not in _CACHE:
        _CACHE[n] = DESIGNS[n]()
    return _CACHE[n]


EMBED_STEPS = 100_000  # budget of the search for the history inside a design


def next_round(
    sizes: Sequence[int],
    rounds_left: int,
    met: Sequence[Sequence[int]],
    apart: Sequence[Sequence[int]],
    seed: int,
) -> list[list[int]] | None:
    """This round's tables from the seed's shuffle of a known design, if the history is some of
    its rounds (as drawn, or once the players are renamed: :func:`embed`) and enough are left;
    None otherwise."""
    base = design(sum(sizes), sizes, 1)
    if base is None or _anyone_apart(apart):
        return None
    rounds = shuffled(base, seed)
    as_drawn = _next_as_drawn(rounds, met, rounds_left)
    if as_drawn is not None:
        return as_drawn
    found = embed(rounds, met, rounds_left, budget=EMBED_STEPS)
    return found[0] if found else None


def _anyone_apart(apart: Sequence[Sequence[int]]) -> bool:
    return any(any(row) for row in apart)


def _next_as_drawn(rounds: Schedule, met, rounds_left: int) -> list[list[int]] | None:
    """The first round of ``rounds`` not played yet, if the history is exactly some of them
    (as drawn, nobody renamed) and enough are left; else None."""
    played = _played(rounds, met)
    if len(played) + rounds_left > len(rounds) or not _history_is(met, played):
        return None
    return next(r for r in rounds if r not in played)


def _played(rounds: Schedule, met) -> Schedule:
    """The rounds whose every pair has met."""
    return [r for r in rounds if all(met[a][b] for a, b in pairs(r))]


def embed(rounds: Schedule, met, rounds_left: int, *, budget: int) -> Schedule | None:
    """The rounds still to play of a copy of ``rounds`` (players renamed) whose other rounds
    are exactly the meetings so far, e.g. after a round drawn with another seed or seeded by
    rating; None if there is none or the search ran out of ``budget`` steps."""
    k = _whole_rounds(rounds, met)
    if not k or k + rounds_left > len(rounds):
        return None
    found = _find_copy(rounds, k, _neighbours(met), [budget])
    if found is None:
        return None
    chosen, sigma = found
    return _renamed(_others(rounds, chosen), sigma)


def _others(rounds: Schedule, chosen: Sequence[int]) -> Schedule:
    """The rounds whose numbers are not in ``chosen``."""
    return [r for i, r in enumerate(rounds) if i not in chosen]


def _neighbours(met) -> list[frozenset[int]]:
    """Whom each player has met."""
    n = len(met)
    return [frozenset(b for b in range(n) if met[a][b]) for a in range(n)]


def _find_copy(rounds: Schedule, k: int, history: list[frozenset[int]], steps: list[int]):
    """Which ``k`` of ``rounds`` (their numbers), once the players are renamed by which map,
    meet exactly as ``history`` says: (numbers, map); None if none is found within ``steps``."""
    for chosen in combinations(range(len(rounds)), k):
        sigma = _isomorphism(_graph(len(history), [rounds[i] for i in chosen]), history, steps)
        if sigma is not None:
            return chosen, sigma
        if steps[0] <= 0:
            return None
    return None


def _renamed(rounds: Schedule, sigma: Mapping[int, int] | Sequence[int]) -> Schedule:
    """``rounds`` with each player ``p`` renamed ``sigma[p]``."""
    return [[[sigma[p] for p in t] for t in r] for r in rounds]


def _whole_rounds(rounds: Schedule, met) -> int | None:
    """How many of the design's rounds the meetings so far make (None: not a whole number of
    rounds, or someone met twice)."""
    if _met_twice(met):
        return None
    per_round = seat_pairs(len(t) for t in rounds[0])
    edges = _pairs_met(met)
    return None if edges % per_round else edges // per_round


def _met_twice(met) -> bool:
    n = len(met)
    return any(met[a][b] > 1 for a in range(n) for b in range(n))


def _pairs_met(met) -> int:
    n = len(met)
    return sum(1 for b, a in combinations(range(n), 2) if met[a][b])


def _graph(n: int, rounds: Schedule) -> list[frozenset[int]]:
    adjacent: list[set[int]] = [set() for _ in range(n)]
    for r in rounds:
        for a, b in pairs(r):
            adjacent[a].add(b)
            adjacent[b].add(a)
    return [frozenset(x) for x in adjacent]


def _isomorphism(g: list[frozenset[int]], h: list[frozenset[int]], steps: list[int]):
    """A map of ``g``'s vertices onto ``h``'s keeping every edge and non-edge (backtracking in
    breadth-first order, so each vertex meets mapped neighbours), or None; spends ``steps``."""
    n = len(g)
    order = _breadth_first(g)
    sigma: dict[int, int] = {}
    used: set[int] = set()

    def extend(i: int) -> bool:
        if i == n:
            return True
        v = order[i]
        for p in range(n):
            steps[0] -= 1
            if steps[0] <= 0:
                return False
            if p in used or len(h[p]) != len(g[v]):
                continue
            if any((u in g[v]) != (sigma[u] in h[p]) for u in sigma):
                continue
            sigma[v] = p
            used.add(p)
            if extend(i + 1):
                return True
            del sigma[v]
            used.discard(p)
        return False

    return dict(sigma) if extend(0) else None


def _breadth_first(g: list[frozenset[int]]) -> list[int]:
    """``g``'s vertices in breadth-first order, component by component."""
    order: list[int] = []
    seen: set[int] = set()
    for root in range(len(g)):
        if root in seen:
            continue
        seen.add(root)
        queue = [root]
        for v in queue:  # the queue grows while it is read: breadth first
            order.append(v)
            for w in sorted(g[v] - seen):
                seen.add(w)
                queue.append(w)
    return order


def shuffled(base: Schedule, seed: int) -> Schedule:
    """``base`` with the players and the order of the rounds shuffled by ``seed``."""
    rng = random.Random(f"scorekeeper-design:{seed}")
    perm = list(range(sum(len(t) for t in base[0])))
    rng.shuffle(perm)
    order = list(range(len(base)))
    rng.shuffle(order)
    return _renamed([base[i] for i in order], perm)


def _pair_set(rounds: Schedule) -> set[frozenset[int]]:
    """Every pair that meets in ``rounds``."""
    return {frozenset(p) for r in rounds for p in pairs(r)}


def _history_is(met: Sequence[Sequence[int]], played: Schedule) -> bool:
    """Whether the meetings so far are exactly those of the ``played`` rounds, once each."""
    expected = _pair_set(played)
    n = len(met)
    return all(
        met[a][b] <= 1 and (met[a][b] == 1) == (frozenset((a, b)) in expected)
        for b, a in combinations(range(n), 2)
    )
