"""Marianna deal records: the frozen dataclasses, their checks on their own, and canonical JSON.

A record as docs/api.md shows it::

    {"points": [70, null],
     "declarations": [{"side": 0, "suit": "hearts"},
                      {"side": 1, "kind": "mariannino", "suit": "spades"},
                      {"side": 0, "kind": "mariannone"}],
     "first_to_target": null}

Two players (Briscola 151) add ``"trump"`` (required) and ``"claim"`` (a seat or null); their
declarations are matrimoni (``kind`` left out, or ``"matrimonio"``). Canonical JSON fills in a
left-out point value, always writes ``points``, ``declarations`` and ``first_to_target`` (plus
``trump`` and ``claim`` for two players), and leaves out ``kind`` when it is the default
``"marianna"`` and ``covered`` when it is false. Checks that need the match (a short deal when
nobody reached the target, a deal after the end) are made in ``marianna.score``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import SUITS, FieldError, InvalidDeal
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .options import MariannaOptions

DEAL_POINTS = 120
_DECL_KEYS = {"side", "kind", "suit", "covered"}
#: Declarations that name no suit (docs/rules.md §3: the mariannone is all four kings).
SUITLESS_KINDS = frozenset({"mariannone"})


@dataclass(frozen=True)
class Declaration:
    """One declaration, in the order made: a marianna (K+Q; matrimonio), mariannino, mariannone."""

    side: int
    kind: str = "marianna"  # "marianna" | "mariannino" | "mariannone"
    suit: str | None = None
    covered: bool = False


@dataclass(frozen=True)
class MariannaRecord:
    """One deal: card points per side and the declarations; two players add trump and claim."""

    points: tuple[int, int]
    declarations: tuple[Declaration, ...] = ()
    first_to_target: int | None = None
    trump: str | None = None  # two players only (always set there)
    claim: int | None = None  # two players only: the seat that claimed

    @property
    def ends_early(self) -> bool:
        """A claim or a mariannone stopped this deal (so a short total is possible)."""
        return self.claim is not None or any(d.kind == "mariannone" for d in self.declarations)


def _whole(value: Any) -> int | None:
    """The value as an int if it is a whole number (70 or 70.0), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _one_point(i: int, raw: Any) -> int | None:
    """One side's card points (None when left out), a whole number from 0 to 120."""
    if raw is None:
        return None
    value = _whole(raw)
    if value is None:
        raise InvalidDeal(f"points.{i}", Msg("marianna.points_whole"))
    if not 0 <= value <= DEAL_POINTS:
        raise InvalidDeal(f"points.{i}", Msg("marianna.points_range", total=DEAL_POINTS, n=value))
    return value


def _fill_points(a: int | None, b: int | None) -> tuple[int, int]:
    """Both sides' points, a left-out one being the rest of the 120; refuses a total above it."""
    if a is None and b is None:
        raise InvalidDeal("points", Msg("marianna.enter_points"))
    if a is None:
        return DEAL_POINTS - b, b
    if b is None:
        return a, DEAL_POINTS - a
    if a + b > DEAL_POINTS:
        raise InvalidDeal("points", Msg("marianna.points_over", n=a + b, total=DEAL_POINTS))
    return a, b


def _parse_points(data: Any) -> tuple[int, int]:
    """Both sides' card points, a left-out one derived from the 120 of a played-out deal."""
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise InvalidDeal("points", Msg("marianna.points_both"))
    a, b = (_one_point(i, raw) for i, raw in enumerate(data))
    return _fill_points(a, b)


def _known_kinds(two: bool) -> tuple[tuple[str, ...], str]:
    """The kinds a table declares, and the code refusing any other (two players: matrimoni)."""
    if two:
        return ("marianna", "matrimonio"), "marianna.unknown_declaration_two"
    return ("marianna", "mariannino", "mariannone"), "marianna.unknown_declaration"


def _kind_named(at: str, data: Mapping[str, Any], two: bool) -> str:
    """The kind as written, if the player count knows it, with matrimonio read as marianna."""
    kind = data.get("kind") or "marianna"
    kinds, code = _known_kinds(two)
    if kind not in kinds:
        raise InvalidDeal(f"{at}.kind", Msg(code, value=kind))
    return "marianna" if kind == "matrimonio" else kind


def _declared_kind(at: str, data: Mapping[str, Any], options: MariannaOptions) -> str:
    """The kind of a declaration, allowed by the options (two players: matrimonio = marianna)."""
    kind = _kind_named(at, data, options.players == 2)
    if kind == "mariannino" and not options.mariannino:
        raise InvalidDeal(f"{at}.kind", Msg("marianna.no_mariannino"))
    if kind == "mariannone" and not options.mariannone:
        raise InvalidDeal(f"{at}.kind", Msg("marianna.no_mariannone"))
    return kind


def _covered(i: int, at: str, data: Mapping[str, Any], kind: str, options: MariannaOptions) -> bool:
    """Whether the (first, a marianna) declaration was covered, when the options allow it."""
    covered = data.get("covered", False)
    if not isinstance(covered, bool):
        raise InvalidDeal(f"{at}.covered", Msg("marianna.covered_bool"))
    refusals = (
        (not options.covered_marianna, "marianna.no_covering"),
        (kind != "marianna", "marianna.covered_marianna_only"),
        (i != 0, "marianna.covered_first"),
    )
    for refused, code in refusals:
        if covered and refused:
            raise InvalidDeal(f"{at}.covered", Msg(code))
    return covered


def _check_declaration_keys(at: str, data: Any) -> None:
    """A declaration is an object holding only side, kind, suit and covered."""
    if not isinstance(data, Mapping):
        raise InvalidDeal(at, Msg("marianna.declaration_object"))
    for key in data:
        if key not in _DECL_KEYS:
            raise InvalidDeal(f"{at}.{key}", Msg("marianna.not_in_declaration"))


def _declared_side(at: str, data: Mapping[str, Any], players: int) -> int:
    """The declaring side (a player with two, a team otherwise): 0 or 1."""
    side = data.get("side")
    if isinstance(side, bool) or side not in (0, 1):
        code = "marianna.side_player" if players == 2 else "marianna.side_team"
        raise InvalidDeal(f"{at}.side", Msg(code))
    return int(side)


def _declared_suit(at: str, data: Mapping[str, Any], kind: str) -> str | None:
    """The declared suit: required unless the kind names none, and one of SUITS."""
    suit = data.get("suit")
    if suit is None and kind not in SUITLESS_KINDS:
        raise InvalidDeal(f"{at}.suit", Msg(f"marianna.which_suit.{kind}"))
    if suit is not None and suit not in SUITS:
        raise InvalidDeal(f"{at}.suit", Msg("marianna.unknown_suit", value=suit, words=SUITS))
    return suit


def _parse_declaration(i: int, data: Any, options: MariannaOptions) -> Declaration:
    """One declaration on its own: side, kind allowed by the options, suit, covered."""
    at = f"declarations.{i}"
    _check_declaration_keys(at, data)
    side = _declared_side(at, data, options.players)
    kind = _declared_kind(at, data, options)
    suit = _declared_suit(at, data, kind)
    covered = _covered(i, at, data, kind, options)
    return Declaration(side=side, kind=kind, suit=suit, covered=covered)


def _check_marianna_suit(at: str, suit: str | None, seen: set[str], two: str) -> None:
    """A marianna in a suit not yet declared, and no fifth one."""
    if len(seen) == len(SUITS):
        raise InvalidDeal(at, Msg(f"marianna.no_fifth{two}"))
    if suit in seen:
        raise InvalidDeal(f"{at}.suit", Msg(f"marianna.suit_again{two}", suit=suit))


def _check_kind_order(at: str, kind: str, kinds_seen: set[str]) -> None:
    """Nothing after a mariannone, and a mariannino or mariannone only once."""
    if "mariannone" in kinds_seen:
        raise InvalidDeal(at, Msg("marianna.after_mariannone"))
    if kind != "marianna" and kind in kinds_seen:
        raise InvalidDeal(f"{at}.kind", Msg(f"marianna.{kind}_once"))


def _check_sequence(decls: tuple[Declaration, ...], players: int) -> None:
    """Across the deal: a suit once, four mariannas, one mariannino, nothing after mariannone."""
    two = "_two" if players == 2 else ""
    seen: set[str] = set()
    kinds_seen: set[str] = set()
    for i, d in enumerate(decls):
        at = f"declarations.{i}"
        _check_kind_order(at, d.kind, kinds_seen)
        if d.kind == "marianna":
            _check_marianna_suit(at, d.suit, seen, two)
            seen.add(d.suit or "")
        kinds_seen.add(d.kind)


#: What the other side may not declare after a mariannino (docs/rules.md §3, v2 and v2.1).
_AFTER_MARIANNINO = {
    "marianna": "marianna.after_mariannino_side",
    "mariannone": "marianna.mariannone_after_mariannino",
}


def _v2_refusal(
    d: Declaration, mariannino: Declaration | None, marianna_sides: set[int]
) -> str | None:
    """The code refusing this declaration after the ones before it, or None."""
    if d.kind == "mariannino":
        return "marianna.mariannino_after_other" if marianna_sides - {d.side} else None
    if mariannino is None or d.side == mariannino.side:
        return None
    return _AFTER_MARIANNINO.get(d.kind)


def v2_refusals(record: MariannaRecord) -> list[FieldError]:
    """What the cards make impossible in a deal, refused since rules version 2 (docs/rules.md
    §3, §5) and not by version 1, so listed rather than raised (see ``base.REFUSALS``):

    - *v2*: after a mariannino (all four queens in one hand) the other team holds no queen, so
      it declares no marianna in that deal; *v2.1*: the mariannino's own team may still
      declare any suit not yet declared as a marianna, the mariannino's suit included;
    - *v2.1*: a mariannino after the other team's marianna (that team showed a queen, so
      nobody holds all four);
    - *v2.1*: a mariannone (four kings and a queen) by the other team after a mariannino (it
      holds no queen); by the mariannino's own team it stays allowed.
    """
    errors: list[FieldError] = []
    mariannino: Declaration | None = None
    marianna_sides: set[int] = set()
    for i, d in enumerate(record.declarations):
        code = _v2_refusal(d, mariannino, marianna_sides)
        if code is not None:
            errors.append(FieldError(f"declarations.{i}.side", Msg(code)))
        if d.kind == "mariannino":
            mariannino = d
        if d.kind == "marianna":
            marianna_sides.add(d.side)
    return errors


def _seat_or_none(field: str, value: Any, n: int, code: str) -> int | None:
    """A seat/side index below n, or None; anything else is refused."""
    if value is None:
        return None
    seat = _whole(value)  # None for a bool too
    if seat is None or not 0 <= seat < n:
        raise InvalidDeal(field, Msg(code, seats=", ".join(map(str, range(n)))))
    return seat


_RECORD_KEYS = {"points", "declarations", "first_to_target", "trump", "claim"}


def _check_record_keys(data: Any) -> None:
    """A record is an object holding only the known keys, points among them."""
    if not isinstance(data, Mapping):
        raise InvalidDeal("record", Msg("marianna.record_object"))
    for key in data:
        if key not in _RECORD_KEYS:
            raise InvalidDeal(key, Msg("marianna.not_in_record"))
    if "points" not in data:
        raise InvalidDeal("points", Msg("marianna.enter_points"))


def _parse_declarations(
    data: Mapping[str, Any], options: MariannaOptions
) -> tuple[Declaration, ...]:
    """The declarations list, each checked on its own and then in sequence."""
    raw = data.get("declarations") or []
    if not isinstance(raw, list | tuple):
        raise InvalidDeal("declarations", Msg("marianna.declarations_list"))
    decls = tuple(_parse_declaration(i, d, options) for i, d in enumerate(raw))
    _check_sequence(decls, options.players)
    return decls


def _parse_first(data: Mapping[str, Any], options: MariannaOptions) -> int | None:
    """The side that first reached the target, when the options let that win."""
    first = _seat_or_none("first_to_target", data.get("first_to_target"), 2, "marianna.first_seat")
    if first is not None and not options.first_to_target_wins:
        raise InvalidDeal("first_to_target", Msg("marianna.first_not_wins"))
    return first


def _parse_trump(data: Mapping[str, Any], two: bool) -> str | None:
    """The trump suit: required with two players, refused otherwise."""
    trump = data.get("trump")
    if two:
        return _turned_up(trump)
    if trump is not None:
        raise InvalidDeal("trump", Msg("marianna.trumps_set"))
    return None


def _turned_up(trump: Any) -> str:
    """Two players' trump, the suit turned up: required, and a suit."""
    if trump is None:
        raise InvalidDeal("trump", Msg("marianna.which_trump"))
    if trump not in SUITS:
        raise InvalidDeal("trump", Msg("marianna.unknown_suit", value=trump, words=SUITS))
    return trump


def _parse_claim(data: Mapping[str, Any], options: MariannaOptions) -> int | None:
    """The seat that claimed, when the options allow claiming."""
    claim = _seat_or_none("claim", data.get("claim"), 2, "marianna.claim_seat")
    if claim is not None and not options.claim:
        raise InvalidDeal("claim", Msg("marianna.no_claim"))
    return claim


def parse_record(data: Mapping[str, Any], options: MariannaOptions) -> MariannaRecord:
    """Check a record on its own and return it as a MariannaRecord. Raises InvalidDeal."""
    _check_record_keys(data)
    points = _parse_points(data["points"])
    decls = _parse_declarations(data, options)
    first = _parse_first(data, options)
    trump = _parse_trump(data, options.players == 2)
    claim = _parse_claim(data, options)
    return MariannaRecord(points, decls, first, trump, claim)


def declaration_to_json(d: Declaration) -> dict[str, Any]:
    """One declaration in canonical form (default kind and covered=false left out)."""
    out: dict[str, Any] = {"side": d.side}
    if d.kind != "marianna":
        out["kind"] = d.kind
    if d.suit is not None:
        out["suit"] = d.suit
    if d.covered:
        out["covered"] = True
    return out


def record_to_json(record: MariannaRecord) -> dict[str, Any]:
    """The canonical JSON form; parse_record(record_to_json(r)) == r."""
    out: dict[str, Any] = {
        "points": list(record.points),
        "declarations": [declaration_to_json(d) for d in record.declarations],
        "first_to_target": record.first_to_target,
    }
    if record.trump is not None:
        out["trump"] = record.trump
        out["claim"] = record.claim
    return out
