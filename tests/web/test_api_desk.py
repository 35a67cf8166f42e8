"""The organiser's desk through the API (API.md v3): closing any round, changing a draw before
the round starts, per-round availability and the crosstable (docs/api.md)."""

from __future__ import annotations

from itertools import combinations

import pytest

NINE = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Řehoř", "Šárka", "Ctibor"]


def _auth(token):
    return {"Authorization": f"Bearer {token}"}


def _create(client, players=NINE, rounds=3, **extra):
    answer = client.post(
        "/api/v1/tournaments",
        json={
            "name": "Desk",
            "game": "marias",
            "players": players,
            "rounds": rounds,
            "seed": 5,
            **extra,
        },
    )
    assert answer.status_code == 201
    return answer.get_json()


def _ids(state):
    return {p["name"]: p["id"] for p in state["players"]}


def _confirm_all(client, t, number, tables):
    for table in tables:
        n = len(table["player_ids"])
        scores = [2, -1, -1] if n == 3 else [3, -1, -1, -1]
        url = f"/api/v1/tournaments/{t['id']}/rounds/{number}/tables/{table['table']}"
        assert client.put(url + "/result", json={"scores": scores}, headers=_auth(t["token"]))
        assert client.post(url + "/confirm", headers=_auth(t["token"])).status_code == 200


def _draw_unstarted(app, t):
    """Draw the next round without starting it (the pages' "Confirm this draw")."""
    from scorekeeper.db import get_session
    from scorekeeper.services import tournaments as svc

    with app.app_context():
        return svc.confirm_round(session=get_session(), tournament_id=t["id"])


def test_the_last_round_is_closed_through_the_api(client):
    # API.md v3: POST …/rounds/{r}/close closes a round, the last one too
    t = _create(client, rounds=1)
    drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    _confirm_all(client, t, 1, drawn.get_json()["tables"])
    url = f"/api/v1/tournaments/{t['id']}/rounds/1/close"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=_auth("wrong")).status_code == 403
    answer = client.post(url, headers=_auth(t["token"]))
    assert answer.status_code == 200 and answer.get_json()["status"] == "closed"
    again = client.post(url, headers=_auth(t["token"]))
    assert again.status_code == 409 and again.get_json()["errors"][0]["field"] == "round"
    assert (
        client.post(
            f"/api/v1/tournaments/{t['id']}/rounds/9/close", headers=_auth(t["token"])
        ).status_code
        == 404
    )
    state = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    assert state["rounds"][-1]["status"] == "closed"


def test_a_drawn_round_is_changed_by_swap_and_move_with_its_repeats_counted(app, client):
    # API.md v3: PATCH …/rounds/{r} {"swap": [...]} or {"move": …, "table": n}
    t = _create(client, players=NINE + ["Dana"])
    first = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    _confirm_all(client, t, 1, first.get_json()["tables"])
    assert (
        client.post(
            f"/api/v1/tournaments/{t['id']}/rounds/1/close", headers=_auth(t["token"])
        ).status_code
        == 200
    )
    drawn = _draw_unstarted(app, t)
    url = f"/api/v1/tournaments/{t['id']}/rounds/2"
    first_tables = first.get_json()["tables"]
    met = {frozenset(p) for tb in first_tables for p in combinations(tb["player_ids"], 2)}
    one, two = drawn["tables"][0], drawn["tables"][1]
    a, b = one["player_ids"][0], two["player_ids"][0]
    answer = client.patch(url, json={"swap": [a, b]}, headers=_auth(t["token"]))
    assert answer.status_code == 200
    after = answer.get_json()
    assert b in after["tables"][0]["player_ids"] and a in after["tables"][1]["player_ids"]
    pairs = [frozenset(p) for tb in after["tables"] for p in combinations(tb["player_ids"], 2)]
    assert after["repeats"] == sum(p in met for p in pairs)  # RULES.md §6: the repeat count
    assert len(after["repeat_pairs"]) == after["repeats"]
    # the tables' matches have the new players and keep their tokens
    table1 = client.get(f"/api/v1/matches/{after['tables'][0]['match_id']}").get_json()
    assert table1["players"] == after["tables"][0]["players"]
    assert after["tables"][0]["token"] == one["token"]
    # a table of 4 gives one player to a table of 3 (4 -> 3, 3 -> 4)
    four = next(tb for tb in after["tables"] if len(tb["player_ids"]) == 4)
    three = next(tb for tb in after["tables"] if len(tb["player_ids"]) == 3)
    mover = four["player_ids"][-1]
    moved = client.patch(
        url, json={"move": mover, "table": three["table"]}, headers=_auth(t["token"])
    ).get_json()
    sizes = {tb["table"]: len(tb["player_ids"]) for tb in moved["tables"]}
    assert sizes[three["table"]] == 4 and sizes[four["table"]] == 3
    # a table of 3 cannot give a player away: 422 naming the move
    threes = [tb for tb in moved["tables"] if len(tb["player_ids"]) == 3]
    body = {"move": threes[0]["player_ids"][0], "table": threes[1]["table"]}
    refused = client.patch(url, json=body, headers=_auth(t["token"]))
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["field"] == "move"
    audit = client.get(f"/api/v1/tournaments/{t['id']}").get_json()["rounds"][1]
    assert audit["repeats"] == moved["repeats"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "swap"),
        ({"swap": "x"}, "swap"),
        ({"swap": ["a"]}, "swap"),
        ({"swap": ["nobody", "nobody else"]}, "swap"),
        ({"move": "nobody", "table": 1}, "move"),
        ({"move": None, "table": 1}, "swap"),
        ({"swap": [1, 2]}, "swap"),
    ],
)
def test_bad_draw_changes_are_422_naming_the_field(app, client, body, field):
    t = _create(client)
    _draw_unstarted(app, t)
    answer = client.patch(
        f"/api/v1/tournaments/{t['id']}/rounds/1", json=body, headers=_auth(t["token"])
    )
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == field


def test_a_started_round_cannot_be_changed(client):
    # API.md v3: the draw changes before a round starts; after, 409 with the reason
    t = _create(client)
    drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    tables = drawn.get_json()["tables"]
    body = {"swap": [tables[0]["player_ids"][0], tables[1]["player_ids"][0]]}
    answer = client.patch(
        f"/api/v1/tournaments/{t['id']}/rounds/1", json=body, headers=_auth(t["token"])
    )
    assert answer.status_code == 409
    assert "started" in answer.get_json()["errors"][0]["message"]
    assert client.patch(f"/api/v1/tournaments/{t['id']}/rounds/1", json=body).status_code == 401


def test_a_table_with_deals_keeps_its_players(app, client):
    t = _create(client)
    drawn = _draw_unstarted(app, t)
    one = drawn["tables"][0]
    deal = {
        "declarer": 0,
        "dealer": None,
        "trump": "clubs",
        "parts": [{"kind": "hra", "won": True, "flek": 0}],
    }
    assert (
        client.post(
            f"/api/v1/matches/{one['match_id']}/deals", json=deal, headers=_auth(one["token"])
        ).status_code
        == 201
    )
    body = {"swap": [one["player_ids"][0], drawn["tables"][1]["player_ids"][0]]}
    answer = client.patch(
        f"/api/v1/tournaments/{t['id']}/rounds/1", json=body, headers=_auth(t["token"])
    )
    assert answer.status_code == 409 and answer.get_json()["errors"][0]["field"] == "table"


def test_absent_for_one_round_and_back_for_the_next(client):
    # API.md v3: PUT …/players/{id}/absent {"rounds": [2]}: out of round 2's draw only
    t = _create(client, players=NINE + ["Dana"], rounds=3)
    dana = _ids(t)["Dana"]
    url = f"/api/v1/tournaments/{t['id']}/players/{dana}/absent"
    answer = client.put(url, json={"rounds": [2]}, headers=_auth(t["token"]))
    assert answer.status_code == 200 and answer.get_json()["absent_rounds"] == [2]
    assert answer.get_json()["active"] is True  # not a withdrawal
    seated = []
    for number in (1, 2, 3):
        drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
        tables = drawn.get_json()["tables"]
        seated.append(any(dana in tb["player_ids"] for tb in tables))
        _confirm_all(client, t, number, tables)
        if number == 1:  # round 2 is drawn next: its absence can no longer change after that
            assert (
                client.put(url, json={"rounds": []}, headers=_auth(t["token"])).status_code == 200
            )
            assert (
                client.put(url, json={"rounds": [2]}, headers=_auth(t["token"])).status_code == 200
            )
    assert seated == [True, False, True]
    late = client.put(url, json={"rounds": []}, headers=_auth(t["token"]))
    assert late.status_code == 409 and late.get_json()["errors"][0]["field"] == "rounds"
    row = next(
        r
        for r in client.get(f"/api/v1/tournaments/{t['id']}/crosstable").get_json()["rows"]
        if r["player_id"] == dana
    )
    assert [c["played"] for c in row["rounds"]] == [True, False, True]


def test_a_player_away_is_seated_by_hand_after_all(app, client):
    # docs/api.md: a move seats a player the draw left out; the round is no longer away
    t = _create(client, players=[*NINE, "Dana"])
    dana = _ids(t)["Dana"]
    url = f"/api/v1/tournaments/{t['id']}/players/{dana}/absent"
    assert client.put(url, json={"rounds": [1]}, headers=_auth(t["token"])).status_code == 200
    drawn = _draw_unstarted(app, t)  # nine players: three tables of 3
    assert all(dana not in tb["player_ids"] for tb in drawn["tables"])
    body = {"move": dana, "table": 2}
    answer = client.patch(
        f"/api/v1/tournaments/{t['id']}/rounds/1", json=body, headers=_auth(t["token"])
    )
    assert answer.status_code == 200 and dana in answer.get_json()["tables"][1]["player_ids"]
    state = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    assert next(p for p in state["players"] if p["id"] == dana)["absent_rounds"] == []


@pytest.mark.parametrize("rounds", ["3", [0], [4], [True], [1.5], None])
def test_bad_absences_are_422(client, rounds):
    t = _create(client)
    url = f"/api/v1/tournaments/{t['id']}/players/{_ids(t)['Jana']}/absent"
    answer = client.put(url, json={"rounds": rounds}, headers=_auth(t["token"]))
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "rounds"
    assert client.put(url, json={"rounds": [1]}).status_code == 401
    missing = client.put(
        f"/api/v1/tournaments/{t['id']}/players/nope/absent",
        json={"rounds": [1]},
        headers=_auth(t["token"]),
    )
    assert missing.status_code == 404


def test_crosstable_names_opponents_results_and_byes(client):
    # API.md v3 crosstable: who met whom, each round's result, byes marked (Swiss, RULES.md §6)
    answer = client.post(
        "/api/v1/tournaments",
        json={
            "name": "Schweizer",
            "game": "mariage",
            "players": ["A", "B", "C"],
            "rounds": 2,
            "seed": 3,
        },
    )
    t = answer.get_json()
    drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    table = drawn.get_json()["tables"][0]
    url = f"/api/v1/tournaments/{t['id']}/rounds/1/tables/1"
    client.put(url + "/result", json={"scores": [7, 2]}, headers=_auth(t["token"]))
    client.post(url + "/confirm", headers=_auth(t["token"]))
    cross = client.get(f"/api/v1/tournaments/{t['id']}/crosstable")
    assert cross.status_code == 200 and cross.headers["ETag"]
    rows = {r["player_id"]: r for r in cross.get_json()["rows"]}
    winner, loser = table["player_ids"]
    assert rows[winner]["rounds"][0] | {"opponents": None} == rows[winner]["rounds"][0] | {
        "round": 1,
        "table": 1,
        "result": 7,
        "bye": False,
        "won": True,
        "opponents": None,
    }
    assert rows[winner]["rounds"][0]["opponents"] == [table["players"][1]]
    assert rows[loser]["rounds"][0]["won"] is False
    bye = next(pid for pid in rows if pid not in table["player_ids"])
    cell = rows[bye]["rounds"][0]
    assert cell["bye"] is True and cell["opponents"] == [] and cell["result"] == 5  # median 4.5
    assert [r["number"] for r in cross.get_json()["rows"]] == [1, 2, 3]
    etag = cross.headers["ETag"]
    again = client.get(f"/api/v1/tournaments/{t['id']}/crosstable", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert client.get("/api/v1/tournaments/nope/crosstable").status_code == 404
