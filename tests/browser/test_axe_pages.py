"""axe-core on the pages players, spectators and organisers read, in Czech and German.

The brief's bar: no serious or critical violation. The match page in both themes is checked in
``test_two_phones_browser.py``; this file covers the rest: the new-match form with its deck
buttons, the deal form with the suit pictures, the spectators' page (which no longer uses
``<meta refresh>``), a tournament's public standings and TV view, a season's table and TV view.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SEVEN = ["Jana", "Petr", "Řehoř", "Eva", "Ota", "Šárka", "Žofie Ďurová"]


def _violations(page) -> list[tuple[str, str, list]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def _evening(live_app) -> tuple[str, str, str, str]:
    """A season with one Mariáš evening of seven, round 1 drawn and one table confirmed."""
    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_rounds, tournament_seasons, tournaments

    with live_app.app_context():
        session = get_session()
        season = tournament_seasons.create_season(session=session, name="Zimní liga")
        t = tournaments.create_tournament(
            session=session, name="Večer 1", game="marias", players=SEVEN, rounds=2, seed=3,
            season_id=season.id,
        )  # fmt: skip
        drawn = tournament_rounds.draw_next_round(session=session, tournament_id=t.id, seed=1)
        table = drawn["tables"][0]
        n = len(table["players"])
        tournament_rounds.set_manual_result(
            session=session, tournament_id=t.id, round=1, table=table["table"],
            scores=[3, *([0] * (n - 2)), -3], confirm=True,
        )  # fmt: skip
        return season.id, t.id, table["match_id"], table["token"]


@pytest.mark.parametrize("lang", ["cs", "de"])
def test_the_pages_pass_axe(browser, live_app, live_server, lang):
    season_id, tournament_id, match_id, token = _evening(live_app)
    context = browser.new_context(viewport=PHONE, has_touch=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    pages = {
        "new-match form": "/matches/new/marias/pub",
        "deal form": f"/m/{match_id}/{token}",
        "spectators' page": f"/m/{match_id}",
        "tournament standings": f"/tournaments/{tournament_id}",
        "season table": f"/tournaments/seasons/{season_id}",
    }
    found = {}
    try:
        page.goto(f"{live_server}/language/{lang}?next=/")
        for name, path in pages.items():
            page.goto(live_server + path)
            page.wait_for_load_state("networkidle")
            if bad := _violations(page):
                found[name] = bad
        tv = context.new_page()
        tv.set_viewport_size({"width": 1920, "height": 1080})
        for name, path in {
            "tournament TV": f"/tournaments/{tournament_id}/tv",
            "season TV": f"/tournaments/seasons/{season_id}/tv",
        }.items():
            tv.goto(live_server + path)
            tv.wait_for_load_state("networkidle")
            if bad := _violations(tv):
                found[name] = bad
    finally:
        context.close()
    assert found == {}
