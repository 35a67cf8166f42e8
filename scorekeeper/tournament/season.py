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
- ``league`` (RULES.md §6b, a season of league evenings): each evening's BP added up (the
  ``EveningResult.bp`` its key gave; an evening without one, §6a's placing points with top 50);
  ties by SB, then ZB over every evening played (``standings.KINDS["league_season"]``).
- Ties: the tie-breaks of ``TIEBREAKS`` in order (their words: ``metrics.py``); rows still equal
  share a ``rank`` and the season's seeded lot orders them, so ``place`` is 1..N with no two
  alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import tiebreaks as tb
from .league_tables import TOP, placing_points
from .standings import KINDS, lot_order, shared_ranks

SCORINGS = ("sum", "placing_points")
#: The season's tie-breaks in order (RULES.md §6a), each higher is better: evenings won (place 1),
#: then the best single evening's figure. The one list the key, the rows and the legend follow.
TIEBREAKS = ("evenings_won", "best_evening")
#: A season of league evenings (RULES.md §6b): ranked by BP, its tie-breaks SB, then ZB.
LEAGUE = "league"
LEAGUE_TIEBREAKS = KINDS["league_season"].tiebreaks


def tiebreaks_of(scoring: str) -> tuple[str, ...]:
    """The tie-breaks in order of a season scored by ``scoring``."""
    return LEAGUE_TIEBREAKS if scoring == LEAGUE else TIEBREAKS


@dataclass(frozen=True)
class EveningResult:
    place: int
    result: int | float
    bp: int | None = None  # a league evening (RULES.md §6b): its placing points, ZB and SB
    zb: int = 0
    sb: int = 0


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
    _check(scoring, best_n)
    stats = {p: _player(p, evenings, scoring, best_n, top) for p in players}
    lot = {p: i for i, p in enumerate(lot_order(players, seed))}
    ordered = sorted(players, key=lambda p: (stats[p].key, lot[p]))
    ranks = shared_ranks(ordered, {p: stats[p].key for p in ordered})
    keys = tiebreaks_of(scoring)
    return [
        stats[p].row(rank, place, p, players[p], keys)
        for place, (p, rank) in enumerate(zip(ordered, ranks, strict=True), start=1)
    ]


def _check(scoring: str, best_n: int | None) -> None:
    if scoring not in (*SCORINGS, LEAGUE):
        raise ValueError(f"unknown scoring {scoring!r}; choose sum or placing_points")
    if best_n is not None and best_n < 1:
        raise ValueError("best_n counts at least one evening")


@dataclass(frozen=True)
class _Season:
    """One player's season: the sort key, the total, each evening's result (None: absent),
    which evenings count, evenings won, the evenings present and the tie-break figures."""

    key: tuple
    total: int | float
    got: list[int | float | None]
    counted: tuple[bool, ...]
    wins: int
    present: list[int]
    figures: dict[str, Any]

    def row(self, rank: int, place: int, p: str, name: str, keys: Sequence[str]) -> SeasonRow:
        return SeasonRow(
            rank, place, p, name, self.total, len(self.present), tuple(self.got), self.counted,
            self.wins, {k: self.figures[k] for k in keys},
        )  # fmt: skip


def _player(
    p: str, evenings: Sequence[Evening], scoring: str, best_n: int | None, top: int | None
) -> _Season:
    """What player ``p`` made of the season."""
    got = [_result(e, e.results.get(p), scoring, top) for e in evenings]
    present = _present(got)
    kept, total = _best(got, present, best_n)
    wins = _wins(p, evenings)
    figures = _figures(p, evenings, scoring, wins, got)
    counted = tuple(i in kept for i in range(len(got)))
    return _Season(_sort_key(total, figures, scoring), total, got, counted, wins, present, figures)


def _present(got: list[int | float | None]) -> list[int]:
    """The evenings (their indexes) with a result."""
    return [i for i, x in enumerate(got) if x is not None]


def _result(evening: Evening, r: EveningResult | None, scoring: str, top: int | None):
    """What an evening adds for a player there (None: absent)."""
    if r is None:
        return None
    if scoring == LEAGUE:
        return placing_points(r.place, TOP) if r.bp is None else r.bp
    return points(evening, r.place, top) if scoring != "sum" else r.result


def _best(got: list, present: list[int], best_n: int | None) -> tuple[set[int], int | float]:
    """The evenings that count (the best ``best_n``, the earlier among equals; all without
    it) and their total."""
    best = sorted(present, key=lambda i: (-got[i], i))
    kept = set(best[:best_n] if best_n else best)
    return kept, sum(got[i] for i in kept)


def _wins(p: str, evenings: Sequence[Evening]) -> int:
    """The evenings ``p`` won (place 1)."""
    return sum(1 for r in _played(p, evenings) if r.place == 1)


def _figures(p: str, evenings: Sequence[Evening], scoring: str, wins: int, got: list) -> dict:
    """The tie-break figures of a player's season (``got``: each evening's result)."""
    if scoring == LEAGUE:
        return _league_figures(p, evenings)
    best_evening = max((x for x in got if x is not None), default=0)
    return {"evenings_won": wins, "best_evening": best_evening}


def _sort_key(total: int | float, figures: Mapping[str, Any], scoring: str) -> tuple:
    """Best first: the highest total, then the tie-breaks in order."""
    keys = tiebreaks_of(scoring)
    if scoring == LEAGUE:
        return (-total, *tb.sort_key(keys, figures))
    return (-total, *(-figures[k] for k in keys))


def _played(p: str, evenings: Sequence[Evening]) -> list[EveningResult]:
    """``p``'s results at the evenings it played."""
    return [r for e in evenings if (r := e.results.get(p)) is not None]


def _league_figures(p: str, evenings: Sequence[Evening]) -> dict[str, Any]:
    """SB and ZB over every league evening ``p`` played (RULES.md §6b), through the tie-breaks'
    own computation (``tiebreaks.py``): ZB as balances, SB − ZB as the premium points."""
    played = _played(p, evenings)
    ledger = tb.Ledger(balances=[r.zb for r in played], premium=sum(r.sb - r.zb for r in played))
    return {k: tb.TIEBREAKS[k].compute(ledger, {p: ledger}) for k in LEAGUE_TIEBREAKS}
