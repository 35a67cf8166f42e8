"""The deck the table holds (API.md v2 option ``deck``): rules, API, pages.

German suits by default for Mariáš, Mariasz and Mariage, Italian for Marianna, French as a
choice; drawn as the vendored SVGs of ``static/img/suits/`` with translated alt text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.paths import STATIC
from scorekeeper.rules.base import DECKS, SUITS, InvalidOptions
from scorekeeper.rules.registry import GAME_NAMES, get_game
from scorekeeper.web import suits
from tests.web.test_match_pages import api_state, form_data, start

SUIT_DIR = STATIC / "img" / "suits"
DEFAULTS = {"marias": "german", "mariasz": "german", "mariage": "german", "marianna": "italian"}


def pictures(html: str) -> list[tuple[str, str]]:
    """(file name, alt text) of every suit picture on a page, in order."""
    return re.findall(r'<img class="suit" src="[^"]*/([\w-]+)\.svg" alt="([^"]*)"', html)


def read_as(html: str) -> list[tuple[str, str]]:
    """(file name, what a screen reader says for it) of every suit picture: its alt text, or
    for a picture with an empty alt, the name written right before or after it (read once)."""
    found = re.finditer(
        r'(?:(\w+) )?<img class="suit" src="[^"]*/([\w-]+)\.svg" alt="([^"]*)"[^>]*>(?: (\w+))?',
        html,
    )
    return [(m[2], m[3] or m[1] or m[4] or "") for m in found]


# ---- rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_defaults_to_the_deck_its_players_hold(game):
    rules = get_game(game)
    options = rules.make_options()
    assert options.deck == DEFAULTS[game]
    assert rules.options_to_json(options)["deck"] == DEFAULTS[game]
    for deck in DECKS:  # every deck may be chosen, and it survives the JSON round trip
        chosen = rules.make_options(None, {"deck": deck})
        assert chosen.deck == deck
        assert rules.make_options(None, rules.options_to_json(chosen)) == chosen


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("bad", ["spanish", "", None, 3, ["german"]])
def test_an_unknown_deck_is_refused_by_its_field(game, bad):
    with pytest.raises(InvalidOptions) as caught:
        get_game(game).make_options(None, {"deck": bad})
    assert [e.field for e in caught.value.errors] == ["options.deck"]
    assert "german, italian, french" in caught.value.errors[0].message


def test_the_deck_changes_no_score():
    rules = get_game("mariasz")
    scored = []
    for deck in DECKS:
        options = rules.make_options(None, {"deck": deck})
        record = {"trump": "hearts", "points": [80, None], "marriages": [["hearts"], []]}
        scored.append(rules.score(options, 2, [rules.parse_record(record, options, 2)]).scores)
    assert scored[0] == scored[1] == scored[2]


# ---- the pictures ----------------------------------------------------------------------------


def test_every_deck_has_a_small_clean_svg_per_suit():
    for deck in DECKS:
        for suit in SUITS:
            path = SUIT_DIR / f"{suits.PICTURES[deck][suit]}.svg"
            text = path.read_text(encoding="utf-8")
            root = ET.fromstring(text)
            assert root.tag == "{http://www.w3.org/2000/svg}svg", path
            assert root.get("viewBox") == "0 0 32 32", path
            assert len(text) < 2_000, path  # small: a deal line shows several
            # self-contained: nothing fetched, nothing run (WeasyPrint and offline phones)
            assert not re.search(r"href|<script|url\(|<image|on\w+=", text), path
    readme = (SUIT_DIR / "README.md").read_text(encoding="utf-8")
    assert "CC0" in readme


def test_names_follow_the_deck_and_the_games_own_words(app):
    with app.test_request_context("/"):
        assert suits.suit_label("hearts", "german", "marias") == "červené ♥"
        assert suits.suit_label("spades", "german", "mariasz") == "wino ♠"
        assert suits.suit_name("diamonds", "german", "mariage") == "Schellen"
        assert suits.suit_name("diamonds", "german", "marianna") == "Schellen"
        assert suits.suit_name("diamonds", "italian", "marias") == "denari"
        assert suits.suit_name("clubs", "french", "mariasz") == "clubs"
        assert suits.deck_of("marianna", {}) == "italian"
        assert suits.deck_of("marias", {"deck": "french"}) == "french"
        assert suits.without_symbols("Jana · červené ♥", "german") == "Jana · červené"
        assert suits.without_symbols("Jana · hearts ♥", "french") == "Jana · hearts ♥"
        html = str(suits.with_pictures("<b> červené ♥", "german", "marias"))
        assert html.startswith("&lt;b&gt; červené <img") and "german-hearts.svg" in html
    with app.test_request_context("/?lang=de"):
        assert suits.suit_name("hearts", "italian", "marianna") == "Kelche"
        assert suits.suit_name("hearts", "german", "marias") == "Herz"
        assert suits.suit_name("spades", "french", "marias") == "Pik"


# ---- API -------------------------------------------------------------------------------------


def test_the_api_stores_and_returns_the_deck(client):
    players = ["Jana", "Petr", "Ota"]
    body = {"game": "marias", "players": players, "options": {"deck": "french"}}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.json
    assert response.json["options"]["deck"] == "french"
    again = client.get(f"/api/v1/matches/{response.json['id']}").get_json()
    assert again["options"]["deck"] == "french"
    plain = client.post("/api/v1/matches", json={"game": "marianna", "players": list("abcd")})
    assert plain.json["options"]["deck"] == "italian"


def test_the_api_refuses_an_unknown_deck_with_422(client):
    body = {"game": "mariasz", "players": ["Ania", "Bartek"], "options": {"deck": "tarot"}}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "options.deck"
    assert response.json["errors"][0]["message"]


# ---- pages -----------------------------------------------------------------------------------


def test_the_new_match_form_offers_the_three_decks_as_pictures(client):
    page = client.get("/matches/new/mariasz/default").text
    fieldset = re.search(r'<fieldset class="taps decks.*?</fieldset>', page, re.S)[0]
    assert re.search(
        r'name="opt_deck"[^>]*value="german"[^>]*checked|checked[^>]*value="german"', fieldset
    )
    names = [name for name, _alt in pictures(fieldset)]
    assert names[:4] == ["german-hearts", "german-bells", "german-acorns", "german-leaves"]
    assert names[4:8] == ["italian-cups", "italian-coins", "italian-clubs", "italian-swords"]
    assert names[8:] == ["french-hearts", "french-diamonds", "french-clubs", "french-spades"]
    marianna = client.get("/matches/new/marianna/marianna").text
    assert re.search(r'value="italian"[^>]*checked|checked[^>]*value="italian"', marianna)


def test_a_deck_chosen_on_the_form_is_stored_and_drawn(client):
    url = start(client, "mariasz", opt_deck="french")
    assert api_state(client, url)["options"]["deck"] == "french"
    page = client.get(url).text
    trump = re.search(r'id="f-trump".*?</fieldset>', page, re.S)[0]
    assert [n for n, _a in pictures(trump)] == [
        "french-hearts",
        "french-diamonds",
        "french-clubs",
        "french-spades",
    ]
    data = form_data(page, "deal-form") | {"trump": "clubs", "points_0": "80", "m_0_clubs": "y"}
    assert client.post(url, data=data | {"idem": "f1"}).status_code == 302
    line = re.search(r'<li id="deal-1".*?</li>', client.get(url).text, re.S)[0]
    assert ("french-clubs", "clubs") in pictures(line)
    assert "♣" not in line  # the symbol became the picture


def test_an_unknown_deck_on_the_form_is_refused_beside_the_field(client):
    data = form_data(client.get("/matches/new/mariage/default").text)
    data |= {"player_0": "Anke", "player_1": "Bernd", "opt_deck": "tarot"}
    response = client.post("/matches/new/mariage/default", data=data)
    assert response.status_code == 422
    fieldset = re.search(r'<fieldset class="taps decks.*?</fieldset>', response.text, re.S)[0]
    assert 'class="error"' in fieldset


def test_the_default_deck_draws_no_french_symbols(client):
    url = start(client, "marias", "pub")
    page = client.get(url).text
    data = form_data(page, "deal-form")
    data |= {"declarer": "0", "trump": "clubs", "game": "hra", "game_won": "1", "idem": "g1"}
    assert client.post(url, data=data).status_code == 302
    page = client.get(url).text
    body = page[page.find("<main") :]
    assert not re.search("[♥♦♣♠]", body)
    assert ("german-acorns", "žaludy") in pictures(body)


@pytest.mark.parametrize(
    ("lang", "alt"), [("cs", "žaludy"), ("pl", "żołędzie"), ("de", "Eichel"), ("it", "ghiande")]
)
def test_alt_text_is_translated(client, lang, alt):
    url = start(client, "mariasz")
    page = client.get(f"{url}?lang={lang}").text
    assert ("german-acorns", alt) in pictures(page)


def test_italian_deck_in_german_and_marianna_declarations(client):
    url = start(client, "marianna")
    page = client.get(f"{url}?lang=de").text
    alts = dict(pictures(page))
    assert alts["italian-cups"] == "Kelche" and alts["italian-swords"] == "Schwerter"
    # the declaration buttons' text for deal.js keeps the names, not French symbols
    assert re.search(r'data-label="[^"]*: Kelche"', page)


def test_blank_sheet_and_record_show_the_deck(client):
    sheet = client.get("/sheets/marianna?lang=it").text
    assert [n for n, _a in pictures(sheet)][:1] == ["italian-cups"]
    assert ("italian-cups", "coppe") in read_as(sheet)  # the key: a picture beside its name
    assert ("italian-cups", "") in pictures(sheet)  # read once: the picture's alt is empty
    french = client.get("/sheets/marias?deck=french").text
    assert ("french-hearts", "hearts") in read_as(french)
    url = start(client, "mariage")
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "spades", "points_0": "80", "m_1_spades": "y", "idem": "r1"}
    assert client.post(url, data=data).status_code == 302
    match_id = url.split("/")[2]
    record = client.get(f"/m/{match_id}/record?lang=de").text
    assert ("german-leaves", "Grün") in pictures(record)


def test_the_rules_page_shows_the_deck(client):
    url = start(client, "marias", "pub", opt_deck="italian")
    page = client.get(f"/m/{url.split('/')[2]}/rules?lang=cs").text
    # the option's row in the players' words ("Karty na stole"); its key is in the developers' box
    row = re.search(r"<tr><td>Karty na stole</td>.*?</tr>", page, re.S)[0]
    assert [n for n, _a in pictures(row)][0] == "italian-cups" and "italské barvy" in row


def test_chart_legend_of_long_team_names_takes_a_row_each():
    from scorekeeper.printing.chart import legend_labels, running_chart

    short, per_row = legend_labels(["Jana", "Petr"], [3, -3], 318)
    assert per_row == 2 and short == ["Jana 3", "Petr -3"]
    teams = ["Jürgen Weiß & Änne Öhler", "Ömer Üzüm & Ülrike Ärmel"]
    labels, per_row = legend_labels(teams, [110, 50], 318)
    assert per_row == 1 and labels == [
        "Jürgen Weiß & Änne Öhler 110",
        "Ömer Üzüm & Ülrike Ärmel 50",
    ]
    longest, _ = legend_labels(["Maximiliane Schwarzenberger-Ötztaler & X" * 2, "B"], [7, 0], 318)
    assert longest[0].endswith("… 7") and len(longest[0]) * 6.8 <= 318
    svg = running_chart(teams, [[110, 50]])
    assert 'viewBox="0 0 360 198"' in svg  # one more legend row, the plot keeps its height
