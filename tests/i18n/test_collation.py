"""Names in the order each language sorts them (ICU through pyicu-wheels; see README)."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import collation
from scorekeeper.printing.contexts import seating_context

needs_icu = pytest.mark.skipif(not collation.HAVE_ICU, reason="no ICU wheel on this platform")

# worked lists, each in the order a Czech / Polish / German reader expects
CZECH = ["Ábel", "Adam", "Bohuslav", "Cyril", "Čeněk", "Dana", "Hana", "Chalupa", "Ivo",
         "Rudolf", "Řehoř", "Svatopluk", "Šárka", "Tomáš", "Zdeněk", "Žofie"]  # fmt: skip
POLISH = ["Adam", "Ąda", "Celina", "Ćwik", "Lech", "Łukasz", "Marek", "Nina", "Ńapa", "Ola",
          "Óla", "Sebastian", "Śmiały", "Zenon", "Źdźbło", "Żaneta"]  # fmt: skip
GERMAN = ["Anna", "Ärger", "Mueller", "Muller", "Müller", "Ober", "Öl", "Zeta"]


def _shuffled(names):
    return list(reversed(names[::2])) + names[1::2]


@needs_icu
@pytest.mark.parametrize(("language", "names"), [("cs", CZECH), ("pl", POLISH), ("de", GERMAN)])
def test_worked_lists(language, names):
    assert sorted(_shuffled(names), key=collation.sort_key(language)) == names


@needs_icu
def test_czech_ch_after_h_not_in_c():
    order = sorted(["Chalupa", "Hana", "Cyril", "Ivo"], key=collation.sort_key("cs"))
    assert order == ["Cyril", "Hana", "Chalupa", "Ivo"]
    # in English, "Ch" is C + h
    assert sorted(["Chalupa", "Hana", "Cyril"], key=collation.sort_key("en")) == [
        "Chalupa",
        "Cyril",
        "Hana",
    ]


@needs_icu
def test_index_letters_follow_the_alphabet():
    letter = collation.letter_of("cs")
    assert letter("Chalupa") != letter("Cyril") and letter("Čeněk") != letter("Cyril")
    assert letter("Ábel") == letter("Adam")  # á is no letter of its own: Ábel before Adam
    assert collation.letter_of("pl")("Łukasz") != collation.letter_of("pl")("Lech")


def test_fallback_order_folds_accents():
    assert sorted(["Řehoř", "Rudolf", "Łucja", "Lech", "Zoe"], key=collation.folded) == [
        "Lech", "Łucja", "Řehoř", "Rudolf", "Zoe"
    ]  # fmt: skip


@needs_icu
def test_seating_by_name_in_the_page_language(app):
    round_ = {
        "round": 1,
        "tables": [
            {"table": 1, "players": ["Chalupa", "Hana", "Cyril"]},
            {"table": 2, "players": ["Řehoř", "Rudolf", "Ivo"]},
        ],
        "bye": [],
    }
    with app.test_request_context("/?lang=cs"):
        rows = seating_context(round_)["by_name"]
    assert [r["player"] for r in rows] == ["Cyril", "Hana", "Chalupa", "Ivo", "Rudolf", "Řehoř"]
    assert [r["new_letter"] for r in rows] == [True, True, True, True, True, True]
    with app.test_request_context("/?lang=en"):
        rows = seating_context(round_)["by_name"]
    assert [r["player"] for r in rows] == ["Chalupa", "Cyril", "Hana", "Ivo", "Řehoř", "Rudolf"]
