"""JSON API, the organiser's desk (API.md v3): tie-breaks chosen and ordered, categories and
clubs, the club table, entry fee and payout (RULES.md §6)."""

from __future__ import annotations

import pytest

SIX = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"]


def _auth(token):
    return {"Authorization": f"Bearer {token}"}


def _create(client, **extra):
    body = {"name": "Posvícení", "game": "marias", "players": SIX, "rounds": 2, "seed": 7, **extra}
    answer = client.post("/api/v1/tournaments", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _play_round(client, t, figures):
    """Draw the next round and confirm each table's figures (one list per table)."""
    drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    assert drawn.status_code == 201
    for table, scores in zip(drawn.get_json()["tables"], figures, strict=True):
        url = f"/api/v1/tournaments/{t['id']}/rounds/{drawn.get_json()['round']}/tables/"
        put = client.put(
            url + f"{table['table']}/result",
            json={"scores": scores, "confirm_figures": True},  # the figures set up the ties
            headers=_auth(t["token"]),
        )
        assert put.status_code == 200
        confirmed = client.post(url + f"{table['table']}/confirm", headers=_auth(t["token"]))
        assert confirmed.status_code == 200
    return drawn.get_json()


def test_tiebreaks_chosen_on_create_decide_in_that_order(client):
    # RULES.md §6: an ordered choice of what the ranking offers; the standings follow it
    t = _create(client, tiebreaks=["last_places", "table_wins"])
    assert t["tiebreaks"] == ["last_places", "table_wins"]
    _play_round(client, t, [[4, 4, -8], [2, 0, -2]])
    doc = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()
    assert doc["tiebreaks"] == ["last_places", "table_wins"]
    # a JSON object has no order: the document's "tiebreaks" list says it
    assert set(doc["rows"][0]["tiebreaks"]) == {"last_places", "table_wins", "lot"}
    default = _create(client)
    assert default["tiebreaks"] == ["table_wins", "best_round", "last_places"]


@pytest.mark.parametrize(
    ("tiebreaks", "field"),
    [
        (["buchholz"], "tiebreaks.0"),  # Mariáš offers no Buchholz
        (["table_wins", "table_wins"], "tiebreaks.1"),
        ("table_wins", "tiebreaks"),
        (["balance"], "tiebreaks.0"),  # ranked by balance: not its own tie-break
    ],
)
def test_an_unknown_tiebreak_is_a_422_naming_it(client, tiebreaks, field):
    body = {"name": "T", "game": "marias", "players": SIX, "tiebreaks": tiebreaks}
    answer = client.post("/api/v1/tournaments", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["field"] == field


def test_two_player_tiebreaks_offer_buchholz_cut_and_sonneborn_berger(client):
    t = _create(client, game="mariasz", players=SIX[:4], tiebreaks=["sonneborn_berger"])
    assert t["tiebreaks"] == ["sonneborn_berger"]


def test_tiebreaks_change_only_before_round_1(client):
    t = _create(client)
    url, auth = f"/api/v1/tournaments/{t['id']}", _auth(t["token"])
    answer = client.patch(url, json={"tiebreaks": ["best_round"]}, headers=auth)
    assert answer.status_code == 200 and answer.get_json()["tiebreaks"] == ["best_round"]
    assert client.patch(url, json={"tiebreaks": []}, headers={}).status_code == 401
    _play_round(client, t, [[1, 0, -1], [1, 0, -1]])
    late = client.patch(url, json={"tiebreaks": ["table_wins"]}, headers=auth)
    assert late.status_code == 422 and late.get_json()["errors"][0]["field"] == "tiebreaks"
    fee = client.patch(url, json={"fee": "50", "payout": ["0.6", "0.4"]}, headers=auth)
    assert fee.status_code == 200 and fee.get_json()["payout"] == ["0.6", "0.4"]
    assert client.patch(url, json={"name": "x"}, headers=auth).status_code == 422


def test_categories_and_clubs_rank_a_category_and_the_clubs(client):
    # RULES.md §6: each category from the same standings; clubs by their best club_best_n
    t = _create(client, club_best_n=2)
    ids = {p["name"]: p["id"] for p in t["players"]}
    auth = _auth(t["token"])
    for name, categories, club in [
        ("Jana", ["Women"], "Sokol"), ("Eva", ["women", "senior"], "Sokol"),
        ("Lída", ["women"], "U Krále"), ("Petr", [], "Sokol"), ("Ota", ["senior"], "u krále"),
    ]:  # fmt: skip
        answer = client.patch(
            f"/api/v1/tournaments/{t['id']}/players/{ids[name]}",
            json={"categories": categories, "club": club},
            headers=auth,
        )
        assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"id": ids["Ota"], "name": "Ota", "categories": ["senior"],
                                 "club": "u krále"}  # fmt: skip
    drawn = _play_round(client, t, [[3, 0, -3], [2, 1, -3]])
    women = client.get(f"/api/v1/tournaments/{t['id']}/standings?category=women").get_json()
    assert women["category"] == "women"
    assert {r["player"] for r in women["rows"]} == {"Jana", "Eva", "Lída"}
    assert [r["place"] for r in women["rows"]] == [1, 2, 3]
    overall = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()
    order = [r["player"] for r in overall["rows"]]
    names = [r["player"] for r in women["rows"]]
    assert names == sorted(names, key=order.index)  # the whole field's order
    missing = client.get(f"/api/v1/tournaments/{t['id']}/standings?category=junior")
    assert missing.status_code == 404
    clubs = client.get(f"/api/v1/tournaments/{t['id']}/clubs").get_json()
    assert clubs["club_best_n"] == 2
    assert {c["club"] for c in clubs["rows"]} == {"Sokol", "U Krále"}  # one club, any case
    for club in clubs["rows"]:
        counted = [p for p in club["players"] if p["counted"]]
        assert len(counted) == min(2, len(club["players"]))
        assert club["total"] == sum(p["total"] for p in counted)
    assert drawn["round"] == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"categories": "x" * 41}, "categories.0"),
        ({"categories": [1]}, "categories.0"),
        ({"club": 5}, "club"),
        ({"club": "x" * 81}, "club"),
    ],
)
def test_bad_player_details_are_a_422(client, body, field):
    t = _create(client)
    url = f"/api/v1/tournaments/{t['id']}/players/{t['players'][0]['id']}"
    answer = client.patch(url, json=body, headers=_auth(t["token"]))
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == field
    other = client.patch(
        f"/api/v1/tournaments/{t['id']}/players/nobody", json={}, headers=_auth(t["token"])
    )
    assert other.status_code == 404


def test_payouts_follow_place_the_lot_deciding_a_shared_rank(client):
    # API.md v3: pool = fee × entrants; amount per place; a shared rank: the lot's place decides
    t = _create(client, fee="100", payout=["0.5", "0.3", "0.2"], currency="CZK")
    _play_round(client, t, [[4, 4, -8], [2, 0, -2]])
    got = client.get(f"/api/v1/tournaments/{t['id']}/payouts").get_json()
    assert got["pool"] == "600.00" and got["currency"] == "CZK"
    rows = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["rows"]
    by_place = {r["place"]: r["player"] for r in rows}
    assert [(r["place"], r["player"], r["amount"]) for r in got["rows"]] == [
        (1, by_place[1], "300.00"), (2, by_place[2], "180.00"), (3, by_place[3], "120.00"),
    ]  # fmt: skip
    assert got["rows"][0]["by_lot"] and got["rows"][1]["by_lot"]  # 4, 4: equal on everything


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"fee": "lots"}, "fee"),
        ({"fee": "-5"}, "fee"),
        ({"fee": "1.005"}, "fee"),
        ({"payout": ["0.7", "0.4"]}, "payout"),
        ({"payout": ["0"]}, "payout.0"),
        ({"payout": "half"}, "payout"),
        ({"club_best_n": 0}, "club_best_n"),
    ],
)
def test_bad_money_is_a_422(client, extra, field):
    answer = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": SIX, **extra}
    )
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == field
