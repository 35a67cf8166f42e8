"""The organiser's desk on the pages: tie-breaks chosen on the new-tournament form and in the
settings until round 1, categories and clubs, the club table, prize money, ratings, the sheets
people read (RULES.md §6, §6a)."""

from __future__ import annotations

import html
import io
import re

import pytest
from pypdf import PdfReader
from test_tournament_pages import SEVEN, _create, _login, _state

from scorekeeper.db import get_session
from scorekeeper.services import tournaments as ts


@pytest.fixture
def organiser(client):
    _login(client)
    return client


def _text(response) -> str:
    assert response.status_code == 200, response.data[:300]
    if response.mimetype == "application/pdf":
        pages = PdfReader(io.BytesIO(response.data)).pages
        return " ".join(" ".join(p.extract_text() for p in pages).split())
    return " ".join(html.unescape(response.get_data(as_text=True)).split())


def _play(app, organiser, tid, figures):
    """Draw and start the next round, type and confirm each table's figures."""
    assert organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3", "start": "1"}).status_code
    rnd = _state(app, tid)["rounds"][-1]
    for table, scores in zip(rnd["tables"], figures, strict=False):
        seats = len(table["player_ids"])
        scores = (list(scores) + [0] * 4)[:seats]  # a table of 3 or 4: zero-sum
        scores[-1] -= sum(scores)
        data = {f"scores-{i}": str(x) for i, x in enumerate(scores)}
        url = f"/tournaments/{tid}/rounds/{rnd['round']}/tables/{table['table']}/sheet"
        sure = {"confirm": "1", "confirm_figures": "1"}  # the figures set up the ties
        assert organiser.post(url, data={**data, **sure}).status_code == 302


def test_the_new_tournament_form_takes_tiebreaks_in_order_and_the_prizes(app, organiser):
    form = _text(organiser.get("/tournaments/new"))
    # the hint is written from the one list of each ranking (tournament/standings.py KINDS)
    assert "more table wins, higher best single round, fewer last places" in form
    tid = _create(
        organiser, tb1="last_places", tb2="table_wins", fee="100", payout="50 30 20",
        currency="CZK", club_best_n="2",
    )  # fmt: skip
    state = _state(app, tid)
    assert state["tiebreaks"] == ["last_places", "table_wins"]
    assert (state["fee"], state["payout"], state["club_best_n"]) == (
        "100",
        ["0.5", "0.3", "0.2"],
        2,
    )


def test_a_tiebreak_the_game_does_not_offer_is_refused_beside_its_menu(organiser):
    data = {"name": "T", "game": "marias:pub", "rounds": 2, "timing": "minutes", "length": 60,
            "ranking": "balance", "draw_method": "random", "players": "A\nB\nC",
            "tb1": "table_wins", "tb2": "buchholz"}  # fmt: skip
    page = organiser.post("/tournaments/new", data=data).get_data(as_text=True)
    assert re.search(r'name="tb2"[^>]*>.*?class="error"', page, flags=re.S)
    bad = organiser.post("/tournaments/new", data={**data, "tb2": "", "payout": "half"})
    assert "percent of the pool" in html.unescape(bad.get_data(as_text=True))


def test_settings_change_the_tiebreaks_until_round_1_is_drawn(app, organiser):
    tid = _create(organiser)
    page = organiser.get(f"/tournaments/{tid}/settings").get_data(as_text=True)
    assert "buchholz" not in page  # only what the Mariáš ranking offers
    answer = organiser.post(
        f"/tournaments/{tid}/settings",
        data={"tb1": "best_round", "fee": "50", "payout": "60 40", "club_best_n": "3"},
    )
    assert answer.status_code == 302
    assert _state(app, tid)["tiebreaks"] == ["best_round"]
    _play(app, organiser, tid, [[2, 0, -2], [3, -3, 0], [1, 0, -1, 0]])
    fixed = organiser.get(f"/tournaments/{tid}/settings").get_data(as_text=True)
    menu = re.search(r"<select[^>]*name=\"tb1\"[^>]*>", fixed).group(0)
    assert "Round 1 is drawn" in fixed and "disabled" in menu
    organiser.post(
        f"/tournaments/{tid}/settings", data={"tb1": "table_wins", "fee": "60", "club_best_n": "3"}
    )
    state = _state(app, tid)
    assert state["tiebreaks"] == ["best_round"] and state["fee"] == "60"


def test_the_desk_forms_need_their_csrf_token(app, organiser):
    tid = _create(organiser)
    app.config["WTF_CSRF_ENABLED"] = True
    for url, data in [
        (f"/tournaments/{tid}/settings", {"tb1": "best_round", "club_best_n": "3"}),
        (f"/tournaments/{tid}/players/details", {}),
    ]:
        page = organiser.get(url).get_data(as_text=True)
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
        assert organiser.post(url, data=data).status_code in (400, 422)  # no token: refused
        assert organiser.post(url, data={**data, "csrf_token": token}).status_code == 302
    assert _state(app, tid)["tiebreaks"] == ["best_round"]


def test_organiser_pages_of_the_desk_need_a_login(app, client):
    with app.app_context():
        t = ts.create_tournament(session=get_session(), name="T", game="marias", players=SEVEN)
    for url in (f"/tournaments/{t.id}/settings", f"/tournaments/{t.id}/players/details",
                "/tournaments/ratings"):  # fmt: skip
        assert client.get(url).status_code == 302  # to the login page
    assert client.get("/tournaments/ratings/print.pdf").status_code == 401


def test_categories_and_clubs_on_one_form_rank_a_category_and_the_clubs(app, organiser):
    tid = _create(organiser, fee="100", payout="50 30 20", currency="CZK")
    players = {p["name"]: p["id"] for p in _state(app, tid)["players"]}
    data = {}
    for name in ("Jana", "Eva", "Lída"):
        data[f"cat-{players[name]}"] = "women"
    data[f"other-{players['Ota']}"] = "Veteráni"
    for i, name in enumerate(SEVEN):
        data[f"club-{players[name]}"] = ["Sokol Kvilda", "U Krále"][i % 2]
    assert organiser.post(f"/tournaments/{tid}/players/details", data=data).status_code == 302
    state = {p["name"]: p for p in _state(app, tid)["players"]}
    assert state["Jana"]["categories"] == ["women"] and state["Ota"]["categories"] == ["Veteráni"]
    _play(app, organiser, tid, [[2, 0, -2], [3, -3, 0], [1, 0, -1, 0]])
    page = _text(organiser.get(f"/tournaments/{tid}?category=women"))
    assert "Standings · Women" in page and "Veteráni" in page  # the filter offers both
    shown = [n for n in SEVEN if f"> {n}" in page or n in page.split("Standings · Women")[1]]
    assert {"Jana", "Eva", "Lída"} <= set(shown)
    clubs = _text(organiser.get(f"/tournaments/{tid}/clubs"))
    assert "Sokol Kvilda" in clubs and "U Krále" in clubs
    sheet = _text(organiser.get(f"/tournaments/{tid}/print/clubs.pdf"))
    assert "Sokol Kvilda" in sheet
    women = _text(organiser.get(f"/tournaments/{tid}/print/certificates.pdf?category=women"))
    assert women.count("place Women") == 3  # the category's own places 1-3
    bad = organiser.post(
        f"/tournaments/{tid}/players/details", data={f"club-{players['Jana']}": "x" * 90}
    )
    assert bad.status_code == 422 and "up to 80" in html.unescape(bad.get_data(as_text=True))


def test_prize_money_on_the_standings_page_and_the_prize_sheet(app, organiser):
    tid = _create(organiser, fee="100", payout="50 30 20", currency="CZK")
    _play(app, organiser, tid, [[4, 4, -8], [3, -3, 0], [1, 0, -1, 0]])
    page = _text(organiser.get(f"/tournaments/{tid}"))
    assert "Prize money" in page and "CZK 350.00" in page  # 7 × 100 × 0.5, as English writes it
    assert "1st prize by lot:" in page  # 4, 4: equal on every tie-break, the lot decides
    sheet = _text(organiser.get(f"/tournaments/{tid}/print/prizes.pdf"))
    assert "Received (signature)" in sheet and "CZK 210.00" in sheet
    assert "Tournament director" in sheet


def test_the_player_page_shows_a_shared_rank(app, organiser):
    tid = _create(organiser)
    _play(app, organiser, tid, [[4, 4, -8], [3, -3, 0], [1, 0, -1, 0]])
    rows = {r["player"]: r for r in ts.standings(session=_session(app), tournament_id=tid)["rows"]}
    first = next(r for r in rows.values() if r["rank"] == 1)
    page = _text(organiser.get(f"/tournaments/players/{_roster_id(app, tid, first['player'])}"))
    assert "=1" in page and f"{first['place']}/7" in page


def _session(app):
    with app.app_context():
        return get_session()


def _roster_id(app, tid, name):
    return next(p["player_id"] for p in _state(app, tid)["players"] if p["name"] == name)


def test_the_ratings_table_and_its_wall_list(app, organiser):
    tid = _create(organiser)
    _play(app, organiser, tid, [[2, 0, -2], [3, -3, 0], [1, 0, -1, 0]])
    page = _text(organiser.get("/tournaments/ratings"))
    for name in SEVEN:
        assert name in page
    assert "μ" in page and "Tables" in page
    wall = organiser.get("/tournaments/ratings/print.pdf?large=1")
    assert wall.status_code == 200 and all(n in _text(wall) for n in SEVEN)


def test_the_blank_marias_sheet_for_four_in_the_tournaments_language(app, organiser):
    tid = _create(organiser, language="cs")
    page = organiser.get(f"/tournaments/{tid}/manage").get_data(as_text=True)
    assert f"/sheets/marias?tournament={tid}&amp;seats=4" in page
    sheet = organiser.get(
        f"/sheets/marias.pdf?tournament={tid}&seats=4", headers={"Accept-Language": "en"}
    )
    text = _text(sheet)
    assert "zapisovací list" in text  # the tournament's language, not the device's
    assert text.count("Hráč") >= 4  # four signature lines: a table of four
