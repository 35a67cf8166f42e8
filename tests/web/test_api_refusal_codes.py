"""The API's refusals from the services carry ``code`` and ``params`` beside the ``message``
(docs/api.md "Refusals of the services"), and the message is in the request's language.

A table of requests, one per kind of answer (404, 409, 422; matches, tournaments, seasons):
each error of each answer names its code, the code is in the catalogue, and the Czech message
is not the English one.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.messages import CATALOGUE, english

SIX = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"]
HRA = {"declarer": 0, "dealer": None, "trump": "clubs", "parts": [{"kind": "hra", "won": True}]}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def made(client) -> dict[str, Any]:
    """A match with one deal, an open session with none, a tournament whose round 1 is playing."""
    match = client.post("/api/v1/matches", json={"game": "marias", "players": SIX[:3]}).get_json()
    client.post(f"/api/v1/matches/{match['id']}/deals", json=HRA, headers=_auth(match["token"]))
    body = {"name": "Posvícení", "game": "marias", "players": SIX, "rounds": 1, "seed": 7}
    tournament = client.post("/api/v1/tournaments", json=body).get_json()
    auth = _auth(tournament["token"])
    client.post(f"/api/v1/tournaments/{tournament['id']}/rounds", headers=auth)
    empty = client.post("/api/v1/matches", json={"game": "marias", "players": SIX[:3]}).get_json()
    ids = {"m": match["id"], "e": empty["id"], "t": tournament["id"]}
    return {**ids, "mt": match["token"], "et": empty["token"], "tt": tournament["token"]}


REQUESTS = [
    # (method, path, body, whose token, status, code)
    ("post", "/matches", {"game": "marias", "players": ["Jana"]}, None, 422,
     "setup.player_count"),
    ("get", "/matches/nope", None, None, 404, "match.not_found"),
    ("delete", "/matches/{m}/deals/9", None, "mt", 404, "match.no_deal"),
    ("post", "/matches/{m}/deals", [1], "mt", 422, "match.record_not_object"),
    ("post", "/matches/{e}/finish", None, "et", 409, "match.finish_no_deals"),
    ("post", "/tournaments", {"name": "T", "game": "whist"}, None, 422,
     "tournament.choose_game"),
    ("post", "/tournaments", {"name": "T", "game": "marias", "players": ["Jana", " "]}, None,
     422, "tournament.entrant"),
    ("get", "/tournaments/nope", None, None, 404, "tournament.not_found"),
    ("post", "/tournaments/{t}/players", {"name": "jana"}, "tt", 422, "player.registered"),
    ("post", "/tournaments/{t}/rounds", None, "tt", 409, "round.unconfirmed"),
    ("post", "/tournaments/{t}/rounds/9/close", None, "tt", 404, "round.not_found"),
    ("patch", "/tournaments/{t}/rounds/1", {"swap": ["a"]}, "tt", 409, "draw.started"),
    ("put", "/tournaments/{t}/rounds/1/tables/1/result", {"scores": [1]}, "tt", 422,
     "table.figure_count"),
    ("post", "/tournaments/{t}/rounds/1/tables/1/confirm", None, "tt", 409,
     "table.nothing_to_confirm"),
    ("post", "/tournaments/{t}/rounds/1/tables/1/confirm", None, "mt", 403, "table.wrong_link"),
    ("post", "/seasons", {"name": "Liga", "best_n": 0}, None, 422, "number.between"),
    ("get", "/seasons/nope/table", None, None, 404, "season.not_found"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("method", "path", "body", "token", "status", "code"),
    REQUESTS,
    ids=[f"{r[4]}-{r[5]}" for r in REQUESTS],
)
def test_a_service_refusal_answers_its_code_in_the_asked_language(
    client, made, method, path, body, token, status, code
):
    headers = _auth(made[token]) if token else {}
    url = "/api/v1" + path.format(**made) + "?lang=cs"
    answer = getattr(client, method)(url, json=body, headers=headers)
    assert answer.status_code == status, answer.get_json()
    errors = answer.get_json()["errors"]
    assert [e["code"] for e in errors] == [code]
    for error in errors:
        assert error["code"] in CATALOGUE and isinstance(error["params"], dict)
        assert error["message"] != english(error["code"], error["params"])  # said in Czech


def test_a_nested_message_is_json_too(client):
    body = {"name": "T", "game": "marias", "players": ["Jana", " "]}
    (error,) = client.post("/api/v1/tournaments", json=body).get_json()["errors"]
    assert error["field"] == "players.1"
    assert error["params"] == {"n": 2, "message": {"code": "player.name_missing", "params": {}}}
    assert error["message"] == "Player 2: Enter a name."
