"""Real headless Chromium at 390×844: start matches, enter deals by tapping, edit one."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

pytestmark = pytest.mark.browser


class Thumb:
    """Taps on the page, counted (the common Mariáš deal must take at most 4)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.count += 1
        self.page.tap(selector)


def board(page) -> list[int]:
    """The scores shown on the match page, side by side."""
    return [int(t) for t in page.locator(".board .pts").all_inner_texts()]


def api(base: str, page) -> dict:
    match_id = re.search(r"/m/([^/?#]+)", page.url)[1]
    with urllib.request.urlopen(f"{base}/api/v1/matches/{match_id}") as response:
        return json.load(response)


def saved(page) -> None:
    """Wait until the background save (static/js/queue.js) has stored every queued deal, the
    page has fetched its board again (static/js/refresh.js) and, when the match was decided,
    reloaded."""
    page.wait_for_function(
        "() => { const s = document.getElementById('saver');"
        " return s && !localStorage.getItem('sk-queue-' + s.dataset.match)"
        " && !s.dataset.refreshing && !s.dataset.busy"
        " && !document.querySelector('button.save')?.disabled"
        " && !document.documentElement.dataset.reloading; }"
    )
    page.wait_for_load_state()


def background(page) -> bool:
    """Whether Save sends the deal in the background (the match page, with JavaScript)."""
    page.wait_for_load_state()
    return page.locator("#saver").count() > 0 and page.evaluate(
        "document.documentElement.classList.contains('js')"
    )


def save(page) -> None:
    """Tap Save: on the match page the deal is saved in the background (wait until stored);
    the edit page posts the form (wait for the page the server answers with)."""
    if background(page):
        page.tap("button.save")
        saved(page)
    else:
        with page.expect_navigation():
            page.tap("button.save")


def new_match(page, base: str, tile: str, names: list[str]) -> None:
    page.goto(base + "/")
    page.tap("text=New match")
    page.tap(f".tiles a:has(b:text-is('{tile}'))")
    for i, name in enumerate(names):
        page.fill(f"#player_{i}", name)
    page.tap("button.save")
    page.wait_for_selector("#deal-form")


def marias_deal(page, declarer: int, trump: str, *, lost=False, flek=0) -> int:
    """Enter one Mariáš deal by tapping; returns the number of taps, Save included."""
    thumb = Thumb(page)
    thumb(f"label[for=declarer-{declarer}]")
    thumb(f"#f-trump label:has-text('{trump}')")
    if lost:
        thumb("#f-game_won label:text-is('lost')")
    for _ in range(flek):
        thumb("#f-game_flek button:text-is('+')")
    if background(page):
        thumb("button.save")
        saved(page)
    else:  # without JavaScript: the plain form post
        with page.expect_navigation():
            thumb("button.save")
    return thumb.count


def test_marias_match_by_tapping(page, live_server):
    new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
    assert page.viewport_size == {"width": 390, "height": 844}
    # The common deal: declarer, trump, Save (hra and won are preselected).
    assert marias_deal(page, 0, "červené") == 3  # at most 4 taps for the common deal
    assert board(page) == [4, -2, -2]  # RULES.md §4: hearts double: 1 × 2 from each defender
    assert marias_deal(page, 1, "betl") == 3
    assert board(page) == [-1, 8, -7]  # RULES.md §4 pub: betl 5 from each defender
    assert marias_deal(page, 2, "žaludy", lost=True, flek=1) == 5
    assert board(page) == [1, 10, -11]  # flek doubles the lost hra: 2 to each defender
    # Edit deal 1: the trump was zelené, not červené.
    with page.expect_navigation():
        page.tap("#deal-1 a:text-is('Edit')")
    assert page.is_checked("#trump-0")  # pre-filled with what was stored
    page.tap("#f-trump label:has-text('zelené')")
    save(page)
    assert page.is_visible(".flash.ok")
    assert board(page) == [-1, 11, -10]
    assert board(page) == api(live_server, page)["scores"]
    assert "Save deal 4" in page.inner_text("button.save")


def test_mariasz_match_by_tapping(page, live_server):
    new_match(page, live_server, "Mariasz", ["Ania", "Bartek"])

    def deal(trump: str, points: int, melds: list[str]) -> None:
        page.tap(f"#f-trump label:has-text('{trump}')")
        page.fill("#points_0", str(points))
        for meld in melds:
            page.tap(f"label[for={meld}]")
        save(page)

    page.tap("#f-trump label:has-text('czerwień')")
    page.fill("#points_0", "80")
    assert page.input_value("#points_1") == "58"  # RULES.md §1: 138 minus the first
    save(page)
    assert "toward 131" in page.inner_text(".current")  # RULES.md §1: game 1 in progress
    deal("żołędzie", 100, ["m_0_clubs"])
    # RULES.md §1: Ania 80 + 100 + 40 = 220 in the second deal: sympla 1 + trump marriage 2
    assert board(page) == [3, 0]
    with page.expect_navigation():
        page.tap("#deal-2 a:text-is('Edit')")
    assert page.is_checked("#m_0_clubs")
    page.tap("label[for=m_1_hearts]")
    save(page)
    assert page.is_visible(".flash.ok")
    assert board(page) == [3, 1]  # Bartek's plain marriage: 1 match point
    deal("wino", 120, ["m_0_spades"])
    assert board(page) == [7, 1]  # 120 + 40 in one deal: dubla 2 + trump marriage 2
    assert board(page) == api(live_server, page)["scores"]


def test_marianna_declarations_by_tapping(page, live_server):
    new_match(page, live_server, "Marianna", ["Anna", "Bruno", "Carla", "Dario"])
    page.fill("#points_0", "70")
    page.tap("button[name=add][value='1:hearts']")
    page.tap("#f-kind label:text-is('mariannino')")
    page.tap("button[name=add][value='1:spades']")
    assert page.locator("#decl-list li").count() == 2
    save(page)
    # RULES.md §3: 70; 50 + 40 + 250 (v2.1: a mariannino after its own team's marianna only)
    assert board(page) == [70, 340]
    # Undo: one tap, then confirm.
    with page.expect_navigation():
        page.tap("text=Undo last deal")
    with page.expect_navigation():
        page.tap("text=Yes, undo it")
    assert board(page) == [0, 0]
    assert page.locator("#deals li").count() == 0


def test_a_mariannone_names_no_suit_as_the_form_says(page, live_server):
    # docs/rules.md §3: the mariannone is all four kings, so it names no suit. Which kinds name none
    # is the form's word on the kind (data-gives, from the rules), not the script's.
    body = {"game": "marianna", "players": ["Anna", "Bruno", "Carla", "Dario"]}
    body["options"] = {"mariannone": True}
    request = urllib.request.Request(
        f"{live_server}/api/v1/matches",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        made = json.load(response)
    page.goto(f"{live_server}/m/{made['id']}/{made['token']}")
    page.fill("#points_0", "70")
    page.tap("button[name=add][value='0:hearts']")
    page.tap("#f-kind label:text-is('mariannone')")
    page.tap("button[name=add][value='1:clubs']")
    assert page.input_value("input[name=declarations]") == "0:marianna:hearts 1:mariannone:"
    assert page.locator("#decl-list li").count() == 2
    save(page)
    assert api(live_server, page)["deals"][0]["record"]["declarations"] == [
        {"side": 0, "suit": "hearts"},
        {"side": 1, "kind": "mariannone"},
    ]


def test_common_deal_works_without_javascript(browser, live_server):
    # the basic flow works without JavaScript; JS only makes it nicer
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, has_touch=True
    )
    page = context.new_page()
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        assert page.locator(".stepper").count() == 0  # no JS: plain number inputs
        assert marias_deal(page, 1, "zelené") == 3
        assert board(page) == [-1, 2, -1]  # RULES.md §4: hra 1 from each defender
        page.goto(page.url.split("#")[0] + "/deals/1/delete")
        with page.expect_navigation():
            page.tap("text=Yes, delete it")
        assert board(page) == [0, 0, 0]
    finally:
        context.close()


def test_share_link_qr_and_spectator_view(page, live_server):
    new_match(page, live_server, "German Mariage", ["Anke", "Bernd"])
    assert page.is_visible("#share details[open] .qr svg")  # shown open right after creating
    edit_link = page.input_value("#edit-link")
    assert edit_link == page.url.split("?")[0]
    page.goto(page.input_value("#view-link"))
    assert page.locator("#deal-form").count() == 0 and "Read-only" in page.inner_text("#share")


def test_four_at_the_table_dealer_moves_on_by_itself(page, live_server):
    # RULES.md §4: with four the dealer sits out; the next dealer is preselected, so the
    # common deal stays three taps
    new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota", "Eva"])
    assert page.is_checked("#dealer-0")
    assert marias_deal(page, 1, "zelené") == 3
    assert page.is_checked("#dealer-1")
    assert marias_deal(page, 2, "kule") == 3
    assert board(page) == [-1, 2, 1, -2]  # Jana sat out deal 1, Petr deal 2
    assert board(page) == api(live_server, page)["scores"]


def test_editing_points_keeps_the_pair_adding_up(page, live_server):
    new_match(page, live_server, "German Mariage", ["Anke", "Bernd"])
    page.tap("#f-trump label:has-text('Herz')")
    page.fill("#points_0", "70")
    page.fill("#points_1", "68")
    save(page)
    with page.expect_navigation():  # the match page has a #points_0 too: wait for the new page
        page.tap("#deal-1 a:text-is('Edit')")
    page.wait_for_load_state()  # deal.js (deferred) is listening
    page.fill("#points_0", "90")
    assert page.input_value("#points_1") == "48"  # RULES.md §2: 138 in a played-out deal


def test_history_shows_times_on_the_phones_clock(browser, live_server):
    """Stored in UTC; the history page shows the device's own time (here UTC+5:30)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        timezone_id="Asia/Kolkata",
        locale="en-GB",
        has_touch=True,
    )
    page = context.new_page()
    try:
        new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
        marias_deal(page, 0, "červené")
        with page.expect_navigation():
            page.click("a:text-is('History of changes')")
        stamp = page.locator("time[data-utc]").first
        utc = stamp.get_attribute("datetime")  # 2026-11-23T11:05:09Z
        hour, minute = int(utc[11:13]), int(utc[14:16])
        local = (hour * 60 + minute + 330) % 1440
        assert f"{local // 60:02d}:{local % 60:02d}" in stamp.inner_text()
        assert "UTC" in stamp.get_attribute("title")
        assert "device" in page.locator("[data-local-note]").inner_text()
    finally:
        context.close()
