"""Czech and German players at 390×844: the switcher, a new match and a deal in their language.

Each page is checked for horizontal overflow and for names whose capital diacritics would be
cut off (a box with hidden overflow shorter than its text); screenshots go to tmp_path, or to
$SCOREKEEPER_SHOTS when set (to look at them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.db import get_session
from scorekeeper.services import tournaments as ts
from tests.browser.test_match_browser import save

pytestmark = pytest.mark.browser

NAMES = ["Řehoř Šťastný", "Šárka Žáková", "Ota Čermák"]
# Every page must fit 390 px, keep capital marks, and never split a word of a tap label.
# Text in a box that hides its overflow loses the marks of Ř, Š, Ž when its lines are tight:
# such boxes need a line height of at least 1.25 em (DejaVu Sans draws tall háčeks).
FITS = r"""() => {
  const wide = document.documentElement.scrollWidth;
  const clipped = [...document.querySelectorAll('body *')]
    .filter(el => el.children.length === 0 && /[ČĎĚŇŘŠŤŽŻŹŚĆŃŁÁÉÍÓÚŮÝÄÖÜ]/.test(el.textContent))
    .filter(el => {
      const style = getComputedStyle(el);
      const ratio = parseFloat(style.lineHeight) / parseFloat(style.fontSize);
      return style.overflow !== 'visible' && ratio < 1.25;
    })
    .map(el => el.textContent.trim());
  // a word of a tap label or button split over two lines ("prohrán/o")
  const broken = [];
  document.querySelectorAll('.taps label, label, button').forEach(el => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  });
  return {wide, clipped, broken};
}"""


def _check_and_shoot(page, folder: Path, name: str) -> None:
    fits = page.evaluate(FITS)
    assert fits["wide"] <= 390, f"{name}: {fits['wide']} px wide"
    assert not fits["clipped"], f"{name}: clipped {fits['clipped']}"
    assert not fits["broken"], f"{name}: words broken across lines {fits['broken']}"
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("SCOREKEEPER_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_czech_marias_in_czech(page, live_server, shots):
    page.goto(live_server + "/")
    with page.expect_navigation():
        page.tap("footer.langs a[hreflang=cs]")
    assert page.locator("html").get_attribute("lang") == "cs"
    page.tap("text=Nový zápas")
    page.tap(".tiles a:has(b:text-is('Mariáš'))")
    for i, name in enumerate(NAMES):
        page.fill(f"#player_{i}", name)
    page.fill("#stake", "0,50")
    page.fill("#currency", "CZK")
    _check_and_shoot(page, shots, "cs-new-match")
    page.tap("button.save")
    page.wait_for_selector("#deal-form")
    page.tap("label[for=declarer-0]")
    page.tap("#f-trump label:has-text('červené')")
    assert page.inner_text("button.save") == "Uložit rozdání 1"
    save(page)
    page.reload()
    money = [t.replace("\u00a0", " ") for t in page.locator(".board .money").all_inner_texts()]
    assert money == ["2,00 Kč", "-1,00 Kč", "-1,00 Kč"]
    assert "Rozdání (1)" in page.inner_text("body")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    _check_and_shoot(page, shots, "cs-match")


def test_polish_mariasz_in_german(page, live_server, shots):
    page.goto(live_server + "/?lang=de")
    with page.expect_navigation():
        page.tap("footer.langs a[hreflang=de]")
    page.tap("text=Neues Match")
    page.tap(".tiles a:has(b:text-is('Mariasz'))")
    page.fill("#player_0", "Jürgen Weiß")
    page.fill("#player_1", "Żaneta Łukasiewicz")
    _check_and_shoot(page, shots, "de-new-match")
    page.tap("button.save")
    page.wait_for_selector("#deal-form")
    page.tap("#f-trump label:has-text('Herz')")  # the suits as German players call them
    page.fill("#points_0", "80")
    assert page.input_value("#points_1") == "58"
    assert page.inner_text("button.save") == "Spiel 1 speichern"
    save(page)
    page.reload()
    assert "Partie 1, bis 131:" in page.inner_text(".board")
    _check_and_shoot(page, shots, "de-match")


def test_czech_names_keep_their_marks_on_the_table_page(page, live_app, live_server, shots):
    with live_app.app_context():
        db = get_session()
        t = ts.create_tournament(
            session=db, name="Šťastný turnaj", game="mariasz", players=NAMES + ["Žofie Ďurová"]
        )
        state = ts.draw_next_round(session=db, tournament_id=t.id, seed=1)
        table = state["tables"][0]
        url = f"/tournaments/{t.id}/table/{state['round']}/{table['table']}/{table['token']}"
    page.goto(f"{live_server}{url}?lang=cs")
    assert page.locator("table.seats .who").count() == 2
    _check_and_shoot(page, shots, "cs-table")
