"""The JSON API for matches (API.md) through the Flask test client, on a real database."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# API.md "Deal records": one valid record per game, and the setup it belongs to.
SAMPLES = {
    "marias": (
        {"preset": "pub", "players": ["Jana", "Petr", "Ota"], "stake": "0.20", "currency": "CZK"},
        {
            "declarer": 0,
            "dealer": None,
            "trump": "hearts",
            "parts": [{"kind": "hra", "won": True, "flek": 1}],
        },
    ),
    "mariasz": (
        {"players": ["Ala", "Ola"]},
        {
            "trump": "hearts",
            "points": [95, None],
            "marriages": [["hearts"], []],
            "first_to_target": None,
        },
    ),
    "mariage": (
        {"players": ["Ala", "Ola"]},
        {
            "trump": "hearts",
            "points": [95, None],
            "marriages": [["hearts"], []],
            "first_to_target": None,
        },
    ),
    "marianna": (
        {"players": ["A", "B", "C", "D"]},
        {
            "points": [70, None],
            "declarations": [{"side": 0, "suit": "hearts"}],
            "first_to_target": None,
        },
    ),
}
STATE_KEYS = {
    "id",
    "game",
    "preset",
    "options",
    "players",
    "sides",
    "deals",
    "scores",
    "finished",
    "winner",
    "version",
    "stake",
    "currency",
    "title",
}


def start(client, game="marias", **overrides):
    setup = {"game": game, **SAMPLES[game][0], **overrides}
    response = client.post("/api/v1/matches", json=setup)
    assert response.status_code == 201, response.json
    return response.json


def auth(state) -> dict[str, str]:
    return {"Authorization": f"Bearer {state['token']}"}


def post(client, state, record, **headers):
    url = f"/api/v1/matches/{state['id']}/deals"
    return client.post(url, json=record, headers={**auth(state), **headers})


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_each_game_round_trip(client, game):
    state = start(client, game)
    assert STATE_KEYS <= set(state) and state["token"] and state["deals"] == []
    answer = post(client, state, SAMPLES[game][1])
    assert answer.status_code == 201
    got = client.get(f"/api/v1/matches/{state['id']}").json
    assert got == answer.json and "token" not in got
    assert got["deals"][0]["n"] == 1 and got["deals"][0]["version"] == 1
    assert sum(got["deals"][0]["delta"]) == sum(got["scores"])  # one deal: its delta is the score
    if game in ("mariasz", "mariage"):  # API.md: games and current
        assert {"games", "current"} <= set(got)
    if game == "marias":  # API.md: money = balances times the stake, as strings
        assert got["money"] == ["1.60", "-0.80", "-0.80"] and got["currency"] == "CZK"


def test_create_answers_location_and_every_option(client):
    response = client.post(
        "/api/v1/matches",
        json={"game": "marias", "players": ["Jana", "Petr", "Ota"], "options": {"flek_max": 3}},
    )
    assert response.status_code == 201
    assert response.headers["Location"].endswith(f"/api/v1/matches/{response.json['id']}")
    assert response.json["options"]["flek_max"] == 3 and "hearts_double" in response.json["options"]
    assert response.json["preset"] == "pub"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (b"not json", ""),
        (b"\xff\xfe", ""),
        (b"[1, 2]", ""),
        (b'{"game": "whist", "players": ["a", "b"]}', "game"),
        (
            b'{"game": "marias", "players": ["a", "b", "c"], "options": {"colour": 1}}',
            "options.colour",
        ),
        (b'{"game": "marias", "players": ["a", "b"]}', "players"),
        (b'{"game": "marias", "players": ["a", "b", "c"], "tabel": 1}', "tabel"),
        (b'{"game": "marias", "players": ["a", "b", "c"], "preset": "casino"}', "preset"),
        (b'{"game": "marias", "players": ["a", "b", "c"], "stake": {}}', "stake"),
        (b'{"game": "marianna", "players": ["a", "b", "c"]}', "players"),
    ],
)
def test_create_refuses_bad_input_with_422(client, body, field):
    response = client.post("/api/v1/matches", data=body, content_type="application/json")
    assert response.status_code == 422
    assert response.json["errors"][0]["field"] == field
    assert response.json["errors"][0]["message"]


def test_auth_and_unknown_ids(client):
    state = start(client)
    url = f"/api/v1/matches/{state['id']}/deals"
    record = SAMPLES["marias"][1]
    response = client.post(url, json=record)
    assert response.status_code == 401 and "Bearer" in response.headers["WWW-Authenticate"]
    assert client.post(url, json=record, headers={"Authorization": "Basic eDp5"}).status_code == 401
    wrong = {"Authorization": "Bearer " + state["token"][::-1]}
    assert client.post(url, json=record, headers=wrong).status_code == 403
    assert client.put(url + "/1", json=record, headers=wrong).status_code == 403
    assert client.delete(url + "/1").status_code == 401
    assert client.get("/api/v1/matches/nope").status_code == 404
    assert (
        client.post("/api/v1/matches/nope/deals", json=record, headers=auth(state)).status_code
        == 404
    )
    assert client.get(f"/api/v1/matches/{state['id']}").json["deals"] == []


def test_a_deal_post_checks_its_token_in_the_save_and_keeps_the_order_of_refusals(app, client):
    """The token is compared with the match the save reads (no separate token query), and a
    refused token stores nothing; 404/401/403 still come before a bad header or body (422)."""
    from sqlalchemy import event

    state = start(client)
    url = f"/api/v1/matches/{state['id']}/deals"
    record = SAMPLES["marias"][1]
    minimal = {"Prefer": "return=minimal"}
    for _ in range(2):  # the second save appends from the running state
        assert post(client, state, record, **minimal).status_code == 201
    seen: list[str] = []

    def hear(_conn, _cursor, statement, *_args) -> None:  # noqa: ANN001
        seen.append(" ".join(statement.split()))

    engine = app.extensions["db_engine"]
    event.listen(engine, "before_cursor_execute", hear)
    try:
        assert post(client, state, record, **minimal).status_code == 201
    finally:
        event.remove(engine, "before_cursor_execute", hear)
    assert [s for s in seen if s.startswith("SELECT") and "FROM match" in s.replace('"', "")] == [
        s for s in seen if s.startswith("SELECT") and "match.token," in s.replace('"', "")
    ], seen  # one read of the match, with its token; no token-only query
    wrong = {"Authorization": "Bearer " + state["token"][::-1], **minimal}
    for headers in (wrong, {**wrong, "Idempotency-Key": "k1"}):
        answer = client.post(url, json=record, headers=headers)
        assert answer.status_code == 403 and answer.json["errors"][0]["field"] == "Authorization"
    bad_key = {"Idempotency-Key": "é"}
    assert client.post(url, data="{", headers=wrong).status_code == 403
    assert client.post(url, json=record, headers={**wrong, **bad_key}).status_code == 403
    assert client.post(url, data="{").status_code == 401  # (as JSON: refused before any view)
    nope = "/api/v1/matches/nope/deals"
    assert client.post(nope, data="{", headers=auth(state)).status_code == 404
    assert client.post(nope, json=record, headers={**auth(state), **bad_key}).status_code == 404
    assert client.post(url, data="{", headers=auth(state)).status_code == 422
    assert client.post(url, json=record, headers={**auth(state), **bad_key}).status_code == 422
    assert len(client.get(f"/api/v1/matches/{state['id']}").json["deals"]) == 3


@pytest.mark.parametrize(
    ("record", "field"),
    [
        (
            {"declarer": 5, "trump": "hearts", "parts": [{"kind": "hra", "won": True, "flek": 0}]},
            "declarer",
        ),  # RULES.md §5: a seat that is not at the table
        (
            {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True, "flek": -1}]},
            "parts.0.flek",
        ),  # RULES.md §5: a flek level below 0
        ({"declarer": 0, "trump": "hearts", "parts": []}, "parts"),  # §5: no game part
    ],
)
def test_rules_errors_are_422_with_the_rules_field(client, record, field):
    state = start(client)
    response = post(client, state, record)
    assert response.status_code == 422
    assert field in [e["field"] for e in response.json["errors"]]
    assert client.get(f"/api/v1/matches/{state['id']}").json["deals"] == []


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"{",
        b"null",
        b"42",
        b'"x"',
        b"[]",
        b"\x00\x01",
        b"[" * 5000 + b"]" * 5000,
        b"NaN",
        b'{"declarer": Infinity, "trump": "hearts"}',
    ],
)
def test_garbage_deal_bodies_are_422(client, body):
    state = start(client)
    url = f"/api/v1/matches/{state['id']}/deals"
    response = client.post(url, data=body, headers=auth(state), content_type="text/plain")
    assert response.status_code == 422 and response.json["errors"]


def test_idempotency_key_repeat_returns_the_first_answer(client):
    state = start(client)
    first = post(client, state, SAMPLES["marias"][1], **{"Idempotency-Key": "abc"})
    again = post(client, state, SAMPLES["marias"][1], **{"Idempotency-Key": "abc"})
    assert first.status_code == again.status_code == 201 and first.json == again.json
    assert len(client.get(f"/api/v1/matches/{state['id']}").json["deals"]) == 1
    long_key = post(client, state, SAMPLES["marias"][1], **{"Idempotency-Key": "k" * 201})
    assert long_key.status_code == 422


def test_put_and_delete_with_if_match(client):
    state = start(client)
    first = post(client, state, SAMPLES["marias"][1]).json["deals"][0]
    url = f"/api/v1/matches/{state['id']}/deals/1"
    lost = {"declarer": 1, "trump": "spades", "parts": [{"kind": "hra", "won": False, "flek": 0}]}
    etag = first["etag"]
    response = client.put(url, json=lost, headers={**auth(state), "If-Match": f'"{etag}"'})
    deal = response.json["deals"][0]
    assert response.status_code == 200 and deal["id"] == first["id"] and deal["etag"] != etag
    assert response.json["scores"] == [1, -2, 1]  # RULES.md §4: declarer pays each defender 1
    stale = client.put(url, json=lost, headers={**auth(state), "If-Match": etag})
    assert stale.status_code == 409 and stale.json["current"]["etag"] == deal["etag"]
    assert stale.json["yours"]["n"] == 1 and stale.json["errors"][0]["field"] == "If-Match"
    for bad in ("x", "1"):  # a bare version number no longer tells two deals apart
        bad_put = client.put(url, json=lost, headers={**auth(state), "If-Match": bad})
        assert bad_put.status_code == 422
    assert client.delete(url, headers={**auth(state), "If-Match": etag}).status_code == 409
    assert client.put(url[:-1] + "2", json=lost, headers=auth(state)).status_code == 404
    gone = client.delete(url, headers={**auth(state), "If-Match": deal["etag"]})
    assert gone.status_code == 200 and gone.json["deals"] == [] and gone.json["scores"] == [0, 0, 0]


def test_deal_after_the_end_is_409_until_reopened_by_editing(client):
    # RULES.md §2: each deal is a game; match_target 1 ends the match after one won deal.
    state = start(client, "mariage", options={"match_target": 1})
    assert post(client, state, SAMPLES["mariage"][1]).json["finished"] is True
    late = post(client, state, SAMPLES["mariage"][1])
    assert late.status_code == 409 and late.json["deal"] == 2
    tie = {"trump": "hearts", "points": [69, None], "marriages": [[], []], "first_to_target": None}
    reopened = client.put(f"/api/v1/matches/{state['id']}/deals/1", json=tie, headers=auth(state))
    assert reopened.status_code == 200 and reopened.json["finished"] is False
    assert post(client, state, SAMPLES["mariage"][1]).status_code == 201


def test_history_undo_rematch_and_server_timing(client):
    state = start(client)
    first = post(client, state, SAMPLES["marias"][1])
    assert float(first.headers["X-Server-Time-Ms"]) >= 0
    assert first.headers["Server-Timing"].startswith("app;dur=")
    undone = client.post(f"/api/v1/matches/{state['id']}/undo", headers=auth(state))
    assert undone.status_code == 200 and undone.json["deals"] == []
    history = client.get(f"/api/v1/matches/{state['id']}/history").json["history"]
    assert [h["action"] for h in history] == ["create", "add", "undo"]
    assert history[1]["after"] == first.json["deals"][0]["record"] and history[2]["n"] == 1
    again = client.post(f"/api/v1/matches/{state['id']}/rematch", headers=auth(state))
    assert again.status_code == 201 and again.json["players"] == state["players"]
    assert again.json["token"] != state["token"] and again.json["id"] != state["id"]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = (
    "declarer",
    "dealer",
    "trump",
    "parts",
    "declarer_points",
    "defender_points",
    "silent",
    "renonc",
    "kind",
    "won",
    "flek",
)
NEAR_VALID = st.fixed_dictionaries({}, optional={k: JSON for k in FIELDS}) | st.builds(
    lambda key, value: {**SAMPLES["marias"][1], key: value}, st.sampled_from(FIELDS), JSON
)


@settings(
    deadline=None, max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=JSON | NEAR_VALID)
def test_fuzz_deal_post_never_500(client, body):
    state = getattr(test_fuzz_deal_post_never_500, "state", None)
    if state is None or state.get("client") is not client:
        state = {**start(client), "client": client}
        test_fuzz_deal_post_never_500.state = state
    response = post(client, state, body)
    assert response.status_code in {201, 409, 422}, response.data
    if response.status_code == 422:
        assert all({"field", "message"} <= set(e) for e in response.json["errors"])


@settings(
    deadline=None, max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    setup=st.fixed_dictionaries(
        {"game": st.sampled_from(sorted(SAMPLES)) | JSON},
        optional={
            "players": st.lists(st.text(max_size=5), max_size=5) | JSON,
            "options": st.dictionaries(st.sampled_from(["flek_max", "target", "x"]), JSON) | JSON,
            "preset": JSON,
            "stake": JSON,
            "title": st.text(max_size=5) | JSON,
            "currency": st.text(max_size=3) | JSON,
        },
    )
)
def test_fuzz_create_never_500(client, setup):
    response = client.post("/api/v1/matches", json=setup)
    assert response.status_code in {201, 422}, response.data


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/v1/nothing"),
        ("put", "/api/v1/matches/x/deals/-1"),
        ("delete", "/api/v1/matches/x/deals/abc"),
        ("post", "/api/v1/matches/x/deals/1/2"),
        ("get", "/api/v1/matches/%00"),
        ("get", "/api/v1/matches/a%00b/history"),
        ("post", "/api/v1/matches/%00/deals"),
    ],
)
def test_unknown_api_addresses_answer_json_404(client, method, url):
    # also odd ids: PostgreSQL refuses NUL bytes, so they must never reach a query
    response = getattr(client, method)(url)
    assert response.status_code == 404 and response.json["errors"][0]["message"]


def test_get_answers_etag_and_304_until_the_match_changes(client):
    state = start(client)
    url = f"/api/v1/matches/{state['id']}"
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    post(client, state, SAMPLES["marias"][1])
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
