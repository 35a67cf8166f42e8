"""Hostile requests to the JSON API (docs/api.md "Errors"): each is answered with a 4xx naming
the field, or a 503 with ``"retry": true`` when the database cannot store now; never a 500.

Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy.exc import OperationalError

from scorekeeper.services import match_write
from scorekeeper.services import tournaments as tournament_service
from tests.web.test_api_matches import SAMPLES, auth, post, start

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Marek"]
SURROGATE = '"\\ud800"'  # JSON text of a lone surrogate: not Unicode text


def raw(client, method, url, body, content_type="application/json", **headers):
    return client.open(
        url, method=method, data=body, headers={"Content-Type": content_type, **headers}
    )


def assert_field(answer, status, field):
    assert answer.status_code == status, answer.text
    assert answer.is_json and answer.json["errors"][0]["field"] == field, answer.text
    assert answer.json["errors"][0]["message"]


@pytest.mark.parametrize("content_type", ["application/json", "text/plain"])
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"game": ' + SURROGATE + ', "players": ["a", "b"]}', "game"),
        ('{"game": "marias", "players": ["a", ' + SURROGATE + ', "c"]}', "players.1"),
        ('{"game": "marias", "players": ["a", "b", "c"], "title": "x\\uDC00y"}', "title"),
        ('{"game": "marias", "players": ["a", "b", "c"], ' + SURROGATE + ": 1}", "\ufffd"),
    ],
)
def test_a_lone_surrogate_in_a_new_match_is_a_422_naming_the_field(
    client, body, field, content_type
):
    answer = raw(client, "POST", "/api/v1/matches", body, content_type)
    assert answer.status_code == 422, answer.text
    assert answer.json["errors"][0]["field"] == field
    assert "surrogate" in answer.json["errors"][0]["message"]


@pytest.mark.parametrize("method", ["POST", "PUT"])
def test_a_lone_surrogate_in_a_deal_is_a_422_and_nothing_is_stored(client, method):
    state = start(client, "mariage")
    assert post(client, state, SAMPLES["mariage"][1]).status_code == 201
    body = '{"trump": ' + SURROGATE + ', "points": [95, null], "marriages": [[], []]}'
    url = f"/api/v1/matches/{state['id']}/deals" + ("/1" if method == "PUT" else "")
    for content_type in ("application/json", "text/plain"):
        answer = raw(client, method, url, body, content_type, **auth(state))
        assert_field(answer, 422, "trump")
    assert len(client.get(f"/api/v1/matches/{state['id']}").json["deals"]) == 1


@pytest.mark.parametrize("field", ["name", "venue", "date", "currency"])
def test_a_lone_surrogate_in_a_tournament_is_a_422(client, field):
    fields = {"name": '"T"', "game": '"marias"', "players": '["A", "B", "C"]', field: SURROGATE}
    body = "{" + ", ".join(f'"{key}": {value}' for key, value in fields.items()) + "}"
    assert_field(raw(client, "POST", "/api/v1/tournaments", body), 422, field)


def test_a_lone_surrogate_in_a_season_name_or_a_player_is_a_422(client):
    answer = raw(client, "POST", "/api/v1/seasons", '{"name": "\\udfff"}')
    assert_field(answer, 422, "name")
    answer = raw(client, "POST", "/api/v1/seasons", '{"name": "a\\ud83d"}')
    assert_field(answer, 422, "name")
    # a correct pair is one character, not a lone surrogate: stored as sent
    answer = raw(client, "POST", "/api/v1/seasons", '{"name": "Liga \\ud83c\\udccf"}')
    assert answer.status_code == 201 and answer.json["name"] == "Liga 🃏"


def test_invalid_utf8_is_a_422_for_every_content_type(client):
    for content_type in ("application/json", "text/plain"):
        answer = raw(client, "POST", "/api/v1/matches", b'{"game": "\xff\xfe"}', content_type)
        assert answer.status_code == 422 and answer.is_json


@pytest.mark.parametrize("body", ["{}", '{"scoring": "sum"}', '{"name": null}', '{"name": 7}'])
def test_a_season_without_a_name_is_a_422_naming_it(client, body):
    assert_field(raw(client, "POST", "/api/v1/seasons", body), 422, "name")


@pytest.mark.parametrize("token", ["é", "\u20ac", "ä" * 30, "Bearer"])
def test_a_non_ascii_token_for_a_season_evening_is_a_403(client, token):
    season = client.post("/api/v1/seasons", json={"name": "Liga"}).json
    answer = client.post(
        "/api/v1/tournaments",
        json={"name": "T", "game": "marias", "players": SEVEN, "season_id": season["id"]},
        headers={"Authorization": "Bearer " + token.encode().decode("latin-1")},
    )
    assert_field(answer, 403, "token")


def test_non_ascii_tokens_open_no_match(client):
    state = start(client)
    headers = {"Authorization": "Bearer " + "é".encode().decode("latin-1")}
    for method, url in (
        ("POST", f"/api/v1/matches/{state['id']}/deals"),
        ("POST", f"/api/v1/matches/{state['id']}/undo"),
        ("DELETE", f"/api/v1/matches/{state['id']}/deals/1"),
    ):
        answer = client.open(url, method=method, json=SAMPLES["marias"][1], headers=headers)
        assert_field(answer, 403, "Authorization")


@pytest.mark.parametrize("length", [None, "0"])
def test_an_empty_body_with_a_json_content_type_is_no_body(client, length):
    """docs/api.md: a request without a body is one, whatever its Content-Type (HTTP clients
    send `Content-Type: application/json` on every request)."""
    state = start(client)
    for _ in range(3):
        assert post(client, state, SAMPLES["marias"][1]).status_code == 201
    base = f"/api/v1/matches/{state['id']}"
    headers = {**auth(state), "Content-Type": "application/json"}
    if length is not None:
        headers["Content-Length"] = length

    def send(method, url):
        return client.open(url, method=method, headers=headers, data=b"")

    assert send("DELETE", base + "/deals/1").status_code == 200
    assert send("POST", base + "/undo").status_code == 200
    assert send("POST", base + "/finish").status_code == 200
    again = send("POST", base + "/rematch")
    assert again.status_code == 201, again.text
    deal = send("POST", base + "/deals")  # a deal needs its record: a 422 saying so
    assert deal.status_code in (409, 422) and deal.is_json
    tournament = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": SEVEN}
    ).json
    organiser = {
        "Authorization": f"Bearer {tournament['token']}",
        "Content-Type": "application/json",
    }
    drawn = client.post(f"/api/v1/tournaments/{tournament['id']}/rounds", headers=organiser)
    assert drawn.status_code == 201, drawn.text


def test_whitespace_only_is_an_empty_body_too(client):
    state = start(client)
    post(client, state, SAMPLES["marias"][1])
    answer = raw(client, "POST", f"/api/v1/matches/{state['id']}/undo", " \r\n", **auth(state))
    assert answer.status_code == 200


def locked(engine, hold: float, ready: threading.Event):
    """Hold the database's write lock from another connection for ``hold`` seconds."""
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN EXCLUSIVE")
        else:
            connection.exec_driver_sql("BEGIN")
            connection.exec_driver_sql("LOCK TABLE match IN ACCESS EXCLUSIVE MODE")
        ready.set()
        time.sleep(hold)
        connection.rollback()


def test_a_locked_database_answers_503_retry_quickly_and_stores_nothing(app, client):
    from scorekeeper.db import make_engine

    state = start(client)
    app.extensions["db_engine"].dispose()
    quick = make_engine(app.config["DATABASE_URL"], lock_wait=0.3)
    app.extensions["db_engine"] = quick
    other = make_engine(app.config["DATABASE_URL"])
    ready = threading.Event()
    holder = threading.Thread(target=locked, args=(other, 3.0, ready))
    holder.start()
    try:
        assert ready.wait(5)
        began = time.monotonic()
        answer = post(client, state, SAMPLES["marias"][1])
        took = time.monotonic() - began
    finally:
        holder.join()
        other.dispose()
    assert answer.status_code == 503, answer.text
    assert answer.json["retry"] is True and answer.json["errors"][0]["message"]
    assert answer.headers["Retry-After"]
    assert took < 2.5  # it waited its lock_wait, not the other writer's 3 s
    assert client.get(f"/api/v1/matches/{state['id']}").json["deals"] == []


def disk_full(*_args, **_kwargs):
    raise OperationalError("INSERT", {}, Exception("database or disk is full"))


def test_a_full_disk_answers_503_json_on_every_api(client, monkeypatch):
    state = start(client)
    monkeypatch.setattr(match_write, "audit", disk_full)
    for answer in (
        post(client, state, SAMPLES["marias"][1]),
        client.post("/api/v1/matches", json={"game": "marias", "players": ["A", "B", "C"]}),
    ):
        assert answer.status_code == 503 and answer.is_json, answer.text
        assert answer.json["retry"] is True
        assert "disk is full" in answer.json["errors"][0]["message"]
    monkeypatch.setattr(tournament_service, "create_tournament", disk_full)
    answer = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": SEVEN}
    )
    assert answer.status_code == 503 and answer.json["retry"] is True, answer.text


def test_a_bug_in_an_api_view_is_a_json_500_without_retry(client, monkeypatch):
    def bug(*_args, **_kwargs):
        raise KeyError("bug")

    monkeypatch.setattr(tournament_service, "tournament_state", bug)
    answer = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": SEVEN}
    )
    assert answer.status_code == 500 and answer.is_json and "retry" not in answer.json
