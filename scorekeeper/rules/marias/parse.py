"""Parsing a Mariáš deal record (docs/api.md "marias") field by field: types, ranges, seats, suits.

The checks between fields (one game part, trumps, points against ``won``…) are in
``checks``; this module only turns JSON into the frozen record of ``record``,
trying the quick path of ``fast`` first and collecting every problem when it declines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import SUITS, FieldError, InvalidDeal, InvalidOptions
from .checks import check_record
from .fast import fast_record
from .options import MAX_FLEK_LEVEL, MariasOptions
from .record import (
    MAX_POINTS,
    NAMES,
    PART_KINDS,
    RECORD_KEYS,
    SIDES,
    SILENT_KINDS,
    MariasRecord,
    Part,
    Silent,
    flek_words,
)


def _player(seat: int) -> str:
    return f"player {seat + 1}"


def _seat(data: Mapping[str, Any], key: str, n: int, errors: list, required: bool) -> int | None:
    value = data.get(key)
    if value is None:
        if required:
            errors.append(FieldError(key, f"Choose the {key}: player 1 to {n}"))
        return None
    if type(value) is not int:
        errors.append(FieldError(key, f"The {key} must be a seat number, 0 to {n - 1}"))
        return None
    if not 0 <= value < n:
        errors.append(FieldError(key, f"There is no {_player(value)} at a table of {n}"))
        return None
    return value


def _points(data: Mapping[str, Any], key: str, errors: list) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int:
        errors.append(FieldError(key, "Points must be a whole number"))
    elif not 0 <= value <= MAX_POINTS:
        errors.append(
            FieldError(
                key,
                f"{value} points is impossible: a side takes 0 to 190 "
                "(90 card points and at most 100 in marriages)",
            )
        )
    elif value % 10:
        errors.append(
            FieldError(
                key,
                f"{value} is not a multiple of 10: only aces, tens, the last trick "
                "and marriages score in Mariáš",
            )
        )
    else:
        return value
    return None


def _level(value: Any, field: str, options: MariasOptions, errors: list) -> int:
    if type(value) is not int:
        errors.append(FieldError(field, "A flek level is a whole number (0 none, 1 flek, 2 re…)"))
    elif value < 0:
        errors.append(FieldError(field, "A flek level can't be below 0"))
    elif options.flek_max is not None and value > options.flek_max:
        top = options.flek_max
        errors.append(
            FieldError(field, f"This match allows flek up to level {top} ({flek_words(top)})")
        )
    elif value > MAX_FLEK_LEVEL:
        errors.append(FieldError(field, f"A flek level above {MAX_FLEK_LEVEL} is not played"))
    else:
        return value
    return 0


def _flek(value: Any, field: str, options: MariasOptions, errors: list) -> int | tuple[int, int]:
    if options.flek_per_defender:
        if value is None:
            return (0, 0)
        if not isinstance(value, list | tuple) or len(value) != 2:
            errors.append(
                FieldError(
                    field,
                    "Flek is counted per defender in this match: give two levels, "
                    "one for each defender in seat order, e.g. [1, 0]",
                )
            )
            return (0, 0)
        return (
            _level(value[0], f"{field}.0", options, errors),
            _level(value[1], f"{field}.1", options, errors),
        )
    if value is None:
        return 0
    if isinstance(value, list | tuple):
        errors.append(
            FieldError(field, "Flek is not counted per defender in this match: give one level")
        )
        return 0
    return _level(value, field, options, errors)


def _parts(data: Mapping[str, Any], options: MariasOptions, errors: list) -> list[Part]:
    raw = data.get("parts")
    if not isinstance(raw, list | tuple) or not raw:
        errors.append(
            FieldError("parts", "Record the game played: hra, sto, sto proti, betl or durch")
        )
        return []
    parts: list[Part] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        field = f"parts.{i}"
        if not isinstance(item, Mapping):
            errors.append(FieldError(field, "A part needs a kind, won and flek"))
            continue
        for key in item:
            if key not in ("kind", "won", "flek"):
                errors.append(FieldError(f"{field}.{key}", "is not part of a Mariáš part"))
        kind = item.get("kind")
        if kind not in PART_KINDS:
            errors.append(
                FieldError(f"{field}.kind", f"Unknown part; choose one of {', '.join(PART_KINDS)}")
            )
            continue
        if kind in seen:
            errors.append(FieldError(f"{field}.kind", f"{NAMES[kind]} is recorded twice"))
            continue
        seen.add(kind)
        won = item.get("won")
        if won is not None and type(won) is not bool:
            errors.append(FieldError(f"{field}.won", "Say true (won) or false (lost)"))
            won = None
        parts.append(Part(kind, won, _flek(item.get("flek"), f"{field}.flek", options, errors)))
    return parts


def _silent(data: Mapping[str, Any], errors: list) -> list[Silent]:
    raw = data.get("silent")
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        errors.append(FieldError("silent", "Silent parts are a list"))
        return []
    result: list[Silent] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        field = f"silent.{i}"
        if not isinstance(item, Mapping):
            errors.append(FieldError(field, "A silent part needs a kind and a side"))
            continue
        for key in item:
            if key not in ("kind", "side", "points"):
                errors.append(FieldError(f"{field}.{key}", "is not part of a silent part"))
        kind, side, points = item.get("kind"), item.get("side"), item.get("points")
        if kind not in SILENT_KINDS:
            errors.append(FieldError(f"{field}.kind", "A silent part is ticha_sedma or tiche_sto"))
            continue
        if kind in seen:
            errors.append(FieldError(f"{field}.kind", f"{NAMES[kind]} is recorded twice"))
            continue
        seen.add(kind)
        if side not in SIDES:
            errors.append(
                FieldError(f"{field}.side", "Say which side receives it: declarer or defenders")
            )
            continue
        if points is not None:
            if kind != "tiche_sto":
                errors.append(FieldError(f"{field}.points", "Only a silent hundred has points"))
                points = None
            elif type(points) is not int or points % 10 or not 100 <= points <= MAX_POINTS:
                errors.append(
                    FieldError(
                        f"{field}.points",
                        "A silent hundred has 100 to 190 points, in tens",
                    )
                )
                points = None
        result.append(Silent(kind, side, points))
    return result


def _slow(data: Mapping[str, Any], options: MariasOptions, n_players: int) -> MariasRecord:
    """Every field checked, every problem collected: the path of a record with a mistake."""
    errors: list[FieldError] = [
        FieldError(str(key), "is not part of a Mariáš deal record")
        for key in data
        if key not in RECORD_KEYS
    ]
    declarer = _seat(data, "declarer", n_players, errors, True)
    dealer = _seat(data, "dealer", n_players, errors, n_players == 4)
    renonc = _seat(data, "renonc", n_players, errors, False)
    trump = data.get("trump")
    if trump is not None and trump not in SUITS:
        errors.append(FieldError("trump", f"Unknown suit; choose one of {', '.join(SUITS)}"))
        trump = None
    dp = _points(data, "declarer_points", errors)
    fp = _points(data, "defender_points", errors)
    parts = _parts(data, options, errors)
    silent = _silent(data, errors)
    open_ = data.get("open", False)
    if open_ is None:
        open_ = False
    if type(open_) is not bool:
        errors.append(FieldError("open", "Say true (played with open cards) or false"))
        open_ = False
    if errors:
        raise InvalidDeal(errors)
    return MariasRecord(
        declarer,  # type: ignore[arg-type]
        dealer,
        trump,
        tuple(parts),
        dp,
        fp,
        tuple(silent),
        renonc,
        open_,
    )


def parse_record(data: Any, options: MariasOptions, n_players: int) -> MariasRecord:
    """Check a record on its own (docs/rules.md §5) and return it frozen. Raises InvalidDeal."""
    if n_players != 3 and n_players != 4:
        raise InvalidOptions("players", f"Mariáš is played by 3 or 4, not {n_players}")
    if type(data) is dict:
        record = fast_record(data, options, n_players) or _slow(data, options, n_players)
    elif isinstance(data, Mapping):
        record = _slow(data, options, n_players)
    else:
        raise InvalidDeal("record", "A deal record must be a JSON object")
    check_record(record, n_players)
    return record
