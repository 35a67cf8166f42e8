"""Parsing a licitovaný deal record (docs/api.md "marias, preset licitovany") field by field:
types, ranges, seats, suits, the contract, fleks per defender, premium points.

Seats, points, flek levels and silent parts are read by Mariáš's own field readers (the same
rules, docs/rules.md §4, §5); the checks between fields are in ``checks``. Every problem is
collected, each with the JSON path of its field, and raised together as one InvalidDeal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import SUITS, FieldError, InvalidDeal, InvalidOptions
from ..marias.parse import _flek_pair, _points, _seat
from ..marias.parse import _silent as _silent_parts
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .checks import check_record
from .contracts import CONTRACT_NAMES, CONTRACTS, PART_KINDS, PROTI_KINDS, Contract
from .options import LicitovanyOptions
from .record import PB_MAX, RECORD_KEYS, LicitRecord, Part

_PART_KEYS = ("kind", "won", "flek")


def _contract(data: Mapping[str, Any], errors: list[FieldError]) -> Contract | None:
    value = data.get("contract")
    if value is None:
        errors.append(FieldError("contract", Msg("licit.choose_contract")))
    elif value not in CONTRACTS:
        errors.append(FieldError("contract", Msg("licit.unknown_contract", words=CONTRACT_NAMES)))
    else:
        return CONTRACTS[value]
    return None


def _suit(data: Mapping[str, Any], key: str, errors: list[FieldError]) -> str | None:
    value = data.get(key)
    if value is not None and value not in SUITS:
        errors.append(FieldError(key, Msg("marias.unknown_suit", words=SUITS)))
        return None
    return value


def _known_kind(kind: Any, field: str, errors: list) -> bool:
    """A part kind of the ladder (a proti part is said apart: the auction game has none)."""
    if kind in PROTI_KINDS:
        errors.append(FieldError(f"{field}.kind", Msg("licit.proti", part=kind)))
        return False
    if kind not in PART_KINDS:
        errors.append(FieldError(f"{field}.kind", Msg("marias.unknown_part", words=PART_KINDS)))
        return False
    return True


def _part_won(item: Mapping[str, Any], field: str, errors: list) -> bool | None:
    """A part's result: true, false, or left out (None)."""
    won = item.get("won")
    if won is not None and type(won) is not bool:
        errors.append(FieldError(f"{field}.won", Msg("marias.won_bool")))
        return None
    return won


def _unknown_part_keys(item: Mapping[str, Any], field: str) -> list[FieldError]:
    """Keys a part does not have (it has kind, won and flek)."""
    return [
        FieldError(f"{field}.{key}", Msg("marias.not_in_part"))
        for key in item
        if key not in _PART_KEYS
    ]


def _part(item: Any, field: str, options: LicitovanyOptions, errors: list) -> Part | None:
    if not isinstance(item, Mapping):
        errors.append(FieldError(field, Msg("marias.part_object")))
        return None
    errors += _unknown_part_keys(item, field)
    kind = item.get("kind")
    if not _known_kind(kind, field, errors):
        return None
    won = _part_won(item, field, errors)
    return Part(kind, won, _flek_pair(item.get("flek"), f"{field}.flek", options, errors))


def _listed(raw: list | tuple, options: LicitovanyOptions, errors: list) -> tuple[Part, ...]:
    """The parts of a non-empty list, each kind once."""
    parts: list[Part] = []
    for i, item in enumerate(raw):
        part = _part(item, f"parts.{i}", options, errors)
        if part is None:
            continue
        if any(p.kind == part.kind for p in parts):
            errors.append(FieldError(f"parts.{i}.kind", Msg("marias.twice", part=part.kind)))
        else:
            parts.append(part)
    return tuple(parts)


def _unplayed_parts(contract: Contract) -> tuple[Part, ...]:
    """The contract's parts as they stand when nobody played them: unflekked, no result."""
    return tuple(Part(kind, None, (0, 0)) for kind in contract.parts)


def _parts(
    data: Mapping[str, Any],
    contract: Contract | None,
    unplayed: bool,
    options: LicitovanyOptions,
    errors: list[FieldError],
) -> tuple[Part, ...]:
    """The parts as recorded; a deal given up or stopped by a renonc may leave them out (the
    contract's parts then stand, unflekked, with no result)."""
    raw = data.get("parts")
    if isinstance(raw, list | tuple) and raw:
        return _listed(raw, options, errors)
    if contract is None:
        return ()  # the contract's own refusal says what is missing
    return _without_parts(raw, contract, unplayed, errors)


def _without_parts(
    raw: Any, contract: Contract, unplayed: bool, errors: list[FieldError]
) -> tuple[Part, ...]:
    """No parts recorded: the contract's parts stand, unplayed, for a deal given up or stopped
    by a renonc; any other deal is missing them."""
    if not raw and unplayed:
        return _unplayed_parts(contract)
    missing = Msg("licit.part_missing", contract=contract.words, part=contract.parts[0])
    errors.append(FieldError("parts", missing))
    return ()


def _flag(data: Mapping[str, Any], key: str, code: str, errors: list[FieldError]) -> bool:
    value = data.get(key)
    if value is None:
        return False
    if type(value) is not bool:
        errors.append(FieldError(key, Msg(code)))
        return False
    return value


def _renonc_kind_alone(renonc: int | None, errors: list[FieldError]) -> bool:
    """A renonc kind with no renonc (a renonc refused on its own says enough)."""
    return renonc is None and "renonc" not in {e.field for e in errors}


def _renonc_kind(
    data: Mapping[str, Any], renonc: int | None, options: LicitovanyOptions, errors: list
) -> int | None:
    """1 (paušál ``renonc``) or 2 (``renonc_heavy``) with a renonc, 1 when left out."""
    value = data.get("renonc_kind")
    if value is None:
        return None if renonc is None else 1
    if type(value) is not int or value not in (1, 2):
        kinds = Msg("licit.renonc_kind", low=options.renonc, high=options.renonc_heavy)
        errors.append(FieldError("renonc_kind", kinds))
        return None
    if _renonc_kind_alone(renonc, errors):
        errors.append(FieldError("renonc_kind", Msg("licit.renonc_kind_alone")))
        return None
    return value


def _marriages(data: Mapping[str, Any], errors: list[FieldError]) -> int | None:
    value = data.get("defender_marriages")
    if value is None:
        return None
    if type(value) is not int or value % 20 or not 0 <= value <= 100:
        errors.append(FieldError("defender_marriages", Msg("licit.marriages_value")))
        return None
    return value


def _pb_figures(value: list | tuple) -> list[FieldError]:
    """Each seat's premium points that are no whole number from 0 to PB_MAX."""
    return [
        FieldError(f"pb.{i}", Msg("licit.pb_figure", max=PB_MAX))
        for i, figure in enumerate(value)
        if type(figure) is not int or not 0 <= figure <= PB_MAX
    ]


def _pb(data: Mapping[str, Any], n_players: int, errors: list) -> tuple[int, ...] | None:
    """Each seat's premium points in this deal (docs/rules.md §4a), whole numbers >= 0."""
    value = data.get("pb")
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != n_players:
        errors.append(FieldError("pb", Msg("licit.pb_seats", n=n_players)))
        return None
    bad = _pb_figures(value)
    errors += bad
    return None if bad else tuple(value)


def _unknown_keys(data: Mapping[str, Any]) -> list[FieldError]:
    """Keys no licitovaný record has; ``open`` is said apart (there is no open play)."""
    errors = []
    for key in data:
        error = _unknown_key(key, data[key])
        if error is not None:
            errors.append(error)
    return errors


def _unknown_key(key: Any, value: Any) -> FieldError | None:
    """Why a key of the record is refused, or None: ``open`` set true, or a key no record has."""
    if key == "open":
        return FieldError("open", Msg("licit.no_open")) if value else None
    if key not in RECORD_KEYS:
        return FieldError(str(key), Msg("licit.not_in_record"))
    return None


def _seats(
    data: Mapping[str, Any], n_players: int, errors: list[FieldError]
) -> tuple[int | None, int | None, int | None]:
    """The declarer, the dealer (required with four: he sits out) and a renonc's offender;
    with four, the declarer and the offender are players in the deal, not the dealer."""
    seats = list(range(n_players))
    dealer = _seat(data, "dealer", n_players, [], False, seats)
    others = [s for s in seats if s != dealer] if n_players == 4 else seats
    declarer = _seat(data, "declarer", n_players, errors, True, others)
    dealer = _seat(data, "dealer", n_players, errors, n_players == 4, seats)
    renonc = _seat(data, "renonc", n_players, errors, False, others)
    return declarer, dealer, renonc


def _fields(data: Mapping[str, Any], options: LicitovanyOptions, n_players: int) -> LicitRecord:
    errors = _unknown_keys(data)
    declarer, dealer, renonc = _seats(data, n_players, errors)
    contract = _contract(data, errors)
    omyl = _flag(data, "omyl", "licit.omyl_bool", errors)
    record = LicitRecord(
        declarer,  # type: ignore[arg-type]
        dealer,
        data.get("contract"),  # type: ignore[arg-type]
        _suit(data, "trump", errors),
        _suit(data, "second_suit", errors),
        _parts(data, contract, omyl or renonc is not None, options, errors),
        _points(data, "declarer_points", errors),
        _points(data, "defender_points", errors),
        tuple(_silent_parts(data, errors)),
        renonc,
        _renonc_kind(data, renonc, options, errors),
        omyl,
        _pb(data, n_players, errors),
        _marriages(data, errors),
    )
    if errors:
        raise InvalidDeal(errors)
    return record


def parse_record(data: Any, options: LicitovanyOptions, n_players: int) -> LicitRecord:
    """Check a record on its own (docs/rules.md §4a, §5) and return it frozen. Raises
    InvalidDeal naming every field at fault."""
    if n_players != 3 and n_players != 4:
        raise InvalidOptions("players", Msg("marias.players", n=n_players))
    if not isinstance(data, Mapping):
        raise InvalidDeal("record", Msg("marias.record_object"))
    record = _fields(data, options, n_players)
    check_record(record, options, n_players)
    return record
