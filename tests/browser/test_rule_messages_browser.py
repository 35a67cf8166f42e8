"""A Czech table of four in headless Chromium at 390×844: the rules' refusal beside the field and
the deal's explanation, both in Czech with the players' names and the Czech deck.

Screenshots go to tmp_path, or to $SCOREKEEPER_SHOTS when set (to look at them).
"""

from __future__ import annotations

import pytest

from tests.browser.test_language_browser import _check_and_shoot, shots  # noqa: F401
from tests.browser.test_match_browser import saved

pytestmark = pytest.mark.browser

FOUR = ["Jana", "Petr", "Řehoř", "Eva"]


def test_czech_refusal_and_explanation(page, live_server, shots):  # noqa: F811
    page.goto(live_server + "/matches/new/marias/pub?lang=cs")
    with page.expect_navigation():
        page.tap("footer.langs a[hreflang=cs]")
    for i, name in enumerate(FOUR):
        page.fill(f"#player_{i}", name)
    page.tap("button.save")
    page.wait_for_selector("#deal-form")
    page.tap("#f-trump label:has-text('červené')")
    page.tap("button.save")  # no declarer chosen: the rules refuse, the page says it in Czech
    page.wait_for_selector("#save-status.bad")  # beside Save, the form kept as typed
    assert "Vyberte aktéra: Petr, Řehoř nebo Eva" in page.inner_text("#save-status")
    assert "Vyberte aktéra" in page.inner_text("#f-declarer .error")  # and beside the field
    assert page.is_checked("#f-trump input[value=hearts]")
    _check_and_shoot(page, shots, "cs-refusal")
    page.tap("label[for=declarer-1]")
    page.tap("button.save")
    saved(page)
    page.reload()
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    why = page.inner_text("body")
    assert "rozdává Jana a toto rozdání nehraje" in why
    assert "hra (výhra): 1 × červené 2 = 2 od každého obránce" in why
    _check_and_shoot(page, shots, "cs-explanation")
