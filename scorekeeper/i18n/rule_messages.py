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


def _list(key: str, value: Sequence[Any], names: Names, t: Any) -> str:
    """A list param: nested messages, or seats to name."""
    if key == "players":
        return _join([_seat(s, names, t) for s in value], "and", t)
    if key == "choices":
        return _join([_seat(s, names, t) for s in value], "or", t)
    if key in EITHER_KEYS:
        return _join([str(v) for v in value], "or", t)
    if value and isinstance(value[0], Msg):
        parts = [render(v, names) for v in value]
        if key == "sides":
            return _join(parts, "and", t)
        return JOINS.get(key, " + ").join(parts)
    return ", ".join(str(v) for v in value)


def _param(key: str, value: Any, names: Names, t: Any) -> str:
    """One param in the page's language (same keys as ``rules.messages.english_param``)."""
    if isinstance(value, Msg):
        return render(value, names)
    if isinstance(value, list | tuple):
        return _list(key, value, names, t)
    if key in SEAT_KEYS:
        return _seat(value, names, t)
    if key == "team" and type(value) is int:
        if 0 <= value < len(names.teams):
            return str(names.teams[value])
        return _word(t, "team") % {"team": "AB"[value]}
    if key == "suit":
        if names.suit is not None:
            return names.suit(value)
        words = suit_words.default_words(names.game)  # no page's deck: the game's default
        return t.gettext(words[value]) if value in words else str(value)
    if key in PART_KEYS:
        return t.gettext(PART_NAMES[value]) if value in PART_NAMES else str(value)
    if key == "game":
        return t.gettext(value) if value in _titles() else str(value)
    if key == "value":
        return repr(value)
    return str(value)


def render(text: Any, names: Names = PLAIN) -> str:
    """A rule message in the request's language (plain text is returned as it is)."""
    if not isinstance(text, Msg):
        return str(text)
    entry = CATALOGUE.get(text.code)
    if entry is None:
        return str(text)
    t = get_translations()
    params = text.params
    if isinstance(entry, str):
        template = t.gettext(entry)
    else:
        singular, many, count = entry
        template = t.ngettext(singular, many, params.get(count, 0))
    values = {key: _param(key, value, names, t) for key, value in params.items()}
    try:
        return fill(template, values)
    except (KeyError, TypeError, ValueError):  # a broken translation: the English still reads
        return str(text)


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
