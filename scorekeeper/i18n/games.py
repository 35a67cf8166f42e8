"""The games' and presets' names in the page's language, and how a game of a match was won.

The rules keep an English ``title`` ("Czech Mariáš") for their own messages; pages and sheets
show ``game_title(name)`` and ``preset_label(name, preset)`` instead, so the names can be
translated (Czech players call Marianna "italská Marianna", Italians "Marianna italiana").
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

TITLES: dict[str, Any] = {
    "marias": _l("Czech Mariáš"),
    "mariasz": _l("Polish Mariasz"),
    "mariage": _l("German Mariage"),
    "marianna": _l("Italian Marianna"),
}
PRESETS: dict[str, Any] = {
    "pub": _l("pub rules"),
    "csm": _l("ČSM association"),
    # docs/rules.md §4: the preset keeps the id krizovy, but it is a house tariff, not the
    # four-player Křížový mariáš with partners (an organiser running that would pick it)
    "krizovy": _l("house tariff (betl 10, durch 20)"),
    "licitovany": _l("licitovaný (the leagues' auction game)"),
    "standard": _l("standard"),
    "marianna": _l("Marianna"),
    "cinquecento": _l("Cinquecento"),
    "briscola151": _l("Briscola 151"),
}


def game_title(name: str, title: str | None = None) -> str:
    """The game's name as the page's language says it ("Czech Mariáš" for ``marias``);
    another game keeps ``title`` (its rules' own), or the registry's."""
    if name in TITLES:
        return str(TITLES[name])
    if title is not None:
        return title
    from ..rules.registry import get_game

    return get_game(name).title


def preset_label(preset: str) -> str:
    """A preset's name as the page's language says it ("pub rules" for ``pub``)."""
    return str(PRESETS[preset]) if preset in PRESETS else preset


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
