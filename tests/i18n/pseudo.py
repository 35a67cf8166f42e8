"""A pseudo-locale for finding text not marked for translation.

Every extracted message is "translated" to itself in brackets (⟦Save deal %(n)s⟧), compiled into
a throw-away translations folder under one of the app's languages. A page rendered in that
language then shows marked text only in brackets; ``unmarked`` lists what is left outside.
"""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo

ROOT = Path(__file__).resolve().parents[2]
OPEN, CLOSE = "⟦", "⟧"
with (ROOT / "babel.cfg").open(encoding="utf-8") as _cfg:  # what pybabel extracts, and where
    METHODS, _ = parse_mapping_cfg(_cfg)
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "_l": None,
    "lazy_gettext": None,
    "N_": None,  # rules.messages: the rules' message templates
    "Nn_": (1, 2),
}


@functools.cache
def extracted() -> list[tuple[str | tuple[str, str], list[tuple[str, int]]]]:
    """Every marked message of the code and templates, with where it is used (extracted once per
    test process: a walk of the whole tree takes seconds)."""
    found: dict[str | tuple[str, str], list[tuple[str, int]]] = {}
    for filename, line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=METHODS, keywords=KEYWORDS
    ):
        found.setdefault(message, []).append((filename, line))
    return list(found.items())


def write_pseudo(folder: Path, language: str) -> None:
    """``folder/<language>/LC_MESSAGES/messages.mo`` with every message bracketed."""
    catalog = Catalog(locale=language)
    for message, _where in extracted():
        if isinstance(message, tuple):
            # as many forms as the language has here (Babel's table, which the compiled header
            # carries): the singular, then the plural for each other form
            forms = [message[0]] + [message[1]] * (catalog.num_plurals - 1)
            catalog.add(message, tuple(OPEN + m + CLOSE for m in forms))
        elif message:
            catalog.add(message, OPEN + message + CLOSE)
    target = folder / language / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with open(target / "messages.mo", "wb") as out:
        write_mo(out, catalog)


class _Text(HTMLParser):
    """The text a reader meets: element text and the attributes read out or shown (not what
    is inside ``translate="no"``: RULES.md option keys, codes)."""

    SHOWN = ("placeholder", "aria-label", "title", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self._closing: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "style", "svg") or a.get("translate") == "no":
            self._skip += 1
            self._closing.append(tag)
        elif self._skip and tag == self._closing[-1]:
            self._skip += 1  # the same element nested inside a skipped one
            self._closing.append(tag)
        for name in self.SHOWN:
            if a.get(name):
                self.parts.append(a[name])
        if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
            self.parts.append(a["value"])

    def handle_endtag(self, tag):
        if self._skip and tag == self._closing[-1]:
            self._skip -= 1
            self._closing.pop()

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def unmarked(html: str, allowed: set[str]) -> set[str]:
    """Words of ``html``'s visible text outside every bracketed (translated) message, less
    ``allowed`` (the players' own names and other data the test typed)."""
    parser = _Text()
    parser.feed(html)
    text = "\n".join(parser.parts)
    inner = re.compile(OPEN + "[^" + OPEN + CLOSE + "]*" + CLOSE)
    while True:
        shorter = inner.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    text = re.sub(r"https?://\S+", " ", text)  # links printed for people to type
    words = set(re.findall(r"[^\W\d_]{2,}", text))
    return {w for w in words if w not in allowed}
