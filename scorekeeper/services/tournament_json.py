"""A tournament as plain JSON: its settings, entrants, keep-apart pairs and rounds with each
table's seats, result and status (``state``, what ``tournaments.tournament_state`` and the API
answer), and one table's round alone (``one_table``, a table's page).
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..models.tournament import Tournament, TournamentRound, TournamentTable
from ..tournament.standings import tiebreak_keys
from . import league_facts
from .tournament_common import (
    Tables,
    get_round,
    get_table,
    is_league,
    iso,
    load_all_tables,
    load_pairs,
    load_players,
    player_names,
    standings_kind,
    table_result,
)


def state(session: Session, tournament: Tournament, loaded: Tables | None = None) -> dict[str, Any]:
    """The tournament as plain JSON (see services.tournaments.tournament_state)."""
    players = load_players(session, tournament.id)
    names = {p.id: p.name for p in players}
    loaded = loaded or Tables(session).preload(tournament.id)
    rounds = _rounds_json(session, tournament, names, loaded)
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
        "players": [_player_json(p) for p in players],
        "keep_apart": _keep_apart_json(session, tournament, names),
        "rounds": rounds,
    }


def _keep_apart_json(
    session: Session, tournament: Tournament, names: dict[str, str]
) -> list[dict[str, Any]]:
    """The keep-apart pairs, by id and by name."""
    return [
        {
            "id": k.id,
            "player_ids": [k.a_id, k.b_id],
            "players": [names.get(k.a_id, "?"), names.get(k.b_id, "?")],
        }
        for k in load_pairs(session, tournament.id)
    ]


def _rounds_json(
    session: Session, tournament: Tournament, names: dict[str, str], loaded: Tables
) -> list[dict[str, Any]]:
    """Every round with its tables, each table's result as it stands."""
    league = is_league(tournament)
    return [
        round_json(
            rnd, names,
            [table_json(t, table_result(session, t, loaded), names, league) for t in tables],
        )
        for rnd, tables in load_all_tables(session, tournament.id)
    ]  # fmt: skip


def _player_json(p: Any) -> dict[str, Any]:
    """An entrant as ``state`` shows it."""
    return {
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


def one_table(session: Session, tournament: Tournament, number: Any, table: Any) -> dict[str, Any]:
    """Round ``number`` (as ``state`` shows it) holding only its table ``table``, with the names
    of that table's players: what a table's page needs, without scoring the other tables."""
    rnd = get_round(session, tournament, number)
    row = get_table(session, rnd, table)
    names = player_names(session, [*row.player_ids, *rnd.bye_ids])
    result = table_result(session, row)
    return round_json(rnd, names, [table_json(row, result, names, is_league(tournament))])
