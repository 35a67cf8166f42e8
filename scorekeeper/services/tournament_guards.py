"""A tournament table's match and its tournament: which table a match plays, and the guards the
tournament hangs on the match services (a closed round's deals are final; a table has no
rematch), registered once per app by ``register_guards``.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, select

from ..models.match import Match
from ..models.tournament import TournamentRound, TournamentTable
from . import match_store, match_write
from .messages import Msg


def _round_of_match(session: Session, match_id: str, *columns: Any) -> Any:
    """``columns`` of the round (and table) whose table is played as this match, or None."""
    return session.exec(
        select(*columns)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentTable.match_id == match_id)
    ).first()


def table_of_match(*, session: Session, match_id: str) -> tuple[str, int, int] | None:
    """(tournament id, round, table) of the tournament table played as this match, or None."""
    row = _round_of_match(
        session, match_id, TournamentRound.tournament_id, TournamentRound.number,
        TournamentTable.number,
    )  # fmt: skip
    return tuple(row) if row else None


# Built once (this guard runs on every deal save): a Core statement (no ORM entities), executed
# with the match id as a parameter on the session's connection.
_round, _table = TournamentRound.__table__, TournamentTable.__table__
_CLOSED_ROUND = (
    sa.select(_round.c.number, _round.c.status)
    .join(_table, _table.c.round_id == _round.c.id)
    .where(_table.c.match_id == sa.bindparam("match_id_"))
)


# The same check as a column of the match row (the append reads it with the match).
_CLOSED_ROUND_OF_MATCH = (
    sa.select(_round.c.number)
    .join(_table, _table.c.round_id == _round.c.id)
    .where(_table.c.match_id == Match.__table__.c.id, _round.c.status == "closed")
    .limit(1)
    .scalar_subquery()
)


def closed_round_guard(session: Session, match_id: str) -> str | None:
    """A table's deals are final once its round is closed (the organiser corrects results)."""
    row = match_store.run(session, _CLOSED_ROUND, {"match_id_": match_id}).first()
    return closed_round_reason(row[0] if row is not None and row[1] == "closed" else None)


def closed_round_reason(number: int | None) -> str | None:
    """Why a match may not change when it is a table of closed round ``number`` (or None)."""
    if number is None:
        return None
    return Msg("match.round_closed", n=number)


def no_rematch_guard(session: Session, match_id: str) -> str | None:
    """A tournament table's match has no rematch: its players' next match comes from the draw
    (a rematch of a table would open a match whose deals never reach the tournament)."""
    if _round_of_match(session, match_id, TournamentRound.number) is None:
        return None
    return Msg("match.table_no_rematch")


def register_guards() -> None:
    """Hang the tournament's guards on the match services (``create_app`` calls this once per
    app; calling it again adds nothing): a closed round's deals are final, a table has no
    rematch."""
    if closed_round_guard not in match_write.GUARDS:
        match_write.GUARDS.append(closed_round_guard)
    match_write.FOLDED[closed_round_guard] = (_CLOSED_ROUND_OF_MATCH, closed_round_reason)
    if no_rematch_guard not in match_write.REMATCH_GUARDS:
        match_write.REMATCH_GUARDS.append(no_rematch_guard)
