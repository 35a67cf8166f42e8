"""The Mariáš deal record (docs/api.md "marias"): its frozen dataclasses, names and canonical JSON.

Parsing and the checks of docs/rules.md §5 are in ``parse`` (with its quick path
``fast``) and ``checks``.

Points (``declarer_points``, ``defender_points``) are card points plus the marriages the side
counted. Card points are aces, tens and the last trick (90 in all); marriages add at most 100
(the trump marriage 40 and three plain ones of 20), so one side has 0…190 points, both sides
together 90…190 in a played-out deal, and the part above 90 comes in twenties.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import N_
from ..messages import PART_NAMES, Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)

GAME_KINDS = ("hra", "sto", "sto_proti", "betl", "durch")
SEVEN_KINDS = ("sedma", "dve_sedmy", "sedma_proti", "dve_sedmy_proti")  # v2.1: the last
PART_KINDS = GAME_KINDS + SEVEN_KINDS
SILENT_KINDS = ("ticha_sedma", "tiche_sto")
NO_TRUMP_GAMES = ("betl", "durch")
SIDES = ("declarer", "defenders")
RECORD_KEYS = (
    "declarer",
    "dealer",
    "trump",
    "parts",
    "declarer_points",
    "defender_points",
    "silent",
    "renonc",
    "open",
)
CARD_POINTS = 90
MAX_POINTS = 190
#: Each part by its record kind, as players say it (written once, in rules/messages.py, where
#: the message parameters name parts too).
NAMES = PART_NAMES
#: Flek level -> its name (level 0: none); the pages translate them, deal.js shows them.
FLEK_NAMES = ("", N_("flek"), N_("re"), N_("tutti"), N_("boty"), N_("kalhoty"))


@dataclass(frozen=True, slots=True)
class Part:
    """One announced part: its kind, whether its owner made it (None: decided by the points),
    and its flek level (a pair of levels, one per defender, with ``flek_per_defender``)."""

    kind: str
    won: bool | None
    flek: int | tuple[int, int] = 0


@dataclass(frozen=True, slots=True)
class Silent:
    """A silent (unannounced) seven or hundred and the side that receives it."""

    kind: str
    side: str
    points: int | None = None


@dataclass(frozen=True, slots=True)
class MariasRecord:
    """One Mariáš deal as the table reported it (seats count from 0)."""

    declarer: int
    dealer: int | None
    trump: str | None
    parts: tuple[Part, ...]
    declarer_points: int | None = None
    defender_points: int | None = None
    silent: tuple[Silent, ...] = ()
    renonc: int | None = None
    open: bool = False  # v2: played with the declarer's cards open (every part doubled)

    @property
    def game(self) -> Part:
        """The deal's one game part (hra, sto, sto_proti, betl or durch)."""
        for part in self.parts:
            if part.kind in GAME_KINDS:
                return part
        raise ValueError("record has no game part")


def part_won(
    kind: str, won: bool | None, declarer_points: int | None, defender_points: int | None
) -> bool | None:
    """Whether a part was won as recorded; a hra whose ``won`` is left out is decided by the
    points (docs/rules.md §4: the declarer needs more than the defenders; a tie loses)."""
    if won is None and kind == "hra" and declarer_points is not None:
        if defender_points is not None:
            return declarer_points > defender_points
    return won


def silent_hundred_points(points: Any) -> bool:
    """Whether ``points`` can be a silent hundred's: whole tens from 100 up to MAX_POINTS."""
    return type(points) is int and 100 <= points <= MAX_POINTS and not points % 10


def flek_words(level: int) -> Msg:
    """'flek 2', 're 4', … the name and multiplier of a flek level, as players say it."""
    if 0 < level < len(FLEK_NAMES):
        name = Msg(f"marias.{FLEK_NAMES[level]}")
    else:
        name = Msg("marias.flek_level", level=level)
    return Msg("marias.flek_words", name=name, factor=1 << level)


def _part_json(part: Part) -> dict[str, Any]:
    flek = list(part.flek) if isinstance(part.flek, tuple) else part.flek
    return {"kind": part.kind, "won": part.won, "flek": flek}


def _silent_json(silent: Silent) -> dict[str, Any]:
    """A silent item's JSON: ``points`` only when the hundred says them."""
    if silent.points is None:
        return {"kind": silent.kind, "side": silent.side}
    return {"kind": silent.kind, "side": silent.side, "points": silent.points}


def record_to_json(record: MariasRecord) -> dict[str, Any]:
    """The canonical JSON form; parse_record(record_to_json(r)) == r. ``open`` only when true."""
    data: dict[str, Any] = {
        "declarer": record.declarer,
        "dealer": record.dealer,
        "trump": record.trump,
        "parts": [_part_json(p) for p in record.parts],
        "declarer_points": record.declarer_points,
        "defender_points": record.defender_points,
        "silent": [_silent_json(s) for s in record.silent],
        "renonc": record.renonc,
    }
    if record.open:
        data["open"] = True
    return data
