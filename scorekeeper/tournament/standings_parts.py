"""Parts of ``tournament.standings``: input checks, dropped rounds, the median and JSON numbers.

``check`` raises ``ValueError`` naming the round and table (one score per seat, sane tables, no
one seated twice); the callers pass only confirmed results.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Kind:
    """What a standings kind's tables are: how many sides, zero-sum or decided by a winner."""

    name: str
    seats: tuple[int, ...]  # sides at a table
    zero_sum: bool  # balances at a table add up to 0 (then no winner: places count)
    rankings: tuple[str, ...]  # what the total may be; the first is the default
    teams: bool = False  # two fixed teams: point difference instead of match points
    tiebreaks: tuple[str, ...] = ()  # RULES.md §6's tie-breaks, in order (the default)
    more: tuple[str, ...] = ()  # further tie-breaks an organiser may choose (``tiebreaks.py``)

    @property
    def by_winner(self) -> bool:
        """A table has a winner (pairs) rather than places by balance."""
        return not self.zero_sum


def check(rounds: Sequence[Any], players: Mapping[str, str], kind: Kind) -> None:
    for r, rnd in enumerate(rounds, start=1):
        seen: set[str] = set()
        for t, table in enumerate(rnd.tables, start=1):
            where = f"round {r}, table {t}"
            _check_table(where, table, kind)
            seen.update(_new_ids(where, table.players, seen))
        seen.update(_new_ids(f"round {r}, byes", rnd.byes, seen))
        unknown = seen - players.keys()
        if unknown:
            raise ValueError(f"round {r}: unknown player id {sorted(unknown)[0]!r}")


def _check_table(where: str, table: Any, kind: Kind) -> None:
    if len(table.players) != len(table.scores):
        raise ValueError(f"{where}: one score per player is needed")
    _check_seats(where, table, kind)
    if kind.zero_sum and sum(table.scores) != 0:
        raise ValueError(f"{where}: balances at a {kind.name} table add up to 0")
    _check_winner(where, table, kind)


def _check_seats(where: str, table: Any, kind: Kind) -> None:
    if len(table.players) in kind.seats:
        return
    if kind.seats == (2,):
        raise ValueError(f"{where}: a {kind.name} table has two sides")
    seats = " or ".join(map(str, kind.seats))
    raise ValueError(f"{where}: a {kind.name} table seats {seats}")


def _check_winner(where: str, table: Any, kind: Kind) -> None:
    """A table of pairs with level scores needs its winner; a winner is seat 0 or 1."""
    if table.winner is None:
        if kind.by_winner and table.scores[0] == table.scores[1]:
            raise ValueError(f"{where}: level scores; say who won the match")
    elif table.winner not in (0, 1):
        raise ValueError(f"{where}: the winner is seat 0 or 1")


def _new_ids(where: str, ids: Sequence[str], seen: set[str]) -> Sequence[str]:
    for p in ids:
        if p in seen or ids.count(p) > 1:
            raise ValueError(f"{where}: {p!r} is seated twice in one round")
    return ids


def drop(s: Any, how: str, *, lower_is_better: bool) -> None:
    """Leave the worst (and best) round out of the total (``s.counts``: what each round adds)."""
    n = {"none": 0, "worst": 1, "best_and_worst": 2}[how]
    if n == 0 or len(s.counts) <= n:
        return
    out = _rounds_to_drop(s.counts, n, lower_is_better)
    for i in out:
        s.total -= s.counts[i]
    s.dropped = sorted(i + 1 for i in out)


def _rounds_to_drop(counts: Sequence[Any], n: int, lower_is_better: bool) -> list[int]:
    """The indexes of the worst round (and with ``n`` 2 the best), the earlier among equals."""
    sign = -1 if lower_is_better else 1
    by_value = sorted(range(len(counts)), key=lambda i: (sign * counts[i], i))
    return [by_value[0]] + ([by_value[-1]] if n == 2 else [])


def median(values: Sequence[int]) -> int:
    """The median (RULES.md §6 v2): with an even number of values the mean of the two middle
    ones, rounded half up; 0 for no values. 8,7,7,7,5,3,2,0 -> 6."""
    if not values:
        return 0
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return math.floor(Fraction(ordered[mid - 1] + ordered[mid], 2) + Fraction(1, 2))


def num(x: Fraction | int | float | None) -> int | float | None:
    """A JSON number: an int when whole (1.5 stays 1.5)."""
    if x is None:
        return None
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x
