"""Table results of a tournament: figures typed from the paper sheet, and confirmation.

A table's result counts once confirmed by a second player at the table (with the table's own
token) or by the organiser, and only while it still equals what was confirmed. Every change is
audited (who, when, before, after).

Typed figures go through the game's ``tournament.check_table_figures`` (docs/rules.md §6): what
no play can give is refused (negative points in two-player and team games); what the usual table
cannot give (Mariáš balances of a table of three not alike modulo 3) is ``UnusualFigures``,
stored only when the organiser confirms them (``confirm_figures``).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..models.tournament import Tournament, TournamentTable
from ..rules.base import FieldError, RuleError
from . import matches
from . import tournament_common as common
from .errors import Conflict, Forbidden
from .messages import Msg
from .tournament_league import check_pb

__all__ = ["UnusualFigures", "check_figures", "confirm_table", "set_manual_result"]


class UnusualFigures(RuleError):
    """Figures play gives only in ways the options rule out for this table: the organiser
    confirms them (a page's confirm step; the API's ``"confirm_figures": true``) or corrects."""


def _check_scores(
    tournament: Tournament, table: TournamentTable, scores: Any, confirm_figures: bool = False
) -> list[int]:
    sides = len(table.player_ids)
    if not isinstance(scores, list) or len(scores) != sides:
        raise RuleError("scores", Msg("table.figure_count", n=sides))
    errors = [
        FieldError(f"scores.{i}", Msg("number.whole"))
        for i, v in enumerate(scores)
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10**9
    ]
    if errors:
        raise RuleError(errors)
    if sides == 2 and scores[0] == scores[1]:
        raise RuleError("scores", Msg("table.figures_level"))
    game = common.game_of(tournament)
    if game.zero_sum and sum(scores) != 0:
        raise RuleError("scores", Msg("table.balances_sum", sum=sum(scores)))
    refused, unusual = game.tournament.check_table_figures(tournament.options, scores)
    if refused:
        raise RuleError(refused)
    if unusual and not confirm_figures:
        raise UnusualFigures(unusual)
    return list(scores)


def check_figures(tournament: Any, table: Any, scores: Any) -> list[int]:
    """Stored figures (an import): refused as typed ones are, but unusual figures were
    confirmed when they were stored."""
    return _check_scores(tournament, table, scores, confirm_figures=True)


def set_manual_result(
    *,
    session: Session,
    tournament_id: str,
    round: Any,
    table: Any,
    scores: Any,
    actor: str = "organiser",
    confirm: bool = False,
    confirm_figures: bool = False,
    pb: Any = None,
) -> dict:
    """The organiser types a table's figures from its paper sheet (None clears them);
    ``confirm`` also confirms the table's result, ``confirm_figures`` stores unusual figures.
    ``pb``: a league evening's premium points per seat typed with them (RULES.md §6b; None:
    the table's PB as they stand)."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, round)
    row = common.get_table(session, rnd, table)
    before = common.table_result(session, row)
    premium = check_pb(tournament, len(row.player_ids), pb)
    checked = None if scores is None else _check_scores(tournament, row, scores, confirm_figures)
    if common.is_league(tournament):
        row.manual_pb = None if checked is None else (premium or before["pb"])
    row.manual_scores = checked
    if confirm:
        row.confirmed_scores = row.manual_scores if scores is not None else before["scores"]
        row.confirmed_by = actor[:120]
    session.add(row)
    session.flush()
    after = common.table_result(session, row)
    common.audit(
        session,
        tournament,
        actor,
        "result",
        round=rnd.number,
        table=row.number,
        before=_audited(tournament, before),
        after=_audited(tournament, after),
    )
    session.commit()
    return after


def _audited(tournament: Tournament, result: dict) -> dict:
    """What the audit keeps of a table's result: its figures, confirmed or not, and a league
    table's PB (RULES.md §6b)."""
    kept = {"scores": result["scores"], "confirmed": result["confirmed"]}
    return {**kept, "pb": result["pb"]} if common.is_league(tournament) else kept


def confirm_table(
    *,
    session: Session,
    tournament_id: str,
    round: Any,
    table: Any,
    token: str | None = None,
    organiser: bool = False,
    by: str | None = None,
) -> dict:
    """Confirm a table's current result: its own token (a second player) or the organiser's."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, round)
    row = common.get_table(session, rnd, table)
    current = common.table_result(session, row)
    if not organiser and not matches.check_token(current["match"], token):
        raise Forbidden(Msg("table.wrong_link"), field="token")
    if current["status"] == "waiting":
        raise Conflict(Msg("table.nothing_to_confirm"), field="scores")
    if len(current["scores"]) == 2 and current["winner"] is None:
        raise Conflict(Msg("table.level"), field="scores")
    seats = list(current["match"].players)
    if by and not organiser and by not in seats:
        raise RuleError("by", Msg("table.choose_name"))
    # who confirmed, as the audit names actors ("organiser", "table 2: Jana"; not translated)
    actor = "organiser" if organiser else f"table {row.number}: {(by or '?')[:60]}"
    before = {"scores": row.confirmed_scores, "by": row.confirmed_by}
    row.confirmed_scores, row.confirmed_by = current["scores"], actor
    session.add(row)
    common.audit(
        session,
        tournament,
        actor,
        "confirm",
        round=rnd.number,
        table=row.number,
        before=before,
        after={"scores": current["scores"], "by": actor},
    )
    session.commit()
    return common.table_result(session, row)
