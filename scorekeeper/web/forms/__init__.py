"""HTML forms of the match pages: new match, deal entry (one module per kind), confirmations.

A deal form turns into exactly the record dict the JSON API takes (docs/api.md "Deal records"),
and a stored record turns back into form data for editing. The rules do the checking; their
``FieldError.field`` JSON paths (``points.1``, ``parts.0.flek``) are mapped back onto form fields
(``common``) so each message shows next to what the player tapped. Nothing here stores anything.

Modules: ``common``, ``base`` and ``numbers`` (the kit every deal form builds on), ``new`` (the
new-match form). Each game's deal form lives in its own package beside its rules
(``rules/<game>/form.py`` with its template ``rules/<game>/deal.html``; docs/architecture.md
"Adding a game"); the game object's ``form.package`` names which package a game's matches use. A
game's form imports only the kit's modules, never this package, so there is no circle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from ...rules.licitovany import form as licitovany
from ...rules.marianna import form as marianna
from ...rules.marias import form as marias
from ...rules.registry import get_game
from ...rules.twohand import form as twohand
from . import common
from .common import (
    SYMBOLS,
    ConfirmForm,
    DealFormBase,
    TapRadio,
    as_choices,
    field_for_path,
    flek_name,
    flek_steps,
    part_name,
    seat_choices,
    suit_choices,
    suit_label,
    to_int,
)

__all__ = [
    "common",
    "SYMBOLS",
    "ConfirmForm",
    "DealFormBase",
    "TapRadio",
    "as_choices",
    "deal_form",
    "field_for_path",
    "flek_name",
    "flek_steps",
    "part_name",
    "seat_choices",
    "suit_choices",
    "suit_label",
    "summarize",
    "to_int",
]

#: The deal-form modules by the name a game object gives in ``form.package`` (the package holding
#: the form and its template ``games/<name>/deal.html``).
DEAL_FORMS: dict[str, ModuleType] = {
    "marias": marias,
    "licitovany": licitovany,
    "marianna": marianna,
    "twohand": twohand,
}


def deal_form(
    game: str, players: Sequence[str], options: Mapping[str, Any], preset: str | None = None
) -> ModuleType:
    """The game's (or its preset's, when that is a game of its own) deal-form module
    (build/to_record/from_record) for this match."""
    return DEAL_FORMS[get_game(game, preset).form.package]


def summarize(
    game: str,
    record: Mapping[str, Any],
    players: Sequence[str],
    options: Mapping[str, Any],
    preset: str | None = None,
) -> str:
    """One line saying what the table reported in a deal, in the players' deck."""
    try:
        deck = options.get("deck")
        return deal_form(game, players, options, preset).summarize(game, record, players, deck)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return ""
