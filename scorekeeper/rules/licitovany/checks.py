"""The refusals of docs/rules.md §4a (and the §5 ones that apply) between the fields of one
licitovaný deal record.

Called by ``parse.parse_record`` once every field has its type and range. What plain Mariáš
checks the same way (the sitter, points that add up, ``won`` against the points, a silent
hundred's side and points) is checked by Mariáš's own functions; the rest is the auction game's:
the contract's parts, its trumps and second suit, where silent parts may stand, omyl, a sto's
figure, the defenders' marriages and premium points. Raises InvalidDeal listing every problem.
"""

from __future__ import annotations

from ..base import FieldError, InvalidDeal
from ..marias.checks import _points_and_games, _silent_hundred, _sitter, _won
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .contracts import HEARTS, Contract, in_hearts
from .options import LicitovanyOptions
from .record import HUNDRED_MAX, LicitRecord, Silent

_CARDS = 90


def _parts_outside(record: LicitRecord, contract: Contract) -> list[FieldError]:
    """Each part recorded that the contract does not settle."""
    return [
        FieldError(
            f"parts.{i}.kind", Msg("licit.part_outside", contract=contract.words, part=p.kind)
        )
        for i, p in enumerate(record.parts)
        if p.kind not in contract.parts
    ]


def _parts_missing(record: LicitRecord, contract: Contract) -> list[FieldError]:
    """Each part the contract settles that the record leaves out."""
    kinds = {p.kind for p in record.parts}
    return [
        FieldError("parts", Msg("licit.part_missing", contract=contract.words, part=kind))
        for kind in contract.parts
        if kind not in kinds
    ]


def _contract_parts(record: LicitRecord, contract: Contract) -> list[FieldError]:
    """Exactly the parts the contract settles: none outside it, none of it missing."""
    return _parts_outside(record, contract) + _parts_missing(record, contract)


def _named_trump(trump: str | None, contract: Contract) -> list[FieldError]:
    """A červená contract is hearts; any other names a suit that is not hearts (with hearts it
    is the červená rung)."""
    if contract.hearts:
        if trump == HEARTS:
            return []
        return [FieldError("trump", Msg("licit.hearts_only", contract=contract.words))]
    if trump is None:
        return [FieldError("trump", Msg("licit.name_trump", contract=contract.words))]
    if trump == HEARTS:
        return [
            FieldError("trump", Msg("licit.hearts_contract", contract=in_hearts(contract).words))
        ]
    return []


def _trumps(record: LicitRecord, contract: Contract) -> list[FieldError]:
    """Betl and durch name no trump; a červená contract is hearts; any other names a suit that
    is not hearts (with hearts it is the červená rung); dvě sedmy name a second suit."""
    if contract.trumps:
        return _named_trump(record.trump, contract)
    if record.trump is None:
        return []
    return [FieldError("trump", Msg("marias.no_trump_game", part=contract.name))]


def _second_suit(record: LicitRecord, contract: Contract) -> list[FieldError]:
    second = record.second_suit
    if not contract.second_suit:
        return [] if second is None else [FieldError("second_suit", Msg("licit.second_only"))]
    if second is None:
        return [FieldError("second_suit", Msg("licit.second_needed"))]
    if second == record.trump:
        return [FieldError("second_suit", Msg("licit.second_trump"))]
    return []


#: why a silent part stands where the contract allows none (a silent hundred unless named here)
_SILENT_WHERE = {"ticha_sedma": "licit.silent_seven_where"}


def _silent_misplaced(kind: str, contract: Contract, field: str) -> FieldError:
    """A silent part the contract does not allow."""
    code = _SILENT_WHERE.get(kind, "licit.silent_hundred_where")
    return FieldError(f"{field}.kind", Msg(code, contract=contract.words))


def _check_silent_hundred(
    record: LicitRecord, silent: Silent, field: str, errors: list[FieldError]
) -> None:
    """A silent hundred's side and points as in plain Mariáš, its figure at most 130."""
    if any(p.kind == "hra" for p in record.parts):  # else the hra is missing (said)
        _silent_hundred(record, silent, field, errors)  # type: ignore[arg-type]
    if silent.points is not None and silent.points > HUNDRED_MAX:
        over = Msg("marias.silent_hundred_over", max=HUNDRED_MAX, n=silent.points)
        errors.append(FieldError(f"{field}.points", over))


def _silent(record: LicitRecord, contract: Contract, errors: list[FieldError]) -> None:
    """A silent hundred only beside a sedma contract's hra, a silent seven only in a plain sto."""
    for i, silent in enumerate(record.silent):
        field = f"silent.{i}"
        if silent.kind not in contract.silent:
            errors.append(_silent_misplaced(silent.kind, contract, field))
        elif silent.kind == "tiche_sto":
            _check_silent_hundred(record, silent, field, errors)


def _omyl_parts(record: LicitRecord) -> list[FieldError]:
    """A sedma given up has no flek and no result."""
    errors = []
    for i, part in enumerate(record.parts):
        if part.flek != (0, 0):
            errors.append(FieldError(f"parts.{i}.flek", Msg("licit.omyl_flek")))
        if part.won is not None:
            errors.append(FieldError(f"parts.{i}.won", Msg("licit.omyl_won")))
    return errors


def _omyl_play(record: LicitRecord) -> list[FieldError]:
    """A deal given up before play has nothing silent, no points and no renonc."""
    errors = []
    if record.silent or record.declarer_points is not None or record.defender_points is not None:
        errors.append(FieldError("omyl", Msg("licit.omyl_played")))
    if record.renonc is not None:
        errors.append(FieldError("omyl", Msg("licit.omyl_renonc")))
    return errors


def _omyl(record: LicitRecord, contract: Contract) -> list[FieldError]:
    """Only an unflekked sedma is given up, before play: no result, no points, nothing silent."""
    errors = []
    if not contract.may_give_up:
        errors.append(FieldError("omyl", Msg("licit.omyl_contract", contract=contract.words)))
    return errors + _omyl_parts(record) + _omyl_play(record)


def _sto_unfigured(won: bool | None, options: LicitovanyOptions) -> list[FieldError]:
    """A sto without the declarer's figure: a failed one paid per 10 short needs it."""
    if won is False and options.sto_failure == "per_ten_short":
        return [FieldError("declarer_points", Msg("licit.sto_failed_points"))]
    return []


def _sto_figure(dp: int, won: bool | None, sto: int) -> list[FieldError]:
    """The declarer's figure: at most 130, and a sto is lost exactly below 100."""
    if dp > HUNDRED_MAX:
        return [FieldError("declarer_points", Msg("licit.sto_over", max=HUNDRED_MAX, n=dp))]
    if won is False and dp >= 100:
        return [FieldError(f"parts.{sto}.won", Msg("marias.sto_lost_made", n=dp))]
    return []


def _sto_index(record: LicitRecord) -> int | None:
    """Where the sto stands among the record's parts, or None when there is none."""
    return next((i for i, p in enumerate(record.parts) if p.kind == "sto"), None)


def _sto(record: LicitRecord, options: LicitovanyOptions) -> list[FieldError]:
    """A sto's figure is the cards and the first marriage announced (at most 130); it is lost
    exactly below 100; a failed sto paid per 10 short needs that figure."""
    sto = _sto_index(record)
    if sto is None:
        return []
    won = record.parts[sto].won
    if record.declarer_points is None:
        return _sto_unfigured(won, options)
    return _sto_figure(record.declarer_points, won, sto)


def _marriages_fit(record: LicitRecord, married: int) -> bool:
    """The cards add up to 90 and the declarer's figure holds one marriage at most (0, 20 or
    40); nothing to check without both figures, or after a renonc."""
    dp, fp = record.declarer_points, record.defender_points
    if dp is None or fp is None or record.renonc is not None:
        return True
    own = dp + fp - _CARDS - married
    return own in (0, 20, 40) and 0 <= fp - married <= _CARDS


def _marriages(record: LicitRecord, contract: Contract) -> list[FieldError]:
    """The defenders' marriages stand against a sto, and fit the two figures: the cards add up
    to 90 and the declarer's figure holds one marriage at most (0, 20 or 40)."""
    married = record.defender_marriages
    if married is None:
        return []
    if "sto" not in contract.parts:
        return [FieldError("defender_marriages", Msg("licit.marriages_sto"))]
    if _marriages_fit(record, married):
        return []
    return [FieldError("defender_marriages", Msg("licit.marriages_points", n=married))]


def _pb(record: LicitRecord, n_players: int) -> list[FieldError]:
    """The player sitting the deal out earns no premium points in it."""
    sitter = record.sitter(n_players)
    if record.pb is None or sitter is None or not record.pb[sitter]:
        return []
    return [FieldError(f"pb.{sitter}", Msg("licit.pb_sitter", sitter=sitter))]


def _with_contract(
    record: LicitRecord, contract: Contract, options: LicitovanyOptions
) -> list[FieldError]:
    errors = _contract_parts(record, contract)
    errors += _trumps(record, contract) + _second_suit(record, contract)
    _silent(record, contract, errors)
    errors += _marriages(record, contract)
    if record.omyl:
        return errors + _omyl(record, contract)
    if record.renonc is None:
        errors += _sto(record, options)
        _won(record, errors)  # type: ignore[arg-type]  # each part won or lost, as the points
    return errors


def check_record(record: LicitRecord, options: LicitovanyOptions, n_players: int) -> None:
    """Raise InvalidDeal for every docs/rules.md §4a / §5 contradiction between the fields."""
    errors: list[FieldError] = []
    _sitter(record, n_players, errors)  # type: ignore[arg-type]
    errors += _with_contract(record, record.ladder, options)
    _points_and_games(record, errors)  # type: ignore[arg-type]
    errors += _pb(record, n_players)
    if errors:
        raise InvalidDeal(errors)
