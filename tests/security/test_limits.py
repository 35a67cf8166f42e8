"""API.md v2 limits (scorekeeper/limits.py), each a 422 naming the field and the limit."""

from __future__ import annotations

from scorekeeper import limits

DEAL = {"trump": "hearts", "points": [95, None], "marriages": [[], []], "first_to_target": None}


def test_the_limits_are_those_of_the_api_contract():
    assert (limits.NAME_MAX, limits.DEALS_PER_MATCH, limits.PLAYERS_PER_TOURNAMENT) == (
        80,
        2_000,
        1_000,
    )


def test_a_match_holds_up_to_its_deal_limit(client, monkeypatch):
    monkeypatch.setattr("scorekeeper.services.matches.DEALS_PER_MATCH", 3)
    made = client.post("/api/v1/matches", json={"game": "mariage", "players": ["Hans", "Grete"]})
    url = f"/api/v1/matches/{made.json['id']}/deals"
    headers = {"Authorization": f"Bearer {made.json['token']}"}
    small = {**DEAL, "points": [40, None]}  # nobody reaches the target in three deals
    for _ in range(3):
        assert client.post(url, json=small, headers=headers).status_code == 201
    refused = client.post(url, json=small, headers=headers)
    assert refused.status_code == 422
    assert "up to 3 deals" in refused.json["errors"][0]["message"]
    assert len(client.get(f"/api/v1/matches/{made.json['id']}").json["deals"]) == 3


def test_a_tournament_takes_up_to_its_player_limit(client, monkeypatch):
    players = [f"Player {i}" for i in range(limits.PLAYERS_PER_TOURNAMENT + 1)]
    refused = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": players}
    )
    assert refused.status_code == 422 and refused.json["errors"][0]["field"] == "players"
    assert "1000 players" in refused.json["errors"][0]["message"]
    monkeypatch.setattr("scorekeeper.services.tournament_players.PLAYERS_PER_TOURNAMENT", 4)
    made = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": players[:4]}
    )
    late = client.post(
        f"/api/v1/tournaments/{made.json['id']}/players",
        json={"name": "Late"},
        headers={"Authorization": f"Bearer {made.json['token']}"},
    )
    assert late.status_code == 422 and "up to 4 players" in late.json["errors"][0]["message"]
