"""The catalogues in scorekeeper/translations: complete, consistent, compiled as their sources.

A message marked in the code or templates but missing (or left empty or fuzzy) in cs, pl, de or it
fails here; so does a translation that drops or invents a placeholder, a plural with the wrong
number of forms, and a compiled ``.mo`` that is not what its ``.po`` says (refresh with the
commands of docs/translating.md).
"""

from __future__ import annotations

from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from scorekeeper.i18n.check import placeholder_problems
from tests.i18n.pseudo import extracted

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
LANGUAGES = ("cs", "pl", "de", "it")
# gettext's plural forms: the form each count takes (1, 2, 5, 12, 22, 1000000)
PLURAL_FORMS = {
    "cs": (3, (0, 1, 2, 2, 2, 2)),
    "pl": (3, (0, 1, 2, 2, 1, 2)),
    "de": (2, (0, 1, 1, 1, 1, 1)),
    "it": (2, (0, 1, 1, 1, 1, 1)),
}
COUNTS = (1, 2, 5, 12, 22, 1000000)


def _po(language: str):
    with open(ROOT / language / "LC_MESSAGES" / "messages.po", "rb") as source:
        return read_po(source, locale=language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_message_is_translated(language):
    catalog = _po(language)
    missing = []
    for message, where in extracted():
        key = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(key)
        strings = () if entry is None else entry.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        if entry is None or entry.fuzzy or not all(s.strip() for s in strings):
            missing.append(f"{key!r} ({where[0][0]})")
    assert not missing, f"{len(missing)} untranslated in {language}:\n" + "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_placeholders_and_plural_forms(language):
    catalog = _po(language)
    forms, _chosen = PLURAL_FORMS[language]
    assert catalog.num_plurals == forms, catalog.plural_forms
    wrong = [
        p
        for entry in catalog
        if entry.id and entry.string
        for p in placeholder_problems(entry, forms)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_plural_rule_picks_gettexts_form_for_each_count(language):
    """The rule a page uses is the compiled ``.mo``'s: 2 deals and 22 deals take Czech's and
    Polish's "few" form, 5 and 12 their "many"; German and Italian have one plural."""
    with open(ROOT / language / "LC_MESSAGES" / "messages.mo", "rb") as compiled:
        translations = GNUTranslations(compiled)
    assert tuple(translations.plural(n) for n in COUNTS) == PLURAL_FORMS[language][1]
    # the first form is for 1 alone, so it may say "one" instead of the number
    assert [n for n in range(1001) if translations.plural(n) == 0] == [1]


def _plain(value):
    return tuple(value) if isinstance(value, list | tuple) else value


@pytest.mark.parametrize("language", (*LANGUAGES, "en"))
def test_compiled_catalogue_is_its_source(language):
    source = {
        _plain(e.id): _plain(e.string)
        for e in _po(language)
        if e.id and e.string and not e.fuzzy and (not isinstance(e.string, tuple) or any(e.string))
    }
    with open(ROOT / language / "LC_MESSAGES" / "messages.mo", "rb") as compiled:
        built = {_plain(e.id): _plain(e.string) for e in read_mo(compiled) if e.id}
    for key, value in list(built.items()):  # compiling fills empty plural forms with the msgid
        if isinstance(value, tuple) and value == tuple(key[min(i, 1)] for i in range(len(value))):
            if key not in source:
                del built[key]
    stale = sorted(str(k) for k in source.keys() ^ built.keys())
    changed = sorted(str(k) for k in source.keys() & built.keys() if source[k] != built[k])
    assert not stale and not changed, (
        f"{language}: messages.mo differs from messages.po; run pybabel compile "
        f"(docs/translating.md). Only in one: {stale[:5]}; different: {changed[:5]}"
    )


def test_packaged_with_the_app():
    """The compiled catalogues ship inside the package (a plain pip install shows Czech)."""
    text = (ROOT.parents[1] / "pyproject.toml").read_text()
    assert "translations/*/LC_MESSAGES/*.mo" in text
