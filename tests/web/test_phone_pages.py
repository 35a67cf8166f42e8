"""What the table's phone gets from the server (docs/saving.md): its page answers 304 while
nothing changed (refresh.js asks every few seconds), a background save answers money as the
page writes it, the flek stepper and the Marianna declarations speak for themselves, every
error page is the app's own in the player's language, and a new four-player Marianna offers
no two-player options."""

from __future__ import annotations

import pytest

from tests.web.test_match_pages import HRA_WON, form_data, start


def test_the_tables_page_answers_304_while_nothing_changed(client):
    url = start(client)
    first = client.get(url)
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    assert f'data-etag="{etag}"' in first.text.replace("&#34;", '"').replace("&quot;", '"')
    assert 'data-refresh="10"' in first.text and "js/refresh.js" in first.text
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    opened = client.get(url, headers={"If-None-Match": etag, "Sec-Fetch-Mode": "navigate"})
    assert opened.status_code == 200  # opened by the player: made afresh (a fresh CSRF token)
    client.post(url, data=HRA_WON)  # another phone: the page changed
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_a_message_waiting_for_the_next_page_is_never_hidden_by_a_304(client):
    url = start(client)
    etag = client.get(url).headers["ETag"]
    client.get(url + "/undo")  # no deal to undo: a message for the match page, nothing changed
    page = client.get(url, headers={"If-None-Match": etag})
    assert page.status_code == 200 and "There is no deal to undo." in page.text


def test_a_background_save_answers_money_as_the_page_writes_it(client):
    url = start(client, stake="0.20", currency="CZK")
    data = form_data(client.get(url).text, "deal-form") | HRA_WON
    answer = client.post(
        url + "/save",
        data=data,
        headers={"Accept": "application/json", "Accept-Language": "cs"},
    ).get_json()
    assert answer["money"] == ["0.80", "-0.40", "-0.40"]  # RULES.md §4: hra in hearts, 2 × 2
    assert answer["money_text"] == ["0,80\xa0Kč", "-0,40\xa0Kč", "-0,40\xa0Kč"]
    board = client.get(url, headers={"Accept-Language": "cs"}).text
    assert all(text in board for text in answer["money_text"])  # as after a reload


def test_the_flek_label_names_its_field_and_the_buttons_say_less_and_more(client):
    url = start(client)
    page = client.get(url, headers={"Accept-Language": "de"}).text
    assert '<label for="game_flek">Flek</label>' in page
    assert 'data-less="Flek: weniger"' in page and 'data-more="Flek: mehr"' in page
    assert '<label class="step' not in page  # the buttons are never inside the label


def test_marianna_buttons_name_their_team_and_any_declaration_can_be_removed(client):
    url = start(client, "marianna", "marianna")
    page = client.get(url).text
    assert 'aria-label="Anna &amp; Carla: coppe"' in page
    assert 'aria-label="Bruno &amp; Dario: denari"' in page
    data = form_data(page, "deal-form")
    for tap in ("0:hearts", "1:diamonds", "0:clubs"):  # without JavaScript: the server appends
        data = form_data(client.post(url, data=data | {"add": tap}).text, "deal-form")
    assert data["declarations"] == "0:marianna:hearts 1:marianna:diamonds 0:marianna:clubs"
    shown = client.post(url, data=data | {"drop": "0"}).text  # remove the first, not the last
    data = form_data(shown, "deal-form")
    assert data["declarations"] == "1:marianna:diamonds 0:marianna:clubs"
    assert 'aria-label="Remove: Bruno &amp; Dario: denari"' in shown


def test_a_new_four_player_marianna_offers_no_briscola_options(client):
    marianna = client.get("/matches/new/marianna/marianna").text
    briscola = client.get("/matches/new/marianna/briscola151").text
    for option in ("opt_claim", "opt_matrimonio_trump", "opt_matrimonio_plain"):
        assert f'name="{option}"' not in marianna
        assert f'name="{option}"' in briscola


@pytest.mark.parametrize(
    ("lang", "heading"),
    [("cs", "Stránka nenalezena"), ("pl", "Nie znaleziono strony"), ("de", "Seite nicht gefunden"),
     ("it", "Pagina non trovata"), ("en", "Page not found")],
)  # fmt: skip
def test_a_wrong_address_is_the_apps_own_page_in_the_players_language(client, lang, heading):
    page = client.get("/no/such/page", headers={"Accept-Language": lang})
    assert page.status_code == 404
    assert f'<html lang="{lang}">' in page.text and 'class="top"' in page.text
    assert f"<h1>{heading}</h1>" in page.text and 'href="/"' in page.text


def test_other_http_errors_are_the_apps_own_pages_too(app, client):
    wrong_method = client.post("/matches/new", headers={"Accept-Language": "de"})
    assert wrong_method.status_code == 405 and "GET" in wrong_method.headers["Allow"]
    assert (
        'class="top"' in wrong_method.text and "lässt sich so nicht verwenden" in wrong_method.text
    )
    app.config["MAX_CONTENT_LENGTH"] = 100
    too_big = client.post("/matches/new/marias/pub", data={"player_0": "x" * 500})
    assert too_big.status_code == 413 and "Too much at once" in too_big.text
    api = client.post("/api/v1/matches/xyz/deals/1", headers={"Accept-Language": "cs"})
    assert api.status_code in (404, 405) and api.is_json  # the API answers JSON


def test_a_form_sent_too_late_is_explained_on_the_apps_page(app, client):
    app.config["WTF_CSRF_ENABLED"] = True
    page = client.post("/auth/logout", data={}, headers={
        "Accept-Language": "cs"})  # fmt: skip
    assert page.status_code == 400 and 'class="top"' in page.text
    assert "Stránka byla otevřená příliš dlouho" in page.text


def test_a_refusal_the_server_renders_says_every_reason_beside_save(client):
    url = start(client)
    data = form_data(client.get(url).text, "deal-form") | HRA_WON
    del data["declarer"]
    page = client.post(url, data=data)  # without JavaScript: the plain form post
    assert page.status_code == 422
    status = page.text.split('id="save-status"', 1)[1].split("</div>", 1)[0]
    assert "hidden" not in status.split(">", 1)[0]
    assert "Choose the declarer: Jana, Petr or Ota" in status  # also beside the field
    assert form_data(page.text, "deal-form")["trump"] == "hearts"  # kept as typed
