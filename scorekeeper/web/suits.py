"""The deck the table holds: suit names and pictures for pages and printed sheets.

Data always says ``hearts``, ``diamonds``, ``clubs``, ``spades`` (``rules.base.SUITS``). The match
option ``deck`` (API.md v2; ``german`` | ``italian`` | ``french``, default per game) says which
cards those are, so which names and pictures a player sees:

============  ========  ======  =======  =======
deck          hearts    diam.   clubs    spades
============  ========  ======  =======  =======
german        hearts    bells   acorns   leaves
italian       cups      coins   batons   swords
french        ♥         ♦       ♣        ♠
============  ========  ======  =======  =======

The names are written once, in ``i18n.suits`` (msgids translated into the reader's language
with the games' own words); this module adds the symbols, the pictures and the template helpers.

In text, a suit is written as its name followed by the French symbol, which stands for the suit:
``"červené ♥"``. In HTML the ``suits`` filter turns each symbol into the deck's picture (a small
SVG under ``static/img/suits/``, with the translated name as its alt text), so a German-suited
deck never shows French symbols; the pictures print in WeasyPrint PDFs too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Flask, url_for
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from ..i18n import suits as suit_words
from ..i18n.suits import default_deck
from ..rules.base import DECKS, SUITS

#: The symbol standing for each suit in text (and the picture of the French deck).
SYMBOLS: dict[str, str] = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
SUIT_OF_SYMBOL: dict[str, str] = {symbol: suit for suit, symbol in SYMBOLS.items()}
_SYMBOL = re.compile("[" + "".join(SYMBOLS.values()) + "]")

#: The picture of each suit in each deck: ``static/img/suits/<name>.svg``.
PICTURES: dict[str, dict[str, str]] = {
    "german": {
        "hearts": "german-hearts",
        "diamonds": "german-bells",
        "clubs": "german-acorns",
        "spades": "german-leaves",
    },
    "italian": {
        "hearts": "italian-cups",
        "diamonds": "italian-coins",
        "clubs": "italian-clubs",
        "spades": "italian-swords",
    },
    "french": {
        "hearts": "french-hearts",
        "diamonds": "french-diamonds",
        "clubs": "french-clubs",
        "spades": "french-spades",
    },
}

#: What the new-match form calls each deck.
DECK_LABELS: dict[str, Any] = {
    "german": _l("German suits"),
    "italian": _l("Italian suits"),
    "french": _l("French suits"),
}


def deck_of(game: str, options: Mapping[str, Any] | None = None) -> str:
    """The deck of a match: its ``deck`` option, else the game's default (a match stored before
    the option existed)."""
    deck = (options or {}).get("deck")
    if deck in DECKS:
        return str(deck)
    try:
        return default_deck(game)
    except ValueError:  # not a game (a blank sheet of something else): the French deck
        return "french"


def suit_name(suit: str, deck: str, game: str) -> str:
    """'červené', 'Schellen', 'coppe', 'hearts' — in the reader's language."""
    name = suit_words.words(deck, game).get(suit)
    return suit if name is None else gettext(name)


def suit_label(suit: str, deck: str, game: str) -> str:
    """'červené ♥': the name, then the symbol standing for the suit (a picture in HTML)."""
    if suit not in SYMBOLS:
        return suit
    return f"{suit_name(suit, deck, game)} {SYMBOLS[suit]}"


def picture_url(suit: str, deck: str) -> str:
    """The static address of a suit's picture in ``deck``."""
    return url_for("static", filename=f"img/suits/{PICTURES[deck][suit]}.svg")


def suit_img(suit: str, deck: str, game: str, cls: str = "suit", *, named: bool = True) -> Markup:
    """``<img>`` of the suit's picture, its alt text the translated name (``named=False``: an
    empty alt, for a picture beside its written name, so a screen reader says the name once)."""
    if deck not in PICTURES or suit not in SYMBOLS:
        return Markup("")
    alt = suit_name(suit, deck, game) if named else ""
    return Markup('<img class="{}" src="{}" alt="{}" width="20" height="20">').format(
        cls, picture_url(suit, deck), alt
    )


def with_pictures(text: Any, deck: str, game: str) -> Markup:
    """Text (escaped unless it is Markup) with each suit symbol drawn as the deck's picture
    (no known deck, e.g. a page that did not say: the text as it is). A picture right after
    its suit's name ("červené ♥", as ``suit_label`` writes it) has an empty alt: the name is
    read once, not "červené červené"."""
    safe = str(escape(text if text is not None else ""))
    if deck not in PICTURES:
        return Markup(safe)

    def picture(found: re.Match[str]) -> str:
        suit = SUIT_OF_SYMBOL[found[0]]
        named = not safe[: found.start()].endswith(f"{escape(suit_name(suit, deck, game))} ")
        return str(suit_img(suit, deck, game, named=named))

    return Markup(_SYMBOL.sub(picture, safe))


def without_symbols(text: Any, deck: str) -> str:
    """Plain text for where no picture can go (an attribute): the French deck keeps its
    symbols, the other decks lose them (their names stay)."""
    text = str(text)
    if deck not in PICTURES or deck == "french":
        return text
    return re.sub(r" ?" + _SYMBOL.pattern, "", text)


def deck_key(game: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The four suits of a match's deck for a legend: suit, name and picture (``img`` named,
    ``icon`` with an empty alt to stand beside the written name)."""
    deck = deck_of(game, options)
    return [
        {
            "suit": s,
            "name": suit_name(s, deck, game),
            "img": suit_img(s, deck, game),
            "icon": suit_img(s, deck, game, named=False),  # beside its name: alt=""
        }
        for s in SUITS
    ]


def init_app(app: Flask) -> None:
    """Template helpers: ``text|suits(deck, game)``, ``text|suitnames(deck)``,
    ``deck_of(game, options)``, ``suit_img(suit, deck, game)``, ``deck_key(game, options)``."""
    app.jinja_env.filters.update(suits=with_pictures, suitnames=without_symbols)
    app.jinja_env.globals.update(
        deck_of=deck_of, suit_img=suit_img, deck_key=deck_key, deck_labels=DECK_LABELS
    )
