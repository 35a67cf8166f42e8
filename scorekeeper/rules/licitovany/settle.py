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
from .record import LicitRecord, Part, Silent
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


def _both_flekked(record: LicitRecord) -> bool:
    """Each defender said a flek on some part."""
    first = any(p.flek[0] for p in record.parts)
    return first and any(p.flek[1] for p in record.parts)  # type: ignore[index]


def limit_for(record: LicitRecord, options: LicitovanyOptions) -> int | None:
    """The most one player pays another in this deal: ``limit_flekked`` when both defenders
    flekked (each said a flek on some part), else ``limit``; none without a ``limit``."""
    if options.limit is None:
        return None
    if options.limit_flekked is not None and _both_flekked(record):
        return options.limit_flekked
    return options.limit


def _at_levels(
    part: Part, n_payers: int, value: int, text: Msg | None, hearts: bool
) -> list[tuple[int, Msg | int]]:
    """The part's amount and arithmetic for each payer: a defender at his own flek level, the
    sitter (the last payer, when he pays) at level 0."""
    levels = [*part.flek, 0][:n_payers]  # type: ignore[misc]
    return [_expr(value, text, level, hearts) for level in levels]


def _part(
    part: Part, record: LicitRecord, options: LicitovanyOptions, payers: list[int], sitter: bool
) -> tuple[list[int], Msg]:
    """What each payer owes the declarer for one part (negative: the declarer owes), and its
    line; each defender at his own flek level, the sitter at level 0 (he never flekked)."""
    label, declarer_wins, value, text = part_value(part, record, options)
    owed = _at_levels(part, len(payers), value, text, record.ladder.hearts)
    signed = [amount if declarer_wins else -amount for amount, _ in owed]
    return signed, _line(label, declarer_wins, payers, [expr for _, expr in owed], sitter)


def _silent_seven(
    silent: Silent, record: LicitRecord, options: LicitovanyOptions, sitter: bool
) -> tuple[int, Msg]:
    """What each payer owes the declarer for a silent seven (never flekked), and its line."""
    mine = silent.side == "declarer"
    amount, expr = _expr(options.ticha_sedma, None, 0, record.ladder.hearts)
    code = "marias.ticha_sedma_declarer_from" if mine else "marias.ticha_sedma_defenders_to"
    return (amount if mine else -amount), Msg(code + ("_sitter" if sitter else ""), expr=expr)


def _silent_sevens(
    record: LicitRecord, options: LicitovanyOptions, sitter: bool, lines: list
) -> int:
    """Each silent seven's line; what every payer owes the declarer for them (the silent
    hundred is settled inside the hra)."""
    owed = 0
    for silent in record.silent:
        if silent.kind == "ticha_sedma":
            amount, line = _silent_seven(silent, record, options, sitter)
            owed += amount
            lines.append(line)
    return owed


def _parts(
    record: LicitRecord, options: LicitovanyOptions, payers: list[int], sitter: bool, lines: list
) -> list[int]:
    """Each part's line; what every payer owes the declarer (negative: the declarer owes)."""
    owed = [0] * len(payers)
    for part in record.parts:
        signed, line = _part(part, record, options, payers, sitter)
        owed = [o + s for o, s in zip(owed, signed, strict=True)]
        lines.append(line)
    silent = _silent_sevens(record, options, sitter, lines)
    return [o + silent for o in owed]


def _renonc_amount(record: LicitRecord, options: LicitovanyOptions) -> int:
    """The paušál of the renonc's kind, capped by the limit."""
    amount = options.renonc_heavy if record.renonc_kind == 2 else options.renonc
    if options.limit is not None:
        amount = min(amount, options.limit)
    return amount


def _renonc(
    record: LicitRecord, options: LicitovanyOptions, active: list[int], delta: list[int]
) -> Msg:
    """The paušál of its kind to each other player in the deal (capped by the limit)."""
    offender: int = record.renonc  # type: ignore[assignment]
    heavy = record.renonc_kind == 2
    amount = _renonc_amount(record, options)
    for seat in active:
        if seat != offender:
            delta[seat] += amount
            delta[offender] -= amount
    return Msg("licit.renonc_heavy" if heavy else "marias.renonc", offender=offender, n=amount)


def _seats_in_deal(
    record: LicitRecord, n_players: int, sitter: int | None
) -> tuple[list[int], list[int]]:
    """The players in the deal, and those among them who settle with the declarer."""
    active = [s for s in range(n_players) if s != sitter]
    return active, [s for s in active if s != record.declarer]


def _table(
    record: LicitRecord, options: LicitovanyOptions, n_players: int, lines: list[Msg]
) -> tuple[list[int], list[int], bool]:
    """(the players in the deal, those who pay or collect against the declarer, whether the
    sitter is one of them); with four at the table a line says who sat out."""
    sitter = record.sitter(n_players)
    active, payers = _seats_in_deal(record, n_players, sitter)
    if sitter is None:
        return active, payers, False
    if not options.sitter_pays:
        lines.append(Msg("marias.sat_out", sitter=sitter))
        return active, payers, False
    lines.append(Msg("marias.sat_out_pays", sitter=sitter))
    return active, payers + [sitter], True


def _played(
    record: LicitRecord,
    options: LicitovanyOptions,
    payers: list[int],
    sitter: bool,
    delta: list[int],
    lines: list[Msg],
) -> None:
    """A deal given up (omyl) or played: what each payer and the declarer settle, capped."""
    if record.omyl:
        owed = [-options.omyl] * len(payers)
        lines.append(Msg("licit.omyl_sitter" if sitter else "licit.omyl", n=options.omyl))
    else:
        owed = _parts(record, options, payers, sitter, lines)
    _pay(record.declarer, payers, 0, owed, limit_for(record, options), delta, lines)


def _earned(pb: tuple[int, ...]) -> tuple[Msg, ...]:
    """'player 2: 3' for each seat that earned premium points."""
    return tuple(Msg("licit.pb_earned", player=s, n=n) for s, n in enumerate(pb) if n)


def _premium(record: LicitRecord, lines: list[Msg]) -> dict[str, list[int]]:
    """The deal's premium points as ``extra["pb"]`` (and a line naming who earned some)."""
    if record.pb is None:
        return {}
    earned = _earned(record.pb)
    if earned:
        lines.append(Msg("licit.pb", each=earned))
    return {"pb": list(record.pb)}


def settle(record: LicitRecord, options: LicitovanyOptions, n_players: int) -> DealScore:
    """What one checked deal changes for each player (zero-sum), with the explanation."""
    delta = [0] * n_players
    lines: list[Msg] = [contract_line(record)]
    active, payers, sitter = _table(record, options, n_players, lines)
    if record.renonc is not None:
        lines.append(_renonc(record, options, active, delta))
    else:
        _played(record, options, payers, sitter, delta, lines)
    extra = _premium(record, lines)
    return DealScore(tuple(delta), tuple(lines), extra)
