"""Settling one Mariáš deal (docs/rules.md §4): what each player pays or collects, and why.

Every part is settled on its own between the declarer and each defender (and the sitter, with
``sitter_pays``), multiplied by its flek level, by hearts and by open play; a renonc replaces
everything; the ``limit`` caps the net payment between two players in the deal. Pure: takes a
checked record.
"""

from __future__ import annotations

from functools import lru_cache

from ..base import DealScore
from .options import MariasOptions
from .record import NAMES, MariasRecord, Part, flek_words

HEARTS = "červené 2"
OPEN = "open cards 2"
_NO_HEARTS = frozenset(("betl", "durch"))


def _scaled(base: int, points: int, doubling: bool) -> tuple[int, str | None]:
    """A made hundred: its value again (or doubled) for every full 10 above 100."""
    tens = (points - 100) // 10
    if tens <= 0:
        return base, None
    if doubling:
        value = base << tens
        return value, f"{base} × {1 << tens} for {points} points = {value}"
    value = base * (1 + tens)
    return value, f"{base} + {tens} × {base} for {points} points = {value}"


def _hundred(
    base: int, won: bool, points: int | None, options: MariasOptions
) -> tuple[int, str | None]:
    """Value of a sto: scaled above 100 when made, per 10 short when failed (options)."""
    if points is None:
        return base, None
    if won:
        return _scaled(base, points, options.sto_scaling == "doubling")
    if options.sto_failure != "per_ten_short" or points >= 90:
        return base, None
    short = (100 - points + 9) // 10
    value = base * short
    return value, f"{base} × {short} for {points} points ({100 - points} short) = {value}"


def _said(won: bool | None) -> str:
    return "won" if won else "lost"


def _part_value(
    part: Part, record: MariasRecord, options: MariasOptions
) -> tuple[str, bool, int, str | None]:
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
            return f"hra {_said(mine)} with tiché sto", mine, value, text
        if won is None:  # decided by the points: say so
            dp, fp = record.declarer_points, record.defender_points
            won = dp > fp  # type: ignore[operator]
            return f"hra {_said(won)} ({dp} against {fp})", won, options.hra, None
        return f"hra {_said(won)}", won, options.hra, None
    if kind == "sto":
        value, text = _hundred(options.sto, won, record.declarer_points, options)
        return f"sto {_said(won)}", won, value, text
    if kind == "sto_proti":  # docs/rules.md §4 scales only the declarer's sto: this one is flat
        return f"sto proti {_said(won)}", not won, options.sto_proti, None
    if kind == "sedma_proti":
        return f"sedma proti {_said(won)}", not won, options.sedma_proti, None
    return f"{NAMES[kind]} {_said(won)}", won, getattr(options, kind), None


def _expr(
    value: int, text: str | None, level: int, hearts: bool, open_: bool = False
) -> tuple[int, str]:
    """The amount one payer owes for a part, and the arithmetic as players say it."""
    factor = (1 << level) * (2 if hearts else 1) * (2 if open_ else 1)
    if factor == 1:
        return value, text or str(value)
    words = [flek_words(level)] if level else []
    if hearts:
        words.append(HEARTS)
    if open_:  # docs/rules.md §4 v2 "open play": every part of the deal doubled
        words.append(OPEN)
    total = value * factor
    if text:
        return total, f"{text}; × {' × '.join(words)} = {total}"
    return total, f"{value} × {' × '.join(words)} = {total}"


def _line(label: str, direction: str, payers: list[int], exprs: list[str], sitter: bool) -> str:
    if all(e == exprs[0] for e in exprs):
        whom = "each defender and the sitter" if sitter else "each defender"
        return f"{label}: {exprs[0]} {direction} {whom}"
    each = "; ".join(f"{e} {direction} player {p + 1}" for p, e in zip(payers, exprs, strict=True))
    return f"{label}: {each}"


@lru_cache(maxsize=4096)
def _same_for_all(
    label: str,
    declarer_wins: bool,
    value: int,
    text: str | None,
    level: int,
    hearts: bool,
    whom: str,
    open_: bool = False,
) -> tuple[int, str]:
    """(signed amount each payer owes the declarer, explanation) of a part with one flek level.

    Memoised: a tournament repeats the same few parts thousands of times, and the words are
    the slow part of settling them.
    """
    amount, expr = _expr(value, text, level, hearts, open_)
    if declarer_wins:
        return amount, f"{label}: {expr} from {whom}"
    return -amount, f"{label}: {expr} to {whom}"


def clear_caches() -> None:
    """Forget the memoised explanations (the benchmark starts every run cold)."""
    _same_for_all.cache_clear()


def _renonc(
    record: MariasRecord, options: MariasOptions, active: list[int], delta: list[int]
) -> str:
    offender = record.renonc
    limit = options.limit
    amount = options.renonc if limit is None else min(options.renonc, limit)
    for seat in active:
        if seat != offender:
            delta[seat] += amount
            delta[offender] -= amount  # type: ignore[index]
    return (
        f"renonc by player {offender + 1}: {amount} to each other player; "  # type: ignore[operator]
        "nothing else of this deal is settled"
    )


def settle(record: MariasRecord, options: MariasOptions, n_players: int) -> DealScore:
    """What one checked deal changes for each player (zero-sum), with the explanation."""
    delta = [0] * n_players
    lines: list[str] = []
    sitter = record.dealer if n_players == 4 else None
    active, with_sitter = ([0, 1, 2], False) if sitter is None else _table(sitter, options, lines)
    if record.renonc is not None:
        lines.append(_renonc(record, options, active, delta))
        return DealScore(tuple(delta), tuple(lines))
    payers = [s for s in active if s != record.declarer]
    if with_sitter:
        payers.append(sitter)  # type: ignore[arg-type]
    whom = "each defender and the sitter" if with_sitter else "each defender"
    common, owed = _parts(record, options, payers, whom, with_sitter, lines)
    if record.silent:
        common += _silent(record, options, whom, lines)
    _pay(record.declarer, payers, common, owed, options.limit, delta, lines)
    return DealScore(tuple(delta), tuple(lines))


def _table(sitter: int, options: MariasOptions, lines: list[str]) -> tuple[list[int], bool]:
    """The players in the deal (all but the dealer, who sits out) and whether the sitter pays."""
    active = [s for s in range(4) if s != sitter]
    with_sitter = options.sitter_pays
    pays = "; pays and collects as a defender" if with_sitter else ""
    lines.append(f"player {sitter + 1} dealt and sat out{pays}")
    return active, with_sitter


def _parts(
    record: MariasRecord,
    options: MariasOptions,
    payers: list[int],
    whom: str,
    with_sitter: bool,
    lines: list[str],
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
                label, declarer_wins, value, text, flek, hearts, whom, record.open
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
        lines.append(_line(label, "from" if declarer_wins else "to", payers, exprs, with_sitter))
    return common, owed


def _silent(record: MariasRecord, options: MariasOptions, whom: str, lines: list[str]) -> int:
    """The silent seven's line; what every payer owes the declarer for it."""
    common = 0
    hearts_double = options.hearts_double and record.trump == "hearts"
    for silent in record.silent:
        if silent.kind == "ticha_sedma":  # the silent hundred is settled inside the hra
            mine = silent.side == "declarer"
            amount, expr = _expr(options.ticha_sedma, None, 0, hearts_double, record.open)
            common += amount if mine else -amount
            lines.append(
                f"tichá sedma for the {silent.side}: {expr} {'from' if mine else 'to'} {whom}"
            )
    return common


def _pay(
    declarer: int,
    payers: list[int],
    common: int,
    owed: list[int],
    limit: int | None,
    delta: list[int],
    lines: list[str],
) -> None:
    """Settle between the declarer and each payer, capped by the ``limit``."""
    for j, payer in enumerate(payers):
        amount = common + owed[j]
        if limit is not None and abs(amount) > limit:
            a, b = (payer, declarer) if amount > 0 else (declarer, payer)
            lines.append(f"limit: player {a + 1} pays player {b + 1} {limit}, not {abs(amount)}")
            amount = limit if amount > 0 else -limit
        delta[declarer] += amount
        delta[payer] -= amount
