"""What a league evening (RULES.md §6b) says of itself: its settings as the state shows them,
and a table's premium points (PB, §4a), typed with its figures or recorded deal by deal.

A table whose figures the organiser typed from the paper sheet has the PB typed with them
(``TournamentTable.manual_pb``; none typed: 0 each). Otherwise each deal record may carry
``pb``, the premium points each seat earned in that deal as the scorer wrote them; the table's
PB are their sums. The record's ``pb`` is read as the API describes it (a list of whole numbers
≥ 0, one per seat), whichever game recorded it: a game that records none gives 0 each. Nothing
here changes a chip balance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..tournament import league


def _figures(value: Any, seats: int) -> list[int] | None:
    """``value`` as PB per seat, or None when it is not one whole number ≥ 0 per seat."""
    if not isinstance(value, list | tuple) or len(value) != seats:
        return None
    if not all(_whole(x) for x in value):
        return None
    return list(value)


def _whole(x: Any) -> bool:
    """Whether ``x`` is a whole number ≥ 0 (a bool is not one)."""
    return not isinstance(x, bool) and isinstance(x, int) and x >= 0


def deals_pb(records: Iterable[Mapping[str, Any]], seats: int) -> list[int]:
    """The PB of every deal record added up per seat (a record without ``pb``: 0 each)."""
    total = [0] * seats
    for record in records:
        got = _figures(record.get("pb") if isinstance(record, Mapping) else None, seats)
        if got is not None:
            total = [a + b for a, b in zip(total, got, strict=True)]
    return total


def table_pb(manual_scores: Any, manual_pb: Any, deals: Sequence[Mapping[str, Any]], seats: int):
    """A table's PB per seat: typed with its figures, else its deals' (``deals``: the match
    state's deals, each with its ``record``)."""
    if manual_scores is not None:
        return _figures(manual_pb, seats) or [0] * seats
    return deals_pb((d.get("record") or {} for d in deals), seats)


def settings_json(tournament: Any) -> dict[str, Any]:
    """A tournament's format (RULES.md §6b) as its state shows it: ``format``, and for a league
    evening ``parts``, each part's rounds, the PB table and the BP key as loaded."""
    if getattr(tournament, "format", "standard") != "league":
        return {"format": "standard"}
    plan = league.part_plan(tournament.rounds_planned, tournament.parts)
    return {
        "format": "league",
        "parts": tournament.parts,
        "part_rounds": [list(p) for p in plan],
        "pb_table": list(tournament.pb_table or []),
        "bp_key": list(tournament.bp_key or []),
    }
