"""API.md v2 "Which deal": stable ids and etags, If-Match on PUT/DELETE/undo, 409 with
``current`` and ``yours``; and ``Prefer: return=minimal`` on the deal POST.

Each stale case is two phones on one match: phone A read the state, phone B changed it, A's
change names the deal A saw and is refused with nothing changed.
"""

from __future__ import annotations

import pytest

from tests.web.test_api_matches import SAMPLES, auth, post, start


def hra(declarer: int, trump: str = "hearts", won: bool = True) -> dict:
    return {"declarer": declarer, "trump": trump, "parts": [{"kind": "hra", "won": won, "flek": 0}]}


def five_deals(client) -> tuple[dict, list[dict]]:
    state = start(client)
    for i, trump in enumerate(["hearts", "spades", "clubs", "diamonds", "spades"]):
        post(client, state, hra(i % 3, trump))
    return state, client.get(f"/api/v1/matches/{state['id']}").json["deals"]


def url(state, tail: str) -> str:
    return f"/api/v1/matches/{state['id']}{tail}"


def deals_now(client, state) -> list[dict]:
    return client.get(url(state, "")).json["deals"]


def test_ids_and_etags_are_stable_and_unique(client):
    state, deals = five_deals(client)
    assert len({d["id"] for d in deals}) == len({d["etag"] for d in deals}) == 5
    client.delete(url(state, "/deals/2"), headers={**auth(state), "If-Match": deals[1]["etag"]})
    after = deals_now(client, state)
    assert [d["etag"] for d in after] == [deals[i]["etag"] for i in (0, 2, 3, 4)]
    assert [d["n"] for d in after] == [1, 2, 3, 4]  # renumbered, etags unchanged
    client.post(url(state, "/undo"), headers=auth(state))
    added = post(client, state, hra(0)).json["deals"][-1]
    assert added["id"] not in {d["id"] for d in deals}  # an undone deal's id is never reused


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_after_another_phone_deleted_an_earlier_deal(client, method):
    # A edits deal 5 (Ota's), B deletes deal 3; A's change must not land on deal 5
    state, deals = five_deals(client)
    mine = deals[4]
    client.delete(url(state, "/deals/3"), headers={**auth(state), "If-Match": deals[2]["etag"]})
    before = deals_now(client, state)
    headers = {**auth(state), "If-Match": mine["etag"]}
    target = url(state, "/deals/5")
    if method == "PUT":
        answer = client.put(target, json=hra(1, "diamonds", won=False), headers=headers)
    else:
        answer = client.delete(target, headers=headers)
    assert answer.status_code == 409
    assert answer.json["current"] is None  # there is no deal 5 now
    assert answer.json["yours"]["n"] == 4 and answer.json["yours"]["etag"] == mine["etag"]
    assert answer.json["errors"][0]["field"] == "If-Match"
    assert deals_now(client, state) == before  # nothing changed
    # deal 4 is the one before it was renumbered: A's view of deal 4 is also stale
    stale4 = client.put(
        url(state, "/deals/4"), json=hra(1), headers={**auth(state), "If-Match": deals[3]["etag"]}
    )
    assert stale4.status_code == 409
    assert stale4.json["current"]["etag"] == mine["etag"] and stale4.json["yours"]["n"] == 3


@pytest.mark.parametrize("method", ["PUT", "DELETE"])
def test_after_another_phone_edited_that_deal(client, method):
    state, deals = five_deals(client)
    target = url(state, "/deals/2")
    client.put(target, json=hra(2, "clubs"), headers={**auth(state), "If-Match": deals[1]["etag"]})
    before = deals_now(client, state)
    headers = {**auth(state), "If-Match": deals[1]["etag"]}
    if method == "PUT":
        answer = client.put(target, json=hra(0), headers=headers)
    else:
        answer = client.delete(target, headers=headers)
    assert answer.status_code == 409
    assert answer.json["current"]["id"] == answer.json["yours"]["id"] == deals[1]["id"]
    assert answer.json["yours"]["record"]["trump"] == "clubs"  # as it is now
    assert deals_now(client, state) == before


def test_after_another_phone_deleted_that_deal(client):
    state, deals = five_deals(client)
    client.delete(url(state, "/deals/5"), headers={**auth(state), "If-Match": deals[4]["etag"]})
    answer = client.put(
        url(state, "/deals/5"), json=hra(0), headers={**auth(state), "If-Match": deals[4]["etag"]}
    )
    assert answer.status_code == 409 and answer.json["yours"] is None
    assert answer.json["current"] is None and len(deals_now(client, state)) == 4


def test_undo_after_another_phone_added_deleted_or_edited(client):
    state, deals = five_deals(client)
    last = deals[4]
    # B adds deal 6: A's "Undo deal 5" must not remove B's deal
    post(client, state, hra(1))
    answer = client.post(url(state, "/undo"), headers={**auth(state), "If-Match": last["etag"]})
    assert answer.status_code == 409 and answer.json["current"]["n"] == 6
    assert answer.json["yours"]["etag"] == last["etag"] and answer.json["yours"]["n"] == 5
    assert len(deals_now(client, state)) == 6
    # B undoes deal 6 and edits deal 5: A's undo names the old revision, refused
    six = deals_now(client, state)[5]
    client.post(url(state, "/undo"), headers={**auth(state), "If-Match": six["etag"]})
    client.put(
        url(state, "/deals/5"), json=hra(2), headers={**auth(state), "If-Match": last["etag"]}
    )
    answer = client.post(url(state, "/undo"), headers={**auth(state), "If-Match": last["etag"]})
    assert answer.status_code == 409 and answer.json["yours"]["n"] == 5
    # B deletes deal 5: A's undo of it is refused, deal 4 stays
    now = deals_now(client, state)[4]
    client.delete(url(state, "/deals/5"), headers={**auth(state), "If-Match": now["etag"]})
    answer = client.post(url(state, "/undo"), headers={**auth(state), "If-Match": now["etag"]})
    assert answer.status_code == 409 and answer.json["yours"] is None
    assert answer.json["current"]["n"] == 4 and len(deals_now(client, state)) == 4
    # with the right etag, undo works; without If-Match it works as before
    ok = client.post(url(state, "/undo"), headers={**auth(state), "If-Match": deals[3]["etag"]})
    assert ok.status_code == 200 and len(ok.json["deals"]) == 3
    assert client.post(url(state, "/undo"), headers=auth(state)).status_code == 200


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_prefer_return_minimal(client, game):
    state = start(client, game)
    post(client, state, SAMPLES[game][1])
    answer = post(
        client, state, SAMPLES[game][1], Prefer="return=minimal", **{"Idempotency-Key": "m1"}
    )
    assert answer.status_code == 201 and answer.headers["Preference-Applied"] == "return=minimal"
    extra = {"marias": {"money"}, "mariasz": {"current"}, "mariage": {"current"}}.get(game, set())
    assert (
        set(answer.json) == {"match_id", "version", "deal", "scores", "finished", "winner"} | extra
    )
    full = client.get(url(state, "")).json
    assert answer.json["deal"] == full["deals"][1]
    for key in ("scores", "finished", "winner", "version", *extra):
        assert answer.json[key] == full[key], key
    again = post(
        client, state, SAMPLES[game][1], Prefer="return=minimal", **{"Idempotency-Key": "m1"}
    )
    assert again.status_code == 201 and again.json["deal"] == answer.json["deal"]
    assert len(client.get(url(state, "")).json["deals"]) == 2
