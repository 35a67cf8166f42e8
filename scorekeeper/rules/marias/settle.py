"""Settling one Mariáš deal (docs/rules.md §4): what each player pays or collects, and why.

Every part is settled on its own between the declarer and each defender (and the sitter, with
``sitter_pays``), multiplied by its flek level, by hearts and by open play; a renonc replaces
everything; the ``limit`` caps the net payment between two players in the deal. Pure: takes a
checked record.
"""

from __future__ import annotations

from functools import lru_cache

from ..base import DealScore
from ..messages import Msg
from ..messages import clear_caches as clear_messages
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .options import MariasOptions
from .record import NO_TRUMP_GAMES, MariasRecord, Part, Silent, flek_words, part_won

HEARTS = Msg("marias.hearts")
OPEN = Msg("marias.open")
_NO_HEARTS = frozenset(NO_TRUMP_GAMES)
# The parts the defenders announce: the declarer's side wins them when the defenders fail.
DEFENDERS_PARTS = ("sto_proti", "sedma_proti", "dve_sedmy_proti")


def _scaled(base: int, points: int, doubling: bool) -> tuple[int, Msg | None]:
    """A made hundred: its value again (or doubled) for every full 10 above 100."""
    tens = (points - 100) // 10
    if tens <= 0:
        return base, None
    if doubling:
        value = base << tens
        return value, Msg(
            "marias.scaled_doubling", base=base, factor=1 << tens, points=points, n=value
        )
    value = base * (1 + tens)
    return value, Msg("marias.scaled_linear", base=base, tens=tens, points=points, n=value)


def _hundred(
    base: int, won: bool, points: int | None, options: MariasOptions
) -> tuple[int, Msg | None]:
    """Value of a sto: scaled above 100 when made, per 10 short when failed (options)."""
    if points is None:
        return base, None
    if won:
        return _scaled(base, points, options.sto_scaling == "doubling")
    if options.sto_failure != "per_ten_short" or points >= 90:
        return base, None
    short = (100 - points + 9) // 10
    value = base * short
    return value, Msg(
        "marias.short", base=base, short=short, points=points, missing=100 - points, n=value
    )


def _said(kind: str, won: bool | None) -> Msg:
    """'sto won', 'sedma proti lost'."""
    return Msg("marias.won" if won else "marias.lost", part=kind)


def _silent_hundred_value(
    silent: Silent, record: MariasRecord, options: MariasOptions
) -> tuple[Msg, bool, int, Msg | None]:
    """The hra settled as the silent hundred that came with it, scaled like a made sto."""
    mine = silent.side == "declarer"
    points = silent.points or (record.declarer_points if mine else record.defender_points)
    value, text = _scaled(options.tiche_sto, points or 100, options.sto_scaling == "doubling")
    code = "marias.hra_silent_won" if mine else "marias.hra_silent_lost"
    return Msg(code), mine, value, text


def _hra_by_points(record: MariasRecord, options: MariasOptions) -> tuple[Msg, bool, int, None]:
    """A hra whose ``won`` was left out, decided by the points (the line says so)."""
    dp, fp = record.declarer_points, record.defender_points
    won = bool(part_won("hra", None, dp, fp))
    code = "marias.hra_won_points" if won else "marias.hra_lost_points"
    return Msg(code, dp=dp, fp=fp), won, options.hra, None


def _hra_value(
    part: Part, record: MariasRecord, options: MariasOptions
) -> tuple[Msg, bool, int, Msg | None]:
    """The hra's label, winner, value and arithmetic (a silent hundred replaces it)."""
    silent = next((s for s in record.silent if s.kind == "tiche_sto"), None)
    if silent is not None:
        return _silent_hundred_value(silent, record, options)
    if part.won is None:
        return _hra_by_points(record, options)
    return _said(part.kind, part.won), part.won, options.hra, None


def _defenders_value(
    part: Part, record: MariasRecord, options: MariasOptions
) -> tuple[int, Msg | None]:
    """Value and arithmetic of a part the defenders announced."""
    if part.kind == "sto_proti":  # v2.1: made above 100 it scales like sto (the defenders' points)
        if part.won and record.defender_points is not None:
            doubling = options.sto_scaling == "doubling"
            return _scaled(options.sto_proti, record.defender_points, doubling)
        return options.sto_proti, None
    if part.kind == "sedma_proti":
        return options.sedma_proti, None
    return options.dve_sedmy, None  # v2.1: the defenders' double seven, valued as dve_sedmy


def _part_value(
    part: Part, record: MariasRecord, options: MariasOptions
) -> tuple[Msg, bool, int, Msg | None]:
    """(label saying won or lost, won by the declarer's side, value, arithmetic) of a part."""
    kind = part.kind
    won = part.won
    if kind == "hra":
        return _hra_value(part, record, options)
    if kind == "sto":
        value, text = _hundred(options.sto, won, record.declarer_points, options)
        return _said(kind, won), won, value, text
    if kind in DEFENDERS_PARTS:
        value, text = _defenders_value(part, record, options)
        return _said(kind, won), not won, value, text
    return _said(kind, won), won, getattr(options, kind), None


def _multipliers(level: int, hearts: bool, open_: bool) -> tuple[int, list[Msg]]:
    """What a part's value is multiplied by (flek level, hearts, open play), and their words."""
    factor = 1 << level
    words = [flek_words(level)] if level else []
    if hearts:
        factor *= 2
        words.append(HEARTS)
    if open_:  # docs/rules.md §4 v2 "open play": every part of the deal doubled
        factor *= 2
        words.append(OPEN)
    return factor, words


def _expr(
    value: int, text: Msg | None, level: int, hearts: bool, open_: bool = False
) -> tuple[int, Msg | int]:
    """The amount one payer owes for a part, and the arithmetic as players say it."""
    factor, words = _multipliers(level, hearts, open_)
    if factor == 1:
        return value, text or value
    total = value * factor
    if text:
        return total, Msg("marias.then_times", text=text, factors=tuple(words), n=total)
    return total, Msg("marias.times", base=value, factors=tuple(words), n=total)


def _each(declarer_wins: bool, sitter: bool) -> str:
    """The code of 'label: expr from/to each defender (and the sitter)'."""
    direction = "from" if declarer_wins else "to"
    return f"marias.{direction}_each" + ("_sitter" if sitter else "")


def _line(
    label: Msg, declarer_wins: bool, payers: list[int], exprs: list[Msg | int], sitter: bool
) -> Msg:
    if all(e == exprs[0] for e in exprs):
        return Msg(_each(declarer_wins, sitter), label=label, expr=exprs[0])
    code = "marias.from_payer" if declarer_wins else "marias.to_payer"
    each = [Msg(code, expr=e, payer=p) for p, e in zip(payers, exprs, strict=True)]
    return Msg("marias.per_payer", label=label, each=tuple(each))


@lru_cache(maxsize=4096)
def _same_for_all(
    label: Msg,
    declarer_wins: bool,
    value: int,
    text: Msg | None,
    level: int,
    hearts: bool,
    sitter: bool,
    open_: bool = False,
) -> tuple[int, Msg]:
    """(signed amount each payer owes the declarer, explanation) of a part with one flek level.

    Memoised: a tournament repeats the same few parts thousands of times, and the words are
    the slow part of settling them.
    """
    amount, expr = _expr(value, text, level, hearts, open_)
    line = Msg(_each(declarer_wins, sitter), label=label, expr=expr)
    return (amount if declarer_wins else -amount), line


def clear_caches() -> None:
    """Forget the memoised explanations and messages (the benchmark starts every run cold)."""
    _same_for_all.cache_clear()
    clear_messages()


def _renonc(
    record: MariasRecord, options: MariasOptions, active: list[int], delta: list[int]
) -> Msg:
    offender = record.renonc
    limit = options.limit
    amount = options.renonc if limit is None else min(options.renonc, limit)
    for seat in active:
        if seat != offender:
            delta[seat] += amount
            delta[offender] -= amount  # type: ignore[index]
    return Msg("marias.renonc", offender=offender, n=amount)


def settle(record: MariasRecord, options: MariasOptions, n_players: int) -> DealScore:
    """What one checked deal changes for each player (zero-sum), with the explanation."""
    delta = [0] * n_players
    lines: list[Msg] = []
    sitter = record.dealer if n_players == 4 else None
    active, with_sitter = ([0, 1, 2], False) if sitter is None else _table(sitter, options, lines)
    if record.renonc is not None:
        lines.append(_renonc(record, options, active, delta))
        return DealScore(tuple(delta), tuple(lines))
    payers = _payers(record.declarer, active, sitter if with_sitter else None)
    common, owed = _parts(record, options, payers, with_sitter, lines)
    if record.silent:
        common += _silent(record, options, with_sitter, lines)
    _pay(record.declarer, payers, common, owed, options.limit, delta, lines)
    return DealScore(tuple(delta), tuple(lines))


def _table(sitter: int, options: MariasOptions, lines: list[Msg]) -> tuple[list[int], bool]:
    """The players in the deal (all but the dealer, who sits out) and whether the sitter pays."""
    active = [s for s in range(4) if s != sitter]
    with_sitter = options.sitter_pays
    code = "marias.sat_out_pays" if with_sitter else "marias.sat_out"
    lines.append(Msg(code, sitter=sitter))
    return active, with_sitter


def _payers(declarer: int, active: list[int], paying_sitter: int | None) -> list[int]:
    """Who settles each part with the declarer: the defenders, then the sitter if they pay."""
    payers = [s for s in active if s != declarer]
    if paying_sitter is not None:
        payers.append(paying_sitter)
    return payers


def _hearts_double(record: MariasRecord, options: MariasOptions) -> bool:
    """Whether hearts double this deal's parts (option ``hearts_double``, hearts trump)."""
    return options.hearts_double and record.trump == "hearts"


def _per_payer(
    valued: tuple[Msg, bool, int, Msg | None],
    flek: tuple[int, int],
    hearts: bool,
    open_: bool,
    payers: list[int],
    with_sitter: bool,
    owed: list[int],
) -> Msg:
    """A part flekked per defender: adds what each payer owes to ``owed``; the part's line."""
    label, declarer_wins, value, text = valued
    exprs = []
    for j in range(len(payers)):
        level = flek[j] if j < 2 else 0  # the sitter never flekked
        amount, expr = _expr(value, text, level, hearts, open_)
        owed[j] += amount if declarer_wins else -amount
        exprs.append(expr)
    return _line(label, declarer_wins, payers, exprs, with_sitter)


def _parts(
    record: MariasRecord,
    options: MariasOptions,
    payers: list[int],
    with_sitter: bool,
    lines: list[Msg],
) -> tuple[int, list[int]]:
    """Each part's line; what every payer owes the declarer (negative: the declarer owes them)
    and, on top of that, what each payer owes by their own flek (flek per defender)."""
    common = 0
    owed = [0] * len(payers)
    hearts_double = _hearts_double(record, options)
    for part in record.parts:
        valued = _part_value(part, record, options)
        hearts = hearts_double and part.kind not in _NO_HEARTS
        flek = part.flek
        if type(flek) is int:
            signed, line = _same_for_all(*valued, flek, hearts, with_sitter, record.open)
            common += signed
        else:
            line = _per_payer(valued, flek, hearts, record.open, payers, with_sitter, owed)
        lines.append(line)
    return common, owed


def _ticha_sedma(
    mine: bool, record: MariasRecord, options: MariasOptions, with_sitter: bool
) -> tuple[int, Msg]:
    """What every payer owes the declarer for a silent seven (``mine``: the declarer's side
    received it), and its line."""
    hearts = _hearts_double(record, options)
    amount, expr = _expr(options.ticha_sedma, None, 0, hearts, record.open)
    code = "marias.ticha_sedma_declarer_from" if mine else "marias.ticha_sedma_defenders_to"
    line = Msg(code + ("_sitter" if with_sitter else ""), expr=expr)
    return (amount if mine else -amount), line


def _silent(
    record: MariasRecord, options: MariasOptions, with_sitter: bool, lines: list[Msg]
) -> int:
    """The silent seven's line; what every payer owes the declarer for it."""
    common = 0
    for silent in record.silent:
        if silent.kind == "ticha_sedma":  # the silent hundred is settled inside the hra
            amount, line = _ticha_sedma(silent.side == "declarer", record, options, with_sitter)
            common += amount
            lines.append(line)
    return common


def _capped(declarer: int, payer: int, amount: int, limit: int | None, lines: list[Msg]) -> int:
    """The payment between the declarer and a payer, capped by the ``limit`` (with a line
    saying so when the cap applies)."""
    if limit is None or abs(amount) <= limit:
        return amount
    a, b = (payer, declarer) if amount > 0 else (declarer, payer)
    lines.append(Msg("marias.limit", payer=a, payee=b, limit=limit, n=abs(amount)))
    return limit if amount > 0 else -limit


def _pay(
    declarer: int,
    payers: list[int],
    common: int,
    owed: list[int],
    limit: int | None,
    delta: list[int],
    lines: list[Msg],
) -> None:
    """Settle between the declarer and each payer, capped by the ``limit``."""
    for j, payer in enumerate(payers):
        amount = _capped(declarer, payer, common + owed[j], limit, lines)
        delta[declarer] += amount
        delta[payer] -= amount
