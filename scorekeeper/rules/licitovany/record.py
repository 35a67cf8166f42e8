"""The licitovaný mariáš deal record (docs/api.md "marias, preset licitovany"): its frozen
dataclass and canonical JSON.

A part is Mariáš's own :class:`~scorekeeper.rules.marias.record.Part` with a flek level per
defender (a pair, in seat order), a silent part Mariáš's :class:`Silent`. Points are Mariáš's too
(docs/rules.md §4: cards and marriages, in tens, at most 190 a side), except that the declarer's
figure in a contract with sto counts the cards and the **first marriage he announced** only, so
at most 130 (docs/rules.md §4a). ``defender_marriages`` (the app's addition to the record, in
points) says how much of the defenders' figure is marriages they announced: a failed sto pays
once more for every 10 of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..marias.record import Part, Silent
from .contracts import CONTRACTS, Contract

RECORD_KEYS = (
    "declarer",
    "dealer",
    "contract",
    "trump",
    "second_suit",
    "parts",
    "declarer_points",
    "defender_points",
    "defender_marriages",
    "silent",
    "renonc",
    "renonc_kind",
    "omyl",
    "pb",
)
PB_MAX = 1000  # premium points of one player in one deal (the association's run to about 10)
HUNDRED_MAX = 130  # a sto's own figure: 90 card points + one marriage of 40

__all__ = ["LicitRecord", "Part", "Silent", "record_to_json"]


@dataclass(frozen=True, slots=True)
class LicitRecord:
    """One licitovaný deal as the table reported it (seats count from 0)."""

    declarer: int
    dealer: int | None
    contract: str
    trump: str | None
    second_suit: str | None
    parts: tuple[Part, ...]
    declarer_points: int | None = None
    defender_points: int | None = None
    silent: tuple[Silent, ...] = ()
    renonc: int | None = None
    renonc_kind: int | None = None  # 1 or 2 with a renonc, else None
    omyl: bool = False
    pb: tuple[int, ...] | None = None
    defender_marriages: int | None = None

    @property
    def ladder(self) -> Contract:
        """The contract's rung on the ladder."""
        return CONTRACTS[self.contract]

    def sitter(self, n_players: int) -> int | None:
        """The seat sitting the deal out: the dealer, when four are at the table."""
        return self.dealer if n_players == 4 else None

    @property
    def game(self) -> Part:
        """The part a silent hundred changes: the hra (else the contract's first part)."""
        for part in self.parts:
            if part.kind == "hra":
                return part
        return self.parts[0]


def _part_json(part: Part) -> dict[str, Any]:
    flek = part.flek
    return {
        "kind": part.kind,
        "won": part.won,
        "flek": list(flek) if isinstance(flek, tuple) else [flek, flek],
    }


def _silent_json(silent: Silent) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": silent.kind, "side": silent.side}
    if silent.points is not None:
        out["points"] = silent.points
    return out


def record_to_json(record: LicitRecord) -> dict[str, Any]:
    """The canonical JSON form; parse_record(record_to_json(r)) == r. ``defender_marriages``
    only when recorded (it is not in every client's record)."""
    data: dict[str, Any] = {
        "declarer": record.declarer,
        "dealer": record.dealer,
        "contract": record.contract,
        "trump": record.trump,
        "second_suit": record.second_suit,
        "parts": [_part_json(p) for p in record.parts],
        "declarer_points": record.declarer_points,
        "defender_points": record.defender_points,
        "silent": [_silent_json(s) for s in record.silent],
        "renonc": record.renonc,
        "renonc_kind": record.renonc_kind,
        "omyl": record.omyl,
        "pb": None if record.pb is None else list(record.pb),
    }
    if record.defender_marriages is not None:
        data["defender_marriages"] = record.defender_marriages
    return data
