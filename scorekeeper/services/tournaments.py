"""Tournaments: set-up, entrants, keep-apart pairs, state and standings for the pages and API.

Draws, rounds and table results live in ``tournament_rounds`` (re-exported here). Every change is
audited in ``TournamentAudit``; nothing derived is stored (standings come from the tables'
confirmed results through the pure ``tournament.standings``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from sqlmodel import Session, select

from ..limits import PLAYERS_PER_TOURNAMENT
from ..models.season import Season
from ..models.tournament import (
    Tournament,
    TournamentAudit,
)
from ..rules.base import RuleError
from ..rules.registry import GAME_NAMES, get_game
from . import match_setup, tournament_json, tournament_settings, tournament_standings
from . import tournament_common as common
from .messages import Msg
from .tournament_common import get_tournament
from .tournament_crosstable import crosstable  # noqa: F401  (re-exported)
from .tournament_draw_edits import edit_draw, round_draw  # noqa: F401  (re-exported)
from .tournament_guards import register_guards, table_of_match  # noqa: F401  (re-exported)
from .tournament_league import check_format
from .tournament_players import (  # noqa: F401  (re-exported)
    add_keep_apart,
    add_player,
    add_players,
    new_player,
    players_limit,
    prepare_entrants,
    reinstate_player,
    remove_keep_apart,
    rename_player,
    set_absent,
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

DRAW_METHODS = ("random", "standings")
DROP_ROUNDS = ("none", "worst", "best_and_worst")  # RULES.md §6 v2
SEEDINGS = ("random", "season", "rating")  # round 1, RULES.md §6 v2
LANGUAGES = ("cs", "pl", "de", "it", "en")  # API.md v2 "Languages"

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


def _positive(value: Any, field: str, *, allow_none: bool = False) -> int | None:
    if value in (None, "") and allow_none:
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RuleError(field, Msg("number.whole")) from None
    if isinstance(value, bool) or number < 1 or number > 1000:
        raise RuleError(field, Msg("number.from_1_to_1000"))
    return number


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
    name = " ".join(name.split()) if isinstance(name, str) else ""
    if not name:
        raise RuleError("name", Msg("tournament.name_missing"))
    venue = " ".join(venue.split()) if isinstance(venue, str) else ""
    for field, text in (("name", name), ("venue", venue)):
        if not text.isprintable():  # (as player names: it becomes the tables' match titles)
            raise RuleError(field, Msg("setup.text_control"))
    if game not in GAME_NAMES:
        raise RuleError("game", Msg("tournament.choose_game", games=tuple(GAME_NAMES)))
    rules = get_game(game)
    deals_per_round = _positive(deals_per_round, "deals_per_round", allow_none=True)
    effective = _options(rules, preset, options, deals_per_round)
    preset = preset or rules.default_preset
    stake = match_setup.parse_stake(stake)
    if isinstance(players, list | tuple) and len(players) > PLAYERS_PER_TOURNAMENT:
        limit = PLAYERS_PER_TOURNAMENT
        raise RuleError("players", players_limit(limit))
    rounds = _positive(rounds, "rounds")
    round_minutes = _positive(round_minutes, "round_minutes", allow_none=True)
    table_size, ranking = _seating(rules, table_size, ranking)
    if draw_method not in DRAW_METHODS:
        raise RuleError("draw_method", Msg("tournament.draw_method"))
    seed = new_seed() if seed in (None, "") else round_seed(Tournament(seed=0), seed)
    extras = _v2_options(session, drop_rounds, seeding, language, season_id)
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
        venue=(venue or "").strip()[:200],
        date=(date or "").strip()[:10],
        round_minutes=round_minutes,
        deals_per_round=deals_per_round,
        stake=stake,
        currency=(str(currency).strip()[:8] or None) if currency else None,
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


def _options(rules: Any, preset: str | None, options: Any, deals_per_round: int | None) -> Any:
    """The game's options for the preset with the overrides (and the deals per round, where the
    game counts deals: the match itself then stops after that many)."""
    if options is not None and not isinstance(options, Mapping):
        raise RuleError("options", Msg("setup.options_object"))
    overrides = dict(options or {})
    if deals_per_round and "deals" in rules.options_to_json(rules.make_options(preset, {})):
        overrides["deals"] = deals_per_round
    return rules.make_options(preset, overrides)


def _seating(rules: Any, table_size: Any, ranking: Any) -> tuple[int, str]:
    """The table size and ranking, as far as the game leaves them a choice (RULES.md §6): Mariáš
    seats 3 (or 4) and ranks by balance or placings; the other games meet in pairs (Marianna's
    fixed teams too) and rank by wins."""
    sizes, rankings = rules.tournament.table_sizes, rules.tournament.rankings
    table_size = table_size or sizes[0] if len(sizes) > 1 else sizes[0]
    if table_size not in sizes:
        raise RuleError("table_size", Msg("tournament.table_size"))
    ranking = ranking or rankings[0] if len(rankings) > 1 else rankings[0]
    if ranking not in rankings:
        raise RuleError("ranking", Msg("tournament.ranking"))
    return table_size, ranking


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


def game_fields(game: str, **fields: Any) -> dict[str, Any]:
    """Of ``ranking``, ``stake``, ``currency``, ``format`` and ``parts``, those a tournament of
    ``game`` takes: a ranking where its game offers a choice, a stake and currency where it is
    played for money, the league format and its parts when chosen (all of
    them for an unknown game: ``create_tournament`` then names the game as the problem)."""
    if game not in GAME_NAMES:
        return dict(fields)
    rules = get_game(game)
    out = {}
    if "ranking" in fields and len(rules.tournament.rankings) > 1:
        out["ranking"] = fields["ranking"]
    if rules.has_stake:
        out.update({k: fields[k] for k in ("stake", "currency") if k in fields})
    if fields.get("format") == "league":  # RULES.md §6b (a game not played for chips: refused)
        out.update({k: fields[k] for k in ("format", "parts") if k in fields})
    return out


def _v2_options(
    session: Session, drop_rounds: Any, seeding: Any, language: Any, season_id: Any
) -> dict[str, Any]:
    """drop_rounds, round-1 seeding and language checked (RULES.md §6 v2, API.md v2)."""
    drop_rounds = drop_rounds or "none"
    if drop_rounds not in DROP_ROUNDS:
        raise RuleError("drop_rounds", Msg("tournament.drop_rounds"))
    seeding = seeding or "random"
    if seeding not in SEEDINGS:
        raise RuleError("seeding", Msg("tournament.seeding"))
    if season_id is not None and (
        not isinstance(season_id, str) or session.get(Season, season_id) is None
    ):
        raise RuleError("season_id", Msg("season.not_found"))
    if seeding == "season" and not season_id:
        raise RuleError("seeding", Msg("tournament.seeding_season"))
    if language in ("", None):
        language = None
    elif language not in LANGUAGES:
        raise RuleError("language", Msg("tournament.language", langs=LANGUAGES))
    return {
        "drop_rounds": drop_rounds,
        "seeding": seeding,
        "language": language,
        "season_id": season_id or None,
    }


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
