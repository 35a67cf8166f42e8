"""Tournament standings (RULES.md §6): confirmed round results in, ranked rows out.

API::

    standings(*, kind, rounds, players, lot_seed, ranking="balance", drop_rounds="none",
              pending=None, tiebreaks=None) -> list[Row]
    standings_json(...same...) -> {"after_round": n, "rows": [Row.to_json(), ...]}   # API.md
    TableResult(players, scores, winner=None)      RoundResult(tables, byes=())
    lot_order(player_ids, lot_seed) -> list[str]

Only **confirmed** results may be passed in; choosing them is the caller's job. A round lists its
tables; ``players`` are ids in seat order (Marianna: team ids) and ``scores`` one figure per seat:

- ``kind="marias"``: the chip balance of each player at the table (zero-sum). ``ranking``:
  ``"balance"`` (default; total balance, higher is better) or ``"placings"`` (place at the table,
  1 = highest balance; players level at a table share the average of their places, e.g. 1.5; the
  lowest sum is best). A table win is a place shared or not at the top, a last place likewise at
  the bottom; a table where everyone is level has neither. Tie-breaks: ``KINDS["marias"]``,
  then the lot.
  A Mariáš bye (should a caller give one) counts a balance of 0, the middle place, no win.
- ``kind="twoplayer"``: match points (or game points) of each of the two players; ``winner`` is
  the seat index of the match winner (default: the higher score; level scores are refused).
  Ranking by match wins, then the tie-breaks of ``KINDS["twoplayer"]``, then the lot. A bye is
  a win plus the round's median points (RULES.md §6 v2: the median of every score at that round's
  tables; with an even number of them the mean of the two middle ones, rounded half up); it adds
  no opponent to Buchholz.
- ``kind="marianna"``: two teams; ``scores`` are their points. Ranking by wins, then the
  tie-breaks of ``KINDS["marianna"]``, then the lot. A bye is a win and a difference of 0 (the
  round's median points for and against are the same figure).

Tie-breaks are data (``tiebreaks.py``): each kind lists RULES.md §6's in order and the further
ones it offers; ``tiebreaks`` (an organiser's ordered choice of them, None: §6's) decides.
``Row.tiebreaks`` holds the chosen ones in that order and the lot, ``Row.figures`` every one the
kind offers, and ``Row.decided_by`` the one that set a row apart from its neighbour with the same
total ("lot" where none did: the rank is shared).

A player with no result yet (no confirmed table, no bye: ``Row.played`` 0) ranks after everyone
with one and never shares a rank with a real 0 (RULES.md §6: never shown with a result of 0).

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
from typing import Any

from . import tiebreaks as tb
from .standings_figures import Stats, gather
from .standings_parts import Kind
from .standings_parts import check as _check
from .standings_parts import drop as _drop
from .standings_parts import num as _num

#: The standings kinds (a game's ``tournament.standings_kind``): what their tables are and their
#: tie-breaks, RULES.md §6's in order (``tiebreaks``) and the further ones an organiser may
#: choose (``more``).
KINDS: dict[str, Kind] = {
    "marias": Kind(
        "marias", seats=(3, 4), zero_sum=True, rankings=("balance", "placings"),
        tiebreaks=("table_wins", "best_round", "last_places"), more=("balance", "placings"),
    ),
    "twoplayer": Kind(
        "twoplayer", seats=(2,), zero_sum=False, rankings=("wins",),
        tiebreaks=("match_points", "buchholz"),
        more=("buchholz_cut1", "sonneborn_berger", "progressive"),
    ),
    "marianna": Kind(
        "marianna", seats=(2,), zero_sum=False, rankings=("wins",), teams=True,
        tiebreaks=("point_difference",), more=("buchholz", "sonneborn_berger", "progressive"),
    ),
    # RULES.md §6b: a league evening's parts and the evening rank by SB = ZB + PB, then ZB
    # (``league.py``); a season of league evenings by BP, then SB, then ZB (``season.py``)
    "league": Kind(
        "league", seats=(3, 4), zero_sum=True, rankings=("sb",), tiebreaks=("zb",),
    ),
    "league_season": Kind(
        "league_season", seats=(), zero_sum=False, rankings=("bp",), tiebreaks=("sb", "zb"),
    ),
}  # fmt: skip
DROP_ROUNDS = ("none", "worst", "best_and_worst")


@dataclass(frozen=True)
class TableResult:
    """One confirmed table: player (or team) ids in seat order and one score per seat."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    winner: int | None = None
    premium: tuple[int, ...] = ()  # league evenings (RULES.md §6b): PB per seat; () none


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
    tiebreaks: Mapping[str, int | float | None] = field(default_factory=dict)
    place: int = 0
    provisional: bool = False
    pending: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()
    decided_by: str | None = None  # the tie-break (or "lot") that set it apart from its neighbour
    played: int = 0  # rounds with a result
    figures: Mapping[str, int | float | None] = field(default_factory=dict)

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
            "decided_by": self.decided_by,
            "played": self.played,
            "figures": dict(self.figures),
        }


def lot_order(player_ids: Iterable[str], lot_seed: int) -> list[str]:
    """The seeded lot: sorted ids shuffled by ``random.Random(lot_seed)``; first is luckiest."""
    ids = sorted(player_ids)
    random.Random(lot_seed).shuffle(ids)
    return ids


def lot_numbers(player_ids: Iterable[str], lot_seed: int) -> dict[str, int]:
    """Each player's place in the lot (:func:`lot_order`), 1 the luckiest."""
    return {p: i + 1 for i, p in enumerate(lot_order(player_ids, lot_seed))}


def tiebreak_keys(kind: str, ranking: str = "balance", tiebreaks: Any = None) -> tuple[str, ...]:
    """The tie-breaks in force for ``kind`` ranked by ``ranking``: the organiser's ordered
    ``tiebreaks`` or RULES.md §6's (ValueError for one the kind does not offer)."""
    spec = _kind(kind, ranking, "none")
    return tb.chosen(spec, _ranking(spec, ranking), tiebreaks)


def offered_tiebreaks(kind: str, ranking: str = "balance") -> tuple[str, ...]:
    """Every tie-break an organiser may choose for ``kind`` ranked by ``ranking``, §6's first."""
    spec = _kind(kind, ranking, "none")
    return tb.offered(spec, _ranking(spec, ranking))


def _ranking(spec: Kind, ranking: str) -> str:
    return ranking if ranking in spec.rankings else spec.rankings[0]


def standings(
    *,
    kind: str,
    rounds: Sequence[RoundResult],
    players: Mapping[str, str],
    lot_seed: int,
    ranking: str = "balance",
    drop_rounds: str = "none",
    pending: Mapping[str, Iterable[int]] | None = None,
    tiebreaks: Sequence[str] | None = None,
) -> list[Row]:
    """Ranked rows for every player in ``players`` (id -> name), best first."""
    spec = _kind(kind, ranking, drop_rounds)
    ranking = _ranking(spec, ranking)
    keys = tb.chosen(spec, ranking, tiebreaks)
    _check(rounds, players, spec)
    placings = ranking == "placings"
    stats = gather(rounds, list(players), zero_sum=spec.zero_sum, placings=placings)
    for s in stats.values():
        _drop(s, drop_rounds, lower_is_better=placings)
    figures = tb.values(tb.offered(spec, ranking), {p: s.ledger for p, s in stats.items()})
    key = _sort_keys(stats, figures, keys, placings)
    lot = lot_numbers(players, lot_seed)
    ordered = sorted(players, key=lambda p: (key[p], lot[p]))
    rows = _Rows(
        players, stats, figures, keys, lot, waiting_rounds(pending), deciding(ordered, key, keys)
    )
    ranks = shared_ranks(ordered, key)
    return [
        rows.row(p, rank, place)
        for place, (p, rank) in enumerate(zip(ordered, ranks, strict=True), 1)
    ]


def _sort_keys(stats: Mapping[str, Stats], figures, keys: Sequence[str], placings: bool) -> dict:
    """Each player's sort key: no result yet last, then the total (best first), then the
    tie-breaks in force."""
    return {
        p: (s.ledger.played == 0, s.total if placings else -s.total, *tb.sort_key(keys, figures[p]))
        for p, s in stats.items()
    }


def waiting_rounds(pending: Mapping[str, Iterable[int]] | None) -> dict[str, tuple[int, ...]]:
    """The rounds each player sits at a table not yet confirmed, for players with any."""
    return {p: tuple(sorted(set(r))) for p, r in (pending or {}).items() if r}


def shared_ranks(ordered: Sequence[str], key: Mapping[str, tuple]) -> list[int]:
    """Each row's rank: rows with the same key share the rank of the first of them."""
    ranks, rank, prev = [], 0, None
    for i, p in enumerate(ordered):
        if key[p] != prev:
            rank, prev = i + 1, key[p]
        ranks.append(rank)
    return ranks


@dataclass(frozen=True)
class _Rows:
    """What the rows are made of: names, what each player gathered and every tie-break figure,
    the tie-breaks in force, the lot, unconfirmed rounds and the deciding tie-breaks."""

    players: Mapping[str, str]
    stats: Mapping[str, Stats]
    figures: Mapping[str, Mapping[str, Any]]
    keys: Sequence[str]
    lot: Mapping[str, int]
    waiting: Mapping[str, tuple[int, ...]]
    decided: Mapping[str, str | None]

    def row(self, p: str, rank: int, place: int) -> Row:
        s, figures = self.stats[p], self.figures[p]
        return Row(
            rank,
            p,
            self.players[p],
            _num(s.total),
            tuple(_num(x) for x in s.rounds),
            {**{k: _num(figures[k]) for k in self.keys}, "lot": self.lot[p]},
            place=place,
            provisional=p in self.waiting,
            pending=self.waiting.get(p, ()),
            dropped=tuple(s.dropped),
            decided_by=self.decided[p],
            played=s.ledger.played,
            figures={k: _num(v) for k, v in figures.items()},
        )


def deciding(ordered: list, key: Mapping[Any, tuple], keys: Sequence[str]) -> dict:
    """Per player: the first tie-break that sets it apart from its neighbour with the same total
    (the one above, else the one below); "lot" where none does; None without such a neighbour."""
    out: dict[Any, str | None] = {}
    for i, p in enumerate(ordered):
        q = _tied_neighbour(ordered, i, key)
        out[p] = None if q is None else _first_difference(keys, key[p][2:], key[q][2:])
    return out


def _tied_neighbour(ordered: list, i: int, key: Mapping[Any, tuple]) -> Any:
    """The row above ``ordered[i]`` with the same total, else the one below; None if neither."""
    near = [ordered[j] for j in (i - 1, i + 1) if 0 <= j < len(ordered)]
    return next((q for q in near if key[q][:2] == key[ordered[i]][:2]), None)


def _first_difference(keys: Sequence[str], mine: tuple, theirs: tuple) -> str:
    """The first of ``keys`` whose figures differ; "lot" if none does."""
    return next((k for k, a, b in zip(keys, mine, theirs, strict=True) if a != b), "lot")


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
    """The API.md standings document: ``{"after_round": n, "tiebreaks": [...], "rows": [...]}``
    (``tiebreaks``: the keys in force, in the order they decide)."""
    rows = standings(**kwargs)
    keys = tiebreak_keys(kwargs["kind"], kwargs.get("ranking", "balance"), kwargs.get("tiebreaks"))
    return {
        "after_round": len(kwargs["rounds"]),
        "tiebreaks": list(keys),
        "rows": [r.to_json() for r in rows],
    }
