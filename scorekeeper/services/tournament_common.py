"""Shared plumbing of the tournament services: loading rows, audit, table results.

A table's current result is its match's scores (one figure per side) or, when the organiser typed
the paper sheet's figures, those. It counts only while it equals what was confirmed.

A request that looks at many tables holds a ``Tables``: each match loaded once (one query for the
tournament) and scored once per version. It is passed along explicitly; nothing is cached on the
session.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from sqlmodel import Session, select

from ..models.match import Match
from ..models.tournament import (
    KeepApart,
    Tournament,
    TournamentAudit,
    TournamentPlayer,
    TournamentRound,
    TournamentTable,
)
from ..rules.base import GameRules
from ..rules.registry import get_game
from ..tournament.standings import KINDS
from . import league_facts, matches
from .errors import NotFound
from .messages import Msg


def get_tournament(*, session: Session, tournament_id: str) -> Tournament:
    """The tournament with this id; NotFound otherwise."""
    tournament = session.get(Tournament, tournament_id) if isinstance(tournament_id, str) else None
    if tournament is None:
        raise NotFound(Msg("tournament.not_found"), field="id")
    return tournament


def tournaments_of(session: Session, organiser_id: int, opened: list[str]) -> list[Tournament]:
    """The organiser's tournaments and those opened with their organiser link, newest first."""
    rows = session.exec(
        select(Tournament)
        .where((Tournament.organiser_id == organiser_id) | Tournament.id.in_(opened))
        .order_by(Tournament.created_at.desc())
    )
    return list(rows)


def game_of(tournament: Tournament) -> GameRules:
    """The tournament's game object: what the tournament asks of its game, it asks this."""
    return get_game(tournament.game, tournament.preset)


def is_team_game(tournament: Tournament) -> bool:
    """Entrants are fixed teams of two (Marianna with four at a table)."""
    return game_of(tournament).plays_in_teams(tournament.options)


def standings_kind(tournament: Tournament) -> str:
    """How ``tournament.standings`` ranks it: marias, marianna (teams) or twoplayer; a league
    evening (RULES.md §6b) ranks as ``league`` whatever its game."""
    if is_league(tournament):
        return "league"
    return game_of(tournament).tournament.standings_kind(tournament.options)


def is_league(tournament: Tournament) -> bool:
    """A league evening (RULES.md §6b): parts, SB = ZB + PB, BP."""
    return getattr(tournament, "format", "standard") == "league"


def needs_winner(tournament: Tournament) -> bool:
    """Whether a table's winner counts (pairs), not only its figures (places by balance)."""
    return KINDS[standings_kind(tournament)].by_winner


def load_players(session: Session, tournament_id: str) -> list[TournamentPlayer]:
    """Entrants in entry order."""
    return list(
        session.exec(
            select(TournamentPlayer)
            .where(TournamentPlayer.tournament_id == tournament_id)
            .order_by(TournamentPlayer.position, TournamentPlayer.created_at)
        )
    )


def load_rounds(session: Session, tournament_id: str) -> list[TournamentRound]:
    """Rounds in order."""
    return list(
        session.exec(
            select(TournamentRound)
            .where(TournamentRound.tournament_id == tournament_id)
            .order_by(TournamentRound.number)
        )
    )


class Tables:
    """The matches of the tables one request looks at, each loaded and scored once."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.matches: dict[str, Match] = {}  # strong references: no reload per table
        self.states: dict[tuple[str, int], dict[str, Any]] = {}

    def preload(self, tournament_id: str) -> Tables:
        """Load every table's match of a tournament in one query."""
        rows = self.session.exec(
            select(Match)
            .join(TournamentTable, TournamentTable.match_id == Match.id)
            .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
            .where(TournamentRound.tournament_id == tournament_id)
        )
        for match in rows:
            self.matches[match.id] = match
        return self

    def match(self, match_id: str) -> Match:
        """The match (NotFound for an unknown id)."""
        found = self.matches.get(match_id)
        if found is None:
            found = self.matches[match_id] = matches.get_match(
                session=self.session, match_id=match_id
            )
        return found

    def state(self, match: Match) -> dict[str, Any]:
        """The match's API.md state, scored once per version."""
        key = (match.id, match.version)
        found = self.states.get(key)
        if found is None:
            found = self.states[key] = matches.match_state(session=self.session, match=match)
        return found


def load_tables(session: Session, round_id: int) -> list[TournamentTable]:
    """A round's tables in order."""
    return list(
        session.exec(
            select(TournamentTable)
            .where(TournamentTable.round_id == round_id)
            .order_by(TournamentTable.number)
        )
    )


def load_all_tables(
    session: Session, tournament_id: str
) -> list[tuple[TournamentRound, list[TournamentTable]]]:
    """Every round with its tables in order: two queries for the whole tournament."""
    rounds = load_rounds(session, tournament_id)
    by_round: dict[int, list[TournamentTable]] = {r.id: [] for r in rounds}  # type: ignore[misc]
    found = session.exec(
        select(TournamentTable)
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .where(TournamentRound.tournament_id == tournament_id)
        .order_by(TournamentTable.round_id, TournamentTable.number)
    )
    for table in found:
        by_round.setdefault(table.round_id, []).append(table)
    return [(r, by_round[r.id]) for r in rounds]  # type: ignore[index]


def load_pairs(session: Session, tournament_id: str) -> list[KeepApart]:
    """Keep-apart pairs."""
    return list(session.exec(select(KeepApart).where(KeepApart.tournament_id == tournament_id)))


def kept_apart(session: Session, tournament_id: str) -> list[frozenset[str]]:
    """The keep-apart pairs, each as the set of its two entrant ids."""
    return [frozenset((k.a_id, k.b_id)) for k in load_pairs(session, tournament_id)]


#: tournament id -> (when, standings fingerprint) reused by polls (tournament_standings); every
#: audited change in this process forgets its tournament's entry at once.
POLL_MARKS: dict[str, tuple[float, str]] = {}


def audit(
    session: Session,
    tournament: Tournament,
    actor: str,
    action: str,
    *,
    round: int | None = None,
    table: int | None = None,
    before: Any = None,
    after: Any = None,
) -> None:
    """Add an audit row (the caller commits)."""
    session.add(
        TournamentAudit(
            tournament_id=tournament.id,
            actor=actor[:120],
            action=action,
            round=round,
            table=table,
            before=before,
            after=after,
        )
    )
    POLL_MARKS.pop(tournament.id, None)


def _closed(session: Session, table: TournamentTable) -> bool:
    rnd = session.get(TournamentRound, table.round_id)  # in the identity map: no query
    return rnd is not None and rnd.status == "closed"


def table_result(
    session: Session, table: TournamentTable, tables: Tables | None = None
) -> dict[str, Any]:
    """Current scores, deal count, status and whether the table's result counts (``tables``:
    the request's loaded matches, when it looks at more than this one)."""
    tables = tables or Tables(session)
    match = tables.match(table.match_id)
    state = tables.state(match)
    scores, source, late = _current_scores(session, table, state)
    confirmed, status = _confirmation(table, scores, state, source)
    winner = _winner(scores, state, from_deals=source == "deals" and not late)
    return {
        "scores": scores,
        "source": source,
        "winner": winner,
        "deals": len(state["deals"]),
        "finished": bool(state.get("finished")),
        "confirmed": confirmed,
        "status": status,
        "confirmed_by": table.confirmed_by,
        "late_deals": late,
        "match": match,
        "state": state,
        # a league evening's premium points per seat (RULES.md §6b), typed or from the deals
        "pb": league_facts.table_pb(
            table.manual_scores, table.manual_pb, state["deals"], len(scores)
        ),
    }


def _current_scores(
    session: Session, table: TournamentTable, state: dict[str, Any]
) -> tuple[list[int], str, bool]:
    """(scores, source, late deals): the typed sheet's figures, else the deals'."""
    if table.manual_scores is not None:
        return list(table.manual_scores), "sheet", False
    scores = list(state["scores"])
    if table.confirmed_scores is not None and _closed(session, table):
        # a closed round's confirmed result stands: deals added later through the table's link
        # (its QR code stays on the table) change it only through the organiser
        return list(table.confirmed_scores), "deals", table.confirmed_scores != scores
    return scores, "deals", False


def _confirmation(
    table: TournamentTable, scores: list[int], state: dict[str, Any], source: str
) -> tuple[bool, str]:
    """(whether the scores are the confirmed ones, the table's status)."""
    if table.confirmed_scores is not None:
        confirmed = table.confirmed_scores == scores
        return confirmed, "confirmed" if confirmed else "changed"
    return False, "unconfirmed" if (state["deals"] or source == "sheet") else "waiting"


def _winner(scores: list[int], state: dict[str, Any], *, from_deals: bool) -> int | None:
    """A two-sided table's winner: the match's own where its deals decide, else the side with
    the higher score."""
    if from_deals and len(scores) == 2 and state.get("winner") is not None:
        return state["winner"]
    return _higher(scores)


def _higher(scores: list[int]) -> int | None:
    """The side with the higher of two scores; None for a tie or other than two sides."""
    return int(scores[1] > scores[0]) if len(scores) == 2 and scores[0] != scores[1] else None


def counted_result(
    tables: Tables, table: TournamentTable, *, closed: bool, by_winner: bool
) -> tuple[bool, list[int], int | None]:
    """(confirmed, scores, winner) as ``table_result`` says, without scoring the match where
    the stored figures decide: typed sheets, and a closed round's confirmed figures when no
    winner is needed (``by_winner`` false: places follow the balances)."""
    if table.manual_scores is not None:
        scores = list(table.manual_scores)
        return table.confirmed_scores == scores, scores, _higher(scores)
    if closed and not by_winner and table.confirmed_scores is not None:
        return True, list(table.confirmed_scores), None
    result = table_result(tables.session, table, tables)
    return result["confirmed"], result["scores"], result["winner"]


def needs_matches(tables: list[TournamentTable]) -> bool:
    """Whether any of these tables is scored from its deals (then preload the matches)."""
    return any(t.manual_scores is None for t in tables)


def player_names(session: Session, ids: list[str]) -> dict[str, str]:
    """Entrant id -> name for these ids only (one query)."""
    if not ids:
        return {}
    rows = session.exec(
        select(TournamentPlayer.id, TournamentPlayer.name).where(
            TournamentPlayer.id.in_(ids)  # type: ignore[attr-defined]
        )
    )
    return dict(rows.all())


def iso(moment: Any) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def get_round(session: Session, tournament: Tournament, number: Any) -> TournamentRound:
    """Round ``number`` of the tournament; NotFound otherwise."""
    for rnd in load_rounds(session, tournament.id):
        if str(rnd.number) == str(number):
            return rnd
    raise NotFound(Msg("round.not_found", n=number), field="round")


def get_player(session: Session, tournament_id: str, player_id: str) -> TournamentPlayer:
    """The tournament's entrant with this id; NotFound otherwise."""
    player = session.get(TournamentPlayer, player_id)
    if player is None or player.tournament_id != tournament_id:
        raise NotFound(Msg("player.not_found"), field="player_id")
    return player


def get_table(session: Session, rnd: TournamentRound, number: Any) -> TournamentTable:
    """Table ``number`` of the round; NotFound otherwise."""
    for table in load_tables(session, rnd.id):
        if str(table.number) == str(number):
            return table
    raise NotFound(Msg("table.not_found", n=number, r=rnd.number), field="table")
