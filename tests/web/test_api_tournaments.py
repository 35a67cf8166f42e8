"""JSON API v1 for tournaments: every endpoint, its answers and its errors (API.md)."""

from __future__ import annotations

import pytest

SIX = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"]
HRA = {
    "declarer": 0,
    "dealer": None,
    "trump": "clubs",
    "parts": [{"kind": "hra", "won": True, "flek": 0}],
}


def _auth(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def created(client):
    answer = client.post(
        "/api/v1/tournaments",
        json={
            "name": "Posvícenský turnaj",
            "game": "marias",
            "preset": "pub",
            "options": {},
            "players": SIX,
            "rounds": 2,
            "table_size": 3,
            "ranking": "balance",
            "seed": 7,
        },
    )
    assert answer.status_code == 201
    return answer.get_json()


def test_create_answers_state_and_token(created, client):
    # API.md: 201 with the tournament state plus "token"
    assert created["token"] and created["name"] == "Posvícenský turnaj"
    assert [p["name"] for p in created["players"]] == SIX
    assert created["rounds_planned"] == 2 and created["ranking"] == "balance"
    state = client.get(f"/api/v1/tournaments/{created['id']}").get_json()
    assert state["id"] == created["id"] and "token" not in state


@pytest.mark.parametrize(
    "body, field",
    [
        ({"game": "marias", "players": SIX}, "name"),
        ({"name": "T", "game": "whist"}, "game"),
        ({"name": "T", "game": "marias", "options": {"nope": 1}}, "options.nope"),
        ({"name": "T", "game": "marias", "rounds": "many"}, "rounds"),
        ({"name": "T", "game": "marias", "players": "Jana"}, "players"),
        ({"name": "T", "game": "marias", "players": ["A", "a"]}, "players.1"),
        ({"name": "T", "game": "marias", "stake": "lots"}, "stake"),
        ({"name": "T", "game": "marias", "ranking": "wins"}, "ranking"),
    ],
)
def test_create_refuses_bad_input_with_422(client, body, field):
    answer = client.post("/api/v1/tournaments", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["errors"][0]["field"] == field


def test_create_refuses_non_json(client):
    answer = client.post("/api/v1/tournaments", data="nonsense", content_type="text/plain")
    assert answer.status_code == 422 and answer.get_json()["errors"]


def test_unknown_tournament_is_404(client):
    assert client.get("/api/v1/tournaments/nope").status_code == 404
    assert client.get("/api/v1/tournaments/nope/standings").status_code == 404
    answer = client.post("/api/v1/tournaments/nope/rounds", headers=_auth("x"))
    assert answer.status_code == 404 and answer.get_json()["errors"]


@pytest.mark.parametrize(
    "method, path, body",
    [
        ("post", "/players", {"name": "Franta"}),
        ("delete", "/players/xyz", None),
        ("post", "/rounds", None),
        ("put", "/rounds/1/tables/1/result", {"scores": [1, -1, 0]}),
        ("post", "/rounds/1/tables/1/confirm", None),
    ],
)
def test_changes_need_a_token(created, client, method, path, body):
    # API.md: 401 without a token, 403 with a wrong one
    url = f"/api/v1/tournaments/{created['id']}{path}"
    client.post(f"/api/v1/tournaments/{created['id']}/rounds", headers=_auth(created["token"]))
    assert getattr(client, method)(url, json=body).status_code == 401
    assert getattr(client, method)(url, json=body, headers=_auth("wrong")).status_code == 403


def test_players_late_entry_and_withdrawal(created, client):
    base, auth = f"/api/v1/tournaments/{created['id']}", _auth(created["token"])
    answer = client.post(f"{base}/players", json={"name": "Franta"}, headers=auth)
    assert answer.status_code == 201 and answer.get_json()["name"] == "Franta"
    assert client.post(f"{base}/players", json={"name": "franta"}, headers=auth).status_code == 422
    assert client.post(f"{base}/players", json={}, headers=auth).status_code == 422
    pid = answer.get_json()["id"]
    gone = client.delete(f"{base}/players/{pid}", headers=auth)
    assert gone.status_code == 200 and gone.get_json()["active"] is False
    assert client.delete(f"{base}/players/{pid}", headers=auth).status_code == 409
    assert client.delete(f"{base}/players/nobody", headers=auth).status_code == 404


def test_round_result_confirm_and_standings(created, client):
    base, auth = f"/api/v1/tournaments/{created['id']}", _auth(created["token"])
    drawn = client.post(f"{base}/rounds", headers=auth)
    assert drawn.status_code == 201
    rnd = drawn.get_json()
    assert rnd["round"] == 1 and rnd["repeats"] == 0 and len(rnd["tables"]) == 2
    first, second = rnd["tables"]
    assert set(first) >= {"table", "player_ids", "players", "match_id", "token"}
    # the table enters a deal through the match API with its own token
    deal = client.post(
        f"/api/v1/matches/{first['match_id']}/deals", json=HRA, headers=_auth(first["token"])
    )
    assert deal.status_code == 201
    # the other table's token cannot confirm this table; its own can
    url = f"{base}/rounds/1/tables/1/confirm"
    assert client.post(url, headers=_auth(second["token"])).status_code == 403
    ok = client.post(url, json={"by": first["players"][1]}, headers=_auth(first["token"]))
    assert ok.status_code == 200 and ok.get_json()["confirmed"] is True
    # next round refused while table 2 is unconfirmed
    assert client.post(f"{base}/rounds", headers=auth).status_code == 409
    sheet = client.put(
        f"{base}/rounds/1/tables/2/result", json={"scores": [4, -2, -2]}, headers=auth
    )
    assert sheet.status_code == 200 and sheet.get_json()["confirmed"] is False
    bad = client.put(f"{base}/rounds/1/tables/2/result", json={"scores": [4, 2, -2]}, headers=auth)
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["field"] == "scores"
    assert (
        client.put(
            f"{base}/rounds/1/tables/2/result", json={"scores": ["a", 0, 0]}, headers=auth
        ).get_json()["errors"][0]["field"]
        == "scores.0"
    )
    assert (
        client.put(
            f"{base}/rounds/1/tables/9/result", json={"scores": [0, 0, 0]}, headers=auth
        ).status_code
        == 404
    )
    assert client.post(f"{base}/rounds/1/tables/2/confirm", headers=auth).status_code == 200
    table = client.get(f"{base}/standings").get_json()
    assert table["after_round"] == 1
    rows = table["rows"]
    assert set(rows[0]) >= {"rank", "player_id", "player", "total", "rounds", "tiebreaks"}
    assert rows[0]["total"] == 4 and rows[0]["rounds"] == [4]
    # RULES.md §6: true ties share a rank (the four players on -1/-2 are split by tie-breaks)
    assert [r["rank"] for r in rows][:2] == [1, 2]
    second_round = client.post(f"{base}/rounds", headers=auth)
    assert second_round.status_code == 201 and second_round.get_json()["round"] == 2
    assert client.post(f"{base}/rounds", headers=auth).status_code == 409


def test_public_state_hides_table_tokens(created, client):
    base, auth = f"/api/v1/tournaments/{created['id']}", _auth(created["token"])
    client.post(f"{base}/rounds", headers=auth)
    public = client.get(base).get_json()
    assert "token" not in public["rounds"][0]["tables"][0]
    private = client.get(base, headers=auth).get_json()
    assert private["rounds"][0]["tables"][0]["token"]


@pytest.mark.parametrize(
    "body",
    [
        {"name": "T", "game": "marias", "preset": 5},
        {"name": "T", "game": "marias", "preset": "nope"},
        {"name": "T", "game": "marias", "seed": -1},
        {"name": "T", "game": "marias", "seed": "x"},
        {"name": 5, "game": "marias"},
        {"name": "T", "game": ["marias"]},
        {"name": "T", "game": "marias", "players": [None, 3]},
        {"name": "T", "game": "marias", "deals_per_round": "x"},
        {"name": "T", "game": "marias", "table_size": 9},
        {"name": "T", "game": "marias", "options": []},
        {"name": "T", "game": "marianna", "players": ["Solo"]},
        [1, 2],
    ],
)
def test_odd_bodies_never_crash(client, body):
    # API.md: never a 500 for anything a client sends
    answer = client.post("/api/v1/tournaments", json=body)
    assert answer.status_code == 422 and answer.get_json()["errors"]


def test_draw_that_cannot_seat_everyone_is_422(client):
    # RULES.md §6: Mariáš seats 3 or 4 at a table; two players cannot be seated
    made = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": ["A", "B"]}
    ).get_json()
    answer = client.post(f"/api/v1/tournaments/{made['id']}/rounds", headers=_auth(made["token"]))
    assert answer.status_code == 422 and answer.get_json()["errors"][0]["field"] == "players"


def test_a_thirty_player_evening_through_the_api(client):
    # RULES.md §6: 30 players, 4 rounds of Mariáš, results from the sheets, confirmed, ranked
    names = [f"Hráč {i}" for i in range(1, 31)]
    made = client.post(
        "/api/v1/tournaments",
        json={"name": "Pub", "game": "marias", "players": names, "rounds": 4, "seed": 11},
    ).get_json()
    base, auth = f"/api/v1/tournaments/{made['id']}", _auth(made["token"])
    met: set[frozenset[str]] = set()
    for number in range(1, 5):
        rnd = client.post(f"{base}/rounds", headers=auth).get_json()
        assert rnd["round"] == number and len(rnd["tables"]) == 10
        assert rnd["repeats"] == 0  # RULES.md §6: the draw avoids repeat meetings
        for table in rnd["tables"]:
            ids = table["player_ids"]
            met |= {frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :]}
            url = f"{base}/rounds/{number}/tables/{table['table']}"
            k = 3 * (table["table"] % 4) + 1  # RULES.md §6: balances alike modulo 3
            figures = [k, -2, 2 - k]
            assert (
                client.put(f"{url}/result", json={"scores": figures}, headers=auth).status_code
                == 200
            )
            assert client.post(f"{url}/confirm", headers=_auth(table["token"])).status_code == 200
    assert len(met) == 4 * 10 * 3
    table = client.get(f"{base}/standings").get_json()
    assert table["after_round"] == 4 and len(table["rows"]) == 30
    assert sum(r["total"] for r in table["rows"]) == 0
    assert [r["total"] for r in table["rows"]] == sorted(
        (r["total"] for r in table["rows"]), reverse=True
    )
    assert client.post(f"{base}/rounds", headers=auth).status_code == 409  # all rounds played


def _evening(client, season, name, date, players, scores_by_table, **extra):
    """An evening of ``season`` with one round; each table's sheet figures, confirmed."""
    answer = client.post(
        "/api/v1/tournaments",
        json={"name": name, "date": date, "game": "marias", "players": players, "rounds": 1,
              "seed": 3, "season_id": season["id"], **extra},
        headers=_auth(season["token"]),
    )  # fmt: skip
    assert answer.status_code == 201, answer.get_json()
    evening = answer.get_json()
    drawn = client.post(f"/api/v1/tournaments/{evening['id']}/rounds", json={"seed": 1},
                        headers=_auth(evening["token"])).get_json()  # fmt: skip
    for table in drawn["tables"]:
        scores = scores_by_table(table["players"])
        base = f"/api/v1/tournaments/{evening['id']}/rounds/1/tables/{table['table']}"
        client.put(f"{base}/result", json={"scores": scores}, headers=_auth(evening["token"]))
        client.post(f"{base}/confirm", headers=_auth(evening["token"]))
    return evening


def test_v2_standings_answer_etag_and_304(created, client):
    # API.md v2: the standings carry an ETag; If-None-Match answers 304 while nothing changed
    url = f"/api/v1/tournaments/{created['id']}/standings"
    first = client.get(url)
    etag = first.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    client.post(f"/api/v1/tournaments/{created['id']}/players", json={"name": "Zdeněk"},
                headers=_auth(created["token"]))  # fmt: skip
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    rows = changed.get_json()["rows"]
    assert {"rank", "place", "provisional"} <= set(rows[0]) if rows else True


def test_v2_tournament_options_are_stored_and_checked(client):
    body = {"name": "Krajský turnaj", "game": "marias", "players": SIX, "rounds": 5,
            "drop_rounds": "best_and_worst", "seeding": "random", "language": "cs"}  # fmt: skip
    answer = client.post("/api/v1/tournaments", json=body)
    assert answer.status_code == 201
    state = answer.get_json()
    assert (state["drop_rounds"], state["seeding"], state["language"]) == (
        "best_and_worst", "random", "cs",
    )  # fmt: skip
    for field, bad in (("drop_rounds", "all"), ("seeding", "luck"), ("language", "xx"),
                       ("seeding", "season")):  # fmt: skip
        refused = client.post("/api/v1/tournaments", json={**body, field: bad})
        assert refused.status_code == 422
        assert refused.get_json()["errors"][0]["field"] == field


def test_v2_a_season_of_three_evenings_with_its_roster_table_and_ratings(client):
    # RULES.md §6a, API.md v2 "Seasons and the roster"
    season = client.post("/api/v1/seasons", json={"name": "Zima 2026", "scoring": "sum",
                                                   "best_n": 2, "seed": 7})  # fmt: skip
    assert season.status_code == 201
    season = season.get_json()
    assert client.post("/api/v1/seasons", json={"name": "x", "scoring": "max"}).status_code == 422
    body = {"name": "E", "game": "marias", "players": SIX, "season_id": season["id"]}
    wrong = client.post("/api/v1/tournaments", json=body, headers=_auth("nope"))
    assert wrong.status_code == 403

    def first_wins(names):  # the first seat wins 2, the others pay 1 each
        return [2] + [-1] * (len(names) - 1)

    one = _evening(client, season, "Večer 1", "2026-01-08", SIX, first_wins)
    ids = {p["name"]: p["player_id"] for p in one["players"]}
    assert all(ids.values()) and len(set(ids.values())) == 6
    found = client.get(f"/api/v1/seasons/{season['id']}/players?q=j").get_json()["players"]
    assert [p["name"] for p in found] == ["Jana"]
    # evening 2: roster players named by id beside a new plain name
    two_players = [{"player_id": ids[n]} for n in SIX[:5]] + ["Zdeněk"]
    two = _evening(client, season, "Večer 2", "2026-01-15", two_players, first_wins)
    assert {p["player_id"] for p in two["players"]} >= set(ids[n] for n in SIX[:5])
    three = _evening(client, season, "Večer 3", "2026-01-22", SIX, lambda n: [0] * len(n))
    table = client.get(f"/api/v1/seasons/{season['id']}/table").get_json()
    rows = {r["player"]: r for r in table["rows"]}
    assert set(rows) == set(SIX) | {"Zdeněk"}
    assert [e["name"] for e in table["evenings"]] == ["Večer 1", "Večer 2", "Večer 3"]
    for row in table["rows"]:  # best 2 of the evening results, absences are no result
        results = [x for x in row["results"] if x is not None]
        assert row["total"] == sum(sorted(results, reverse=True)[:2])
    assert rows["Zdeněk"]["evenings"] == 1 and rows["Lída"]["evenings"] == 2
    assert sorted(r["place"] for r in table["rows"]) == list(range(1, 8))
    player = client.get(f"/api/v1/players/{ids['Jana']}").get_json()
    assert player["name"] == "Jana" and len(player["tournaments"]) == 3
    assert set(player["rating"]) == {"mu", "sigma", "ordinal", "games"}
    assert [t["id"] for t in player["tournaments"]] == [one["id"], two["id"], three["id"]]
    assert client.get("/api/v1/players/nope").status_code == 404
    _check_exports(client, season, one, table)


def _check_exports(client, season, evening, table):
    # API.md v2 exports: standings and the season table as CSV and XLSX, every deal as CSV
    import csv
    import io

    from openpyxl import load_workbook

    answer = client.get(f"/tournaments/{evening['id']}/standings.csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(answer.data.decode("utf-8-sig"))))
    assert rows[0][:4] == ["Rank", "Shared rank", "Place", "Player"]
    assert sorted(int(r[2]) for r in rows[1:]) == list(range(1, 7))
    book = load_workbook(
        io.BytesIO(client.get(f"/tournaments/{evening['id']}/standings.xlsx").data)
    )
    assert [c.value for c in book.active[1]][:4] == ["Rank", "Shared rank", "Place", "Player"]
    assert book.active.max_row == 7
    season_csv = client.get(f"/seasons/{season['id']}/table.csv").data.decode("utf-8-sig")
    got = list(csv.reader(io.StringIO(season_csv)))
    assert [r[3] for r in got[1:]] == [r["player"] for r in table["rows"]]
    sheet = load_workbook(io.BytesIO(client.get(f"/seasons/{season['id']}/table.xlsx").data))
    assert sheet.active.max_row == len(table["rows"]) + 1
    pdf = client.get(f"/seasons/{season['id']}/table.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    from pypdf import PdfReader

    text = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf.data)).pages
    )
    # the footnote under the struck-through results speaks of evenings (best 2), not rounds
    assert "each player's best 2 evenings count" in text and "rounds" not in text
    deals = client.get(f"/tournaments/{evening['id']}/deals.csv").data.decode("utf-8-sig")
    assert deals.splitlines()[0] == "Round,Table,Deal,Players,Record,Change"
    assert client.get("/seasons/nope/table.csv").status_code == 404
