"""What Polish Mariasz and German Mariage scoring share: card points, melds and a deal's points.

Both games (docs/rules.md §1, §2) use the same cards and the same deal record (docs/api.md
"Deal records"), parsed and checked on its own (docs/rules.md §5) and turned back into its
canonical JSON by ``record``. This module counts the cards and melds and adds up a deal's
points with one line of explanation; the game modules do the scoring in context.

The package holds the rest of what the two games share: ``record`` (the deal record), ``game``
(their options and base class), ``words`` (what they say of themselves to players), ``form`` and
``deal.html`` (their deal form).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from ..base import SUITS
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes below)
from .record import (
    SEATS,
    Melds,
    RecordRules,
    TwoHandRecord,
    is_int,
    parse_two_hand,
    record_json,
)

__all__ = [
    "ACE_KING_MODES",
    "CARD_POINTS",
    "LAST_TRICK_POINTS",
    "PAMFIL_POINTS",
    "PLAIN_ACE_KING",
    "PLAIN_MARRIAGE",
    "SEATS",
    "TRUMPS_ONLY_ACE_KING",
    "TRUMP_ACE_KING",
    "TRUMP_MARRIAGE",
    "Melds",
    "RecordRules",
    "TwoHandRecord",
    "card_points",
    "deal_points",
    "deal_total",
    "describe_deal",
    "is_int",
    "meld_value",
    "parse_two_hand",
    "player",
    "record_json",
    "trick_points",
]

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


def meld_value(
    suit: str, trump: str | None, *, ace_king: bool = False, trumps_only: bool = False
) -> int:
    """Points of one marriage (40 trump, 20 plain) or ace-king meld (60 / 30; trumps only 40)."""
    if ace_king and trumps_only:
        return TRUMPS_ONLY_ACE_KING
    in_trumps, plain = (
        (TRUMP_ACE_KING, PLAIN_ACE_KING) if ace_king else (TRUMP_MARRIAGE, PLAIN_MARRIAGE)
    )
    return in_trumps if suit == trump else plain


def _meld_points(record: TwoHandRecord, seat: int) -> int:
    """What one player's marriages (and ace-kings, with the option) add to their card points."""
    trump = record.trump
    points = sum(meld_value(m, trump) for m in record.marriages[seat])
    if record.ace_kings:
        trumps_only = record.ace_king_trumps_only
        points += sum(
            meld_value(m, trump, ace_king=True, trumps_only=trumps_only)
            for m in record.ace_kings[seat]
        )
    return points


def deal_points(record: TwoHandRecord, total: int) -> tuple[int, int]:
    """Each player's points in the deal: card points + marriages (+ ace-kings)."""
    cards = record.card_points(total)
    return cards[0] + _meld_points(record, 0), cards[1] + _meld_points(record, 1)


def _meld(suit: str, record: TwoHandRecord, *, ace_king: bool = False) -> Msg:
    """One meld of the explanation: 'trump marriage (hearts) 40'."""
    trump = record.trump
    if ace_king:
        value = meld_value(suit, trump, ace_king=True, trumps_only=record.ace_king_trumps_only)
        return Msg("twohand.ace_king", suit=suit, points=value)
    code = "twohand.trump_marriage" if suit == trump else "twohand.plain_marriage"
    return Msg(code, suit=suit, points=meld_value(suit, trump))


def _side_melds(record: TwoHandRecord, s: int) -> list[Msg]:
    """One player's melds as the explanation says them: marriages, then ace-kings."""
    marriages = [_meld(m, record) for m in record.marriages[s]]
    return marriages + [_meld(m, record, ace_king=True) for m in (record.ace_kings or ((), ()))[s]]


def _side_part(record: TwoHandRecord, s: int, cards: int, points: int) -> Msg:
    """One player's part of the explanation: card points, then each meld and the sum."""
    melds = _side_melds(record, s)
    if not melds:
        return Msg("twohand.side_cards", player=s, cards=cards)
    return Msg("twohand.side_melds", player=s, cards=cards, melds=tuple(melds), sum=points)


@lru_cache(maxsize=8192)
def describe_deal(record: TwoHandRecord, total: int, sums: tuple[int, int]) -> Msg:
    """'player 1: 75 card points + trump marriage (hearts) 40 = 115; player 2: 63 card points'.

    Memoised (records are frozen): a tournament repeats the same deals many times."""
    cards = record.card_points(total)
    first, second = (_side_part(record, s, cards[s], sums[s]) for s in SEATS)
    return Msg("twohand.deal", first=first, second=second)
