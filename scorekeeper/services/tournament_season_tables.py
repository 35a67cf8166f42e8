"""The confirmed tables of a season's evenings, as the ratings replay reads them (RULES.md §6a).

One query reads every table of the asked evenings as columns, in round and table order; the stored
figures decide where they can (typed sheets, a closed Mariáš round's confirmed balances) without
building thousands of objects, else the table's match decides (``tournament_common``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlmodel import Session, select

from ..models.tournament import Tournament, TournamentRound, TournamentTable
from . import tournament_common as common

#: (entrant ids at the table, their scores) of one confirmed table
PlayedTable = tuple[tuple[str, ...], tuple]


class _Figures(NamedTuple):
    """A table's stored figures, enough for ``counted_result`` when they decide."""

    player_ids: list[str]
    manual_scores: list[int] | None
    confirmed_scores: list[int] | None


def confirmed_tables(
    session: Session, evenings: Sequence[Tournament]
) -> dict[str, list[PlayedTable]]:
    """Evening id -> its confirmed tables in round and table order (one query for all)."""
    by_winner = {t.id: common.needs_winner(t) for t in evenings}
    loaded = common.Tables(session)
    found: dict[str, list[PlayedTable]] = {tid: [] for tid in by_winner}
    for tid, status, table_id, figures in _table_rows(session, list(by_winner)):
        closed = status == "closed"
        table = _decisive(session, table_id, figures, closed=closed, by_winner=by_winner[tid])
        confirmed, scores, _w = common.counted_result(
            loaded,
            table,  # type: ignore[arg-type]
            closed=closed,
            by_winner=by_winner[tid],
        )
        if confirmed:
            found[tid].append((tuple(figures.player_ids), tuple(scores)))
    return found


def _table_rows(
    session: Session, tournament_ids: list[str]
) -> list[tuple[str, str, Any, _Figures]]:
    """(evening id, round status, table id, stored figures) of every table, by round and table."""
    rows = session.exec(
        select(
            TournamentRound.tournament_id, TournamentRound.number, TournamentRound.status,
            TournamentTable.number, TournamentTable.id, TournamentTable.player_ids,
            TournamentTable.manual_scores, TournamentTable.confirmed_scores,
        )
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentRound.tournament_id.in_(tournament_ids))  # type: ignore[attr-defined]
    ).all()  # fmt: skip
    return [
        (tid, status, table_id, _Figures(seats, manual, confirmed))
        for tid, _r, status, _n, table_id, seats, manual, confirmed in sorted(
            rows, key=lambda r: (r[1], r[3])
        )
    ]


def _decisive(
    session: Session, table_id: Any, figures: _Figures, *, closed: bool, by_winner: bool
) -> _Figures | TournamentTable | None:
    """The stored figures where they decide the result, else the table (its match decides)."""
    if figures.manual_scores is not None or (
        closed and not by_winner and figures.confirmed_scores is not None
    ):
        return figures
    return session.get(TournamentTable, table_id)
