"""The match pages through the Flask test client: start, enter, fix, see."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

PLAYERS = {
    "marias": ["Jana", "Petr", "Ota"],
    "mariasz": ["Ania", "Bartek"],
    "mariage": ["Anke", "Bernd"],
    "marianna": ["Anna", "Bruno", "Carla", "Dario"],
}
HRA_WON = {"declarer": "0", "trump": "hearts", "game": "hra", "game_won": "1", "game_flek": "0"}


class FormFields(HTMLParser):
    """What a browser would submit from the page's POST form (no button pressed)."""

    def __init__(self, form_id: str | None = None):
        super().__init__()
        self.form_id, self.inside, self.data = form_id, False, {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("method") == "post" and self.form_id in (None, a.get("id"))
        elif self.inside and tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            self.data[a["name"]] = a.get("value", "on" if kind == "checkbox" else "")
        elif self.inside and tag == "select":
            self._select = a.get("name")
        elif self.inside and tag == "option" and self._select and "selected" in a:
            self.data[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None


def form_data(html: str, form_id: str | None = None) -> dict[str, str]:
    """The fields of the page's POST form as a browser would send them."""
    parser = FormFields(form_id)
    parser.feed(html)
    return parser.data


def start(client, game="marias", preset="default", players=None, **extra):
    """Create a match through the new-match form as a browser fills it; return its edit URL."""
    names = players or PLAYERS[game]
    data = form_data(client.get(f"/matches/new/{game}/{preset}").text)
    data |= {f"player_{i}": name for i, name in enumerate(names)} | extra
    response = client.post(f"/matches/new/{game}/{preset}", data=data)
    assert response.status_code == 302, response.text
    return response.headers["Location"].split("?")[0]


def api_state(client, edit_url):
    match_id = edit_url.split("/")[2]
    return client.get(f"/api/v1/matches/{match_id}").get_json()


def scores(html):
    return [int(v) for v in re.findall(r'data-score="\d+">(-?\d+)<', html)]


def test_home_and_new_pages(client):
    assert "New match" in client.get("/").text
    page = client.get("/matches/new").text
    for label in ("Mariáš", "Mariasz", "German Mariage", "Marianna", "Cinquecento", "Briscola"):
        assert label in page


@pytest.mark.parametrize(
    ("game", "preset", "option", "default"),
    [
        ("marias", "pub", "opt_betl", "5"),  # RULES.md §4 pub: betl 5
        ("marias", "csm", "opt_betl", "15"),  # RULES.md §4 csm: betl 15
        ("marias", "krizovy", "opt_durch", "20"),  # RULES.md §4 krizovy: durch 20
        ("mariasz", "default", "opt_target", "131"),  # RULES.md §1: first to 131
        ("marianna", "marianna", "opt_target", "501"),  # RULES.md §3: played to 501
    ],
)
def test_new_match_shows_option_defaults(client, game, preset, option, default):
    page = client.get(f"/matches/new/{game}/{preset}").text
    assert re.search(rf'name="{option}"[^>]*value="{default}"', page)


def test_new_match_remembers_names_on_this_device_only(app, client):
    start(client, "marias", "pub", stake="0.20", currency="CZK")
    page = client.get("/matches/new/marias/pub").text
    assert 'value="Jana"' in page and '<option value="Ota">' in page
    other_device = app.test_client()
    assert "Jana" not in other_device.get("/matches/new/marias/pub").text
    assert "Jana" in client.get("/").text  # recent matches on this device
    assert "Jana" not in other_device.get("/").text


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"player_1": "jana"}, "player_1", "same name"),  # two players cannot share a name
        # RULES.md §4: part values are units, never negative
        ({"opt_betl": "-1", "opts": "1"}, "opt_betl", "between"),
        ({"stake": "lots"}, "stake", "0.20"),  # RULES.md §4 money: a stake per unit
    ],
)
def test_new_match_errors_next_to_fields(client, data, field, words):
    base = {"player_0": "Jana", "player_1": "Petr", "player_2": "Ota"}
    response = client.post("/matches/new/marias/pub", data=base | data)
    assert response.status_code == 422
    assert re.search(
        rf'name="{field}".*?<p class="error" role="alert">[^<]*{words}', response.text, re.S
    )
    assert client.get("/").text.count("/m/") == 0  # nothing was created


def test_option_override_is_stored(client):
    url = start(client, "marias", "pub", opt_flek_max="3", stake="0.50", currency="CZK")
    state = api_state(client, url)
    assert state["options"]["flek_max"] == 3 and state["options"]["betl"] == 5
    assert state["stake"] in ("0.50", "0.5")


def test_enter_marias_deal_and_see_scores_and_money(client):
    url = start(client, "marias", "pub", stake="0.20", currency="CZK")
    response = client.post(url, data=HRA_WON | {"idem": "k1"})
    assert response.status_code == 302
    page = client.get(url).text
    # RULES.md §4: hearts double trump parts: hra 1 × 2 = 2 from each defender
    assert scores(page) == [4, -2, -2]
    assert "CZK\u00a00.80" in page and "-CZK\u00a00.40" in page  # Babel's English format
    assert "Save deal 2" in page


def test_double_submit_adds_one_deal(client):
    url = start(client)
    client.post(url, data=HRA_WON | {"idem": "same-key"})
    client.post(url, data=HRA_WON | {"idem": "same-key"})
    assert len(api_state(client, url)["deals"]) == 1


@pytest.mark.parametrize(
    ("data", "field_id", "words"),
    [
        # RULES.md §5: no declarer -> refused, message next to the declarer buttons
        ({"trump": "hearts", "game": "hra", "game_won": "1"}, "f-declarer", "declarer"),
        # RULES.md §5: sto won with fewer than 100 points
        (
            HRA_WON | {"game": "sto", "declarer_points": "60", "defender_points": "30"},
            "f-game_won",
            "100",
        ),
        # RULES.md §5: a seven part with betl
        (HRA_WON | {"trump": "betl", "seven": "sedma", "seven_won": "1"}, "f-seven", ""),
    ],
)
def test_bad_marias_deal_answered_next_to_field(client, data, field_id, words):
    url = start(client)
    response = client.post(url, data=data | {"idem": "x"})
    assert response.status_code == 422
    block = re.search(
        rf'id="{field_id}".*?</(fieldset|label)>\s*(<p class="error".*?</p>)?', response.text, re.S
    )
    assert block and 'class="error"' in response.text
    assert words.lower() in response.text.lower()
    assert api_state(client, url)["deals"] == []
    # the entered values stay in the form
    assert (
        re.search(r'value="hearts"[^>]*checked|checked[^>]*value="hearts"', response.text)
        or data["trump"] != "hearts"
    )


def test_mariasz_points_error_maps_to_points_field(client):
    url = start(client, "mariasz")
    response = client.post(url, data={"trump": "hearts", "points_0": "100", "points_1": "100"})
    assert response.status_code == 422  # RULES.md §1: a played-out deal holds 138
    assert re.search(r'id="f-points_0".*?class="error"', response.text, re.S)
    assert 'value="100"' in response.text
    assert api_state(client, url)["deals"] == []


def test_mariasz_game_in_progress_is_shown(client):
    url = start(client, "mariasz")
    client.post(url, data={"trump": "hearts", "points_0": "80", "points_1": "58"})
    page = client.get(url).text
    # RULES.md §1: nobody reached 131 in the first deal: the game goes on
    assert "toward 131" in page and "<b>80</b>" in page


def test_marianna_declarations_without_javascript(client):
    url = start(client, "marianna", "marianna")
    page = client.post(url, data={"points_0": "70", "declarations": "", "add": "1:hearts"})
    assert page.status_code == 200 and "1:marianna:hearts" in page.text
    page = client.post(
        url,
        data={
            "points_0": "70",
            "declarations": "1:marianna:hearts",
            "kind": "mariannino",
            "add": "1:spades",
        },
    )
    assert "1:mariannino:spades" in page.text
    assert api_state(client, url)["deals"] == []  # nothing stored while tapping
    both = "1:marianna:hearts 1:mariannino:spades"
    client.post(url, data={"points_0": "70", "declarations": both})
    state = api_state(client, url)
    # RULES.md §3: first marianna 40; mariannino 250 (v2.1: after its own team's marianna)
    assert state["scores"] == [70, 340]
    assert state["deals"][0]["record"]["declarations"][1]["kind"] == "mariannino"


def test_edit_deal_recomputes_and_conflict_is_clear(client):
    url = start(client)
    client.post(url, data=HRA_WON | {"idem": "a"})
    client.post(url, data=HRA_WON | {"declarer": "1", "trump": "clubs", "idem": "b"})
    edit = client.get(url + "/deals/1")
    filled = form_data(edit.text, "deal-form")
    assert filled["trump"] == "hearts" and filled["declarer"] == "0"  # pre-filled
    v = filled["version"]
    ok = client.post(url + "/deals/1", data=HRA_WON | {"trump": "spades", "version": v})
    assert ok.status_code == 302
    # RULES.md §4: deal 1 is now a plain hra (1 each), deal 2 Petr's hra in clubs (1 each)
    assert api_state(client, url)["scores"] == [1, 1, -2]
    stale = client.post(url + "/deals/1", data=HRA_WON | {"trump": "clubs", "version": v})
    assert stale.status_code == 409 and "Another phone changed deal 1" in stale.text
    assert api_state(client, url)["deals"][0]["record"]["trump"] == "spades"


def test_delete_undo_history(app):
    app.config["WTF_CSRF_ENABLED"] = True  # the confirm pages carry their own token
    client = app.test_client()
    url = start(client)
    for _ in range(3):
        client.post(url, data=form_data(client.get(url).text, "deal-form") | HRA_WON)
    confirm = client.get(url + "/deals/2/delete").text
    assert "Delete deal 2?" in confirm
    client.post(url + "/deals/2/delete", data=form_data(confirm))
    assert len(api_state(client, url)["deals"]) == 2
    confirm = client.get(url + "/undo").text
    assert "Undo deal 2?" in confirm
    client.post(url + "/undo", data=form_data(confirm))
    assert len(api_state(client, url)["deals"]) == 1
    history = client.get(url + "/history").text
    for words in ("match started", "deal added", "deal deleted", "last deal undone"):
        assert words in history


def test_spectator_page_is_read_only_and_token_guards_edits(client):
    url = start(client)
    client.post(url, data=HRA_WON)
    match_id = url.split("/")[2]
    page = client.get(f"/m/{match_id}").text
    assert "Jana" in page and 'id="deal-form"' not in page and "/deals/1" not in page
    assert client.get(f"/m/{match_id}/wrong-token").status_code == 404
    assert client.post(f"/m/{match_id}/wrong-token", data=HRA_WON).status_code == 404
    assert client.get("/m/nope").status_code == 404


def test_share_link_and_qr_code(client):
    url = start(client)
    page = client.get(url + "?new=1").text
    assert "<svg" in page and 'class="segno"' in page
    assert f'value="http://localhost{url}"' in page


def test_finished_match_rematch_and_reopen(client):
    url = start(client, "mariage", opt_match_target="1")
    client.post(url, data={"trump": "hearts", "points_0": "100"})
    page = client.get(url).text
    assert "Winner: " in page and 'id="deal-form"' not in page  # RULES.md §2
    again = client.post(url, data={"trump": "hearts", "points_0": "100"})
    assert again.status_code == 422 and "match is over" in again.text  # a stale form: refused
    assert len(api_state(client, url)["deals"]) == 1
    client.post(
        url + "/deals/1",
        data={"trump": "hearts", "points_0": "69", "points_1": "69", "version": "1"},
    )
    assert not api_state(client, url)["finished"]  # a tie: reopened by editing
    rematch = client.post(url + "/rematch")
    new_url = rematch.headers["Location"].split("?")[0]
    assert new_url != url and api_state(client, new_url)["players"] == PLAYERS["mariage"]


def test_chart_is_inline_svg(client):
    url = start(client)
    client.post(url, data=HRA_WON)
    assert '<svg class="chart"' in client.get(url).text


@pytest.mark.parametrize("deals", [0, 40])
def test_deal_entry_page_weighs_under_60_kb(client, deals):
    # the deal entry page under 60 KB transferred, CSS and JS included, no CDN
    url = start(client, "marias", "pub", stake="0.20", currency="CZK")
    for i in range(deals):
        client.post(url, data=HRA_WON | {"declarer": str(i % 3), "idem": f"k{i}"})
    # transferred: what a phone's browser receives, compressed as it asks
    gzip = {
        "Accept-Encoding": "gzip, deflate"
    }  # what Chromium asks for over plain HTTP (a pub LAN)
    page = client.get(url, headers=gzip)
    html = client.get(url).data
    # each asset once, as a browser fetches it (a suit picture shows on many deal lines)
    assets = sorted(set(re.findall(rb'(?:href|src)="(/static/[^"]+)"', html)))
    names = sorted(a.rsplit(b"/", 1)[1] for a in assets)
    # the icon, the manifest and app.js (service worker, wake lock), queue.js (saving);
    # the four pictures of the deck the table holds (Mariáš: German suits)
    suits = [b"german-acorns.svg", b"german-bells.svg", b"german-hearts.svg", b"german-leaves.svg"]
    assert names == sorted(
        [b"app.css", b"app.js", b"deal.js", b"icon-192.png", b"manifest.webmanifest"]
        + [b"queue.js", b"refresh.js"]  # saving; the other phone's deals, the offline copy
        + suits
    )
    total = len(page.data) + sum(len(client.get(a.decode(), headers=gzip).data) for a in assets)
    assert total < 60_000, total
    assert not re.search(rb'(?:src|href)="(?:https?:)?//', html)  # nothing loaded from elsewhere
    if deals:  # every deal is one tap away
        assert f'id="deal-{deals - 14}"'.encode() in html and b'id="deal-1"' not in html
        assert b'id="deal-1"' in client.get(url + "?all=1").data


def test_mariasz_first_to_target_asked_when_both_reach_it(client):
    url = start(client, "mariasz")
    client.post(url, data={"trump": "hearts", "points_0": "100"})
    both = {"trump": "clubs", "points_0": "40", "m_1_clubs": "y"}
    response = client.post(url, data=both)
    # RULES.md §1: both at 131 after the second deal -> the record must say who was first
    assert response.status_code == 422
    assert re.search(
        r'<details class="more" open>.*?id="f-first_to_target".*?class="error"', response.text, re.S
    )
    assert client.post(url, data=both | {"first_to_target": "1"}).status_code == 302
    assert api_state(client, url)["scores"][1] >= 1  # Bartek won the game


def test_overlong_idempotency_key_is_refused_not_crashed(client):
    url = start(client)
    response = client.post(url, data=HRA_WON | {"idem": "k" * 500})
    assert response.status_code == 422 and "reload the page" in response.text
    assert api_state(client, url)["deals"] == []


# --- QA findings: what the pages say -------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "preset"),
    [
        ("marias", "pub"),
        ("marias", "csm"),
        ("mariasz", "default"),
        ("mariage", "default"),
        ("marianna", "marianna"),
        ("marianna", "briscola151"),
    ],
)
def test_no_attribute_reads_none(client, game, preset):
    """An option or stepper without a value leaves the attribute out (it printed max="None")."""
    assert '="None"' not in client.get(f"/matches/new/{game}/{preset}").text
    names = PLAYERS[game][:2] if preset == "briscola151" else PLAYERS[game]
    url = start(client, game, preset, players=names)
    assert '="None"' not in client.get(url).text


def test_errors_name_the_players_not_seats(client):
    """Four at a Mariáš table: the dealer sits out, and the error says who, by name."""
    url = start(client, "marias", "pub", players=["Jana", "Petr", "Ota", "Eva"])
    data = form_data(client.get(url).text, "deal-form")
    dealer = int(data["dealer"])
    response = client.post(url, data=data | HRA_WON | {"declarer": str(dealer), "idem": "x"})
    assert response.status_code == 422
    name = ["Jana", "Petr", "Ota", "Eva"][dealer]
    assert f"{name} deals and sits" in response.text
    assert re.search(r"\bPlayer \d\b", response.text) is None
    assert not api_state(client, url)["deals"]


@pytest.mark.parametrize(
    ("preset", "title"), [("cinquecento", "Cinquecento"), ("briscola151", "Briscola 151")]
)
def test_named_presets_title_the_match(client, preset, title):
    names = PLAYERS["marianna"][:2] if preset == "briscola151" else PLAYERS["marianna"]
    url = start(client, "marianna", preset, players=names)
    assert api_state(client, url)["title"].startswith(f"{title}: ")
    assert "Italian Marianna" not in client.get(url).text


def pictures(html: str) -> str:
    """The page with each suit picture (web/suits.py) written as [its file's name]."""
    return re.sub(r'<img class="suit" src="[^"]*/([\w-]+)\.svg"[^>]*>', r"[\1]", html)


def test_briscola_deal_line_names_the_trump(client):
    url = start(client, "marianna", "briscola151", players=["Anna", "Bruno"])
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "hearts", "points_0": "70", "points_1": "50", "idem": "t"}
    assert client.post(url, data=data).status_code == 302
    page = pictures(client.get(url).text)  # Marianna's Italian deck, drawn
    assert re.search(r"coppe \[italian-cups\][^<]*· 70 : 50", page), page[
        page.find("70 : 50") - 200 :
    ][:400]


def test_errors_name_suits_as_the_deck_does(client):
    """Both players meld the hearts marriage: refused, in the Polish deck's words, by name."""
    url = start(client, "mariasz")
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "hearts", "points_0": "80", "m_0_hearts": "y", "m_1_hearts": "y", "idem": "m"}
    response = client.post(url, data=data)
    assert response.status_code == 422
    text = pictures(response.text)
    assert "The king of czerwień [german-hearts] is already in a marriage of Ania" in text
    assert not api_state(client, url)["deals"]


def test_no_declarer_error_names_the_choices(client):
    url = start(client, "marias", "pub")
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "hearts", "game": "hra", "game_won": "1", "idem": "d"}
    data.pop("declarer", None)
    response = client.post(url, data=data)
    assert response.status_code == 422
    assert "Choose the declarer: Jana, Petr or Ota" in response.text


def test_explanations_name_the_suits_as_the_deck_does(client):
    # RULES.md preamble: the UI shows the deck the players know (Polish: czerwień)
    url = start(client, "mariasz")
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "hearts", "points_0": "80", "m_0_hearts": "y", "idem": "e"}
    assert client.post(url, data=data).status_code == 302
    page = pictures(client.get(url).text)
    why = re.search(r'<div class="why">([^<]*)</div>', page)[1]
    assert "czerwień [german-hearts]" in why, why
    assert "hearts" not in why.replace("[german-hearts]", ""), why


def test_briscola_offers_only_its_own_options(client):
    # RULES.md §3b: in Briscola 151 only matrimoni are declared; target and claim remain
    page = client.get("/matches/new/marianna/briscola151").text
    assert 'name="opt_target"' in page and 'name="opt_claim"' in page
    for name in ("mariannone", "mariannino", "covered_marianna", "first_sets_trump", "values"):
        assert f'name="opt_{name}"' not in page
    url = start(client, "marianna", "briscola151", players=["Anna", "Bruno"], opt_target="200")
    options = api_state(client, url)["options"]
    assert options["target"] == 200 and options["mariannone"] is False


def test_share_links_use_the_public_url(app, client):
    # opened on the laptop as 127.0.0.1, the QR code must still open on the table's phones
    url = start(client)
    app.config["PUBLIC_URL"] = "http://192.0.2.7:5000/"
    page = client.get(url + "?new=1").text
    assert f'value="http://192.0.2.7:5000{url}"' in page
    assert "http://localhost/m/" not in page


def test_two_phones_adding_a_deal_at_once(client):
    """Both phones show deal 1 empty; the second save is held back until the table checks it."""
    url = start(client)
    phone_a = form_data(client.get(url).text, "deal-form")
    phone_b = form_data(client.get(url).text, "deal-form")
    assert phone_a["after"] == phone_b["after"] == "0"
    assert client.post(url, data=phone_a | HRA_WON).status_code == 302
    held = client.post(url, data=phone_b | HRA_WON)
    assert held.status_code == 422 and "Another phone added 1 deal" in held.text
    assert len(api_state(client, url)["deals"]) == 1  # nothing stored twice
    again = form_data(held.text, "deal-form")
    assert again["after"] == "1" and again["idem"] == phone_b["idem"]
    assert client.post(url, data=again | HRA_WON).status_code == 302  # a different deal: kept
    assert len(api_state(client, url)["deals"]) == 2
    # a repeat of a stored save (a phone retrying on poor Wi-Fi) is not "another phone"
    assert client.post(url, data=phone_a | HRA_WON).status_code == 302
    assert len(api_state(client, url)["deals"]) == 2


def test_a_spectator_sees_the_match_under_recent_without_its_edit_link(app, client):
    url = start(client)
    match_id, token = url.split("/")[2], url.split("/")[3]
    spectator = app.test_client()
    assert "None yet" in spectator.get("/").text
    spectator.get(f"/m/{match_id}")
    home = spectator.get("/").text
    assert f'href="/m/{match_id}"' in home and token not in home


def test_four_at_the_table_no_declarer_lists_the_three_who_play(client):
    url = start(client, "marias", "pub", players=["Jana", "Petr", "Ota", "Eva"])
    data = form_data(client.get(url).text, "deal-form")
    assert data["dealer"] == "0"
    data |= {"trump": "hearts", "game": "hra", "game_won": "1", "idem": "4p"}
    data.pop("declarer", None)
    response = client.post(url, data=data)
    assert "Choose the declarer: Petr, Ota or Eva" in response.text
