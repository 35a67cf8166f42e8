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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from . import draw_designs, draw_plan, draw_search
from .draw_ahead import pairs

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
    sizes = _size_mix(n - bye, allowed, table_size)
    if sizes is None:
        raise _unseatable(n, allowed)
    return sizes, bye


Mix = tuple[int, int, tuple[int, ...]]  # (tables not of the usual size, tables, their sizes)


def _size_mix(m: int, allowed: set[int], table_size: int) -> tuple[int, ...] | None:
    """Sizes seating ``m`` players, fewest tables of a size other than ``table_size`` first,
    then fewest tables (a small DP over the player count); None if they cannot be seated."""
    best: list[Mix | None] = [None] * (m + 1)
    best[0] = (0, 0, ())
    for k in range(1, m + 1):
        best[k] = _best_mix(best, k, allowed, table_size)
    found = best[m]
    if m == 0 or found is None:
        return None
    return tuple(sorted(found[2], key=lambda s: (s != table_size, s)))


def _best_mix(best: list[Mix | None], k: int, allowed: set[int], table_size: int) -> Mix | None:
    """The best mix for ``k`` players: one table of an allowed size added to the best mix for
    the rest (the smallest such table among equals)."""
    options = [(s, best[k - s]) for s in sorted(allowed) if s <= k]
    mixes = [
        (prev[0] + (s != table_size), prev[1] + 1, (*prev[2], s))
        for s, prev in options
        if prev is not None
    ]
    return min(mixes, key=lambda mix: mix[:2], default=None)


def _unseatable(n: int, allowed: set[int]) -> DrawError:
    sizes = " or ".join(str(s) for s in sorted(allowed))
    who = "1 player" if n == 1 else f"{n} players"
    return DrawError(f"{who} cannot sit at tables of {sizes}; add or withdraw a player")


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
    rng = random.Random(f"scorekeeper-draw:{seed}:{round_no}")
    sizes, has_bye = table_sizes(len(ids), table_size, allow_tables_of)
    seated, bye = _who_sits(ids, ranking, has_bye, byes_had, rng)
    apart = _kept_apart(keep_apart, set(ids))
    met, cost_apart = _matrices(seated, history, apart)
    w = _weights(met, cost_apart)
    allowed = frozenset(_allowed(table_size, allow_tables_of))

    if method == "standings":
        order = list(range(len(seated)))
        tables = draw_search.by_standings(order, sizes, w, rng, allowed, MAX_EVALUATIONS // 2)
        return _result(tables, seated, bye, history, apart, seed, round_no, w)
    if method == "spread":
        # RULES.md §6 v2 round-1 seeding: the strongest spread over the tables (a snake: the
        # first T one a table, the next T back the other way, ...)
        tables = spread(len(seated), sizes)
    else:
        rounds_left = (rounds_total or 0) - round_no + 1
        tables = _seat_random(sizes, w, (met, cost_apart), rng, allowed, rounds_left, has_bye,
                              seed)  # fmt: skip
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


def _who_sits(
    ids: Sequence[str],
    ranking: Sequence[str] | None,
    has_bye: bool,
    byes_had: Iterable[str],
    rng: random.Random,
) -> tuple[list[str], str | None]:
    """The players to seat (best first with a ranking, else by id) and the one sitting out."""
    order = list(ids) if ranking is None else _rank_order(ids, ranking)
    bye = _choose_bye(order, ranking is not None, byes_had, rng) if has_bye else None
    return [p for p in order if p != bye], bye


def _choose_bye(
    order: Sequence[str], ranked: bool, byes_had: Iterable[str], rng: random.Random
) -> str:
    """The lowest-ranked player without a bye yet (seeded random one without a ranking)."""
    had = set(byes_had)
    pool = [p for p in order if p not in had] or list(order)
    return pool[-1] if ranked else rng.choice(pool)


def _kept_apart(keep_apart: Iterable[frozenset[str]], present: set[str]) -> set[frozenset[str]]:
    """The pairs to keep apart whose two players are both here."""
    return {frozenset(p) for p in keep_apart if len(p) == 2 and set(p) <= present}


def _seat_random(sizes, w, matrices, rng, allowed, rounds_left: int, has_bye: bool, seed: int):
    """The random method: a known perfect design when it fits, else the cheapest seating found
    (exactly or by tabu search), replaced by the first round of a plan when looking ahead; the
    seats at each table shuffled."""
    tables = _from_design(sizes, rounds_left, has_bye, matrices, seed)
    if tables is None:
        tables = _searched(sizes, w, matrices, rng, allowed, rounds_left, has_bye)
    for t in tables:
        rng.shuffle(t)
    return tables


def _from_design(sizes, rounds_left: int, has_bye: bool, matrices, seed: int):
    """This round of a known perfect design, if one fits the field and the history; else None."""
    if rounds_left < 1 or has_bye:
        return None
    met, cost_apart = matrices
    return draw_designs.next_round(sizes, rounds_left, met, cost_apart, seed)


def _searched(sizes, w, matrices, rng, allowed, rounds_left: int, has_bye: bool):
    """The cheapest seating found, or the first round of the best plan when looking ahead."""
    plan_ahead = rounds_left > 1 and not has_bye and len(w) <= PLAN_LIMIT
    tables = _cheapest(sizes, w, matrices, rng, allowed, plan_ahead)
    if not plan_ahead:
        return tables
    met, cost_apart = matrices
    return draw_plan.lookahead(
        tables, sizes, rounds_left, met, cost_apart, rng,
        plan_evaluations=PLAN_EVALUATIONS, complete_steps=COMPLETE_STEPS,
    )  # fmt: skip


def _cheapest(sizes, w, matrices, rng, allowed, plan_ahead: bool):
    """The cheapest seating of this round alone: exact for few players, else a tabu search
    from a random seating (a quarter of the budget when a plan follows)."""
    order = list(range(len(w)))
    rng.shuffle(order)
    if len(w) <= EXACT_LIMIT:
        return draw_search.exact(order, sizes, w)
    budget = MAX_EVALUATIONS // 4 if plan_ahead else MAX_EVALUATIONS
    floor = draw_plan.lower_bound(sizes, 1, *matrices)
    return draw_search.local_search(
        _in_order(order, sizes), w, rng, allowed_sizes=allowed, max_evaluations=budget,
        floor=floor,
    )  # fmt: skip


def _in_order(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """``order`` cut into tables of ``sizes``, in turn."""
    tables, i = [], 0
    for s in sizes:
        tables.append(list(order[i : i + s]))
        i += s
    return tables


def spread(n: int, sizes: Sequence[int]) -> list[list[int]]:
    """Seat positions 0..n-1 (strongest first) in a snake over tables of ``sizes``."""
    tables: list[list[int]] = [[] for _ in sizes]
    snake = _snake(len(sizes))
    for i in range(n):
        t = next(snake)
        while len(tables[t]) >= sizes[t]:
            t = next(snake)
        tables[t].append(i)
    return tables


def _snake(k: int) -> Iterator[int]:
    """Table numbers 0..k-1, then back k-1..0, and so on without end."""
    forward = list(range(k))
    while True:
        yield from forward
        yield from reversed(forward)


def add_to_history(history: Mapping[frozenset[str], int], draw: Draw) -> dict[frozenset[str], int]:
    """A new history counting the meetings of ``draw`` as well."""
    out = dict(history)
    for key in _seated_pairs(draw.tables):
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
    present = set(ids)
    ranked = [p for p in dict.fromkeys(ranking) if p in present]
    listed = set(ranked)
    return ranked + [p for p in ids if p not in listed]


def _matrices(seated: Sequence[str], history, apart) -> tuple[list[list[int]], list[list[int]]]:
    """How often each pair met, and the keep-apart cost of each pair, by place in ``seated``."""
    index = {p: i for i, p in enumerate(seated)}
    met = _pair_matrix(index, history.items())
    cost_apart = _pair_matrix(index, ((pair, KEEP_APART_COST) for pair in apart))
    return met, cost_apart


def _pair_matrix(index: Mapping[str, int], figures) -> list[list[int]]:
    """A symmetric matrix by player index of the figure of each pair both of whom are seated."""
    n = len(index)
    out = [[0] * n for _ in range(n)]
    for a, b, k in _seated_figures(index, figures):
        out[a][b] = out[b][a] = k
    return out


def _seated_figures(index: Mapping[str, int], figures) -> Iterator[tuple[int, int, int]]:
    """(index, index, figure) of each pair in ``figures`` both of whom are seated."""
    for pair, k in figures:
        if len(pair) == 2 and pair <= index.keys():
            a, b = (index[p] for p in pair)
            yield a, b, k


def _weights(met, cost_apart) -> list[list[int]]:
    """What seating each pair together costs: earlier meetings squared, plus keeping apart."""
    return [[m * m + x for m, x in zip(mr, xr)] for mr, xr in zip(met, cost_apart)]  # noqa: B905


def _cost(tables, w) -> int:
    return sum(w[a][b] for a, b in pairs(tables))


def _seated_pairs(tables: Iterable[Sequence[str]]) -> list[frozenset[str]]:
    """Every pair sitting at one table, table by table."""
    return [frozenset(pair) for pair in pairs(tables)]


def _named(tables, seated: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The tables with the players' ids in place of their indexes."""
    return tuple(tuple(seated[p] for p in t) for t in tables)


def _result(tables, seated, bye, history, apart, seed, round_no, w) -> Draw:
    named = _named(tables, seated)
    pairs = _seated_pairs(named)
    repeats = sum(history.get(pair, 0) > 0 for pair in pairs)
    broken = tuple(pair for pair in pairs if pair in apart)
    return Draw(named, bye, repeats, broken, seed, round_no, _cost(tables, w))
