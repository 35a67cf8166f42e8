"""Deal form of Marianna, Cinquecento and Briscola 151: points and declarations in order.

Declarations are an ordered list kept in one text field as tokens ``side:kind:suit``
(``0:marianna:hearts 1:mariannino:spades 0:mariannone:``; a ``*`` after the kind marks a
covered marianna). The team + suit buttons are submit buttons named ``add``: without JavaScript
the server appends the token and shows the form again; with JavaScript static/js/deal.js
appends it in place. Two players (Briscola 151) add the trump and the claim.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import StringField
from wtforms.validators import Length, NumberRange, Optional

from ...web.forms.common import (
    DealFormBase,
    TapRadio,
    seat_choices,
    suit_choices,
    suit_label,
    to_int,
    to_text,
)
from ...web.forms.numbers import IntegerField
from ..base import SUITS
from .records import SUITLESS_KINDS

DEAL_POINTS = 120
KINDS = ("marianna", "marianna*", "mariannino", "mariannone")
PLAIN = KINDS[0]  # the plain declaration: a record leaves its kind out
KIND_LABELS = {
    "marianna": _l("marianna"),
    "marianna*": _l("covered"),
    "mariannino": _l("mariannino"),
    "mariannone": _l("mariannone"),
}


#: the declarations an option allows, in the order the form offers them
_OPTIONAL_KINDS = (
    ("covered_marianna", "marianna*"),  # docs/rules.md §3: Deckung, from partners' two cards
    ("mariannino", "mariannino"),
    ("mariannone", "mariannone"),
)


def kinds(options: Mapping[str, Any], n_players: int) -> list[str]:
    """Declaration kinds these options allow (Cinquecento: mariannas only)."""
    if n_players == 2:
        return [PLAIN]
    return [PLAIN] + [kind for option, kind in _OPTIONAL_KINDS if options.get(option)]


def _sides(players: Sequence[str]) -> list[str]:
    """The two sides' names: the two players, or the teams ("Jana & Ota": seats 1 and 3)."""
    if len(players) == 2:
        return list(players)
    return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]


def _kind_field(options: Mapping[str, Any], n_players: int) -> TapRadio:
    """The kind of the next declaration: those the options allow."""
    choices = [(k, KIND_LABELS[k]) for k in kinds(options, n_players)]
    return TapRadio(_l("Declare"), default=PLAIN, choices=choices)


def _first_to_target_field(sides: list[str]) -> TapRadio:
    """Which side reached the target first (asked only when that wins)."""
    return TapRadio(
        _l("Who reached the target first?"),
        default="",
        choices=[("", _l("nobody / one"))] + [(str(i), s) for i, s in enumerate(sides)],
    )


def _two_player_fields(
    game: str, players: Sequence[str], options: Mapping[str, Any]
) -> dict[str, Any]:
    """Briscola 151's own fields: the turned-up trump and who claimed the target."""
    return {
        "trump": TapRadio(_l("Trump"), choices=suit_choices(game, options.get("deck"))),
        "claim": TapRadio(
            _l("Claimed the target"),
            default="",
            choices=[("", _l("nobody"))] + seat_choices(players),
        ),
    }


def build(game: str, players: Sequence[str], options: Mapping[str, Any], **kwargs: Any):
    """The deal form for this match (a FlaskForm instance)."""
    sides = _sides(players)
    attrs: dict[str, Any] = {
        "declarations": StringField(_l("Declarations, in order"), validators=[Length(max=400)]),
        "kind": _kind_field(options, len(players)),
    }
    paths = {"declarations": "declarations", "points": "points_0"}
    if options.get("first_to_target_wins"):  # otherwise the higher total decides: never asked
        attrs["first_to_target"] = _first_to_target_field(sides)
        paths["first_to_target"] = "first_to_target"
    for s in (0, 1):
        attrs[f"points_{s}"] = IntegerField(
            sides[s],
            validators=[Optional(), NumberRange(0, DEAL_POINTS)],
        )
        paths[f"points.{s}"] = f"points_{s}"
    if len(players) == 2:
        attrs.update(_two_player_fields(game, players, options))
        paths.update(trump="trump", claim="claim")
    attrs["paths"] = paths
    attrs["sides"] = sides
    cls = type("MariannaDeal", (DealFormBase,), attrs)
    form = cls(**kwargs)
    # what a kind brings (static/js/deal.js): a suitless one takes no suit from the tapped button
    form.gives = {"kind": dict.fromkeys(SUITLESS_KINDS, "no_suit")}
    return form


def _suit_entry(kind: str, suit: str) -> dict[str, str | None]:
    """A token's suit as a record writes it: left out only when a suitless kind names none."""
    if suit or kind not in SUITLESS_KINDS:
        return {"suit": suit or None}
    return {}


def _token_item(token: str) -> dict[str, Any]:
    """One token ``side:kind:suit`` as a declaration record (kind and covered only when set)."""
    side, _, rest = token.partition(":")
    written, _, suit = rest.partition(":")
    kind = written.rstrip("*") or PLAIN
    item: dict[str, Any] = {"side": to_int(side) if side.isdigit() else side}
    if kind != PLAIN:
        item["kind"] = kind
    item.update(_suit_entry(kind, suit))
    if written.endswith("*"):
        item["covered"] = True
    return item


def parse_tokens(text: str | None) -> list[dict[str, Any]]:
    """Declarations from the token text; unreadable tokens become records the rules refuse."""
    return [_token_item(token) for token in (text or "").split()]


def to_token(decl: Mapping[str, Any]) -> str:
    """One declaration as a token ``side:kind:suit``."""
    kind = (decl.get("kind") or PLAIN) + ("*" if decl.get("covered") else "")
    return f"{decl.get('side')}:{kind}:{decl.get('suit') or ''}"


def add_token(text: str | None, token: str, kind: str | None) -> str:
    """Append a tapped team+suit button (``side:suit``) with the chosen kind to the token text."""
    side, _, suit = token.partition(":")
    kind = kind if kind in KINDS else PLAIN
    if kind in SUITLESS_KINDS:
        suit = ""
    return " ".join([*(text or "").split(), f"{side}:{kind}:{suit}"])


def to_record(form: Any, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The API record the form describes."""
    record: dict[str, Any] = {
        "points": [form.points_0.data, form.points_1.data],
        "declarations": parse_tokens(form.declarations.data),
        "first_to_target": to_int(form.first_to_target.data) if "first_to_target" in form else None,
    }
    if len(players) == 2:
        record["trump"] = form.trump.data or None
        record["claim"] = to_int(form.claim.data)
    return record


def _tokens(record: Mapping[str, Any]) -> str:
    """A record's declarations as the token text."""
    return " ".join(to_token(d) for d in record.get("declarations") or [])


def from_record(record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]):
    """Form data (a dict for ``data=``) that shows ``record`` in the form."""
    points = list(record.get("points") or [None, None]) + [None, None]
    data: dict[str, Any] = {
        "points_0": points[0],
        "points_1": points[1],
        "declarations": _tokens(record),
        "first_to_target": to_text(record.get("first_to_target")),
    }
    if len(players) == 2:
        data["trump"] = record.get("trump") or ""
        data["claim"] = to_text(record.get("claim"))
    return data


def _side_name(side: Any, sides: Sequence[str]) -> str:
    """A token's side by its name, or as written when it is no side."""
    return sides[side] if isinstance(side, int) and 0 <= side < len(sides) else str(side)


def _describe(item: Mapping[str, Any], sides: Sequence[str], game: str, deck: str | None) -> str:
    """One declaration's label: 'Jana & Ota: mariannino ♠' (a plain marianna names no kind)."""
    kind = item.get("kind", PLAIN) + ("*" if item.get("covered") else "")
    suit = suit_label(game, item["suit"], deck) if item.get("suit") in SUITS else ""
    label = "" if kind == PLAIN else str(KIND_LABELS.get(kind, kind))
    return f"{_side_name(item.get('side'), sides)}: {label} {suit}".replace("  ", " ").strip()


def describe_tokens(
    text: str | None, sides: Sequence[str], game: str, deck: str | None = None
) -> list[str]:
    """Human labels of the declarations so far: 'Jana & Ota: coppe ♥'."""
    return [_describe(item, sides, game, deck) for item in parse_tokens(text)]


def _two_player_bits(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None
) -> tuple[list[str], list[str]]:
    """What Briscola 151 adds around a summary: the trump before it, the claim after it."""
    before = [suit_label(game, record["trump"], deck)] if record.get("trump") in SUITS else []
    claim = record.get("claim")
    after = [] if claim is None else [str(_l("claim: %(name)s", name=players[claim]))]
    return before, after


def _points_said(record: Mapping[str, Any]) -> str:
    """'70 : 50', a point value left out shown as '–'."""
    points = [("–" if p is None else p) for p in (record.get("points") or [None, None])]
    return f"{points[0]} : {points[1]}"


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'70 : 50 · Jana & Ota: coppe ♥' — points and declarations in order."""
    bits = [_points_said(record)]
    bits += describe_tokens(_tokens(record), _sides(players), game, deck)
    if len(players) != 2:
        return " · ".join(bits)
    before, after = _two_player_bits(game, record, players, deck)
    return " · ".join(before + bits + after)
