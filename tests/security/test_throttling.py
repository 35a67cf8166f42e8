"""Login and registration throttled per client address as well as per name (services/logins.py):
a stranger runs out of tries long before the owner of a name is locked out, and registration
does not list organiser names for free."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.limits import LOGIN_CLIENT_TRIES, LOGIN_NAME_TRIES, LOGIN_TRIES
from scorekeeper.services import accounts


@pytest.fixture(autouse=True)
def _quick_hashes(monkeypatch):
    """One round of hashing instead of scrypt: these tests count tries, not hash costs."""
    real = accounts.generate_password_hash

    def quick(password):
        return real(password, method="pbkdf2:sha256:1")

    monkeypatch.setattr(accounts, "generate_password_hash", quick)
    monkeypatch.setattr(accounts, "_DUMMY_HASH", quick("not a password of anyone"))


def _from(address: str) -> dict:
    return {"environ_base": {"REMOTE_ADDR": address}}


def _register(client, name="anna", address="10.0.0.1"):
    data = {"username": name, "password": "secret123"}
    answer = client.post("/auth/register", data=data, **_from(address))
    assert answer.status_code == 302, answer.text
    client.post("/auth/logout")


def _login(client, name, password, address):
    data = {"username": name, "password": password}
    return client.post("/auth/login", data=data, **_from(address)).status_code


def test_five_wrong_passwords_from_a_stranger_do_not_lock_the_owner_out(client):
    _register(client)
    for i in range(LOGIN_TRIES):
        assert _login(client, "anna", f"wrong{i}xx", "203.0.113.9") == 422
    assert _login(client, "anna", "secret123", "203.0.113.9") == 429  # the stranger waits
    assert _login(client, "anna", "secret123", "10.0.0.1") == 302  # the owner does not


def test_an_address_that_tries_many_names_waits_for_every_name(client):
    _register(client)
    for i in range(LOGIN_CLIENT_TRIES):
        assert _login(client, f"name{i}", "wrong-pass", "203.0.113.9") == 422
    assert _login(client, "anna", "secret123", "203.0.113.9") == 429
    assert _login(client, "anna", "secret123", "10.0.0.1") == 302


def test_a_name_guessed_from_many_addresses_is_locked_in_the_end(client):
    _register(client)
    addresses = [f"198.51.100.{i}" for i in range(LOGIN_NAME_TRIES // LOGIN_TRIES)]
    for address in addresses:
        for i in range(LOGIN_TRIES):
            assert _login(client, "anna", f"wrong{i}xx", address) == 422
    assert _login(client, "anna", "secret123", "10.0.0.1") == 429


def test_unknown_and_known_names_answer_alike(client):
    _register(client)
    known = client.post(
        "/auth/login", data={"username": "anna", "password": "wrongwrong"}, **_from("10.9.9.9")
    )
    unknown = client.post(
        "/auth/login", data={"username": "nobody", "password": "wrongwrong"}, **_from("10.9.9.8")
    )
    assert known.status_code == unknown.status_code == 422
    assert "Wrong name or password." in known.text and "Wrong name or password." in unknown.text


def test_registration_cannot_list_names_without_running_out_of_tries(client):
    _register(client)
    stranger = "203.0.113.7"
    for _i in range(LOGIN_CLIENT_TRIES):
        answer = client.post(
            "/auth/register", data={"username": "anna", "password": "secret123"}, **_from(stranger)
        )
        assert answer.status_code == 422 and "That name is taken" in answer.text
    answer = client.post(
        "/auth/register", data={"username": "anna", "password": "secret123"}, **_from(stranger)
    )
    assert answer.status_code == 429 and "That name is taken" not in answer.text
    answer = client.post(
        "/auth/register", data={"username": "bob", "password": "secret123"}, **_from(stranger)
    )
    assert answer.status_code == 429  # nothing more from that address for a while
    # the address's probes did not lock anna out
    assert _login(client, "anna", "secret123", "10.0.0.1") == 302


@pytest.mark.parametrize(("proxies", "separate"), [(0, False), (1, True)])
def test_behind_a_trusted_proxy_each_client_counts_apart(app, proxies, separate):
    behind = create_app({**app.config, "SCOREKEEPER_AUTO_MIGRATE": False, "PROXIES": proxies})
    client = behind.test_client()
    _register(client, address="127.0.0.1")
    for i in range(LOGIN_TRIES):
        client.post(
            "/auth/login",
            data={"username": "anna", "password": f"wrong{i}xx"},
            headers={"X-Forwarded-For": "203.0.113.5"},
            **_from("127.0.0.1"),
        )
    answer = client.post(
        "/auth/login",
        data={"username": "anna", "password": "secret123"},
        headers={"X-Forwarded-For": "192.0.2.44"},
        **_from("127.0.0.1"),
    )
    assert answer.status_code == (302 if separate else 429)
    behind.extensions["db_engine"].dispose()
