"""Tie-breaks as data (RULES.md §6): what each one computes and which way is better. Pure.

Each standings kind names its tie-breaks in ``standings.KINDS``: ``Kind.tiebreaks`` in RULES.md
§6's order (the default), ``Kind.more`` the further ones an organiser may choose. An organiser's
choice is an ordered list of keys from what the kind offers (:func:`offered`, :func:`chosen`);
that one list sorts the rows, heads the columns, writes the legend under every table and is the
order ``docs/rules.md`` §6 states (a test reads it there).

A tie-break reads a player's :class:`Ledger` (what the player gathered, round by round) and, for
the ones that look at the opponents (Buchholz, Sonneborn–Berger), every player's ledger. Its
words (name, column heading, the legend's phrase) are its metric's (``metrics.py``).

Adding one: a ``Metric`` in ``metrics.py``, a ``TieBreak`` here, and its key in a kind's
``more`` (or ``tiebreaks``) in ``standings.KINDS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass
class Ledger:
    """What one player gathered: the figures every tie-break is computed from."""

    balances: list[int] = field(default_factory=list)  # Mariáš: each round's balance (played)
    places: list[Fraction] = field(default_factory=list)  # Mariáš: each round's place (a round
    #   not played: the last place at that round's largest table)
    table_wins: int = 0  # Mariáš: a top balance at a table, shared or not
    last_places: int = 0  # Mariáš: a bottom balance at a table, shared or not
    wins: int = 0  # pairs: matches won (a bye is a win)
    points: int = 0  # pairs: points scored (a bye: the round's median)
    difference: int = 0  # Marianna: points for minus points against
    opponents: list[str] = field(default_factory=list)  # pairs: every opponent met
    beaten: list[str] = field(default_factory=list)  # pairs: every opponent beaten
    progressive: int = 0  # pairs: the wins so far after each round, added up
    played: int = 0  # rounds with a result (a confirmed table or a bye)
    premium: int = 0  # league evenings (RULES.md §6b): the premium points (PB) recorded


Value = int | Fraction | None


@dataclass(frozen=True)
class TieBreak:
    """A tie-break: its metric's key, its direction and how it is computed."""

    key: str
    lower_is_better: bool
    compute: Callable[[Ledger, Mapping[str, Ledger]], Value]

    def sort_value(self, value: Value) -> Any:
        """``value`` for an ascending sort, best first (no value at all: the worst)."""
        if value is None:
            return float("inf")
        return value if self.lower_is_better else -value


def _buchholz(ledger: Ledger, everyone: Mapping[str, Ledger]) -> int:
    """The sum of the wins of every opponent met (a bye adds nothing)."""
    return sum(everyone[q].wins for q in ledger.opponents)


def _buchholz_cut1(ledger: Ledger, everyone: Mapping[str, Ledger]) -> int:
    """Buchholz without the weakest opponent (Buchholz cut 1)."""
    return sum(sorted(everyone[q].wins for q in ledger.opponents)[1:])


def _sonneborn_berger(ledger: Ledger, everyone: Mapping[str, Ledger]) -> int:
    """The sum of the wins of every opponent beaten."""
    return sum(everyone[q].wins for q in ledger.beaten)


_ALL = (
    # Mariáš (RULES.md §6 order first)
    TieBreak("table_wins", False, lambda g, _e: g.table_wins),
    TieBreak("best_round", False, lambda g, _e: max(g.balances, default=None)),
    TieBreak("last_places", True, lambda g, _e: g.last_places),
    TieBreak("balance", False, lambda g, _e: sum(g.balances)),
    TieBreak("placings", True, lambda g, _e: sum(g.places, Fraction(0))),
    # two-player games and Marianna
    TieBreak("match_points", False, lambda g, _e: g.points),
    TieBreak("buchholz", False, _buchholz),
    TieBreak("point_difference", False, lambda g, _e: g.difference),
    TieBreak("buchholz_cut1", False, _buchholz_cut1),
    TieBreak("sonneborn_berger", False, _sonneborn_berger),
    TieBreak("progressive", False, lambda g, _e: g.progressive),
    # league evenings and their seasons (RULES.md §6b): ZB, PB and SB = ZB + PB
    TieBreak("zb", False, lambda g, _e: sum(g.balances)),
    TieBreak("pb", False, lambda g, _e: g.premium),
    TieBreak("sb", False, lambda g, _e: sum(g.balances) + g.premium),
)

TIEBREAKS: dict[str, TieBreak] = {t.key: t for t in _ALL}


def offered(kind: Any, ranking: str) -> tuple[str, ...]:
    """The tie-breaks a kind's ranking offers: RULES.md §6's first, then the further ones; never
    the ranking's own figure (ranked by placings, the balance may break ties, and vice versa)."""
    return tuple(k for k in (*kind.tiebreaks, *kind.more) if k != ranking)


def chosen(kind: Any, ranking: str, keys: Sequence[str] | None) -> tuple[str, ...]:
    """The tie-breaks in force: ``keys`` in the organiser's order, or RULES.md §6's (None).
    ValueError names the first key the kind does not offer, or one named twice."""
    if keys is None:
        return tuple(k for k in kind.tiebreaks if k != ranking)
    return _checked(keys, offered(kind, ranking))


def _checked(keys: Sequence[str], allowed: Sequence[str]) -> tuple[str, ...]:
    """``keys`` once each are all among ``allowed`` (ValueError names the first that is not)."""
    seen: list[str] = []
    for key in keys:
        if key not in allowed:
            raise ValueError(f"unknown tie-break {key!r}; choose from {', '.join(allowed)}")
        if key in seen:
            raise ValueError(f"tie-break {key!r} is named twice")
        seen.append(key)
    return tuple(seen)


def values(keys: Sequence[str], ledgers: Mapping[str, Ledger]) -> dict[str, dict[str, Value]]:
    """Every player's value of each tie-break in ``keys``: {player: {key: value}}."""
    return {p: {k: TIEBREAKS[k].compute(led, ledgers) for k in keys} for p, led in ledgers.items()}


def sort_key(keys: Sequence[str], figures: Mapping[str, Value]) -> tuple:
    """The part of a row's sort key the tie-breaks give, in order."""
    return tuple(TIEBREAKS[k].sort_value(figures[k]) for k in keys)
