"""Deal forms: form fields <-> API records, error paths onto fields, and CSRF."""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.rules.marianna import form as forms_marianna
from scorekeeper.rules.marias import form as forms_marias
from scorekeeper.rules.twohand import form as forms_twohand
from scorekeeper.web import forms
from tests.web.test_match_pages import HRA_WON, PLAYERS, api_state, form_data, start

MARIAS_OPTIONS = {"flek_max": None, "flek_per_defender": False}


def submit(app, module, game, data, options=None, players=None):
    """Build the game's deal form from posted ``data`` and return (form, record)."""
    players = players or PLAYERS[game]
    with app.test_request_context(method="POST", data=MultiDict(data)):
        form = module.build(game, players, options or {})
        return form, module.to_record(form, players, options or {})


@pytest.mark.parametrize(
    ("data", "record"),
    [
        # API.md marias record: the common deal, hra won without flek
        (
            HRA_WON,
            {"declarer": 0, "dealer": None, "trump": "hearts", "declarer_points": None,
             "parts": [{"kind": "hra", "won": True, "flek": 0}], "defender_points": None,
             "silent": [], "renonc": None},
        ),
        # RULES.md §4: betl has no trumps; the game part is the betl itself
        (
            HRA_WON | {"trump": "betl", "game_flek": "2"},
            {"declarer": 0, "dealer": None, "trump": None, "declarer_points": None,
             "parts": [{"kind": "betl", "won": True, "flek": 2}], "defender_points": None,
             "silent": [], "renonc": None},
        ),
        # RULES.md §4: hra lost with sedma won and sedma proti; hra decided by the points
        (
            HRA_WON | {"game_won": "", "seven": "sedma", "seven_won": "1", "seven_flek": "1",
                       "sp": "y", "sp_won": "0", "declarer_points": "60", "defender_points": "30",
                       "ticha_sedma": "defenders"},
            {"declarer": 0, "dealer": None, "trump": "hearts", "declarer_points": 60,
             "defender_points": 30, "renonc": None,
             "parts": [{"kind": "hra", "won": None, "flek": 0},
                       {"kind": "sedma", "won": True, "flek": 1},
                       {"kind": "sedma_proti", "won": False, "flek": 0}],
             "silent": [{"kind": "ticha_sedma", "side": "defenders"}]},
        ),
    ],
)  # fmt: skip
def test_marias_form_makes_the_api_record(app, data, record):
    _form, made = submit(app, forms_marias, "marias", data, MARIAS_OPTIONS)
    assert made == record


def test_marias_form_enters_dve_sedmy_proti_and_shows_it_again(app, client):
    # RULES.md §4 (v2.1): the defenders' double seven is tapped on the deal form like sedma
    # proti (the "Defenders' seven" choice), stored as the part dve_sedmy_proti, edited back.
    data = HRA_WON | {"sp": "dve_sedmy_proti", "sp_won": "1", "sp_flek": "1"}
    _form, made = submit(app, forms_marias, "marias", data, MARIAS_OPTIONS)
    assert made["parts"] == [
        {"kind": "hra", "won": True, "flek": 0},
        {"kind": "dve_sedmy_proti", "won": True, "flek": 1},
    ]
    again = forms_marias.from_record(made, PLAYERS["marias"], MARIAS_OPTIONS)
    assert (again["sp"], again["sp_won"], again["sp_flek"]) == ("dve_sedmy_proti", "1", 1)
    url = start(client, "marias")
    page = client.get(url).text
    assert 'value="dve_sedmy_proti"' in page and "dvě sedmy proti" in page
    client.post(url, data=form_data(page, "deal-form") | data)
    state = api_state(client, url)
    # in červené (×2): hra 2 from each, dvě sedmy proti made 8 × flek 2 × 2 = 32 to each:
    # declarer 4 - 64 = -60
    assert state["deals"][0]["delta"] == [-60, 30, 30]


def test_marias_record_back_into_the_form_keeps_part_order(app):
    record = {"declarer": 1, "dealer": 2, "trump": "clubs", "declarer_points": None,
              "defender_points": None, "renonc": None, "silent": [],
              "parts": [{"kind": "sedma", "won": False, "flek": [1, 0]},
                        {"kind": "hra", "won": True, "flek": [0, 2]}]}  # fmt: skip
    options = MARIAS_OPTIONS | {"flek_per_defender": True}
    data = forms_marias.from_record(record, PLAYERS["marias"], options)
    posted = {k: "y" if v is True else str(v) for k, v in data.items() if v not in (None, False)}
    _form, made = submit(app, forms_marias, "marias", posted, options)
    assert made == record


def test_marias_error_paths_follow_the_part_order(app):
    form, _record = submit(app, forms_marias, "marias", HRA_WON | {"seven": "sedma"})
    # API.md: errors name JSON paths into the record; parts.1 is the seven here
    assert forms.field_for_path("parts.1.flek", form.paths) == "seven_flek"
    assert forms.field_for_path("parts.0.won", form.paths) == "game_won"
    assert forms.field_for_path("parts", form.paths) == "game"
    assert forms.field_for_path("nonsense.3", form.paths) is None


@pytest.mark.parametrize(
    ("data", "points", "marriages"),
    [
        # API.md mariasz: a null second value = played out (138 minus the first)
        ({"trump": "hearts", "points_0": "95", "m_0_hearts": "y"}, [95, None], [["hearts"], []]),
        ({"trump": "clubs", "points_0": "70", "points_1": "40", "m_1_spades": "y",
          "m_1_clubs": "y"}, [70, 40], [[], ["clubs", "spades"]]),
    ],
)  # fmt: skip
def test_twohand_form_makes_the_api_record(app, data, points, marriages):
    _form, record = submit(app, forms_twohand, "mariasz", data)
    assert record["points"] == points and record["marriages"] == marriages


@pytest.mark.parametrize(
    ("text", "declarations"),
    [
        # API.md marianna: kind defaults to marianna; mariannone needs no suit
        ("0:marianna:hearts", [{"side": 0, "suit": "hearts"}]),
        ("1:mariannino:spades 0:mariannone:",
         [{"side": 1, "kind": "mariannino", "suit": "spades"}, {"side": 0, "kind": "mariannone"}]),
        ("0:marianna*:clubs", [{"side": 0, "suit": "clubs", "covered": True}]),
        ("", []),
    ],
)  # fmt: skip
def test_marianna_tokens(text, declarations):
    assert forms_marianna.parse_tokens(text) == declarations
    assert " ".join(forms_marianna.to_token(d) for d in declarations) == text


@pytest.mark.parametrize(
    ("before", "tap", "kind", "after"),
    [
        ("", "0:hearts", "marianna", "0:marianna:hearts"),
        ("0:marianna:hearts", "1:spades", "mariannino", "0:marianna:hearts 1:mariannino:spades"),
        ("", "1:coins", "mariannone", "1:mariannone:"),  # RULES.md §3: four kings + a queen
        ("", "0:hearts", "bogus", "0:marianna:hearts"),
    ],
)
def test_marianna_taps_append_in_order(before, tap, kind, after):
    assert forms_marianna.add_token(before, tap, kind) == after


def test_suit_labels_follow_the_deck():
    # RULES.md preamble: hearts = červené / czerwień / coppe; data stays "hearts"
    assert forms.suit_label("marias", "hearts") == "červené ♥"
    assert forms.suit_label("mariasz", "spades") == "wino ♠"
    assert forms.suit_label("marianna", "diamonds") == "denari ♦"
    assert forms.suit_choices("marias")[0][0] == "hearts"


@pytest.fixture
def csrf_client(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


def test_csrf_refuses_a_post_without_the_token(csrf_client):
    response = csrf_client.post(
        "/matches/new/marias/pub", data={"player_0": "A", "player_1": "B", "player_2": "C"}
    )
    assert response.status_code in (400, 422)
    assert "/m/" not in response.headers.get("Location", "")


def test_csrf_deal_form_without_token_stores_nothing(csrf_client):
    url = start(csrf_client)  # start() submits the page's own fields, token included
    page = csrf_client.get(url).text
    assert re.search(r'name="csrf_token" type="hidden" value="[^"]+"', page)
    refused = csrf_client.post(url, data=HRA_WON | {"csrf_token": "stale"})
    assert refused.status_code == 422 and "expired" in refused.text
    assert api_state(csrf_client, url)["deals"] == []
    again = form_data(refused.text, "deal-form")  # shown again: values kept, a fresh token
    assert again["declarer"] == "0" and again["trump"] == "hearts" and again["csrf_token"]
    assert csrf_client.post(url, data=again).status_code == 302
    # the first page's own token works too (after: that page had seen no deal, one is stored)
    accepted = csrf_client.post(url, data=form_data(page, "deal-form") | HRA_WON | {"after": "1"})
    assert accepted.status_code == 302
    assert len(api_state(csrf_client, url)["deals"]) == 2


def test_flek_names_come_from_the_rules_translated_for_the_steppers(app, client):
    with app.test_request_context("/?lang=de"):
        # the Czech level names, as German Mariáš players say them (docs/glossary-de.md)
        assert forms.flek_steps("marias")[:3] == ["", "flek ×2", "re ×4"]
        assert forms.flek_name("marias", 9) == "×512"
    with app.test_request_context():
        assert forms.flek_steps("marias")[1:] == [
            "flek ×2", "re ×4", "tutti ×8", "boty ×16", "kalhoty ×32"
        ]  # fmt: skip
        assert forms.flek_steps("mariasz") == [""]  # no flek in Mariasz
        assert forms.part_name("marias", "dve_sedmy") == "dvě sedmy"
    page = client.get(start(client, "marias", "pub")).text
    assert 'data-flek-names=\'["", "flek \\u00d72"' in page


def test_marianna_page_tells_deal_js_the_plain_declaration(client):
    page = client.get(start(client, "marianna", "marianna")).text
    assert 'id="decl-list" data-plain="marianna"' in page
