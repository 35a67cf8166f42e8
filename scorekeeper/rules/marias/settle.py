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
from .record import NO_TRUMP_GAMES, MariasRecord, Part, flek_words, part_won

HEARTS = Msg("marias.hearts")
OPEN = Msg("marias.open")
_NO_HEARTS = frozenset(NO_TRUMP_GAMES)


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


def _part_value(
    part: Part, record: MariasRecord, options: MariasOptions
) -> tuple[Msg, bool, int, Msg | None]:
    """(label saying won or lost, won by the declarer's side, value, arithmetic) of a part."""
    kind = part.kind
    won = part.won
    if kind == "hra":
        silent = next((s for s in record.silent if s.kind == "tiche_sto"), None)
        if silent is not None:
            mine = silent.side == "declarer"
            points = silent.points or (record.declarer_points if mine else record.defender_points)
            value, text = _scaled(
                options.tiche_sto, points or 100, options.sto_scaling == "doubling"
            )
            code = "marias.hra_silent_won" if mine else "marias.hra_silent_lost"
            return Msg(code), mine, value, text
        if won is None:  # decided by the points: say so
            dp, fp = record.declarer_points, record.defender_points
            won = bool(part_won(kind, won, dp, fp))
            code = "marias.hra_won_points" if won else "marias.hra_lost_points"
            return Msg(code, dp=dp, fp=fp), won, options.hra, None
        return _said(kind, won), won, options.hra, None
    if kind == "sto":
        value, text = _hundred(options.sto, won, record.declarer_points, options)
        return _said(kind, won), won, value, text
    if kind == "sto_proti":  # v2.1: made above 100 it scales like sto (the defenders' points)
        value, text = options.sto_proti, None
        if won and record.defender_points is not None:
            doubling = options.sto_scaling == "doubling"
            value, text = _scaled(value, record.defender_points, doubling)
        return _said(kind, won), not won, value, text
    if kind == "sedma_proti":
        return _said(kind, won), not won, options.sedma_proti, None
    if kind == "dve_sedmy_proti":  # v2.1: the defenders' double seven, valued as dve_sedmy
        return _said(kind, won), not won, options.dve_sedmy, None
    return _said(kind, won), won, getattr(options, kind), None


def _expr(
    value: int, text: Msg | None, level: int, hearts: bool, open_: bool = False
) -> tuple[int, Msg | int]:
    """The amount one payer owes for a part, and the arithmetic as players say it."""
    factor = (1 << level) * (2 if hearts else 1) * (2 if open_ else 1)
    if factor == 1:
        return value, text or value
    words = [flek_words(level)] if level else []
    if hearts:
        words.append(HEARTS)
    if open_:  # docs/rules.md §4 v2 "open play": every part of the deal doubled
        words.append(OPEN)
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
    payers = [s for s in active if s != record.declarer]
    if with_sitter:
        payers.append(sitter)  # type: ignore[arg-type]
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
    hearts_double = options.hearts_double and record.trump == "hearts"
    for part in record.parts:
        label, declarer_wins, value, text = _part_value(part, record, options)
        hearts = hearts_double and part.kind not in _NO_HEARTS
        flek = part.flek
        if type(flek) is int:
            signed, line = _same_for_all(
                label, declarer_wins, value, text, flek, hearts, with_sitter, record.open
            )
            common += signed
            lines.append(line)
            continue
        exprs = []
        for j in range(len(payers)):
            level = flek[j] if j < 2 else 0  # type: ignore[index]  # the sitter never flekked
            amount, expr = _expr(value, text, level, hearts, record.open)
            owed[j] += amount if declarer_wins else -amount
            exprs.append(expr)
        lines.append(_line(label, declarer_wins, payers, exprs, with_sitter))
    return common, owed


def _silent(
    record: MariasRecord, options: MariasOptions, with_sitter: bool, lines: list[Msg]
) -> int:
    """The silent seven's line; what every payer owes the declarer for it."""
    common = 0
    hearts_double = options.hearts_double and record.trump == "hearts"
    for silent in record.silent:
        if silent.kind == "ticha_sedma":  # the silent hundred is settled inside the hra
            mine = silent.side == "declarer"
            amount, expr = _expr(options.ticha_sedma, None, 0, hearts_double, record.open)
            common += amount if mine else -amount
            code = "marias.ticha_sedma_declarer_from" if mine else "marias.ticha_sedma_defenders_to"
            lines.append(Msg(code + ("_sitter" if with_sitter else ""), expr=expr))
    return common


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
        amount = common + owed[j]
        if limit is not None and abs(amount) > limit:
            a, b = (payer, declarer) if amount > 0 else (declarer, payer)
            lines.append(Msg("marias.limit", payer=a, payee=b, limit=limit, n=abs(amount)))
            amount = limit if amount > 0 else -limit
        delta[declarer] += amount
        delta[payer] -= amount
