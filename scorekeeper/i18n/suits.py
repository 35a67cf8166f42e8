"""The names of the suits in each deck, as each game's players say them: Italian and French here,
the German-suited deck's from each game.

Data always says ``hearts``, ``diamonds``, ``clubs``, ``spades``; the match option ``deck``
(``german`` | ``italian`` | ``french``, default per game) says which cards those are. The names
are gettext msgids: English pages keep each game's own words for its German-suited deck (Mariáš
"červené", Mariasz "czerwień", Mariage "Herz"; each game gives them in ``GameWords.german_suits``,
beside its rules), and the catalogues give every other language its own names for the same cards
(docs/glossary-*.md). The rule messages (``i18n.rule_messages``)
and the pages' suit names and pictures (``web.suits``) both read them from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from ..rules.base import GERMAN_SUITS, N_, InvalidOptions
from ..rules.registry import get_game

ITALIAN: dict[str, str] = {
    "hearts": N_("coppe"),
    "diamonds": N_("denari"),
    "clubs": N_("bastoni"),
    "spades": N_("spade"),
}
FRENCH: dict[str, str] = {
    "hearts": N_("hearts"),
    "diamonds": N_("diamonds"),
    "clubs": N_("clubs"),
    "spades": N_("spades"),
}


@cache
def default_deck(game: str) -> str:
    """The deck a game's options default to (the rules decide: german, or italian for marianna);
    ValueError for a name that is not a game."""
    return str(getattr(get_game(game).make_options(), "deck", "french"))


def words(deck: str, game: str) -> Mapping[str, str]:
    """suit -> the msgid of its name in ``deck`` as ``game``'s players say it."""
    if deck == "german":  # each game's own words (GameWords.german_suits), else the German
        try:
            return get_game(game).words.german_suits
        except InvalidOptions:
            return GERMAN_SUITS
    return ITALIAN if deck == "italian" else FRENCH


def default_words(game: str | None) -> Mapping[str, str]:
    """The names in ``game``'s default deck; the French names when no game is known."""
    try:
        return words(default_deck(game), game) if game else FRENCH
    except ValueError:
        return FRENCH
