"""The club roster: each person once across evenings and seasons (docs/rules.md §6a).

A roster belongs to an organiser account (the pages) or to a season made through the API. An
entrant registered in an evening with an owner is linked to the roster entry of that name (the
oldest, should two people share it) or to a new one; a team (Marianna) is not a person and stays
unlinked. Merging a duplicate points its evenings at the entry kept. A player's page gathers the
evenings played, their places and totals, and the rating (``services.tournament_ratings``).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from ..i18n import collation
from ..models.season import RosterPlayer, Season
from ..models.tournament import Tournament, TournamentPlayer
from ..rules.base import RuleError
from .errors import NotFound
from .messages import Msg


def owner_of(session: Session, tournament: Tournament) -> dict[str, Any] | None:
    """Whose roster an evening's entrants join: its organiser's, else its API season's."""
    if tournament.organiser_id is not None:
        return {"organiser_id": tournament.organiser_id}
    if tournament.season_id:
        return _season_owner(session, tournament.season_id)
    return None


def _season_owner(session: Session, season_id: str) -> dict[str, Any]:
    """A season's roster owner: its organiser's (a season made on the pages), else its own."""
    season = session.get(Season, season_id)
    if season is not None and season.organiser_id is not None:
        return {"organiser_id": season.organiser_id}
    return {"season_id": season_id}


def _entries(session: Session, owner: dict[str, Any]) -> list[RosterPlayer]:
    query = select(RosterPlayer).where(RosterPlayer.merged_into.is_(None))  # type: ignore[union-attr]
    if "organiser_id" in owner:
        query = query.where(RosterPlayer.organiser_id == owner["organiser_id"])
    else:
        query = query.where(RosterPlayer.season_id == owner["season_id"])
    return list(session.exec(query.order_by(RosterPlayer.created_at, RosterPlayer.id)).all())


def roster(session: Session, owner: dict[str, Any]) -> list[RosterPlayer]:
    """Everyone on the roster (merged duplicates left out), in the order of the reader's
    language (ICU collation, as the seating sheet: Czech "Č" after "C", "Ch" after "H")."""
    name_key = collation.sort_key()
    return sorted(_entries(session, owner), key=lambda p: (name_key(p.name), p.id))


def search(session: Session, owner: dict[str, Any], q: str, limit: int = 20) -> list[RosterPlayer]:
    """Roster players whose name holds ``q`` (case-blind), names starting with it first, each
    group in the order of ``roster``."""
    needle = " ".join(str(q or "").split()).casefold()
    found = [p for p in roster(session, owner) if needle in p.name.casefold()]
    found.sort(key=lambda p: not p.name.casefold().startswith(needle))  # stable: keeps the order
    return found[:limit]


def link_entrants(
    session: Session,
    tournament: Tournament,
    players: list[TournamentPlayer],
    roster_ids: list[Any],
) -> list[RosterPlayer]:
    """Give new entrants their roster entries: the one named (``roster_ids``, by position) or
    the entry of that name; the entries still to be made are returned, not written (the roster
    is read once, however long the list)."""
    owner = owner_of(session, tournament)
    if owner is None:
        return []
    by_name = _by_name(session, owner)
    made: list[RosterPlayer] = []
    for player, roster_id in zip(players, roster_ids, strict=True):
        if player.members:
            continue
        if roster_id:
            _link_named(session, player, roster_id, owner)
        else:
            made += _link_by_name(player, by_name, owner)
    return made


def _by_name(session: Session, owner: dict[str, Any]) -> dict[str, RosterPlayer]:
    """The roster's entries by casefolded name; of two with one name, the oldest."""
    by_name: dict[str, RosterPlayer] = {}
    for entry in _entries(session, owner):  # oldest first: the oldest of a name wins
        by_name.setdefault(entry.name.casefold(), entry)
    return by_name


def _link_named(
    session: Session, player: TournamentPlayer, roster_id: Any, owner: dict[str, Any]
) -> None:
    """Link the entrant to the roster entry named by id (RuleError for another's roster)."""
    entry = get_entry(session, str(roster_id))
    if not _owned(entry, owner):
        raise RuleError("players", Msg("roster.not_owned"))
    player.roster_id = _kept(session, entry).id


def _link_by_name(
    player: TournamentPlayer, by_name: dict[str, RosterPlayer], owner: dict[str, Any]
) -> list[RosterPlayer]:
    """Link the entrant to the roster's entry of its name, else to a new entry (returned, to
    be written; ``by_name`` learns it)."""
    entry = by_name.get(player.name.casefold())
    if entry is not None:  # "kamil novotný" typed again is the roster's Kamil Novotný
        player.name = entry.name
        player.roster_id = entry.id
        return []
    entry = by_name[player.name.casefold()] = RosterPlayer(name=player.name, **owner)
    player.roster_id = entry.id
    return [entry]


def _owned(entry: RosterPlayer, owner: dict[str, Any]) -> bool:
    if "organiser_id" in owner:
        return entry.organiser_id == owner["organiser_id"]
    return entry.season_id == owner["season_id"]


def _kept(session: Session, entry: RosterPlayer) -> RosterPlayer:
    """Follow merges to the entry that stands for this person now."""
    seen = set()
    while entry.merged_into and entry.id not in seen:
        seen.add(entry.id)
        entry = session.get(RosterPlayer, entry.merged_into) or entry
    return entry


def get_entry(session: Session, roster_id: str) -> RosterPlayer:
    """A roster entry by id (NotFound otherwise)."""
    entry = session.get(RosterPlayer, roster_id) if isinstance(roster_id, str) else None
    if entry is None:
        raise NotFound(Msg("roster.not_found"), field="player_id")
    return entry


def merge(session: Session, owner: dict[str, Any], keep_id: str, drop_id: str) -> RosterPlayer:
    """Merge a duplicate (``drop_id``) into ``keep_id``: its evenings now count for the kept one."""
    keep, drop = get_entry(session, keep_id), get_entry(session, drop_id)
    if not (_owned(keep, owner) and _owned(drop, owner)):
        raise NotFound(Msg("roster.not_found"), field="player_id")
    keep, drop = _kept(session, keep), _kept(session, drop)
    if keep.id == drop.id:
        raise RuleError("merge", Msg("roster.merge_same"))
    _move_evenings(session, drop, keep)
    drop.merged_into = keep.id
    session.add(drop)
    session.commit()
    return keep


def _move_evenings(session: Session, drop: RosterPlayer, keep: RosterPlayer) -> None:
    """The dropped entry's evenings now count for the kept one."""
    entrants = session.exec(select(TournamentPlayer).where(TournamentPlayer.roster_id == drop.id))
    for entrant in entrants.all():
        entrant.roster_id = keep.id
        session.add(entrant)


def evenings_of(session: Session, roster_id: str) -> list[tuple[Tournament, TournamentPlayer]]:
    """Every evening the person played (merged duplicates included), by date."""
    rows = session.exec(
        select(Tournament, TournamentPlayer)
        .join(TournamentPlayer, TournamentPlayer.tournament_id == Tournament.id)
        .where(TournamentPlayer.roster_id == roster_id)
    ).all()
    return sorted(rows, key=lambda r: (r[0].date or "", r[0].created_at, r[0].id))
