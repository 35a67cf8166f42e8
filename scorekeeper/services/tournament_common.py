"""Shared plumbing of the tournament services: loading rows, audit, table results, state.

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
from ..tournament.standings import KINDS, tiebreak_keys
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
    return game_of(tournament).standings_kind(tournament.options)


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
    if table.manual_scores is not None:
        scores, source = list(table.manual_scores), "sheet"
    else:
        scores, source = list(state["scores"]), "deals"
    late = False
    if table.confirmed_scores is not None and source == "deals" and _closed(session, table):
        # a closed round's confirmed result stands: deals added later through the table's link
        # (its QR code stays on the table) change it only through the organiser
        late = table.confirmed_scores != scores
        scores = list(table.confirmed_scores)
    if table.confirmed_scores is not None:
        confirmed = table.confirmed_scores == scores
        status = "confirmed" if confirmed else "changed"
    else:
        confirmed = False
        status = "unconfirmed" if (state["deals"] or source == "sheet") else "waiting"
    if len(scores) == 2 and source == "deals" and not late and state.get("winner") is not None:
        winner = state["winner"]
    elif len(scores) == 2 and scores[0] != scores[1]:
        winner = int(scores[1] > scores[0])
    else:
        winner = None
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


def counted_result(
    tables: Tables, table: TournamentTable, *, closed: bool, by_winner: bool
) -> tuple[bool, list[int], int | None]:
    """(confirmed, scores, winner) as ``table_result`` says, without scoring the match where
    the stored figures decide: typed sheets, and a closed round's confirmed figures when no
    winner is needed (``by_winner`` false: places follow the balances)."""
    if table.manual_scores is not None:
        scores = list(table.manual_scores)
        winner = int(scores[1] > scores[0]) if len(scores) == 2 and scores[0] != scores[1] else None
        return table.confirmed_scores == scores, scores, winner
    if closed and not by_winner and table.confirmed_scores is not None:
        return True, list(table.confirmed_scores), None
    result = table_result(tables.session, table, tables)
    return result["confirmed"], result["scores"], result["winner"]


def needs_matches(tables: list[TournamentTable]) -> bool:
    """Whether any of these tables is scored from its deals (then preload the matches)."""
    return any(t.manual_scores is None for t in tables)


def state(session: Session, tournament: Tournament, loaded: Tables | None = None) -> dict[str, Any]:
    """The tournament as plain JSON (see services.tournaments.tournament_state)."""
    players = load_players(session, tournament.id)
    names = {p.id: p.name for p in players}
    loaded = loaded or Tables(session).preload(tournament.id)
    league = is_league(tournament)
    rounds = [
        round_json(
            rnd, names,
            [table_json(t, table_result(session, t, loaded), names, league) for t in tables],
        )
        for rnd, tables in load_all_tables(session, tournament.id)
    ]  # fmt: skip
    return {
        "id": tournament.id,
        "name": tournament.name,
        "venue": tournament.venue,
        "date": tournament.date,
        "game": tournament.game,
        "preset": tournament.preset,
        "options": tournament.options,
        "rounds_planned": tournament.rounds_planned,
        "round_minutes": tournament.round_minutes,
        "deals_per_round": tournament.deals_per_round,
        "table_size": tournament.table_size,
        "ranking": tournament.ranking,
        "stake": tournament.stake,
        "currency": tournament.currency,
        "draw_method": tournament.draw_method,
        "seed": tournament.seed,
        "drop_rounds": tournament.drop_rounds,
        "seeding": tournament.seeding,
        "language": tournament.language,
        "season_id": tournament.season_id,
        # the tie-breaks in force, in order (the organiser's choice, else RULES.md §6's)
        "tiebreaks": list(
            tiebreak_keys(standings_kind(tournament), tournament.ranking, tournament.tiebreaks)
        ),
        "fee": tournament.fee,
        "payout": list(tournament.payout or []),
        "club_best_n": tournament.club_best_n,
        **league_facts.settings_json(tournament),
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "active": p.withdrawn_after is None,
                "members": p.members,
                "withdrawn_after": p.withdrawn_after,
                "absent_rounds": list(p.absent_rounds or []),
                "player_id": p.roster_id,
                "categories": list(p.categories or []),
                "club": p.club,
            }
            for p in players
        ],
        "keep_apart": [
            {
                "id": k.id,
                "player_ids": [k.a_id, k.b_id],
                "players": [names.get(k.a_id, "?"), names.get(k.b_id, "?")],
            }
            for k in load_pairs(session, tournament.id)
        ],
        "rounds": rounds,
    }


def table_json(
    table: TournamentTable, result: dict[str, Any], names: dict[str, str], league: bool = False
) -> dict[str, Any]:
    """A table as ``state`` shows it: seats by name, its result and status, its secret token
    (``league``: with its premium points, RULES.md §6b)."""
    return {
        **({"pb": result["pb"]} if league else {}),
        "table": table.number,
        "player_ids": list(table.player_ids),
        "players": [names.get(pid, "?") for pid in table.player_ids],
        "match_id": table.match_id,
        "token": result["match"].token,
        "confirmed": result["confirmed"],
        "scores": result["scores"],
        "status": result["status"],
        "source": result["source"],
        "late_deals": result["late_deals"],
        "deals": result["deals"],
        "confirmed_by": table.confirmed_by,
        "seats": list(result["match"].players),
    }


def round_json(
    rnd: TournamentRound, names: dict[str, str], tables: list[dict[str, Any]]
) -> dict[str, Any]:
    """A round as ``state`` shows it, with the given tables."""
    return {
        "round": rnd.number,
        "status": rnd.status,
        "seed": rnd.seed,
        "repeats": rnd.repeats,
        "kept_apart_broken": rnd.kept_apart_broken,
        "bye": [{"player_id": pid, "player": names.get(pid, "?")} for pid in rnd.bye_ids],
        "started_at": iso(rnd.started_at),
        "ends_at": iso(rnd.ends_at),
        "closed_at": iso(rnd.closed_at),
        "tables": tables,
    }


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


def one_table(session: Session, tournament: Tournament, number: Any, table: Any) -> dict[str, Any]:
    """Round ``number`` (as ``state`` shows it) holding only its table ``table``, with the names
    of that table's players: what a table's page needs, without scoring the other tables."""
    rnd = get_round(session, tournament, number)
    row = get_table(session, rnd, table)
    names = player_names(session, [*row.player_ids, *rnd.bye_ids])
    result = table_result(session, row)
    return round_json(rnd, names, [table_json(row, result, names, is_league(tournament))])


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


def get_table(session: Session, rnd: TournamentRound, number: Any) -> TournamentTable:
    """Table ``number`` of the round; NotFound otherwise."""
    for table in load_tables(session, rnd.id):
        if str(table.number) == str(number):
            return table
    raise NotFound(Msg("table.not_found", n=number, r=rnd.number), field="table")
