"""What the fuzz's requests address: a match of every game and preset with deals, tournaments
run through the API and through the pages (an organiser logged in), a season, a roster."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

PASSWORD = "secret123"
PLAYERS = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Marek", "Šárka", "Řehoř"]
HRA = {
    "declarer": 0,
    "dealer": None,
    "trump": "hearts",
    "parts": [{"kind": "hra", "won": True, "flek": 0}],
}
TWOHAND = {
    "trump": "hearts",
    "points": [95, None],
    "marriages": [["hearts"], []],
    "first_to_target": None,
}
#: docs/rules.md §4a (licitovaný mariáš): a sedma with a flek from one defender and PB
LICIT = {
    "declarer": 0,
    "dealer": None,
    "contract": "sedma",
    "trump": "clubs",
    "parts": [
        {"kind": "hra", "won": True, "flek": [1, 0]},
        {"kind": "sedma", "won": True, "flek": [0, 0]},
    ],
    "pb": [2, 0, 0],
}
MARIANNA = {
    "points": [70, None],
    "declarations": [{"side": 0, "suit": "hearts"}],
    "first_to_target": None,
}

#: (game, preset, players, a deal record): one match each. The record is the base the deal
#: bodies are mutated from (valid for the game; a preset may refuse it, which is fuzz too).
GAMES = [
    ("marias", "pub", PLAYERS[:3], HRA),
    ("marias", "pub", PLAYERS[:4], {**HRA, "dealer": 3}),
    ("marias", "csm", PLAYERS[:3], HRA),
    ("marias", "krizovy", PLAYERS[:3], HRA),
    ("marias", "licitovany", PLAYERS[:3], LICIT),
    ("mariasz", None, PLAYERS[:2], TWOHAND),
    ("mariage", None, PLAYERS[:2], TWOHAND),
    ("marianna", "marianna", PLAYERS[:4], MARIANNA),
    ("marianna", "cinquecento", PLAYERS[:4], MARIANNA),
    (
        "marianna",
        "briscola151",
        PLAYERS[:2],
        {
            "trump": "hearts",
            "points": [70, None],
            "declarations": [],
            "claim": None,
            "first_to_target": None,
        },
    ),
]


@dataclass
class World:
    """Ids and tokens of what was made; ``matches`` holds (game, preset, id, token, record)."""

    matches: list[tuple] = field(default_factory=list)
    tournament: dict[str, Any] = field(default_factory=dict)  # through the API
    page_tournament: str = ""  # the organiser's, made on the pages
    page_token: str = ""
    table_token: str = ""
    season: dict[str, Any] = field(default_factory=dict)
    page_season: str = ""
    player_ids: list[str] = field(default_factory=list)
    page_player_ids: list[str] = field(default_factory=list)
    roster_ids: list[str] = field(default_factory=list)
    league: dict[str, Any] = field(default_factory=dict)  # a league evening (RULES.md §6b)
    page_league: str = ""  # the organiser's league evening, made on the pages


def _ok(answer: Any, *statuses: int) -> Any:
    assert answer.status_code in statuses, (answer.status_code, answer.text[:300])
    return answer


def add_matches(client: Any, world: World) -> None:
    for game, preset, players, record in GAMES:
        setup = {"game": game, "players": players, **({"preset": preset} if preset else {})}
        if game == "marias":
            setup |= {"stake": "0.20", "currency": "CZK"}
        match = _ok(client.post("/api/v1/matches", json=setup), 201).json
        auth = {"Authorization": f"Bearer {match['token']}"}
        for _ in range(3):
            client.post(f"/api/v1/matches/{match['id']}/deals", json=record, headers=auth)
        world.matches.append((game, preset, match["id"], match["token"], record))


def top_up(client: Any, world: World, index: int, deals: int = 2) -> None:
    """Give match ``index`` at least ``deals`` deals again (deletes and undos take them away)."""
    _game, _preset, match_id, token, record = world.matches[index]
    state = client.get(f"/api/v1/matches/{match_id}")
    if state.status_code != 200:
        return
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(max(0, deals - len(state.json["deals"]))):
        client.post(f"/api/v1/matches/{match_id}/deals", json=record, headers=auth)


def add_api_tournament(client: Any, world: World) -> None:
    season = _ok(client.post("/api/v1/seasons", json={"name": "Liga 2024/25"}), 201).json
    world.season = season
    body = {
        "name": "Pohár 2024/25",
        "game": "marias",
        "players": PLAYERS,
        "seed": 7,
        "stake": "0.20",
        "currency": "CZK",
        "season_id": season["id"],
    }
    auth = {"Authorization": f"Bearer {season['token']}"}
    tournament = _ok(client.post("/api/v1/tournaments", json=body, headers=auth), 201).json
    auth = {"Authorization": f"Bearer {tournament['token']}"}
    drawn = _ok(client.post(f"/api/v1/tournaments/{tournament['id']}/rounds", headers=auth), 201)
    for table in drawn.json["tables"][:2]:
        url = f"/api/v1/tournaments/{tournament['id']}/rounds/1/tables/{table['table']}"
        client.put(url + "/result", json={"scores": [2, -1, -1]}, headers=auth)
        client.post(url + "/confirm", headers=auth)
    world.tournament = {**tournament, "tables": drawn.json["tables"]}
    world.table_token = drawn.json["tables"][0]["token"]
    state = client.get(f"/api/v1/tournaments/{tournament['id']}").json
    world.player_ids = [p["id"] for p in state["players"]]
    found = client.get(f"/api/v1/seasons/{season['id']}/players?q=").json["players"]
    world.roster_ids = [p["id"] for p in found]


def add_league(client: Any, world: World) -> None:
    """A league evening of six in two parts through the API, its first round drawn."""
    body = {"name": "Liga", "game": "marias", "players": PLAYERS[:6], "rounds": 2, "seed": 7,
            "format": "league", "parts": 2}  # fmt: skip
    world.league = _ok(client.post("/api/v1/tournaments", json=body), 201).json
    auth = {"Authorization": f"Bearer {world.league['token']}"}
    _ok(client.post(f"/api/v1/tournaments/{world.league['id']}/rounds", headers=auth), 201)


def add_page_tournament(client: Any, world: World) -> None:
    name = f"anna-{uuid.uuid4().hex[:8]}"  # (a world of its own on a database used before)
    _ok(client.post("/auth/register", data={"username": name, "password": PASSWORD}), 302)
    _ok(
        client.post("/tournaments/seasons", data={"name": "Zimní liga", "scoring": "sum"}), 200, 302
    )
    data = {
        "name": "Posvícení",
        "game": "marias:pub",
        "rounds": "3",
        "timing": "minutes",
        "length": "60",
        "ranking": "balance",
        "draw_method": "random",
        "seed": "7",
        "players": "\n".join(PLAYERS),
    }
    league = {**data, "name": "Liga", "rounds": "2", "format": "league", "parts": "2",
              "players": "\n".join(PLAYERS[:6])}  # fmt: skip
    made = _ok(client.post("/tournaments/new", data=league), 302)
    world.page_league = made.location.split("/")[2]
    answer = _ok(client.post("/tournaments/new", data=data), 302)
    world.page_tournament = answer.location.split("/")[2]
    tid = world.page_tournament
    client.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    client.post(f"/tournaments/{tid}/rounds/1/start")
    state = client.get(f"/api/v1/tournaments/{tid}").json
    world.page_player_ids = [p["id"] for p in state["players"]]
    from scorekeeper.db import get_session
    from scorekeeper.services import tournaments as svc

    with client.application.app_context():
        world.page_token = svc.get_tournament(session=get_session(), tournament_id=tid).token
    seasons = client.get("/tournaments/seasons").text
    marker = "/tournaments/seasons/"
    if marker in seasons:
        world.page_season = seasons.split(marker, 1)[1].split('"', 1)[0].split("/")[0]


def build(client: Any) -> World:
    """The whole world, on the client's app (logged in as the organiser afterwards)."""
    world = World()
    add_matches(client, world)
    add_api_tournament(client, world)
    add_league(client, world)
    add_page_tournament(client, world)
    return world
