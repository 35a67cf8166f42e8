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
    silent_hundred_points,
)

PART_KEYS = ("kind", "won", "flek")
SILENT_KEYS = ("kind", "side", "points")
_UNKNOWN_PART = Msg("marias.unknown_part", words=PART_KINDS)
_UNKNOWN_SILENT = Msg("marias.silent_kind")


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


def _level_ceiling(value: int, options: MariasOptions) -> Msg | None:
    """Why a whole, non-negative flek level is too high: above the match's ``flek_max`` or
    above the highest level there is (None: it is not)."""
    top = options.flek_max
    if top is not None and value > top:
        return Msg("marias.flek_max", level=top, flek=flek_words(top))
    if value > MAX_FLEK_LEVEL:
        return Msg("marias.flek_top", level=MAX_FLEK_LEVEL)
    return None


def _level(value: Any, field: str, options: MariasOptions, errors: list) -> int:
    if type(value) is not int:
        problem = Msg("marias.flek_whole")
    elif value < 0:
        problem = Msg("marias.flek_negative")
    else:
        problem = _level_ceiling(value, options)
    if problem is None:
        return value
    errors.append(FieldError(field, problem))
    return 0


def _flek_pair(value: Any, field: str, options: MariasOptions, errors: list) -> tuple[int, int]:
    """A flek level per defender (``flek_per_defender``; left out: none)."""
    if value is None:
        return (0, 0)
    if not isinstance(value, list | tuple) or len(value) != 2:
        errors.append(FieldError(field, Msg("marias.flek_pair")))
        return (0, 0)
    return (
        _level(value[0], f"{field}.0", options, errors),
        _level(value[1], f"{field}.1", options, errors),
    )


def _flek(value: Any, field: str, options: MariasOptions, errors: list) -> int | tuple[int, int]:
    if options.flek_per_defender:
        return _flek_pair(value, field, options, errors)
    if value is None:
        return 0
    if isinstance(value, list | tuple):
        errors.append(FieldError(field, Msg("marias.flek_one")))
        return 0
    return _level(value, field, options, errors)


def _unknown_keys(
    item: Mapping, known: tuple[str, ...], prefix: str, code: str, errors: list
) -> None:
    """Refuses each key of ``item`` that is not one of ``known`` (its field: ``prefix`` + key)."""
    for key in item:
        if key not in known:
            errors.append(FieldError(f"{prefix}{key}", Msg(code)))


def _new_kind(
    kind: Any, known: tuple[str, ...], unknown: Msg, field: str, seen: set[str], errors: list
) -> bool:
    """Whether a list item's ``kind`` is known and not in the list before (refused if not)."""
    if kind not in known:
        errors.append(FieldError(f"{field}.kind", unknown))
        return False
    if kind in seen:
        errors.append(FieldError(f"{field}.kind", Msg("marias.twice", part=kind)))
        return False
    seen.add(kind)
    return True


def _won(value: Any, field: str, errors: list) -> bool | None:
    """A part's ``won``: true, false or left out (refused otherwise)."""
    if value is not None and type(value) is not bool:
        errors.append(FieldError(f"{field}.won", Msg("marias.won_bool")))
        return None
    return value


def _part(
    item: Any, field: str, options: MariasOptions, seen: set[str], errors: list
) -> Part | None:
    """One part of the list (None: refused)."""
    if not isinstance(item, Mapping):
        errors.append(FieldError(field, Msg("marias.part_object")))
        return None
    _unknown_keys(item, PART_KEYS, f"{field}.", "marias.not_in_part", errors)
    kind = item.get("kind")
    if not _new_kind(kind, PART_KINDS, _UNKNOWN_PART, field, seen, errors):
        return None
    won = _won(item.get("won"), field, errors)
    return Part(kind, won, _flek(item.get("flek"), f"{field}.flek", options, errors))


def _parts(data: Mapping[str, Any], options: MariasOptions, errors: list) -> list[Part]:
    raw = data.get("parts")
    if not isinstance(raw, list | tuple) or not raw:
        errors.append(FieldError("parts", Msg("marias.record_game")))
        return []
    seen: set[str] = set()
    parts = [_part(item, f"parts.{i}", options, seen, errors) for i, item in enumerate(raw)]
    return [part for part in parts if part is not None]


def _silent_points(kind: str, points: Any, field: str, errors: list) -> int | None:
    """The points a silent hundred was made with (only a hundred has them)."""
    if points is None:
        return None
    if kind != "tiche_sto":
        errors.append(FieldError(f"{field}.points", Msg("marias.silent_points_only")))
        return None
    if not silent_hundred_points(points):
        errors.append(FieldError(f"{field}.points", Msg("marias.silent_points")))
        return None
    return points


def _silent_item(item: Any, field: str, seen: set[str], errors: list) -> Silent | None:
    """One silent seven or hundred of the list (None: refused)."""
    if not isinstance(item, Mapping):
        errors.append(FieldError(field, Msg("marias.silent_object")))
        return None
    _unknown_keys(item, SILENT_KEYS, f"{field}.", "marias.not_in_silent", errors)
    kind, side = item.get("kind"), item.get("side")
    if not _new_kind(kind, SILENT_KINDS, _UNKNOWN_SILENT, field, seen, errors):
        return None
    if side not in SIDES:
        errors.append(FieldError(f"{field}.side", Msg("marias.silent_side")))
        return None
    return Silent(kind, side, _silent_points(kind, item.get("points"), field, errors))


def _silent(data: Mapping[str, Any], errors: list) -> list[Silent]:
    raw = data.get("silent")
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        errors.append(FieldError("silent", Msg("marias.silent_list")))
        return []
    seen: set[str] = set()
    items = [_silent_item(item, f"silent.{i}", seen, errors) for i, item in enumerate(raw)]
    return [item for item in items if item is not None]


def _seats(
    data: Mapping[str, Any], n_players: int, errors: list
) -> tuple[int | None, int | None, int | None]:
    """The declarer, the dealer and the player who revoked (renonc)."""
    seats = list(range(n_players))
    dealer = _seat(data, "dealer", n_players, [], False, seats)
    # four at the table: the dealer sits out, so the declarer is one of the other three
    others = [s for s in seats if s != dealer] if n_players == 4 else seats
    declarer = _seat(data, "declarer", n_players, errors, True, others)
    dealer = _seat(data, "dealer", n_players, errors, n_players == 4, seats)
    renonc = _seat(data, "renonc", n_players, errors, False, others)
    return declarer, dealer, renonc


def _trump(data: Mapping[str, Any], errors: list) -> str | None:
    trump = data.get("trump")
    if trump is not None and trump not in SUITS:
        errors.append(FieldError("trump", Msg("marias.unknown_suit", words=SUITS)))
        return None
    return trump


def _open(data: Mapping[str, Any], errors: list) -> bool:
    """Whether the declarer played with open cards (left out or null: no)."""
    open_ = data.get("open", False)
    if open_ is None:
        return False
    if type(open_) is not bool:
        errors.append(FieldError("open", Msg("marias.open_bool")))
        return False
    return open_


def _slow(data: Mapping[str, Any], options: MariasOptions, n_players: int) -> MariasRecord:
    """Every field checked, every problem collected: the path of a record with a mistake."""
    errors: list[FieldError] = []
    _unknown_keys(data, RECORD_KEYS, "", "marias.not_in_record", errors)
    declarer, dealer, renonc = _seats(data, n_players, errors)
    trump = _trump(data, errors)
    dp = _points(data, "declarer_points", errors)
    fp = _points(data, "defender_points", errors)
    parts = _parts(data, options, errors)
    silent = _silent(data, errors)
    open_ = _open(data, errors)
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
    if n_players not in (3, 4):
        raise InvalidOptions("players", Msg("marias.players", n=n_players))
    if type(data) is dict:
        record = fast_record(data, options, n_players) or _slow(data, options, n_players)
    elif isinstance(data, Mapping):
        record = _slow(data, options, n_players)
    else:
        raise InvalidDeal("record", Msg("marias.record_object"))
    check_record(record, n_players)
    return record
