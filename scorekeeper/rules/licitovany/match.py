"""A licitovaný match deal by deal (docs/rules.md §4 "The end of a match", §4a): the running
state, the next deal, the totals.

A match is scored as Czech Mariáš scores one: balances in units, the end after ``deals`` deals,
at ``chip_target`` or at the table's *Finish*, a shared top balance playing another round (no
draws; a tournament table stops instead). That logic is Mariáš's own (``marias._End``, its
``start`` and ``totals``), reused here on the same state. The state adds ``pb``: each seat's
premium points, which never move a balance; ``totals`` hands them out as ``extra["pb"]`` for the
league ranking (docs/rules.md §6b).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import DealScore, InvalidDeal, InvalidOptions, MatchFinished, MatchScore, State
from ..marias import GAME as MARIAS
from ..marias import _End
from ..messages import Msg
from .options import LicitovanyOptions
from .parse import parse_record
from .record import LicitRecord
from .settle import settle


def check_players(n_players: int) -> None:
    """Three at the table, or four with the dealer sitting out."""
    if n_players not in (3, 4):
        raise InvalidOptions("players", Msg("marias.players", n=n_players))


def _fits_table(record: LicitRecord, n_players: int) -> bool:
    """Every seat the record names is at the table, and it has premium points for each seat."""
    seats = [record.declarer, record.renonc or 0, record.dealer or 0]
    return max(seats) < n_players and (record.pb is None or len(record.pb) == n_players)


def _check_seats(record: LicitRecord, n_players: int, n: int) -> None:
    """A record parsed for another table size must not slip through (e.g. 3 -> 4 players)."""
    if not _fits_table(record, n_players):
        raise InvalidDeal("declarer", Msg("marias.wrong_table", n=n_players), deal=n)
    if n_players == 4 and record.dealer in (None, record.declarer, record.renonc):
        raise InvalidDeal("dealer", Msg("marias.four_dealer"), deal=n)


def _record(options: LicitovanyOptions, record: Any, n_players: int, n: int) -> LicitRecord:
    """The deal's record, parsed (a JSON record) or checked against the table (a parsed one)."""
    if isinstance(record, LicitRecord):
        _check_seats(record, n_players, n)
        return record
    try:
        return parse_record(record, options, n_players)
    except InvalidDeal as exc:
        raise InvalidDeal(exc.errors, deal=n) from None


def start(options: LicitovanyOptions, n_players: int) -> State:
    """No deals yet: Mariáš's start (every balance 0, the end not due), no premium points."""
    state = MARIAS.start(options, n_players)  # type: ignore[arg-type]
    state["pb"] = [0] * n_players
    return state


def _open_ended(options: LicitovanyOptions) -> bool:
    """An open session with no target never ends by itself: no end to ask after a deal."""
    o = options
    return o.deals is None and o.finished_after is None and o.chip_target is None


def _check_not_over(state: State, n: int) -> None:
    """No deal after the match ended (a winner, or a shared top balance where there are no
    extra rounds)."""
    if state["winner"] is not None or state["shared"]:
        raise MatchFinished("deal", Msg("marias.ended", n=state["over_at"]), deal=n)


def _pb_after(pb: list[int], record: LicitRecord) -> list[int]:
    """Each seat's premium points after this deal."""
    if record.pb is None:
        return pb
    return [t + p for t, p in zip(pb, record.pb, strict=True)]


def _end_after(
    options: LicitovanyOptions, n_players: int, new: State, n: int, deal: DealScore
) -> DealScore:
    """Mariáš's end of a match after deal n: ``new`` gets its state, the deal a line when
    there is something to say (the end, an extra round)."""
    end = _End(options, n_players, new)  # type: ignore[arg-type]
    line = end.after(n, new["totals"])
    new.update(end.state())
    if not line:
        return deal
    return replace(deal, explanation=deal.explanation + (line,))


def step(options: LicitovanyOptions, state: State, record: Any) -> tuple[State, DealScore]:
    """Settle the next deal; the new state (``state`` is left as it was) and the deal's score.
    InvalidDeal / MatchFinished carry the deal's number."""
    n, n_players = state["n"] + 1, state["players"]
    _check_not_over(state, n)
    record = _record(options, record, n_players, n)
    deal = settle(record, options, n_players)
    new = dict(state)
    new["n"] = n
    new["totals"] = [t + d for t, d in zip(state["totals"], deal.delta, strict=True)]
    new["pb"] = _pb_after(state["pb"], record)
    if new["extra_round_from"] is not None or not _open_ended(options):
        deal = _end_after(options, n_players, new, n, deal)
    return new, deal


def totals(options: LicitovanyOptions, state: State) -> MatchScore:
    """Mariáš's totals (balances, the end, an extra round due) and the premium points."""
    end = MARIAS.totals(options, state)  # type: ignore[arg-type]
    return replace(end, extra=dict(end.extra, pb=list(state["pb"])))
