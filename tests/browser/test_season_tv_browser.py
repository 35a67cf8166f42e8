"""The season's league table on a pub TV in real headless Chromium (docs/tournaments.md
"A season").

A season of two 45-player evenings: the season page links to the TV view, which at 1920×1080
shows rows at least 28 px high in pages of two columns that turn by themselves, no
``<meta refresh>``, and answers ``304`` to its own ETag. Set SCOREKEEPER_SHOTS=/some/dir to keep
the screenshot.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.web.tournaments.public import TV_ROWS

SHOTS = os.environ.get("SCOREKEEPER_SHOTS")

pytestmark = pytest.mark.browser


def _season(live_app) -> str:
    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_rounds, tournament_seasons, tournaments

    club = [f"Hráč číslo {i:02d} Hohenzollern-Sigmaringen" for i in range(50)]
    with live_app.app_context():
        session = get_session()
        season = tournament_seasons.create_season(session=session, name="Zimní liga U Lípy")
        for e, players in enumerate((club[:45], club[5:])):
            t = tournaments.create_tournament(
                session=session, name=f"Večer {e + 1}", game="marias", rounds=1, seed=e,
                date=f"2026-01-0{e + 1}", season_id=season.id, players=players,
            )  # fmt: skip
            drawn = tournament_rounds.draw_next_round(session=session, tournament_id=t.id, seed=1)
            for table in drawn["tables"]:
                n = len(table["players"])
                tournament_rounds.set_manual_result(
                    session=session, tournament_id=t.id, round=1, table=table["table"],
                    scores=[3 * (table["table"] % 3), *([0] * (n - 2)), -3 * (table["table"] % 3)],
                    confirm=True,
                )  # fmt: skip
        return season.id


def test_season_tv_reads_from_five_metres_and_turns_pages(live_app, live_server, browser):
    season_id = _season(live_app)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server}/tournaments/seasons/{season_id}")
    page.get_by_role("link", name="TV view").click()
    page.wait_for_url(f"{live_server}/tournaments/seasons/{season_id}/tv")
    assert page.locator("meta[http-equiv=refresh]").count() == 0
    per_page = 2 * TV_ROWS  # two columns
    pages = -(-50 // per_page)
    assert page.locator("[data-tv-page]").count() == pages  # 50 rows
    visible = page.locator("[data-tv-page]:not([hidden]) tbody tr")
    assert visible.count() == per_page
    for i in range(visible.count()):
        box = visible.nth(i).bounding_box()
        assert box["height"] >= 28 and box["y"] + box["height"] <= 1080, box
    assert page.locator("header h1").inner_text() == "Zimní liga U Lípy"
    assert page.locator("header .round").is_visible()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / "season-tv.png"))
    first = visible.first.inner_text()
    page.wait_for_function(
        "t => document.querySelector('[data-tv-page]:not([hidden]) tbody tr').innerText !== t",
        arg=first,
        timeout=20_000,
    )  # the second page turned up by itself
    assert page.locator("[data-tv-pageno]").inner_text() == f"page 2 of {pages}"
    shown = page.locator("[data-tv-page]:not([hidden]) tbody tr").count()
    assert shown == min(per_page, 50 - per_page)
    etag = page.request.get(f"{live_server}/tournaments/seasons/{season_id}/tv").headers["etag"]
    again = page.request.get(
        f"{live_server}/tournaments/seasons/{season_id}/tv", headers={"If-None-Match": etag}
    )
    assert again.status == 304
    context.close()
