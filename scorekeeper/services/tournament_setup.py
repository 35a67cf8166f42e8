"""Checking a new tournament's set-up fields (RULES.md §6, API.md v2) before anything is built.

Each check returns the field's value as stored (white space collapsed, defaults filled in) or
raises a RuleError naming the field; ``tournaments.create_tournament`` runs them in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlmodel import Session

from ..limits import PLAYERS_PER_TOURNAMENT
from ..models.season import Season
from ..rules.base import GameRules, RuleError
from ..rules.registry import GAME_NAMES, get_game
from .messages import Msg
from .tournament_players import players_limit

DRAW_METHODS = ("random", "standings")
DROP_ROUNDS = ("none", "worst", "best_and_worst")  # RULES.md §6 v2; the first is the default
SEEDINGS = ("random", "season", "rating")  # round 1, RULES.md §6 v2; the first is the default
LANGUAGES = ("cs", "pl", "de", "it", "en")  # API.md v2 "Languages"


def positive(value: Any, field: str, *, allow_none: bool = False) -> int | None:
    """A whole number from 1 to 1000 (or None when left empty and ``allow_none``)."""
    if value in (None, "") and allow_none:
        return None
    number = _whole(value, field)
    if isinstance(value, bool) or not 1 <= number <= 1000:
        raise RuleError(field, Msg("number.from_1_to_1000"))
    return number


def _whole(value: Any, field: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RuleError(field, Msg("number.whole")) from None


def checked_texts(name: Any, venue: Any) -> tuple[str, str]:
    """The name (required) and venue with their white space collapsed, both printable (as
    player names: the name becomes the tables' match titles)."""
    name, venue = _collapsed(name), _collapsed(venue)
    if not name:
        raise RuleError("name", Msg("tournament.name_missing"))
    for field, text in (("name", name), ("venue", venue)):
        if not text.isprintable():
            raise RuleError(field, Msg("setup.text_control"))
    return name, venue


def _collapsed(text: Any) -> str:
    """The text with each run of white space one space ("" for no text)."""
    return " ".join(text.split()) if isinstance(text, str) else ""


def game_rules(game: Any) -> GameRules:
    """The rules of a known game; RuleError listing the games otherwise."""
    if game not in GAME_NAMES:
        raise RuleError("game", Msg("tournament.choose_game", games=tuple(GAME_NAMES)))
    return get_game(game)


def effective_options(
    rules: Any, preset: str | None, options: Any, deals_per_round: int | None
) -> Any:
    """The game's options for the preset with the overrides (and the deals per round, where the
    game counts deals: the match itself then stops after that many)."""
    overrides = _overrides(options)
    if deals_per_round and "deals" in rules.options_to_json(rules.make_options(preset, {})):
        overrides["deals"] = deals_per_round
    return rules.make_options(preset, overrides)


def _overrides(options: Any) -> dict[str, Any]:
    """A copy of the options object (empty for none); RuleError when it is no object."""
    if options is not None and not isinstance(options, Mapping):
        raise RuleError("options", Msg("setup.options_object"))
    return dict(options or {})


def check_player_count(players: Iterable[Any]) -> None:
    """RuleError for a list of first entrants longer than a tournament takes."""
    if isinstance(players, list | tuple) and len(players) > PLAYERS_PER_TOURNAMENT:
        raise RuleError("players", players_limit(PLAYERS_PER_TOURNAMENT))


def seating(rules: Any, table_size: Any, ranking: Any) -> tuple[int, str]:
    """The table size and ranking, as far as the game leaves them a choice (RULES.md §6): Mariáš
    seats 3 (or 4) and ranks by balance or placings; the other games meet in pairs (Marianna's
    fixed teams too) and rank by wins."""
    tournament = rules.tournament
    table_size = _chosen(table_size, tournament.table_sizes, "table_size", "tournament.table_size")
    ranking = _chosen(ranking, tournament.rankings, "ranking", "tournament.ranking")
    return table_size, ranking


def _chosen(value: Any, offered: Sequence[Any], field: str, message: str) -> Any:
    """The value where the game offers a choice (its first when none is given), else the one
    value it has; RuleError for a value it does not offer."""
    value = value or offered[0] if len(offered) > 1 else offered[0]
    if value not in offered:
        raise RuleError(field, Msg(message))
    return value


def check_draw_method(draw_method: Any) -> None:
    """RuleError for a draw method not offered (DRAW_METHODS)."""
    if draw_method not in DRAW_METHODS:
        raise RuleError("draw_method", Msg("tournament.draw_method"))


def currency_text(currency: Any) -> str | None:
    """The currency's text as stored (at most 8 characters; None for none)."""
    return (str(currency).strip()[:8] or None) if currency else None


def game_fields(game: str, **fields: Any) -> dict[str, Any]:
    """Of ``ranking``, ``stake``, ``currency``, ``format`` and ``parts``, those a tournament of
    ``game`` takes: a ranking where its game offers a choice, a stake and currency where it is
    played for money, the league format and its parts when chosen (all of
    them for an unknown game: ``create_tournament`` then names the game as the problem)."""
    if game not in GAME_NAMES:
        return dict(fields)
    return {k: fields[k] for k in _taken(get_game(game), fields) if k in fields}


def _taken(rules: Any, fields: Mapping[str, Any]) -> list[str]:
    """The names of the fields a tournament of this game takes, in ``game_fields``'s order."""
    names = []
    if len(rules.tournament.rankings) > 1:
        names.append("ranking")
    if rules.has_stake:
        names += ["stake", "currency"]
    if fields.get("format") == "league":  # RULES.md §6b (a game not played for chips: refused)
        names += ["format", "parts"]
    return names


def v2_options(
    session: Session, drop_rounds: Any, seeding: Any, language: Any, season_id: Any
) -> dict[str, Any]:
    """drop_rounds, round-1 seeding and language checked (RULES.md §6 v2, API.md v2)."""
    drop_rounds = _one_of(drop_rounds, DROP_ROUNDS, "drop_rounds", "tournament.drop_rounds")
    seeding = _one_of(seeding, SEEDINGS, "seeding", "tournament.seeding")
    _check_season(session, season_id)
    if seeding == "season" and not season_id:
        raise RuleError("seeding", Msg("tournament.seeding_season"))
    return {
        "drop_rounds": drop_rounds,
        "seeding": seeding,
        "language": _language(language),
        "season_id": season_id or None,
    }


def _one_of(value: Any, allowed: Sequence[str], field: str, message: str) -> Any:
    """The value (the first allowed one when none is given); RuleError with this message for
    a value not allowed."""
    value = value or allowed[0]
    if value not in allowed:
        raise RuleError(field, Msg(message))
    return value


def _check_season(session: Session, season_id: Any) -> None:
    """RuleError unless the season id is none or a stored season's."""
    if season_id is not None and (
        not isinstance(season_id, str) or session.get(Season, season_id) is None
    ):
        raise RuleError("season_id", Msg("season.not_found"))


def _language(language: Any) -> str | None:
    """The tournament's language (None for the reader's own); RuleError for one not offered."""
    if language in ("", None):
        return None
    if language not in LANGUAGES:
        raise RuleError("language", Msg("tournament.language", langs=LANGUAGES))
    return language
