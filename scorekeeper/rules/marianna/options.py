"""Options and presets of Italian Marianna (docs/rules.md §3, §3a Cinquecento, §3b Briscola 151).

The options are one frozen dataclass with the docs/rules.md names. The three presets are named sets
of overrides on the defaults; ``players`` (4 or 2) picks the partnership game or the two-player
Briscola 151, whose records also carry the turned-up ``trump`` and a ``claim``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..base import FieldError, InvalidOptions, check_deck
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)

VALUES = ("40-60-80-100", "20-40-60-80")
BRISCOLA_TARGETS = (151, 200, 250)


@dataclass(frozen=True)
class MariannaOptions:
    """Every house rule of a Marianna match, with the docs/rules.md defaults."""

    values: str = "40-60-80-100"  # 1st..4th marianna of a deal
    first_sets_trump: bool = False  # first marianna 40, every later one 20
    target: int = 501
    mariannino: int = 250  # 0 = not allowed
    mariannone: bool = True  # declaring team wins the match at once
    covered_marianna: bool = False  # Deckung: the first marianna, from partners' cards, scores 20
    first_to_target_wins: bool = False  # Cinquecento: the first team to reach the target wins
    players: int = 4  # 4 = two partnerships; 2 = Briscola 151
    matrimonio_trump: int = 40  # two players: K+horse in the turned-up trump suit
    matrimonio_plain: int = 20  # two players: K+horse in a plain suit
    claim: bool = False  # two players: a claim ends the match (right: claimer wins, else opponent)
    deck: str = "italian"  # API.md v2: the suits shown (german | italian | french); no score


DEFAULT_PRESET = "marianna"
PRESETS: dict[str, dict[str, Any]] = {
    "marianna": {},
    "cinquecento": {
        "first_sets_trump": True,
        "mariannino": 0,
        "mariannone": False,
        "target": 500,
        "first_to_target_wins": True,
    },
    "briscola151": {
        "players": 2,
        "target": 151,
        "mariannino": 0,
        "mariannone": False,
        "claim": True,
    },
}

_OPTION_NAMES = frozenset(f.name for f in fields(MariannaOptions))
_BOOLS = ("first_sets_trump", "mariannone", "covered_marianna", "first_to_target_wins", "claim")
_INTS = {
    "target": (1, 10_000),
    "mariannino": (0, 10_000),
    "players": (2, 4),
    "matrimonio_trump": (0, 1_000),
    "matrimonio_plain": (0, 1_000),
}


def _int_reason(name: str, value: Any) -> Msg | None:
    """Why a whole-number option's value is refused, or None: not an int, or out of range."""
    low, high = _INTS[name]
    if isinstance(value, bool) or not isinstance(value, int):
        return Msg("marianna.whole_number")
    if name == "players" and value not in (2, 4):
        return Msg("marianna.players_option")
    if not low <= value <= high:
        return Msg("marianna.between", low=low, high=high)
    return None


def _values_reason(value: Any) -> Msg | None:
    """Why a ``values`` setting is refused (not one of VALUES), or None."""
    return None if value in VALUES else Msg("marianna.values", values=" or ".join(VALUES))


#: the options that are a choice among names, and their checks
_CHOICE_CHECKS = {"values": _values_reason, "deck": check_deck}


def _reason(name: str, value: Any) -> Msg | str | None:
    """Why one option's value is of the wrong kind or out of range; falsy when it is fine
    (and for a name that is no option: those are refused on their own)."""
    if name in _BOOLS:
        return None if isinstance(value, bool) else Msg("marianna.bool")
    if name in _INTS:
        return _int_reason(name, value)
    check = _CHOICE_CHECKS.get(name)
    return check(value) if check else None


def _check_value(name: str, value: Any) -> FieldError | None:
    """Why one option value is of the wrong kind or out of range, or None when it is fine."""
    reason = _reason(name, value)
    return FieldError(f"options.{name}", reason) if reason else None


def _two_player_conflicts(o: MariannaOptions) -> list[FieldError]:
    """What Briscola 151 (two players) does not have: other targets and the four-hand melds."""
    refused = (
        (o.target not in BRISCOLA_TARGETS, "target", "marianna.briscola_target"),
        (bool(o.mariannino), "mariannino", "marianna.two_no_mariannino"),
        (o.mariannone, "mariannone", "marianna.two_no_mariannone"),
        (o.covered_marianna, "covered_marianna", "marianna.two_no_covering"),
    )
    return [FieldError(f"options.{name}", Msg(code)) for bad, name, code in refused if bad]


def _check_combination(o: MariannaOptions) -> list[FieldError]:
    """Options that are fine alone but cannot go together."""
    if o.players == 2:
        return _two_player_conflicts(o)
    if o.claim:
        return [FieldError("options.claim", Msg("marianna.claim_two"))]
    return []


def _preset_name(preset: Any) -> str:
    """The preset asked for (the default when None); refuses one that is not known."""
    preset = DEFAULT_PRESET if preset is None else preset
    if not isinstance(preset, str) or preset not in PRESETS:
        raise InvalidOptions(
            "preset", Msg("marianna.unknown_preset", value=preset, words=list(PRESETS))
        )
    return preset


def _merged(preset: Any, overrides: Any) -> dict[str, Any]:
    """The preset's settings with the overrides on top; refuses overrides that are no object."""
    preset = _preset_name(preset)
    if overrides is not None and not isinstance(overrides, Mapping):
        raise InvalidOptions("options", Msg("marianna.options_object"))
    return {**PRESETS[preset], **dict(overrides or {})}


def _value_errors(merged: Mapping[str, Any]) -> list[FieldError]:
    """Each option that does not exist, then each value of the wrong kind or out of range."""
    no_option = Msg("marianna.no_option")
    unknown = [FieldError(f"options.{n}", no_option) for n in merged if n not in _OPTION_NAMES]
    return unknown + [e for n, v in merged.items() if (e := _check_value(n, v))]


def make_options(
    preset: str | None = None, overrides: Mapping[str, Any] | None = None
) -> MariannaOptions:
    """Options for a preset with overrides applied. Raises InvalidOptions (field 'options.x')."""
    merged = _merged(preset, overrides)
    errors = _value_errors(merged)
    if errors:
        raise InvalidOptions(errors)
    options = replace(MariannaOptions(), **merged)
    errors = _check_combination(options)
    if errors:
        raise InvalidOptions(errors)
    return options


def options_to_json(options: MariannaOptions) -> dict[str, Any]:
    """Every effective option by its docs/rules.md name."""
    return {f.name: getattr(options, f.name) for f in fields(MariannaOptions)}
