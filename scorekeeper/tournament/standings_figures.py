"""What each player gathers round by round for ``tournament.standings`` (RULES.md §6).

Mariáš (zero-sum tables): each round's balance and place, table wins and last places; a round not
played counts as its worst figure. Two-player games and Marianna (pairs): wins, points, point
difference, opponents and the progressive score; a bye is a win plus the round's median points.
The rounds are ``standings.RoundResult``s (read here, not imported: standings imports this).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .standings_parts import median
from .tiebreaks import Ledger


@dataclass
class Stats:
    """What one player has gathered: the total, each round's figure, and the ledger."""

    total: Fraction | int = 0
    rounds: list[Any] = field(default_factory=list)
    #: what each round adds to ``total`` (a round not played: its worst figure), for dropping
    counts: list[Any] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)


def gather(rounds: Sequence[Any], ids: list[str], *, zero_sum: bool, placings: bool) -> dict:
    """What every player gathered over ``rounds``: balances and places for zero-sum tables
    (Mariáš), else wins and points (pairs)."""
    return _balances(rounds, ids, placings=placings) if zero_sum else _pairs(rounds, ids)


def _balances(rounds: Sequence[Any], ids: list[str], *, placings: bool) -> dict:
    """Balances, places, table wins and last places of every player (Mariáš)."""
    st = {p: Stats() for p in ids}
    for rnd in rounds:
        _add_round(st, rnd, placings=placings)
        _count_wins_and_lasts(st, rnd)
    return st


def _round_places(rnd: Any) -> tuple[dict[str, tuple[int, Fraction]], int]:
    """Each seated player's (balance, place) in the round, byes included, and the widest table."""
    got: dict[str, tuple[int, Fraction]] = {}
    for table in rnd.tables:
        got.update(_table_places(table))
    widest = max((len(t.players) for t in rnd.tables), default=3)
    for p in rnd.byes:
        got[p] = (0, Fraction(widest + 1, 2))
    return got, widest


def _add_round(st: dict[str, Stats], rnd: Any, *, placings: bool) -> None:
    """The round's figure (balance or place) of every player; a round not played: the worst."""
    got, widest = _round_places(rnd)
    for p, s in st.items():
        if p in got:
            figure = _played_round(s, *got[p], placings=placings)
        else:
            figure = _missed_round(s, widest, placings=placings)
        s.counts.append(figure)
        s.total += figure


def _played_round(s: Stats, balance: int, place: Fraction, *, placings: bool) -> Any:
    """A round played into the ledger; its figure (the place with placings, else the balance)."""
    figure: Any = place if placings else balance
    s.rounds.append(figure)
    s.ledger.balances.append(balance)
    s.ledger.places.append(place)
    s.ledger.played += 1
    return figure


def _missed_round(s: Stats, widest: int, *, placings: bool) -> Any:
    """A round not played: no figure shown, the last place at the widest table counted."""
    s.rounds.append(None)
    s.ledger.places.append(Fraction(widest))
    return widest if placings else 0


def _count_wins_and_lasts(st: dict[str, Stats], rnd: Any) -> None:
    """A table win at the top, a last place at the bottom; a table all level has neither."""
    for table in rnd.tables:
        if len(set(table.scores)) > 1:
            top, bottom = max(table.scores), min(table.scores)
            for p, x in zip(table.players, table.scores, strict=True):
                st[p].ledger.table_wins += x == top
                st[p].ledger.last_places += x == bottom


def _table_places(table: Any) -> dict[str, tuple[int, Fraction]]:
    """Each player's balance and place at the table; level players share the average place."""
    out = {}
    for p, x in zip(table.players, table.scores, strict=True):
        better = sum(y > x for y in table.scores)
        level = sum(y == x for y in table.scores)
        out[p] = (x, Fraction(2 * better + level + 1, 2))
    return out


def _pairs(rounds: Sequence[Any], ids: list[str]) -> dict:
    """Wins, points, point difference, opponents and the progressive score of every player or
    team (two-player games, Marianna); the total is the wins."""
    st = {p: Stats() for p in ids}
    for rnd in rounds:
        got = _play_round(st, rnd)
        for p, s in st.items():
            _add_pair_round(s, got.get(p))
    for s in st.values():
        _finish_pairs(s)
    return st


def _add_pair_round(s: Stats, got: tuple[int, bool] | None) -> None:
    """One round's (points scored, won the round) into a player's stats; None: not played."""
    led = s.ledger
    s.rounds.append(got)
    s.counts.append(int(got is not None and got[1]))
    led.points += got[0] if got is not None else 0
    led.played += got is not None
    led.progressive += led.wins


def _finish_pairs(s: Stats) -> None:
    """The total is the wins; each round's figure the points scored (None: not played)."""
    s.total = s.ledger.wins
    s.rounds = [None if x is None else x[0] for x in s.rounds]


def _play_round(st: dict[str, Stats], rnd: Any) -> dict[str, tuple[int, bool]]:
    """One round of pairs into the ledgers: per player (points scored, won the round)."""
    got: dict[str, tuple[int, bool]] = {}
    for t in rnd.tables:
        _play_table(st, t, got)
    _give_byes(st, rnd, got)
    return got


def _play_table(st: dict[str, Stats], t: Any, got: dict[str, tuple[int, bool]]) -> None:
    """One table of two sides into the ledgers and ``got``."""
    won = t.winner if t.winner is not None else int(t.scores[1] > t.scores[0])
    for i in (0, 1):
        p, q = t.players[i], t.players[1 - i]
        led = st[p].ledger
        got[p] = (t.scores[i], i == won)
        led.opponents.append(q)
        led.difference += t.scores[i] - t.scores[1 - i]
        if i == won:
            led.wins += 1
            led.beaten.append(q)


def _give_byes(st: dict[str, Stats], rnd: Any, got: dict[str, tuple[int, bool]]) -> None:
    """A bye is a win and the round's median points."""
    bye_points = median([x for t in rnd.tables for x in t.scores])
    for p in rnd.byes:
        got[p] = (bye_points, True)
        st[p].ledger.wins += 1
