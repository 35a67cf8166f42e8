"""Options of licitovaný mariáš (docs/rules.md §4a): the association's tariff, its limit, and
what docs/rules.md §4 says of every Mariáš match (the sitter, the end of a match, the deck).

The tariff is in units (1 unit = 0.20 Kč on the association's sheet; the match's stake sets the
money): hra 1, sedma 2, sto 4, betl 15, durch 30, dvě sedmy 40, omyl 6, the silent seven 1,
renonc paušál 10 (kind 1) and 50 (kind 2, ``renonc_heavy``). ``limit`` (500) caps what one
player pays another in a deal, ``limit_flekked`` (750) when both defenders flekked (a match
without a ``limit`` has no raised one either). A flek binds
only the defender who said it (``flek_per_defender`` is on and stays on), up to four levels
(``flek_max`` 4: flek, re, tutti, boty). A failed sto pays per 10 short (``sto_failure``
``per_ten_short``; ``flat``: its plain value). Options §4 gives and §4a leaves out (open play,
the hearts switch, the scaling of a hundred) are not options here: §4a fixes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..base import DECKS, FieldError, InvalidOptions
from ..marias.options import MAX_DEALS, MAX_VALUE
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)

PRESET = "licitovany"
MAX_FLEK = 4  # boty: docs/rules.md §4a "at most four levels"

#: Options that are a part's (or a payment's) value in units: the tariff table.
TARIFF_NAMES: tuple[str, ...] = (
    "hra",
    "sedma",
    "sto",
    "betl",
    "durch",
    "dve_sedmy",
    "ticha_sedma",
    "omyl",
    "renonc",
    "renonc_heavy",
)


@dataclass(frozen=True, slots=True)
class LicitovanyOptions:
    """Every option of a licitovaný match, defaults of the association (docs/rules.md §4a)."""

    hra: int = 1
    sedma: int = 2
    sto: int = 4
    betl: int = 15
    durch: int = 30
    dve_sedmy: int = 40
    ticha_sedma: int = 1
    omyl: int = 6
    renonc: int = 10
    renonc_heavy: int = 50
    limit: int | None = 500
    limit_flekked: int | None = 750
    flek_max: int = MAX_FLEK
    flek_per_defender: bool = True  # docs/rules.md §4a: on, and cannot be turned off
    sto_failure: str = "per_ten_short"
    sitter_pays: bool = False
    deals: int | None = None
    chip_target: int | None = None
    finished_after: int | None = None
    extra_rounds: bool = True  # off for tournament tables: there the tournament ranking decides
    deck: str = "german"


# name -> (lowest allowed, highest allowed, may be null) for the whole-number options
_INTS: dict[str, tuple[int, int, bool]] = {
    **{name: (0, MAX_VALUE, False) for name in TARIFF_NAMES},
    "limit": (1, MAX_VALUE, True),
    "limit_flekked": (1, MAX_VALUE, True),
    "flek_max": (0, MAX_FLEK, False),
    "deals": (1, MAX_DEALS, True),
    "chip_target": (1, MAX_VALUE, True),
    "finished_after": (1, MAX_DEALS, True),
}
_BOOLS = ("flek_per_defender", "sitter_pays", "extra_rounds")
_CHOICES: dict[str, tuple[str, ...]] = {
    "sto_failure": ("flat", "per_ten_short"),
    "deck": DECKS,
}


def _check_int(name: str, value: Any) -> Msg | None:
    low, high, nullable = _INTS[name]
    if value is None:
        return None if nullable else Msg("marias.whole_number")
    if type(value) is not int:
        return Msg("marias.whole_or_empty" if nullable else "marias.whole_number")
    if not low <= value <= high:
        return Msg("marias.between", low=low, high=high)
    return None


def _check_bool(name: str, value: Any) -> Msg | None:
    """A true/false option; flek_per_defender stays on (docs/rules.md §4a)."""
    if type(value) is not bool:
        return Msg("marias.bool")
    if name == "flek_per_defender" and not value:
        return Msg("licit.flek_per_defender")
    return None


def _check(name: str, value: Any) -> Msg | None:
    """Why ``value`` is not allowed for option ``name``, or None when it is fine."""
    if name in _INTS:
        return _check_int(name, value)
    if name in _BOOLS:
        return _check_bool(name, value)
    choices = _CHOICES[name]
    return None if value in choices else Msg("marias.choice", words=choices)


def _conflicts(overrides: Mapping[str, Any]) -> list[FieldError]:
    """Options fine alone that cannot go together: a match ends after ``deals`` or when
    ``finished_after`` says, not both."""
    if overrides.get("finished_after") is not None and overrides.get("deals") is not None:
        return [FieldError("options.finished_after", Msg("marias.finished_with_deals"))]
    return []


def _errors(overrides: Mapping[str, Any]) -> list[FieldError]:
    """Every override refused, each naming its option."""
    errors = []
    known = LicitovanyOptions.__dataclass_fields__
    for name, value in overrides.items():
        reason = _check(name, value) if name in known else Msg("marias.no_option")
        if reason:
            errors.append(FieldError(f"options.{name}", reason))
    return errors or _conflicts(overrides)


def _check_preset(preset: str | None) -> None:
    """The only preset is ``licitovany`` (None means it)."""
    if preset is not None and preset != PRESET:
        raise InvalidOptions("preset", Msg("marias.unknown_preset", value=preset, words=[PRESET]))


def make_options(
    preset: str | None = None, overrides: Mapping[str, Any] | None = None
) -> LicitovanyOptions:
    """Options of the ``licitovany`` preset with overrides applied. Raises InvalidOptions
    (field ``options.x``; ``preset`` for another preset)."""
    _check_preset(preset)
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise InvalidOptions("options", Msg("marias.options_object"))
    errors = _errors(overrides)
    if errors:
        raise InvalidOptions(errors)
    return LicitovanyOptions(**overrides)


def options_to_json(options: LicitovanyOptions) -> dict[str, Any]:
    """Every effective option by its docs/rules.md name; make_options(PRESET, that) rebuilds it."""
    return asdict(options)
