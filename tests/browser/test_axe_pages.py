"""axe-core on every page of the app, in Czech, German and English, in the light and dark themes.

The brief's bar: no serious or critical violation. ``whole_site`` (tests/browser/site.py) fills
the 34 pages a pub sees (home, new match, the deal forms of all five games, spectators, edit,
history, rules, login, the organiser's desk, draw, results entry, table page, standings, TV,
audit, seasons, season table and TV, roster, player page and the printables) and a tournament
table's match as its phone opens it, and licitovaný mariáš's deal form and rules page; each
language is one browser context logged in as the organiser, reusing one page for every
address, every <details> opened (the share panel, the desk's QR codes and organiser link). TV
views are checked at 1920×1080, the rest at 390×844.

Every rule runs in the light theme; the dark theme changes colours only (the stylesheets'
``prefers-color-scheme: dark`` blocks), so axe then runs its colour rules on the same page
loaded once, switched to dark as a phone in dark mode asks (``emulate_media``): three runs, one
per language, 126 page loads.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser import site
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
LANGUAGES = ["cs", "de", "en"]
TV = {"width": 1920, "height": 1080}
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def _serve_axe(context, base: str) -> str:
    """axe-core at an address of the page's own origin, answered by the browser context itself
    (never by the app) and cacheable, so Chromium compiles its 550 KB once, not at every page."""
    url = f"{base}/__axe.min.js"
    body = AXE.read_bytes()
    context.route(
        url,
        lambda route: route.fulfill(
            body=body, content_type="text/javascript", headers={"Cache-Control": "max-age=3600"}
        ),
    )
    return url


def _violations(page, axe: str, rules: list[str] | None = None) -> list[tuple[str, str, int, list]]:
    page.add_script_tag(url=axe)
    options = {"resultTypes": ["violations"]} | ({"runOnly": rules} if rules else {})
    result = page.evaluate("options => axe.run(document, options)", options)
    return [
        (v["id"], v["impact"], len(v["nodes"]), [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_passes_axe(browser, whole_site, lang):
    base, pages = whole_site
    # the review's 34, a tournament table's match, licitovaný mariáš's deal form and rules page,
    # the league evening's standings, settings, table sheet, printed standings and TV
    assert len(pages) == 42
    context = browser.new_context(
        viewport=PHONE, has_touch=True, bypass_csp=True, color_scheme="light"
    )
    axe = _serve_axe(context, base)
    page = context.new_page()
    page.set_default_timeout(15_000)
    found = {}
    started = time.monotonic()
    try:
        site.log_in(page, base)
        page.goto(f"{base}/language/{lang}?next=/")
        for name, path in pages.items():
            page.set_viewport_size(TV if name.endswith("tv") else PHONE)
            page.goto(base + path)
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            # the light theme with every rule, then the same page as a phone in dark mode asks
            # for it (prefers-color-scheme: dark), with the colour rules
            if bad := _violations(page, axe):
                found[f"{name} (light)"] = bad
            light = page.evaluate("getComputedStyle(document.body).backgroundColor")
            page.emulate_media(color_scheme="dark")
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            if name == "home":  # the switch is seen by the style sheets (the TV is always dark)
                assert page.evaluate("getComputedStyle(document.body).backgroundColor") != light
            if bad := _violations(page, axe, COLOUR_RULES):
                found[f"{name} (dark)"] = bad
            page.emulate_media(color_scheme="light")
    finally:
        context.close()
    # printed (pytest -s) so that a slower run is noticed
    print(f"axe {lang}: {len(pages)} pages, light and dark, in {time.monotonic() - started:.0f} s")
    assert found == {}
