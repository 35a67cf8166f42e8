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

_BOOLS = ("first_sets_trump", "mariannone", "covered_marianna", "first_to_target_wins", "claim")
_INTS = {
    "target": (1, 10_000),
    "mariannino": (0, 10_000),
    "players": (2, 4),
    "matrimonio_trump": (0, 1_000),
    "matrimonio_plain": (0, 1_000),
}


def _check_value(name: str, value: Any) -> FieldError | None:
    """Why one option value is of the wrong kind or out of range, or None when it is fine."""
    key = f"options.{name}"
    if name == "values":
        if value not in VALUES:
            return FieldError(key, Msg("marianna.values", values=" or ".join(VALUES)))
    elif name == "deck":
        if reason := check_deck(value):
            return FieldError(key, reason)
    elif name in _BOOLS:
        if not isinstance(value, bool):
            return FieldError(key, Msg("marianna.bool"))
    elif name in _INTS:
        low, high = _INTS[name]
        if isinstance(value, bool) or not isinstance(value, int):
            return FieldError(key, Msg("marianna.whole_number"))
        if name == "players" and value not in (2, 4):
            return FieldError(key, Msg("marianna.players_option"))
        if not low <= value <= high:
            return FieldError(key, Msg("marianna.between", low=low, high=high))
    return None


def _check_combination(o: MariannaOptions) -> list[FieldError]:
    """Options that are fine alone but cannot go together."""
    errors = []
    if o.players == 2:
        if o.target not in BRISCOLA_TARGETS:
            errors.append(FieldError("options.target", Msg("marianna.briscola_target")))
        if o.mariannino:
            errors.append(FieldError("options.mariannino", Msg("marianna.two_no_mariannino")))
        if o.mariannone:
            errors.append(FieldError("options.mariannone", Msg("marianna.two_no_mariannone")))
        if o.covered_marianna:
            errors.append(FieldError("options.covered_marianna", Msg("marianna.two_no_covering")))
    elif o.claim:
        errors.append(FieldError("options.claim", Msg("marianna.claim_two")))
    return errors


def make_options(
    preset: str | None = None, overrides: Mapping[str, Any] | None = None
) -> MariannaOptions:
    """Options for a preset with overrides applied. Raises InvalidOptions (field 'options.x')."""
    preset = DEFAULT_PRESET if preset is None else preset
    if not isinstance(preset, str) or preset not in PRESETS:
        raise InvalidOptions(
            "preset", Msg("marianna.unknown_preset", value=preset, words=list(PRESETS))
        )
    if overrides is not None and not isinstance(overrides, Mapping):
        raise InvalidOptions("options", Msg("marianna.options_object"))
    merged = {**PRESETS[preset], **dict(overrides or {})}
    names = {f.name for f in fields(MariannaOptions)}
    errors = [
        FieldError(f"options.{n}", Msg("marianna.no_option")) for n in merged if n not in names
    ]
    errors += [e for n, v in merged.items() if n in names and (e := _check_value(n, v))]
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
