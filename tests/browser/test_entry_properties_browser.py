"""What the phone stores is exactly what the table entered (docs/saving.md "Saving a deal").

For each game and preset, hypothesis draws the records of a match from the strategies the
rules' own properties use (tests/strategies); the records are tapped one after another into
the match page's deal form (real Chromium, a 390×844 touch phone, service workers blocked, the
background save of static/js/queue.js), and the records the server stored, read back through
the JSON API, equal the drawn ones deal by deal: nothing carried over from the deal before,
nothing lost, nothing added. Examples are few and short (the whole file runs in about a minute
and a half): every example is a fresh match and a handful of deals.
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from scorekeeper.rules.registry import get_game
from tests.browser.conftest import PHONE
from tests.browser.phone_entry import enter, in_form_order, licit_form_order
from tests.browser.test_match_browser import saved
from tests.strategies import licitovany, mariage, marianna, marias, mariasz

pytestmark = pytest.mark.browser

EXAMPLES = 4  # matches per game, each of up to DEALS deals
DEALS = 5
PLAYERS = {
    2: ["Jana", "Petr"],
    3: ["Jana", "Petr", "Ota"],
    4: ["Anna", "Bruno", "Carla", "Dario"],
}
# (game, preset, players, the records of one match)
CASES = {
    "mariasz": ("mariasz", None, 2, mariasz.match_records(max_deals=DEALS)),
    "mariage": ("mariage", None, 2, mariage.match_records(max_deals=DEALS)),
    "marianna": ("marianna", "marianna", 4, marianna.match_records("marianna", max_deals=DEALS)),
    "cinquecento": (
        "marianna",
        "cinquecento",
        4,
        marianna.match_records("cinquecento", max_deals=DEALS),
    ),
    "briscola151": (
        "marianna",
        "briscola151",
        2,
        marianna.match_records("briscola151", max_deals=DEALS),
    ),
    "marias-3": (
        "marias",
        "pub",
        3,
        marias.match_records(n_players=3, min_deals=2, max_deals=DEALS),
    ),
    "marias-4": (
        "marias",
        "pub",
        4,
        marias.match_records(n_players=4, min_deals=2, max_deals=DEALS),
    ),
    # docs/rules.md §4a: the contract first, then its trump, second suit, parts, fleks, PB
    "licitovany-3": ("marias", "licitovany", 3, licitovany.match_records(max_deals=DEALS)),
    "licitovany-4": (
        "marias",
        "licitovany",
        4,
        licitovany.match_records(n_players=4, max_deals=DEALS),
    ),
}
ENTERED: dict[str, list[int]] = {}  # deals entered per example, reported at the end


@pytest.fixture(scope="module")
def phone_page(browser):
    """One phone for the module: 390×844, touch, service workers blocked."""
    context = browser.new_context(viewport=PHONE, has_touch=True, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def api(base: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def canonical(game: str, preset: str | None, n_players: int, record: dict) -> dict:
    """The record as the server stores it (its own canonical JSON of the same deal)."""
    rules = get_game(game, preset)
    options = rules.make_options(preset)
    return rules.record_to_json(rules.parse_record(record, options, n_players))


@pytest.mark.parametrize("case", list(CASES))
def test_the_phone_stores_exactly_the_deals_tapped_in(phone_page, live_server, case):
    game, preset, n_players, strategy = CASES[case]
    page, started = phone_page, time.monotonic()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        # no shrinking: a failing example is reported as drawn (shrinking it would replay
        # matches in the browser for minutes); it is short anyway
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(records=strategy)
    def entered_as_drawn(records):
        if preset == "licitovany":
            records = [licit_form_order(r) for r in records]
        elif game == "marias":
            records = [in_form_order(r) for r in records]
        body = {"game": game, "players": PLAYERS[n_players]}
        if preset:
            body["preset"] = preset
        match = api(live_server, "/api/v1/matches", body)
        page.goto(f"{live_server}/m/{match['id']}/{match['token']}")
        page.wait_for_selector("#deal-form")
        for record in records:
            enter(page, game, record, n_players)
            page.tap("button.save")
            saved(page)
        stored = api(live_server, f"/api/v1/matches/{match['id']}")["deals"]
        assert [d["record"] for d in stored] == [
            canonical(game, preset, n_players, r) for r in records
        ]
        ENTERED.setdefault(case, []).append(len(records))

    entered_as_drawn()
    took = time.monotonic() - started
    print(f"\n{case}: deals per example {ENTERED.get(case)} in {took:.1f} s")
