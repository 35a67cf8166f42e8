"""Parsing a Mariáš deal record (docs/api.md "marias") field by field: types, ranges, seats, suits.

The checks between fields (one game part, trumps, points against ``won``…) are in
``checks``; this module only turns JSON into the frozen record of ``record``,
trying the quick path of ``fast`` first and collecting every problem when it declines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import SUITS, FieldError, InvalidDeal, InvalidOptions
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .checks import check_record
from .fast import fast_record
from .options import MAX_FLEK_LEVEL, MariasOptions
from .record import (
    MAX_POINTS,
    PART_KINDS,
    RECORD_KEYS,
    SIDES,
    SILENT_KINDS,
    MariasRecord,
    Part,
    Silent,
    flek_words,
)


def _seat(
    data: Mapping[str, Any], key: str, n: int, errors: list, required: bool, choices: list[int]
) -> int | None:
    """A seat 0..n-1; ``choices``: the seats a missing one is chosen from (not the dealer)."""
    value = data.get(key)
    if value is None:
        if required:
            errors.append(FieldError(key, Msg(f"marias.choose_{key}", choices=choices)))
        return None
    if type(value) is not int:
        errors.append(FieldError(key, Msg(f"marias.seat_number.{key}", last=n - 1)))
        return None
    if not 0 <= value < n:
        errors.append(FieldError(key, Msg("marias.no_such_seat", player=value, n=n)))
        return None
    return value


def _points(data: Mapping[str, Any], key: str, errors: list) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int:
        errors.append(FieldError(key, Msg("marias.points_whole")))
    elif not 0 <= value <= MAX_POINTS:
        errors.append(FieldError(key, Msg("marias.points_range", n=value)))
    elif value % 10:
        errors.append(FieldError(key, Msg("marias.points_tens", n=value)))
    else:
        return value
    return None


def _level(value: Any, field: str, options: MariasOptions, errors: list) -> int:
    if type(value) is not int:
        errors.append(FieldError(field, Msg("marias.flek_whole")))
    elif value < 0:
        errors.append(FieldError(field, Msg("marias.flek_negative")))
    elif options.flek_max is not None and value > options.flek_max:
        top = options.flek_max
        errors.append(FieldError(field, Msg("marias.flek_max", level=top, flek=flek_words(top))))
    elif value > MAX_FLEK_LEVEL:
        errors.append(FieldError(field, Msg("marias.flek_top", level=MAX_FLEK_LEVEL)))
    else:
        return value
    return 0


def _flek(value: Any, field: str, options: MariasOptions, errors: list) -> int | tuple[int, int]:
    if options.flek_per_defender:
        if value is None:
            return (0, 0)
        if not isinstance(value, list | tuple) or len(value) != 2:
            errors.append(FieldError(field, Msg("marias.flek_pair")))
            return (0, 0)
        return (
            _level(value[0], f"{field}.0", options, errors),
            _level(value[1], f"{field}.1", options, errors),
        )
    if value is None:
        return 0
    if isinstance(value, list | tuple):
        errors.append(FieldError(field, Msg("marias.flek_one")))
        return 0
    return _level(value, field, options, errors)


def _parts(data: Mapping[str, Any], options: MariasOptions, errors: list) -> list[Part]:
    raw = data.get("parts")
    if not isinstance(raw, list | tuple) or not raw:
        errors.append(FieldError("parts", Msg("marias.record_game")))
        return []
    parts: list[Part] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        field = f"parts.{i}"
        if not isinstance(item, Mapping):
            errors.append(FieldError(field, Msg("marias.part_object")))
            continue
        for key in item:
            if key not in ("kind", "won", "flek"):
                errors.append(FieldError(f"{field}.{key}", Msg("marias.not_in_part")))
        kind = item.get("kind")
        if kind not in PART_KINDS:
            errors.append(FieldError(f"{field}.kind", Msg("marias.unknown_part", words=PART_KINDS)))
            continue
        if kind in seen:
            errors.append(FieldError(f"{field}.kind", Msg("marias.twice", part=kind)))
            continue
        seen.add(kind)
        won = item.get("won")
        if won is not None and type(won) is not bool:
            errors.append(FieldError(f"{field}.won", Msg("marias.won_bool")))
            won = None
        parts.append(Part(kind, won, _flek(item.get("flek"), f"{field}.flek", options, errors)))
    return parts


def _silent(data: Mapping[str, Any], errors: list) -> list[Silent]:
    raw = data.get("silent")
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        errors.append(FieldError("silent", Msg("marias.silent_list")))
        return []
    result: list[Silent] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        field = f"silent.{i}"
        if not isinstance(item, Mapping):
            errors.append(FieldError(field, Msg("marias.silent_object")))
            continue
        for key in item:
            if key not in ("kind", "side", "points"):
                errors.append(FieldError(f"{field}.{key}", Msg("marias.not_in_silent")))
        kind, side, points = item.get("kind"), item.get("side"), item.get("points")
        if kind not in SILENT_KINDS:
            errors.append(FieldError(f"{field}.kind", Msg("marias.silent_kind")))
            continue
        if kind in seen:
            errors.append(FieldError(f"{field}.kind", Msg("marias.twice", part=kind)))
            continue
        seen.add(kind)
        if side not in SIDES:
            errors.append(FieldError(f"{field}.side", Msg("marias.silent_side")))
            continue
        if points is not None:
            if kind != "tiche_sto":
                errors.append(FieldError(f"{field}.points", Msg("marias.silent_points_only")))
                points = None
            elif type(points) is not int or points % 10 or not 100 <= points <= MAX_POINTS:
                errors.append(FieldError(f"{field}.points", Msg("marias.silent_points")))
                points = None
        result.append(Silent(kind, side, points))
    return result


def _slow(data: Mapping[str, Any], options: MariasOptions, n_players: int) -> MariasRecord:
    """Every field checked, every problem collected: the path of a record with a mistake."""
    errors: list[FieldError] = [
        FieldError(str(key), Msg("marias.not_in_record")) for key in data if key not in RECORD_KEYS
    ]
    seats = list(range(n_players))
    dealer = _seat(data, "dealer", n_players, [], False, seats)
    # four at the table: the dealer sits out, so the declarer is one of the other three
    others = [s for s in seats if s != dealer] if n_players == 4 else seats
    declarer = _seat(data, "declarer", n_players, errors, True, others)
    dealer = _seat(data, "dealer", n_players, errors, n_players == 4, seats)
    renonc = _seat(data, "renonc", n_players, errors, False, others)
    trump = data.get("trump")
    if trump is not None and trump not in SUITS:
        errors.append(FieldError("trump", Msg("marias.unknown_suit", words=SUITS)))
        trump = None
    dp = _points(data, "declarer_points", errors)
    fp = _points(data, "defender_points", errors)
    parts = _parts(data, options, errors)
    silent = _silent(data, errors)
    open_ = data.get("open", False)
    if open_ is None:
        open_ = False
    if type(open_) is not bool:
        errors.append(FieldError("open", Msg("marias.open_bool")))
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
        raise InvalidOptions("players", Msg("marias.players", n=n_players))
    if type(data) is dict:
        record = fast_record(data, options, n_players) or _slow(data, options, n_players)
    elif isinstance(data, Mapping):
        record = _slow(data, options, n_players)
    else:
        raise InvalidDeal("record", Msg("marias.record_object"))
    check_record(record, n_players)
    return record
