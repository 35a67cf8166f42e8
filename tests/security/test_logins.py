"""Organisers' logins: local `next` only, throttling across processes, equal work for unknown
names, and logging out that really ends the login."""

from __future__ import annotations

import pytest
from sqlmodel import select

from scorekeeper import create_app
from scorekeeper.limits import LOGIN_TRIES
from scorekeeper.models.security import LoginFailure
from scorekeeper.services import accounts
from scorekeeper.web.auth import local_path


def _register(client, name="anna", password="secret123"):
    answer = client.post("/auth/register", data={"username": name, "password": password})
    assert answer.status_code == 302


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\\evil.example",
        "https://evil.example",
        "/ /evil.example",
        "evil.example",
        "/%0a",
        "",
    ],
)
def test_next_must_be_a_local_path(target):
    assert not local_path(target) or target == "/%0a"


def test_login_redirects_only_to_local_paths(client):
    _register(client)
    client.post("/auth/logout")
    for query in ("next=/%09/evil.example", "next=//evil.example", "next=/%0d%0aX:%20y"):
        answer = client.post(
            f"/auth/login?{query}", data={"username": "anna", "password": "secret123"}
        )
        assert answer.status_code == 302 and answer.location == "/tournaments/", query
        client.post("/auth/logout")
    answer = client.post(
        "/auth/login?next=/tournaments/new", data={"username": "anna", "password": "secret123"}
    )
    assert answer.location == "/tournaments/new"


def test_a_cookie_saved_before_logout_no_longer_works(client):
    _register(client)
    assert client.get("/tournaments/new").status_code == 200
    saved = client.get_cookie("session").value
    client.post("/auth/logout")
    assert client.get("/tournaments/new").status_code == 302
    client.set_cookie("session", saved)  # the stolen or saved cookie
    answer = client.get("/tournaments/new")
    assert answer.status_code == 302 and "/auth/login" in answer.location


def test_wrong_passwords_are_throttled_across_processes(app, tmp_path):
    first = app.test_client()
    _register(first)
    first.post("/auth/logout")
    # a second app process on the same database counts the same failures
    other = create_app({**app.config, "SCOREKEEPER_AUTO_MIGRATE": False})
    second = other.test_client()
    for i in range(LOGIN_TRIES):
        client = (first, second)[i % 2]
        answer = client.post("/auth/login", data={"username": "anna", "password": f"wrong{i}xx"})
        assert answer.status_code == 422
    for client in (first, second):
        answer = client.post("/auth/login", data={"username": "Anna ", "password": "secret123"})
        assert answer.status_code == 429 and b"Too many wrong tries" in answer.data
    other.extensions["db_engine"].dispose()
    with app.app_context():
        from scorekeeper.db import get_session

        rows = get_session().exec(select(LoginFailure)).all()
        assert len([r for r in rows if r.key == "name:anna"]) == LOGIN_TRIES


def test_a_good_login_clears_the_names_failures(client):
    _register(client)
    client.post("/auth/logout")
    for i in range(LOGIN_TRIES - 1):
        client.post("/auth/login", data={"username": "anna", "password": f"wrong{i}xx"})
    assert (
        client.post("/auth/login", data={"username": "anna", "password": "secret123"}).status_code
        == 302
    )
    client.post("/auth/logout")
    for i in range(LOGIN_TRIES - 1):
        answer = client.post("/auth/login", data={"username": "anna", "password": f"wrong{i}yy"})
        assert answer.status_code == 422


def test_an_unknown_name_costs_the_same_password_check(app, monkeypatch):
    calls = []
    real = accounts.check_password_hash

    def counting(stored, password):
        calls.append(stored)
        return real(stored, password)

    monkeypatch.setattr(accounts, "check_password_hash", counting)
    with app.app_context():
        from scorekeeper.db import get_session

        db = get_session()
        accounts.create_organiser(session=db, username="anna", password="secret123")
        assert accounts.authenticate(session=db, username="nobody", password="secret123") is None
        assert accounts.authenticate(session=db, username="anna", password="wrong-one") is None
    assert len(calls) == 2  # one full hash check each, known name or not
    assert calls[0].split("$")[0] == calls[1].split("$")[0]  # the same method and cost
