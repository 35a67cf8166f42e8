"""The deal record of Polish Mariasz and German Mariage: its dataclass, its checks on its own
(docs/rules.md §5) and its canonical JSON (docs/api.md "Deal records").

``{"trump", "points": [a, b | null], "marriages": [[suits], [suits]], "first_to_target"}``, plus
``"ace_kings"`` when the ace-king meld house rule is on and ``"closed_by"`` when closing is on.
What a record may say depends on the game's options, given as ``RecordRules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import SUITS, FieldError, InvalidDeal
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes below)

SEATS = (0, 1)


def is_int(value: Any) -> bool:
    """A JSON whole number (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


Melds = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class TwoHandRecord:
    """One deal of Mariasz or Mariage as the table reported it (``points[1]`` None = played out)."""

    trump: str | None
    points: tuple[int, int | None]
    marriages: Melds
    first_to_target: int | None = None
    ace_kings: Melds | None = None  # None: the ace_king option was off
    closed_by: int | None = None
    has_closed_by: bool = False  # the closing option was on, so the record carries closed_by
    ace_king_trumps_only: bool = False  # v2: the ace-king meld is allowed in trumps only, for 40

    def card_points(self, total: int) -> tuple[int, int]:
        """Both players' card points, filling in a played-out second value."""
        first, second = self.points
        return first, (total - first if second is None else second)

    def is_short(self, total: int) -> bool:
        """The deal stopped before all cards were played (someone claimed the target)."""
        return sum(self.card_points(total)) < total


@dataclass(frozen=True)
class RecordRules:
    """What a game allows in its records: deal total, target, house-rule fields."""

    title: str
    total: int
    target: int | None  # None: no target (German scoring), so every deal is played out
    ace_king: bool = False
    closing: bool = False
    ace_king_trumps_only: bool = False  # v2 (docs/rules.md §1): ace-kings in trumps only, for 40
    no_trump: bool = False  # v2 (docs/rules.md §1): deals have no trump; naming one is refused


def _seat(value: Any, path: str, code: str, errors: list[FieldError]) -> int | None:
    if value is None:
        return None
    if not is_int(value) or value not in SEATS:
        errors.append(FieldError(path, Msg(code, player=0, other=1, value=value)))
        return None
    return value


def _is_pair_of_lists(data: Any) -> bool:
    """Melds are given as two lists of suits, one a player."""
    return isinstance(data, list) and len(data) == 2 and all(isinstance(x, list) for x in data)


def _meld_refusal(suit: Any, taken: Mapping[str, tuple[str, int]]) -> Msg | None:
    """Why a melded suit is refused (no suit, or its king already melded), or None."""
    if suit not in SUITS:
        return Msg("twohand.not_a_suit", value=suit, words=SUITS)
    if suit not in taken:
        return None
    where, seat = taken[suit]
    code = "twohand.king_in_marriage" if where == "marriages" else "twohand.king_in_ace_king"
    return Msg(code, suit=suit, player=seat)


def _seat_melds(
    s: int, suits: list[Any], key: str, taken: dict[str, tuple[str, int]], errors: list[FieldError]
) -> tuple[str, ...]:
    """One player's melded suits in suit order; each one taken records who melded it."""
    good = []
    for i, suit in enumerate(suits):
        why = _meld_refusal(suit, taken)
        if why is not None:
            errors.append(FieldError(f"{key}.{s}.{i}", why))
            continue
        taken[suit] = (key, s)
        good.append(suit)
    return tuple(sorted(good, key=SUITS.index))


def _melds(
    data: Any, key: str, taken: dict[str, tuple[str, int]], errors: list[FieldError]
) -> Melds:
    """Parse two lists of suits; ``taken`` maps suit -> (meld key, seat) that melded it."""
    if data is None:
        return ((), ())
    if not _is_pair_of_lists(data):
        errors.append(FieldError(key, Msg("twohand.melds_shape", what=Msg(f"twohand.{key}"))))
        return ((), ())
    first, second = (_seat_melds(s, suits, key, taken, errors) for s, suits in enumerate(data))
    return first, second


_OFF = {"ace_kings": "twohand.ace_king_off", "closed_by": "twohand.closing_off"}


def _allowed_keys(rules: RecordRules) -> set[str]:
    """The keys of a record under these options."""
    allowed = {"trump", "points", "marriages", "first_to_target"}
    if rules.ace_king:
        allowed.add("ace_kings")
    if rules.closing:
        allowed.add("closed_by")
    return allowed


def _unknown_key(key: Any, rules: RecordRules) -> Msg:
    """Why a key is refused: its house rule is off, or no record has it."""
    if key in _OFF:
        return Msg(_OFF[key])
    return Msg("twohand.not_in_record", value=key, game=rules.title)


def _unknown_keys(data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]) -> None:
    """Keys that are not part of the record under these options."""
    allowed = _allowed_keys(rules)
    errors.extend(
        FieldError(str(key), _unknown_key(key, rules)) for key in data if key not in allowed
    )


def _trump(data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]) -> str | None:
    trump = data.get("trump")
    if trump is None:
        return None
    if rules.no_trump:
        errors.append(FieldError("trump", Msg("twohand.no_trump_match")))
        return None
    if trump not in SUITS:
        errors.append(FieldError("trump", Msg("twohand.trump_suit", words=SUITS, value=trump)))
        return None
    return trump


def _check_marriage_count(raw: Any, errors: list[FieldError]) -> None:
    """More marriages recorded than there are suits (counting the refused ones too)."""
    if not isinstance(raw, list):
        return
    recorded = sum(len(x) for x in raw if isinstance(x, list))
    if recorded > len(SUITS):
        errors.append(FieldError("marriages", Msg("twohand.too_many_marriages", n=recorded)))


def _outside_trumps(ace_kings: Melds, trump: str) -> list[FieldError]:
    """Each ace-king meld not in trumps (refused when they are allowed in trumps only)."""
    return [
        FieldError(f"ace_kings.{s}.{i}", Msg("twohand.ace_king_trumps_only", suit=suit))
        for s, suits in enumerate(ace_kings)
        for i, suit in enumerate(suits)
        if suit != trump
    ]


def _ace_kings(
    data: Mapping[str, Any],
    rules: RecordRules,
    trump: str | None,
    taken: dict[str, tuple[str, int]],
    errors: list[FieldError],
) -> Melds:
    """The ace-king melds (the option is on), in trumps only when the option says so."""
    ace_kings = _melds(data.get("ace_kings"), "ace_kings", taken, errors)
    if rules.ace_king_trumps_only and trump is not None:
        errors.extend(_outside_trumps(ace_kings, trump))
    return ace_kings


def _all_melds(
    data: Mapping[str, Any], rules: RecordRules, trump: str | None, errors: list[FieldError]
) -> tuple[Melds, Melds | None]:
    """Marriages and (with the option) ace-kings, each suit melded once; trumps named."""
    taken: dict[str, tuple[str, int]] = {}
    marriages = _melds(data.get("marriages"), "marriages", taken, errors)
    _check_marriage_count(data.get("marriages"), errors)
    ace_kings = _ace_kings(data, rules, trump, taken, errors) if rules.ace_king else None
    if any(marriages + (ace_kings or ())):
        _check_trump_named(data, rules, errors)
    return marriages, ace_kings


def _check_trump_named(
    data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]
) -> None:
    """A deal with melds names its trump (a marriage in trumps counts double), unless the match
    is played without trumps."""
    if data.get("trump") is None and not rules.no_trump:
        errors.append(FieldError("trump", Msg("twohand.name_trump")))


def _first_to_target(
    data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]
) -> int | None:
    """The player who reached the target first; there is none to reach without a target."""
    first = _seat(data.get("first_to_target"), "first_to_target", "twohand.first_seat", errors)
    if first is not None and rules.target is None:
        errors.append(FieldError("first_to_target", Msg("twohand.no_target")))
    return first


def parse_two_hand(data: Any, rules: RecordRules, n_players: int) -> TwoHandRecord:
    """Check a deal record on its own (docs/rules.md §5) and return it in canonical order."""
    if n_players != 2:
        raise InvalidDeal("players", Msg("twohand.players", game=rules.title, n=n_players))
    if not isinstance(data, Mapping):
        raise InvalidDeal("record", Msg("twohand.record_object"))
    errors: list[FieldError] = []
    _unknown_keys(data, rules, errors)
    trump = _trump(data, rules, errors)
    points = _points(data.get("points"), rules, errors)
    marriages, ace_kings = _all_melds(data, rules, trump, errors)
    first = _first_to_target(data, rules, errors)
    closed_by = _seat(data.get("closed_by"), "closed_by", "twohand.closer_seat", errors)
    if errors:
        raise InvalidDeal(errors)
    return TwoHandRecord(
        trump=trump,
        points=points,  # type: ignore[arg-type]
        marriages=marriages,
        first_to_target=first,
        ace_kings=ace_kings,
        closed_by=closed_by,
        has_closed_by=rules.closing,
        ace_king_trumps_only=rules.ace_king_trumps_only,
    )


def _one_points(s: int, v: Any, total: int) -> Msg | None:
    """Why one player's card points are refused, or None."""
    if v is None:
        return Msg("twohand.enter_points", player=0)
    if not is_int(v):
        return Msg("twohand.points_whole", player=s, value=v)
    if not 0 <= v <= total:
        return Msg("twohand.points_range", player=s, total=total, n=v)
    return None


def _point_errors(value: list[Any], total: int) -> list[FieldError]:
    """Each player's card points refused on their own (the second left out: played out)."""
    errors = []
    for s, v in enumerate(value):
        why = None if v is None and s == 1 else _one_points(s, v, total)
        if why is not None:
            errors.append(FieldError(f"points.{s}", why))
    return errors


def _sum_errors(added: int, rules: RecordRules) -> list[FieldError]:
    """Both players' card points together: never above the deal's total, and below it only
    when there is a target (reaching it stops a deal short)."""
    total = rules.total
    if added > total:
        return [FieldError("points", Msg("twohand.points_over", n=added, total=total))]
    if added < total and rules.target is None:
        return [FieldError("points", Msg("twohand.points_under", n=added, total=total))]
    return []


def _points(value: Any, rules: RecordRules, errors: list[FieldError]) -> tuple[Any, Any]:
    if not isinstance(value, list) or len(value) != 2:
        errors.append(FieldError("points", Msg("twohand.points_shape")))
        return (0, None)
    refused = _point_errors(value, rules.total)
    errors.extend(refused)
    if not refused and value[1] is not None:
        errors.extend(_sum_errors(value[0] + value[1], rules))
    return value[0], value[1]


def record_json(record: TwoHandRecord) -> dict[str, Any]:
    """The canonical JSON of a record (docs/api.md), the inverse of parse_two_hand."""
    data: dict[str, Any] = {
        "trump": record.trump,
        "points": list(record.points),
        "marriages": [list(m) for m in record.marriages],
        "first_to_target": record.first_to_target,
    }
    if record.ace_kings is not None:
        data["ace_kings"] = [list(m) for m in record.ace_kings]
    if record.has_closed_by:
        data["closed_by"] = record.closed_by
    return data
