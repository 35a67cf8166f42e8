"""Checking a new match's setup (game, preset, players, options, stake) and small helpers.

Pure: takes what a form or client sent, returns the Match fields or raises the rules'
``InvalidOptions`` naming the field (``game``, ``preset``, ``players.1``, ``options.x``,
``stake``, ``currency``, ``title``) with a coded message (``services/messages.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from ..i18n.formats import parse_amount
from ..limits import NAME_MAX, STAKE_MAX
from ..rules.base import InvalidOptions
from ..rules.registry import get_game
from .messages import Msg

MAX_NAME = NAME_MAX  # API.md v2: names up to 80 characters (one limit: scorekeeper/limits.py)
MAX_STAKE = Decimal("1000000")


def check(
    *,
    game: Any,
    preset: Any,
    players: Any,
    options: Any,
    stake: Any,
    currency: Any,
    title: Any,
    new: bool = True,
) -> dict[str, Any]:
    """The Match fields for this setup; InvalidOptions (with the field) when anything is wrong.
    ``new`` False: a stored match (an import), which keeps options a new one may not take."""
    if not isinstance(game, str):
        raise InvalidOptions("game", Msg("setup.choose_game"))
    preset = _preset(get_game(game), preset)
    options = _options(options)
    rules = get_game(game, preset)  # a preset with a record of its own is a game of its own
    made = rules.make_options(preset, dict(options))
    if new:  # a stored match keeps its options
        _check_new(rules, made)
    names = _players(players, rules.player_counts(made))
    return {
        "game": game,
        "preset": preset,
        "options": rules.options_to_json(made),
        "players": names,
        "stake": parse_stake(stake),
        "currency": _text(currency, "currency", 8),
        "title": _text(title, "title", NAME_MAX),
    }


def _preset(rules: Any, preset: Any) -> str:
    """The preset asked for, or the game's default when none is; InvalidOptions when the game
    has no such preset."""
    if preset is None or preset == "":
        preset = rules.default_preset
    if not _known_preset(rules, preset):
        raise InvalidOptions("preset", Msg("setup.choose_preset", presets=tuple(rules.presets)))
    return preset


def _known_preset(rules: Any, preset: Any) -> bool:
    return isinstance(preset, str) and (preset in rules.presets or preset == rules.default_preset)


def _options(options: Any) -> Mapping[str, Any]:
    """The options asked for (none: {}); InvalidOptions when they are not an object."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InvalidOptions("options", Msg("setup.options_object"))
    return options


def _check_new(rules: Any, made: Any) -> None:
    """RULES.md v2: refuse what a new match may not be created with (the game's own check)."""
    check_new = getattr(rules, "check_new_options", None)
    if check_new is not None:
        check_new(made)


def _players(players: Any, counts: Sequence[int]) -> list[str]:
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise InvalidOptions("players", Msg("setup.players_list"))
    names: list[str] = []
    for i, name in enumerate(players):
        names.append(_player_name(i, name, names))
    if len(names) not in counts:
        raise InvalidOptions(
            "players", Msg("setup.player_count", counts=tuple(counts), most=max(counts))
        )
    return names


def _player_name(i: int, name: Any, others: list[str]) -> str:
    """Player ``i``'s name as a match keeps it (its spaces collapsed); InvalidOptions when it
    is empty or refused."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidOptions(f"players.{i}", Msg("setup.name_missing"))
    name = " ".join(name.split())
    if why := _name_refusal(name, others):
        raise InvalidOptions(f"players.{i}", why)
    return name


def _name_refusal(name: str, others: list[str]) -> Msg | None:
    """Why a player's name is refused (control characters, too long, one of the ``others``
    already), or None."""
    if not name.isprintable():
        return Msg("setup.name_control")
    if len(name) > MAX_NAME:
        return name_too_long(MAX_NAME)
    if name.casefold() in (other.casefold() for other in others):
        return Msg("setup.name_twice")
    return None


def parse_stake(stake: Any) -> str | None:
    """A typed stake per unit ("0,20", "0.2", 1) as its stored decimal string, None when empty:
    the one stake parser of matches and tournaments. InvalidOptions("stake") when it is not
    an amount from 0 to MAX_STAKE that fits its column (STAKE_MAX characters)."""
    if stake is None or stake == "":
        return None
    try:
        value = parse_amount(stake)
    except InvalidOperation:
        raise InvalidOptions("stake", Msg("setup.stake")) from None
    if not _stake_fits(stake, value):
        raise InvalidOptions("stake", Msg("setup.stake"))
    return str(value)


def _stake_fits(stake: Any, value: Decimal) -> bool:
    """Whether an amount (typed as ``stake``, not a bool) is from 0 to MAX_STAKE and fits its
    column (PostgreSQL would refuse a longer one)."""
    if isinstance(stake, bool) or not value.is_finite():
        return False
    return 0 <= value <= MAX_STAKE and len(str(value)) <= STAKE_MAX


def _text(value: Any, field: str, limit: int) -> str | None:
    if value is None or value == "":
        return None
    _check_text(value, field, limit)
    return value.strip() or None


def _check_text(value: Any, field: str, limit: int) -> None:
    """Refuse a value that is not text of at most ``limit`` characters (spaces around it not
    counted) without control characters."""
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise InvalidOptions(field, Msg("setup.text_long", n=limit))
    if not value.strip().isprintable():
        raise InvalidOptions(field, Msg("setup.text_control"))


def name_too_long(limit: int) -> Msg:
    """The refusal of a name longer than ``limit`` characters."""
    return Msg("setup.name_long", n=limit)


def summary(match: Any) -> dict[str, Any]:
    """The setup as the audit trail keeps it."""
    return {
        "game": match.game,
        "preset": match.preset,
        "options": match.options,
        "players": list(match.players),
        "stake": match.stake,
        "currency": match.currency,
        "title": match.title,
        **({"title_parts": match.title_parts} if match.title_parts else {}),
    }


def money(game: Any, scores: list[int], stake: str | None) -> list[str] | None:
    """Balances times the stake, as strings (None without a stake); ``game`` has_stake."""
    if stake is None:
        return None
    return [str(m) for m in game.money(scores, Decimal(stake))]


def title(match: Any, rules: Any) -> str:
    """The match's title: the one given, else a tournament table's ("Posvícení, round 1,
    table 2" from its ``title_parts``), else the game and its players; a made-up title is a
    coded message, said in the reader's language where it is shown."""
    if match.title:
        return match.title
    parts = getattr(match, "title_parts", None)
    if parts:
        return table_title(parts)
    return default_title(rules, match.players, match.preset)


def table_title(parts: Mapping[str, Any]) -> Msg:
    """A tournament table's match title from its parts."""
    return Msg(
        "match.table_title",
        name=parts.get("event", ""),
        r=parts.get("round", ""),
        t=parts.get("table", ""),
    )


def default_title(rules: Any, players: Sequence[str], preset: str | None = None) -> Msg:
    """A match's title when none was given: the game (or its named preset) and who plays."""
    # a preset players know as a game of its own (RULES.md §3a, §3b) is titled by that name
    game = rules.preset_titles.get(preset or "", rules.title)
    return Msg("match.default_title", game=game, players=", ".join(players))
