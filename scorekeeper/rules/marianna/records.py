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


def _parse_points(data: Any) -> tuple[int, int]:
    """Both sides' card points, a left-out one derived from the 120 of a played-out deal."""
    if not isinstance(data, list | tuple) or len(data) != 2:
        raise InvalidDeal("points", Msg("marianna.points_both"))
    values: list[int | None] = []
    for i, raw in enumerate(data):
        if raw is None:
            values.append(None)
            continue
        value = _whole(raw)
        if value is None:
            raise InvalidDeal(f"points.{i}", Msg("marianna.points_whole"))
        if not 0 <= value <= DEAL_POINTS:
            raise InvalidDeal(
                f"points.{i}", Msg("marianna.points_range", total=DEAL_POINTS, n=value)
            )
        values.append(value)
    a, b = values
    if a is None and b is None:
        raise InvalidDeal("points", Msg("marianna.enter_points"))
    if a is None or b is None:
        known = a if a is not None else b
        return (DEAL_POINTS - known, known) if a is None else (known, DEAL_POINTS - known)
    if a + b > DEAL_POINTS:
        raise InvalidDeal("points", Msg("marianna.points_over", n=a + b, total=DEAL_POINTS))
    return a, b


def _declared_kind(at: str, data: Mapping[str, Any], options: MariannaOptions) -> str:
    """The kind of a declaration, allowed by the options (two players: matrimonio = marianna)."""
    kind = data.get("kind") or "marianna"
    two = options.players == 2
    kinds = ("marianna", "matrimonio") if two else ("marianna", "mariannino", "mariannone")
    if kind not in kinds:
        code = "marianna.unknown_declaration_two" if two else "marianna.unknown_declaration"
        raise InvalidDeal(f"{at}.kind", Msg(code, value=kind))
    kind = "marianna" if kind == "matrimonio" else kind
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
    if covered and not options.covered_marianna:
        raise InvalidDeal(f"{at}.covered", Msg("marianna.no_covering"))
    if covered and kind != "marianna":
        raise InvalidDeal(f"{at}.covered", Msg("marianna.covered_marianna_only"))
    if covered and i != 0:
        raise InvalidDeal(f"{at}.covered", Msg("marianna.covered_first"))
    return covered


def _parse_declaration(i: int, data: Any, options: MariannaOptions) -> Declaration:
    """One declaration on its own: side, kind allowed by the options, suit, covered."""
    at = f"declarations.{i}"
    if not isinstance(data, Mapping):
        raise InvalidDeal(at, Msg("marianna.declaration_object"))
    for key in data:
        if key not in _DECL_KEYS:
            raise InvalidDeal(f"{at}.{key}", Msg("marianna.not_in_declaration"))
    side = data.get("side")
    if isinstance(side, bool) or side not in (0, 1):
        code = "marianna.side_player" if options.players == 2 else "marianna.side_team"
        raise InvalidDeal(f"{at}.side", Msg(code))
    kind = _declared_kind(at, data, options)
    suit = data.get("suit")
    if suit is None and kind not in SUITLESS_KINDS:
        raise InvalidDeal(f"{at}.suit", Msg(f"marianna.which_suit.{kind}"))
    if suit is not None and suit not in SUITS:
        raise InvalidDeal(f"{at}.suit", Msg("marianna.unknown_suit", value=suit, words=SUITS))
    covered = _covered(i, at, data, kind, options)
    return Declaration(side=int(side), kind=kind, suit=suit, covered=covered)


def _check_sequence(decls: tuple[Declaration, ...], players: int) -> None:
    """Across the deal: a suit once, four mariannas, one mariannino, nothing after mariannone."""
    two = "_two" if players == 2 else ""
    seen: set[str] = set()
    kinds_seen: set[str] = set()
    for i, d in enumerate(decls):
        at = f"declarations.{i}"
        if "mariannone" in kinds_seen:
            raise InvalidDeal(at, Msg("marianna.after_mariannone"))
        if d.kind == "marianna":
            if len(seen) == len(SUITS):
                raise InvalidDeal(at, Msg(f"marianna.no_fifth{two}"))
            if d.suit in seen:
                raise InvalidDeal(f"{at}.suit", Msg(f"marianna.suit_again{two}", suit=d.suit))
            seen.add(d.suit or "")
        elif d.kind in kinds_seen:
            raise InvalidDeal(f"{at}.kind", Msg(f"marianna.{d.kind}_once"))
        kinds_seen.add(d.kind)


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
        at = f"declarations.{i}"
        if d.kind == "mariannino":
            if marianna_sides - {d.side}:
                errors.append(FieldError(f"{at}.side", Msg("marianna.mariannino_after_other")))
            mariannino = d
        elif mariannino is None or d.side == mariannino.side:
            pass
        elif d.kind == "marianna":
            errors.append(FieldError(f"{at}.side", Msg("marianna.after_mariannino_side")))
        elif d.kind == "mariannone":
            errors.append(FieldError(f"{at}.side", Msg("marianna.mariannone_after_mariannino")))
        if d.kind == "marianna":
            marianna_sides.add(d.side)
    return errors


def _seat_or_none(field: str, value: Any, n: int, code: str) -> int | None:
    """A seat/side index below n, or None; anything else is refused."""
    if value is None:
        return None
    if isinstance(value, bool) or _whole(value) is None or not 0 <= _whole(value) < n:
        raise InvalidDeal(field, Msg(code, seats=", ".join(map(str, range(n)))))
    return _whole(value)


def parse_record(data: Mapping[str, Any], options: MariannaOptions) -> MariannaRecord:
    """Check a record on its own and return it as a MariannaRecord. Raises InvalidDeal."""
    if not isinstance(data, Mapping):
        raise InvalidDeal("record", Msg("marianna.record_object"))
    two = options.players == 2
    allowed = {"points", "declarations", "first_to_target", "trump", "claim"}
    for key in data:
        if key not in allowed:
            raise InvalidDeal(key, Msg("marianna.not_in_record"))
    if "points" not in data:
        raise InvalidDeal("points", Msg("marianna.enter_points"))
    points = _parse_points(data["points"])
    raw = data.get("declarations") or []
    if not isinstance(raw, list | tuple):
        raise InvalidDeal("declarations", Msg("marianna.declarations_list"))
    decls = tuple(_parse_declaration(i, d, options) for i, d in enumerate(raw))
    _check_sequence(decls, options.players)
    first = _seat_or_none("first_to_target", data.get("first_to_target"), 2, "marianna.first_seat")
    if first is not None and not options.first_to_target_wins:
        raise InvalidDeal("first_to_target", Msg("marianna.first_not_wins"))
    trump = data.get("trump")
    if two and trump is None:
        raise InvalidDeal("trump", Msg("marianna.which_trump"))
    if two and trump not in SUITS:
        raise InvalidDeal("trump", Msg("marianna.unknown_suit", value=trump, words=SUITS))
    if not two and trump is not None:
        raise InvalidDeal("trump", Msg("marianna.trumps_set"))
    claim = _seat_or_none("claim", data.get("claim"), 2, "marianna.claim_seat")
    if claim is not None and not options.claim:
        raise InvalidDeal("claim", Msg("marianna.no_claim"))
    return MariannaRecord(points, decls, first, trump if two else None, claim)


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
