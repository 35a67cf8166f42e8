"""HTML forms of the match pages: new match, deal entry (dispatched per game), confirmations.

A deal form turns into exactly the record dict the JSON API takes (API.md "Deal records"), and a
stored record turns back into form data for editing. The rules do the checking; their
``FieldError.field`` JSON paths (``points.1``, ``parts.0.flek``) are mapped back onto form fields
here so each message shows next to what the player tapped. Nothing here stores anything.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import DataRequired, Length, Optional

from ..rules.base import SUITS, FieldError

# The deck the players know (RULES.md preamble): labels only, data stays hearts/diamonds/...
SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
DECKS: dict[str, dict[str, Any]] = {
    "marias": {
        "hearts": _l("červené"),
        "diamonds": _l("kule"),
        "clubs": _l("žaludy"),
        "spades": _l("zelené"),
    },
    "mariasz": {
        "hearts": _l("czerwień"),
        "diamonds": _l("dzwonki"),
        "clubs": _l("żołędzie"),
        "spades": _l("wino"),
    },
    "mariage": {
        "hearts": _l("Herz"),
        "diamonds": _l("Schellen"),
        "clubs": _l("Eichel"),
        "spades": _l("Grün"),
    },
    "marianna": {
        "hearts": _l("coppe"),
        "diamonds": _l("denari"),
        "clubs": _l("bastoni"),
        "spades": _l("spade"),
    },
}
FRENCH = {
    "hearts": _l("hearts"),
    "diamonds": _l("diamonds"),
    "clubs": _l("clubs"),
    "spades": _l("spades"),
}


def suit_label(game: str, suit: str) -> str:
    """'červené ♥' — the local deck's name with the French symbol."""
    deck = DECKS.get(game, FRENCH)
    return f"{deck.get(suit, suit)} {SYMBOLS.get(suit, '')}".strip()


def suit_choices(game: str) -> list[tuple[str, str]]:
    """(value, label) pairs for a suit radio."""
    return [(s, suit_label(game, s)) for s in SUITS]


def seat_choices(players: Sequence[str]) -> list[tuple[str, str]]:
    """(seat index, name) pairs for a player radio."""
    return [(str(i), name) for i, name in enumerate(players)]


def to_int(value: Any) -> int | None:
    """A radio/text value as int, or None when empty or not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class TapRadio(RadioField):
    """A radio that may be left empty; the rules (not WTForms) say whether a value is missing."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("validate_choice", False)
        super().__init__(*args, **kwargs)


class DealFormBase(FlaskForm):
    """Fields every deal form has: the idempotency key and the deal's version when editing."""

    idem = HiddenField(default=lambda: uuid.uuid4().hex)
    version = HiddenField()

    # Filled in by each game's builder: JSON path -> form field name.
    paths: dict[str, str] = {}

    def form_errors_from(self, errors: Sequence[FieldError]) -> list[str]:
        """Put each rules error next to its field; return those that fit no field."""
        leftover: list[str] = []
        for error in errors:
            name = field_for_path(error.field, self.paths)
            field = getattr(self, name, None) if name else None
            if field is None:
                leftover.append(str(error.message))
            else:
                field.errors = [*list(field.errors or []), str(error.message)]
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


def deal_form(game: str, players: Sequence[str], options: Mapping[str, Any]):  # noqa: ANN201
    """The game's deal-form module (build/to_record/from_record) for this match."""
    if game == "marias":
        from . import forms_marias as module
    elif game == "marianna":
        from . import forms_marianna as module
    else:
        from . import forms_twohand as module
    return module


def summarize(
    game: str, record: Mapping[str, Any], players: Sequence[str], options: Mapping[str, Any]
) -> str:
    """One line saying what the table reported in a deal, in the players' deck."""
    try:
        return deal_form(game, players, options).summarize(game, record, players)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return ""


class ConfirmForm(FlaskForm):
    """A bare confirmation (undo, delete, rematch): CSRF plus the version it was shown at."""

    version = HiddenField()


# ---------------------------------------------------------------- new match

# Game tiles on the new-match page: (game, preset, label, blurb).
TILES: list[tuple[str, str | None, Any, Any]] = [
    ("marias", "pub", _l("Mariáš"), _l("pub rules, 3–4 players")),
    ("marias", "csm", _l("Mariáš ČSM"), _l("association values")),
    ("marias", "krizovy", _l("Křížový mariáš"), _l("betl 10, durch 20")),
    ("mariasz", None, _l("Mariasz"), _l("Polish, 2 players, to 131")),
    ("mariage", None, _l("German Mariage"), _l("2 players, each deal a game")),
    ("marianna", "marianna", _l("Marianna"), _l("4 players in teams, to 501")),
    ("marianna", "cinquecento", _l("Cinquecento"), _l("4 players, to 500")),
    ("marianna", "briscola151", _l("Briscola 151"), _l("2 players, to 151")),
]

# Choices for string options whose values are known (RULES.md); others are free text.
OPTION_CHOICES: dict[str, list[str]] = {
    "values": ["40-60-80-100", "20-40-60-80"],
    "sto_scaling": ["linear", "doubling"],
    "sto_failure": ["flat", "per_ten_short"],
}


class NewMatchForm(FlaskForm):
    """Players (and stake for Mariáš); option fields are added per game by ``new_match_form``."""

    stake = StringField(_l("Stake per unit"), validators=[Optional(), Length(max=16)])
    currency = StringField(_l("Currency"), validators=[Optional(), Length(max=8)])
    title = StringField(_l("Name of the match (optional)"), validators=[Optional(), Length(max=80)])
    # Present when the options were on the page: an unchecked box then means "off". A post
    # without it (a script, a bookmark) keeps every default.
    opts = HiddenField(default="1")


def new_match_form(n_seats: int, required: int, defaults: Mapping[str, Any], **kwargs: Any):
    """A NewMatchForm with ``n_seats`` player fields and one field per option (default shown)."""
    attrs: dict[str, Any] = {}
    for i in range(n_seats):
        checks = [DataRequired(_l("Type a name."))] if i < required else [Optional()]
        attrs[f"player_{i}"] = StringField(
            _l("Player %(n)s", n=i + 1), validators=[*checks, Length(max=40)]
        )
    for name, value in defaults.items():
        label = name.replace("_", " ")
        if isinstance(value, bool):
            attrs[f"opt_{name}"] = BooleanField(label, default=value)
        elif isinstance(value, int):
            attrs[f"opt_{name}"] = IntegerField(label, default=value, validators=[Optional()])
        elif name in OPTION_CHOICES:
            choices = [(c, c) for c in OPTION_CHOICES[name]]
            attrs[f"opt_{name}"] = SelectField(label, default=value, choices=choices)
        else:
            attrs[f"opt_{name}"] = StringField(label, default="" if value is None else str(value))
    cls = type("NewMatch", (NewMatchForm,), attrs)
    return cls(**kwargs)


def option_overrides(form: FlaskForm, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The options whose submitted value differs from the preset's default."""
    overrides: dict[str, Any] = {}
    if not form.opts.raw_data:
        return overrides
    for name, default in defaults.items():
        field = getattr(form, f"opt_{name}")
        value = field.data
        if isinstance(default, bool):
            value = bool(value)
        elif isinstance(default, int):
            pass  # IntegerField: an int, or None when emptied
        elif isinstance(value, str):
            value = value.strip()
            value = None if value == "" else (int(value) if value.lstrip("-").isdigit() else value)
        if value != default:
            overrides[name] = value
    return overrides
