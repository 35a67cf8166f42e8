"""Tournament standings (RULES.md §6): confirmed round results in, ranked rows out.

API::

    standings(*, kind, rounds, players, lot_seed, ranking="balance", drop_rounds="none",
              pending=None) -> list[Row]
    standings_json(...same...) -> {"after_round": n, "rows": [Row.to_json(), ...]}   # API.md
    TableResult(players, scores, winner=None)      RoundResult(tables, byes=())
    lot_order(player_ids, lot_seed) -> list[str]

Only **confirmed** results may be passed in; choosing them is the caller's job. A round lists its
tables; ``players`` are ids in seat order (Marianna: team ids) and ``scores`` one figure per seat:

- ``kind="marias"``: the chip balance of each player at the table (zero-sum). ``ranking``:
  ``"balance"`` (default; total balance, higher is better) or ``"placings"`` (place at the table,
  1 = highest balance; players level at a table share the average of their places, e.g. 1.5; the
  lowest sum is best). A table win is a place shared or not at the top, a last place likewise at
  the bottom; a table where everyone is level has neither. Tie-breaks, in order: more table wins,
  best single round (highest balance in one round, in both rankings), fewer last places, the lot.
  A Mariáš bye (should a caller give one) counts a balance of 0, the middle place, no win.
- ``kind="twoplayer"``: match points (or game points) of each of the two players; ``winner`` is
  the seat index of the match winner (default: the higher score; level scores are refused).
  Ranking by match wins, then match points, then Buchholz (the sum of the wins of every opponent
  met; a bye adds nothing), then the lot. A bye is a win plus the round's median points (RULES.md
  §6 v2: the median of every score at that round's tables; with an even number of them the mean of
  the two middle ones, rounded half up).
- ``kind="marianna"``: two teams; ``scores`` are their points. Ranking by wins, then point
  difference, then the lot. A bye is a win and a difference of 0 (the round's median points for
  and against are the same figure).

The lot: sorted ids shuffled by ``random.Random(lot_seed)`` (:func:`lot_order`), so anyone can
re-run it. Rows equal on every criterion but the lot share a ``rank`` ("=3") and stand in lot
order; ``place`` is 1..N with no two alike (prizes and certificates follow it).

``drop_rounds`` (RULES.md §6 v2): ``"worst"`` or ``"best_and_worst"`` leave each player's worst
(and best) round out of ``total`` once the player has more rounds than that to count; a round not
played counts as its worst figure. Mariáš drops by the round's balance (or place); two-player games
and Marianna by the round's win. Tie-breaks still look at every round; ``Row.dropped`` lists the
round numbers left out.

``pending`` maps a player id to the round numbers where the player sits at a table not yet
confirmed: such a row is ``provisional`` (ranked by its confirmed results, marked everywhere).
``Row.rounds`` holds each round's figure, None for a round not played: Mariáš the balance (or the
place, with placings), two-player and Marianna the points scored (``total`` is then the wins).
With placings a round not played counts as the last place at that round's largest table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .standings_parts import Kind, median
from .standings_parts import check as _check
from .standings_parts import drop as _drop
from .standings_parts import num as _num

#: The standings kinds (a game's ``standings_kind``): what their tables are.
KINDS: dict[str, Kind] = {
    "marias": Kind("marias", seats=(3, 4), zero_sum=True, rankings=("balance", "placings")),
    "twoplayer": Kind("twoplayer", seats=(2,), zero_sum=False, rankings=("wins",)),
    "marianna": Kind("marianna", seats=(2,), zero_sum=False, rankings=("wins",), teams=True),
}
DROP_ROUNDS = ("none", "worst", "best_and_worst")


@dataclass(frozen=True)
class TableResult:
    """One confirmed table: player (or team) ids in seat order and one score per seat."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    winner: int | None = None


@dataclass(frozen=True)
class RoundResult:
    """One round's confirmed tables and the ids that had a bye."""

    tables: tuple[TableResult, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Row:
    """One line of the standings, shaped like API.md (``to_json``)."""

    rank: int
    player_id: str
    player: str
    total: int | float
    rounds: tuple[int | float | None, ...]
    tiebreaks: Mapping[str, int | float] = field(default_factory=dict)
    place: int = 0
    provisional: bool = False
    pending: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "place": self.place,
            "provisional": self.provisional,
            "pending_rounds": list(self.pending),
            "dropped_rounds": list(self.dropped),
            "player_id": self.player_id,
            "player": self.player,
            "total": self.total,
            "rounds": list(self.rounds),
            "tiebreaks": dict(self.tiebreaks),
        }


def lot_order(player_ids: Iterable[str], lot_seed: int) -> list[str]:
    """The seeded lot: sorted ids shuffled by ``random.Random(lot_seed)``; first is luckiest."""
    ids = sorted(player_ids)
    random.Random(lot_seed).shuffle(ids)
    return ids


def standings(
    *,
    kind: str,
    rounds: Sequence[RoundResult],
    players: Mapping[str, str],
    lot_seed: int,
    ranking: str = "balance",
    drop_rounds: str = "none",
    pending: Mapping[str, Iterable[int]] | None = None,
) -> list[Row]:
    """Ranked rows for every player in ``players`` (id -> name), best first."""
    spec = _kind(kind, ranking, drop_rounds)
    _check(rounds, players, spec)
    placings = ranking == "placings" and ranking in spec.rankings
    if spec.zero_sum:
        stats = _balances(rounds, list(players), placings=placings)
    else:
        stats = _pairs(rounds, list(players), teams=spec.teams)
    for s in stats.values():
        _drop(s, drop_rounds, lower_is_better=placings)
    lot = {p: i + 1 for i, p in enumerate(lot_order(players, lot_seed))}
    ordered = sorted(players, key=lambda p: (stats[p].key, lot[p]))
    waiting = {p: tuple(sorted(set(r))) for p, r in (pending or {}).items() if r}
    rows, rank, prev = [], 0, None
    for i, p in enumerate(ordered):
        s = stats[p]
        if s.key != prev:
            rank, prev = i + 1, s.key
        rounds_shown = tuple(_num(x) for x in s.rounds)
        tiebreaks = {**s.tiebreaks, "lot": lot[p]}
        rows.append(
            Row(
                rank,
                p,
                players[p],
                _num(s.total),
                rounds_shown,
                tiebreaks,
                place=i + 1,
                provisional=p in waiting,
                pending=waiting.get(p, ()),
                dropped=tuple(s.dropped),
            )
        )
    return rows


def _kind(kind: str, ranking: str, drop_rounds: str) -> Kind:
    """The kind's description, once ``ranking`` and ``drop_rounds`` are known to fit it."""
    if kind not in KINDS:
        raise ValueError(f"unknown tournament kind {kind!r}; choose one of {', '.join(KINDS)}")
    spec = KINDS[kind]
    if len(spec.rankings) > 1 and ranking not in spec.rankings:
        raise ValueError(f"unknown ranking {ranking!r}; choose {' or '.join(spec.rankings)}")
    if drop_rounds not in DROP_ROUNDS:
        raise ValueError(f"unknown drop_rounds {drop_rounds!r}; choose {', '.join(DROP_ROUNDS)}")
    return spec


def standings_json(**kwargs: Any) -> dict[str, Any]:
    """The API.md standings document: ``{"after_round": n, "rows": [...]}``."""
    rows = standings(**kwargs)
    return {"after_round": len(kwargs["rounds"]), "rows": [r.to_json() for r in rows]}


@dataclass
class Stats:
    """What one player has gathered; ``key`` sorts best first (the lot comes after it)."""

    total: Fraction | int = 0
    rounds: list[Any] = field(default_factory=list)
    tiebreaks: dict[str, Any] = field(default_factory=dict)
    key: tuple = ()
    #: what each round adds to ``total`` (a round not played: its worst figure), for dropping
    counts: list[Any] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)


def _balances(rounds: Sequence[RoundResult], ids: list[str], *, placings: bool) -> dict:
    """Balances, places, table wins, best round and last places of every player."""
    st = {p: Stats(tiebreaks={"table_wins": 0, "best_round": None, "last_places": 0}) for p in ids}
    for rnd in rounds:
        _add_round(st, rnd, placings=placings)
        _count_wins_and_lasts(st, rnd)
    for s in st.values():
        tb = s.tiebreaks
        tb["best_round"] = tb["best_round"] or 0
        first = s.total if placings else -s.total
        s.key = (first, -tb["table_wins"], -tb["best_round"], tb["last_places"])
    return st


def _round_places(rnd: RoundResult) -> tuple[dict[str, tuple[int, Fraction]], int]:
    """Each seated player's (balance, place) in the round, byes included, and the widest table."""
    got: dict[str, tuple[int, Fraction]] = {}
    for table in rnd.tables:
        got.update(_table_places(table))
    widest = max((len(t.players) for t in rnd.tables), default=3)
    for p in rnd.byes:
        got[p] = (0, Fraction(widest + 1, 2))
    return got, widest


def _add_round(st: dict[str, Stats], rnd: RoundResult, *, placings: bool) -> None:
    """The round's figure (balance or place) of every player; a round not played: the worst."""
    got, widest = _round_places(rnd)
    for p, s in st.items():
        if p in got:
            balance, place = got[p]
            figure: Any = place if placings else balance
            s.rounds.append(figure)
            best = s.tiebreaks["best_round"]
            s.tiebreaks["best_round"] = balance if best is None else max(balance, best)
        else:
            figure = widest if placings else 0
            s.rounds.append(None)
        s.counts.append(figure)
        s.total += figure


def _count_wins_and_lasts(st: dict[str, Stats], rnd: RoundResult) -> None:
    """A table win at the top, a last place at the bottom; a table all level has neither."""
    for table in rnd.tables:
        if len(set(table.scores)) > 1:
            top, bottom = max(table.scores), min(table.scores)
            for p, x in zip(table.players, table.scores, strict=True):
                st[p].tiebreaks["table_wins"] += x == top
                st[p].tiebreaks["last_places"] += x == bottom


def _table_places(table: TableResult) -> dict[str, tuple[int, Fraction]]:
    """Each player's balance and place at the table; level players share the average place."""
    out = {}
    for p, x in zip(table.players, table.scores, strict=True):
        better = sum(y > x for y in table.scores)
        level = sum(y == x for y in table.scores)
        out[p] = (x, Fraction(2 * better + level + 1, 2))
    return out


def _pairs(rounds: Sequence[RoundResult], ids: list[str], *, teams: bool) -> dict:
    """Wins, points, point difference and Buchholz for two-player games and Marianna teams."""
    st = {p: Stats() for p in ids}
    wins = dict.fromkeys(ids, 0)
    points = dict.fromkeys(ids, 0)
    diff = dict.fromkeys(ids, 0)
    opponents: dict[str, list[str]] = {p: [] for p in ids}
    for rnd in rounds:
        got: dict[str, int] = {}
        won_round: set[str] = set(rnd.byes)
        for t in rnd.tables:
            won = t.winner if t.winner is not None else int(t.scores[1] > t.scores[0])
            for i in (0, 1):
                p, q = t.players[i], t.players[1 - i]
                got[p] = t.scores[i]
                wins[p] += i == won
                if i == won:
                    won_round.add(p)
                diff[p] += t.scores[i] - t.scores[1 - i]
                opponents[p].append(q)
        bye_points = median([x for t in rnd.tables for x in t.scores])
        for p in rnd.byes:
            got[p] = bye_points
            wins[p] += 1
        for p in ids:
            st[p].rounds.append(got.get(p))
            st[p].counts.append(int(p in won_round))
            points[p] += got.get(p, 0)
    for p, s in st.items():
        s.total = wins[p]
        if teams:
            s.tiebreaks = {"point_difference": diff[p]}
            s.key = (-wins[p], -diff[p])
        else:
            buchholz = sum(wins[q] for q in opponents[p])
            s.tiebreaks = {"match_points": points[p], "buchholz": buchholz}
            s.key = (-wins[p], -points[p], -buchholz)
    return st
