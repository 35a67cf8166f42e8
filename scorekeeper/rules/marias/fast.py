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
    if not _good_seats(declarer, dealer, renonc, n):
        return None
    if trump is not None and (type(trump) is not str or trump not in _SUIT_SET):
        return None
    if not (_good_points(dp) and _good_points(fp)):
        return None
    open_ = get("open", False)
    if open_ is not True and open_ is not False:
        return None
    parts = _parts(get("parts"), options)
    if parts is None:
        return None
    raw = get("silent")
    silent = () if raw is None else _silent(raw)
    if silent is None:
        return None
    return MariasRecord(declarer, dealer, trump, parts, dp, fp, silent, renonc, open_)


def _good_seats(declarer: Any, dealer: Any, renonc: Any, n: int) -> bool:
    """The declarer, the dealer (named with four players) and a renonc are seats at the table."""
    if type(declarer) is not int or not 0 <= declarer < n:
        return False
    if dealer is None:
        if n == 4:
            return False
    elif type(dealer) is not int or not 0 <= dealer < n:
        return False
    return renonc is None or (type(renonc) is int and 0 <= renonc < n)


def _parts(raw: Any, options: MariasOptions) -> tuple[Part, ...] | None:
    """The parts played, each kind once; None at the first doubt."""
    if type(raw) is not list or not raw:
        return None
    top = MAX_FLEK_LEVEL if options.flek_max is None else min(options.flek_max, MAX_FLEK_LEVEL)
    per_defender = options.flek_per_defender
    parts = []
    for item in raw:
        if type(item) is not dict or not item.keys() <= _PART_KEY_SET:
            return None
        kind, won, flek = item.get("kind"), item.get("won"), item.get("flek")
        if type(kind) is not str or kind not in _PART_KIND_SET:
            return None
        if won is not None and type(won) is not bool:
            return None
        flek = _flek(flek, top) if per_defender else _level(flek, top)
        if flek is None:
            return None
        parts.append(Part(kind, won, flek))
    if len(parts) > 1 and len({p.kind for p in parts}) != len(parts):
        return None
    return tuple(parts)


def _level(flek: Any, top: int) -> int | None:
    """One flek level for all defenders (left out: 0)."""
    if flek is None:
        return 0
    if type(flek) is not int or not 0 <= flek <= top:
        return None
    return flek


def _flek(flek: Any, top: int) -> tuple[int, int] | None:
    """A flek level per defender (left out: none)."""
    if flek is None:
        return (0, 0)
    if type(flek) is not list or len(flek) != 2:
        return None
    a, b = flek
    if type(a) is not int or type(b) is not int or not (0 <= a <= top and 0 <= b <= top):
        return None
    return (a, b)


def _silent(raw: Any) -> tuple[Silent, ...] | None:
    """The silent seven and hundred, each at most once; None at the first doubt."""
    if type(raw) is not list:
        return None
    silent = []
    for item in raw:
        if type(item) is not dict or not item.keys() <= _SILENT_KEY_SET:
            return None
        kind, side, points = item.get("kind"), item.get("side"), item.get("points")
        if kind not in _SILENT_KINDS or side not in _SIDES:
            return None
        if points is not None and not (
            kind == "tiche_sto"
            and type(points) is int
            and 100 <= points <= MAX_POINTS
            and not points % 10
        ):
            return None
        silent.append(Silent(kind, side, points))
    if len(silent) > 2 or (len(silent) == 2 and silent[0].kind == silent[1].kind):
        return None
    return tuple(silent)
