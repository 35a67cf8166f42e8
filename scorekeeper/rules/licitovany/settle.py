"""Settling one licitovaný deal (docs/rules.md §4a): what each player pays or collects, and why.

Every part of the contract is settled on its own between the declarer and each defender (and
the sitter, with ``sitter_pays``, at flek level 0), doubled by that defender's own flek level
and by a hearts contract. A silent seven (plain sto only) is never flekked. Omyl: the declarer
pays ``omyl`` to each defender and nothing else. A renonc replaces everything: the offender pays
the paušál of its kind to each other player in the deal, never doubled, never to or from the
sitter. The ``limit`` caps what one player pays another in the deal (``limit_flekked`` when both
defenders flekked). Premium points are carried in ``extra["pb"]`` and never move a balance.
Pure: takes a checked record.
"""

from __future__ import annotations

from ..base import DealScore
from ..marias.settle import _expr, _line, _pay
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .options import LicitovanyOptions
from .record import LicitRecord
from .values import part_value


def contract_line(record: LicitRecord) -> Msg:
    """'sto a sedma contract, trumps clubs' (the first line of every deal)."""
    contract = record.ladder
    if not contract.trumps:
        return Msg("licit.contract", contract=contract.words)
    if contract.second_suit:
        second = Msg("licit.second", suit=record.second_suit)
        return Msg(
            "licit.contract_second", contract=contract.words, suit=record.trump, second=second
        )
    return Msg("licit.contract_trump", contract=contract.words, suit=record.trump)


def limit_for(record: LicitRecord, options: LicitovanyOptions) -> int | None:
    """The most one player pays another in this deal: ``limit_flekked`` when both defenders
    flekked (each said a flek on some part), else ``limit``; none without a ``limit``."""
    if options.limit is None:
        return None
    both = any(p.flek[0] for p in record.parts) and any(p.flek[1] for p in record.parts)  # type: ignore[index]
    if both and options.limit_flekked is not None:
        return options.limit_flekked
    return options.limit


def _parts(
    record: LicitRecord, options: LicitovanyOptions, payers: list[int], sitter: bool, lines: list
) -> list[int]:
    """Each part's line; what every payer owes the declarer (negative: the declarer owes)."""
    owed = [0] * len(payers)
    hearts = record.ladder.hearts
    for part in record.parts:
        label, declarer_wins, value, text = part_value(part, record, options)
        exprs = []
        for j in range(len(payers)):
            level = part.flek[j] if j < 2 else 0  # type: ignore[index]  # the sitter never flekked
            amount, expr = _expr(value, text, level, hearts)
            owed[j] += amount if declarer_wins else -amount
            exprs.append(expr)
        lines.append(_line(label, declarer_wins, payers, exprs, sitter))
    for silent in record.silent:
        if silent.kind == "ticha_sedma":  # the silent hundred is settled inside the hra
            mine = silent.side == "declarer"
            amount, expr = _expr(options.ticha_sedma, None, 0, hearts)
            owed = [o + (amount if mine else -amount) for o in owed]
            code = "marias.ticha_sedma_declarer_from" if mine else "marias.ticha_sedma_defenders_to"
            lines.append(Msg(code + ("_sitter" if sitter else ""), expr=expr))
    return owed


def _renonc(
    record: LicitRecord, options: LicitovanyOptions, active: list[int], delta: list[int]
) -> Msg:
    """The paušál of its kind to each other player in the deal (capped by the limit)."""
    offender: int = record.renonc  # type: ignore[assignment]
    heavy = record.renonc_kind == 2
    amount = options.renonc_heavy if heavy else options.renonc
    if options.limit is not None:
        amount = min(amount, options.limit)
    for seat in active:
        if seat != offender:
            delta[seat] += amount
            delta[offender] -= amount
    return Msg("licit.renonc_heavy" if heavy else "marias.renonc", offender=offender, n=amount)


def _premium(pb: tuple[int, ...]) -> Msg:
    earned = tuple(Msg("licit.pb_earned", player=s, n=n) for s, n in enumerate(pb) if n)
    return Msg("licit.pb", each=earned)


def settle(record: LicitRecord, options: LicitovanyOptions, n_players: int) -> DealScore:
    """What one checked deal changes for each player (zero-sum), with the explanation."""
    delta = [0] * n_players
    lines: list[Msg] = [contract_line(record)]
    sitter = record.dealer if n_players == 4 else None
    active = [s for s in range(n_players) if s != sitter]
    with_sitter = sitter is not None and options.sitter_pays
    if sitter is not None:
        lines.append(Msg("marias.sat_out_pays" if with_sitter else "marias.sat_out", sitter=sitter))
    if record.renonc is not None:
        lines.append(_renonc(record, options, active, delta))
    else:
        payers = [s for s in active if s != record.declarer]
        if with_sitter:
            payers.append(sitter)  # type: ignore[arg-type]
        if record.omyl:
            owed = [-options.omyl] * len(payers)
            lines.append(Msg("licit.omyl_sitter" if with_sitter else "licit.omyl", n=options.omyl))
        else:
            owed = _parts(record, options, payers, with_sitter, lines)
        _pay(record.declarer, payers, 0, owed, limit_for(record, options), delta, lines)
    extra = {}
    if record.pb is not None:
        extra["pb"] = list(record.pb)
        if any(record.pb):
            lines.append(_premium(record.pb))
    return DealScore(tuple(delta), tuple(lines), extra)
