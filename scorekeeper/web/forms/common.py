"""What every deal form shares: suit and seat choices, the tap radio, error placement.

A deal form turns into exactly the record dict the JSON API takes (docs/api.md "Deal records"),
and a stored record turns back into form data for editing. The rules do the checking; their
``FieldError.field`` JSON paths (``points.1``, ``parts.0.flek``) are mapped back onto form fields
here so each message shows next to what the player tapped. Nothing here stores anything.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, RadioField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length

from ...rules.base import SUITS, FieldError
from ...rules.registry import get_game
from .. import suits
from .base import Form

# The deck the players know (docs/rules.md preamble; the match option ``deck``): labels only,
# data stays hearts/diamonds/... Names, symbols and pictures live in ``web.suits``.
SYMBOLS = suits.SYMBOLS


def suit_label(game: str, suit: str, deck: str | None = None) -> str:
    """'červené ♥' — the deck's name with the symbol standing for the suit (``deck`` None: the
    game's default deck)."""
    return suits.suit_label(suit, suits.deck_of(game, {"deck": deck}), game)


def suit_choices(game: str, deck: str | None = None) -> list[tuple[str, str]]:
    """(value, label) pairs for a suit radio."""
    return [(s, suit_label(game, s, deck)) for s in SUITS]


NO_FLEK = _l("no flek")


def flek_name(game: str, level: int) -> str:
    """The rules' name of a flek level in the page's language: 're' for 2, '×64' beyond
    kalhoty (the names are written once, in the rules: ``GAME.form.flek_names``)."""
    names = get_game(game).form.flek_names
    if level == 0:
        return str(NO_FLEK)
    return _(names[level]) if 0 < level < len(names) else f"×{2**level}"


def flek_steps(game: str) -> list[str]:
    """What deal.js shows beside a flek stepper, by level: '', 'flek ×2', 're ×4', …"""
    names = get_game(game).form.flek_names
    return ["", *(f"{_(name)} ×{2**level}" for level, name in enumerate(names) if level)]


def part_name(game: str, kind: str) -> str:
    """A part of a deal as players say it (the rules' ``form.part_names``), in the page's
    language."""
    name = get_game(game).form.part_names.get(kind)
    return _(name) if name else kind


def seat_choices(players: Sequence[str]) -> list[tuple[str, str]]:
    """(seat index, name) pairs for a player radio."""
    return [(str(i), name) for i, name in enumerate(players)]


def to_int(value: Any) -> int | None:
    """A radio/text value as int, or None when empty or not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def to_text(value: Any) -> str:
    """A stored value as a form's value: "" for none (a radio's "nobody"), else its text."""
    return "" if value is None else str(value)


def as_choices(pairs: Sequence[tuple[str, Any]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms choices (tuples are deprecated in WTForms 3.3)."""
    return [SelectChoice(value, label) for value, label in pairs]


class TapRadio(RadioField):
    """A radio that may be left empty; the rules (not WTForms) say whether a value is missing."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("validate_choice", False)
        kwargs["choices"] = as_choices(kwargs.get("choices") or [])
        super().__init__(*args, **kwargs)


class DealFormBase(Form):
    """Fields every deal form has: the idempotency key and the deal's version when editing."""

    idem = HiddenField(default=lambda: uuid.uuid4().hex, validators=[Length(max=100)])
    version = HiddenField()
    # a new deal: how many deals the page showed (another phone may add one meanwhile)
    after = HiddenField(validators=[Length(max=10)])

    # Filled in by each game's builder: JSON path -> form field name.
    paths: dict[str, str] = {}

    def expected_n(self) -> int | None:
        """The number a new deal gets while the deals are still those the page showed (None:
        the page did not say)."""
        seen = to_int(self.after.data)
        return None if seen is None else seen + 1

    def idempotency_key(self) -> str | None:
        """The form's retry key, None when it came without one."""
        return self.idem.data or None

    def form_errors_from(self, errors: Sequence[FieldError]) -> list[str]:
        """Put each rules error next to its field; return those that fit no field."""
        leftover: list[str] = []
        for error in errors:
            message = str(error.message)
            name = field_for_path(error.field, self.paths)
            field = getattr(self, name, None) if name else None
            if field is None:
                leftover.append(message)
            else:
                field.errors = [*list(field.errors or []), message]
        return leftover


def field_for_path(path: str, paths: Mapping[str, str]) -> str | None:
    """The form field for a rules JSON path: exact, else the longest known prefix."""
    parts = path.split(".") if path else []
    while parts:
        key = ".".join(parts)
        if key in paths:
            return paths[key]
        parts.pop()
    return None


class ConfirmForm(Form):
    """A bare confirmation (undo, delete, rematch): CSRF plus the version it was shown at."""

    version = HiddenField()

    def shown_etag(self) -> str | None:
        """The etag of the deal the confirmation showed, None when it showed none."""
        return self.version.data or None
