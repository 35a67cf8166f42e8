"""Server trouble (docs/saving.md): a full disk, a read-only database or a bug answers with a
page in the app's own look that says what happened and shows the form again with what was typed;
nothing is half-stored. And the background save's JSON answers."""

from __future__ import annotations

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from scorekeeper.services import match_write
from tests.web.test_match_pages import HRA_WON, api_state, form_data, start


def read_only(app) -> None:
    """From now on the database refuses every write, as a read-only one does."""
    engine = app.extensions["db_engine"]
    engine.dispose()

    @event.listens_for(engine, "connect")
    def _read_only(dbapi_connection, _record):  # noqa: ANN001
        if engine.dialect.name == "sqlite":
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA query_only=ON")
            cursor.close()
            return
        dbapi_connection.autocommit = True  # a SET inside a transaction would be rolled back
        cursor = dbapi_connection.cursor()
        cursor.execute("SET default_transaction_read_only = on")
        cursor.close()
        dbapi_connection.autocommit = False


def disk_full(*_args, **_kwargs):
    raise OperationalError("INSERT", {}, Exception("database or disk is full"))


def test_read_only_database_shows_the_deal_form_again_with_what_was_typed(app, client):
    url = start(client)
    read_only(app)
    response = client.post(url, data=HRA_WON | {"declarer": "1", "trump": "clubs"})
    assert response.status_code == 503
    assert "read-only" in response.text and 'class="top"' in response.text  # the app's look
    typed = form_data(response.text, "deal-form")
    assert typed["declarer"] == "1" and typed["trump"] == "clubs"
    assert api_state(client, url)["deals"] == []  # nothing half-stored


def test_full_disk_on_the_new_match_form_keeps_the_names_to_try_again(app, client, monkeypatch):
    data = form_data(client.get("/matches/new/marias/default").text)
    data |= {"player_0": "Jana", "player_1": "Petr", "player_2": "Ota"}
    monkeypatch.setattr(match_write, "audit", disk_full)
    response = client.post("/matches/new/marias/default", data=data)
    assert response.status_code == 503 and "disk is full" in response.text
    assert "Jana" in response.text and "Try again" in response.text
    monkeypatch.undo()
    again = client.post("/matches/new/marias/default", data=form_data(response.text))
    assert again.status_code == 302 and "/m/" in again.headers["Location"]


def test_a_bug_is_the_apps_own_page_not_a_bare_500(app, client, monkeypatch):
    url = start(client)

    def crash(**_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("scorekeeper.services.matches.replace_deal", crash)
    client.post(url, data=HRA_WON)
    response = client.post(url + "/deals/1", data=HRA_WON | {"trump": "clubs"})
    assert response.status_code == 500 and "Something went wrong" in response.text
    assert 'class="top"' in response.text and "Try again" in response.text
    assert 'value="clubs"' in response.text


def test_background_save_answers_json(client):
    url = start(client)
    first = client.post(
        url + "/save", data=HRA_WON | {"after": "0"}, headers={"Idempotency-Key": "k1"}
    )
    assert first.status_code == 201
    assert set(first.json) >= {"match_id", "version", "deal", "scores", "finished", "winner"}
    assert first.json["deal"]["n"] == 1 and 'id="deal-1"' in first.json["html"]
    assert first.json["scores"] == api_state(client, url)["scores"]
    again = client.post(
        url + "/save", data=HRA_WON | {"after": "0"}, headers={"Idempotency-Key": "k1"}
    )
    assert again.status_code == 200 and again.json["deal"] == first.json["deal"]
    assert len(api_state(client, url)["deals"]) == 1  # stored once
    refused = client.post(url + "/save", data=HRA_WON | {"declarer": "", "after": "1"})
    assert refused.status_code == 422
    assert any("Jana" in e["message"] for e in refused.json["errors"])  # the players' words
    stale = client.post(url + "/save", data=HRA_WON | {"after": "0"})
    assert (
        stale.status_code == 409
        and "Another phone added 1 deal" in stale.json["errors"][0]["message"]
    )
    assert client.post(url[:-3] + "xyz/save", data=HRA_WON).status_code == 404


def test_background_save_under_trouble_is_json_to_retry(app, client, monkeypatch):
    url = start(client)
    monkeypatch.setattr(match_write, "audit", disk_full)
    response = client.post(url + "/save", data=HRA_WON)
    assert response.status_code == 503 and "disk is full" in response.json["errors"][0]["message"]


@pytest.fixture
def csrf_app(app):
    app.config["WTF_CSRF_ENABLED"] = True
    return app


def test_background_save_with_an_old_token_gets_a_fresh_one(csrf_app):
    client = csrf_app.test_client()
    url = start(client)  # the new-match form carries its own token
    page = client.get(url).text
    stale = client.post(url + "/save", data=form_data(page, "deal-form") | {"csrf_token": "old"})
    assert stale.status_code == 400 and stale.json["csrf"]
    fresh = form_data(page, "deal-form") | HRA_WON | {"csrf_token": stale.json["csrf"]}
    assert client.post(url + "/save", data=fresh).status_code == 201


def test_service_worker_and_manifest(client):
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["Content-Type"]
    manifest = client.get("/static/manifest.webmanifest")
    assert manifest.json["start_url"] == "/" and manifest.json["display"] == "standalone"
    assert {i["sizes"] for i in manifest.json["icons"]} == {"192x192", "512x512"}
