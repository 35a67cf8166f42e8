"""Hostile form posts (docs/architecture.md "Bad input"): each answered beside the field or with
the conflict page, never a 500 and never half a deal. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.web.test_match_pages import HRA_WON, api_state, form_data, start

NINES = "9" * 400


def _organiser(client):
    answer = client.post("/auth/register", data={"username": "anna", "password": "secret123"})
    assert answer.status_code == 302


@pytest.mark.parametrize("value", ["²", "½", "٣٣", NINES, "1e308", "-" + NINES])
def test_an_odd_number_in_a_new_match_option_is_answered_beside_it(client, value):
    data = form_data(client.get("/matches/new/marias/pub").text)
    data |= {"player_0": "A", "player_1": "B", "player_2": "C", "opt_flek_max": value}
    answer = client.post("/matches/new/marias/pub", data=data)
    assert answer.status_code in (302, 422), answer.text[:300]
    if value in ("²", "½", NINES):
        assert answer.status_code == 422


@pytest.mark.parametrize("url_end", ["", "/save"])
@pytest.mark.parametrize("value", [NINES, "1" * 19, "²"])
def test_a_huge_or_odd_number_of_points_is_a_422(client, url_end, value):
    url = start(client, "mariage")
    data = form_data(client.get(url).text, "deal-form") | {"trump": "hearts", "points_1": value}
    answer = client.post(url + url_end, data=data)
    assert answer.status_code == 422, answer.text[:300]
    assert api_state(client, url)["deals"] == []


@pytest.mark.parametrize("field", ["game_flek", "declarer_points"])
def test_a_huge_flek_or_point_count_is_a_422(client, field):
    url = start(client)
    data = form_data(client.get(url).text, "deal-form") | HRA_WON | {field: NINES}
    answer = client.post(url, data=data)
    assert answer.status_code == 422
    assert "too large" in answer.text
    assert api_state(client, url)["deals"] == []


@pytest.mark.parametrize("n", [2, 99, 10**30])
def test_an_edit_of_a_deal_past_the_list_is_a_409_not_a_500(client, n):
    url = start(client)
    assert client.post(url, data=form_data(client.get(url).text, "deal-form") | HRA_WON).status_code
    assert client.post(f"{url}/deals/{n}").status_code in (404, 409)
    assert client.post(f"{url}/deals/{n}", data=HRA_WON | {"version": "1"}).status_code in (
        404,
        409,
    )
    assert client.post(f"{url}/deals/{n}/delete", data={"version": "1"}).status_code in (404, 409)


@pytest.mark.parametrize("version", ["0", "²", "9" * 30, "١"])
def test_a_stale_or_odd_version_on_an_edit_changes_nothing(client, version):
    url = start(client)
    client.post(url, data=form_data(client.get(url).text, "deal-form") | HRA_WON)
    client.post(url, data=form_data(client.get(url).text, "deal-form") | HRA_WON)
    before = api_state(client, url)
    edit = form_data(client.get(f"{url}/deals/1").text) | {"version": version, "trump": "clubs"}
    answer = client.post(f"{url}/deals/1", data=edit)
    assert answer.status_code in (409, 422), answer.text[:300]
    answer = client.post(f"{url}/deals/1/delete", data={"version": version})
    assert answer.status_code in (302, 409, 422)
    assert api_state(client, url)["deals"] == before["deals"]


@pytest.mark.parametrize("field", ["rounds", "length"])
def test_a_huge_number_on_the_new_tournament_form_is_a_422(client, field):
    _organiser(client)
    data = {
        "name": "T",
        "game": "marias:pub",
        "rounds": "2",
        "timing": "minutes",
        "length": "60",
        "ranking": "balance",
        "draw_method": "random",
        "players": "A\nB\nC",
        field: NINES,
    }
    answer = client.post("/tournaments/new", data=data)
    assert answer.status_code in (200, 422), answer.text[:300]
    assert "too large" in answer.text


@pytest.mark.parametrize("field", ["top", "best_n"])
def test_a_huge_number_on_the_new_season_form_is_answered(client, field):
    _organiser(client)
    answer = client.post("/tournaments/seasons", data={"name": "Liga", field: NINES})
    assert answer.status_code in (200, 422), answer.text[:300]
    assert "too large" in answer.text


@pytest.fixture
def csrf_client(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


def test_finishing_a_session_needs_the_forms_csrf_token(csrf_client):
    url = start(csrf_client)
    page = csrf_client.get(url).text
    csrf_client.post(url, data=form_data(page, "deal-form") | HRA_WON)
    stranger = csrf_client.application.test_client()  # no cookie, no token: another site
    answer = stranger.post(f"{url}/finish")
    assert answer.status_code in (302, 400)
    answer = csrf_client.post(f"{url}/finish", data={"csrf_token": "forged"})
    assert answer.status_code in (302, 400)
    assert api_state(csrf_client, url)["finished"] is False
    token = form_data(csrf_client.get(url).text, "deal-form")["csrf_token"]
    answer = csrf_client.post(f"{url}/finish", data={"csrf_token": token})
    assert answer.status_code == 302
    assert api_state(csrf_client, url)["finished"] is True
