"""What each part of a licitovaný contract is worth before flek and hearts (docs/rules.md §4a),
and whether the declarer's side won it, with the arithmetic as players say it.

- ``hra`` 1, decided by ``won`` or by the points (§4); a silent hundred (rung 1 or 2) decides it
  and makes it pay twice its value, and that doubled value again for every full 10 above 100;
- ``sto`` 4: made, its value again for every full 10 above 100 (linear); failed, its value for
  every 10 short of 100 and once more for every 10 of the defenders' announced marriages
  (``sto_failure: per_ten_short``), or its plain value (``flat``);
- ``sedma`` 2, ``betl`` 15, ``durch`` 30, ``dve_sedmy`` 40 as recorded.
"""

from __future__ import annotations

from ..marias.record import Part, Silent, part_won
from ..messages import Msg
from .options import LicitovanyOptions
from .record import LicitRecord

#: (label saying won or lost, won by the declarer's side, value in units, arithmetic or None)
Value = tuple[Msg, bool, int, Msg | None]


def _said(kind: str, won: bool | None) -> Msg:
    return Msg("marias.won" if won else "marias.lost", part=kind)


def _tens_above(points: int | None) -> int:
    return 0 if points is None else max(0, (points - 100) // 10)


def made_sto(base: int, points: int | None) -> tuple[int, Msg | None]:
    """A made sto: its value again for every full 10 above 100 (110 -> 8, 130 -> 16)."""
    tens = _tens_above(points)
    if not tens:
        return base, None
    value = base * (1 + tens)
    return value, Msg("marias.scaled_linear", base=base, tens=tens, points=points, n=value)


def failed_sto(
    base: int, record: LicitRecord, options: LicitovanyOptions
) -> tuple[int, Msg | None]:
    """A failed sto: per 10 short of 100, plus per 10 of the defenders' marriages (or flat)."""
    dp = record.declarer_points
    if options.sto_failure != "per_ten_short" or dp is None:
        return base, None
    short = max(1, (100 - dp + 9) // 10)
    married = record.defender_marriages or 0
    value = base * (short + married // 10)
    return value, _failed_text(base, dp, short, married, value)


def _failed_text(base: int, dp: int, short: int, married: int, value: int) -> Msg | None:
    """The arithmetic of a failed sto paid per 10 short (none when it is the plain value)."""
    if married:
        return Msg(
            "licit.short_marriages",
            base=base,
            short=short,
            points=dp,
            tens=married // 10,
            marriages=married,
            n=value,
        )
    if short == 1:
        return None
    return Msg("marias.short", base=base, short=short, points=dp, missing=100 - dp, n=value)


def _silent_text(base: int, tens: int, points: int, value: int) -> Msg:
    """The arithmetic of an hra with a silent hundred: twice its value, again per 10 above."""
    if tens:
        return Msg("licit.silent_hundred_above", base=base, tens=tens, points=points, n=value)
    return Msg("licit.silent_hundred", base=base, n=value)


def silent_hra(record: LicitRecord, hundred: Silent, options: LicitovanyOptions) -> Value:
    """The hra of a sedma contract with a silent hundred: won by the hundred's side, twice its
    value, and that again per full 10 above 100."""
    mine = hundred.side == "declarer"
    own = record.declarer_points if mine else record.defender_points
    points = hundred.points or own or 100
    tens = _tens_above(points)
    base = options.hra
    value = base * 2 * (1 + tens)
    text = _silent_text(base, tens, points, value)
    label = Msg("marias.hra_silent_won" if mine else "marias.hra_silent_lost")
    return label, mine, value, text


def _hra_by_points(record: LicitRecord, options: LicitovanyOptions) -> Value:
    """An hra recorded without a result: the points decide it, and its label says so."""
    dp, fp = record.declarer_points, record.defender_points
    won = bool(part_won("hra", None, dp, fp))
    code = "marias.hra_won_points" if won else "marias.hra_lost_points"
    return Msg(code, dp=dp, fp=fp), won, options.hra, None


def _silent_hundred(record: LicitRecord) -> Silent | None:
    """The deal's silent hundred, if one was played."""
    return next((s for s in record.silent if s.kind == "tiche_sto"), None)


def _hra(part: Part, record: LicitRecord, options: LicitovanyOptions) -> Value:
    hundred = _silent_hundred(record)
    if hundred is not None:
        return silent_hra(record, hundred, options)
    if part.won is None:  # decided by the points (docs/rules.md §4): say so
        return _hra_by_points(record, options)
    return _said("hra", part.won), part.won, options.hra, None


def part_value(part: Part, record: LicitRecord, options: LicitovanyOptions) -> Value:
    """(label, won by the declarer's side, value, arithmetic) of one part of the contract."""
    if part.kind == "hra":
        return _hra(part, record, options)
    won = bool(part.won)
    if part.kind == "sto":
        if won:
            value, text = made_sto(options.sto, record.declarer_points)
        else:
            value, text = failed_sto(options.sto, record, options)
        return _said("sto", won), won, value, text
    return _said(part.kind, won), won, getattr(options, part.kind), None
