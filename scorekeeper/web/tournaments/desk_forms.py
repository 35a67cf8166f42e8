"""The organiser's desk settings as form fields (WTForms; CSRF through Flask-WTF): the tie-breaks
chosen and ordered (RULES.md §6), the entry fee and the payout per place, and how many players of
a club count. ``DeskFields`` is a mixin of the new-tournament form and the settings form.

The tie-break menus and the hint under them are written from ``tournament.standings.KINDS`` and
the metrics' phrases: the order lives in one place.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, NumberRange, Optional

from ...i18n.formats import parse_amount
from ...i18n.games import game_title
from ...rules.base import RuleError
from ...rules.registry import GAME_NAMES, get_game
from ...tournament.metrics import metric
from ...tournament.standings import KINDS, offered_tiebreaks
from ..forms.base import Form
from ..forms.numbers import IntegerField

SLOTS = 5  # tie-break menus: the longest offer (two-player games) has five


def _tb_label(key: str) -> str:
    found = metric(key)
    return f"{_(found.rule or found.name)} ({_(found.abbr)})"


def tiebreak_choices(keys: list[str] | None = None) -> list[Any]:
    """A menu's choices: none, then ``keys`` (default: every tie-break of every kind)."""
    keys = _every_tiebreak() if keys is None else keys
    return [SelectChoice("", _("—")), *(SelectChoice(k, _tb_label(k)) for k in keys)]


def _every_tiebreak() -> list[str]:
    """Every tie-break of every standings kind, each once, in ``KINDS``' order."""
    keys: list[str] = []
    for kind in KINDS.values():
        keys += [k for k in (*kind.tiebreaks, *kind.more) if k not in keys]
    return keys


def tiebreak_menu() -> list[dict[str, Any]]:
    """Per standings kind: the games that rank so, RULES.md §6's order and the further choices
    (the hint under the menus, from ``KINDS``)."""
    games = _games_by_kind()
    games["league"] = [_("League evenings (Mariáš)")]  # RULES.md §6b: the format, any chip game
    return [  # a season's own tie-breaks are not chosen here
        _menu_hint(games[key], kind) for key, kind in KINDS.items() if games.get(key)
    ]


def _games_by_kind() -> dict[str, list[str]]:
    """Each standings kind's games by title (a game once, however many presets rank so)."""
    games: dict[str, list[str]] = {}
    for name in GAME_NAMES:
        for kind in _kinds_of(name):
            titles = games.setdefault(kind, [])
            if game_title(name) not in titles:
                titles.append(game_title(name))
    return games


def _kinds_of(name: str) -> list[str]:
    """How each of a game's presets ranks (its standings kind)."""
    rules = get_game(name)
    return [
        rules.tournament.standings_kind(rules.make_options(p, {})) for p in rules.presets or [None]
    ]


def _menu_hint(games: list[str], kind: Any) -> dict[str, Any]:
    """The hint under the menus for one standings kind: its games, the order RULES.md §6 gives
    and the further choices."""
    return {
        "games": ", ".join(games),
        "default": [_(metric(k).rule) for k in kind.tiebreaks],
        "more": [_(metric(k).rule) for k in kind.more],
    }


def parse_percents(text: str | None) -> list[str] | None:
    """ "50 30 20" or "50 %, 30 %, 20 %" (percent of the pool by place) as shares "0.5", …;
    RuleError("payout") for a figure that is not a number."""
    shares = [_share(part) for part in _percent_parts(text)]
    return shares or None


def _percent_parts(text: str | None) -> list[str]:
    """The figures typed, split at spaces, semicolons and commas between figures (a decimal
    comma stays) and "%" signs."""
    text = (text or "").replace("%", " ")
    return [p for p in re.split(r"[;\s]+|,\s+", text) if p.strip(",")]


def _share(part: str) -> str:
    """One place's percent as a share of the pool ("50" -> "0.5"); RuleError("payout") for a
    figure that is not a number."""
    try:
        return str((parse_amount(part.strip(",")) / 100).normalize())
    except (InvalidOperation, ValueError):
        raise RuleError(
            "payout", _("Write each place's percent of the pool, e.g. 50 30 20.")
        ) from None


def percents(shares: list[str] | None) -> str:
    """Stored shares as the form shows them: "50 30 20"."""
    return " ".join(f"{(Decimal(s) * 100).normalize():f}" for s in shares or [])


class DeskFields:
    """Fields of the organiser's desk settings (a mixin of the app's form classes)."""

    tb1 = SelectField(_l("1st tie-break"), default="", choices=[])
    tb2 = SelectField(_l("2nd tie-break"), default="", choices=[])
    tb3 = SelectField(_l("3rd tie-break"), default="", choices=[])
    tb4 = SelectField(_l("4th tie-break"), default="", choices=[])
    tb5 = SelectField(_l("5th tie-break"), default="", choices=[])
    fee = StringField(_l("Entry fee"), validators=[Optional(), Length(max=20)])
    payout = StringField(
        _l("Prize money by place, in percent of the pool"), validators=[Optional(), Length(max=300)]
    )
    club_best_n = IntegerField(
        _l("Club table: best players counted"), default=3, validators=[NumberRange(1, 50)]
    )

    def slots(self) -> list[Any]:
        return [self.tb1, self.tb2, self.tb3, self.tb4, self.tb5]

    def slot_of(self, field: str) -> Any:
        """The menu a refusal of ``field`` ("tiebreaks.N") goes beside: the Nth of the menus
        with a choice (the last such one past their count; the first menu when none has)."""
        index = int(field.split(".")[1]) if "." in field else 0
        filled = [s for s in self.slots() if s.data] or [self.tb1]
        return filled[min(index, len(filled) - 1)]

    def offer(self, keys: list[str] | None = None) -> None:
        """Fill the menus (``keys``: what this tournament's ranking offers; None: every one)."""
        for slot in self.slots():
            slot.choices = tiebreak_choices(keys)

    def chosen(self) -> list[str] | None:
        """The tie-breaks in the menus' order; None when every menu is empty (the default)."""
        keys = [slot.data for slot in self.slots() if slot.data]
        return keys or None

    def show(self, keys: list[str]) -> None:
        """Fill the menus with the tie-breaks in force."""
        for slot, key in zip(self.slots(), [*keys, *[""] * SLOTS], strict=False):
            slot.data = key

    def desk_fields(self) -> dict[str, Any]:
        """``create_tournament``'s / ``update_settings``' settings from the fields."""
        return {
            "tiebreaks": self.chosen(),
            "fee": self.fee.data or None,
            "payout": parse_percents(self.payout.data),
            "club_best_n": self.club_best_n.data,
        }


class SettingsForm(DeskFields, Form):
    """A tournament's settings after it is created (the tie-breaks until round 1 is drawn)."""


def offered_for(tournament: Any) -> list[str]:
    """The tie-breaks this tournament's ranking offers."""
    from ...services import tournament_common as common

    return list(offered_tiebreaks(common.standings_kind(tournament), tournament.ranking))
