"""What Polish Mariasz and German Mariage scoring share: card points, the deal record, options.

Both games (docs/rules.md §1, §2) use the same cards and the same deal record (docs/api.md
"Deal records"):
``{"trump", "points": [a, b | null], "marriages": [[suits], [suits]], "first_to_target"}``, plus
``"ace_kings"`` when the ace-king meld house rule is on and ``"closed_by"`` when closing is on.
This module parses and checks such a record on its own (docs/rules.md §5), turns it back into its
canonical JSON and adds up a deal's points; the game modules do the scoring in context.

The package holds the rest of what the two games share: ``game`` (their options and base class),
``words`` (what they say of themselves to players), ``form`` and ``deal.html`` (their deal form).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..base import SUITS, FieldError, InvalidDeal
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes below)

# docs/rules.md §1 "Card points".
CARD_POINTS: Mapping[str, int] = {
    "A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0,
}  # fmt: skip
PAMFIL_POINTS = 11  # the trump queen (ober) instead of 3
LAST_TRICK_POINTS = 10
TRUMP_MARRIAGE, PLAIN_MARRIAGE = 40, 20
TRUMP_ACE_KING, PLAIN_ACE_KING = 60, 30  # house rule ``ace_king`` 30/60 (docs/rules.md §1)
TRUMPS_ONLY_ACE_KING = 40  # v2 ``ace_king`` trumps_only (docs/rules.md §1): only in trumps, for 40
ACE_KING_MODES = ("off", "30/60", "trumps_only")
SEATS = (0, 1)


def card_points(rank: str, suit: str, trump: str | None, *, pamfil: bool = True) -> int:
    """Card points of one card taken in a trick; the trump queen is the pamfil (11)."""
    if rank == "Q" and pamfil and suit == trump:
        return PAMFIL_POINTS
    return CARD_POINTS[rank]


def trick_points(cards: list[tuple[str, str]], trump: str | None, *, pamfil: bool = True) -> int:
    """Card points of a trick given as (rank, suit) pairs."""
    return sum(card_points(rank, suit, trump, pamfil=pamfil) for rank, suit in cards)


def deal_total(pamfil: bool = True) -> int:
    """Card points in a played-out deal: 138 with the pamfil, 130 without (docs/rules.md §1, §2)."""
    extra = PAMFIL_POINTS - CARD_POINTS["Q"] if pamfil else 0
    return len(SUITS) * sum(CARD_POINTS.values()) + extra + LAST_TRICK_POINTS


def player(seat: int) -> str:
    """How explanations and messages name a seat: 'player 1' or 'player 2'."""
    return f"player {seat + 1}"


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


def meld_value(
    suit: str, trump: str | None, *, ace_king: bool = False, trumps_only: bool = False
) -> int:
    """Points of one marriage (40 trump, 20 plain) or ace-king meld (60 / 30; trumps only 40)."""
    if ace_king and trumps_only:
        return TRUMPS_ONLY_ACE_KING
    if ace_king:
        return TRUMP_ACE_KING if suit == trump else PLAIN_ACE_KING
    return TRUMP_MARRIAGE if suit == trump else PLAIN_MARRIAGE


def deal_points(record: TwoHandRecord, total: int) -> tuple[int, int]:
    """Each player's points in the deal: card points + marriages (+ ace-kings)."""
    first, second = record.points
    cards = (first, total - first if second is None else second)
    trump, out = record.trump, [0, 0]
    for s in SEATS:
        points = cards[s]
        for m in record.marriages[s]:
            points += TRUMP_MARRIAGE if m == trump else PLAIN_MARRIAGE
        if record.ace_kings:
            for m in record.ace_kings[s]:
                points += meld_value(
                    m, trump, ace_king=True, trumps_only=record.ace_king_trumps_only
                )
        out[s] = points
    return out[0], out[1]


def _meld(suit: str, record: TwoHandRecord, *, ace_king: bool = False) -> Msg:
    """One meld of the explanation: 'trump marriage (hearts) 40'."""
    trump = record.trump
    if ace_king:
        value = meld_value(suit, trump, ace_king=True, trumps_only=record.ace_king_trumps_only)
        return Msg("twohand.ace_king", suit=suit, points=value)
    code = "twohand.trump_marriage" if suit == trump else "twohand.plain_marriage"
    return Msg(code, suit=suit, points=meld_value(suit, trump))


@lru_cache(maxsize=8192)
def describe_deal(record: TwoHandRecord, total: int, sums: tuple[int, int]) -> Msg:
    """'player 1: 75 card points + trump marriage (hearts) 40 = 115; player 2: 63 card points'.

    Memoised (records are frozen): a tournament repeats the same deals many times."""
    cards, parts = record.card_points(total), []
    for s in SEATS:
        melds = [_meld(m, record) for m in record.marriages[s]] + [
            _meld(m, record, ace_king=True) for m in (record.ace_kings or ((), ()))[s]
        ]
        if melds:
            parts.append(
                Msg("twohand.side_melds", player=s, cards=cards[s], melds=tuple(melds), sum=sums[s])
            )
        else:
            parts.append(Msg("twohand.side_cards", player=s, cards=cards[s]))
    return Msg("twohand.deal", first=parts[0], second=parts[1])


# ---------------------------------------------------------------- the deal record


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


def _melds(
    data: Any, key: str, taken: dict[str, tuple[str, int]], errors: list[FieldError]
) -> Melds:
    """Parse two lists of suits; ``taken`` maps suit -> (meld key, seat) that melded it."""
    if data is None:
        return ((), ())
    if not isinstance(data, list) or len(data) != 2 or not all(isinstance(x, list) for x in data):
        errors.append(FieldError(key, Msg("twohand.melds_shape", what=Msg(f"twohand.{key}"))))
        return ((), ())
    out: list[tuple[str, ...]] = []
    for s, suits in enumerate(data):
        good = []
        for i, suit in enumerate(suits):
            path = f"{key}.{s}.{i}"
            if suit not in SUITS:
                errors.append(FieldError(path, Msg("twohand.not_a_suit", value=suit, words=SUITS)))
            elif suit in taken:
                where, seat = taken[suit]
                code = (
                    "twohand.king_in_marriage"
                    if where == "marriages"
                    else ("twohand.king_in_ace_king")
                )
                errors.append(FieldError(path, Msg(code, suit=suit, player=seat)))
            else:
                taken[suit] = (key, s)
                good.append(suit)
        out.append(tuple(sorted(good, key=SUITS.index)))
    return out[0], out[1]


_OFF = {"ace_kings": "twohand.ace_king_off", "closed_by": "twohand.closing_off"}


def _unknown_keys(data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]) -> None:
    """Keys that are not part of the record under these options."""
    allowed = {"trump", "points", "marriages", "first_to_target"}
    allowed |= {"ace_kings"} if rules.ace_king else set()
    allowed |= {"closed_by"} if rules.closing else set()
    for key in data:
        if key not in allowed:
            msg = (
                Msg(_OFF[key])
                if key in _OFF
                else Msg("twohand.not_in_record", value=key, game=rules.title)
            )
            errors.append(FieldError(str(key), msg))


def _trump(data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]) -> str | None:
    trump = data.get("trump")
    if trump is not None and rules.no_trump:
        errors.append(FieldError("trump", Msg("twohand.no_trump_match")))
        return None
    if trump is not None and trump not in SUITS:
        errors.append(FieldError("trump", Msg("twohand.trump_suit", words=SUITS, value=trump)))
        return None
    return trump


def _all_melds(
    data: Mapping[str, Any], rules: RecordRules, trump: str | None, errors: list[FieldError]
) -> tuple[Melds, Melds | None]:
    """Marriages and (with the option) ace-kings, each suit melded once; trumps named."""
    taken: dict[str, tuple[str, int]] = {}
    marriages = _melds(data.get("marriages"), "marriages", taken, errors)
    count = sum(len(m) for m in marriages)
    raw = data.get("marriages")
    if isinstance(raw, list):
        recorded = sum(len(x) for x in raw if isinstance(x, list))
        if recorded > len(SUITS):
            errors.append(FieldError("marriages", Msg("twohand.too_many_marriages", n=recorded)))
    ace_kings = None
    if rules.ace_king:
        ace_kings = _melds(data.get("ace_kings"), "ace_kings", taken, errors)
        count += sum(len(m) for m in ace_kings)
        if rules.ace_king_trumps_only and trump is not None:
            errors.extend(
                FieldError(f"ace_kings.{s}.{i}", Msg("twohand.ace_king_trumps_only", suit=suit))
                for s, suits in enumerate(ace_kings)
                for i, suit in enumerate(suits)
                if suit != trump
            )
    if count and data.get("trump") is None and not rules.no_trump:
        errors.append(FieldError("trump", Msg("twohand.name_trump")))
    return marriages, ace_kings


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
    first = _seat(data.get("first_to_target"), "first_to_target", "twohand.first_seat", errors)
    if first is not None and rules.target is None:
        errors.append(FieldError("first_to_target", Msg("twohand.no_target")))
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


def _points(value: Any, rules: RecordRules, errors: list[FieldError]) -> tuple[Any, Any]:
    total = rules.total
    if not isinstance(value, list) or len(value) != 2:
        errors.append(FieldError("points", Msg("twohand.points_shape")))
        return (0, None)
    good = True
    for s, v in enumerate(value):
        if v is None and s == 1:
            continue
        why = _one_points(s, v, total)
        if why is not None:
            errors.append(FieldError(f"points.{s}", why))
            good = False
    if good and value[1] is not None:
        added = value[0] + value[1]
        if added > total:
            errors.append(FieldError("points", Msg("twohand.points_over", n=added, total=total)))
        elif added < total and rules.target is None:
            errors.append(FieldError("points", Msg("twohand.points_under", n=added, total=total)))
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
