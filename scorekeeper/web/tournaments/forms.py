"""HTML forms of the tournament pages (WTForms; CSRF through Flask-WTF). Nothing is stored here."""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, NumberRange, Optional

from ...i18n.games import game_title, preset_label
from ...rules.base import FieldError, RuleError
from ...rules.registry import GAME_NAMES, get_game
from ..forms.base import Form
from ..forms.numbers import IntegerField
from .desk_forms import DeskFields


def choices(pairs: Any) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def game_choices() -> list[SelectChoice]:
    """("marias:pub", "Czech Mariáš — pub"), … for every game and preset."""
    found = []
    for name in GAME_NAMES:
        rules = get_game(name)
        presets = list(dict.fromkeys([rules.default_preset, *rules.presets]))
        for preset in presets:
            found.append((f"{name}:{preset}", f"{game_title(name)} — {preset_label(preset)}"))
    return choices(found)


def parse_options(text: str | None) -> dict[str, Any]:
    """House rules typed as ``name = value`` lines (values read as JSON, else text); blank
    lines and ``#`` comments say nothing."""
    options: dict[str, Any] = {}
    for number, line in enumerate((text or "").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, value = _option(line, number)
        options[name] = value
    return options


def _option(line: str, number: int) -> tuple[str, Any]:
    """Line ``number``'s house rule as (name, value); RuleError("options") when it is no
    ``name = value``."""
    name, sep, value = line.partition("=")
    if not sep or not name.strip():
        raise RuleError(FieldError("options", _("Line %(n)s: write name = value.", n=number)))
    return name.strip(), _json_or_text(value.strip())


def _json_or_text(value: str) -> Any:
    """A typed value read as JSON (``true``, ``3``, ``[1, 2]``), else the text itself."""
    try:
        return json.loads(value)
    except ValueError:
        return value


class NewTournamentForm(DeskFields, Form):
    """Everything an organiser decides before the first draw (the tie-breaks, fee, payout and
    the club table's best N: ``DeskFields``)."""

    name = StringField(_l("Name"), validators=[DataRequired(), Length(max=200)])
    date = StringField(_l("Date"), validators=[Optional(), Length(max=10)])
    venue = StringField(_l("Venue"), validators=[Optional(), Length(max=200)])
    game = SelectField(_l("Game and rules"), choices=[])
    options = TextAreaField(
        _l("House rules (one “name = value” a line)"), validators=[Optional(), Length(max=2000)]
    )
    rounds = IntegerField(_l("Rounds"), default=4, validators=[NumberRange(1, 50)])
    timing = RadioField(
        _l("A round lasts"),
        default="minutes",
        choices=choices([("minutes", _l("minutes")), ("deals", _l("deals"))]),
    )
    length = IntegerField(_l("Round length"), default=60, validators=[NumberRange(1, 1000)])
    ranking = SelectField(
        _l("Mariáš ranking"),
        default="balance",
        choices=choices([("balance", _l("total balance")), ("placings", _l("table placings"))]),
    )
    format = SelectField(
        _l("Evening (Mariáš)"),
        default="standard",
        choices=choices(
            [
                ("standard", _l("a standard evening")),
                ("league", _l("a league evening: ZB, PB, SB and BP, in parts")),
            ]
        ),
    )
    parts = IntegerField(_l("Parts of a league evening"), default=2,
                         validators=[Optional(), NumberRange(1, 10)])  # fmt: skip
    stake = StringField(_l("Stake per unit (Mariáš)"), validators=[Optional(), Length(max=20)])
    currency = StringField(_l("Currency"), validators=[Optional(), Length(max=8)])
    draw_method = SelectField(
        _l("Later rounds seated"),
        default="random",
        choices=choices(
            [
                ("random", _l("random draw")),
                ("standings", _l("by standings")),
            ]
        ),
    )
    drop_rounds = SelectField(
        _l("Rounds left out of the total"),
        default="none",
        choices=choices(
            [
                ("none", _l("none")),
                ("worst", _l("each player's worst round")),
                ("best_and_worst", _l("each player's best and worst round")),
            ]
        ),
    )
    seeding = SelectField(
        _l("Round 1 seated"),
        default="random",
        choices=choices(
            [
                ("random", _l("random draw")),
                ("season", _l("by season standings (strongest spread)")),
                ("rating", _l("by rating (strongest spread)")),
            ]
        ),
    )
    season = SelectField(_l("Season"), default="", choices=[])
    language = SelectField(
        _l("Language of its sheets and TV"),
        default="",
        choices=choices(
            [
                ("", _l("as each device asks")),
                ("cs", "Čeština"),
                ("pl", "Polski"),
                ("de", "Deutsch"),
                ("it", "Italiano"),
                ("en", "English"),
            ]
        ),  # fmt: skip
    )
    seed = IntegerField(
        _l("Seed (empty: random)"), validators=[Optional(), NumberRange(0, 2**31 - 1)]
    )
    players = TextAreaField(
        _l("Players, one a line (Marianna: “Jana & Ota”)"),
        validators=[Optional(), Length(max=20000)],
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game.choices = game_choices()
        self.offer()  # every tie-break: the game is chosen in the same form


class PlayerForm(Form):
    """One name (or team)."""

    name = StringField(_l("Name"), validators=[DataRequired()])  # the service names a bad one


class PasteForm(Form):
    """A pasted list of names."""

    names = TextAreaField(
        _l("Paste a list, one a line"), validators=[DataRequired(), Length(max=20000)]
    )


class KeepApartForm(Form):
    """Two entrants to seat apart."""

    a = SelectField(_l("Keep apart"), choices=[])
    b = SelectField(_l("and"), choices=[])


class ActionForm(Form):
    """A button that changes something: only the CSRF token."""


class SeasonForm(Form):
    """A new season (RULES.md §6a)."""

    name = StringField(_l("Name"), validators=[DataRequired(), Length(max=200)])
    scoring = SelectField(
        _l("League table"),
        default="sum",
        choices=choices(
            [
                ("sum", _l("sum of the evenings' results")),
                ("placing_points", _l("points per place")),
            ]
        ),
    )
    top = IntegerField(_l("Points for a win (empty: the evening's players)"),
                       validators=[Optional(), NumberRange(1, 1000)])  # fmt: skip
    best_n = IntegerField(_l("Count only each player's best evenings (empty: all)"),
                          validators=[Optional(), NumberRange(1, 1000)])  # fmt: skip
    seed = IntegerField(
        _l("Seed (empty: random)"), validators=[Optional(), NumberRange(0, 1_000_000)]
    )


class MergeForm(Form):
    """Two roster entries that are one person."""

    keep = SelectField(_l("Keep"), choices=[])
    drop = SelectField(_l("Merge into it"), choices=[])
