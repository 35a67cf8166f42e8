"""Seating draws for pub tournaments (RULES.md §6), pure and re-runnable from the seed.

API (players are ids, plain strings)::

    draw_round(*, players, round_no, seed, table_size=3, history=None, keep_apart=(),
               method="random", ranking=None, allow_tables_of=None, byes_had=(),
               rounds_total=None) -> Draw
    Draw(tables, bye, repeats, kept_apart_broken, seed, round_no, cost)
    table_sizes(n, table_size=3, allow_tables_of=None) -> (sizes, has_bye)
    add_to_history(history, draw) -> dict[frozenset[str], int]
    draw_schedule(*, players, rounds, seed, **draw_round options) -> list[Draw]

- Mariáš (``table_size=3``, tables of 3 or 4 by default): as many tables of 3 as possible, tables
  of 4 where the count needs it (n = 3a + 4b covers n = 3, 4 and every n >= 6). Five, two or one
  players cannot be seated: :class:`DrawError` (the organiser adds or withdraws a player).
- Pairs (``table_size=2``: two-player games, Marianna teams): an odd count gives one bye, to the
  lowest-ranked player in ``ranking`` who has not had one (``byes_had``); without a ranking, to a
  seeded random one of those.
- ``method="random"``: a seeded random draw (round 1) that, given ``history`` (how often each pair
  has met), minimises the sum over seated pairs of ``met ** 2``, plus :data:`KEEP_APART_COST` for
  each pair in ``keep_apart``. Up to :data:`EXACT_LIMIT` players the optimum is found exactly,
  beyond that by a seeded tabu search.
- ``method="standings"``: leaders together (table 1 = the top players of ``ranking``, and so on;
  Swiss pairing for pairs): each table takes the best-ranked players who have not met and are not
  kept apart, backtracking when stuck; if that fails, the ranked seating is repaired by the search
  with repeats weighing more than moving anyone away from their table.
- Lookahead (``rounds_total``, the number of rounds the tournament will play; random method):
  for up to :data:`PLAN_LIMIT` players and no bye, the draw plans every round left at once
  (:mod:`scorekeeper.tournament.draw_plan`, starting from the round-by-round draw) and seats this
  round as the best plan found does, so an early round does not paint the last ones into a
  corner (15 players, 7 rounds: none meets twice, Kirkman's schoolgirls; 12 players, 5 rounds:
  four rounds without a repeat and 3 repeated pairs in the fifth). This round never costs more
  than the best seating of this round alone: the plan only chooses among those.
- Known perfect plans (:mod:`scorekeeper.tournament.draw_designs`; random method, rounds_total
  given, no bye, nobody kept apart): 9 players over up to 4 rounds of 3 (the affine plane) and
  15 players over up to 7 (Kirkman's schoolgirls), the players shuffled by ``seed``; used while
  the history is exactly rounds of that plan (a round redrawn with another seed falls back to
  the search above).
- The draw reports ``repeats`` (pairs at one table who had met before), the kept-apart pairs it
  could not keep apart, for the organiser to see before confirming, and ``cost`` (the sum the
  draw minimised).
- Determinism: the result depends only on the arguments (ids are sorted first, randomness is
  ``random.Random`` seeded from ``seed`` and ``round_no``, budgets are in steps, not seconds).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from . import draw_designs, draw_plan, draw_search

KEEP_APART_COST = 1_000_000
EXACT_LIMIT = 12
MAX_EVALUATIONS = 400_000
PLAN_LIMIT = 60
PLAN_EVALUATIONS = 400_000
COMPLETE_STEPS = 60_000


class DrawError(ValueError):
    """The players cannot be seated as asked (e.g. five players at tables of 3 and 4)."""


@dataclass(frozen=True)
class Draw:
    """One round's seating: tables in order (table 1 first), seats in order, and its flaws."""

    tables: tuple[tuple[str, ...], ...]
    bye: str | None
    repeats: int
    kept_apart_broken: tuple[frozenset[str], ...]
    seed: int
    round_no: int = 1
    cost: int = 0


def table_sizes(
    n: int, table_size: int = 3, allow_tables_of: Iterable[int] | None = None
) -> tuple[tuple[int, ...], bool]:
    """Table sizes for ``n`` players (most tables of ``table_size``) and whether one sits out."""
    allowed = _allowed(table_size, allow_tables_of)
    bye = allowed == {2} and n % 2 == 1
    m = n - bye
    # fewest tables of a size other than table_size, then fewest tables: a small DP
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (m + 1)
    best[0] = (0, 0, ())
    for k in range(1, m + 1):
        for s in sorted(allowed):
            prev = best[k - s] if k >= s else None
            if prev is None:
                continue
            cand = (prev[0] + (s != table_size), prev[1] + 1, (*prev[2], s))
            if best[k] is None or cand[:2] < best[k][:2]:
                best[k] = cand
    if m == 0 or best[m] is None:
        sizes = " or ".join(str(s) for s in sorted(allowed))
        who = "1 player" if n == 1 else f"{n} players"
        raise DrawError(f"{who} cannot sit at tables of {sizes}; add or withdraw a player")
    return tuple(sorted(best[m][2], key=lambda s: (s != table_size, s))), bye


def draw_round(
    *,
    players: Sequence[str],
    round_no: int,
    seed: int,
    table_size: int = 3,
    history: Mapping[frozenset[str], int] | None = None,
    keep_apart: Iterable[frozenset[str]] = (),
    method: str = "random",
    ranking: Sequence[str] | None = None,
    allow_tables_of: Iterable[int] | None = None,
    byes_had: Iterable[str] = (),
    rounds_total: int | None = None,
) -> Draw:
    """Seat ``players`` for round ``round_no``; see the module docstring for the rules."""
    ids = sorted(players)
    _check_request(ids, method, ranking)
    history = history or {}
    present = set(ids)
    apart = {frozenset(p) for p in keep_apart if len(p) == 2 and set(p) <= present}
    rng = random.Random(f"scorekeeper-draw:{seed}:{round_no}")
    sizes, has_bye = table_sizes(len(ids), table_size, allow_tables_of)
    ranked = _rank_order(ids, ranking) if ranking is not None else None
    bye = _choose_bye(ids, ranked, byes_had, rng) if has_bye else None
    seated = [p for p in (ranked or ids) if p != bye]
    index = {p: i for i, p in enumerate(seated)}
    met, cost_apart = _matrices(index, history, apart)
    w = [[m * m + x for m, x in zip(mr, xr)] for mr, xr in zip(met, cost_apart)]  # noqa: B905
    allowed = frozenset(_allowed(table_size, allow_tables_of))

    if method == "spread":
        # RULES.md §6 v2 round-1 seeding: the strongest spread over the tables (a snake: the
        # first T one a table, the next T back the other way, ...)
        tables = spread(len(seated), sizes)
    elif method == "standings":
        order = list(range(len(seated)))
        return _result(
            draw_search.by_standings(order, sizes, w, rng, allowed, MAX_EVALUATIONS // 2),
            seated, bye, history, apart, seed, round_no, w,
        )  # fmt: skip
    else:
        rounds_left = (rounds_total or 0) - round_no + 1
        tables = _seat_random(sizes, w, (met, cost_apart), rng, allowed, rounds_left, has_bye,
                              seed)  # fmt: skip
        for t in tables:
            rng.shuffle(t)
    rng.shuffle(tables)
    tables.sort(key=lambda t: (len(t) != table_size, len(t)))
    return _result(tables, seated, bye, history, apart, seed, round_no, w)


def _check_request(ids: Sequence[str], method: str, ranking: Sequence[str] | None) -> None:
    if len(set(ids)) != len(ids):
        raise DrawError("a player appears twice in the list")
    if method not in ("random", "standings", "spread"):
        raise DrawError(f"unknown draw method {method!r}; choose random, standings or spread")
    if method in ("standings", "spread") and ranking is None:
        raise DrawError(f"a draw by {method} needs the ranking")


def _choose_bye(ids, ranked, byes_had: Iterable[str], rng: random.Random) -> str:
    """The lowest-ranked player without a bye yet (seeded random one without a ranking)."""
    had = set(byes_had)
    pool = [p for p in (ranked or ids) if p not in had] or list(ranked or ids)
    return pool[-1] if ranked is not None else rng.choice(pool)


def _seat_random(sizes, w, matrices, rng, allowed, rounds_left: int, has_bye: bool, seed: int):
    """The random method: a known perfect design when it fits, else the cheapest seating found
    (exactly or by tabu search), replaced by the first round of a plan when looking ahead."""
    met, cost_apart = matrices
    n = len(w)
    if rounds_left >= 1 and not has_bye:
        found = draw_designs.next_round(sizes, rounds_left, met, cost_apart, seed)
        if found is not None:
            return found
    plan_ahead = rounds_left > 1 and not has_bye and n <= PLAN_LIMIT
    order = list(range(n))
    rng.shuffle(order)
    if n <= EXACT_LIMIT:
        tables = draw_search.exact(order, sizes, w)
    else:
        start, i = [], 0
        for s in sizes:
            start.append(order[i : i + s])
            i += s
        budget = MAX_EVALUATIONS // 4 if plan_ahead else MAX_EVALUATIONS
        floor = draw_plan.lower_bound(sizes, 1, met, cost_apart)
        tables = draw_search.local_search(
            start, w, rng, allowed_sizes=allowed, max_evaluations=budget, floor=floor
        )
    if plan_ahead:
        tables = draw_plan.lookahead(
            tables, sizes, rounds_left, met, cost_apart, rng,
            plan_evaluations=PLAN_EVALUATIONS, complete_steps=COMPLETE_STEPS,
        )  # fmt: skip
    return tables


def spread(n: int, sizes: Sequence[int]) -> list[list[int]]:
    """Seat positions 0..n-1 (strongest first) in a snake over tables of ``sizes``."""
    tables: list[list[int]] = [[] for _ in sizes]
    forward, i = True, 0
    while i < n:
        order = range(len(sizes)) if forward else range(len(sizes) - 1, -1, -1)
        for t in order:
            if i < n and len(tables[t]) < sizes[t]:
                tables[t].append(i)
                i += 1
        forward = not forward
    return tables


def add_to_history(history: Mapping[frozenset[str], int], draw: Draw) -> dict[frozenset[str], int]:
    """A new history counting the meetings of ``draw`` as well."""
    out = dict(history)
    for t in draw.tables:
        for a, b in combinations(t, 2):
            key = frozenset((a, b))
            out[key] = out.get(key, 0) + 1
    return out


def draw_schedule(*, players: Sequence[str], rounds: int, seed: int, **options) -> list[Draw]:
    """Draw ``rounds`` rounds one after another, each using the meetings of those before (and,
    unless ``rounds_total=None`` is passed, looking ahead to the last round)."""
    options.setdefault("rounds_total", rounds)
    history: dict[frozenset[str], int] = dict(options.pop("history", None) or {})
    byes: set[str] = set(options.pop("byes_had", ()))
    draws = []
    for r in range(1, rounds + 1):
        d = draw_round(
            players=players, round_no=r, seed=seed, history=history, byes_had=byes, **options
        )
        draws.append(d)
        history = add_to_history(history, d)
        if d.bye is not None:
            byes.add(d.bye)
    return draws


def _allowed(table_size: int, allow_tables_of: Iterable[int] | None) -> set[int]:
    if table_size < 2:
        raise DrawError("a table seats at least 2")
    if allow_tables_of is None:
        return {3, 4} if table_size == 3 else {table_size}
    allowed = set(allow_tables_of) | {table_size}
    if min(allowed) < 2:
        raise DrawError("a table seats at least 2")
    return allowed


def _rank_order(ids: Sequence[str], ranking: Sequence[str]) -> list[str]:
    """Players best first; those missing from the ranking (late entries) last, by id."""
    present, ranked = set(ids), []
    for p in dict.fromkeys(ranking):
        if p in present:
            ranked.append(p)
    listed = set(ranked)
    return ranked + [p for p in ids if p not in listed]


def _matrices(index, history, apart) -> tuple[list[list[int]], list[list[int]]]:
    """How often each pair met, and the keep-apart cost of each pair, by player index."""
    n = len(index)
    met = [[0] * n for _ in range(n)]
    cost_apart = [[0] * n for _ in range(n)]
    for pair, k in history.items():
        if len(pair) == 2 and pair <= index.keys():
            a, b = (index[p] for p in pair)
            met[a][b] = met[b][a] = k
    for pair in apart:
        if pair <= index.keys():
            a, b = (index[p] for p in pair)
            cost_apart[a][b] = cost_apart[b][a] = KEEP_APART_COST
    return met, cost_apart


def _cost(tables, w) -> int:
    return sum(w[a][b] for t in tables for a, b in combinations(t, 2))


def _result(tables, seated, bye, history, apart, seed, round_no, w) -> Draw:
    named = tuple(tuple(seated[p] for p in t) for t in tables)
    repeats, broken = 0, []
    for t in named:
        for a, b in combinations(t, 2):
            pair = frozenset((a, b))
            repeats += history.get(pair, 0) > 0
            if pair in apart:
                broken.append(pair)
    return Draw(named, bye, repeats, tuple(broken), seed, round_no, _cost(tables, w))
