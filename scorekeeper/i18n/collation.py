"""Names in the order the page's language sorts them, with ICU's collation (CLDR rules).

Czech puts "Ch" after "H" and "Č", "Ř", "Š", "Ž" after their base letters; Polish puts "Ł"
after "L" and "Ś", "Ź", "Ż" after theirs; German sorts "Ä" with "A". ICU comes from the
``pyicu-wheels`` package (a wheel, no compiler). Where it cannot be imported (a platform with no
wheel), names fall back to the accent-folding order: case and accents ignored, "ł" as "l".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any

try:  # pragma: no branch - one of the two holds on any given machine
    import icu  # provided by pyicu-wheels
except ImportError:  # pragma: no cover - only where no wheel exists
    icu = None

HAVE_ICU = icu is not None


def folded(name: str) -> str:
    """The fallback key: case and accents ignored ("Łukasz" ~ "lukasz", "Straße" ~ "strasse")."""
    text = name.casefold().replace("ł", "l").replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def _collator(language: str) -> Any:
    collator = icu.Collator.createInstance(icu.Locale(language))
    collator.setStrength(icu.Collator.TERTIARY)
    return collator


def sort_key(language: str | None = None) -> Callable[[str], Any]:
    """A key function ordering names as ``language`` does (the page's language by default)."""
    if language is None:
        from . import current_language

        language = current_language()
    if not HAVE_ICU:
        return lambda name: (folded(name), name)
    collator = _collator(language)
    return lambda name: (collator.getSortKey(name), name)


def letter_of(language: str | None = None) -> Callable[[str], Any]:
    """A function naming the index letter a name is filed under (Czech "Chalupa" under "Ch",
    "Čeněk" under "Č", "Ábel" under "A"): equal results mean the same letter of a list."""
    if language is None:
        from . import current_language

        language = current_language()
    if not HAVE_ICU:
        return lambda name: folded(name)[:1].upper()
    index = icu.AlphabeticIndex(icu.Locale(language))
    return index.getBucketIndex
