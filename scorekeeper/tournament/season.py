"""A season's league table (RULES.md §6a): evenings' results in, ranked rows out. Pure.

API::

    season_table(evenings, *, players, scoring="sum", best_n=None, top=None, seed=0)
        -> list[SeasonRow]

Each ``Evening`` maps a roster id to its ``EveningResult`` (``place``: the evening's distinct
place, §6; ``result``: what ``sum`` adds, e.g. the balance) and knows how many played.

- ``sum``: the evening results added up.
- ``placing_points``: the winner gets ``top`` (default: the number of players that evening) and
  each next place one fewer, down to 1 for everyone below.
- ``best_n``: only each player's best N evenings count; an absent evening is no result, and a
  player with fewer results counts them all. Example: +10, −5 and one absence, best 2 -> 5.
- Ties: the tie-breaks of ``TIEBREAKS`` in order (their words: ``metrics.py``); rows still equal
  share a ``rank`` and the season's seeded lot orders them, so ``place`` is 1..N with no two
  alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .standings import lot_order

SCORINGS = ("sum", "placing_points")
#: The season's tie-breaks in order (RULES.md §6a), each higher is better: evenings won (place 1),
#: then the best single evening's figure. The one list the key, the rows and the legend follow.
TIEBREAKS = ("evenings_won", "best_evening")


@dataclass(frozen=True)
class EveningResult:
    place: int
    result: int | float


@dataclass(frozen=True)
class Evening:
    """One evening: its id and every roster player's result there."""

    id: str
    results: Mapping[str, EveningResult]
    players: int = 0  # how many played (``top``'s default); 0: len(results)


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    place: int
    player_id: str
    player: str
    total: int | float
    evenings: int
    results: tuple[int | float | None, ...]  # per evening, None where absent
    counted: tuple[bool, ...] = field(default=())  # which evenings count (best N)
    wins: int = 0
    tiebreaks: Mapping[str, int | float] = field(default_factory=dict)  # TIEBREAKS' figures

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "place": self.place,
            "player_id": self.player_id,
            "player": self.player,
            "total": self.total,
            "evenings": self.evenings,
            "results": list(self.results),
            "counted": list(self.counted),
            "wins": self.wins,
            "tiebreaks": dict(self.tiebreaks),
        }


def points(evening: Evening, place: int, top: int | None) -> int:
    """Placing points (RULES.md §6a): ``top`` for the winner, one fewer a place, at least 1."""
    first = top if top else (evening.players or len(evening.results))
    return max(first - place + 1, 1)


def season_table(
    evenings: Sequence[Evening],
    *,
    players: Mapping[str, str],
    scoring: str = "sum",
    best_n: int | None = None,
    top: int | None = None,
    seed: int = 0,
) -> list[SeasonRow]:
    """The league table of ``players`` (roster id -> name) over ``evenings``, best first."""
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}; choose sum or placing_points")
    if best_n is not None and best_n < 1:
        raise ValueError("best_n counts at least one evening")
    stats = {p: _player(p, evenings, scoring, best_n, top) for p in players}
    lot = {p: i for i, p in enumerate(lot_order(players, seed))}
    ordered = sorted(players, key=lambda p: (stats[p][0], lot[p]))
    rows, rank, prev = [], 0, None
    for i, p in enumerate(ordered):
        key, total, got, counted, wins, present, figures = stats[p]
        if key != prev:
            rank, prev = i + 1, key
        rows.append(
            SeasonRow(
                rank, i + 1, p, players[p], total, len(present), tuple(got), counted, wins,
                {k: figures[k] for k in TIEBREAKS},
            )
        )  # fmt: skip
    return rows


def _player(
    p: str, evenings: Sequence[Evening], scoring: str, best_n: int | None, top: int | None
) -> tuple:
    """(key, total, results, counted, wins, evenings present, tie-break figures) of a player."""
    got: list[int | float | None] = []
    for evening in evenings:
        r = evening.results.get(p)
        if r is None:
            got.append(None)
        else:
            got.append(points(evening, r.place, top) if scoring != "sum" else r.result)
    present = [i for i, x in enumerate(got) if x is not None]
    best = sorted(present, key=lambda i: (-got[i], i))  # type: ignore[operator]
    kept = set(best[:best_n] if best_n else best)
    total = sum(got[i] for i in kept)  # type: ignore[misc]
    wins = sum(1 for e in evenings if (r := e.results.get(p)) is not None and r.place == 1)
    top_one = max((got[i] for i in present), default=0)  # type: ignore[type-var]
    figures = {"evenings_won": wins, "best_evening": top_one}
    key = (-total, *(-figures[k] for k in TIEBREAKS))
    counted = tuple(i in kept for i in range(len(got)))
    return key, total, got, counted, wins, present, figures
