"""What the draw leaves out or apart (RULES.md §6): the rounds an entrant sits out without
withdrawing, and the pairs of entrants it seats at different tables. Every change is audited;
each function owns its commit.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..models.tournament import KeepApart, TournamentPlayer
from ..rules.base import RuleError
from . import tournament_common as common
from .errors import Conflict, NotFound
from .messages import Msg
from .tournament_common import get_player, get_tournament, load_rounds


def set_absent(
    *, session: Session, tournament_id: str, player_id: str, rounds: Any, actor: str = "organiser"
) -> TournamentPlayer:
    """The rounds an entrant sits out without withdrawing (absent for round 3, back for round 4):
    their draws leave the entrant out; the list replaces the one before. A round already drawn
    keeps its draw (``Conflict``): change the draw instead, or cancel it and draw again."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = get_player(session, tournament_id, player_id)
    wanted = _round_numbers(rounds, tournament.rounds_planned)
    before = sorted(player.absent_rounds or [])
    _check_undrawn(session, tournament_id, before, wanted)
    player.absent_rounds = wanted or None
    session.add(player)
    common.audit(
        session,
        tournament,
        actor,
        "absent",
        before={"id": player.id, "rounds": before},
        after={"id": player.id, "rounds": wanted},
    )
    session.commit()
    return player


def _check_undrawn(
    session: Session, tournament_id: str, before: list[int], wanted: list[int]
) -> None:
    """Conflict when a round whose absence changes is drawn already (its draw stands)."""
    drawn = {r.number for r in load_rounds(session, tournament_id)}
    touched = sorted((set(before) ^ set(wanted)) & drawn)
    if touched:
        raise Conflict(Msg("player.round_drawn", n=touched[0]), field="rounds")


def _round_numbers(rounds: Any, planned: int) -> list[int]:
    """Round numbers 1…planned, sorted, each once; RuleError("rounds") otherwise."""
    if not isinstance(rounds, list | tuple):
        raise RuleError("rounds", Msg("player.rounds_list"))
    return sorted({_round_number(value, planned) for value in rounds})


def _round_number(value: Any, planned: int) -> int:
    """A round number 1…planned; RuleError("rounds") otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= planned:
        raise RuleError("rounds", Msg("player.rounds_range", n=planned))
    return value


def add_keep_apart(
    *, session: Session, tournament_id: str, a_id: str, b_id: str, actor: str = "organiser"
) -> KeepApart:
    """Ask the draw to seat two entrants at different tables."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    a = get_player(session, tournament_id, a_id)
    b = get_player(session, tournament_id, b_id)
    if a.id == b.id:
        raise RuleError("b_id", Msg("player.two_different"))
    pair = KeepApart(tournament_id=tournament_id, a_id=a.id, b_id=b.id)
    session.add(pair)
    common.audit(session, tournament, actor, "keep_apart", after=[a.name, b.name])
    session.commit()
    return pair


def remove_keep_apart(
    *, session: Session, tournament_id: str, pair_id: int, actor: str = "organiser"
) -> None:
    """Forget a keep-apart pair."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    pair = session.get(KeepApart, pair_id)
    if pair is None or pair.tournament_id != tournament_id:
        raise NotFound(Msg("player.no_pair"), field="pair_id")
    common.audit(session, tournament, actor, "keep_apart_removed", before=[pair.a_id, pair.b_id])
    session.delete(pair)
    session.commit()
