"""Tournaments: set-up, entrants, keep-apart pairs, state and standings for the pages and API.

Draws, rounds and table results live in ``tournament_rounds`` (re-exported here), the checks of
the set-up fields in ``tournament_setup``. Every change is audited in ``TournamentAudit``; nothing
derived is stored (standings come from the tables' confirmed results through the pure
``tournament.standings``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from sqlmodel import Session, select

from ..models.tournament import (
    Tournament,
    TournamentAudit,
)
from ..rules.base import RuleError
from . import match_setup, tournament_json, tournament_settings, tournament_standings
from . import tournament_common as common
from . import tournament_setup as setup
from .messages import Msg
from .tournament_common import get_tournament
from .tournament_crosstable import crosstable  # noqa: F401  (re-exported)
from .tournament_draw_edits import edit_draw, round_draw  # noqa: F401  (re-exported)
from .tournament_draw_wishes import (  # noqa: F401  (re-exported)
    add_keep_apart,
    remove_keep_apart,
    set_absent,
)
from .tournament_guards import register_guards, table_of_match  # noqa: F401  (re-exported)
from .tournament_league import check_format
from .tournament_players import (  # noqa: F401  (re-exported)
    add_player,
    add_players,
    new_player,
    players_limit,
    prepare_entrants,
    reinstate_player,
    rename_player,
    store_entrants,
    withdraw_player,
)
from .tournament_results import UnusualFigures, confirm_table, set_manual_result  # noqa: F401
from .tournament_rounds import (  # noqa: F401  (the public face of the tournament services)
    cancel_round,
    close_round,
    confirm_round,
    draw_next_round,
    new_seed,
    preview_draw,
    round_seed,
    start_round,
)
from .tournament_setup import (  # noqa: F401  (re-exported)
    DRAW_METHODS,
    DROP_ROUNDS,
    LANGUAGES,
    SEEDINGS,
    game_fields,
)

__all__ = [
    "UnusualFigures",
    "add_keep_apart",
    "cancel_round",
    "add_player",
    "add_players",
    "audit_log",
    "check_table_token",
    "check_token",
    "close_round",
    "confirm_round",
    "confirm_table",
    "create_tournament",
    "crosstable",
    "draw_next_round",
    "edit_draw",
    "get_tournament",
    "preview_draw",
    "remove_keep_apart",
    "rename_player",
    "reinstate_player",
    "round_draw",
    "set_absent",
    "set_manual_result",
    "register_guards",
    "standings",
    "start_round",
    "table_of_match",
    "tournament_state",
    "withdraw_player",
]


def create_tournament(
    *,
    session: Session,
    name: str,
    game: str,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    players: Iterable[str | Mapping[str, Any]] = (),
    rounds: int = 4,
    table_size: int | None = None,
    ranking: str | None = None,
    seed: int | None = None,
    venue: str = "",
    date: str = "",
    round_minutes: int | None = 60,
    deals_per_round: int | None = None,
    stake: str | None = None,
    currency: str | None = None,
    draw_method: str = "random",
    organiser_id: int | None = None,
    drop_rounds: str | None = None,
    seeding: str | None = None,
    language: str | None = None,
    season_id: str | None = None,
    tiebreaks: Any = None,
    fee: Any = None,
    payout: Any = None,
    club_best_n: Any = None,
    format: Any = None,
    parts: Any = None,
) -> Tournament:
    """A new tournament with its first entrants; RuleError (field per input) for bad input."""
    name, venue = setup.checked_texts(name, venue)
    rules = setup.game_rules(game)
    deals_per_round = setup.positive(deals_per_round, "deals_per_round", allow_none=True)
    effective = setup.effective_options(rules, preset, options, deals_per_round)
    preset = preset or rules.default_preset
    stake = match_setup.parse_stake(stake)
    setup.check_player_count(players)
    rounds = setup.positive(rounds, "rounds")
    round_minutes = setup.positive(round_minutes, "round_minutes", allow_none=True)
    table_size, ranking = setup.seating(rules, table_size, ranking)
    setup.check_draw_method(draw_method)
    seed = _lot_seed(seed)
    extras = setup.v2_options(session, drop_rounds, seeding, language, season_id)
    extras |= check_format(
        rules, effective, format=format, parts=parts, rounds=rounds, ranking_by=ranking,
        extras=extras, seeding=seeding,
    )  # fmt: skip
    extras |= tournament_settings.checked(
        rules, effective, ranking, tiebreaks=tiebreaks, fee=fee, payout=payout,
        best_n=club_best_n, kind="league" if extras["format"] == "league" else None,
    )  # fmt: skip
    tournament = Tournament(
        name=name[:200],
        game=game,
        preset=preset,
        options=rules.options_to_json(effective),
        rounds_planned=rounds,
        table_size=table_size,
        ranking=ranking,
        seed=int(seed),
        venue=venue[:200],
        date=(date or "").strip()[:10],
        round_minutes=round_minutes,
        deals_per_round=deals_per_round,
        stake=stake,
        currency=setup.currency_text(currency),
        draw_method=draw_method,
        organiser_id=organiser_id,
        **extras,
    )
    # everything is checked and built first: the write transaction (SQLite's one write lock)
    # is then one short insert, however many players (no deal save waits behind it)
    entrants, roster_entries = _prepare_players(session, tournament, players)
    session.add(tournament)
    session.flush()
    store_entrants(session, entrants, roster_entries)
    common.audit(session, tournament, "organiser", "create", after={"name": tournament.name})
    session.commit()
    session.refresh(tournament)
    return tournament


def _lot_seed(seed: Any) -> int:
    """The given lot seed, checked (``round_seed``), or a fresh one."""
    return new_seed() if seed in (None, "") else round_seed(Tournament(seed=0), seed)


def _prepare_players(
    session: Session, tournament: Tournament, players: Iterable[str | Mapping[str, Any]]
) -> tuple[list[Any], list[Any]]:
    """The first entrants checked and built before anything is written (a refusal names the
    entrant, beside the players' box)."""
    entries = [
        (entry.get("name", ""), entry.get("members"), entry.get("player_id"))
        if isinstance(entry, Mapping)
        else (entry, None, None)
        for entry in players
    ]

    def refusal(index: int, error: RuleError) -> RuleError:
        message = error.errors[0].message
        return RuleError(
            f"players.{index}", Msg("tournament.entrant", n=index + 1, message=message)
        )

    return prepare_entrants(session, tournament, entries, [], refusal)


def check_table_token(table: Mapping[str, Any], token: str | None) -> bool:
    """True when ``token`` opens this table (a table dict of tournament_state)."""
    if not isinstance(token, str) or not token.isascii():  # "é" opens nothing (and is no 500)
        return False
    return bool(token) and secrets.compare_digest(str(table.get("token", "")), token)


def check_token(tournament: Tournament, token: str | None) -> bool:
    """True when ``token`` is the organiser's secret (constant-time compare)."""
    if not isinstance(token, str) or not token.isascii():  # "é" opens nothing (and is no 500)
        return False
    return bool(token) and secrets.compare_digest(tournament.token, token)


def audit_log(*, session: Session, tournament_id: str) -> list[dict[str, Any]]:
    """Every recorded change, oldest first: when, actor, action, round, table, before, after."""
    rows = session.exec(
        select(TournamentAudit)
        .where(TournamentAudit.tournament_id == tournament_id)
        .order_by(TournamentAudit.id)
    ).all()
    return [
        {
            "when": common.iso(r.at),
            "actor": r.actor,
            "action": r.action,
            "round": r.round,
            "table": r.table,
            "before": r.before,
            "after": r.after,
        }
        for r in rows
    ]


def tournament_state(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """The tournament as plain JSON: set-up, entrants, rounds with their tables and results."""
    return tournament_json.state(
        session, get_tournament(session=session, tournament_id=tournament_id)
    )


def standings(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """API.md standings (confirmed tables only) plus "tournament": name, venue, date, …"""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    mark = tournament_standings.fingerprint(session, tournament.id, fresh=True)
    return tournament_standings.cached_standings(session, tournament, mark)


def live(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """What a live page shows: ``state`` (``tournament_state``) and ``standings``, every match
    loaded and scored once for both."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    tables = common.Tables(session).preload(tournament.id)
    mark = tournament_standings.fingerprint(session, tournament.id, fresh=True)
    return {
        "state": tournament_json.state(session, tournament, tables),
        "standings": tournament_standings.cached_standings(
            session, tournament, mark, tables=tables
        ),
    }


def entrant_names(*, session: Session, tournament_id: str) -> dict[str, str]:
    """Every entrant's id -> name (withdrawn ones too), without the rounds and results."""
    return {p.id: p.name for p in common.load_players(session, tournament_id)}


def table_score(tournament: Tournament) -> str:
    """What one figure of a table's result is in this tournament (the game's
    ``tournament.table_score``)."""
    return common.game_of(tournament).tournament.table_score(tournament.options)


def plays_in_teams(tournament: Tournament) -> bool:
    """Whether the entrants are fixed teams of two."""
    return common.is_team_game(tournament)


def tournament_table(
    *, session: Session, tournament_id: str, round: Any, table: Any
) -> dict[str, Any]:
    """One table of a round, as ``tournament_state`` shows it (its round with only this table
    in "tables"), without loading the other tables; NotFound."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    return tournament_json.one_table(session, tournament, round, table)


def standings_etag(*, session: Session, tournament_id: str, fresh: bool = False) -> str:
    """A weak ETag for the standings and live pages: it changes whenever they may change.
    A poll (not ``fresh``) may see a change up to ``FINGERPRINT_TTL`` seconds late."""
    if fresh or not tournament_standings.recent_mark(tournament_id):
        get_tournament(session=session, tournament_id=tournament_id)  # 404 for an unknown id
    mark = tournament_standings.fingerprint(session, tournament_id, fresh=fresh)
    return f'W/"{mark}"'
