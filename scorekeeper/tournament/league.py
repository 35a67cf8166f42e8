"""League evenings (RULES.md §6b): an evening in parts, ranked by SB = ZB + PB, with BP. Pure.

API::

    part_plan(rounds, parts) -> tuple[tuple[int, ...], ...]    # round numbers of each part
    part_of(round_no, rounds, parts) -> int                    # 1-based
    opens_part(round_no, rounds, parts) -> bool                # the first round of part 2, 3, …
    league_standings(*, rounds, parts, players, lot_seed, key=None, pending=None,
                     tiebreaks=None) -> list[LeagueRow]
    league_json(...same...) -> {"after_round", "format": "league", "tiebreaks", "parts",
                                "bp_source", "rows"}

- **Parts**: ``rounds`` planned rounds split into ``parts`` parts as evenly as they go, the
  earlier parts taking the extra round (5 rounds in 2 parts: rounds 1–3 and 4–5). Part 1 is
  seeded by the season standings (RULES.md §6 round-1 seeding); the first round of each later
  part is drawn by the evening's standings so far (the draw's seeding by standings: leaders
  together, no repeat opponents as far as the field allows).
- **ZB** is a player's chip balance in units (the tables' confirmed figures, zero-sum), **PB**
  the premium points recorded at those tables (``TableResult.premium``, one figure per seat),
  **SB** = ZB + PB. Each part ranks by its SB, ties by higher ZB (``standings.KINDS["league"]``,
  the one list the legend says), then the seeded lot; the evening ranks by the sum of SB over its
  parts, ties the same way.
- **BP** by the evening's distinct place: the league's key for the number of players with a
  result (``league_tables.BPKey``), else §6a's placing points with top 50 (``bp_source``:
  ``"key"`` or ``"placing_points"``). A player with no result yet gets none.

A row carries what every standings row carries (rank, place, total = SB, each round's ZB,
tie-breaks and the lot, provisional) plus ``zb``, ``pb``, ``sb``, ``bp`` and ``parts``: each
part's ZB, PB, SB, rank and place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import tiebreaks as tb
from .league_tables import TOP, BPKey, placing_points
from .standings import (
    KINDS,
    RoundResult,
    TableResult,
    deciding,
    lot_numbers,
    shared_ranks,
    waiting_rounds,
)
from .standings_parts import check
from .tiebreaks import Ledger

KIND = KINDS["league"]
RANKING = KIND.rankings[0]  # "sb"
FORMATS = ("standard", "league")
DEFAULT_PARTS = 2


def part_plan(rounds: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """The round numbers of each part: as even as they go, the earlier parts the longer."""
    if parts < 1 or rounds < parts:
        raise ValueError("every part needs at least one round")
    size, extra = divmod(rounds, parts)
    plan, first = [], 1
    for p in range(parts):
        n = size + (p < extra)
        plan.append(tuple(range(first, first + n)))
        first += n
    return tuple(plan)


def part_of(round_no: int, rounds: int, parts: int) -> int:
    """The part (1-based) that round ``round_no`` belongs to."""
    return next(i for i, rs in enumerate(part_plan(rounds, parts), 1) if round_no in rs)


def opens_part(round_no: int, rounds: int, parts: int) -> bool:
    """Whether ``round_no`` is the first round of a part after the first (RULES.md §6b: drawn
    from the results before it)."""
    return round_no > 1 and any(rs[0] == round_no for rs in part_plan(rounds, parts))


@dataclass(frozen=True)
class PartFigures:
    """One player's part: ZB, PB, SB and the part's rank and place (None: no result in it)."""

    zb: int
    pb: int
    sb: int
    rank: int | None
    place: int | None
    played: int

    def to_json(self) -> dict[str, Any]:
        return {
            "zb": self.zb, "pb": self.pb, "sb": self.sb, "rank": self.rank,
            "place": self.place, "played": self.played,
        }  # fmt: skip


@dataclass(frozen=True)
class LeagueRow:
    """One line of a league evening's standings (API.md: a standings row plus ZB, PB, SB, BP)."""

    rank: int
    place: int
    player_id: str
    player: str
    zb: int
    pb: int
    sb: int
    bp: int | None
    parts: tuple[PartFigures, ...]
    rounds: tuple[int | None, ...]  # each round's ZB, None where not played
    tiebreaks: Mapping[str, Any] = field(default_factory=dict)
    decided_by: str | None = None
    played: int = 0
    provisional: bool = False
    pending: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "place": self.place,
            "provisional": self.provisional,
            "pending_rounds": list(self.pending),
            "dropped_rounds": [],
            "player_id": self.player_id,
            "player": self.player,
            "total": self.sb,
            "rounds": list(self.rounds),
            "tiebreaks": dict(self.tiebreaks),
            "decided_by": self.decided_by,
            "played": self.played,
            "figures": {"zb": self.zb, "pb": self.pb, "sb": self.sb},
            "zb": self.zb,
            "pb": self.pb,
            "sb": self.sb,
            "bp": self.bp,
            "parts": [p.to_json() for p in self.parts],
        }


def _ledgers(rounds: Sequence[RoundResult], ids: Iterable[str]) -> dict[str, Ledger]:
    """Each player's balances (ZB per round played), premium points and rounds played."""
    led = {p: Ledger() for p in ids}
    for rnd in rounds:
        _add_round(led, rnd)
    return led


def _add_round(led: Mapping[str, Ledger], rnd: RoundResult) -> None:
    """One round's tables and byes into the ledgers."""
    for table in rnd.tables:
        _add_table(led, table)
    for p in rnd.byes:  # (a Mariáš draw gives none; should a caller: ZB 0, PB 0)
        led[p].balances.append(0)
        led[p].played += 1


def _add_table(led: Mapping[str, Ledger], table: TableResult) -> None:
    """One table's ZB and PB (none: 0) into its players' ledgers."""
    premium = table.premium or (0,) * len(table.players)
    for p, zb, pb in zip(table.players, table.scores, premium, strict=True):
        led[p].balances.append(zb)
        led[p].premium += pb
        led[p].played += 1


def _ranked(
    ledgers: Mapping[str, Ledger], keys: Sequence[str], lot: Mapping[str, int]
) -> tuple[list[str], dict[str, tuple], dict[str, int]]:
    """Players best first by SB, then ``keys``, then the lot; their sort keys and ranks."""
    figures = tb.values(keys, ledgers)
    key = {
        p: (led.played == 0, -tb.TIEBREAKS["sb"].compute(led, ledgers),
            *tb.sort_key(keys, figures[p]))
        for p, led in ledgers.items()
    }  # fmt: skip
    ordered = sorted(ledgers, key=lambda p: (key[p], lot[p]))
    return ordered, key, dict(zip(ordered, shared_ranks(ordered, key), strict=True))


def _check_premium(rounds: Sequence[RoundResult]) -> None:
    for r, rnd in enumerate(rounds, start=1):
        for t, table in enumerate(rnd.tables, start=1):
            if _bad_premium(table):
                raise ValueError(f"round {r}, table {t}: PB are one figure ≥ 0 per seat")


def _bad_premium(table: TableResult) -> bool:
    """Whether a table's PB (if any) are not one figure ≥ 0 per seat."""
    return bool(table.premium) and (
        len(table.premium) != len(table.players) or min(table.premium) < 0
    )


def _bp(place: int, played: int, field_size: int, key: BPKey | None) -> int | None:
    if not played:
        return None
    found = key.points(field_size, place) if key is not None else None
    return placing_points(place, TOP) if found is None else found


def league_standings(
    *,
    rounds: Sequence[RoundResult],
    parts: Sequence[Sequence[int]],
    players: Mapping[str, str],
    lot_seed: int,
    key: BPKey | None = None,
    pending: Mapping[str, Iterable[int]] | None = None,
    tiebreaks: Sequence[str] | None = None,
) -> list[LeagueRow]:
    """Ranked rows for every player in ``players`` (id -> name), best first. ``rounds``: the
    confirmed results of rounds 1, 2, … so far; ``parts``: the round numbers of each part."""
    check(rounds, players, KIND)
    _check_premium(rounds)
    keys = tb.chosen(KIND, RANKING, tiebreaks)
    lot = lot_numbers(players, lot_seed)
    evening = _ledgers(rounds, players)
    ordered, sort_key, ranks = _ranked(evening, keys, lot)
    rows = _EveningRows(
        rounds, players, evening, keys, lot, ranks, key,
        [_part(rounds, numbers, players, keys, lot) for numbers in parts],
        deciding(ordered, sort_key, keys), waiting_rounds(pending),
    )  # fmt: skip
    return [rows.row(p, place) for place, p in enumerate(ordered, start=1)]


@dataclass(frozen=True)
class _EveningRows:
    """What a league evening's rows are made of: the rounds, names and ledgers, the tie-breaks
    in force, the lot and ranks, the BP key, each part's figures, the deciding tie-breaks and
    the rounds not yet confirmed."""

    rounds: Sequence[RoundResult]
    players: Mapping[str, str]
    evening: Mapping[str, Ledger]
    keys: Sequence[str]
    lot: Mapping[str, int]
    ranks: Mapping[str, int]
    key: BPKey | None
    parts: Sequence[Mapping[str, PartFigures]]
    decided: Mapping[str, str | None]
    waiting: Mapping[str, tuple[int, ...]]

    def field_size(self) -> int:
        """How many have a result this evening."""
        return sum(1 for led in self.evening.values() if led.played)

    def row(self, p: str, place: int) -> LeagueRow:
        led = self.evening[p]
        zb = sum(led.balances)
        figures = {k: tb.TIEBREAKS[k].compute(led, self.evening) for k in self.keys}
        return LeagueRow(
            self.ranks[p], place, p, self.players[p], zb, led.premium, zb + led.premium,
            _bp(place, led.played, self.field_size(), self.key),
            tuple(got[p] for got in self.parts),
            _round_figures(self.rounds, p),
            {**figures, "lot": self.lot[p]},
            self.decided[p], led.played, p in self.waiting, self.waiting.get(p, ()),
        )  # fmt: skip


def _part(
    rounds: Sequence[RoundResult],
    numbers: Sequence[int],
    players: Mapping[str, str],
    keys: Sequence[str],
    lot: Mapping[str, int],
) -> dict[str, PartFigures]:
    """Every player's figures in the part made of round ``numbers`` (those played so far)."""
    ledgers = _ledgers([rounds[n - 1] for n in numbers if n <= len(rounds)], players)
    ordered, _key, ranks = _ranked(ledgers, keys, lot)
    return {
        p: _part_figures(ledgers[p], ranks[p], place) for place, p in enumerate(ordered, start=1)
    }


def _part_figures(led: Ledger, rank: int, place: int) -> PartFigures:
    """A player's part: ZB, PB, SB, and rank and place if it has a result in it."""
    zb = sum(led.balances)
    played = led.played > 0
    return PartFigures(
        zb, led.premium, zb + led.premium, rank if played else None, place if played else None,
        led.played,
    )  # fmt: skip


def _round_figures(rounds: Sequence[RoundResult], p: str) -> tuple[int | None, ...]:
    """Each round's ZB of player ``p`` (None: no result in that round)."""
    return tuple(_round_zb(rnd, p) for rnd in rounds)


def _round_zb(rnd: RoundResult, p: str) -> int | None:
    """Player ``p``'s ZB in round ``rnd``: its table's figure, 0 for a bye, else None."""
    return next(
        (x for t in rnd.tables for q, x in zip(t.players, t.scores, strict=True) if q == p),
        0 if p in rnd.byes else None,
    )


def league_json(**kwargs: Any) -> dict[str, Any]:
    """The standings document of a league evening (API.md v3): as ``standings_json`` plus
    ``format``, ``parts`` (each part's round numbers) and ``bp_source``."""
    rows = league_standings(**kwargs)
    return {
        "after_round": len(kwargs["rounds"]),
        "format": "league",
        "tiebreaks": list(tb.chosen(KIND, RANKING, kwargs.get("tiebreaks"))),
        "parts": [list(p) for p in kwargs["parts"]],
        "bp_source": _bp_source(kwargs.get("key"), rows),
        "rows": [r.to_json() for r in rows],
    }


def _bp_source(key: BPKey | None, rows: Sequence[LeagueRow]) -> str:
    """Where the BP came from: the organiser's key if it has a line for this field."""
    field_size = sum(1 for r in rows if r.played)
    keyed = key is not None and key.line_for(field_size) is not None
    return "key" if keyed else "placing_points"
