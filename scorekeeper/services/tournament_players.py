"""Tournament entrants: register one or a pasted list, fix a typo, withdraw, reinstate.
Marianna entrants are fixed teams of two ("Jana & Ota"). Every change is audited; each function
owns its commit. The rounds an entrant sits out and the keep-apart pairs live in
``tournament_draw_wishes``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from ..limits import NAME_MAX, PLAYERS_PER_TOURNAMENT
from ..models.match import Match
from ..models.season import RosterPlayer
from ..models.tournament import Tournament, TournamentPlayer
from ..rules.base import RuleError
from . import bulk
from . import tournament_common as common
from . import tournament_roster as roster
from .errors import Conflict, NotFound
from .messages import Msg
from .tournament_common import (
    get_player,
    get_tournament,
    is_team_game,
    load_players,
    load_rounds,
)
from .tournament_draw_wishes import add_keep_apart, remove_keep_apart, set_absent

__all__ = [
    "add_keep_apart",
    "add_player",
    "add_players",
    "new_player",
    "prepare_entrants",
    "store_entrants",
    "reinstate_player",
    "remove_keep_apart",
    "rename_player",
    "set_absent",
    "withdraw_player",
]


def players_limit(limit: int) -> Msg:
    """The refusal of a player beyond the tournament's ``limit`` (limits.PLAYERS_PER_TOURNAMENT)."""
    return Msg("player.limit", n=limit)


def _clean_name(name: Any, field: str = "name") -> str:
    """One name, spaces folded; refused (and named) if empty, too long or holding control or
    direction characters (U+200F, U+202E…), as match names are."""
    text = " ".join(str(name or "").split())
    if not text:
        raise RuleError(field, Msg("player.name_missing"))
    if not text.isprintable():
        raise RuleError(field, Msg("player.name_control", name=_printable_part(text)))
    if len(text) > NAME_MAX:
        raise RuleError(field, Msg("player.name_long", name=text, max=NAME_MAX))
    return text


def _printable_part(text: str) -> str:
    """The text with its control and direction characters left out (to show what was meant)."""
    return "".join(c for c in text if c.isprintable())


clean_name = _clean_name  # an import checks stored names the same way


#: One entrant as asked for: (name, members for a team, roster id), any of them as sent.
Entry = tuple[Any, Any, Any]


def prepare_entrants(
    session: Session,
    tournament: Tournament,
    entries: Sequence[Entry],
    existing: Sequence[TournamentPlayer],
    refusal: Callable[[int, RuleError], RuleError],
) -> tuple[list[TournamentPlayer], list[Any]]:
    """New entrants checked and built, and the roster entries they need, without writing
    anything (reads only): a long list is prepared before the write transaction begins, which
    then holds SQLite's write lock for one short insert (no request stalls the tables' deal
    saves). A refused entry raises ``refusal(index, error)``."""
    taken = {p.name.casefold(): p.name for p in existing}
    players: list[TournamentPlayer] = []
    for index, entry in enumerate(entries):
        try:
            name, members = _new_entrant(
                session, tournament, entry, taken, len(existing) + len(players)
            )
        except RuleError as error:
            raise refusal(index, error) from None
        taken[name.casefold()] = name
        players.append(
            TournamentPlayer(
                tournament_id=tournament.id,
                name=name,
                name_key=name.casefold(),
                members=members,
                position=len(existing) + len(players) + 1,
            )
        )
    return players, _roster_entries(session, tournament, players, entries, refusal)


def _new_entrant(
    session: Session, tournament: Tournament, entry: Entry, taken: dict[str, str], count: int
) -> tuple[str, list[str] | None]:
    """An entry's name and members, refused beyond the player limit (``count`` entrants so
    far) and for a name already ``taken`` (casefolded -> as registered)."""
    name, members = _entrant_name(session, tournament, *entry)
    if count >= PLAYERS_PER_TOURNAMENT:
        raise RuleError("name", players_limit(PLAYERS_PER_TOURNAMENT))
    same = taken.get(name.casefold())
    if same is not None:  # named as registered: "petr novák" is "Petr Novák"
        raise RuleError("name", Msg("player.registered", name=same))
    return name, members


def _roster_entries(
    session: Session,
    tournament: Tournament,
    players: list[TournamentPlayer],
    entries: Sequence[Entry],
    refusal: Callable[[int, RuleError], RuleError],
) -> list[Any]:
    """The new roster entries the entrants need (``roster.link_entrants``), refused as the first
    entry's."""
    try:
        return roster.link_entrants(session, tournament, players, [entry[2] for entry in entries])
    except RuleError as error:
        raise refusal(0, error) from None


def _entrant_name(
    session: Session, tournament: Tournament, name: Any, members: Any, roster_id: Any
) -> tuple[str, list[str] | None]:
    """The entrant's checked name, and a team's two members (None for one player)."""
    name = _roster_name(session, name, roster_id)
    if not is_team_game(tournament):
        return _clean_name(name), None
    members = _team_members(name, members)
    return _clean_name(f"{members[0]} & {members[1]}"), members


def _roster_name(session: Session, name: Any, roster_id: Any) -> Any:
    """The name as sent, or the roster player's when named by id only (API.md v2:
    ``{"player_id": "…"}``)."""
    if roster_id and not (isinstance(name, str) and name.strip()):
        try:
            return roster.get_entry(session, str(roster_id)).name
        except NotFound as error:
            raise RuleError("players", error.message) from None
    return name


def _team_members(name: Any, members: Any) -> list[str]:
    """A team's two members checked: as sent, else split from a "Jana & Ota" name."""
    members = _sent_members(name, members)
    if not isinstance(members, list | tuple) or len(members) != 2:
        raise RuleError("members", Msg("player.team"))
    return [_clean_name(m, "members") for m in members]


def _sent_members(name: Any, members: Any) -> Any:
    """The members as sent; none sent, those of a "Jana & Ota" name."""
    if members is None and isinstance(name, str) and "&" in name:
        return name.split("&")
    return members


def store_entrants(session: Session, players: list[TournamentPlayer], entries: list) -> None:
    """Write prepared entrants and their new roster entries (one statement each, their rows
    made first). A name another request registered meanwhile breaks the unique name key:
    refused, nothing written."""
    roster_rows, player_rows = bulk.rows(entries), bulk.rows(players)
    try:
        bulk.insert(session, RosterPlayer, roster_rows)
        bulk.insert(session, TournamentPlayer, player_rows)
    except IntegrityError:
        session.rollback()
        names = ", ".join(p.name for p in players[:3])
        raise RuleError("name", Msg("player.registered", name=names)) from None


def new_player(
    session: Session, tournament: Tournament, name: Any, members: Any, roster_id: Any = None
) -> TournamentPlayer:
    """One new entrant, written (the caller commits)."""

    def refusal(_index: int, error: RuleError) -> RuleError:
        return error

    existing = load_players(session, tournament.id)
    players, entries = prepare_entrants(
        session, tournament, [(name, members, roster_id)], existing, refusal
    )
    store_entrants(session, players, entries)
    return players[0]


def add_player(
    *,
    session: Session,
    tournament_id: str,
    name: str,
    members: list[str] | None = None,
    actor: str = "organiser",
) -> TournamentPlayer:
    """Register one entrant (a late entry once rounds have begun: plays from the next draw)."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = new_player(session, tournament, name, members)
    common.audit(
        session, tournament, actor, "add_player", after={"id": player.id, "name": player.name}
    )
    session.commit()
    return player


def add_players(
    *, session: Session, tournament_id: str, text: str, actor: str = "organiser"
) -> list[TournamentPlayer]:
    """Register a pasted list, one entrant a line; all or nothing (RuleError names the line).
    The whole list is checked before anything is written (``prepare_entrants``)."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    numbered = _pasted_lines(text)

    def refusal(index: int, error: RuleError) -> RuleError:
        line, message = numbered[index][0], error.errors[0].message
        return RuleError("names", Msg("player.line", n=line, message=message))

    existing = load_players(session, tournament.id)
    entries = [(line, None, None) for _number, line in numbered]
    added, roster_entries = prepare_entrants(session, tournament, entries, existing, refusal)
    store_entrants(session, added, roster_entries)
    common.audit(
        session,
        tournament,
        actor,
        "add_players",
        after=[{"id": p.id, "name": p.name} for p in added],
    )
    session.commit()
    return added


def _pasted_lines(text: Any) -> list[tuple[int, str]]:
    """(line number, name) of each line that is not blank; RuleError when all are."""
    numbered = [
        (number, line.strip())
        for number, line in enumerate((text or "").splitlines(), start=1)
        if line.strip()
    ]
    if not numbered:
        raise RuleError("names", Msg("player.none_pasted"))
    return numbered


def rename_player(
    *, session: Session, tournament_id: str, player_id: str, name: str, actor: str = "organiser"
) -> TournamentPlayer:
    """Fix a typo in an entrant's name (teams: "Jana & Ota")."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = get_player(session, tournament_id, player_id)
    before = player.name
    new = _new_name(tournament, player, name)
    _check_name_free(session, player, new)
    player.name = new
    player.name_key = new.casefold()
    session.add(player)
    _rename_in_matches(session, tournament, player)
    common.audit(
        session,
        tournament,
        actor,
        "rename_player",
        before={"name": before},
        after={"id": player.id, "name": new},
    )
    session.commit()
    return player


def _new_name(tournament: Tournament, player: TournamentPlayer, name: Any) -> str:
    """The checked new name; a team's members are set from its "Jana & Ota"."""
    if not is_team_game(tournament):
        return _clean_name(name)
    parts = [_clean_name(m, "name") for m in str(name).split("&")]
    if len(parts) != 2:
        raise RuleError("name", Msg("player.team"))
    player.members = parts
    return f"{parts[0]} & {parts[1]}"


def _check_name_free(session: Session, player: TournamentPlayer, new: str) -> None:
    """RuleError when another entrant of the tournament is registered under the new name."""
    same = next(
        (
            p
            for p in load_players(session, player.tournament_id)
            if p.id != player.id and p.name.casefold() == new.casefold()
        ),
        None,
    )
    if same is not None:
        raise RuleError("name", Msg("player.registered", name=same.name))


def _rename_in_matches(session: Session, tournament: Tournament, player: TournamentPlayer) -> None:
    """The new name reaches every drawn table's match (its page, record and pre-filled sheet)."""
    from .tournament_rounds import seat_order  # the seat order of a draw

    players = {p.id: p for p in load_players(session, tournament.id)}
    players[player.id] = player
    for table in _tables_of(session, tournament, player.id):
        match = session.get(Match, table.match_id)
        if match is not None:
            match.players = seat_order(tournament, [players[p] for p in table.player_ids])
            session.add(match)


def _tables_of(session: Session, tournament: Tournament, player_id: str) -> list[Any]:
    """Every drawn table the entrant sits at, round by round."""
    return [
        table
        for rnd in load_rounds(session, tournament.id)
        for table in common.load_tables(session, rnd.id)
        if player_id in table.player_ids
    ]


def withdraw_player(
    *, session: Session, tournament_id: str, player_id: str, actor: str = "organiser"
) -> TournamentPlayer:
    """Withdraw an entrant from the next round on (rounds already drawn stand)."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = get_player(session, tournament_id, player_id)
    if player.withdrawn_after is not None:
        raise Conflict(Msg("player.withdrawn", name=player.name), field="player_id")
    rounds = load_rounds(session, tournament_id)
    player.withdrawn_after = rounds[-1].number if rounds else 0
    session.add(player)
    common.audit(
        session,
        tournament,
        actor,
        "withdraw",
        after={"id": player.id, "name": player.name, "after_round": player.withdrawn_after},
    )
    session.commit()
    return player


def reinstate_player(
    *, session: Session, tournament_id: str, player_id: str, actor: str = "organiser"
) -> TournamentPlayer:
    """Undo a withdrawal: the entrant is drawn again from the next round."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = get_player(session, tournament_id, player_id)
    player.withdrawn_after = None
    session.add(player)
    common.audit(session, tournament, actor, "reinstate", after={"id": player.id})
    session.commit()
    return player
