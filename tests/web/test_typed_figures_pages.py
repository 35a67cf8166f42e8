"""Typed figures on the organiser's "Type figures" page and through the API (docs/rules.md §6,
docs/api.md): refused beside the field, or a confirm step for figures no usual table gives."""

from __future__ import annotations

import html

from tests.web.test_tournament_pages import SEVEN, _create, _login, _state  # noqa: F401


def _text(response) -> str:
    return " ".join(html.unescape(response.get_data(as_text=True)).replace("\u00a0", " ").split())


def test_the_sheet_page_asks_to_confirm_figures_no_table_of_three_gives(app, client):
    _login(client)
    tid = _create(client, players="\n".join(SEVEN[:6]))
    client.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    table = _state(app, tid)["rounds"][0]["tables"][0]
    first, second = table["players"][0], table["players"][1]
    url = f"/tournaments/{tid}/rounds/1/tables/1/sheet?lang=cs"
    typed = {"scores-0": "10", "scores-1": "-4", "scores-2": "-6", "confirm": "1"}
    page = client.post(url, data=typed)
    text = _text(page)
    assert page.status_code == 200
    # RULES.md §6: the warning names the two players in the page's language, keeps the figures
    assert "Tato čísla nemohou vzejít z běžného stolu." in text
    assert f"{first} (10) a {second} (-4) ne" in text
    assert 'value="10"' in page.get_data(as_text=True)
    assert 'name="confirm_figures"' in page.get_data(as_text=True)
    assert _state(app, tid)["rounds"][0]["tables"][0]["source"] != "sheet"
    # corrected, it is saved at once; the unusual figures again, confirmed, are stored
    saved = client.post(url, data={**typed, "scores-1": "-5", "scores-2": "-5"})
    assert saved.status_code == 302
    assert _state(app, tid)["rounds"][0]["tables"][0]["scores"] == [10, -5, -5]
    stored = client.post(url, data={**typed, "confirm_figures": "1"})
    assert stored.status_code == 302
    assert _state(app, tid)["rounds"][0]["tables"][0]["scores"] == [10, -4, -6]


def test_the_sheet_page_refuses_negative_points_beside_the_field(app, client):
    _login(client)
    tid = _create(client, game="mariage:standard", players="Hans\nGrete\nOtto\nAnna")
    client.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    url = f"/tournaments/{tid}/rounds/1/tables/1/sheet?lang=de"
    page = client.post(url, data={"scores-0": "7", "scores-1": "-1", "confirm": "1"})
    text = _text(page)
    assert page.status_code == 200
    assert "-1 kann nicht aus dem Spiel kommen: Punkte sind nie unter 0" in text
    assert 'class="field num bad"' in page.get_data(as_text=True)


def test_the_api_answers_422_with_a_code_unless_confirm_figures(client):
    made = client.post(
        "/api/v1/tournaments",
        json={"name": "Pub", "game": "marias", "players": SEVEN[:6], "rounds": 1, "seed": 3},
    ).get_json()
    base = f"/api/v1/tournaments/{made['id']}"
    auth = {"Authorization": f"Bearer {made['token']}"}
    client.post(f"{base}/rounds", headers=auth)
    url = f"{base}/rounds/1/tables/1/result"
    refused = client.put(url, json={"scores": [10, -4, -6]}, headers=auth)
    assert refused.status_code == 422
    error = refused.get_json()["errors"][0]
    assert (error["field"], error["code"]) == ("scores", "marias.figures_thirds")
    assert error["params"] == {"player": 0, "other": 1, "a": 10, "b": -4}
    bad = client.put(url, json={"scores": [10, -4, -6], "confirm_figures": "yes"}, headers=auth)
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["field"] == "confirm_figures"
    stored = client.put(url, json={"scores": [10, -4, -6], "confirm_figures": True}, headers=auth)
    assert stored.status_code == 200 and stored.get_json()["scores"] == [10, -4, -6]
    # a team game: negative points are a 422 naming the seat, confirmed or not
    made = client.post(
        "/api/v1/tournaments",
        json={"name": "Coppa", "game": "marianna", "players": ["Jana & Ota", "Eva & Petr"],
              "rounds": 1, "seed": 3},
    ).get_json()  # fmt: skip
    base = f"/api/v1/tournaments/{made['id']}"
    auth = {"Authorization": f"Bearer {made['token']}"}
    assert client.post(f"{base}/rounds", headers=auth).status_code == 201
    answer = client.put(
        f"{base}/rounds/1/tables/1/result",
        json={"scores": [600, -5], "confirm_figures": True},
        headers=auth,
    )
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["field"] == "scores.1"
    assert answer.get_json()["errors"][0]["code"] == "figure_negative"
