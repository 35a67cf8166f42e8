"""The rules' messages in the request's language: refusals beside a field, a deal's explanation.

The rules speak in :class:`scorekeeper.rules.messages.Msg` (a code and params; English made from
them in ``rules.messages``). :func:`render` makes the same sentence in the page's language: the
English template is the gettext msgid (``ngettext`` for a plural), and every param is put in
that language by its key (the same keys as the English: seats, teams, suits, part names, nested
messages). A page passes :class:`Names` so a seat reads as the player's name, a team as its
players and a suit as the game's deck calls it ("červené ♥"); without them a seat is "hráč 2".
The services speak the same way (``services/messages.py``: refusals, and a match's title when
none was given). Plain text (the pages' own, already translated) passes through unchanged.

Nothing here decides a rule: what a message says is the rules' choice; this only words it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from flask_babel import get_translations

from ..rules.marianna import messages as _marianna  # noqa: F401
from ..rules.marias import messages as _marias  # noqa: F401
from ..rules.messages import (
    CATALOGUE,
    EITHER_KEYS,
    JOINS,
    PART_KEYS,
    PART_NAMES,
    SEAT_KEYS,
    WORDS,
    Msg,
    fill,
    from_json,
)
from ..rules.twohand import messages as _twohand  # noqa: F401
from . import suits as suit_words


@cache
def _titles() -> frozenset[str]:
    """The games' English titles (``N_`` marked in each game): params named ``game`` carry one."""
    from ..rules.registry import GAME_NAMES, get_game

    return frozenset(get_game(name).title for name in GAME_NAMES)


@dataclass(frozen=True)
class Names:
    """How this page names what the rules number: seats, teams (four-player Marianna), suits."""

    players: Sequence[str] = ()
    teams: Sequence[str] = ()
    suit: Callable[[str], str] | None = None
    game: str | None = None  # without ``suit``: name suits as this game's deck does


PLAIN = Names()


def _word(t: Any, key: str) -> str:
    """One of the words params are made of, translated (msgids in ``rules.messages.WORDS``)."""
    translate = t.gettext
    return translate(WORDS[key])


def _join(items: list[str], last: str, t: Any) -> str:
    if len(items) < 2:
        return "".join(items)
    return _word(t, last) % {"some": ", ".join(items[:-1]), "last": items[-1]}


def _seat(seat: Any, names: Names, t: Any) -> str:
    if type(seat) is int and 0 <= seat < len(names.players):
        return str(names.players[seat])
    n = seat + 1 if type(seat) is int else seat
    return _word(t, "player") % {"n": n}


SEAT_LISTS = frozenset(("players", "choices"))  # lists of seats, each named
#: the word before a list's last item ("A, B and C"); other lists are joined with commas
LAST_WORD = {"players": "and", "choices": "or", **{key: "or" for key in EITHER_KEYS}}


def _list(key: str, value: Sequence[Any], names: Names, t: Any) -> str:
    """A list param: nested messages, or seats to name."""
    last = LAST_WORD.get(key)
    if last is not None:
        return _join(_items(key, value, names, t), last, t)
    if value and isinstance(value[0], Msg):
        return _messages(key, value, names, t)
    return ", ".join(str(v) for v in value)


def _items(key: str, value: Sequence[Any], names: Names, t: Any) -> list[str]:
    """A list's items in words: seats by name, anything else as it is."""
    if key in SEAT_LISTS:
        return [_seat(s, names, t) for s in value]
    return [str(v) for v in value]


def _messages(key: str, value: Sequence[Msg], names: Names, t: Any) -> str:
    """Nested messages, joined as their key says ("A and B" for sides, else ``JOINS``)."""
    parts = [render(v, names) for v in value]
    if key == "sides":
        return _join(parts, "and", t)
    return JOINS.get(key, " + ").join(parts)


def _team(value: Any, names: Names, t: Any) -> str:
    """A team by its players' names where the page has them, else "team AB"."""
    if type(value) is not int:
        return str(value)
    if 0 <= value < len(names.teams):
        return str(names.teams[value])
    return _word(t, "team") % {"team": "AB"[value]}


def _suit(value: Any, names: Names, t: Any) -> str:
    """A suit as the page's deck calls it; without a page's deck, as the game's default does."""
    if names.suit is not None:
        return names.suit(value)
    words = suit_words.default_words(names.game)
    return t.gettext(words[value]) if value in words else str(value)


def _part(value: Any, names: Names, t: Any) -> str:
    """A part of a deal ("game", "seven", …) by its translated name."""
    return t.gettext(PART_NAMES[value]) if value in PART_NAMES else str(value)


def _game(value: Any, names: Names, t: Any) -> str:
    """A game's title, translated where it is one of the games'."""
    return t.gettext(value) if value in _titles() else str(value)


#: How a scalar param is worded, by its key (any other as it is).
WORDED: dict[str, Callable[[Any, Names, Any], str]] = {
    **{key: _seat for key in SEAT_KEYS},
    "team": _team,
    "suit": _suit,
    **{key: _part for key in PART_KEYS},
    "game": _game,
}


def _param(key: str, value: Any, names: Names, t: Any) -> str:
    """One param in the page's language (same keys as ``rules.messages.english_param``)."""
    if isinstance(value, Msg):
        return render(value, names)
    if isinstance(value, list | tuple):
        return _list(key, value, names, t)
    if key == "value":
        return repr(value)
    worded = WORDED.get(key)
    return worded(value, names, t) if worded else str(value)


def render(text: Any, names: Names = PLAIN) -> str:
    """A rule message in the request's language (plain text is returned as it is)."""
    if not isinstance(text, Msg):
        return str(text)
    entry = CATALOGUE.get(text.code)
    if entry is None:
        return str(text)
    t = get_translations()
    template = _template(entry, text.params, t)
    values = {key: _param(key, value, names, t) for key, value in text.params.items()}
    try:
        return fill(template, values)
    except (KeyError, TypeError, ValueError):  # a broken translation: the English still reads
        return str(text)


def _template(entry: Any, params: Mapping[str, Any], t: Any) -> str:
    """The translated template of a catalogue entry: a msgid, or a plural by its count param."""
    if isinstance(entry, str):
        return t.gettext(entry)
    singular, many, count = entry
    return t.ngettext(singular, many, params.get(count, 0))


def render_json(data: Mapping[str, Any], names: Names = PLAIN) -> str:
    """A message given as ``{"code", "params"}`` (a deal state's ``messages``), rendered."""
    return render(from_json(data), names)


def explanation(deal: Mapping[str, Any], names: Names = PLAIN) -> list[str]:
    """A deal's explanation lines (from the state's ``messages``) in the request's language."""
    coded = deal.get("messages")
    if coded is not None:
        return [render_json(m, names) for m in coded]
    return [render(line, names) for line in deal.get("explanation") or []]


def error_json(error: Any, names: Names = PLAIN) -> dict[str, Any]:
    """A FieldError as the API shows it: ``field``, ``message`` in the request's language and,
    for a rule message, its ``code`` and ``params`` (English keys)."""
    out = error.to_json()
    if isinstance(error.message, Msg):
        out = dict(out, message=render(error.message, names))
    return out
