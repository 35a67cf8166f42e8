"""A quick path through the Mariáš record checks for well-formed records (the benchmark's and
the pub's common case): the same field checks as ``parse``, without collecting messages.

Returns None at the first doubt, and ``parse`` then runs the full checks that explain
what is wrong; a property test makes sure this path never accepts what the full checks refuse.

Worth keeping, measured on the 15,000 records of ``bench/bench_rules.py``
(CPU time, best of 7, load average about 2.5 on 2 cores): ``parse_record`` takes 80 ms with this
path and 104 ms with the full checks alone, a quarter more; that is 24 ms of the bench's
~190 ms parse and score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import SUITS
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
    silent_hundred_points,
)

_RECORD_KEY_SET = frozenset(RECORD_KEYS)
_PART_KEY_SET = frozenset(("kind", "won", "flek"))
_PART_KIND_SET = frozenset(PART_KINDS)
_SUIT_SET = frozenset(SUITS)
_SILENT_KEY_SET = frozenset(("kind", "side", "points"))
_SILENT_KINDS = SILENT_KINDS  # tuples: safe for unhashable values
_SIDES = SIDES


def _good_points(value: Any) -> bool:
    return value is None or (type(value) is int and 0 <= value <= MAX_POINTS and not value % 10)


def fast_record(data: dict, options: MariasOptions, n: int) -> MariasRecord | None:
    """The same checks as ``_slow`` for a well-formed record, quickly; None at the first doubt."""
    if not data.keys() <= _RECORD_KEY_SET:
        return None
    get = data.get
    declarer, dealer, renonc = get("declarer"), get("dealer"), get("renonc")
    trump, dp, fp = get("trump"), get("declarer_points"), get("defender_points")
    open_ = get("open", False)
    if not (_good_seats(declarer, dealer, renonc, n) and _good_values(trump, dp, fp, open_)):
        return None
    parts = _parts(get("parts"), options)
    raw = get("silent")
    silent = () if raw is None else _silent(raw)
    if parts is None or silent is None:
        return None
    return MariasRecord(declarer, dealer, trump, parts, dp, fp, silent, renonc, open_)


def _is_seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _good_seats(declarer: Any, dealer: Any, renonc: Any, n: int) -> bool:
    """The declarer, the dealer (named with four players) and a renonc are seats at the table."""
    dealer_ok = n != 4 if dealer is None else _is_seat(dealer, n)
    return _is_seat(declarer, n) and dealer_ok and (renonc is None or _is_seat(renonc, n))


def _good_values(trump: Any, dp: Any, fp: Any, open_: Any) -> bool:
    """The trump is a suit or none, the points are good, ``open`` is true or false."""
    good_open = open_ is True or open_ is False
    return good_open and _good_trump(trump) and _good_points(dp) and _good_points(fp)


def _good_trump(trump: Any) -> bool:
    return trump is None or (type(trump) is str and trump in _SUIT_SET)


def _flek_reader(options: MariasOptions) -> tuple[Callable[[Any, int], Any], int]:
    """How this match's flek is read (a level per defender or one for all), and the highest
    level it allows."""
    top = MAX_FLEK_LEVEL if options.flek_max is None else min(options.flek_max, MAX_FLEK_LEVEL)
    return (_flek if options.flek_per_defender else _level), top


def _parts(raw: Any, options: MariasOptions) -> tuple[Part, ...] | None:
    """The parts played, each kind once; None at the first doubt."""
    if type(raw) is not list or not raw:
        return None
    parts = _read_parts(raw, options)
    if parts is None or not _kinds_once(parts):
        return None
    return tuple(parts)


def _read_parts(raw: list, options: MariasOptions) -> list[Part] | None:
    """Each part as the record has it; None at the first doubt."""
    read_flek, top = _flek_reader(options)
    parts = []
    for item in raw:
        flek = read_flek(item.get("flek"), top) if _good_part(item) else None
        if flek is None:
            return None
        parts.append(Part(item["kind"], item.get("won"), flek))
    return parts


def _good_part(item: Any) -> bool:
    """A part object: a known kind, and ``won`` true, false or left out."""
    if type(item) is not dict or not item.keys() <= _PART_KEY_SET:
        return False
    kind, won = item.get("kind"), item.get("won")
    return type(kind) is str and kind in _PART_KIND_SET and (won is None or type(won) is bool)


def _kinds_once(items: list[Part] | list[Silent]) -> bool:
    """No kind comes twice."""
    return len(items) < 2 or len({item.kind for item in items}) == len(items)


def _is_level(flek: Any, top: int) -> bool:
    return type(flek) is int and 0 <= flek <= top


def _level(flek: Any, top: int) -> int | None:
    """One flek level for all defenders (left out: 0)."""
    if flek is None:
        return 0
    return flek if _is_level(flek, top) else None


def _flek(flek: Any, top: int) -> tuple[int, int] | None:
    """A flek level per defender (left out: none)."""
    if flek is None:
        return (0, 0)
    if type(flek) is not list or len(flek) != 2:
        return None
    a, b = flek
    return (a, b) if _is_level(a, top) and _is_level(b, top) else None


def _silent(raw: Any) -> tuple[Silent, ...] | None:
    """The silent seven and hundred, each at most once; None at the first doubt."""
    if type(raw) is not list:
        return None
    silent = []
    for item in raw:
        if not _good_silent(item):
            return None
        silent.append(Silent(item["kind"], item["side"], item.get("points")))
    return tuple(silent) if _kinds_once(silent) else None


def _good_silent(item: Any) -> bool:
    """A silent seven or hundred paid to a side (a hundred may say its points)."""
    if type(item) is not dict or not item.keys() <= _SILENT_KEY_SET:
        return False
    kind = item.get("kind")
    if kind not in _SILENT_KINDS or item.get("side") not in _SIDES:
        return False
    return _good_silent_points(kind, item.get("points"))


def _good_silent_points(kind: str, points: Any) -> bool:
    """Points left out, or a silent hundred's."""
    return points is None or (kind == "tiche_sto" and silent_hundred_points(points))
