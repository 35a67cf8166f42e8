"""The table's phone in real headless Chromium at 390×844 (docs/saving.md): a refused save keeps
what was typed and says why beside Save; a stale list's Edit opens the deal it showed; a reload
without a connection on a secure origin shows the deals stored and the ones waiting, from the
first visit on; two phones see each other's deals; the flek label and buttons; the board says
what the server says at once (a pending tie, money in the page's language)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.browser.conftest import PHONE
from tests.browser.test_match_browser import board, saved
from tests.browser.test_saving_browser import shot

pytestmark = pytest.mark.browser


def phone(browser, locale: str = "en-GB", service_workers: str = "block"):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, locale=locale, service_workers=service_workers
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def new_match(base: str, body: dict) -> tuple[str, str]:
    """A match made through the API: (its id, the table's page)."""
    request = urllib.request.Request(
        base + "/api/v1/matches",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        match = json.load(response)
    return match["id"], f"{base}/m/{match['id']}/{match['token']}"


def stored(base: str, match_id: str) -> list[dict]:
    with urllib.request.urlopen(f"{base}/api/v1/matches/{match_id}") as response:
        return [d["record"] for d in json.load(response)["deals"]]


MARIAS = {"game": "marias", "players": ["Jana", "Petr", "Ota"]}


def hra(page, declarer: int, trump: str) -> None:
    page.tap(f"label[for=declarer-{declarer}]")
    page.tap(f"#f-trump input[value={trump}] + label")


def test_a_refused_save_keeps_the_form_and_says_why_beside_save(browser, live_server):
    context, page = phone(browser)
    try:
        match_id, url = new_match(live_server, MARIAS)
        page.goto(url)
        hra(page, 1, "diamonds")
        page.tap("details.more summary")
        page.fill("#declarer_points", "40")  # RULES.md §4: a hra won needs more than 50 of 90
        page.fill("#defender_points", "50")
        page.tap("button.save")
        page.wait_for_selector("#save-status.bad")
        status = page.locator("#save-status").bounding_box()
        save = page.locator("button.save").bounding_box()
        assert 0 <= status["y"] and status["y"] + status["height"] <= save["y"] <= PHONE["height"]
        assert "Not stored" in page.inner_text("#save-status")
        assert page.evaluate("document.activeElement.closest('#f-game_won') !== null")
        assert page.locator("#f-game_won .error").count() == 1  # beside the field too
        assert page.is_checked("#declarer-1") and page.input_value("#declarer_points") == "40"
        assert "Save deal 1" in page.inner_text("button.save")
        shot(page, "refused-save")
        page.tap("#f-game_won label:text-is('lost')")  # the fix: Petr lost it
        page.tap("button.save")
        saved(page)
        assert stored(live_server, match_id)[0]["parts"][0]["won"] is False
        assert page.inner_text("#save-status") == "Deal saved."
        assert page.locator(".error").count() == 0 and not page.is_checked("#declarer-1")
        # the next save starts: "Deal saved." goes at once
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 600, "downloadThroughput": 50_000,
             "uploadThroughput": 50_000},
        )  # fmt: skip
        hra(page, 0, "hearts")
        page.tap("button.save")
        assert page.is_hidden("#save-status") or "Deal saved" not in page.inner_text("#save-status")
        saved(page)
    finally:
        context.close()


def test_a_stale_edit_link_opens_the_deal_the_list_showed(browser, live_server):
    ctx_a, a = phone(browser)
    ctx_b, b = phone(browser, "cs-CZ")
    try:
        match_id, url = new_match(live_server, MARIAS)
        a.goto(url)
        for declarer, trump in [(0, "hearts"), (1, "spades"), (2, "clubs")]:
            hra(a, declarer, trump)
            a.tap("button.save")
            saved(a)
        b.goto(url)  # B's list: 3 Ota · žaludy, 2 Petr · zelené, 1 Jana · červené
        a.goto(url + "/deals/1/delete")
        with a.expect_navigation():
            a.get_by_role("button", name="Yes, delete it").tap()
        with b.expect_navigation():
            b.locator("#deal-2 a").tap()  # B taps Edit on "2 · Petr · zelené"
        assert "Rozdání se změnila na jiném telefonu" in b.inner_text("#conflict")
        assert "vybrané rozdání je teď rozdání 1: Petr · zelené" in b.inner_text("#conflict")
        assert b.is_checked("#declarer-1") and b.is_checked("#f-trump input[value=spades]")
        shot(b, "stale-edit-link-cs")
        b.tap("#f-trump input[value=diamonds] + label")
        with b.expect_navigation():
            b.tap("button.save")
        assert [r["trump"] for r in stored(live_server, match_id)] == ["diamonds", "clubs"]
        b.goto(url + "/deals/9")  # a number that is not there: the app's own page, in Czech
        assert "V tomto zápase není rozdání 9" in b.inner_text("main")
        assert b.locator("header.top").count() == 1
        with b.expect_navigation():
            b.get_by_role("link", name="Zpět k zápasu").tap()
        assert b.url == url
    finally:
        ctx_a.close()
        ctx_b.close()


def test_offline_reload_from_the_first_visit_shows_stored_and_waiting_deals(browser, live_server):
    # 127.0.0.1 is a secure origin: the service worker runs; one visit, no reload before
    context, page = phone(browser, service_workers="allow")
    try:
        match_id, url = new_match(live_server, MARIAS)
        page.goto(url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        for declarer, trump in [(0, "hearts"), (1, "spades")]:
            hra(page, declarer, trump)
            page.tap("button.save")
            saved(page)
        scores = board(page)
        page.wait_for_function(
            "async () => { const c = await caches.open('scorekeeper-v2');"
            " const r = await c.match(location.pathname);"
            " return r && (await r.text()).includes('id=\"deal-2\"'); }"
        )
        context.set_offline(True)
        hra(page, 2, "clubs")
        page.tap("button.save")
        page.wait_for_selector("#save-status:has-text('Kept on this phone')")
        page.reload()
        assert page.locator("#deals li:not(.pending)").count() == 2  # the stored deals
        assert page.locator("#deals li.pending").count() == 1  # and the one waiting
        assert page.locator("#deals li.pending b").inner_text() == "3"
        assert board(page) == scores
        unsent = page.locator(".board #unsent")
        assert "Not yet sent: 1" in unsent.inner_text() and unsent.bounding_box()["y"] < 400
        shot(page, "offline-reload")
        context.set_offline(False)
        saved(page)
        assert page.locator("#deals li.refused").count() == 0  # no other phone: no conflict
        assert [r["trump"] for r in stored(live_server, match_id)] == ["hearts", "spades", "clubs"]
        assert page.locator(".board #unsent").count() == 0
    finally:
        context.close()


def test_two_phones_see_each_others_deals(browser, live_app, live_server):
    live_app.config["MATCH_EDITOR_REFRESH_SECONDS"] = 1
    ctx_a, a = phone(browser)
    ctx_b, b = phone(browser)
    try:
        match_id, url = new_match(live_server, MARIAS | {"players": ["Jana", "Petr", "Ota", "Eva"]})
        a.goto(url)
        b.goto(url)
        a.tap("label[for=declarer-1]")
        a.tap("#f-trump input[value=hearts] + label")
        a.tap("button.save")
        saved(a)
        b.wait_for_selector("#deal-1")  # B's page brings A's deal by itself
        assert board(b) == board(a) == [0, 4, -2, -2]
        assert b.is_checked("#dealer-1")  # the next dealer moved on on B too
        assert "Another phone saved a deal" in b.inner_text("#save-status")
        b.tap("label[for=declarer-2]")
        b.tap("#f-trump input[value=spades] + label")
        b.tap("button.save")
        saved(b)
        a.wait_for_selector("#deal-2")
        assert board(a) == board(b)
        assert len(stored(live_server, match_id)) == 2
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_stale_add_shows_the_other_phones_deal_and_keeps_its_own(browser, live_app, live_server):
    live_app.config["MATCH_EDITOR_REFRESH_SECONDS"] = 0  # B does not look by itself
    ctx_a, a = phone(browser)
    ctx_b, b = phone(browser)
    try:
        match_id, url = new_match(live_server, MARIAS)
        a.goto(url)
        b.goto(url)
        hra(a, 0, "hearts")
        a.tap("button.save")
        saved(a)
        hra(b, 1, "spades")
        b.tap("button.save")  # B's page still says "Save deal 1"
        b.wait_for_selector("#save-status.bad")
        assert "Another phone added 1 deal" in b.inner_text("#save-status")
        b.wait_for_selector("#deal-1")  # A's deal is on B's list now
        assert b.is_checked("#declarer-1")  # B's deal is still in the form
        b.tap("button.save")  # it is another deal: save it again
        saved(b)
        assert [r["trump"] for r in stored(live_server, match_id)] == ["hearts", "spades"]
    finally:
        ctx_a.close()
        ctx_b.close()


def test_the_flek_label_does_not_lower_the_flek_and_the_buttons_are_named(browser, live_server):
    context, page = phone(browser, "cs-CZ")
    try:
        _match_id, url = new_match(live_server, MARIAS)
        page.goto(url)
        more = page.get_by_role("button", name="Flek: více").first
        more.tap()
        more.tap()
        page.tap("label[for=game_flek]")  # the word "Flek"
        assert page.input_value("#game_flek") == "2"
        assert page.get_by_role("spinbutton", name="Flek").first.input_value() == "2"
        page.get_by_role("button", name="Flek: méně").first.tap()
        assert page.input_value("#game_flek") == "1"
    finally:
        context.close()


def test_the_board_says_at_once_what_the_server_says(browser, live_server):
    context, page = phone(browser, "cs-CZ")
    try:
        _match_id, url = new_match(live_server, MARIAS | {"stake": "0.20", "currency": "CZK"})
        page.goto(url)
        hra(page, 0, "hearts")
        page.tap("button.save")
        saved(page)
        money = page.locator(".board .money").all_inner_texts()
        assert money == ["0,80\xa0Kč", "-0,40\xa0Kč", "-0,40\xa0Kč"]  # as after a reload
        _match_id, url = new_match(live_server, {"game": "mariage", "players": ["Anke", "Bernd"]})
        page.goto(url)
        page.tap("#f-trump input[value=hearts] + label")
        page.fill("#points_0", "69")  # RULES.md §2: 69:69 is a tie, carried to the next game
        page.tap("button.save")
        saved(page)
        assert re.search(r"nerozhodn|remíz", page.inner_text(".board .note"))
    finally:
        context.close()


def test_marianna_five_declarations_refused_then_any_one_removed(browser, live_server):
    # RULES.md §3: four mariannas at most; the refused deal keeps its list, any item can go
    context, page = phone(browser, "it-IT")
    try:
        match_id, url = new_match(
            live_server, {"game": "marianna", "players": ["Anna", "Bruno", "Carla", "Dario"]}
        )
        page.goto(url)
        page.fill("#points_0", "60")
        for name in ["Anna & Carla: coppe", "Bruno & Dario: denari", "Anna & Carla: bastoni",
                     "Bruno & Dario: spade", "Anna & Carla: denari"]:  # fmt: skip
            page.get_by_role("button", name=name, exact=True).tap()  # each names its team
        page.tap("button.save")
        page.wait_for_selector("#save-status.bad")
        assert page.locator("#decl-list li").count() == 5  # the list as typed
        assert page.evaluate("document.activeElement.name") == "kind"
        page.get_by_role("button", name="Rimuovi: Bruno & Dario: denari").tap()  # the 2nd
        assert page.locator("#decl-list li > span").all_inner_texts() == [
            "Anna & Carla: coppe", "Anna & Carla: bastoni", "Bruno & Dario: spade",
            "Anna & Carla: denari",
        ]  # fmt: skip
        page.tap("button.save")
        saved(page)
        decls = stored(live_server, match_id)[0]["declarations"]
        assert [(d["side"], d["suit"]) for d in decls] == [
            (0, "hearts"), (0, "clubs"), (1, "spades"), (0, "diamonds")
        ]  # fmt: skip
        assert page.locator("#decl-list li").count() == 0  # the next deal starts empty
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_refusal_waiting_deals_conflict_and_error_pages_pass_axe(browser, live_server, scheme):
    from tests.browser.test_two_phones_browser import AXE

    def serious() -> list:
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        return [
            (v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"]
            if v["impact"] in ("serious", "critical")
        ]

    context = browser.new_context(
        viewport=PHONE, has_touch=True, locale="de-DE", service_workers="block", bypass_csp=True
    )
    page = context.new_page()
    try:
        page.emulate_media(color_scheme=scheme)
        match_id, url = new_match(live_server, MARIAS)
        page.goto(url)
        hra(page, 0, "hearts")
        page.tap("button.save")
        saved(page)
        page.tap("#f-trump input[value=spades] + label")  # no declarer: refused
        page.tap("button.save")
        page.wait_for_selector("#save-status.bad")
        context.set_offline(True)
        page.tap("label[for=declarer-1]")
        page.tap("button.save")  # the fix, kept on the phone: the board's note
        page.wait_for_selector("#unsent")
        assert serious() == []
        context.set_offline(False)
        saved(page)
        edit = page.locator("#deal-1 a").get_attribute("href")
        page.goto(url + "/deals/1/delete")
        with page.expect_navigation():
            page.get_by_role("button", name="Ja, löschen").tap()
        page.goto(live_server + edit)  # a stale Edit link: the conflict page
        assert page.locator("#conflict").count() == 1 and serious() == []
        page.goto(url + "/deals/9")  # the app's own 404
        assert serious() == []
    finally:
        context.close()
