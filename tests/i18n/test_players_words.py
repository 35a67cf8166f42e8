"""No English where a player looks, and the words a player reads are the page language's.

The name limit (one, 80, the API's) said in the page's language; WTForms' own refusals in the
app's words; the Mariage record's kind of game; the explanation lines of a conflict page; a
tournament table's match title in the reader's language (stored as parts, migration 0008); the
`krizovy` preset named as the house tariff; the rules page written for players.
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import command

from scorekeeper.db import alembic_config, get_session
from scorekeeper.limits import NAME_MAX
from scorekeeper.models.match import Match
from tests.web.test_match_pages import HRA_WON, form_data, start
from tests.web.test_tournament_pages import _create, _login


def _errors(html: str) -> list[str]:
    return [m.strip() for m in re.findall(r'class="(?:err|error)[^"]*"[^>]*>([^<]*)<', html)]


def test_one_name_limit_said_in_the_page_language(client):
    page = client.get("/matches/new/mariasz/standard?lang=cs").text
    data = form_data(page) | {"player_0": "A" * (NAME_MAX + 1), "player_1": "B"}
    refused = client.post("/matches/new/mariasz/standard?lang=cs", data=data)
    assert refused.status_code == 422
    assert "Jméno smí mít nejvýš 80 znaků." in _errors(refused.text)
    data |= {"player_0": "A" * NAME_MAX, "title": "T" * NAME_MAX}
    assert client.post("/matches/new/mariasz/standard?lang=cs", data=data).status_code == 302
    # the API says the same, for a player's name and the match's title alike
    for body in (
        {"game": "mariasz", "players": ["A" * (NAME_MAX + 1), "B"]},
        {"game": "mariasz", "players": ["A", "B"], "title": "T" * (NAME_MAX + 1)},
    ):
        answer = client.post("/api/v1/matches?lang=cs", json=body)
        assert answer.status_code == 422
        assert "80" in answer.get_json()["errors"][0]["message"]


def test_wtforms_own_messages_speak_the_page_language(client):
    page = client.get("/matches/new/mariasz/standard?lang=de").text
    data = form_data(page) | {"player_0": "A", "player_1": "B", "opt_target": "abc"}
    refused = client.post("/matches/new/mariasz/standard?lang=de", data=data)
    assert "Bitte geben Sie eine ganze Zahl ein." in _errors(refused.text)
    empty = client.post("/auth/register?lang=cs", data={"username": "", "password": ""})
    assert "Vyplňte toto pole." in _errors(empty.text)
    assert "This field is required." not in empty.text


def test_the_mariage_record_names_each_game_in_words(client):
    url = start(client, "mariage")
    for points in (("118", "20"), ("69", "69")):  # a double, then a tie (RULES.md §2: 138)
        data = form_data(client.get(url).text, "deal-form")
        data |= {"trump": "hearts", "points_0": points[0], "points_1": points[1]}
        assert client.post(url, data=data).status_code == 302
    match_id = url.split("/")[2]
    record = client.get(f"/m/{match_id}/record?lang=de").text
    assert "doppelt (2)" in record and "unentschieden" in record
    assert not re.search(r"<td>(single|double|tie)</td>", record)


def test_a_conflict_page_explains_the_deals_in_the_page_language(client):
    url = start(client)
    for declarer in ("0", "1"):
        client.post(url, data=HRA_WON | {"declarer": declarer})
    stale = form_data(client.get(url + "/deals/2/delete?lang=cs").text)
    client.post(url + "/deals/1/delete", data=form_data(client.get(url + "/deals/1/delete").text))
    page = client.post(url + "/deals/2/delete?lang=cs", data=stale)
    assert page.status_code == 409
    why = re.search(r'<p class="why">(.*?)</p>', page.text, re.S).group(1)
    assert "hra (výhra)" in why and "won" not in why


def _drawn_table(app, client) -> tuple[str, str]:
    _login(client)
    tid = _create(client, language="cs")
    client.post(f"/tournaments/{tid}/draw", data={"seed": "7"})
    with app.app_context():
        match = get_session().exec(sa.select(Match)).scalars().first()
        return tid, match.id


def test_a_table_match_title_is_said_in_the_readers_language(app, client):
    _tid, match_id = _drawn_table(app, client)
    with app.app_context():
        stored = get_session().get(Match, match_id)
        assert stored.title is None
        assert stored.title_parts == {
            "event": "Posvícení",
            "round": 1,
            "table": stored.title_parts["table"],
        }
    table = stored.title_parts["table"]
    title = {
        lang: client.get(f"/api/v1/matches/{match_id}?lang={lang}").get_json()["title"]
        for lang in ("cs", "de", "pl", "it", "en")
    }
    assert title == {
        "cs": f"Posvícení, kolo 1, stůl {table}",
        "de": f"Posvícení, Runde 1, Tisch {table}",
        "pl": f"Posvícení, runda 1, stół {table}",
        "it": f"Posvícení, turno 1, tavolo {table}",
        "en": f"Posvícení, round 1, table {table}",
    }


def test_a_made_up_title_is_said_in_the_readers_language_in_every_answer(client):
    """The game and its players, said in the API's language: also in the state a change
    answers with (encoded by the service, its title said again at the edge), and the rest of
    that state unchanged."""
    created = client.post(
        "/api/v1/matches?lang=cs", json={"game": "marias", "players": ["Jana", "Petr", "Ota"]}
    ).get_json()
    assert created["title"] == "Mariáš: Jana, Petr, Ota"
    record = {"declarer": 0, "dealer": None, "trump": "clubs",
              "parts": [{"kind": "hra", "won": True}]}  # fmt: skip
    headers = {"Authorization": f"Bearer {created['token']}"}
    url = f"/api/v1/matches/{created['id']}/deals"
    said = {
        lang: client.post(f"{url}?lang={lang}", json=record, headers=headers).get_json()
        for lang in ("de", "en")
    }
    assert said["de"]["title"] == "Tschechischer Mariáš: Jana, Petr, Ota"
    assert said["en"]["title"] == "Czech Mariáš: Jana, Petr, Ota"
    later = client.put(f"{url}/1?lang=it", json=record, headers=headers).get_json()
    assert later["title"] == "Mariáš ceco: Jana, Petr, Ota"
    assert later["scores"] == said["en"]["scores"] == [4, -2, -2]


def test_0008_turns_a_stored_table_title_into_its_parts(app, client):
    _tid, match_id = _drawn_table(app, client)
    engine = app.extensions["db_engine"]
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    command.downgrade(config, "0007_keys_in_audit")  # the old way: an English title stored
    with engine.connect() as connection:
        (title,) = connection.execute(
            sa.text("SELECT title FROM match WHERE id = :id"), {"id": match_id}
        ).one()
    assert title.startswith("Posvícení, round 1, table ")
    command.upgrade(config, "head")
    with app.app_context():
        match = get_session().get(Match, match_id)
        assert match.title is None and match.title_parts["event"] == "Posvícení"
    assert (
        client.get(f"/api/v1/matches/{match_id}?lang=cs")
        .get_json()["title"]
        .startswith("Posvícení, kolo 1, stůl")
    )


def test_the_house_tariff_preset_is_not_called_krizovy_mariase(client):
    _login(client)
    page = client.get("/tournaments/new?lang=cs").text
    assert "Mariáš — domácí sazby (betl 10, durch 20)" in page
    assert "Křížový" not in page


def test_the_rules_page_speaks_to_players(client):
    url = start(client, "marias", "pub", stake="0,50", currency="CZK")
    page = client.get(f"/m/{url.split('/')[2]}/rules?lang=cs").text
    assert "0,50\xa0Kč za jednotku" in page
    assert "003" not in page and "docs/rules.md" not in page and "pramen" not in page
    assert "„Ukončit sezení“" in page  # the board's button, by its label
    # option keys only inside the closed developers' box
    box = re.search(r'<details class="developers">(.*?)</details>', page, re.S).group(1)
    assert "Podrobnosti pro vývojáře" in box and "<code>flek_max</code>" in box
    assert "flek_max" not in page.replace(box, "")
