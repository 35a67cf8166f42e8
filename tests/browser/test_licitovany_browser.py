"""Licitovaný mariáš on the phone (docs/rules.md §4a): the contract shows what it needs, and a
refused save keeps what was tapped with the reason beside its field (static/js/deal.js, queue.js).
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.test_match_browser import saved

pytestmark = pytest.mark.browser


def _match(base: str) -> dict:
    body = {"game": "marias", "preset": "licitovany", "players": ["Jana", "Petr", "Ota"]}
    request = urllib.request.Request(
        base + "/api/v1/matches", data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def _deals(base: str, match_id: str) -> list[dict]:
    with urllib.request.urlopen(f"{base}/api/v1/matches/{match_id}") as response:
        return json.load(response)["deals"]


def test_a_contract_shows_its_parts_and_a_refusal_sits_beside_its_field(page, live_server):
    match = _match(live_server)
    page.goto(f"{live_server}/m/{match['id']}/{match['token']}")
    assert not page.is_visible("#f-trump") and not page.is_visible("#f-sto_won")
    page.tap("label[for=declarer-0]")
    page.tap("label[for=contract-2]")  # sto: its trump, its part, a silent seven, no sedma
    assert page.is_visible("#f-trump") and page.is_visible("#f-sto_won")
    assert not page.is_visible("#f-sedma_won") and not page.is_visible("#f-second_suit")
    assert page.is_visible("#f-ticha_sedma") and not page.is_visible("#f-omyl")
    assert page.inner_text("label[for=sto_flek]") == "Flek: Petr"  # the defenders by name
    assert page.inner_text("label[for=sto_flek2]") == "Flek: Ota"
    page.tap("label[for=trump-1]")  # clubs: hearts are a contract of their own
    page.tap("label[for=sto_won-1]")  # lost, with no points: refused (a failed sto pays per 10)
    page.tap("button.save")
    reason = page.locator("#f-declarer_points + .error, #f-declarer_points ~ .error").first
    reason.wait_for()
    assert page.is_checked("#f-contract input[value=sto]") and page.is_checked("#sto_won-1")
    assert _deals(live_server, match["id"]) == []
    page.fill("#declarer_points", "80")
    page.fill("#defender_points", "10")
    page.tap("button.save")
    saved(page)
    (deal,) = _deals(live_server, match["id"])
    assert deal["record"]["contract"] == "sto" and deal["record"]["trump"] == "clubs"
    assert deal["delta"] == [-16, 8, 8]  # 4 for each of the 2 tens short of 100, to each
