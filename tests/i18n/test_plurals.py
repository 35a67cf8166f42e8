"""A number and its noun agree in every language: counts go through ``ngettext`` and each
language's form is the right one for 1, 2, 5 and 22 ("1 punkt", "2 punkty", "5 punktów",
"22 punkty"; "2 hráče", "5 hráčů"; "1 giocatore", "2 giocatori").

Three checks: no marked text puts a count before a noun without ``ngettext`` (the extracted
messages of the code and templates); no template or module glues a number to a translated noun;
and every plural of cs, pl, de and it, rendered through its compiled catalogue for 1, 2, 5 and 22,
puts the noun in the form that count takes (where the translation keeps the noun after the
number and no preposition decides its case).
"""

from __future__ import annotations

import re
from gettext import GNUTranslations
from pathlib import Path

import pytest

from scorekeeper.i18n.check import PLACEHOLDER, TRANSLATIONS, catalogue
from tests.i18n.pseudo import extracted

ROOT = Path(__file__).resolve().parents[2]
# English nouns a count can meet
NOUNS = (
    "deal|game|player|point|round|evening|table|seat|character|row|page|minute|marriage|unit|"
    "match|team|trie|declaration|trick|second|hour|day|entr(?:y|ie)|name"
)
COUNT_NOUN = re.compile(
    r"(?<!Round )(?<!round )(?<!Table )(?<!table )(?<!Deal )(?<!deal )(?<!Game )(?<!game )"
    r"%\((\w+)\)[sd] (?!(?:a|an|the|in|per|of|to|for|and|or) )(?:[\w-]+ )?(?:" + NOUNS + r")s?\b"
)
# not counts: an ordinal, a seat, a game's name
NOT_COUNTS = {"ordinal", "Sitter", "sitter", "game", "value", "player", "winner", "name"}
# WTForms' own text (forms/base.py), which it asks for with gettext, not ngettext
ALLOWED = {"Field must be between %(min)d and %(max)d characters long."}


def _counts_outside_ngettext() -> list[str]:
    found = []
    for message, where in extracted():
        if isinstance(message, tuple) or message in ALLOWED:
            continue
        for match in COUNT_NOUN.finditer(message):
            if match.group(1) not in NOT_COUNTS:
                found.append(f"{message!r} ({where[0][0]})")
    return found


def test_every_count_before_a_noun_goes_through_ngettext():
    found = _counts_outside_ngettext()
    assert not found, "use ngettext (docs/translating.md):\n" + "\n".join(found)


def test_the_scan_finds_a_count_left_to_gettext():
    assert COUNT_NOUN.search("All %(n)s rounds have been drawn.")
    assert COUNT_NOUN.search("%(player)s: %(cards)s card points")
    assert not COUNT_NOUN.search("Round %(n)s tables")
    assert not COUNT_NOUN.search("Played to %(target)s a game, %(ends)s")


GLUED = [
    # {{ n }} {{ _('deals') }} in a template, f"{n} {_('deals')}" in Python
    re.compile(r"\}\}\s*\{\{\s*(?:_|gettext)\(\s*['\"](?:" + NOUNS + r")s\b"),
    re.compile(r"\{[^{}]+\}\s*\{_l?\(\s*['\"](?:" + NOUNS + r")s\b"),
    re.compile(r"['\"] ['\"]\s*\+\s*_l?\(\s*['\"](?:" + NOUNS + r")s\b"),
]
# a bare plural noun as a message, and why it may stand alone
BARE = re.compile(r"^(?:" + NOUNS + r")s$")
BARE_ALLOWED = {
    "minutes": "the unit chosen beside a typed round length (tournaments/forms.py)",
    "deals": "the same unit, and the deals CSV's file name (tournaments/exports.py)",
    "tables": 'a label before a list in the audit trail, "tables: 1, 2" (tournaments/rounds.py)',
}


def test_no_number_is_glued_to_a_translated_noun():
    sources = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("scorekeeper/**/*.py")]
    sources += ROOT.glob("scorekeeper/rules/**/*.html")  # the games' deal forms
    glued = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in sources
        for pattern in GLUED
        for match in pattern.finditer(path.read_text(encoding="utf-8"))
    ]
    bare = [
        m for m, _w in extracted() if isinstance(m, str) and BARE.match(m) and m not in BARE_ALLOWED
    ]
    assert not glued and not bare, glued + bare


# The forms each count takes, per language: the noun right after the number (or after one
# adjective), in the case it has with no preposition before the number.
CLASSES = {  # count -> class
    "cs": {1: "one", 2: "few", 5: "many", 22: "many"},
    "pl": {1: "one", 2: "few", 5: "many", 22: "few"},
    "de": {1: "one", 2: "other", 5: "other", 22: "other"},
    "it": {1: "one", 2: "other", 5: "other", 22: "other"},
}
FORMS = {
    "cs": {
        "point": ("bod bodem bodu", "body", "bodů"),
        "deal": ("rozdání", "rozdání", "rozdání"),
        "player": ("hráč hráče hráčem", "hráči hráče", "hráčů"),
        "round": ("kolo", "kola", "kol"),
        "evening": ("večer", "večery", "večerů"),
        "game": ("partie partii", "partie", "partií"),
        "character": ("znak", "znaky", "znaků"),
        "minute": ("minuta minutu", "minuty", "minut"),
        "marriage": ("hláška hlášku", "hlášky", "hlášek"),
        "table": ("stůl stolu", "stoly", "stolů"),
        "seat": ("místo", "místa", "míst"),
        "row": ("řádek", "řádky", "řádků"),
        "page": ("stránka stránku", "stránky", "stránek"),
    },
    "pl": {
        "point": ("punkt punktem", "punkty punktami", "punktów punktami"),
        "deal": ("rozdanie", "rozdania", "rozdań"),
        "player": ("gracz gracza", "gracze graczy", "graczy"),
        "round": ("runda rundę", "rundy", "rund"),
        "evening": ("wieczór", "wieczory", "wieczorów"),
        "game": ("partia partię", "partie", "partii"),
        "character": ("znak znaku", "znaki", "znaków"),
        "minute": ("minuta minutę", "minuty", "minut"),
        "marriage": ("meldunek", "meldunki", "meldunków"),
        "table": ("stół stołu", "stoły", "stołów"),
        "seat": ("miejsce miejsca", "miejsca", "miejsc"),
        "row": ("wiersz", "wiersze", "wierszy"),
        "page": ("strona stronę", "strony", "stron"),
    },
    "de": {
        "point": (
            "Punkt Kartenpunkt Matchpunkt Partiepunkt",
            "Punkte Punkten Kartenpunkte Matchpunkte Partiepunkte",
        ),
        "deal": ("Spiel", "Spiele Spielen"),
        "player": ("Spieler", "Spieler Spielern"),
        "round": ("Runde", "Runden"),
        "evening": ("Abend", "Abende Abenden"),
        "game": ("Partie", "Partien"),
        "minute": ("Minute", "Minuten"),
        "table": ("Tisch", "Tische Tischen"),
        "row": ("Zeile", "Zeilen"),
        "page": ("Seite", "Seiten"),
    },  # fmt: skip
    "it": {
        "point": ("punto", "punti"),
        "deal": ("smazzata", "smazzate"),
        "player": ("giocatore", "giocatori"),
        "round": ("turno", "turni"),
        "evening": ("serata", "serate"),
        "minute": ("minuto", "minuti"),
        "character": ("carattere", "caratteri"),
        "table": ("tavolo", "tavoli"),
        "row": ("riga", "righe"),
        "page": ("pagina", "pagine"),
    },
}
ORDER = {"cs": ("one", "few", "many"), "pl": ("one", "few", "many"), "de": ("one", "other"),
         "it": ("one", "other")}  # fmt: skip
# a preposition before the number decides the noun's case ("do 5 bodů", "z 2 punktami")
PREPOSITIONS = {
    "cs": "do z ze od po s se za v ve na o u pro bez k ke než",
    "pl": "do z ze od po przy dla bez w we na o za u niż",
    "de": "",
    "it": "",
}
# the verb decides the case: the translation is right, the check cannot know it
GOVERNED = {
    "cs": {},
    "pl": {"Use at least %(n)s characters.": "użyć takes the genitive: co najmniej 2 znaków"},
    "de": {},
    "it": {},
}
ENGLISH_NOUN = re.compile(r"%\((\w+)\)[sd] (?:[\w-]+ )?(" + NOUNS.replace("|trie|", "|") + r")s\b")


def _compiled(language: str) -> GNUTranslations:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        return GNUTranslations(mo)


def _word(token: str) -> str:
    return token.strip(".,;:()«»„“”\"'")


def _noun_after(text: str, n: int) -> tuple[str, list[str]] | None:
    """(the word before the number, the two words after it) where ``n`` stands alone."""
    match = re.search(rf"(?:(\S+)\s+)?(?<![\d.]){n}(?![\d.])\s+(\S+)(?:\s+(\S+))?", text)
    if not match:
        return None
    return _word(match.group(1) or "").lower(), [_word(w) for w in match.groups()[1:] if w]


def _checks(language: str):
    """(msgid, count, the word found, the forms expected) for every plural the check can judge."""
    compiled, nouns = _compiled(language), FORMS[language]
    order, prepositions = ORDER[language], set(PREPOSITIONS[language].split())
    for entry in catalogue(language):
        if not isinstance(entry.id, tuple) or not (found := ENGLISH_NOUN.search(entry.id[1])):
            continue
        count, noun = found.group(1), found.group(2)
        if noun not in nouns:
            continue
        classes = {c: set(words.split()) for c, words in zip(order, nouns[noun], strict=True)}
        known = set().union(*classes.values())
        for n, kind in CLASSES[language].items():
            form = compiled.ngettext(entry.id[0], entry.id[1], n)
            text = PLACEHOLDER.sub(
                lambda m, n=n, c=count: str(n) if m.group(0) == f"%({c})s" else "X", form
            )
            after = _noun_after(text, n)
            if after is None or after[0] in prepositions or entry.id[1] in GOVERNED[language]:
                continue
            word = next((w for w in after[1] if w in known), None)
            if word is not None:
                yield entry.id[1], n, word, classes[kind]


@pytest.mark.parametrize("language", ("cs", "pl", "de", "it"))
def test_each_count_takes_its_form_of_the_noun(language):
    checks = list(_checks(language))
    assert len({c[0] for c in checks}) >= 15, "the check judges too few plurals"
    wrong = [
        f"{msgid!r}: {n} {word}" for msgid, n, word, expected in checks if word not in expected
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("language", "msgids", "params", "expected"),
    [
        # the review's examples: "43 punkty", "2 hráče / 5 hráčů", "1 giocatore"
        ("pl", ("%(player)s: %(cards)s card point", "%(player)s: %(cards)s card points"),
         {"player": "Ola", "cards": 43}, "Ola: 43 punkty w kartach"),
        ("pl", ("%(player)s: %(cards)s card point", "%(player)s: %(cards)s card points"),
         {"player": "Ola", "cards": 45}, "Ola: 45 punktów w kartach"),
        ("cs", ("%(n)s player cannot be seated at these tables; add or withdraw a player.",
                "%(n)s players cannot be seated at these tables; add or withdraw a player."),
         {"n": 2}, "2 hráče nelze"),
        ("cs", ("%(n)s player cannot be seated at these tables; add or withdraw a player.",
                "%(n)s players cannot be seated at these tables; add or withdraw a player."),
         {"n": 5}, "5 hráčů nelze"),
        ("it", ("This Marianna game is for %(count)s player, not %(n)s",
                "This Marianna game is for %(count)s players, not %(n)s"),
         {"count": 1, "n": 3}, "per 1 giocatore, non 3"),
        ("cs", ("The one round has been drawn.", "All %(n)s rounds have been drawn."),
         {"n": 3}, "Všechna kola (3) už jsou rozlosována."),
    ],
)  # fmt: skip
def test_the_reviews_examples(language, msgids, params, expected):
    count = params.get("cards", params.get("count", params.get("n")))
    text = _compiled(language).ngettext(*msgids, count) % params
    assert expected in text
