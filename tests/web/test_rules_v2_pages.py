"""Rules version 2 through the API and the pages: refusals store nothing, stored v1 records still
open and are marked, Finish, the rules page and the board's lines (RULES.md v2, API.md v2)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.models.match import Deal, Match, utcnow
from scorekeeper.rules.marias.options import PART_VALUE_NAMES

STO_140 = {
    "declarer": 0,
    "trump": "spades",
    "parts": [{"kind": "sto", "won": True, "flek": 0}],
    "declarer_points": 140,
    "defender_points": 30,
}
HRA = {"declarer": 0, "trump": "spades", "parts": [{"kind": "hra", "won": True, "flek": 0}]}


def start(client, game, players, **setup):
    response = client.post("/api/v1/matches", json={"game": game, "players": players, **setup})
    assert response.status_code == 201, response.json
    return response.json


def auth(state):
    return {"Authorization": f"Bearer {state['token']}"}


def deals(client, state):
    return client.get(f"/api/v1/matches/{state['id']}").json["deals"]


def store_v1_record(app, match_id, record):
    """A record stored before version 2 (written straight to the table, as v1 accepted it)."""
    engine = app.extensions["db_engine"]
    with engine.begin() as conn:
        conn.execute(
            sa.insert(Deal.__table__).values(
                match_id=match_id, record=record, version=1, created_at=utcnow()
            )
        )
        table = Match.__table__
        conn.execute(
            sa.update(table).where(table.c.id == match_id).values(version=table.c.version + 1)
        )


def test_refusal_stores_nothing(client):
    # RULES.md v2 §5: a sto above 130 is refused with the field and the reason, nothing stored.
    state = start(client, "marias", ["Jana", "Petr", "Ota"])
    url = f"/api/v1/matches/{state['id']}/deals"
    response = client.post(url, json=STO_140, headers=auth(state))
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "declarer_points"
    assert deals(client, state) == []
    history = client.get(f"/api/v1/matches/{state['id']}/history").json["history"]
    assert [h["action"] for h in history] == ["create"]


def test_stored_v1_record_opens_scores_as_recorded_and_is_marked(app, client):
    # RULES.md v2 opening: a stored record v2 refuses still opens, scores as recorded, is marked.
    state = start(client, "marias", ["Jana", "Petr", "Ota"])
    store_v1_record(app, state["id"], STO_140)
    got = client.get(f"/api/v1/matches/{state['id']}").json
    assert got["scores"] == [40, -20, -20]  # sto 4 + 4 × 4 for 140, linear, as v1 scored it
    assert got["deals"][0]["refusals"][0]["field"] == "declarer_points"
    page = client.get(f"/m/{state['id']}/{state['token']}").get_data(as_text=True)
    assert "Stored before rules version 2" in page and "at most 130" in page
    rules = client.get(f"/m/{state['id']}/rules").get_data(as_text=True)
    assert "Deal 1:" in rules
    # Adding after it is fine; editing it with the same record is refused (v2 applies to edits).
    assert client.post(f"/api/v1/matches/{state['id']}/deals", json=HRA, headers=auth(state))
    put = client.put(f"/api/v1/matches/{state['id']}/deals/1", json=STO_140, headers=auth(state))
    assert put.status_code == 422
    assert deals(client, state)[0]["record"]["declarer_points"] == 140


def test_mariannino_bars_the_other_teams_marianna(client):
    # RULES.md v2 §3, §5: the defect found at the table: coppe after a mariannino is refused.
    state = start(client, "marianna", ["A", "B", "C", "D"])
    record = {
        "points": [60, 60],
        "declarations": [
            {"side": 0, "kind": "mariannino", "suit": "spades"},
            {"side": 1, "suit": "hearts"},
        ],
    }
    url = f"/api/v1/matches/{state['id']}/deals"
    response = client.post(url, json=record, headers=auth(state))
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "declarations.1.side"
    assert deals(client, state) == []


def test_covered_marianna_without_first_sets_trump_is_refused(client):
    # RULES.md v2 §3: created with covering on and first_sets_trump off: refused.
    response = client.post(
        "/api/v1/matches",
        json={"game": "marianna", "players": ["A", "B", "C", "D"],
              "options": {"covered_marianna": True}},
    )  # fmt: skip
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "options.covered_marianna"


def test_finish_an_open_session_then_a_deal_is_refused(client):
    # RULES.md v2 §4, API.md v2: POST /finish ends an open Mariáš session; a deal after: 409.
    state = start(client, "marias", ["Jana", "Petr", "Ota"])
    client.post(f"/api/v1/matches/{state['id']}/deals", json=HRA, headers=auth(state))
    url = f"/api/v1/matches/{state['id']}/finish"
    assert client.post(url).status_code == 401
    finished = client.post(url, headers=auth(state))
    assert (finished.status_code, finished.json["finished"], finished.json["winner"]) == (
        200,
        True,
        0,
    )
    more = client.post(f"/api/v1/matches/{state['id']}/deals", json=HRA, headers=auth(state))
    assert more.status_code == 409
    assert len(deals(client, state)) == 1


def test_finish_with_a_shared_top_plays_an_extra_round(client):
    # RULES.md v2 §4: players 1 and 2 at +1 each: Finish leaves the match open for a round.
    state = start(client, "marias", ["Jana", "Petr", "Ota"])
    for declarer in (0, 1):
        record = {**HRA, "declarer": declarer}
        client.post(f"/api/v1/matches/{state['id']}/deals", json=record, headers=auth(state))
    page = client.post(f"/m/{state['id']}/{state['token']}/finish", follow_redirects=True)
    text = page.get_data(as_text=True)
    assert "one more round is played" in text
    assert client.get(f"/api/v1/matches/{state['id']}").json["finished"] is False


def test_finish_is_409_for_other_matches(client):
    state = start(client, "mariasz", ["Ania", "Bartek"])
    response = client.post(f"/api/v1/matches/{state['id']}/finish", headers=auth(state))
    assert response.status_code == 409


def test_open_is_in_the_api_record(client):
    # API.md v2: "open": true for a deal played with open cards; every part doubled.
    state = start(client, "marias", ["Jana", "Petr", "Ota"])
    url = f"/api/v1/matches/{state['id']}/deals"
    got = client.post(url, json={**HRA, "open": True}, headers=auth(state)).json
    assert got["deals"][0]["record"]["open"] is True
    assert got["scores"] == [4, -2, -2]


def test_rules_page_shows_game_preset_options_and_tariff(client):
    # RULES.md v2 §4: krizovy shown as a house tariff with its values.
    state = start(client, "marias", ["Jana", "Petr", "Ota"], preset="krizovy")
    board = client.get(f"/m/{state['id']}").get_data(as_text=True)
    assert f'href="/m/{state["id"]}/rules"' in board
    page = client.get(f"/m/{state['id']}/rules").get_data(as_text=True)
    assert "House tariff: betl 10, durch 20" in page
    assert "Křížový" not in page
    for name in state["options"]:  # every option: the values of parts are in the tariff
        assert f"<code>{name}</code>" in page or name in PART_VALUE_NAMES
    assert re.search(r"durch</td><td class=\"num\">20<", page)


def test_board_says_what_the_match_is_played_to(client):
    # The board shows the target (131 a game and 10 match points; 7; 501; 151).
    cases = [
        ("mariasz", ["Ania", "Bartek"], {}, "Played to 131 a game, to 10 match points"),
        ("mariage", ["Anna", "Hans"], {}, "Played to 7 game points"),
        ("marianna", ["A", "B", "C", "D"], {}, "Played to 501"),
        ("marianna", ["A", "B"], {"preset": "briscola151"}, "Played to 151"),
    ]
    for game, players, setup, words in cases:
        state = start(client, game, players, **setup)
        assert words in client.get(f"/m/{state['id']}").get_data(as_text=True)


def test_board_shows_a_pending_tied_german_game(client):
    # RULES.md §2: a tie is decided by the next game; the board says one is pending.
    state = start(client, "mariage", ["Anna", "Hans"])
    tie = {"trump": "hearts", "points": [69, 69], "marriages": [[], []]}
    client.post(f"/api/v1/matches/{state['id']}/deals", json=tie, headers=auth(state))
    page = client.get(f"/m/{state['id']}").get_data(as_text=True)
    assert "A tied game is pending" in page


def test_german_mariage_does_not_ask_who_reached_the_target_first(client):
    # RULES.md §2: German scoring has no target.
    mariage = start(client, "mariage", ["Anna", "Hans"])
    page = client.get(f"/m/{mariage['id']}/{mariage['token']}").get_data(as_text=True)
    assert "Who reached the target first?" not in page
    mariasz = start(client, "mariasz", ["Ania", "Bartek"])
    page = client.get(f"/m/{mariasz['id']}/{mariasz['token']}").get_data(as_text=True)
    assert "Who reached the target first?" in page


def test_briscola_says_matrimoni(client):
    state = start(client, "marianna", ["A", "B"], preset="briscola151")
    page = client.get(f"/m/{state['id']}/{state['token']}").get_data(as_text=True)
    assert "Matrimoni, in order" in page and "Matrimonios" not in page


def test_edit_that_ends_the_match_earlier_says_which_deals_to_delete(client):
    # The message says what to do, not "reopen it by editing a deal".
    state = start(client, "mariasz", ["Ania", "Bartek"], options={"match_target": 2})
    h = auth(state)
    url = f"/api/v1/matches/{state['id']}/deals"
    plain = {"trump": "hearts", "points": [131, None], "marriages": [[], []]}  # dubla 2: over
    low = {"trump": "hearts", "points": [80, None], "marriages": [[], []]}  # two: a sympla
    for record in (low, low, low):
        assert client.post(url, json=record, headers=h).status_code == 201
    response = client.put(f"{url}/1", json=plain, headers=h)
    assert response.status_code == 409
    message = response.json["errors"][0]["message"]
    assert "decided at deal 1" in message and "delete deals 2 to 3 first" in message
    assert deals(client, state)[0]["record"]["points"] == [80, None]


def test_a_new_match_is_not_finished_and_a_rematch_starts_open(client):
    # RULES.md v2 §4: finished_after is the Finish action's, never a new match's.
    response = client.post(
        "/api/v1/matches",
        json={"game": "marias", "players": ["Jana", "Petr", "Ota"],
              "options": {"finished_after": 3}},
    )  # fmt: skip
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == "options.finished_after"
    state = start(client, "marias", ["Jana", "Petr", "Ota"])
    client.post(f"/api/v1/matches/{state['id']}/deals", json=HRA, headers=auth(state))
    client.post(f"/api/v1/matches/{state['id']}/finish", headers=auth(state))
    again = client.post(f"/api/v1/matches/{state['id']}/rematch", headers=auth(state)).json
    assert again["options"].get("finished_after") is None
    more = client.post(f"/api/v1/matches/{again['id']}/deals", json=HRA, headers=auth(again))
    assert (more.status_code, more.json["finished"]) == (201, False)
