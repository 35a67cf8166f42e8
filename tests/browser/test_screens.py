"""Every page on a 320-px phone, the at-the-table controls, the pub TV and the printables.

``whole_site`` (tests/browser/site.py) fills the 34 pages (and a tournament table's match) with
the long accented names that break layouts ("Chrudoš Wąsowicz-Przybyłowski", "Małgorzata
Schönberger-Ölmüller"). One browser context per check, one page reused for every address:

- at 320×640 in Czech, Polish and German no page scrolls sideways (a wide table scrolls inside
  itself), no word of a button, label, name box or table heading is broken in the middle, and
  each page has one h1 and one <main>;
- what players tap at the table (Edit, Undo, History, Print, the option rows, the header's
  links) is at least 44×44 px;
- a screen reader hears each suit's name once ("červené", never "červené červené");
- the TV at 1920×1080 shows names with capitals at least 32 px tall, marks a provisional row by
  colour and a bar (not a small word), names the tables still out by number, and keeps the
  season's title whole;
- a printable opened on a phone loads no font file and stays under 30 KB.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import site
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

SMALL = {"width": 320, "height": 640}
TV = {"width": 1920, "height": 1080}

# words whose line boxes differ inside one text node: a word broken in the middle
BROKEN_WORDS = """() => {
  const found = [];
  const boxes = document.querySelectorAll(
    "label, button, .btn, .nm, td.who, td.name, th, legend, h1, .tiles b, header a");
  for (const box of boxes) {
    if (!box.offsetParent && getComputedStyle(box).position !== "fixed") continue;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\-‐–—/·,:;()]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
          .map(r => Math.round(r.top)));
        if (tops.size > 1) found.push(m[0]);
      }
    }
  }
  return found;
}"""


# a suit's caption under its picture cut short ("Schwer…")
CUT_CAPTIONS = """() => [
  ...document.querySelectorAll(".taps label small, .mrow small, .drow small")]
  .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""


def _phone(browser, viewport=SMALL):
    context = browser.new_context(
        viewport=viewport, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


@pytest.mark.parametrize("lang", ["cs", "pl", "de"])
def test_a_320_px_phone_never_scrolls_sideways_nor_breaks_a_word(browser, whole_site, lang):
    base, pages = whole_site
    context, page = _phone(browser)
    wide, broken, headings = {}, {}, {}
    try:
        site.log_in(page, base)
        page.goto(f"{base}/language/{lang}?next=/")
        for name, path in pages.items():
            page.goto(base + path)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > SMALL["width"]:
                wide[name] = width
            if words := page.evaluate(BROKEN_WORDS):
                broken[name] = words
            if cut := page.evaluate(CUT_CAPTIONS):
                broken[name] = cut
            counts = page.evaluate(
                "[document.querySelectorAll('h1').length, document.querySelectorAll('main').length]"
            )
            if counts != [1, 1]:
                headings[name] = counts
    finally:
        context.close()
    assert wide == {}, "pages wider than 320 px"
    assert broken == {}, "words broken in the middle or cut short"
    assert headings == {}, "[h1, main] counts other than one each"


def _small_targets(page, selector: str) -> list[tuple[str, int, int]]:
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.offsetParent).map(e => {
             const r = e.getBoundingClientRect();
             return [e.innerText.trim().slice(0, 30), Math.round(r.width), Math.round(r.height)];
           }).filter(([, w, h]) => w < 44 || h < 44)""",
    )


@pytest.mark.parametrize("viewport", [SMALL, PHONE], ids=["320", "390"])
def test_what_the_table_taps_is_44_px(browser, whole_site, viewport):
    base, pages = whole_site
    context, page = _phone(browser, viewport)
    small = {}
    controls = (
        "header.top a, .dh a, #deal-acts a, .taps label, .mrow label, .drow button, "
        ".btn.small, .copy button, .stepper button, details.more > summary, label.check"
    )
    try:
        page.goto(f"{base}/language/de?next=/")
        for game in ("marias", "mariasz", "marianna", "briscola", "mariage", "licitovany"):
            page.goto(base + pages[f"deal {game}"])
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            if game == "licitovany":  # dvě sedmy a sto shows suits, two parts and fleks
                shows = page.locator("#deal-form input[name=contract][data-gives]")
                page.click(f"label[for='{shows.nth(9).get_attribute('id')}']")
            if game == "marias":  # a seven tapped shows its part, with its flek
                page.click("#f-seven label >> nth=1")
            if found := _small_targets(page, controls):
                small[game] = found
    finally:
        context.close()
    assert small == {}


def test_a_suit_is_named_once_to_a_screen_reader(browser, whole_site):
    base, pages = whole_site
    context, page = _phone(browser, PHONE)
    try:
        page.goto(f"{base}/language/cs?next=/")
        page.goto(base + pages["deal marias"])
        tree = page.locator("body").aria_snapshot()
        page.goto(base + pages["deal marianna"])
        tree += page.locator("body").aria_snapshot()
    finally:
        context.close()
    assert 'radio "červené"' in tree  # the trump choice: the picture's name, the caption hidden
    # a Marianna declaration button: the side, then the suit, named once
    assert re.search(r'button "[^"]+: poháry"', tree), tree
    for word in ("červené", "zelené", "žaludy", "kule", "poháry", "meče", "mince", "hole"):
        assert not re.search(rf"\b{word}\W+{word}\b", tree), word


def _cap_height(page, selector: str) -> float:
    """The height of a capital H in the font of the first ``selector``, in CSS pixels."""
    return page.eval_on_selector(
        selector,
        """el => { const c = document.createElement("canvas").getContext("2d");
                   const s = getComputedStyle(el);
                   c.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
                   return c.measureText("H").actualBoundingBoxAscent; }""",
    )


def test_the_tv_reads_from_across_the_pub(browser, whole_site):
    base, pages = whole_site
    context = browser.new_context(viewport=TV)
    page = context.new_page()
    try:
        page.goto(f"{base}/language/cs?next=/")
        page.goto(base + pages["tv"])
        assert _cap_height(page, "table.standings tbody td.who") >= 32
        rows = page.locator("[data-tv-page]:not([hidden]) tbody tr")
        last = rows.nth(rows.count() - 1).bounding_box()
        assert last["y"] + last["height"] <= page.locator("footer").bounding_box()["y"] + 1
        # provisional: amber and a thick bar, the name keeps its room (no small word beside it)
        provisional = page.locator("tr.provisional td.who").first
        confirmed = page.locator("tr:not(.provisional):not(.top1) td.who").first
        colour = "el => getComputedStyle(el).color"
        assert provisional.evaluate(colour) != confirmed.evaluate(colour)
        bar = page.locator("tr.provisional td.rank").first.evaluate(
            "el => getComputedStyle(el).boxShadow"
        )
        assert "inset" in bar
        assert page.locator("tr.provisional small.prov").count() == 0
        # the tables still out, by number: the last table of round 2 is not confirmed
        footer = page.locator("footer").inner_text()
        assert re.search(r"Čeká se na stůl \d+\b", footer), footer
        page.goto(base + pages["season tv"])
        title = page.locator("header h1")
        assert title.inner_text() == "Zimní liga U Krále 2025/26"
        assert title.evaluate("el => el.scrollWidth <= el.clientWidth")
        assert title.bounding_box()["x"] + title.bounding_box()["width"] <= TV["width"]
    finally:
        context.close()


def test_a_printable_on_a_phone_loads_no_font(browser, whole_site):
    base, pages = whole_site
    context, page = _phone(browser, PHONE)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    fonts, received = [], {}
    cdp.on("Network.responseReceived", lambda e: e["type"] == "Font" and fonts.append(e))
    cdp.on(
        "Network.loadingFinished",
        lambda e: received.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    try:
        site.log_in(page, base)
        received.clear()
        page.goto(base + pages["print standings"], wait_until="networkidle")
        size = sum(received.values())
        for name in ("print record", "blank sheet", "print certificates", "print seating"):
            page.goto(base + pages[name], wait_until="networkidle")
    finally:
        context.close()
    assert fonts == []
    assert size < 30 * 1024, size
