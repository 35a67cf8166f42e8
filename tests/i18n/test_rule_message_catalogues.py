"""The rules' messages in every language (scorekeeper/i18n/rule_messages.py): each code of the
games' catalogues renders in cs, pl, de, it and en with its params filled in, and the games'
words (suits, Mariáš parts) follow the page's language rather than staying Czech or English."""

from __future__ import annotations

import pytest

from scorekeeper.i18n.rule_messages import Names, error_json, render, render_json
from scorekeeper.rules.base import FieldError
from scorekeeper.rules.messages import CATALOGUE, Msg
from tests.rules.test_messages import params_for

LANGUAGES = ("cs", "pl", "de", "it", "en")
# Templates made of params and signs only read the same in every language.
SAME_EVERYWHERE = {
    "twohand.deal",
    "mariasz.won_kind",
    "marias.flek_words",
    "marias.per_payer",
    "marias.times",
    "marias.then_times",
    "marianna.team_side",
    "marianna.player_side",
    "mariasz.dubla",
    "mariasz.sympla",
    "marias.flek",
    "marias.re",
    "marias.tutti",
    "marias.boty",
    "marias.kalhoty",
    "marias.hearts",  # Czech: "červené 2" is the source's own word
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_renders_in_every_language(app, language):
    untranslated = []
    with app.test_request_context(f"/?lang={language}"):
        for code in sorted(CATALOGUE):
            message = Msg(code, **params_for(code))
            text = render(message)
            assert text.strip() and "%(" not in text, (code, text)
            if language == "en":
                assert text == str(message), code
            elif text == str(message) and code not in SAME_EVERYWHERE:
                untranslated.append(f"{code}: {text}")
    assert not untranslated, f"{len(untranslated)} left English:\n" + "\n".join(untranslated)


def test_seats_teams_and_suits_as_the_page_names_them(app):
    names = Names(["Jana", "Petr", "Ota", "Eva"], ["Jana & Ota", "Petr & Eva"], lambda s: f"<{s}>")
    with app.test_request_context("/?lang=cs"):
        sitter = Msg("marias.dealer_declares", sitter=1)
        rest = " rozdává a toto rozdání nehraje; vyberte jednoho z ostatních tří"
        assert render(sitter, names) == "Petr" + rest
        assert render(sitter) == "Hráč 2" + rest
        choose = Msg("marias.choose_declarer", choices=[0, 2, 3])
        assert render(choose, names) == "Vyberte aktéra: Jana, Ota nebo Eva"
        meld = Msg("twohand.trump_marriage", suit="hearts", points=40)
        assert render(meld, names) == "trumfová hláška (<hearts>) 40"
        team = Msg("marianna.reaches", side=Msg("marianna.team_side", team=1), n=510, target=501)
        assert render(team, names) == "Petr & Eva dosahuje 510 z 501 a vyhrává zápas"
    with app.test_request_context("/?lang=de"):
        assert render(Msg("marias.open")) == "offene Karten 2"
        assert render(Msg("marias.hearts")) == "Herz 2"


@pytest.mark.parametrize(
    ("language", "hearts", "part"),
    [
        ("pl", "czerwień 2", "sto proti (wygrana)"),
        ("de", "Herz 2", "sto proti gewonnen"),
        ("it", "cuori 2", "sto proti (vinto)"),
    ],
)
def test_nothing_stays_czech_only_in_other_languages(app, language, hearts, part):
    """'červené' (the Czech hearts doubling) is said in the page's language."""
    with app.test_request_context(f"/?lang={language}"):
        line = render(Msg("marias.hearts"))
        assert line == hearts and "červené" not in line
        assert render(Msg("marias.won", part="sto_proti")) == part


def test_api_error_json_keeps_english_codes_and_keys(app):
    error = FieldError("declarer", Msg("marias.choose_declarer", choices=[0, 1, 2]))
    with app.test_request_context("/?lang=it"):
        data = error_json(error)
    assert data == {
        "field": "declarer",
        "message": "Scegli il dichiarante: giocatore 1, giocatore 2 o giocatore 3",
        "code": "marias.choose_declarer",
        "params": {"choices": [0, 1, 2]},
    }
    plain = FieldError("name", "Zadejte jméno.")
    with app.test_request_context("/?lang=cs"):
        assert error_json(plain) == {"field": "name", "message": "Zadejte jméno."}
        assert render_json({"code": None, "params": {}, "message": "kept"}) == "kept"
