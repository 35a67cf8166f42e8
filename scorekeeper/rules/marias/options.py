"""Options of Czech Mariáš (docs/rules.md §4): the part values of each preset and the house rules.

Only option parsing and checking lives here; records and settlement are in ``record`` and
``settle``. Every option has the docs/rules.md name and default. The end of a match
(docs/rules.md §4 v2): ``deals`` (the agreed total number of deals; none = an open session),
``chip_target`` (the match ends after the deal in which a balance reaches it) and
``finished_after`` (set by the *Finish* action of an open session: the number of deals it was
finished after). ``extra_rounds`` (on): a shared top balance at the end plays one more round;
off for a tournament's tables, where the tournament's ranking decides (docs/rules.md §4, §6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..base import DECKS, FieldError, InvalidOptions
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)

# A flek level above this is refused even without flek_max: ×1,048,576 is beyond any table, and an
# unbounded level would let one request make the server compute 2**(10**9).
MAX_FLEK_LEVEL = 20
MAX_VALUE = 1_000_000
MAX_DEALS = 10_000

PART_VALUE_NAMES: tuple[str, ...] = (
    "hra",
    "sto",
    "sto_proti",
    "betl",
    "durch",
    "sedma",
    "dve_sedmy",
    "sedma_proti",
    "ticha_sedma",
    "tiche_sto",
)


@dataclass(frozen=True, slots=True)
class MariasOptions:
    """Every option of a Mariáš match (docs/rules.md §4), defaults of the `pub` preset."""

    hra: int = 1
    sto: int = 4
    sto_proti: int = 4
    betl: int = 5
    durch: int = 10
    sedma: int = 2
    dve_sedmy: int = 8
    sedma_proti: int = 2
    ticha_sedma: int = 1
    tiche_sto: int = 2
    flek_max: int | None = None
    flek_per_defender: bool = False
    hearts_double: bool = True
    sto_scaling: str = "linear"
    sto_failure: str = "flat"
    sitter_pays: bool = False
    renonc: int = 10
    limit: int | None = None
    deals: int | None = None
    chip_target: int | None = None
    finished_after: int | None = None
    extra_rounds: bool = True  # off for tournament tables: there the tournament ranking decides
    deck: str = "german"  # API.md v2: the suits shown (german | italian | french); no score


DEFAULT_PRESET = "pub"
PRESETS: dict[str, dict[str, Any]] = {
    "pub": {},
    "csm": {"betl": 15, "durch": 30, "dve_sedmy": 40},
    "krizovy": {"betl": 10, "durch": 20},
}

# name -> (kind, lowest allowed, highest allowed, may be null) for the whole-number options
_INTS: dict[str, tuple[int, int, bool]] = {
    **{name: (0, MAX_VALUE, False) for name in PART_VALUE_NAMES},
    "flek_max": (0, MAX_FLEK_LEVEL, True),
    "renonc": (0, MAX_VALUE, False),
    "limit": (1, MAX_VALUE, True),
    "deals": (1, MAX_DEALS, True),
    "chip_target": (1, MAX_VALUE, True),
    "finished_after": (1, MAX_DEALS, True),
}
# the refusal of a value that is not a whole number, by whether the option may be null
_NOT_WHOLE = {True: "marias.whole_or_empty", False: "marias.whole_number"}
_BOOLS = ("flek_per_defender", "hearts_double", "sitter_pays", "extra_rounds")
_CHOICES: dict[str, tuple[str, ...]] = {
    "sto_scaling": ("linear", "doubling"),
    "sto_failure": ("flat", "per_ten_short"),
    "deck": DECKS,
}


def _check_int(value: Any, low: int, high: int, nullable: bool) -> Msg | None:
    """Why ``value`` is not allowed for a whole-number option, or None when it is fine."""
    if type(value) is int:
        return None if low <= value <= high else Msg("marias.between", low=low, high=high)
    if value is None and nullable:
        return None
    return Msg(_NOT_WHOLE[nullable])


def _check(name: str, value: Any) -> Msg | None:
    """Why ``value`` is not allowed for option ``name``, or None when it is fine."""
    if name in _INTS:
        return _check_int(value, *_INTS[name])
    if name in _BOOLS:
        return None if type(value) is bool else Msg("marias.bool")
    choices = _CHOICES[name]
    return None if value in choices else Msg("marias.choice", words=choices)


def _preset(preset: str | None) -> str:
    """The preset named (None: the default one). Raises InvalidOptions for an unknown one."""
    preset = DEFAULT_PRESET if preset is None else preset
    if preset not in PRESETS:
        raise InvalidOptions(
            "preset", Msg("marias.unknown_preset", value=preset, words=list(PRESETS))
        )
    return preset


def _override_error(name: str, value: Any) -> FieldError | None:
    """Why an override is refused, at its field (None: it is fine)."""
    if name not in MariasOptions.__dataclass_fields__:
        return FieldError(f"options.{name}", Msg("marias.no_option"))
    reason = _check(name, value)
    return FieldError(f"options.{name}", reason) if reason else None


def _apply(values: dict[str, Any], overrides: Mapping[str, Any]) -> list[FieldError]:
    """Puts the overrides into ``values``; the errors of those refused."""
    errors = []
    for name, value in overrides.items():
        error = _override_error(name, value)
        if error:
            errors.append(error)
        else:
            values[name] = value
    return errors


def _end_conflict(values: Mapping[str, Any]) -> list[FieldError]:
    """A match with its agreed deals ends by itself: it has no ``finished_after`` too."""
    if values.get("finished_after") is not None and values.get("deals") is not None:
        return [FieldError("options.finished_after", Msg("marias.finished_with_deals"))]
    return []


def make_options(
    preset: str | None = None, overrides: Mapping[str, Any] | None = None
) -> MariasOptions:
    """Options for a preset with overrides applied. Raises InvalidOptions (field 'options.x')."""
    values: dict[str, Any] = dict(PRESETS[_preset(preset)])
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):
        raise InvalidOptions("options", Msg("marias.options_object"))
    errors = _apply(values, overrides) or _end_conflict(values)
    if errors:
        raise InvalidOptions(errors)
    return MariasOptions(**values)


def options_to_json(options: MariasOptions) -> dict[str, Any]:
    """Every effective option by its docs/rules.md name; make_options(preset, that) rebuilds it."""
    return asdict(options)
