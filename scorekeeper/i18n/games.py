"""The games' and presets' names in the page's language, and how a game of a match was won.

Each game names itself and its presets in English, ``N_`` marked (its ``title`` and
``GameWords``, beside its rules); pages and sheets show ``game_title(name)`` and
``preset_label(preset)``, translated (Czech players call Marianna "italská Marianna", Italians
"Marianna italiana").
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _


def game_title(name: str, title: str | None = None) -> str:
    """The game's name as the page's language says it ("Czech Mariáš" for ``marias``, its
    rules' ``N_`` marked title); a name that is no game keeps ``title`` (or itself)."""
    from ..rules.base import InvalidOptions
    from ..rules.registry import get_game

    try:
        return _(get_game(name).title)
    except InvalidOptions:
        return title if title is not None else name


def preset_label(preset: str) -> str:
    """A preset's name as the page's language says it ("pub rules" for ``pub``): each game
    names its own presets (``GameWords.preset_labels``); another word stays as it is."""
    from ..rules.registry import GAME_NAMES, get_game

    for name in GAME_NAMES:
        label = get_game(name, preset).words.preset_labels.get(preset)
        if label:
            return _(label)
    return preset


def game_kind(kind: Any) -> str:
    """How a game of a Mariage or Mariasz match was won (the record's "Kind" column), in the
    page's language: the rules store ``single``/``double``/``tie`` (Mariage, RULES.md §2) and
    ``dubla``/``sympla`` (Mariasz, RULES.md §1)."""
    words = {
        "single": _("single (1)"),
        "double": _("double (2)"),
        "tie": _("tie"),
        "dubla": _("dubla"),
        "sympla": _("sympla"),
    }
    return words.get(str(kind), "" if kind is None else str(kind))
