"""The deck and a layout that survives translation (API.md v2 option ``deck``), in Chromium at
390×844.

In Czech, Polish and German: the new-match form (the deck chosen as pictures), the match page with
its deal form (suit pictures on 44 px tap targets) and deal lines, the organiser's desk (the table
cards) and a tournament table's page. Every page must fit 390 px and keep the marks of capital
Š, Ž, Ř, Ż, Ł: no box that hides its overflow may cut into a line of such text, nor squeeze it
below 1.25 line heights. Screenshots go to tmp_path, or to $SCOREKEEPER_SHOTS when set (look at
them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlmodel import select

from scorekeeper.db import get_session
from scorekeeper.models.tournament import Organiser
from scorekeeper.services import tournaments as ts
from tests.browser.test_match_browser import save

pytestmark = pytest.mark.browser

CAPITALS = "ČĎĚŇŘŠŤŽŻŹŚĆŃŁÁÉÍÓÚŮÝÄÖÜ"
# Horizontal overflow; capital marks cut by a box hiding its overflow (the text's line boxes
# reach outside the box, or its lines are tighter than 1.25: DejaVu Sans draws tall háčeks).
LAYOUT = (
    r"""() => {
  const caps = /[CAPS]/;
  const wide = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  const clipped = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !caps.test(node.textContent)) continue;
    if (el.closest('.vh, option, datalist, script')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    if (!rects.length) continue;  // not shown (a closed <details>)
    for (let box = el; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
      const r = box.getBoundingClientRect();
      const top = r.top + parseFloat(style.borderTopWidth);
      const bottom = r.bottom - parseFloat(style.borderBottomWidth);
      const own = getComputedStyle(el);
      const ratio = parseFloat(own.lineHeight) / parseFloat(own.fontSize);
      if (rects.some(t => t.top < top - 0.5 || t.bottom > bottom + 0.5) || ratio < 1.25) {
        clipped.push(node.textContent.trim());
      }
      break;
    }
  }
  return {wide, clipped};
}"""
).replace("CAPS", CAPITALS)
# Every suit on the deal form: a 44 px target showing its picture (loaded, at least 20 px).
TARGETS = r"""() => [...document.querySelectorAll(
    '#f-trump label, .mrow label, .drow button[name=add]')]
  .filter(el => el.querySelector('img.suit')).map(el => {
  const r = el.getBoundingClientRect(), img = el.querySelector('img.suit');
  const i = img ? img.getBoundingClientRect() : {width: 0};
  return {text: el.innerText.trim(), w: r.width, h: r.height,
          shown: !!img && img.complete && img.naturalWidth > 0, size: i.width,
          alt: img ? img.alt : ''};
})"""


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("SCOREKEEPER_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fits(page, folder: Path, name: str) -> None:
    """No overflow at 390 px, no cut capital marks; a full-page screenshot ``name``.png."""
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    found = page.evaluate(LAYOUT)
    page.screenshot(path=str(folder / f"deck-{name}.png"), full_page=True)
    assert found["wide"] <= 390, f"{name}: {found['wide']} px wide"
    assert not found["clipped"], f"{name}: capital marks cut in {found['clipped']}"


def suit_targets(page, name: str, pictures: int) -> list[dict]:
    targets = page.evaluate(TARGETS)
    assert len(targets) >= pictures, (name, targets)
    for t in targets:
        assert t["w"] >= 44 and t["h"] >= 44, (name, t)
        assert t["shown"] and t["size"] >= 20, (name, t)
        assert t["alt"], (name, t)
    return targets


def register(page, live_app, base: str, lang: str) -> int:
    """An organiser registered through the page in ``lang``; their id."""
    page.goto(f"{base}/language/{lang}?next=/auth/register")
    page.fill("input[name=username]", f"org-{lang}")
    page.fill("input[name=password]", "pivo-a-karty")
    with page.expect_navigation():
        page.click("form button.save")
    with live_app.app_context():
        found = get_session().exec(select(Organiser).where(Organiser.username == f"org-{lang}"))
        return found.one().id


CASES = {
    # language: (game, preset, players, deck tapped on the form or None, a trump's name)
    "cs": ("marias", "pub", ["Řehoř Šťastný", "Šárka Žáková", "Žofie Ďurová"], None, "žaludy"),
    "pl": ("mariasz", "default", ["Żaneta Łukasiewicz", "Łucja Żółć"], "french", "trefl"),
    "de": ("marianna", "marianna", ["Jürgen Weiß", "Ömer Üzüm", "Änne Öhler", "Ülrike Ärmel"],
           None, None),
}  # fmt: skip
TOURNAMENT = ["Řehoř Šťastný", "Šárka Žáková", "Żaneta Łukasiewicz", "Łucja Żółć"]


@pytest.mark.parametrize("lang", ["cs", "pl", "de"])
def test_deck_and_layout_in_the_players_language(page, live_app, live_server, shots, lang):
    game, preset, players, deck, trump = CASES[lang]
    page.goto(f"{live_server}/language/{lang}?next=/matches/new/{game}/{preset}")
    assert page.locator("html").get_attribute("lang") == lang
    for i, name in enumerate(players):
        page.fill(f"#player_{i}", name)
    if deck:
        page.tap(f"#f-opt_deck label[for=opt_deck-{['german', 'italian', 'french'].index(deck)}]")
    fits(page, shots, f"{lang}-new-match")
    page.locator("#f-opt_deck").screenshot(path=str(shots / f"deck-{lang}-deck-choice.png"))
    page.tap("button.save")
    page.wait_for_selector("#deal-form")

    # the deal form: the deck's pictures on 44 px targets, alt text in the language
    targets = suit_targets(page, lang, {"marias": 4, "mariasz": 12, "marianna": 8}[game])
    expected = {"cs": "german-", "pl": "french-", "de": "italian-"}[lang]
    srcs = page.eval_on_selector_all("#deal-form img.suit", "els => els.map(e => e.src)")
    assert srcs and all(expected in s for s in srcs), srcs
    fits(page, shots, f"{lang}-deal-form")

    if game == "marias":
        page.tap("label[for=declarer-0]")
        page.tap(f"#f-trump label:has-text('{trump}')")
    elif game == "mariasz":
        page.tap(f"#f-trump label:has-text('{trump}')")
        page.fill("#points_0", "80")
    else:  # Marianna: a team's marianna in coppe (Kelche), tapped as its picture
        page.fill("#points_0", "70")
        page.locator(".drow").first.locator("button[name=add]").first.tap()
        alt = targets[0]["alt"]
        assert alt == "Kelche", targets[0]
    page.locator("#deal-form").screenshot(path=str(shots / f"deck-{lang}-deal-tapped.png"))
    page.emulate_media(color_scheme="dark")  # black clubs and spades stay visible
    page.locator("#deal-form").screenshot(path=str(shots / f"deck-{lang}-deal-dark.png"))
    page.emulate_media(color_scheme="light")
    save(page)
    page.reload()
    line = page.locator("#deal-1")
    pics = line.locator("img.suit")
    assert pics.count() >= 1
    assert pics.first.evaluate("i => i.complete && i.naturalWidth > 0")
    assert not any(s in line.inner_text() for s in "♥♦♣♠") or deck == "french"
    fits(page, shots, f"{lang}-match")

    # the organiser's desk (the table cards) and a table's page, with Š, Ž, Ř, Ż, Ł in names
    organiser = register(page, live_app, live_server, lang)
    with live_app.app_context():
        db = get_session()
        t = ts.create_tournament(
            session=db, name="Šťastný Żubr – Ärmelkanal", game="mariasz", players=TOURNAMENT,
            organiser_id=organiser, language=lang,
        )  # fmt: skip
        state = ts.draw_next_round(session=db, tournament_id=t.id, seed=1)
        table = state["tables"][0]
        url = f"/tournaments/{t.id}/table/{state['round']}/{table['table']}/{table['token']}"
    page.goto(f"{live_server}/tournaments/{t.id}/manage")
    assert page.locator("li.tbl").count() == 2
    fits(page, shots, f"{lang}-organiser-cards")
    page.goto(f"{live_server}{url}")
    assert page.locator("table.seats .who").count() == 2
    fits(page, shots, f"{lang}-table")
