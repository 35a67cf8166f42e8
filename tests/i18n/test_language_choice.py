"""Which language a request is answered in (API.md v2 "Languages"), and the switcher."""

from __future__ import annotations

import pytest
from flask import render_template_string
from flask_babel import get_locale

from scorekeeper.i18n import use_page_language

NEW_MATCH = {"cs": "Nový zápas", "pl": "Nowa rozgrywka", "de": "Neues Match", "it": "Nuova partita"}


def _lang(client, url="/", **headers):
    page = client.get(url, headers=headers)
    return page.text.split('<html lang="', 1)[1].split('"', 1)[0], page.text


def test_accept_language_then_english(client):
    assert _lang(client, **{"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"})[0] == "cs"
    assert _lang(client, **{"Accept-Language": "fr-FR,de;q=0.7"})[0] == "de"
    assert _lang(client, **{"Accept-Language": "fr-FR"})[0] == "en"
    assert _lang(client)[0] == "en"


@pytest.mark.parametrize("code", sorted(NEW_MATCH))
def test_every_language_answers_the_home_page(client, code):
    lang, text = _lang(client, f"/?lang={code}")
    assert lang == code and NEW_MATCH[code] in text and "New match" not in text


def test_query_beats_cookie_beats_accept_language(client):
    client.set_cookie("lang", "pl")
    assert _lang(client, **{"Accept-Language": "de"})[0] == "pl"
    assert _lang(client, "/?lang=it", **{"Accept-Language": "de"})[0] == "it"
    assert _lang(client, "/?lang=xx", **{"Accept-Language": "de"})[0] == "pl"  # unknown: ignored


def test_switcher_remembers_the_choice_and_goes_back(client):
    page = client.get("/matches/new?lang=de").text
    assert 'href="/language/cs?next=/matches/new"' in page  # ?lang is not carried back
    assert 'hreflang="de" lang="de" aria-current="true"' in page
    answer = client.get("/language/cs?next=/matches/new")
    assert answer.status_code == 302 and answer.location == "/matches/new"
    assert "lang=cs" in answer.headers["Set-Cookie"]
    assert _lang(client, "/matches/new", **{"Accept-Language": "de"})[0] == "cs"


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "javascript:x"])
def test_switcher_never_leaves_the_site(client, target):
    assert client.get("/language/pl", query_string={"next": target}).location == "/"


def test_unknown_switcher_language_keeps_the_cookie(client):
    answer = client.get("/language/xx?next=/")
    assert answer.status_code == 302 and "Set-Cookie" not in answer.headers


def test_page_language_sits_between_the_device_and_the_browser(app):
    """A tournament's sheets call use_page_language(tournament.language): it beats
    Accept-Language, but not ?lang or the switcher's cookie."""
    cases = [
        ({}, {"Accept-Language": "de"}, "it"),
        ({"lang": "pl"}, {"Accept-Language": "de"}, "pl"),
        ({}, {"Accept-Language": "de", "Cookie": "lang=cs"}, "cs"),
        ({}, {"Accept-Language": "de"}, "it"),
    ]
    for query, headers, expected in cases:
        with app.test_request_context("/", query_string=query, headers=headers):
            get_locale()  # chosen (and cached) before the view knows its tournament
            use_page_language("it")
            assert render_template_string("{{ get_locale() }}") == expected
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        use_page_language(None)
        assert str(render_template_string("{{ get_locale() }}")) == "de"


def test_api_messages_follow_query_and_accept_language_not_the_cookie(client):
    client.set_cookie("lang", "pl")
    answer = client.get("/api/v1/matches/nope", headers={"Accept-Language": "cs"})
    assert answer.status_code == 404
    assert answer.get_json() == {
        "errors": [
            {
                "field": "id",
                "message": "Zápas s tímto id neexistuje.",
                "code": "match.not_found",
                "params": {},
            }
        ]
    }
    body = {"game": "marias", "players": ["Jana", "Petr", "Ota"], "stake": "x"}
    answer = client.post("/api/v1/matches?lang=de", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [
        {
            "field": "stake",
            "message": "Der Einsatz ist ein Betrag wie 0,20.",
            "code": "setup.stake",
            "params": {},
        }
    ]
