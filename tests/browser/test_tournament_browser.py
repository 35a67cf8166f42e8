"""A 7-player Mariáš pub evening in real headless Chromium (RULES.md §6).

The organiser registers, creates the tournament and draws two rounds (one table of 4 and one of
3 each); at every table one phone enters a deal on the match page and a second phone confirms the
result on the table's page; the public standings page then shows every player in the right order.
Set SCOREKEEPER_SHOTS=/some/dir to keep screenshots of the pages on the way.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

PHONE = {"width": 390, "height": 844}

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Franta"]
SHOTS = os.environ.get("SCOREKEEPER_SHOTS")

pytestmark = pytest.mark.browser


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"tournament-{name}.png"), full_page=True)


def _phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _table_links(page) -> list[str]:
    links = page.locator("a", has_text="Table page")
    return [links.nth(i).get_attribute("href") for i in range(links.count())]


def _seats(page) -> list[str]:
    cells = page.locator("table.seats .who")
    return [cells.nth(i).inner_text().strip() for i in range(cells.count())]


def _play_table(phone_a, phone_b, url: str, declarer: int, totals: dict[str, int], shots: str):
    """Phone A enters one won hra in clubs; phone B (another player) confirms the result."""
    phone_a.goto(url)
    seats = _seats(phone_a)
    _shot(phone_a, f"{shots}-table-page")
    phone_a.get_by_role("link", name="Enter deals").click()
    if len(seats) == 4:
        phone_a.locator("label[for=dealer-0]").click()  # the dealer sits the deal out
    phone_a.locator(f"label[for=declarer-{declarer}]").click()
    phone_a.locator("label[for=trump-2]").click()  # clubs: no hearts doubling
    phone_a.locator("#deal-form button.save").click()
    phone_a.wait_for_load_state()
    phone_a.get_by_role("link", name="Confirm", exact=True).click()  # the match page leads back
    assert "unconfirmed" in phone_a.content()
    # RULES.md §4: a won hra (1 unit) is paid by each of the two defenders
    active = [i for i in range(len(seats)) if not (len(seats) == 4 and i == 0)]
    for i in active:
        totals[seats[i]] += 2 if i == declarer else -1
    phone_b.goto(url)
    assert "unconfirmed" in phone_b.content()
    confirmer = seats[(declarer + 1) % len(seats)]
    phone_b.locator("label", has_text=re.compile(rf"^{re.escape(confirmer)}$")).click()
    _shot(phone_b, f"{shots}-confirm")
    phone_b.get_by_role("button", name="Confirm these figures").click()
    phone_b.wait_for_load_state()
    assert "Result confirmed" in phone_b.content()
    assert "confirmed by " in phone_b.content()  # "confirmed by <name>"


def test_seven_players_two_rounds_two_phones(live_server, page, browser):
    organiser = page
    organiser.goto(f"{live_server}/tournaments/new")
    assert "/auth/login" in organiser.url
    organiser.get_by_role("link", name="Register as an organiser").click()
    organiser.fill("input[name=username]", "anna")
    organiser.fill("input[name=password]", "pivo-a-karty")
    _shot(organiser, "01-register")
    organiser.get_by_role("button", name="Register").click()
    organiser.wait_for_url(re.compile(r"/tournaments/new$"))
    organiser.fill("input[name=name]", "Posvícenský turnaj")
    organiser.fill("input[name=venue]", "U Zlatého tygra")
    organiser.select_option("select[name=game]", "marias:pub")
    organiser.fill("input[name=rounds]", "2")
    organiser.fill("input[name=length]", "45")
    organiser.fill("input[name=seed]", "7")
    organiser.fill("textarea[name=players]", "\n".join(SEVEN))
    _shot(organiser, "02-new")
    organiser.get_by_role("button", name="Create tournament").click()
    organiser.wait_for_url(re.compile(r"/manage"))
    manage_url = organiser.url
    tid = manage_url.split("/")[-2]
    _shot(organiser, "03-manage-empty")

    phone_a, phone_b = _phone(browser), _phone(browser)
    totals = dict.fromkeys(SEVEN, 0)
    for number in (1, 2):
        organiser.goto(manage_url)
        organiser.get_by_role("link", name=f"Draw round {number}").click()
        preview = organiser.content()
        assert "Seed" in preview and "repeat meetings" in preview
        _shot(organiser, f"04-draw-{number}")
        organiser.check("input[name=start]")
        organiser.get_by_role("button", name="Confirm this draw").click()
        organiser.wait_for_url(re.compile(r"/manage"))
        assert organiser.locator(".timer .clock").count() == 1
        _shot(organiser, f"05-manage-round-{number}")
        links = _table_links(organiser)
        assert len(links) == 2  # RULES.md §6: 7 = one table of 3 and one of 4
        for t, url in enumerate(links, start=1):
            _play_table(
                phone_a,
                phone_b,
                url,
                declarer=1 if number == 1 else 2,
                totals=totals,
                shots=f"06-r{number}t{t}",
            )
        organiser.goto(manage_url)
        assert organiser.locator("li.tbl.confirmed").count() == 2
        organiser.get_by_role("button", name=f"Close round {number}").click()
        organiser.wait_for_url(re.compile(r"/manage"))

    # the public standings page, as a player's phone sees it
    phone_a.goto(f"{live_server}/tournaments/{tid}")
    _shot(phone_a, "07-standings-phone")
    names = [c.inner_text().strip() for c in phone_a.locator("table.standings tbody .who").all()]
    shown = [int(c.inner_text()) for c in phone_a.locator("table.standings tbody .total").all()]
    assert sorted(names) == sorted(SEVEN)
    assert shown == [totals[n] for n in names]  # each total is what the deals say
    assert shown == sorted(shown, reverse=True)  # RULES.md §6: best balance first
    assert "After round 2 of 2" in phone_a.content()

    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{live_server}/tournaments/{tid}/tv")
    assert tv.locator("table.standings tbody tr").count() == 7
    _shot(tv, "08-tv")


def test_tv_view_of_120_players_reads_from_five_metres(live_app, live_server, browser):
    # a 120-player field on a 1920×1080 TV: rows at least 28 px high, standings in
    # pages that turn by themselves, the round and its timer always in view; no <meta refresh>
    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_rounds, tournaments

    with live_app.app_context():
        session = get_session()
        t = tournaments.create_tournament(
            session=session, name="Velká cena", game="marias", rounds=4, seed=5,
            players=[f"Hráč číslo {i:03d} Hohenzollern-Sigmaringen" for i in range(120)],
        )  # fmt: skip
        first = tournament_rounds.draw_next_round(session=session, tournament_id=t.id, seed=1)
        for table in first["tables"][:-1]:
            tournament_rounds.set_manual_result(
                session=session, tournament_id=t.id, round=1, table=table["table"],
                scores=[3, 0, -3], confirm=True,
            )  # fmt: skip
        tv_url = f"{live_server}/tournaments/{t.id}/tv"
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = context.new_page()
    tv.goto(tv_url)
    assert tv.locator("meta[http-equiv=refresh]").count() == 0
    pages = tv.locator("[data-tv-page]")
    assert pages.count() >= 3
    visible = tv.locator("[data-tv-page]:not([hidden]) tbody tr")
    heights = [visible.nth(i).bounding_box()["height"] for i in range(visible.count())]
    assert heights and min(heights) >= 28, heights
    for i in range(visible.count()):  # every shown row fits on the screen
        box = visible.nth(i).bounding_box()
        assert box["y"] + box["height"] <= 1080
    assert tv.locator("header .round").is_visible() and tv.locator("header .timer").is_visible()
    first_names = visible.first.inner_text()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        tv.screenshot(path=str(Path(SHOTS) / "tournament-tv-120.png"))
    tv.wait_for_function(
        "t => document.querySelector('[data-tv-page]:not([hidden]) tbody tr').innerText !== t",
        arg=first_names,
        timeout=20_000,
    )  # the next page turned up by itself
    assert tv.locator("[data-tv-pageno]").inner_text().startswith("page 2 of")
    context.close()


def test_a_season_of_three_evenings(live_app, live_server, page, browser, tmp_path):
    # RULES.md §6a: a season of three evenings of 7–9 players with the roster reused, a tie at the
    # top decided by lot with its certificate, the season table page and its CSV download
    import csv
    import io

    from pypdf import PdfReader

    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_rounds, tournaments

    organiser = page
    organiser.goto(f"{live_server}/auth/register")
    organiser.fill("input[name=username]", "hospodsky")
    organiser.fill("input[name=password]", "pivo-a-karty")
    organiser.get_by_role("button", name="Register").click()
    organiser.goto(f"{live_server}/tournaments/seasons")
    organiser.fill("input[name=name]", "Zimní liga")
    organiser.select_option("select[name=scoring]", "placing_points")
    organiser.get_by_role("button", name="Create season").click()
    organiser.wait_for_url(re.compile(r"/tournaments/seasons/[^/]+$"))
    season_url = organiser.url
    fields = [SEVEN, [*SEVEN, "Zdeněk", "Věra"], [*SEVEN[1:], "Zdeněk", "Věra"]]
    evenings = []
    for number, players in enumerate(fields, start=1):
        organiser.goto(f"{live_server}/tournaments/new")
        organiser.fill("input[name=name]", f"Večer {number}")
        organiser.fill("input[name=date]", f"2026-01-0{number}")
        organiser.select_option("select[name=game]", "marias:pub")
        organiser.fill("input[name=rounds]", "1")
        organiser.select_option("select[name=season]", label="Zimní liga")
        organiser.fill("input[name=seed]", str(number))
        organiser.fill("textarea[name=players]", "\n".join(players))
        organiser.get_by_role("button", name="Create tournament").click()
        organiser.wait_for_url(re.compile(r"/manage"))
        evenings.append(organiser.url.split("/")[-2])
    with live_app.app_context():  # the organiser types every table's sheet (tested elsewhere)
        session = get_session()
        for tid in evenings:
            drawn = tournament_rounds.draw_next_round(session=session, tournament_id=tid, seed=1)
            for table in drawn["tables"]:  # every table's first seat wins 3: ties at the top
                n = len(table["players"])
                tournament_rounds.set_manual_result(
                    session=session, tournament_id=tid, round=1, table=table["table"],
                    scores=[3, *([0] * (n - 2)), -3], confirm=True,
                )  # fmt: skip
        last = tournaments.standings(session=session, tournament_id=evenings[-1])["rows"]
    assert last[0]["rank"] == last[1]["rank"] == 1 and [r["place"] for r in last[:2]] == [1, 2]
    organiser.goto(f"{live_server}/tournaments/{evenings[-1]}")
    assert organiser.locator("table.standings td.rank", has_text="=1").count() >= 2
    _shot(organiser, "season-evening-standings")
    pdf = organiser.request.get(f"{live_server}/tournaments/{evenings[-1]}/print/certificates.pdf")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "1st place" in text and "Decided by lot" in text and last[0]["player"] in text
    (tmp_path / "certificates.pdf").write_bytes(pdf.body())
    organiser.goto(season_url)
    _shot(organiser, "season-table")
    rows = organiser.locator("table.season tbody tr")
    assert rows.count() == 9  # the roster: Jana … Věra, each once across three evenings
    with organiser.expect_download() as download:
        organiser.get_by_role("link", name="CSV").click()
    got = list(csv.reader(io.StringIO(Path(download.value.path()).read_text("utf-8-sig"))))
    assert got[0][:6] == ["Rank", "Shared rank", "Place", "Player", "Total", "Evenings"]
    assert sorted(int(r[2]) for r in got[1:]) == list(range(1, 10))
    evenings_of = {r[3]: int(r[5]) for r in got[1:]}
    assert evenings_of["Petr"] == 3 and evenings_of["Jana"] == 2 and evenings_of["Věra"] == 2
    if SHOTS:
        import subprocess

        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1",
                        str(tmp_path / "certificates.pdf"), str(Path(SHOTS) / "certificate")],
                       check=True)  # fmt: skip


@pytest.mark.parametrize(("players", "sizes"), [(9, {"few"}), (18, {"", "many"}),
                                             (24, {"", "many"}), (36, {None})])  # fmt: skip
def test_the_tvs_table_list_fits_beside_the_standings(
    live_app, live_server, browser, players, sizes
):
    # the running round's tables beside the standings at 1920×1080: in the largest type their
    # names fit in (web/tournaments/tv_fit.py), the standings' own 4.2vh when they can; never
    # cut off at the bottom; a list that fits at no size is left to the seating sheet. Which
    # names share a table depends on the draw, so 6 and 8 tables may take either smaller size.
    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_rounds, tournaments
    from scorekeeper.web.tournaments import tv_fit
    from tests.browser.site import names

    with live_app.app_context():
        session = get_session()
        field = ["Eva", "Ota", "Jana", "Petr", "Lída", "Karel", "Věra", "Milan", "Hana"]
        t = tournaments.create_tournament(
            session=session, name="Večer", game="marias", rounds=2, seed=5,
            players=field if players == 9 else names(players),
        )  # fmt: skip
        drawn = tournament_rounds.draw_next_round(session=session, tournament_id=t.id, seed=1)
    size = tv_fit.seating_size([table["players"] for table in drawn["tables"]])
    assert size in sizes
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = context.new_page()
    tv.goto(f"{live_server}/tournaments/{t.id}/tv")
    aside = tv.locator("aside.seating")
    if size is None:
        assert aside.count() == 0 and tv.locator("main.with-tables").count() == 0
        context.close()
        return
    assert tv.evaluate("() => document.querySelector('aside.seating').className") == (
        f"seating {size}"
    )
    font = {"few": 4.2, "": 3.2, "many": 2.6}[size] * 10.8
    rows = tv.locator("aside.seating li")
    shown = float(rows.first.evaluate("li => getComputedStyle(li).fontSize")[:-2])
    assert shown == pytest.approx(font, abs=0.1)
    main = tv.locator("main").bounding_box()
    last = rows.nth(rows.count() - 1).bounding_box()
    assert last["y"] + last["height"] <= main["y"] + main["height"]  # the last table shows whole
    context.close()
