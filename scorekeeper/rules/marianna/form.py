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


def kinds(options: Mapping[str, Any], n_players: int) -> list[str]:
    """Declaration kinds these options allow (Cinquecento: mariannas only)."""
    if n_players == 2:
        return [PLAIN]
    allowed = [PLAIN]
    if options.get("covered_marianna"):
        allowed.append("marianna*")  # docs/rules.md §3: Deckung, from partners' two cards
    if options.get("mariannino"):
        allowed.append("mariannino")
    if options.get("mariannone"):
        allowed.append("mariannone")
    return allowed


def build(game: str, players: Sequence[str], options: Mapping[str, Any], **kwargs: Any):
    """The deal form for this match (a FlaskForm instance)."""
    two = len(players) == 2
    sides = (
        list(players) if two else [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    )
    attrs: dict[str, Any] = {
        "declarations": StringField(_l("Declarations, in order"), validators=[Length(max=400)]),
        "kind": TapRadio(
            _l("Declare"),
            default=PLAIN,
            choices=[(k, KIND_LABELS[k]) for k in kinds(options, len(players))],
        ),
    }
    paths = {"declarations": "declarations", "points": "points_0"}
    if options.get("first_to_target_wins"):  # otherwise the higher total decides: never asked
        attrs["first_to_target"] = TapRadio(
            _l("Who reached the target first?"),
            default="",
            choices=[("", _l("nobody / one"))] + [(str(i), s) for i, s in enumerate(sides)],
        )
        paths["first_to_target"] = "first_to_target"
    for s in (0, 1):
        attrs[f"points_{s}"] = IntegerField(
            sides[s],
            validators=[Optional(), NumberRange(0, DEAL_POINTS)],
        )
        paths[f"points.{s}"] = f"points_{s}"
    if two:
        attrs["trump"] = TapRadio(_l("Trump"), choices=suit_choices(game, options.get("deck")))
        attrs["claim"] = TapRadio(
            _l("Claimed the target"),
            default="",
            choices=[("", _l("nobody"))] + seat_choices(players),
        )
        paths.update(trump="trump", claim="claim")
    attrs["paths"] = paths
    attrs["sides"] = sides
    cls = type("MariannaDeal", (DealFormBase,), attrs)
    form = cls(**kwargs)
    # what a kind brings (static/js/deal.js): a suitless one takes no suit from the tapped button
    form.gives = {"kind": dict.fromkeys(SUITLESS_KINDS, "no_suit")}
    return form


def parse_tokens(text: str | None) -> list[dict[str, Any]]:
    """Declarations from the token text; unreadable tokens become records the rules refuse."""
    items: list[dict[str, Any]] = []
    for token in (text or "").split():
        side, _, rest = token.partition(":")
        kind, _, suit = rest.partition(":")
        covered = kind.endswith("*")
        kind = kind.rstrip("*") or PLAIN
        item: dict[str, Any] = {"side": to_int(side) if side.isdigit() else side}
        if kind != PLAIN:
            item["kind"] = kind
        if suit or kind not in SUITLESS_KINDS:
            item["suit"] = suit or None
        if covered:
            item["covered"] = True
        items.append(item)
    return items


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


def from_record(record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]):
    """Form data (a dict for ``data=``) that shows ``record`` in the form."""
    points = list(record.get("points") or [None, None]) + [None, None]
    data: dict[str, Any] = {
        "points_0": points[0],
        "points_1": points[1],
        "declarations": " ".join(to_token(d) for d in record.get("declarations") or []),
        "first_to_target": to_text(record.get("first_to_target")),
    }
    if len(players) == 2:
        data["trump"] = record.get("trump") or ""
        data["claim"] = to_text(record.get("claim"))
    return data


def describe_tokens(
    text: str | None, sides: Sequence[str], game: str, deck: str | None = None
) -> list[str]:
    """Human labels of the declarations so far: 'Jana & Ota: coppe ♥'."""
    out = []
    for item in parse_tokens(text):
        side = item.get("side")
        who = sides[side] if isinstance(side, int) and 0 <= side < len(sides) else str(side)
        kind = item.get("kind", PLAIN) + ("*" if item.get("covered") else "")
        suit = suit_label(game, item["suit"], deck) if item.get("suit") in SUITS else ""
        label = "" if kind == PLAIN else str(KIND_LABELS.get(kind, kind))
        out.append(f"{who}: {label} {suit}".replace("  ", " ").strip())
    return out


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'70 : 50 · Jana & Ota: coppe ♥' — points and declarations in order."""
    two = len(players) == 2
    sides = (
        list(players) if two else [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    )
    points = [("–" if p is None else p) for p in (record.get("points") or [None, None])]
    bits = [f"{points[0]} : {points[1]}"]
    if two and record.get("trump") in SUITS:
        bits.insert(0, suit_label(game, record["trump"], deck))
    tokens = " ".join(to_token(d) for d in record.get("declarations") or [])
    bits += describe_tokens(tokens, sides, game, deck)
    if two and record.get("claim") is not None:
        bits.append(str(_l("claim: %(name)s", name=players[record["claim"]])))
    return " · ".join(bits)
