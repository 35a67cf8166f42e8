"""Nothing lost at the table (docs/saving.md), in real headless Chromium at 390×844.

Offline saving runs with service workers blocked (the tests serve on 127.0.0.1, a secure
origin, where a service worker could hide a broken plain-http path) and once more allowed.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import PHONE
from tests.browser.test_match_browser import board, new_match, saved

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).parent / "shots"


def phone(browser, service_workers: str = "block"):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, service_workers=service_workers, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def state(base: str, page) -> dict:
    match_id = re.search(r"/m/([^/?#]+)", page.url)[1]
    with urllib.request.urlopen(f"{base}/api/v1/matches/{match_id}") as response:
        return json.load(response)


def tap_deal(page, declarer: int | None, trump: str) -> None:
    if declarer is not None:
        page.tap(f"label[for=declarer-{declarer}]")
    page.tap(f"#f-trump label:has-text('{trump}')")
    page.tap("button.save")


def shot(page, name: str) -> None:
    if SHOTS.is_dir():  # mkdir tests/browser/shots to look at the pages
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("service_workers", ["block", "allow"])
def test_offline_deals_wait_on_the_phone_and_are_stored_once_in_order(
    browser, live_server, service_workers
):
    context, page = phone(browser, service_workers)
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        page.wait_for_load_state("networkidle")
        context.set_offline(True)
        tap_deal(page, 0, "červené")
        page.wait_for_selector("#save-status:has-text('Kept on this phone')")
        assert not page.is_disabled("button.save")  # the players go on entering deals
        tap_deal(page, 1, "zelené")
        assert page.locator("#deals li.pending").count() == 2
        assert page.locator("#deals li.pending").first.inner_text().startswith("2")
        # the button reads "Saving…" until the queue has kept the deal (slower on a busy machine)
        page.wait_for_selector("button.save:has-text('Save deal 3')")
        shot(page, f"offline-two-waiting-{service_workers}")
        assert state(live_server, page)["deals"] == []  # nothing reached the server
        context.set_offline(False)  # the "online" event sends them
        saved(page)
        deals = state(live_server, page)["deals"]
        assert [(d["record"]["declarer"], d["record"]["trump"]) for d in deals] == [
            (0, "hearts"),
            (1, "spades"),
        ]
        assert page.locator("#deals li.pending").count() == 0
        assert (
            board(page) == state(live_server, page)["scores"] == [3, 0, -3]
        )  # RULES.md §4: 4-2-2, then -1+2-1
        shot(page, f"offline-sent-{service_workers}")
    finally:
        context.close()


def test_a_lost_answer_and_a_reload_store_the_deal_once(browser, live_server):
    context, page = phone(browser)
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])

        def lost(route):  # the server stores the deal, the phone never hears back
            route.fetch()
            route.abort()

        page.route("**/save", lost)
        tap_deal(page, 2, "kule")
        page.wait_for_selector("#save-status:has-text('Kept on this phone')")
        assert len(state(live_server, page)["deals"]) == 1
        page.unroute("**/save")
        page.route("**/save", lambda route: route.abort())  # still no connection for saving
        page.reload()
        assert page.locator("#deals li.pending").count() == 1  # still on the phone
        page.unroute("**/save")
        saved(page)  # sent again by itself, with the same Idempotency-Key
        assert len(state(live_server, page)["deals"]) == 1
        assert page.locator("#deals li:not(.pending)").count() == 1
    finally:
        context.close()


def test_a_refused_queued_deal_shows_the_reason_and_can_be_fixed(browser, live_server):
    context, page = phone(browser)
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        page.wait_for_load_state("networkidle")
        context.set_offline(True)
        tap_deal(page, None, "žaludy")  # nobody said who declared
        tap_deal(page, 1, "zelené")
        context.set_offline(False)
        refused = page.locator("#deals li.refused")
        refused.wait_for()
        assert "Not stored" in refused.inner_text()
        assert "Waits until the deal above" in page.locator("#deals li.pending").first.inner_text()
        shot(page, "refused-queued-deal")
        assert state(live_server, page)["deals"] == []  # and the one behind it waits
        refused.get_by_role("button", name="Fix it").tap()
        assert page.is_checked("#f-trump input[value=clubs]")  # as typed
        page.tap("label[for=declarer-0]")
        page.tap("button.save")
        saved(page)
        deals = state(live_server, page)["deals"]
        assert [(d["record"]["declarer"], d["record"]["trump"]) for d in deals] == [
            (0, "clubs"),
            (1, "spades"),
        ]  # the fixed deal kept its place
    finally:
        context.close()


def test_save_button_is_disabled_while_saving_on_a_slow_link(browser, live_server):
    context, page = phone(browser)
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 800, "downloadThroughput": 50_000,
             "uploadThroughput": 50_000},
        )  # fmt: skip
        tap_deal(page, 0, "kule")
        assert page.is_disabled("button.save")
        assert page.inner_text("button.save") == "Saving…"
        shot(page, "saving-slow-link")
        page.locator("button.save").dispatch_event("click")  # an impatient second tap
        saved(page)
        assert "Save deal 2" in page.inner_text("button.save")
        assert len(state(live_server, page)["deals"]) == 1
    finally:
        context.close()


def test_on_a_secure_origin_a_match_page_opens_offline_and_stays_awake(browser, live_server):
    # 127.0.0.1 is a secure origin: app.js registers the service worker and the wake lock
    context, page = phone(browser, "allow")
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        url = page.url.split("?")[0]
        page.goto(url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the service worker, which keeps a copy of the page
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.wait_for_function("document.documentElement.dataset.awake === '1'")
        context.set_offline(True)
        page.reload()
        assert page.inner_text(".board .who") == "Jana"
        assert page.locator("#deal-form").count() == 1  # and deals can be entered (queued)
        tap_deal(page, 0, "kule")
        page.wait_for_selector("#save-status:has-text('Kept on this phone')")
        context.set_offline(False)
        saved(page)
        assert len(state(live_server, page)["deals"]) == 1
    finally:
        context.close()
