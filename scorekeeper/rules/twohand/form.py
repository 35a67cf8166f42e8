"""Deal form of Polish Mariasz and German Mariage: trump, card points, marriage toggles.

Record (docs/api.md): ``{"trump", "points": [a, b|null], "marriages": [[..], [..]],
"first_to_target"}`` plus ``ace_kings`` / ``closed_by`` when those house rules are on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField
from wtforms.validators import NumberRange, Optional

from ...web.forms.common import (
    SYMBOLS,
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
from ..registry import get_game

SEATS = (0, 1)


def deal_total(options: Mapping[str, Any]) -> int:
    """Card points of a played-out deal: 138, or 130 without the pamfil (docs/rules.md §2) or
    without trumps (Mariasz ``no_trump``, docs/rules.md v2 §1)."""
    return 130 if options.get("no_trump") or not options.get("pamfil", True) else 138


def ace_king_on(options: Mapping[str, Any]) -> bool:
    """Whether the ace-king meld is allowed (``30/60``, ``trumps_only``, or a stored true)."""
    return options.get("ace_king") not in (None, False, "off")


def _seat_fields(s: int, name: str, total: int, ace_king: bool) -> dict[str, Any]:
    """One player's fields: card points, a toggle per marriage (and ace-king) suit, and the
    anchors that show errors of marriages.<s> and ace_kings.<s>."""
    attrs: dict[str, Any] = {
        f"points_{s}": IntegerField(name, validators=[Optional(), NumberRange(0, total)])
    }
    for suit in SUITS:
        attrs[f"m_{s}_{suit}"] = BooleanField(suit)
        if ace_king:
            attrs[f"ak_{s}_{suit}"] = BooleanField(suit)
    attrs[f"marriages_{s}"] = BooleanField()
    attrs[f"ace_kings_{s}"] = BooleanField()
    return attrs


def _seat_paths(s: int) -> dict[str, str]:
    """Where the errors of one player's record fields are shown."""
    return {
        f"points.{s}": f"points_{s}",
        f"marriages.{s}": f"marriages_{s}",
        f"ace_kings.{s}": f"ace_kings_{s}",
    }


def _first_to_target_field(players: Sequence[str]) -> TapRadio:
    """Who reached the match target first (or nobody, or only one did)."""
    return TapRadio(
        _l("Who reached the target first?"),
        choices=[("", _l("nobody / one"))] + seat_choices(players),
    )


def _closed_by_field(players: Sequence[str]) -> TapRadio:
    """Who closed the stock (the closing house rule), if anybody."""
    return TapRadio(_l("Closed the stock"), choices=[("", _l("nobody"))] + seat_choices(players))


def build(game: str, players: Sequence[str], options: Mapping[str, Any], **kwargs: Any):
    """The deal form for this match (a FlaskForm instance)."""
    attrs: dict[str, Any] = {}
    paths = {"points": "points_0", "marriages": "marriages_0"}
    rules = get_game(game)
    if rules.names_trump(options):  # not in a Mariasz match played without trumps
        attrs["trump"] = TapRadio(_l("Trump"), choices=suit_choices(game, options.get("deck")))
        paths["trump"] = "trump"
    if rules.has_target:  # German Mariage has none, so nobody reaches it first (rules.md §2)
        attrs["first_to_target"] = _first_to_target_field(players)
        paths["first_to_target"] = "first_to_target"
    for s in SEATS:
        attrs.update(_seat_fields(s, players[s], deal_total(options), ace_king_on(options)))
        paths.update(_seat_paths(s))
    if options.get("closing"):
        attrs["closed_by"] = _closed_by_field(players)
        paths["closed_by"] = "closed_by"
    attrs["paths"] = paths
    cls = type("TwoHandDeal", (DealFormBase,), attrs)
    return cls(**kwargs)


def _tapped(form: Any, name: str) -> Any:
    """A tap field's data, or None when the form has no such field."""
    field = getattr(form, name, None)
    return None if field is None else field.data


def _ticked(form: Any, prefix: str) -> list[list[str]]:
    """Each player's suits whose toggle (``m_`` marriage, ``ak_`` ace-king) is on."""
    return [[s for s in SUITS if getattr(form, f"{prefix}_{p}_{s}").data] for p in SEATS]


def to_record(form: Any, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The API record the form describes."""
    record: dict[str, Any] = {
        "trump": _tapped(form, "trump") or None,
        "points": [form.points_0.data, form.points_1.data],
        "marriages": _ticked(form, "m"),
        "first_to_target": to_int(_tapped(form, "first_to_target")),
    }
    if ace_king_on(options):
        record["ace_kings"] = _ticked(form, "ak")
    if options.get("closing"):
        record["closed_by"] = to_int(form.closed_by.data)
    return record


def _toggles(melds: Sequence[Any], prefix: str) -> dict[str, bool]:
    """The toggles showing each player's melded suits (a missing player melded none)."""
    seats = [melds[p] if p < len(melds) else [] for p in SEATS]
    return {f"{prefix}_{p}_{s}": s in seats[p] for p in SEATS for s in SUITS}


def _points_data(record: Mapping[str, Any]) -> dict[str, Any]:
    """Both players' card points as form data (a left-out one stays empty)."""
    points = list(record.get("points") or [None, None]) + [None, None]
    return {"points_0": points[0], "points_1": points[1]}


def from_record(record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]):
    """Form data (a dict for ``data=``) that shows ``record`` in the form."""
    data: dict[str, Any] = {
        "trump": record.get("trump") or "",
        **_points_data(record),
        "first_to_target": to_text(record.get("first_to_target")),
    }
    for key, prefix in (("marriages", "m"), ("ace_kings", "ak")):
        data.update(_toggles(record.get(key) or [[], []], prefix))
    if options.get("closing"):
        data["closed_by"] = to_text(record.get("closed_by"))
    return data


def _marks(suits: Sequence[str]) -> str:
    """Melded suits as their symbols ('♥♠'); anything else as written."""
    return "".join(SYMBOLS.get(m, m) for m in suits)


def _seat_bit(name: str, s: int, points: list[Any], melds: list[Any]) -> str:
    """'Jana 95 +♥' — one player's card points ('–' when left out) and marriages."""
    value = points[s] if s < len(points) and points[s] is not None else "–"
    marks = _marks(melds[s] if s < len(melds) else [])
    return f"{name} {value}" + (f" +{marks}" if marks else "")


def _trump_said(game: str, record: Mapping[str, Any], deck: str | None) -> list[str]:
    """The deal's trump as its label, when one was named."""
    return [suit_label(game, record["trump"], deck)] if record.get("trump") else []


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], deck: str | None = None
) -> str:
    """'czerwień ♥ · Jana 95 +♥ · Petr –' — trump, card points and marriages."""
    bits = _trump_said(game, record, deck)
    points = list(record.get("points") or [None, None])
    melds = list(record.get("marriages") or [[], []])
    bits += [_seat_bit(players[s], s, points, melds) for s in SEATS]
    return " · ".join(bits)
