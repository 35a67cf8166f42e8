"""The rules' messages on the pages and in the API, in the player's language: a Czech refusal
beside its field and in a JSON 422 with its code and params, a Czech deal explanation naming the
players, and a deal state's ``messages`` (code and params per explanation line)."""

from __future__ import annotations

import re

from tests.web.test_api_matches import auth
from tests.web.test_match_pages import api_state, form_data, start

FOUR = ["Jana", "Petr", "Ota", "Eva"]


def _error_beside(html: str, field_id: str) -> str:
    """The error paragraph inside the fieldset (or label) of ``field_id``."""
    at = html.index(f'name="{field_id}"')
    found = re.compile(r'<p class="error" role="alert">([^<]*)</p>').search(html, at)
    assert found, html[at : at + 2000]
    return found[1]


def test_a_czech_refusal_beside_the_field(client):
    client.set_cookie("lang", "cs")
    url = start(client, "marias", "pub", players=FOUR)
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "hearts", "game": "hra", "game_won": "1", "idem": "cs-1"}
    data.pop("declarer", None)
    response = client.post(url, data=data)
    assert response.status_code == 422
    assert _error_beside(response.text, "declarer") == "Vyberte aktéra: Petr, Ota nebo Eva"
    assert "Choose the declarer" not in response.text


def test_a_czech_refusal_in_json_with_its_code(client):
    setup = {"game": "marias", "preset": "pub", "players": FOUR, "stake": "0.20"}
    state = client.post("/api/v1/matches", json=setup).get_json()
    record = {"declarer": 0, "dealer": 0, "trump": "hearts", "parts": [{"kind": "hra"}]}
    answer = client.post(
        f"/api/v1/matches/{state['id']}/deals",
        json=record,
        headers={**auth(state), "Accept-Language": "cs"},
    )
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    error = next(e for e in errors if e["field"] == "declarer")
    assert error == {
        "field": "declarer",
        "message": "Hráč 1 rozdává a toto rozdání nehraje; vyberte jednoho z ostatních tří",
        "code": "marias.dealer_declares",
        "params": {"sitter": 0},
    }
    english = client.post(
        f"/api/v1/matches/{state['id']}/deals?lang=en", json=record, headers=auth(state)
    ).get_json()["errors"]
    assert next(e for e in english if e["field"] == "declarer")["message"] == (
        "Player 1 deals and sits this deal out; choose one of the other three"
    )


def test_a_czech_explanation_names_the_players_and_the_deck(client):
    client.set_cookie("lang", "cs")
    url = start(client, "marias", "pub", players=FOUR)
    data = form_data(client.get(url).text, "deal-form")
    assert data["dealer"] == "0"
    data |= {"declarer": "1", "trump": "hearts", "game": "hra", "game_won": "1", "idem": "cs-2"}
    data["game_flek"] = "1"
    assert client.post(url, data=data).status_code == 302
    page = client.get(url).text
    assert "rozdává Jana a toto rozdání nehraje" in page
    assert "hra (výhra): 1 × flek 2 × červené 2 = 4 od každého obránce" in page
    state = api_state(client, url)
    deal = state["deals"][0]
    assert deal["explanation"][0] == "player 1 dealt and sat out"  # the API keeps English text
    assert deal["messages"][0] == {"code": "marias.sat_out", "params": {"sitter": 0}}
    assert deal["messages"][1]["code"] == "marias.from_each"
    assert len(deal["messages"]) == len(deal["explanation"])


def test_a_polish_explanation_of_a_mariasz_deal(client):
    client.set_cookie("lang", "pl")
    url = start(client, "mariasz")
    data = form_data(client.get(url).text, "deal-form")
    data |= {"trump": "hearts", "points_0": "100", "m_0_hearts": "y", "idem": "pl-1"}
    assert client.post(url, data=data).status_code == 302
    page = client.get(url).text
    why = " ".join(re.findall(r'<div class="why">(.*?)</div>', page))
    why = re.sub(r'<img [^>]*alt="([^"]*)"[^>]*>', r"[\1]", why)  # the deck's suit pictures
    assert "meldunek atutowy (czerwień []) 40" in why, why  # the suit's name read once
    assert "dubla" in why and "card points" not in why


def test_the_printed_match_record_explains_in_the_readers_language(client):
    url = start(client, "marias", "pub", players=FOUR)
    data = form_data(client.get(url).text, "deal-form")
    data |= {"declarer": "1", "trump": "hearts", "game": "hra", "game_won": "1", "idem": "pr-1"}
    assert client.post(url, data=data).status_code == 302
    match_id = url.split("/")[2]
    sheet = client.get(f"/m/{match_id}/record?lang=de").text
    assert "Jana gibt und setzt aus" in sheet
    assert "hra gewonnen: 1 × Herz 2 = 2 von jedem Gegenspieler" in sheet
    assert "dealt and sat out" not in sheet
