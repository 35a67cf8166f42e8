"""One term per concept: each catalogue keeps the rules of its glossary (docs/glossary-*.md).

The "Kept by the test" table of each glossary says, per concept, which English messages it
covers, the word their translation must use and the words it must not (German *Mariage*, never
"Marianna" for a marriage; Czech *Dvojice*, never "Tým"; Polish *rozgrywający*; Italian
*traguardo*, never "meta"). ``scorekeeper.i18n.check`` reads the tables; this runs it for cs, pl,
de and it, proves that a drift is caught, and that no rule has gone stale (matching nothing).
"""

from __future__ import annotations

import copy

import pytest
from babel.messages.catalog import Message

from scorekeeper.i18n import check

LANGUAGES = check.LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_keeps_its_glossary(language):
    problems = check.glossary_problems(language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_covers_messages_and_says_something(language):
    """A rule whose English matches nothing, or that neither requires nor forbids a word, could
    never fail: each one covers at least one message and checks it."""
    catalog = check.catalogue(language)
    rules = check.glossary_rules(language)
    assert len(rules) >= 8
    for rule in rules:
        covered = [e for e in catalog if e.id and rule.applies(e)]
        assert covered, f"{language}: {rule.concept} covers no message"
        assert rule.use is not None or rule.never is not None, rule.concept


# A drift per language: the review's own examples of a term that slipped back in.
DRIFTS = {
    "de": ("Marriages", "Mariannen"),
    "cs": ("Team %(team)s", "Tým %(team)s"),
    "pl": ("Choose the declarer: %(choices)s", "Wybierz grającego: %(choices)s"),
    "it": ("Who reached the target first?", "Chi è arrivato prima alla meta?"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_term_that_drifts_back_is_caught(language):
    msgid, drifted = DRIFTS[language]
    catalog = copy.deepcopy(check.catalogue(language))
    catalog[msgid].string = drifted
    problems = check.glossary_problems(language, catalog)
    assert any(repr(msgid) in p for p in problems), problems


def test_a_concept_translated_without_its_term_is_caught():
    """Not only a forbidden word: a German marriage that says neither Mariage nor Marianna."""
    catalog = copy.deepcopy(check.catalogue("de"))
    catalog["Marriages"].string = "Paare"
    problems = check.glossary_problems("de", catalog)
    assert any("'Marriages'" in p and "lacks" in p for p in problems), problems


def test_a_rule_reads_its_markdown_cells():
    text = (
        "# x\n\n## Kept by the test\n\n| concept | English | where | use | never |\n"
        "|---|---|---|---|---|\n"
        "| team | `\\bteams?\\b` | `forms/new.py`, `rules.py` | `Dvojic` | `Tým\\|tým` |\n"
    )
    (rule,) = check.glossary_rules("cs", text)
    assert rule.where == ("forms/new.py", "rules.py")
    assert rule.never.pattern == "Tým|tým" and rule.use.pattern == "Dvojic"
    team = Message("Team %(team)s", "Tým %(team)s", locations=[("scorekeeper/rules.py", 1)])
    assert rule.applies(team) and "Tým" in rule.broken(team)
    elsewhere = Message("Team", "Tým", locations=[("templates/x.html", 1)])
    assert not rule.applies(elsewhere)


def test_placeholder_problems_name_a_dropped_placeholder_and_allow_a_singular_word():
    dropped = Message("Deal %(n)s saved.", "Rozdání uloženo.")
    assert check.placeholder_problems(dropped, 3)
    one = Message(
        ("The one round has been drawn.", "All %(n)s rounds have been drawn."),
        ("Jediné kolo.", "Všechna kola (%(n)s).", "Všech %(n)s kol."),
    )
    assert check.placeholder_problems(one, 3) == []
    short = Message(("%(n)s deal", "%(n)s deals"), ("%(n)s rozdání", "rozdání"))
    assert len(check.placeholder_problems(short, 3)) == 2  # a form missing, one without %(n)s


def test_the_translators_command_compiles_and_says_all_is_well(capsys, monkeypatch):
    """``python -m scorekeeper.i18n.check`` compiles (here: stubbed) and lists nothing."""
    ran = []
    monkeypatch.setattr(check, "_pybabel", ran.append)
    assert check.main([]) == 0
    assert ran == [check.COMPILE]
    assert "check out" in capsys.readouterr().out
    assert check.main(["--refresh"]) == 0
    assert ran[1:] == [check.EXTRACT, check.UPDATE, check.COMPILE]
