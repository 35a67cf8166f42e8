"""The next round's draw for a tournament: who sits where, from the history and the seed.

Gathers the draw's inputs from the database (players still in, how often each pair has met,
byes, kept-apart pairs, the ranking or the season's seeding) and runs the pure
``tournament.draw``; a preview stores nothing (``tournament_rounds`` confirms it with the shown
seed).
"""

from __future__ import annotations

import secrets
from itertools import combinations
from typing import Any

from sqlmodel import Session

from ..models.tournament import Tournament
from ..rules.base import RuleError
from ..tournament import draw as drawing
from ..tournament import league
from . import tournament_common as common
from . import tournament_standings
from .errors import Conflict
from .messages import Msg


def next_round_number(session: Session, tournament: Tournament) -> int:
    rounds = common.load_rounds(session, tournament.id)
    if rounds and rounds[-1].status != "closed":
        raise Conflict(Msg("round.close_first", n=rounds[-1].number), field="round")
    if len(rounds) >= tournament.rounds_planned:
        raise Conflict(Msg("round.all_drawn", n=tournament.rounds_planned), field="round")
    return len(rounds) + 1


def _history(session: Session, tournament: Tournament) -> tuple[dict, list[str]]:
    """How often each pair has met at a table so far, and who has had a bye."""
    history: dict[frozenset[str], int] = {}
    byes: list[str] = []
    for rnd in common.load_rounds(session, tournament.id):
        byes.extend(rnd.bye_ids)
        for table in common.load_tables(session, rnd.id):
            for a, b in combinations(table.player_ids, 2):
                key = frozenset((a, b))
                history[key] = history.get(key, 0) + 1
    return history, byes


def _playing(session: Session, tournament: Tournament, number: int) -> list:
    """The players in this round: not withdrawn before it, and not away for it."""
    return [p for p in common.load_players(session, tournament.id) if _plays(p, number)]


def _plays(player: Any, number: int) -> bool:
    """Whether an entrant plays round ``number``: not withdrawn before it, and not away for it."""
    return (player.withdrawn_after is None or player.withdrawn_after >= number) and (
        number not in (player.absent_rounds or [])  # away this round, not withdrawn
    )


def _method(
    session: Session, tournament: Tournament, number: int, players: list
) -> tuple[str, list[str] | None]:
    """How this round is drawn (random, by the standings, spread by a seeding) and the ranking
    it follows. Two-player games and teams are paired Swiss-style (leaders together) from round
    2; a league's later part is drawn from the results before it (RULES.md §6b); a first round
    may be spread by the season's or the ratings' order."""
    if _spread_first(tournament, number):
        from .tournament_seasons import seeding_order

        return "spread", seeding_order(session, tournament, players)
    if _opens_league_part(tournament, number):
        return "standings", _ranking_now(session, tournament)
    if _swiss(tournament):
        return ("standings" if number > 1 else "random"), _ranking_now(session, tournament)
    return "random", None


def _spread_first(tournament: Tournament, number: int) -> bool:
    """Whether this is a round 1 spread by the season's or the ratings' order."""
    return number == 1 and tournament.seeding in ("season", "rating")


def _swiss(tournament: Tournament) -> bool:
    """Whether rounds after the first pair leaders together: by choice, and always in pairs."""
    return tournament.draw_method == "standings" or tournament.table_size == 2


def _opens_league_part(tournament: Tournament, number: int) -> bool:
    """Whether round ``number`` opens a later part of a league evening (RULES.md §6b)."""
    return common.is_league(tournament) and league.opens_part(
        number, tournament.rounds_planned, tournament.parts
    )


def _ranking_now(session: Session, tournament: Tournament) -> list[str]:
    """The entrant ids in the order of the standings so far."""
    rows = tournament_standings.standings_of(session, tournament)["rows"]
    return [row["player_id"] for row in rows]


def draw_for(session: Session, tournament: Tournament, number: int, seed: int) -> drawing.Draw:
    players = _playing(session, tournament, number)
    history, byes = _history(session, tournament)
    method, ranking = _method(session, tournament, number, players)
    pairs = common.kept_apart(session, tournament.id)
    try:
        return drawing.draw_round(
            players=[p.id for p in players],
            round_no=number,
            seed=seed,
            table_size=tournament.table_size,
            history=history,
            keep_apart=pairs,
            method=method,
            ranking=ranking,
            byes_had=byes,
            # plan the remaining rounds too, so this round does not force repeats later
            rounds_total=tournament.rounds_planned if method == "random" else None,
        )
    except drawing.DrawError as error:
        raise RuleError("players", Msg("round.cannot_seat", n=len(players))) from error


def round_seed(tournament: Tournament, seed: Any) -> int:
    if seed in (None, ""):
        return tournament.seed
    try:
        value = int(seed)
    except (TypeError, ValueError):
        raise RuleError("seed", Msg("round.seed")) from None
    if not 0 <= value < 2**31:
        raise RuleError("seed", Msg("round.seed")) from None
    return value


def preview_draw(*, session: Session, tournament_id: str, seed: Any = None) -> dict[str, Any]:
    """The next round's draw for this seed, stored nowhere: round, seed, repeats, tables, …"""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    number = next_round_number(session, tournament)
    seed = round_seed(tournament, seed)
    result = draw_for(session, tournament, number, seed)
    names = {p.id: p.name for p in common.load_players(session, tournament.id)}
    history, _byes = _history(session, tournament)
    return {
        "round": number,
        "seed": seed,
        "repeats": result.repeats,
        "repeat_pairs": _repeat_pairs(result, history, names),
        "kept_apart_broken": [sorted(names[p] for p in pair) for pair in result.kept_apart_broken],
        "bye": _bye_json(result, names),
        "tables": _tables_json(result, names),
    }


def _repeat_pairs(result: drawing.Draw, history: dict, names: dict[str, str]) -> list[list[str]]:
    """By name, the pairs the draw seats together again."""
    return [
        sorted((names[a], names[b]))
        for t in result.tables
        for a, b in combinations(t, 2)
        if history.get(frozenset((a, b)))
    ]


def _bye_json(result: drawing.Draw, names: dict[str, str]) -> list[dict[str, str]]:
    return [{"player_id": result.bye, "player": names[result.bye]}] if result.bye else []


def _tables_json(result: drawing.Draw, names: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {"table": i, "player_ids": list(t), "players": [names[p] for p in t]}
        for i, t in enumerate(result.tables, start=1)
    ]


def new_seed() -> int:
    """A fresh random seed for a redraw."""
    return secrets.randbelow(1_000_000)
