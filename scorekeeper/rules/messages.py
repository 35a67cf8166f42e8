"""Structured rule messages: every refusal and explanation line of the games is a :class:`Msg`.

A ``Msg`` is a ``str`` (its English text, so callers and tests that compare English keep
working) that also carries a ``code`` ("marias.hra_marked") and ``params`` (the field's
values, seats, suits, part kinds…). The English text is made from code and params in ONE place:
the per-game catalogues (``messages`` in each game's package: ``twohand``, ``marias``,
``licitovany``, ``marianna``) register ``code -> template`` here, each template marked with
``N_`` (or ``Nn_`` for a plural) so ``pybabel extract`` finds it and
``scorekeeper.i18n.rule_messages`` can translate it.

Params are typed by their key, the same way for English here and for every language there:

- a seat (0-based): ``player``, ``other``, ``winner``, ``loser``, ``closer``, ``sitter``,
  ``offender``, ``payer``, ``payee`` ("player 2"; on a page the player's name);
- ``players``: a list of seats ("player 1 and player 3"); ``choices``: seats to choose from
  ("player 1, player 2 or player 4");
- ``team``: a side of four-player Marianna ("Team A"; on a page "Jana & Ota");
- ``suit``: a suit ("hearts"; on a page the game's deck: "červené ♥");
- ``part``, ``part2``: a Mariáš part kind ("sto_proti" -> "sto proti");
- ``value``: what a client sent, shown as Python ``repr`` ("'x'", "[1]");
- ``words``: a list of English option or key words, joined by ", ";
- ``counts``, ``sizes``: numbers to choose from ("3 or 4"); any other list of plain values is
  joined by ", ";
- a nested ``Msg`` (``why``, ``what``…) is rendered in turn, a list of them joined by " + "
  (``each``: "; ", ``factors``: " × ");
  anything else is shown as is.

A template may name a param capitalised (``%(Player)s``) to start a sentence with it. Nothing
here imports Flask or Babel: ``rules/`` stays pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

SEAT_KEYS = frozenset(
    ("player", "other", "winner", "loser", "closer", "sitter", "offender", "payer", "payee")
)
PART_KEYS = frozenset(("part", "part2"))
EITHER_KEYS = frozenset(("counts", "sizes"))  # numbers to choose from: "3 or 4"
# a list of seats: all of them ("player 1 and player 3") or one to choose ("… or player 4")
SEAT_LISTS = {"players": "and", "choices": "or"}
# how a list of messages is joined (else " + ")
JOINS = {"each": "; ", "factors": " × ", "sides": " and "}

# code -> template, or (singular, plural, name of the count param)
Template = str | tuple[str, str, str]
CATALOGUE: dict[str, Template] = {}


def N_(text: str) -> str:  # noqa: N802
    """Mark a template for extraction (pybabel ``-k N_``); returns it unchanged."""
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Mark a plural template pair for extraction (pybabel ``-k Nn_:1,2``)."""
    return singular, plural


def register(entries: Mapping[str, Template]) -> None:
    """Add a game's catalogue; a code is defined once."""
    clash = CATALOGUE.keys() & entries.keys()
    if clash:
        raise ValueError(f"message codes defined twice: {sorted(clash)}")
    CATALOGUE.update(entries)


def plural(singular_plural: tuple[str, str], count: str) -> tuple[str, str, str]:
    """A plural catalogue entry: the pair and the param that counts."""
    return singular_plural[0], singular_plural[1], count


# Words the English of params uses (translated by i18n.rule_messages with the same msgids).
WORDS: dict[str, str] = {
    "player": N_("player %(n)s"),
    "team": N_("Team %(team)s"),
    "and": N_("%(some)s and %(last)s"),
    "or": N_("%(some)s or %(last)s"),
}
PART_NAMES: dict[str, str] = {
    "hra": N_("hra"),
    "sto": N_("sto"),
    "sto_proti": N_("sto proti"),
    "betl": N_("betl"),
    "durch": N_("durch"),
    "sedma": N_("sedma"),
    "dve_sedmy": N_("dvě sedmy"),
    "sedma_proti": N_("sedma proti"),
    "dve_sedmy_proti": N_("dvě sedmy proti"),
    "ticha_sedma": N_("tichá sedma"),
    "tiche_sto": N_("tiché sto"),
}


def join(items: list[str], last: str = "and") -> str:
    """'a, b and c' (English; i18n.rule_messages joins in the page's language)."""
    if len(items) < 2:
        return "".join(items)
    return WORDS[last] % {"some": ", ".join(items[:-1]), "last": items[-1]}


def english_param(key: str, value: Any) -> str:
    """One param in the rules' English (the common kinds first: this runs for every line)."""
    kind = type(value)
    if kind is int:
        return _int_param(key, value)
    if kind is Msg:
        return value
    if kind is str:
        return _str_param(key, value)
    return _other_param(key, value)


def _seat(seat: int) -> str:
    """'player 2' for seat 1."""
    return WORDS["player"] % {"n": seat + 1}


def _int_param(key: str, value: int) -> str:
    """A seat, a team of four-player Marianna, or a number."""
    if key in SEAT_KEYS:
        return _seat(value)
    if key == "team":
        return WORDS["team"] % {"team": "AB"[value]}
    return str(value)


def _str_param(key: str, value: str) -> str:
    """A part kind by its name, what a client sent as its ``repr``, or a word as it is."""
    if key in PART_KEYS:
        return PART_NAMES.get(value, value)
    return repr(value) if key == "value" else value


def _msg_list(value: Any) -> bool:
    """A list of messages (its first item one)."""
    return isinstance(value, list | tuple) and bool(value) and isinstance(value[0], Msg)


def _texts(values: Any) -> list[str]:
    return [str(v) for v in values]


def _plain_list(key: str, value: Any) -> str:
    """Option or key words, or numbers to choose from ("3 or 4"), or any other list joined by
    ", "; anything else as it is."""
    if key == "words":
        return ", ".join(_texts(value))
    if not isinstance(value, list | tuple):
        return str(value)
    if key in EITHER_KEYS:
        return join(_texts(value), "or")
    return ", ".join(_texts(value))


def _other_param(key: str, value: Any) -> str:
    if key == "value":
        return repr(value)
    if isinstance(value, Msg):
        return str(value)
    if _msg_list(value):
        return JOINS.get(key, " + ").join(value)
    if key in SEAT_LISTS:  # seats, all of them or one to choose
        return join([_seat(s) for s in value], SEAT_LISTS[key])
    return _plain_list(key, value)


_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
_CAPITALS: dict[str, tuple[tuple[str, str], ...]] = {}


def _capitals(template: str) -> tuple[tuple[str, str], ...]:
    """(capitalised key, its param) for each ``%(Player)s`` of a template; memoised."""
    found = _CAPITALS.get(template)
    if found is None:
        keys = dict.fromkeys(k for k in _PLACEHOLDER.findall(template) if k[:1].isupper())
        found = _CAPITALS[template] = tuple((k, k[:1].lower() + k[1:]) for k in keys)
    return found


def fill(template: str, values: Mapping[str, str]) -> str:
    """``template % values``, a ``%(Player)s`` getting its param with a capital first letter."""
    capitals = _capitals(template)
    if capitals:
        values = dict(values)
        for key, param in capitals:
            text = values[param]
            values[key] = text[:1].upper() + text[1:]
    return template % values


def pick(entry: Template, params: Mapping[str, Any]) -> str:
    """The English template of an entry (a plural by its count)."""
    if isinstance(entry, str):
        return entry
    singular, many, count = entry
    return singular if params.get(count) == 1 else many


def english(code: str, params: Mapping[str, Any]) -> str:
    """The English text of ``code`` with ``params``: the one place it is made."""
    template = pick(CATALOGUE[code], params)
    if not params:
        return template
    return fill(template, {k: english_param(k, v) for k, v in params.items()})


def param_json(value: Any) -> Any:
    """A param as JSON: a nested message as its code and params, tuples as lists."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [param_json(v) for v in value]
    return value


class Msg(str):
    """A rule message: its English text, plus ``code`` and ``params`` for other languages."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, /, **params: Any) -> Msg:
        # Memoised: a tournament says the same few lines thousands of times, and making the
        # English is the slow part. Params a client sent (``value``) are never shared.
        key: Any = (code, *params.items()) if "value" not in params else None
        try:
            known = _MADE.get(key)
        except TypeError:  # a list param: made each time
            key = known = None
        if known is not None:
            return known
        self = super().__new__(cls, english(code, params))
        self.code = code
        self.params = params
        if key is not None:
            _remember(key, self)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.code, self.params))

    def to_json(self) -> dict[str, Any]:
        """``{"code", "params"}`` as the API shows it (codes and keys English); memoised, since
        the memoised explanation lines of a tournament are shown many times."""
        cached = self.__dict__.get("_json")
        if cached is None:
            params = {k: param_json(v) for k, v in self.params.items()}
            cached = self.__dict__["_json"] = {"code": self.code, "params": params}
        return cached


_MADE: dict[Any, Msg] = {}
_MADE_MAX = 50_000


def _remember(key: Any, msg: Msg) -> None:
    """Memoise a message made (the memo starts afresh when it is full)."""
    if len(_MADE) >= _MADE_MAX:
        _MADE.clear()
    _MADE[key] = msg


def clear_caches() -> None:
    """Forget the memoised messages (benchmarks start cold)."""
    _MADE.clear()


def _rebuild(code: str, params: dict[str, Any]) -> Msg:
    return Msg(code, **params)


def to_json(text: Any) -> dict[str, Any]:
    """Any rules text as ``{"code", "params"}`` (plain text: code None, params empty)."""
    if isinstance(text, Msg):
        return text.to_json()
    return {"code": None, "params": {}}


MESSAGES: dict[str, Template] = {
    "not_allowed": N_("is not allowed"),
    "unknown_game": N_("unknown game %(value)s; choose one of %(words)s"),
    "choice": N_("must be one of: %(words)s"),
    # a tournament table's figures typed from its paper sheet (docs/rules.md §6)
    "figure_negative": N_("%(n)s can't come from play: points are never below 0"),
}
register(MESSAGES)


def _is_message(value: Any) -> bool:
    """A stored message of a code the catalogue has: ``{"code", "params"}``."""
    return (
        isinstance(value, Mapping)
        and value.keys() == {"code", "params"}
        and value["code"] in CATALOGUE
    )


def _param_from_json(value: Any) -> Any:
    if _is_message(value):
        return from_json(value)
    if isinstance(value, list):
        return [_param_from_json(v) for v in value]
    return value


def _plain(data: Mapping[str, Any]) -> str:
    """The plain ``message`` stored with a message, or ""."""
    return str(data.get("message") or "")


def from_json(data: Mapping[str, Any]) -> Msg | str:
    """A message again from its ``{"code", "params"}`` (e.g. a deal state's ``messages``); an
    unknown code (or none) gives the plain ``message`` when there is one, else ""."""
    code = data.get("code")
    if code not in CATALOGUE:
        return _plain(data)
    params = {k: _param_from_json(v) for k, v in (data.get("params") or {}).items()}
    try:
        return Msg(code, **params)
    except (KeyError, TypeError, ValueError, IndexError):
        return _plain(data)
