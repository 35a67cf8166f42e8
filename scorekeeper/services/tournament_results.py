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
    """The typed figures checked in turn: their form, their totals, the game's own rules."""
    sides = len(table.player_ids)
    _check_form(scores, sides)
    _check_totals(tournament, scores, sides)
    _check_game_rules(tournament, scores, confirm_figures)
    return list(scores)


def _check_form(scores: Any, sides: int) -> None:
    """RuleError unless the figures are a list of one whole number per side."""
    if not isinstance(scores, list) or len(scores) != sides:
        raise RuleError("scores", Msg("table.figure_count", n=sides))
    errors = _figure_errors(scores)
    if errors:
        raise RuleError(errors)


def _figure_errors(scores: list[Any]) -> list[FieldError]:
    """One error per figure that is no whole number within 10**9 either way (nor a bool)."""
    return [
        FieldError(f"scores.{i}", Msg("number.whole"))
        for i, v in enumerate(scores)
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10**9
    ]


def _check_totals(tournament: Tournament, scores: list[int], sides: int) -> None:
    """RuleError for two level figures, or balances (a zero-sum game) that do not add to 0."""
    if sides == 2 and scores[0] == scores[1]:
        raise RuleError("scores", Msg("table.figures_level"))
    if common.game_of(tournament).zero_sum and sum(scores) != 0:
        raise RuleError("scores", Msg("table.balances_sum", sum=sum(scores)))


def _check_game_rules(tournament: Tournament, scores: list[int], confirm_figures: bool) -> None:
    """The game's ``check_table_figures``: RuleError for what no play gives, UnusualFigures
    for what this table's options rule out (unless the organiser confirms them)."""
    game = common.game_of(tournament)
    refused, unusual = game.tournament.check_table_figures(tournament.options, scores)
    if refused:
        raise RuleError(refused)
    if unusual and not confirm_figures:
        raise UnusualFigures(unusual)


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
    _type_figures(tournament, row, checked, premium or before["pb"])
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


def _type_figures(
    tournament: Tournament, row: TournamentTable, checked: list[int] | None, pb: Any
) -> None:
    """Store the typed figures (None clears them) and, at a league evening, their PB."""
    if common.is_league(tournament):
        row.manual_pb = None if checked is None else pb
    row.manual_scores = checked


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
    _check_link(current, token, organiser)
    _check_confirmable(current)
    _check_confirmer(current, by, organiser)
    actor = _confirmer(row, by, organiser)
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


def _check_link(current: dict, token: str | None, organiser: bool) -> None:
    """Forbidden unless the organiser confirms or the token is the table's own."""
    if not organiser and not matches.check_token(current["match"], token):
        raise Forbidden(Msg("table.wrong_link"), field="token")


def _check_confirmable(current: dict) -> None:
    """Conflict for a table with nothing played yet, or two sides level (no winner)."""
    if current["status"] == "waiting":
        raise Conflict(Msg("table.nothing_to_confirm"), field="scores")
    if len(current["scores"]) == 2 and current["winner"] is None:
        raise Conflict(Msg("table.level"), field="scores")


def _check_confirmer(current: dict, by: str | None, organiser: bool) -> None:
    """RuleError when a player confirming names no one seated at the table."""
    if by and not organiser and by not in list(current["match"].players):
        raise RuleError("by", Msg("table.choose_name"))


def _confirmer(row: TournamentTable, by: str | None, organiser: bool) -> str:
    """Who confirmed, as the audit names actors ("organiser", "table 2: Jana"; not translated)."""
    return "organiser" if organiser else f"table {row.number}: {(by or '?')[:60]}"
