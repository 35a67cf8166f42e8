"""League evenings through the API (API.md v3, RULES.md §6b): "format" and "parts", the PB table
and BP key as CSV bodies, "pb" on a typed result, standings rows with zb, pb, sb and bp."""

from __future__ import annotations

from itertools import combinations

TWELVE = [f"Hráč {c}" for c in "ABCDEFGHIJKL"]
KEY = "od;do;1.;2.;3.;4.;5.;6.;7.;8.;9.;10.;11.;12.\n9;12;30;25;21;18;15;12;10;8;6;4;2;1\n"
FIGURES = [([12, -3, -9], [5, 0, 20]), ([6, 3, -9], [0, 4, 0]), ([9, 0, -9], [0, 0, 0]),
           ([3, 0, -3], [2, 0, 0])]  # fmt: skip


def _auth(token):
    return {"Authorization": f"Bearer {token}"}


def _create(client, **extra):
    answer = client.post(
        "/api/v1/tournaments",
        json={"name": "Liga", "game": "marias", "players": TWELVE, "rounds": 2, "seed": 3,
              "format": "league", **extra},
    )  # fmt: skip
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _csv(client, t, what, text):
    return client.put(
        f"/api/v1/tournaments/{t['id']}/{what}",
        data=text.encode(),
        headers={**_auth(t["token"]), "Content-Type": "text/csv; charset=utf-8"},
    )


def _play(client, t, number):
    drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    assert drawn.status_code == 201, drawn.get_json()
    tables = drawn.get_json()["tables"]
    for table, (zb, pb) in zip(tables, FIGURES, strict=True):
        url = f"/api/v1/tournaments/{t['id']}/rounds/{number}/tables/{table['table']}"
        answer = client.put(url + "/result", json={"scores": zb, "pb": pb},
                            headers=_auth(t["token"]))  # fmt: skip
        assert answer.status_code == 200 and answer.get_json()["pb"] == pb
        assert client.post(url + "/confirm", headers=_auth(t["token"])).status_code == 200
    return tables


def test_a_league_evening_through_the_api(client):
    # API.md v3: format league with parts; pb-table and bp-key as CSV; "pb" on a typed result;
    # standings rows carry zb, pb, sb and bp (RULES.md §6b)
    t = _create(client)
    assert t["format"] == "league" and t["parts"] == 2 and t["part_rounds"] == [[1], [2]]
    answer = _csv(client, t, "bp-key", KEY)
    assert answer.status_code == 200
    assert answer.get_json()["bp_key"][0]["points"][:2] == [30, 25]
    answer = _csv(client, t, "pb-table", "sedma;na 3 trumfy;7\nsto;na 4 trumfy;10\n")
    assert answer.get_json()["pb_table"][0] == {"rule": "sedma", "condition": "na 3 trumfy",
                                                "points": 7}  # fmt: skip
    one = _play(client, t, 1)
    closed = client.post(f"/api/v1/tournaments/{t['id']}/rounds/1/close", headers=_auth(t["token"]))
    assert closed.status_code == 200, closed.get_json()
    after_one = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()["rows"]
    two = _play(client, t, 2)
    # RULES.md §6b: part 2 is drawn from part 1's results (leaders together), no repeat opponents
    assert after_one[0]["player_id"] in two[0]["player_ids"]
    met = {frozenset(p) for tb in one for p in combinations(tb["player_ids"], 2)}
    assert not any(frozenset(p) in met for tb in two for p in combinations(tb["player_ids"], 2))
    doc = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()
    assert doc["format"] == "league" and doc["tiebreaks"] == ["zb"]
    rows = doc["rows"]
    assert [r["bp"] for r in rows] == [30, 25, 21, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    assert all(r["sb"] == r["zb"] + r["pb"] == r["total"] for r in rows)
    assert all(len(r["parts"]) == 2 for r in rows)
    state = client.get(f"/api/v1/tournaments/{t['id']}").get_json()
    assert state["rounds"][0]["tables"][0]["pb"] == FIGURES[0][1]
    assert "token" not in state["rounds"][0]["tables"][0]


def test_a_bad_csv_line_is_a_422_naming_the_line(client):
    # RULES.md §6b: the league's tables are loaded as data; a bad line named with its reason
    t = _create(client)
    answer = _csv(client, t, "bp-key", "3;5;10;6;3;1;0\n3;4;9;5;1;0\n")
    assert answer.status_code == 422
    error = answer.get_json()["errors"][0]
    assert error["field"] == "bp_key.2" and error["message"].startswith("Line 2:")
    answer = _csv(client, t, "pb-table", "sedma;na 3 trumfy\n")
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["field"] == "pb_table.1"
    bad = client.put(f"/api/v1/tournaments/{t['id']}/bp-key", data=b"\xff\xfe3;5",
                     headers=_auth(t["token"]))  # fmt: skip
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["field"] == "bp_key"
    unauthorised = client.put(f"/api/v1/tournaments/{t['id']}/bp-key", data=KEY)
    assert unauthorised.status_code == 401
    cleared = _csv(client, t, "bp-key", "")
    assert cleared.status_code == 200 and cleared.get_json() == {"bp_key": []}


def test_league_fields_are_refused_beside_their_field(client):
    for extra, field in (
        ({"format": 1}, "format"),
        ({"format": "cup"}, "format"),
        ({"parts": 5}, "parts"),
        ({"ranking": "placings"}, "ranking"),
    ):
        answer = client.post(
            "/api/v1/tournaments",
            json={"name": "L", "game": "marias", "players": TWELVE, "rounds": 2,
                  "format": "league", **extra},
        )  # fmt: skip
        assert answer.status_code == 422, extra
        assert answer.get_json()["errors"][0]["field"] == field


def test_pb_on_a_standard_tournament_is_refused(client):
    answer = client.post(
        "/api/v1/tournaments", json={"name": "Pub", "game": "marias", "players": TWELVE[:3]}
    )
    t = answer.get_json()
    client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=_auth(t["token"]))
    url = f"/api/v1/tournaments/{t['id']}/rounds/1/tables/1/result"
    answer = client.put(url, json={"scores": [3, 0, -3], "pb": [1, 0, 0]},
                        headers=_auth(t["token"]))  # fmt: skip
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "pb"
    assert _csv(client, t, "bp-key", KEY).status_code == 409


def test_a_season_of_three_league_evenings_through_the_api(client):
    # RULES.md §6b: a season of league evenings adds BP, counts each player's best evenings (the
    # worst of three struck: best_n 2) and breaks ties by SB, then ZB
    season = client.post("/api/v1/seasons", json={"name": "Liga 2026", "best_n": 2}).get_json()
    bp: dict[str, list[int]] = {}
    for n in range(3):
        answer = client.post(
            "/api/v1/tournaments",
            json={"name": f"Liga {n + 1}", "game": "marias", "players": TWELVE, "rounds": 1,
                  "parts": 1, "seed": 30 + n, "format": "league", "season_id": season["id"],
                  "date": f"2026-0{n + 1}-01"},
            headers=_auth(season["token"]),
        )  # fmt: skip
        assert answer.status_code == 201, answer.get_json()
        t = answer.get_json()
        _csv(client, t, "bp-key", KEY)
        _play(client, t, 1)
        doc = client.get(f"/api/v1/tournaments/{t['id']}/standings").get_json()
        for r in doc["rows"]:
            bp.setdefault(r["player"], []).append(r["bp"])
    table = client.get(f"/api/v1/seasons/{season['id']}/table").get_json()
    assert table["ranked_on"] == "bp" and table["tiebreaks"] == ["sb", "zb"]
    assert len(table["rows"]) == 12
    for row in table["rows"]:
        got = bp[row["player"]]
        worst = max(i for i, x in enumerate(got) if x == min(got))  # of equal ones, the later
        assert row["total"] == sum(got) - got[worst]
        assert row["counted"] == [i != worst for i in range(3)]
    totals = [(r["total"], r["tiebreaks"]["sb"], r["tiebreaks"]["zb"]) for r in table["rows"]]
    assert totals == sorted(totals, reverse=True)
