"""Security probes, each answered with a 4xx and a reason instead of a 500."""

from __future__ import annotations

import pytest

from scorekeeper.db import get_session
from scorekeeper.services import tournaments as ts

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Marek"]
BASE = '{"name": "T", "game": "marias", "players": ["A", "B", "C"]'


@pytest.fixture
def csrf_client(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app.test_client()


@pytest.mark.parametrize(
    "url",
    ["/m/nope/nope", "/m/nope/nope/undo", "/m/nope/nope/deals/1", "/m/nope/nope/deals/1/delete"],
)
def test_a_post_failing_csrf_to_an_unknown_match_is_a_404(csrf_client, url):
    answer = csrf_client.post(url, data={"declarer": "0"})
    assert answer.status_code == 404


def test_a_post_failing_csrf_for_an_unknown_game_is_a_4xx(csrf_client):
    answer = csrf_client.post("/matches/new/nogame/pub", data={"players": "A"})
    assert 400 <= answer.status_code < 500


@pytest.mark.parametrize(
    "extra",
    [
        '"preset": []',
        '"preset": {}',
        '"rounds": Infinity',
        '"rounds": 1e999',
        '"seed": NaN',
        '"round_minutes": -Infinity',
        '"deals_per_round": NaN',
    ],
)
def test_tournament_api_refuses_odd_json_values_with_a_reason(client, extra):
    answer = client.post(
        "/api/v1/tournaments", data=BASE + ", " + extra + "}", content_type="application/json"
    )
    assert answer.status_code == 422, answer.text
    (error,) = answer.json["errors"]
    assert error["message"]


@pytest.mark.parametrize("body", ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000])
def test_deeply_nested_json_is_refused(client, body):
    for url in ("/api/v1/tournaments", "/api/v1/matches"):
        answer = client.post(url, data=body, content_type="application/json")
        assert answer.status_code == 422
        assert "nested too deeply" in answer.json["errors"][0]["message"]


def test_a_non_ascii_token_opens_nothing(app, client):
    with app.app_context():
        t = ts.create_tournament(session=get_session(), name="T", game="marias", players=SEVEN)
        tid = t.id
    headers = {"Authorization": "Bearer é"}
    assert client.post(f"/api/v1/tournaments/{tid}/rounds", headers=headers).status_code == 403
    assert "token" not in client.get(f"/api/v1/tournaments/{tid}", headers=headers).text
    assert (
        client.post(
            f"/api/v1/tournaments/{tid}/rounds", headers={"Authorization": f"Bearer {t.token}"}
        ).status_code
        == 201
    )
    for url in (
        f"/tournaments/{tid}/table/1/1/é",
        f"/tournaments/{tid}/o/é",
        f"/tournaments/{tid}/print/tickets?token=é",
    ):
        answer = client.get(url)
        assert answer.status_code in (302, 403, 404), url  # 302: to the login page


def test_nul_characters_never_reach_the_database(client):
    assert client.get("/api/v1/tournaments/%00").status_code == 404
    assert client.get("/m/%00/x").status_code == 404
    answer = client.post("/api/v1/matches", json={"game": "marias", "players": ["A\x00", "B", "C"]})
    assert answer.status_code == 422 and "NUL" in answer.json["errors"][0]["message"]
    assert answer.json["errors"][0]["field"] == "players.0"
    answer = client.post("/matches/new/marias/pub", data={"player_0": "A\x00"})
    assert answer.status_code == 400 and b"NUL" in answer.data
    assert client.get("/sheets/marias?players=A%00B").status_code == 400


@pytest.mark.parametrize("stake", ["0." + "1" * 40, "1" * 40])
def test_a_stake_longer_than_its_column_is_a_422(client, stake):
    # PostgreSQL refuses text longer than the column; it must never get that far
    players = ["A", "B", "C"]
    match = client.post(
        "/api/v1/matches", json={"game": "marias", "players": players, "stake": stake}
    )
    assert match.status_code == 422 and match.json["errors"][0]["field"] == "stake"
    tournament = client.post(
        "/api/v1/tournaments",
        json={"name": "T", "game": "marias", "players": SEVEN, "stake": stake},
    )
    assert tournament.status_code == 422 and tournament.json["errors"][0]["field"] == "stake"


def test_venue_and_currency_longer_than_their_columns_are_kept_or_refused(client):
    for field, value in (("venue", "x" * 300), ("currency", "X" * 50), ("date", "2" * 40)):
        answer = client.post(
            "/api/v1/tournaments",
            json={"name": "T", "game": "marias", "players": SEVEN, field: value},
        )
        assert answer.status_code in (201, 422), (field, answer.text)


def test_a_stale_rematch_form_never_redirects_to_the_referer(csrf_client):
    answer = csrf_client.post(
        "/m/some/token/rematch", headers={"Referer": "https://evil.example/"}, data={}
    )
    assert answer.status_code == 302 and "evil" not in answer.location
