"""A league evening on the pages (RULES.md §6b), every form sent with its CSRF token as a browser
sends it: the new-tournament form's format and parts, the BP key and PB table uploaded as CSV on
the settings page (a bad line refused beside the field by its number and reason), ZB and PB typed
per seat from the tables' sheets, part 2 drawn from part 1's results, the standings page, the
TV and the printed standings with ZB, PB, SB and BP; and a season of three league evenings
ranked on BP with the worst evening struck through."""

from __future__ import annotations

import html
import io
import re
from itertools import combinations

import pytest
from pypdf import PdfReader

from scorekeeper.db import get_session
from scorekeeper.services import tournaments as ts

TWELVE = [f"Hráč {c}" for c in "ABCDEFGHIJKL"]
KEY = "od;do;1.;2.;3.;4.;5.;6.;7.;8.;9.;10.;11.;12.\n9;12;30;25;21;18;15;12;10;8;6;4;2;1\n"
PB_TABLE = "pravidlo;podmínka;body\nsedma;na 3 trumfy;7\nsto;bez trumfové desítky;10\n"
# each table of three: ZB (adding up to 0) and PB per seat
FIGURES = [((12, -3, -9), (5, 0, 20)), ((6, 3, -9), (0, 4, 0)), ((9, 0, -9), (0, 0, 0)),
           ((3, 0, -3), (2, 0, 0))]  # fmt: skip
TOKEN = re.compile(r'name="([\w-]*csrf_token)"[^>]*value="([^"]+)"')


@pytest.fixture
def browser(app, client):
    """The test client as a browser: CSRF on, every form posted with the token it carries."""
    app.config["WTF_CSRF_ENABLED"] = True
    _post(client, "/auth/register", "/auth/register",
          {"username": "anna", "password": "secret123"})  # fmt: skip
    return client


def _post(client, page: str, url: str, data: dict, *, index: int = 0, **kw):
    """Open ``page``, take the CSRF token of its ``index``-th form, post ``data`` to ``url``."""
    found = TOKEN.findall(client.get(page).get_data(as_text=True))
    name, token = found[min(index, len(found) - 1)]
    return client.post(url, data={**data, name: html.unescape(token)}, **kw)


def _text(response) -> str:
    if response.mimetype == "application/pdf":
        pages = PdfReader(io.BytesIO(response.data)).pages
        return " ".join(" ".join(p.extract_text() for p in pages).split())
    body = re.sub(
        r"<script.*?</script>|<style.*?</style>", " ", response.get_data(as_text=True), flags=re.S
    )
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _state(app, tid):
    with app.app_context():
        return ts.tournament_state(session=get_session(), tournament_id=tid)


def _new(client, name="Pražská liga, 1. turnaj", **extra) -> str:
    data = {"name": name, "game": "marias:pub", "rounds": 2, "timing": "minutes", "length": 90,
            "ranking": "balance", "draw_method": "random", "seed": 11, "format": "league",
            "parts": 2, "players": "\n".join(TWELVE), **extra}  # fmt: skip
    answer = _post(client, "/tournaments/new", "/tournaments/new", data)
    assert answer.status_code == 302, _text(answer)[:2000]
    return answer.location.split("/")[2]


def _upload(client, tid, field, address, text, filename="liga.csv"):
    page = f"/tournaments/{tid}/settings"
    data = {f"{field}-csv": "", f"{field}-upload": (io.BytesIO(text.encode()), filename)}
    index = 1 if field == "pb_table" else 2  # the settings form first, then PB table, BP key
    return _post(client, page, f"/tournaments/{tid}/league/{address}", data, index=index,
                 content_type="multipart/form-data")  # fmt: skip


def _play(client, app, tid, number):
    """Draw and start the round, type each table's ZB and PB from its sheet, close the round."""
    desk = f"/tournaments/{tid}/manage"
    assert (
        _post(client, desk, f"/tournaments/{tid}/draw", {"seed": "5", "start": "1"}).status_code
        == 302
    )
    rnd = _state(app, tid)["rounds"][-1]
    assert rnd["round"] == number
    for table, (zb, pb) in zip(rnd["tables"], FIGURES, strict=True):
        sheet = f"/tournaments/{tid}/rounds/{number}/tables/{table['table']}/sheet"
        page = _text(client.get(sheet))
        assert "ZB" in page and "PB" in page  # a league table's sheet takes PB per seat
        data = {"confirm": "1"}
        data |= {f"scores-{i}": str(x) for i, x in enumerate(zb)}
        data |= {f"pb-{i}": str(x) for i, x in enumerate(pb)}
        assert _post(client, sheet, sheet, data).status_code == 302
    close = f"/tournaments/{tid}/rounds/{number}/close"
    assert _post(client, desk, close, {}).status_code == 302
    return rnd


def test_a_league_evening_of_twelve_in_two_parts_on_the_pages(app, browser):
    # RULES.md §6b: an evening in parts; part 2 drawn from part 1's results avoiding repeat
    # opponents; SB = ZB + PB per part and evening; BP by the league's key loaded as data; every
    # page and sheet shows ZB, PB, SB and BP
    form = _text(browser.get("/tournaments/new"))
    assert "a league evening: ZB, PB, SB and BP, in parts" in form and "Parts of a league" in form
    assert "League evenings (Mariáš) : higher ZB, the chip balance" in form  # its tie-break named
    tid = _new(browser)
    state = _state(app, tid)
    assert state["format"] == "league" and state["part_rounds"] == [[1], [2]]
    # the league's tables, uploaded as CSV files on the settings page
    bad = _upload(browser, tid, "bp_key", "bp-key", "3;5;10;6;3;1;0\n3;4;9;5;1;0\n")
    assert bad.status_code == 422
    assert "Line 2: These field sizes are already in line 1." in _text(bad)
    assert _state(app, tid)["bp_key"] == []  # nothing of a refused table is taken
    assert _upload(browser, tid, "bp_key", "bp-key", KEY).status_code == 302
    assert _upload(browser, tid, "pb_table", "pb-table", PB_TABLE).status_code == 302
    settings = _text(browser.get(f"/tournaments/{tid}/settings"))
    assert "9–12 30, 25, 21" in settings and "bez trumfové desítky" in settings
    one = _play(browser, app, tid, 1)
    leaders = [r["player_id"] for r in ts_standings(app, tid)["rows"]]
    two = _play(browser, app, tid, 2)
    met = {frozenset(p) for t in one["tables"] for p in combinations(t["player_ids"], 2)}
    assert not any(
        frozenset(p) in met for t in two["tables"] for p in combinations(t["player_ids"], 2)
    )
    assert leaders[0] in two["tables"][0]["player_ids"]  # part 2: leaders together at table 1
    doc = ts_standings(app, tid)
    assert [r["bp"] for r in doc["rows"]] == [30, 25, 21, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    assert all(
        r["sb"] == r["zb"] + r["pb"] == sum(p["sb"] for p in r["parts"]) for r in doc["rows"]
    )
    top = doc["rows"][0]
    expected = f"{top['player']} {top['zb']} {top['pb']} {top['sb']} 30"
    page = _text(browser.get(f"/tournaments/{tid}"))
    assert "ZB PB SB BP SB 1 SB 2" in page and expected in page
    assert "BP by the league’s key" in page and "part 1: round 1, part 2: round 2" in page
    tv = _text(browser.get(f"/tournaments/{tid}/tv"))
    assert "ZB PB SB BP" in tv and expected in tv
    pdf = browser.get(f"/tournaments/{tid}/standings.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    printed = _text(pdf)
    rounds = " ".join(str(x) for x in top["rounds"])  # on paper each round's ZB comes first
    parts = " ".join(str(p["sb"]) for p in top["parts"])
    assert "R1 R2 ZB PB SB BP SB 1 SB 2" in printed and "League evening: ZB =" in printed
    assert f"{top['player']} {rounds} {top['zb']} {top['pb']} {top['sb']} 30 {parts}" in printed


def test_a_bad_pb_on_the_sheet_is_refused_beside_its_seat(app, browser):
    # RULES.md §6b: PB are whole numbers >= 0 per seat, refused beside the seat; nothing taken
    tid = _new(browser, rounds=1, parts=1)
    desk = f"/tournaments/{tid}/manage"
    _post(browser, desk, f"/tournaments/{tid}/draw", {"seed": "5", "start": "1"})
    sheet = f"/tournaments/{tid}/rounds/1/tables/1/sheet"
    data = {"scores-0": "3", "scores-1": "0", "scores-2": "-3", "pb-0": "x", "pb-1": "-2"}
    answer = _post(browser, sheet, sheet, data)
    assert answer.status_code == 200 and "Enter a whole number." in _text(answer)
    data["pb-0"] = "1"
    answer = _post(browser, sheet, sheet, data)
    assert "Premium points are whole numbers from 0." in _text(answer)
    assert _state(app, tid)["rounds"][0]["tables"][0]["scores"] == [0, 0, 0]  # nothing taken


def test_a_standard_tournament_has_no_league_forms_and_refuses_a_league_of_points(app, browser):
    # RULES.md §6b: ZB is a chip balance: a game of match points cannot be a league evening
    tid = _new(browser, format="standard")
    assert "League tables" not in _text(browser.get(f"/tournaments/{tid}/settings"))
    answer = _post(browser, "/tournaments/new", "/tournaments/new", {
        "name": "Liga", "game": "mariasz:standard", "rounds": 2, "timing": "minutes",
        "length": 60, "format": "league", "parts": 2, "players": "A\nB\nC"})  # fmt: skip
    assert answer.status_code == 200
    assert "A league evening ranks chip balances" in _text(answer)


def ts_standings(app, tid):
    with app.app_context():
        return ts.standings(session=get_session(), tournament_id=tid)


def test_a_season_of_three_league_evenings_ranks_on_bp_with_the_worst_struck(app, browser):
    # RULES.md §6b: a season of league evenings adds BP, counts each player's best evenings
    # (best_n: here the worst of three struck) and breaks ties by SB, then ZB
    made = _post(browser, "/tournaments/seasons", "/tournaments/seasons",
                 {"name": "Pražská liga 2026", "scoring": "sum", "best_n": "2"})  # fmt: skip
    assert made.status_code in (200, 302)
    seasons = browser.get("/tournaments/seasons").get_data(as_text=True)
    sid = seasons.split("/tournaments/seasons/", 1)[1].split('"', 1)[0].split("/")[0]
    ids = []
    for n in range(3):
        tid = _new(browser, name=f"Liga {n + 1}", season=sid, rounds=1, parts=1,
                   date=f"2026-0{n + 1}-10", seed=20 + n)  # fmt: skip
        _play(browser, app, tid, 1)
        ids.append(tid)
    bp: dict[str, list] = {}
    for tid in ids:
        for r in ts_standings(app, tid)["rows"]:
            bp.setdefault(r["player"], []).append(r["bp"])
    page = browser.get(f"/tournaments/seasons/{sid}")
    text = _text(page)
    assert "ranked on BP" in text and "Struck-through evenings do not count." in text
    assert "Ties are broken by: 1. higher SB" in text
    body = page.get_data(as_text=True)
    rows = re.findall(r"<tr class=\"[^\"]*\">(.*?)</tr>", body, re.S)
    assert len(rows) == 12
    for row in rows:
        name = html.unescape(re.search(r'">([^<]+)</a>', row).group(1))
        cells = re.findall(r'<td class="(rnd[^"]*)">([^<]*)</td>', row)[1:]  # after "evenings"
        got = sorted(bp[name], reverse=True)
        total = int(re.search(r'<td class="total">(\d+)</td>', row).group(1))
        assert total == got[0] + got[1]  # the best two of three evenings count
        struck = [int(v) for cls, v in cells if "dropped" in cls]
        assert struck == [got[2]]  # the worst evening struck through
