"""Changing a drawn round by hand before it starts: swap two players, move one to another table.

A round that is drawn but not started can still be changed: two players trade seats (a seated
player and the one with the bye too), or one player moves to another table (also a player the
draw left out: a late arrival, or someone back from an absence) as long as every table keeps a
size the game seats (Mariáš 3 or 4; pairs 2). The tables' matches keep their ids and tokens (a
printed ticket's QR code still opens its table) and get the new players; the round's repeat
count and kept-apart pairs are counted again from the earlier rounds. Refused with a reason: a
round that has started (``Conflict``, 409) or a table where deals were already entered; a player
who is not in the draw or the tournament, a table that does not exist, a size the game cannot
seat (``RuleError``, 422). Every change is audited; one commit.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from sqlmodel import Session

from ..models.match import Match
from ..models.tournament import Tournament, TournamentRound, TournamentTable
from ..rules.base import RuleError
from . import match_setup, scoring
from . import tournament_common as common
from .errors import Conflict
from .messages import Msg
from .tournament_rounds import round_answer, seat_order

__all__ = ["edit_draw", "round_draw"]


def edit_draw(
    *,
    session: Session,
    tournament_id: str,
    number: Any,
    swap: Any = None,
    move: Any = None,
    table: Any = None,
    actor: str = "organiser",
) -> dict[str, Any]:
    """Swap two players (``swap``: two entrant ids) or move one (``move``: an entrant id) to
    ``table``; answers the round's new draw (``round_draw``)."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, number)
    if rnd.status != "drawn":
        raise Conflict(Msg("draw.started", n=rnd.number), field="round")
    tables = common.load_tables(session, rnd.id)
    before = [list(t.player_ids) for t in tables]
    bye_before = list(rnd.bye_ids)
    changed = _change(session, tournament, rnd, tables, swap=swap, move=move, table=table)
    _unplayed(session, changed)
    _reseat_all(session, tournament, changed)
    _recount(session, tournament, rnd, tables)
    common.audit(
        session,
        tournament,
        actor,
        "edit_draw",
        round=rnd.number,
        before={"tables": before, "bye": bye_before},
        after={"tables": [list(t.player_ids) for t in tables], "bye": list(rnd.bye_ids)},
    )
    session.commit()
    return round_draw(session=session, tournament_id=tournament.id, number=rnd.number)


def round_draw(*, session: Session, tournament_id: str, number: Any) -> dict[str, Any]:
    """A drawn round as the draw answers it (round, repeats, tables with their players, match
    ids and tokens), plus by name the pairs meeting again (``repeat_pairs``) and the kept-apart
    pairs at one table (``kept_apart_pairs``)."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, number)
    answer = round_answer(session, tournament, rnd)
    names = {p.id: p.name for p in common.load_players(session, tournament.id)}
    history = _history_before(session, tournament, rnd)
    repeats = [p for p in _pairs_at(common.load_tables(session, rnd.id)) if history.get(p)]
    answer["repeat_pairs"] = _named(repeats, names)
    answer["kept_apart_pairs"] = _named(rnd.kept_apart_broken, names)
    return answer


def _named(pairs: Any, names: dict[str, str]) -> list[list[str]]:
    """Each pair of entrant ids as their names in order ("?" for one not found)."""
    return [sorted(names.get(p, "?") for p in pair) for pair in pairs]


def _change(session, tournament, rnd, tables, *, swap, move, table) -> list[TournamentTable]:
    """Either the swap or the move (RuleError for both or neither): the tables it changed."""
    if (swap is None) == (move is None):
        raise RuleError("swap", Msg("draw.swap_or_move"))
    if swap is not None:
        return _swap(session, tournament, rnd, tables, swap)
    return _move(session, tournament, rnd, tables, move, table)


def _ids(value: Any, field: str) -> Any:
    if not isinstance(value, str) or not value:
        raise RuleError(field, Msg("draw.player_id"))
    return value


def _where(tables: list[TournamentTable], player_id: str) -> TournamentTable | None:
    return next((t for t in tables if player_id in t.player_ids), None)


def _swap(session, tournament, rnd, tables, swap) -> list[TournamentTable]:
    """Two players change seats (tables, or a table and the bye)."""
    a, b = _swap_pair(swap)
    ta, tb = _seats(session, rnd, tables, (a, b))
    if ta is not None and ta is tb:
        raise RuleError("swap", Msg("draw.same_table", t=ta.number))
    if ta is None or tb is None:  # one of them has the bye: the other takes it
        return [_swap_bye(session, rnd, (a, ta), (b, tb))]
    ta.player_ids = _replaced(ta.player_ids, a, b)
    tb.player_ids = _replaced(tb.player_ids, b, a)
    return [ta, tb]


def _seats(
    session: Session, rnd: TournamentRound, tables: list[TournamentTable], pids: tuple[str, str]
) -> list[TournamentTable | None]:
    """Each player's table (None: the bye); RuleError for a player the round did not draw."""
    names = common.player_names(session, list(pids))
    found = [_where(tables, pid) for pid in pids]
    for pid, table in zip(pids, found, strict=True):
        if table is None and pid not in rnd.bye_ids:
            raise RuleError("swap", _not_drawn(names.get(pid), rnd.number))
    return found


def _replaced(ids: list[str], old: str, new: str) -> list[str]:
    """The ids with ``old`` replaced by ``new``, in place."""
    return [new if p == old else p for p in ids]


def _without(items: list[Any], item: Any) -> list[Any]:
    return [x for x in items if x != item]


def _swap_pair(swap: Any) -> tuple[str, str]:
    """The two different players a swap names."""
    if not isinstance(swap, list | tuple) or len(swap) != 2:
        raise RuleError("swap", Msg("draw.swap_two"))
    a, b = (_ids(p, "swap") for p in swap)
    if a == b:
        raise RuleError("swap", Msg("player.two_different"))
    return a, b


def _swap_bye(session, rnd, first: tuple, second: tuple) -> TournamentTable:
    """One of two players has the bye: the seated one takes it, the other takes the seat."""
    (seated, table), (off, _none) = (first, second) if first[1] is not None else (second, first)
    table.player_ids = _replaced(table.player_ids, seated, off)
    rnd.bye_ids = _replaced(rnd.bye_ids, off, seated)
    session.add(rnd)
    return table


def _move(session, tournament, rnd, tables, move, number) -> list[TournamentTable]:
    """A player moves to table ``number`` (from another table, the bye, or left out)."""
    pid = _ids(move, "move")
    entrant = _entrant(session, tournament, pid)
    target = _target(tables, number, rnd.number)
    source = _where(tables, pid)
    _check_move(entrant, rnd, target, source)
    _check_sizes(tournament, target, source)
    target.player_ids = [*target.player_ids, pid]
    if source is None:
        _seat_from_outside(session, rnd, entrant)
        return [target]
    source.player_ids = _without(source.player_ids, pid)
    return [source, target]


def _entrant(session: Session, tournament: Tournament, pid: str) -> Any:
    """The tournament's entrant with this id; RuleError("move") otherwise."""
    entrants = common.load_players(session, tournament.id)
    entrant = next((p for p in entrants if p.id == pid), None)
    if entrant is None:
        raise RuleError("move", Msg("player.not_found"))
    return entrant


def _check_move(
    entrant: Any, rnd: TournamentRound, target: TournamentTable, source: TournamentTable | None
) -> None:
    """RuleError for a move to the player's own table, or of a player out of this round."""
    if source is target:
        raise RuleError("table", Msg("draw.sits_there", name=entrant.name, t=target.number))
    if source is None and not _may_join(entrant, rnd):
        raise RuleError("move", _not_drawn(entrant.name, rnd.number))


def _check_sizes(tournament, target: TournamentTable, source: TournamentTable | None) -> None:
    """The target gains a player and the source loses one: both stay sizes a draw makes."""
    allowed = _sizes(tournament)
    if len(target.player_ids) + 1 not in allowed:
        raise RuleError("table", _too_many(target.number, len(target.player_ids) + 1, allowed))
    if source is not None and len(source.player_ids) - 1 not in allowed:
        raise RuleError("move", _too_many(source.number, len(source.player_ids) - 1, allowed))


def _seat_from_outside(session, rnd: TournamentRound, entrant: Any) -> None:
    """A player seated from the bye or from the left-out: no longer on the bye, nor away."""
    if entrant.id in rnd.bye_ids:
        rnd.bye_ids = _without(rnd.bye_ids, entrant.id)
        session.add(rnd)
    if rnd.number in (entrant.absent_rounds or []):  # back after all: no longer away
        entrant.absent_rounds = _without(entrant.absent_rounds, rnd.number) or None
        session.add(entrant)


def _may_join(entrant: Any, rnd: TournamentRound) -> bool:
    """A player the draw left out may be seated: still in the tournament for this round."""
    return entrant.withdrawn_after is None or entrant.withdrawn_after >= rnd.number


def _target(tables: list[TournamentTable], number: Any, round_no: int) -> TournamentTable:
    """The table the move names; RuleError for no table number or no such table."""
    _check_table_number(number)
    found = next((t for t in tables if str(t.number) == str(number).strip()), None)
    if found is None:
        raise RuleError("table", Msg("table.not_found", n=number, r=round_no))
    return found


def _check_table_number(number: Any) -> None:
    if isinstance(number, bool) or not isinstance(number, int | str):
        raise RuleError("table", Msg("draw.table_number"))


def _sizes(tournament: Tournament) -> set[int]:
    """The table sizes a draw of this tournament makes (Mariáš 3 or 4, pairs 2)."""
    return {3, 4} if tournament.table_size == 3 else {tournament.table_size}


def _too_many(table: int, size: int, allowed: set[int]) -> Msg:
    return Msg("draw.table_size", t=table, n=size, sizes=tuple(sorted(allowed)))


def _not_drawn(name: str | None, round_no: int) -> Msg:
    return Msg("draw.not_drawn", name=name or Msg("draw.this_player"), r=round_no)


def _unplayed(session: Session, changed: list[TournamentTable]) -> None:
    """Deals or typed figures at a table fix its players: the change is refused."""
    loaded = common.Tables(session)
    for table in changed:
        if table.manual_scores is not None or common.table_result(session, table, loaded)["deals"]:
            raise Conflict(Msg("draw.table_played", t=table.number), field="table")


def _reseat_all(session: Session, tournament: Tournament, changed: list[TournamentTable]) -> None:
    """Every changed table's match gets its new players."""
    players = {p.id: p for p in common.load_players(session, tournament.id)}
    for table in changed:
        _reseat(session, tournament, table, players)


def _reseat(session: Session, tournament: Tournament, table: TournamentTable, players) -> None:
    """The table's match gets its new players (checked like a new match) and starts afresh."""
    match = session.get(Match, table.match_id)
    checked = match_setup.check(
        game=match.game,
        preset=match.preset,
        players=seat_order(tournament, [players[p] for p in table.player_ids]),
        options=match.options,
        stake=match.stake,
        currency=match.currency,
        title=match.title,
    )
    match.players = checked["players"]
    match.version += 1  # phones showing the table see the change
    scoring.start_running(match)
    session.add(match)
    session.add(table)


def _history_before(session: Session, tournament: Tournament, rnd: TournamentRound) -> dict:
    """How often each pair met in the rounds before ``rnd``."""
    history: dict[frozenset[str], int] = {}
    for other, tables in common.load_all_tables(session, tournament.id):
        if other.number >= rnd.number:
            continue
        for key in _pairs_at(tables):
            history[key] = history.get(key, 0) + 1
    return history


def _pairs_at(tables: list[TournamentTable]) -> list[frozenset[str]]:
    """Every pair of players seated at one table, table by table."""
    return [frozenset(p) for t in tables for p in combinations(t.player_ids, 2)]


def _recount(session, tournament, rnd: TournamentRound, tables: list[TournamentTable]) -> None:
    """The round's repeat meetings and the kept-apart pairs it seats together, counted again."""
    history = _history_before(session, tournament, rnd)
    apart = set(common.kept_apart(session, tournament.id))
    pairs = _pairs_at(tables)
    rnd.repeats = sum(1 for p in pairs if history.get(p))
    rnd.kept_apart_broken = [sorted(p) for p in pairs if p in apart]
    session.add(rnd)
