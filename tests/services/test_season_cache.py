"""The season table and ratings are cached per evening's fingerprint and still see changes
(bench/bench_season.py: under 1 s)."""

from scorekeeper.services import tournament_seasons
from tests.web.test_api_tournaments import SIX, _auth, _evening


def _first_wins(names):
    return [2] + [-1] * (len(names) - 1)


def test_cached_season_table_and_ratings_follow_a_corrected_result(client):
    tournament_seasons.clear_caches()
    season = client.post("/api/v1/seasons", json={"name": "Jaro", "scoring": "sum"}).get_json()
    one = _evening(client, season, "Večer 1", "2026-03-01", SIX, _first_wins)
    url = f"/api/v1/seasons/{season['id']}/table"
    first = client.get(url).get_json()
    assert client.get(url).get_json() == first  # served from the per-evening cache
    assert tournament_seasons._RESULTS and tournament_seasons._TABLES == {}
    jana = next(p["player_id"] for p in one["players"] if p["name"] == "Jana")
    assert client.get(f"/api/v1/players/{jana}").get_json()["rating"]
    assert tournament_seasons._TABLES and tournament_seasons._RATINGS
    # the organiser corrects table 1: the fingerprint changes, so both are recomputed
    base = f"/api/v1/tournaments/{one['id']}/rounds/1/tables/1"
    answer = client.put(f"{base}/result", json={"scores": [-4, 2, 2]},
                        headers=_auth(one["token"]))  # fmt: skip
    assert answer.status_code == 200, answer.get_json()
    client.post(f"{base}/confirm", headers=_auth(one["token"]))
    second = client.get(url).get_json()
    assert second["rows"] != first["rows"]
    assert sum(r["total"] for r in second["rows"]) == 0
    tournament_seasons.clear_caches()
    assert client.get(url).get_json() == second  # the same figures computed afresh
