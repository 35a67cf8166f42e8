"""The new-match form: game tiles, players, stake, and one field per option of the preset.

Every option of the preset is on the page with its default filled in (from
``GAME.options_to_json(GAME.make_options(preset))``); only the ones a player changed are sent to
``create_match`` as overrides, so the rules keep deciding what the defaults are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_ngettext
from wtforms import BooleanField, HiddenField, SelectField, StringField
from wtforms.validators import DataRequired, Length, Optional

from ...limits import NAME_MAX
from ...rules.base import DECKS
from ...rules.messages import PART_NAMES
from ...rules.registry import MENU, get_game
from ..suits import DECK_LABELS
from .base import Form
from .common import TapRadio, as_choices, to_text
from .numbers import MAX_DIGITS, IntegerField


def tiles() -> list[tuple[str, str | None, str, str]]:
    """The game tiles of the new-match page, (game, preset, label, blurb) in the page's
    language: each game's own (``GameWords.tiles``), the games in ``registry.MENU`` order."""
    return [
        (name, preset, _(label), _(blurb))
        for name in MENU
        for preset, label, blurb in get_game(name).words.tiles
    ]


# Options the preset fixes (Briscola 151 is the two-player Marianna): not on the form.
# ``finished_after`` is set by the Finish action of an open Mariáš session, never on the form.
FIXED = {"players", "finished_after"}


# Options of the two-player game only (docs/rules.md §3b Briscola 151: matrimoni and the claim):
# not offered for the four-player Marianna, whose rules never use them.
TWO_PLAYERS_ONLY = {"matrimonio_trump", "matrimonio_plain", "claim"}


def offered_options(game: str, preset: str, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The options a player may change on this game's and preset's new-match form (a named
    preset leaves no room for some: the game's ``preset_fixed``; four players never see the
    two-player game's options)."""
    fixed = set(get_game(game, preset).preset_fixed.get(preset, frozenset()))
    if defaults.get("players") == 4:
        fixed |= TWO_PLAYERS_ONLY
    return {name: value for name, value in defaults.items() if name not in fixed}


# Labels in the players' words; the docs/rules.md name is shown beside each.
OPTION_LABELS: dict[str, Any] = {
    "flek_max": _l("Highest flek level (empty: no limit)"),
    "flek_per_defender": _l("Flek per defender (association rule)"),
    "hearts_double": _l("Hearts (červené) double"),
    "sto_scaling": _l("Sto above 100"),
    "sto_failure": _l("A failed sto pays"),
    "sitter_pays": _l("The dealer sitting out pays and collects too"),
    "renonc": _l("Revoke (renonc) penalty, units"),
    "limit": _l("Highest payment between two players (empty: none)"),
    "limit_flekked": _l("…when both defenders flekked (empty: none)"),
    "omyl": _l("Omyl (a sedma given up), units"),
    "renonc_heavy": _l("Heavier renonc (paušál 2), units"),
    # the board's button, quoted by its real label (templates/matches/_board.html)
    "deals": _l(
        "Deals in the match, in all (empty: an open session, ended with “%(button)s”)",
        button=_l("Finish the session"),
    ),
    "chip_target": _l("The match ends when a balance reaches (empty: no chip target)"),
    "target": _l("Target points"),
    "match_target": _l("Match ends at (points; house default)"),
    "match_games": _l("…or after this many games"),
    "swatowe": _l("Swatowe: all four marriages in a game"),
    "ace_king": _l("Ace-king meld (30/60, or trumps only 40)"),
    "extra_rounds": _l("A shared top balance at the end plays one more round"),
    "no_trump": _l("Without trumps (130 a deal, plain marriages)"),
    "closing": _l("Closing the stock"),
    "pamfil": _l("Pamfil: the trump queen counts 11"),
    "values": _l("Marianna values"),
    "first_sets_trump": _l("First marianna 40, later ones 20"),
    "mariannino": _l("Mariannino (0: not allowed)"),
    "mariannone": _l("Mariannone wins the match"),
    "covered_marianna": _l(
        "Covered marianna (Deckung) allowed; needs the first marianna to set trump"
    ),
    "first_to_target_wins": _l("The first to reach the target wins"),
    "matrimonio_trump": _l("Matrimonio in trumps"),
    "matrimonio_plain": _l("Matrimonio in a plain suit"),
    "claim": _l("Claiming the target ends the game"),
    "deck": _l("The cards on the table"),
}

# Choices for string options whose values are known (docs/rules.md); others are free text.
OPTION_CHOICES: dict[str, list[tuple[str, Any]]] = {
    "values": [("40-60-80-100", "40-60-80-100"), ("20-40-60-80", "20-40-60-80")],
    "sto_scaling": [("linear", _l("each 10 adds its value")), ("doubling", _l("each 10 doubles"))],
    "sto_failure": [
        ("flat", _l("its value once")),
        ("per_ten_short", _l("its value per 10 short")),
    ],
    "ace_king": [
        ("off", _l("off")),
        ("30/60", "30/60"),
        ("trumps_only", _l("in trumps only, 40")),
    ],
}


def _part_words(name: str) -> Any:
    """A Mariáš part's name as players write it ("dvě sedmy", "tichá sedma"), not its key."""
    return _l(PART_NAMES[name]) if name in PART_NAMES else name.replace("_", " ")


class NewMatchForm(Form):
    """Players (and stake for Mariáš); option fields are added per game by ``new_match_form``."""

    stake = StringField(_l("Stake per unit"), validators=[Optional(), Length(max=16)])
    currency = StringField(_l("Currency"), validators=[Optional(), Length(max=8)])
    title = StringField(
        _l("Name of the match (optional)"), validators=[Optional(), Length(max=NAME_MAX)]
    )
    # Present when the options were on the page: an unchecked box then means "off". A post
    # without it (a script, a bookmark) keeps every default.
    opts = HiddenField(default="1")


def _player_fields(n_seats: int, required: int) -> dict[str, StringField]:
    """One name field per seat; the first ``required`` must be filled in."""
    # one limit for a name, the API's (limits.NAME_MAX), said as the API says it
    too_long = lazy_ngettext(
        "A name may have at most %(n)s character.",
        "A name may have at most %(n)s characters.",
        NAME_MAX,
        n=NAME_MAX,
    )
    fields = {}
    for i in range(n_seats):
        checks = [DataRequired(_l("Type a name."))] if i < required else [Optional()]
        fields[f"player_{i}"] = StringField(
            _l("Player %(n)s", n=i + 1),
            validators=[*checks, Length(max=NAME_MAX, message=too_long)],
        )
    return fields


def _option_label(name: str) -> Any:
    """An option's label in the players' words (a Mariáš part's: its name, in units)."""
    return OPTION_LABELS.get(name) or _l("%(part)s, units", part=_part_words(name))


def _deck_field(label: Any, deck: str) -> TapRadio:
    """The deck option (API.md v2): tapped as pictures of the three decks (web/suits.py)."""
    return TapRadio(label, default=deck, choices=[(d, DECK_LABELS[d]) for d in DECKS])


def _option_field(name: str, value: Any) -> Any:
    """The field for one option, its default filled in: the kind of field follows the value."""
    label = _option_label(name)
    if name == "deck":
        return _deck_field(label, value)
    if isinstance(value, bool):
        return BooleanField(label, default=value)
    if isinstance(value, int):
        return IntegerField(label, default=value, validators=[Optional()])
    if name in OPTION_CHOICES:
        return SelectField(label, default=value, choices=as_choices(OPTION_CHOICES[name]))
    return StringField(label, default=to_text(value))


def new_match_form(n_seats: int, required: int, defaults: Mapping[str, Any], **kwargs: Any):
    """A NewMatchForm with ``n_seats`` player fields and one field per option (default shown)."""
    attrs: dict[str, Any] = _player_fields(n_seats, required)
    for name, value in defaults.items():
        if name not in FIXED:
            attrs[f"opt_{name}"] = _option_field(name, value)
    cls = type("NewMatch", (NewMatchForm,), attrs)
    return cls(**kwargs)


def _submitted(value: Any, default: Any) -> Any:
    """An option's submitted value, read as its default's kind: a box is on or off, an
    IntegerField gives an int (or None when emptied), typed text may be a number."""
    if isinstance(default, bool):
        return bool(value)
    if isinstance(default, int) or not isinstance(value, str):
        return value
    value = value.strip()
    return None if value == "" else _number_or_text(value)


def option_overrides(form: Form, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The options whose submitted value differs from the preset's default."""
    overrides: dict[str, Any] = {}
    if not form.opts.raw_data:
        return overrides
    for name, default in defaults.items():
        if name in FIXED:
            continue
        value = _submitted(getattr(form, f"opt_{name}").data, default)
        if value != default:
            overrides[name] = value
    return overrides


def _number_or_text(value: str) -> int | str:
    """Typed digits as a number ("²" and 400 digits stay text: the rules say what is wrong)."""
    digits = value.removeprefix("-")
    if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
        return int(value)
    return value
