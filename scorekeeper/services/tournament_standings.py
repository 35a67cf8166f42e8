"""Standings of a tournament: gather confirmed table results and rank them (RULES.md §6).

Only confirmed tables count. The ranking and tie-breaks are the pure ``rules.standings``; this
module only turns rows of the database into its input and its output into API.md JSON.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..models.tournament import Tournament
from ..rules import standings as ranking
from . import tournament_common as common


def kind_of(tournament: Tournament) -> str:
    """The standings kind of ``rules.standings``: marias, marianna (teams) or twoplayer."""
    if tournament.game == "marias":
        return "marias"
    return "marianna" if common.is_team_game(tournament) else "twoplayer"


def round_results(session: Session, tournament: Tournament) -> list[ranking.RoundResult]:
    """Per round up to the last with a confirmed table: its confirmed tables and its byes.

    With table placings a round counts only once every table is confirmed: the ranking charges a
    missing round the worst place, which must not hit players whose table is still playing.
    """
    rounds: list[ranking.RoundResult] = []
    last_counted = 0
    whole_rounds_only = tournament.game == "marias" and tournament.ranking == "placings"
    common.preload_matches(session, tournament.id)
    for rnd in common.load_rounds(session, tournament.id):
        tables, complete = [], True
        for table in common.load_tables(session, rnd.id):
            result = common.table_result(session, table)
            if result["confirmed"]:
                tables.append(
                    ranking.TableResult(
                        players=tuple(table.player_ids),
                        scores=tuple(result["scores"]),
                        winner=result["winner"],
                    )
                )
            else:
                complete = False
        if whole_rounds_only and not complete:
            break
        rounds.append(ranking.RoundResult(tables=tuple(tables), byes=tuple(rnd.bye_ids)))
        if tables:
            last_counted = len(rounds)
    return rounds[:last_counted]


def standings_of(session: Session, tournament: Tournament) -> dict[str, Any]:
    """API.md standings JSON plus "tournament" (name, venue, date, rounds_planned, game)."""
    # an entrant withdrawn before the first round never played: not a row of the standings
    entrants = common.load_players(session, tournament.id)
    players = {p.id: p.name for p in entrants if p.withdrawn_after != 0}
    rounds = round_results(session, tournament)
    document = ranking.standings_json(
        kind=kind_of(tournament),
        rounds=rounds,
        players=players,
        lot_seed=tournament.seed,
        ranking=tournament.ranking if tournament.game == "marias" else "balance",
    )
    document["tournament"] = {
        "id": tournament.id,
        "name": tournament.name,
        "venue": tournament.venue,
        "date": tournament.date,
        "rounds_planned": tournament.rounds_planned,
        "game": tournament.game,
        "ranking": tournament.ranking,
        "stake": tournament.stake,
        "currency": tournament.currency,
        # players who withdrew after playing: still ranked, marked on the sheets
        "withdrawn": [p.id for p in entrants if p.withdrawn_after],
    }
    return document
