"""Two phones on one match (docs/saving.md): one renumbers the deals, the other's edit, delete and
undo are each refused with the explanation and nothing changes; axe-core on the match page in
the light and the dark theme. Real headless Chromium at 390×844."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest

from tests.browser.test_match_browser import new_match, saved
from tests.browser.test_saving_browser import phone, shot, state, tap_deal

pytestmark = pytest.mark.browser
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def api_deal(base: str, edit_url: str, record: dict) -> None:
    match_id, token = re.search(r"/m/([^/?#]+)/([^/?#]+)", edit_url).groups()
    request = urllib.request.Request(
        f"{base}/api/v1/matches/{match_id}/deals",
        data=json.dumps(record).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    urllib.request.urlopen(request).close()


def hra(declarer: int, trump: str) -> dict:
    return {"declarer": declarer, "trump": trump, "parts": [{"kind": "hra", "won": True}]}


def confirm(page, path: str, button: str) -> None:
    page.goto(path)
    with page.expect_navigation():
        page.get_by_role("button", name=button).tap()


def test_renumbered_on_one_phone_refused_with_the_reason_on_the_other(browser, live_server):
    ctx_a, a = phone(browser)
    ctx_b, b = phone(browser)
    try:
        new_match(a, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        url = a.url.split("?")[0]
        for declarer, trump in [(0, "hearts"), (1, "spades"), (2, "clubs"), (0, "diamonds")]:
            api_deal(live_server, url, hra(declarer, trump))
        api_deal(
            live_server,
            url,
            {"declarer": 2, "trump": None, "parts": [{"kind": "betl", "won": True}]},
        )
        # A opens "Edit deal 5" (Ota's betl); B deletes deal 3; A saves it as Petr's
        a.goto(url + "/deals/5")
        confirm(b, url + "/deals/3/delete", "Yes, delete it")
        before = state(live_server, a)["deals"]
        a.tap("label[for=declarer-1]")  # A's change: Petr played it
        with a.expect_navigation():
            a.tap("button.save")
        text = a.inner_text("#conflict")
        assert "Another phone deleted deal 3" in text
        assert "the deal you were editing is now deal 4: Ota · betl" in text
        assert state(live_server, a)["deals"] == before  # nothing changed
        assert a.is_checked("#declarer-1")  # what A typed is still there
        assert "Apply to deal 4" in a.inner_text("button.save")
        shot(a, "conflict-edit")
        # A opens "Delete deal 1?"; B deletes deal 1 first
        a.goto(url + "/deals/1/delete")
        confirm(b, url + "/deals/1/delete", "Yes, delete it")
        before = state(live_server, a)["deals"]
        with a.expect_navigation():
            a.get_by_role("button", name="Yes, delete it").tap()
        assert "Another phone deleted the deal you meant to delete" in a.inner_text("#conflict")
        assert state(live_server, a)["deals"] == before
        # A opens "Undo deal 3?"; B adds deal 4 meanwhile
        a.goto(url + "/undo")
        assert "Undo deal 3?" in a.inner_text("h1")
        b.goto(url)
        tap_deal(b, 1, "kule")
        saved(b)
        before = state(live_server, a)["deals"]
        with a.expect_navigation():
            a.get_by_role("button", name="Yes, undo it").tap()
        text = a.inner_text("#conflict")
        # the suit as the deck's picture, as everywhere on the page
        assert "Another phone added deal 4 meanwhile (Petr · kule  · hra ✓)" in text
        # the picture beside its written name has an empty alt: "kule" is read once
        assert a.locator("#conflict img.suit[alt='']").count() == 1
        assert "the deal you meant to undo is now deal 3: Ota · betl" in text
        assert state(live_server, a)["deals"] == before
        shot(a, "conflict-undo")
    finally:
        ctx_a.close()
        ctx_b.close()


def test_applying_to_the_deal_meant_or_saving_it_as_new(browser, live_server):
    ctx_a, a = phone(browser)
    ctx_b, b = phone(browser)
    try:
        new_match(a, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        url = a.url.split("?")[0]
        for declarer, trump in [(0, "hearts"), (1, "spades"), (2, "clubs")]:
            api_deal(live_server, url, hra(declarer, trump))
        a.goto(url + "/deals/3")
        confirm(b, url + "/deals/1/delete", "Yes, delete it")
        a.tap("#f-trump label:has-text('kule')")
        with a.expect_navigation():
            a.tap("button.save")
        with a.expect_navigation():
            a.tap("button.save")  # "Apply to deal 2": Ota's deal, where it is now
        deals = state(live_server, a)["deals"]
        assert [(d["record"]["declarer"], d["record"]["trump"]) for d in deals] == [
            (1, "spades"),
            (2, "diamonds"),
        ]
        a.goto(url + "/deals/2")
        confirm(b, url + "/deals/2/delete", "Yes, delete it")
        a.tap("#f-trump label:has-text('žaludy')")
        with a.expect_navigation():
            a.tap("button.save")
        assert "Another phone deleted the deal you were editing" in a.inner_text("#conflict")
        with a.expect_navigation():
            a.tap("button.save")  # "Save as a new deal"
        deals = state(live_server, a)["deals"]
        assert [(d["record"]["declarer"], d["record"]["trump"]) for d in deals] == [
            (1, "spades"),
            (2, "clubs"),
        ]
    finally:
        ctx_a.close()
        ctx_b.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_match_page_passes_axe_in_both_themes(browser, live_server, scheme):
    context, page = phone(browser)
    try:
        page.emulate_media(color_scheme=scheme)
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        tap_deal(page, 0, "červené")
        saved(page)
        context.set_offline(True)
        tap_deal(page, 1, "zelené")  # a deal waiting, with its note
        page.wait_for_selector("#save-status:has-text('Kept on this phone')")
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        bad = [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert bad == []
        shot(page, f"axe-{scheme}")
        context.set_offline(False)
    finally:
        context.close()
