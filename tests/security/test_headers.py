"""Security headers, cookies, the secret key and the database file's mode."""

from __future__ import annotations

import multiprocessing
import os
import stat

import pytest

from scorekeeper import config, create_app


def test_every_page_has_the_security_headers(client):
    for url in ("/", "/auth/login", "/sheets/marias", "/api/v1/tournaments/nope", "/favicon.ico"):
        answer = client.get(url)
        csp = answer.headers["Content-Security-Policy"]
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp, url
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert answer.headers["X-Content-Type-Options"] == "nosniff"


def test_printables_allow_only_their_own_style_blocks(client):
    answer = client.get("/sheets/marias")
    csp = answer.headers["Content-Security-Policy"]
    assert "'sha256-" in csp and "'unsafe-inline'" not in csp
    assert "onclick" not in answer.text and "data-print" in answer.text


def test_session_cookie_is_samesite_lax(client):
    client.post("/auth/register", data={"username": "anna", "password": "secret123"})
    cookie = client.get_cookie("session")
    assert cookie.same_site == "Lax" and cookie.http_only and not cookie.secure


@pytest.mark.parametrize(("value", "secure"), [("false", False), ("0", False), ("true", True)])
def test_secure_cookie_setting_is_a_real_boolean(tmp_path, monkeypatch, value, secure):
    monkeypatch.setenv("SCOREKEEPER_SESSION_COOKIE_SECURE", value)
    loaded = config.load(str(tmp_path), {"SECRET_KEY": "x"})
    assert loaded["SESSION_COOKIE_SECURE"] is secure


def test_a_secure_setting_that_is_no_boolean_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_SESSION_COOKIE_SECURE", "perhaps")
    with pytest.raises(ValueError):
        config.load(str(tmp_path), {"SECRET_KEY": "x"})


def test_database_file_and_secret_key_are_private(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path / "data")})
    database = tmp_path / "data" / "scorekeeper.sqlite3"
    with app.test_client() as client:
        client.post("/api/v1/matches", json={"game": "mariage", "players": ["A", "B"]})
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "data" / "secret_key").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700
    app.extensions["db_engine"].dispose()


def _key(folder: str, start, queue) -> None:  # noqa: ANN001
    start.wait()
    queue.put(config._secret_key(__import__("pathlib").Path(folder)))


def test_processes_starting_together_agree_on_one_secret_key(tmp_path):
    context = multiprocessing.get_context("fork")
    for attempt in range(5):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        start, queue = context.Event(), context.Queue()
        workers = [context.Process(target=_key, args=(str(folder), start, queue)) for _ in range(6)]
        for worker in workers:
            worker.start()
        start.set()
        keys = {queue.get(timeout=30) for _ in workers}
        for worker in workers:
            worker.join()
        assert len(keys) == 1 and len(keys.pop()) == 64
        assert sorted(os.listdir(folder)) == ["secret_key"]  # no drafts left behind


def test_forms_work_over_https_without_a_referer(app):
    # Referrer-Policy: no-referrer means browsers send no Referer; the CSRF check must not
    # demand one over HTTPS (a hosted deployment), the token is enough
    import re

    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    page = client.get("/auth/register", base_url="https://club.example")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text)
    token = token or re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    answer = client.post(
        "/auth/register",
        base_url="https://club.example",
        data={"csrf_token": token.group(1), "username": "anna", "password": "secret123"},
    )
    assert answer.status_code == 302
    refused = client.post(
        "/auth/register",
        base_url="https://club.example",
        data={"username": "bob", "password": "secret123"},
    )
    assert refused.status_code == 400  # without the token: refused
