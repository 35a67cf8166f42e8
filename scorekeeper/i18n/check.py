"""The translator's one command: compile the catalogues and say what a correction broke.

From a source checkout, after editing ``scorekeeper/translations/<language>/LC_MESSAGES/
messages.po`` (docs/translating.md)::

    .venv/bin/python -m scorekeeper.i18n.check            # compile every .po, then check
    .venv/bin/python -m scorekeeper.i18n.check --refresh  # first extract and update (new texts)

It compiles each ``.po`` into the ``.mo`` the app reads, then lists, per language, every
translation that is empty or fuzzy, drops or invents a placeholder, has the wrong number of
plural forms, or breaks a rule of its glossary (the "Kept by the test" table of
``docs/glossary-<language>.md``: a concept's term that must be used, a word that must not).
It exits 1 when anything is listed. tests/i18n runs the same checks.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import chdir
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).resolve().parents[1]
ROOT = PACKAGE.parent
TRANSLATIONS = PACKAGE / "translations"
DOCS = ROOT / "docs"
LANGUAGES = ("cs", "pl", "de", "it")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")
KEPT = "## Kept by the test"
# the two pybabel lines of docs/translating.md
EXTRACT = [
    "pybabel", "extract", "-F", "babel.cfg", "-k", "_l", "-k", "N_", "-k", "Nn_:1,2",
    "--add-location", "file", "--sort-output", "--no-wrap", "--project", "Scorekeeper",
    "-o", "scorekeeper/translations/messages.pot", ".",
]  # fmt: skip
UPDATE = [
    "pybabel", "update", "-i", "scorekeeper/translations/messages.pot", "-d",
    "scorekeeper/translations", "--no-fuzzy-matching", "--no-wrap", "--ignore-obsolete",
]  # fmt: skip
COMPILE = ["pybabel", "compile", "-d", "scorekeeper/translations"]


def catalogue(language: str) -> Catalog:
    """The ``.po`` of ``language`` as Babel reads it."""
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as source:
        return read_po(source, locale=language)


def forms(entry: Message) -> tuple[str, ...]:
    """Every translated form of an entry (one, or one per plural form)."""
    return tuple(entry.string) if isinstance(entry.string, list | tuple) else (entry.string,)


def _ids(entry: Message) -> tuple[str, ...]:
    return tuple(entry.id) if isinstance(entry.id, list | tuple) else (entry.id,)


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def placeholder_problems(entry: Message, plural_forms: int) -> list[str]:
    """What an entry's translation breaks: the number of plural forms, a placeholder dropped or
    invented. The first plural form is the one for exactly 1 in cs, pl, de and it, so like the
    English singular ("The one round has been drawn.") it may leave the count out."""
    ids, texts = _ids(entry), forms(entry)
    if len(ids) == 1:
        ok = _placeholders(ids[0]) == _placeholders(texts[0])
        return [] if ok else [f"{ids[0]!r} -> {texts[0]!r}: placeholders differ"]
    return _plural_problems(ids, texts, plural_forms)


def _plural_problems(ids: tuple[str, ...], texts: tuple[str, ...], plural_forms: int) -> list[str]:
    """A plural entry's problems: the count of forms, the placeholders of each form."""
    problems = []
    if len(texts) != plural_forms:
        problems.append(f"{ids[0]!r}: {len(texts)} plural forms, not {plural_forms}")
    one = set(PLACEHOLDER.findall(texts[0]))
    if not set(PLACEHOLDER.findall(ids[0])) <= one <= set(PLACEHOLDER.findall(ids[1])):
        problems.append(f"{ids[0]!r} -> {texts[0]!r}: placeholders differ")
    problems += [
        f"{ids[1]!r} -> {text!r}: placeholders differ"
        for text in texts[1:]
        if _placeholders(ids[1]) != _placeholders(text)
    ]
    return problems


@dataclass(frozen=True)
class Rule:
    """One row of a glossary's "Kept by the test" table."""

    concept: str
    english: re.Pattern[str]  # matched against the msgid, placeholders left out, any case
    where: tuple[str, ...]  # path fragments of the msgid's locations; empty: everywhere
    use: re.Pattern[str] | None  # every form of the translation contains it
    never: re.Pattern[str] | None  # no form of the translation contains it

    def applies(self, entry: Message) -> bool:
        """Whether the rule speaks of the entry: its English, at one of the rule's places."""
        text = " / ".join(PLACEHOLDER.sub("", i) for i in _ids(entry))
        return bool(self.english.search(text)) and self._used_where(entry)

    def _used_where(self, entry: Message) -> bool:
        """Whether the entry is used where the rule holds (everywhere, where it names none)."""
        if not self.where:
            return True
        return any(part in path for path, _line in entry.locations for part in self.where)

    def broken(self, entry: Message) -> str | None:
        """Why the entry's translation breaks the rule, or None (its placeholders left out:
        the rules are about words, and ``%(a)s`` is not "(a)")."""
        for text in (PLACEHOLDER.sub("", form) for form in forms(entry)):
            why = self._broken_by(text)
            if why:
                return why
        return None

    def _broken_by(self, text: str) -> str | None:
        """Why one form of a translation breaks the rule, or None."""
        if self.use is not None and not self.use.search(text):
            return f"{text!r} lacks `{self.use.pattern}`"
        if self.never is not None and self.never.search(text):
            return f"{text!r} uses `{self.never.pattern}`"
        return None


def _cells(line: str) -> list[str]:
    """A markdown table row's cells (a pipe inside a cell is written ``\\|``)."""
    parts = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [part.strip().replace("\\|", "|") for part in parts]


def _code(cell: str) -> list[str]:
    """The code spans of a cell (``-`` or empty: none)."""
    return re.findall(r"`([^`]+)`", cell)


def _pattern(cell: str, flags: int = 0) -> re.Pattern[str] | None:
    spans = _code(cell)
    return re.compile(spans[0], flags) if spans else None


def glossary_rules(language: str, text: str | None = None) -> list[Rule]:
    """The rules of ``docs/glossary-<language>.md`` (or of ``text``, a glossary's markdown)."""
    if text is None:
        text = _glossary(language)
    return [_rule(row) for row in _kept_rows(text)]


def _glossary(language: str) -> str:
    """The markdown of ``docs/glossary-<language>.md``; empty in an installed package, which has
    no docs/ (nothing to check against)."""
    path = DOCS / f"glossary-{language}.md"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _kept_rows(text: str) -> list[str]:
    """The rows of the glossary's "Kept by the test" table (its heading and rule left out)."""
    section = text.split(KEPT, 1)[1] if KEPT in text else ""
    return [line for line in section.splitlines() if line.startswith("|")][2:]


def _rule(row: str) -> Rule:
    concept, english, where, use, never = _cells(row)[:5]
    return Rule(
        concept=concept,
        english=re.compile(_code(english)[0], re.IGNORECASE),
        where=tuple(_code(where)),
        use=_pattern(use),
        never=_pattern(never),
    )


def glossary_problems(language: str, catalog: Catalog | None = None) -> list[str]:
    """Every translation of ``language`` that breaks a rule of its glossary."""
    catalog = catalog if catalog is not None else catalogue(language)
    entries = list(_translated(catalog))
    return [
        problem
        for rule in glossary_rules(language)
        for problem in _rule_problems(language, rule, entries)
    ]


def _rule_problems(language: str, rule: Rule, entries: list[Message]) -> list[str]:
    """The translations among ``entries`` that break ``rule``."""
    problems = []
    for entry in entries:
        why = rule.broken(entry) if rule.applies(entry) else None
        if why:
            problems.append(f"{language}: {rule.concept}: {_ids(entry)[-1]!r}: {why}")
    return problems


def _translated(catalog: Catalog) -> Iterator[Message]:
    for entry in catalog:
        if entry.id and any(forms(entry)):
            yield entry


def problems(language: str) -> list[str]:
    """Everything a reviewer of ``language`` should fix, in catalogue order."""
    catalog = catalogue(language)
    found = [
        problem
        for entry in catalog
        if entry.id
        for problem in _entry_problems(language, entry, catalog.num_plurals)
    ]
    return found + glossary_problems(language, catalog)


def _entry_problems(language: str, entry: Message, plural_forms: int) -> list[str]:
    """An entry not translated (empty or fuzzy), or what its translation breaks."""
    if entry.fuzzy or not all(text.strip() for text in forms(entry)):
        return [f"{language}: {_ids(entry)[0]!r}: not translated (empty or fuzzy)"]
    return [f"{language}: {p}" for p in placeholder_problems(entry, plural_forms)]


def _pybabel(args: Sequence[str]) -> None:
    CommandLineInterface().run(list(args))


def main(argv: Sequence[str] | None = None) -> int:
    """Compile (after ``--refresh``: extract and update first), then list the problems."""
    args = list(sys.argv[1:] if argv is None else argv)
    _compile(refresh="--refresh" in args)
    if not DOCS.exists():
        print("docs/ not found: the glossaries are checked from a source checkout only")
    found = _every_problem()
    _report(found)
    return 1 if found else 0


def _every_problem() -> list[str]:
    return [problem for language in LANGUAGES for problem in problems(language)]


def _compile(*, refresh: bool) -> None:
    """The pybabel lines of docs/translating.md, run from the checkout's root."""
    with chdir(ROOT):
        if refresh:
            _pybabel(EXTRACT)
            _pybabel(UPDATE)
        _pybabel(COMPILE)


def _report(found: list[str]) -> None:
    for problem in found:
        print(problem)
    print(f"{len(found)} to fix" if found else "All four catalogues check out.")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
