"""The organiser's desk on the pages: changing a draw, rounds away, the crosstable and its sheet,
byes marked, the roster in the language's order, a season's lot seed, the roster's spelling,
and the round clock's end time (docs/tournaments.md)."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.db import get_session
from scorekeeper.services import tournaments as ts

NINE = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Řehoř", "Šárka", "Ctibor"]


@pytest.fixture
def organiser(client):
    answer = client.post("/auth/register", data={"username": "anna", "password": "secret123"})
    assert answer.status_code == 302
    return client


def _create(client, players=NINE, **extra):
    data = {
        "name": "Posvícení",
        "game": "marias:pub",
        "rounds": 3,
        "timing": "minutes",
        "length": 60,
        "ranking": "balance",
        "draw_method": "random",
        "seed": 7,
        "players": "\n".join(players),
        **extra,
    }
    answer = client.post("/tournaments/new", data=data)
    assert answer.status_code == 302, answer.data
    return answer.location.split("/")[2]


def _state(app, tid):
    with app.app_context():
        return ts.tournament_state(session=get_session(), tournament_id=tid)


def _text(answer) -> str:
    return html.unescape(answer.get_data(as_text=True))


def test_a_drawn_round_is_changed_on_its_page(app, client, organiser):
    # docs/tournaments.md: swap two players, move one; the repeat count follows (RULES.md §6)
    tid = _create(organiser, players=[*NINE, "Dana"])
    assert organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7"}).status_code == 302
    desk = _text(organiser.get(f"/tournaments/{tid}/manage"))
    assert "Change the draw" in desk
    page = organiser.get(f"/tournaments/{tid}/rounds/1/edit")
    assert page.status_code == 200 and "Swap two players" in _text(page)
    tables = _state(app, tid)["rounds"][0]["tables"]
    a, b = tables[0]["player_ids"][0], tables[1]["player_ids"][0]
    done = organiser.post(
        f"/tournaments/{tid}/rounds/1/edit", data={"action": "swap", "a": a, "b": b}
    )
    assert done.status_code == 302
    after = _state(app, tid)["rounds"][0]["tables"]
    assert b in after[0]["player_ids"] and a in after[1]["player_ids"]
    assert "Draw changed." in _text(organiser.get(done.location))
    # refused beside its form, nothing changed
    same = after[0]["player_ids"][:2]
    refused = organiser.post(
        f"/tournaments/{tid}/rounds/1/edit", data={"action": "swap", "a": same[0], "b": same[1]}
    )
    assert refused.status_code == 422
    assert re.search(r'class="error" role="alert">Both sit at table 1', _text(refused))
    three = next(t for t in after if len(t["player_ids"]) == 3)
    moving = next(t for t in after if len(t["player_ids"]) == 4)["player_ids"][0]
    moved = organiser.post(
        f"/tournaments/{tid}/rounds/1/edit",
        data={"action": "move", "move": moving, "table": three["table"]},
    )
    assert moved.status_code == 302
    assert moving in _state(app, tid)["rounds"][0]["tables"][three["table"] - 1]["player_ids"]
    # once started, the page says why it cannot change
    organiser.post(f"/tournaments/{tid}/rounds/1/start")
    late = organiser.post(
        f"/tournaments/{tid}/rounds/1/edit", data={"action": "swap", "a": a, "b": b}
    )
    assert late.status_code == 409 and "has started" in _text(late)
    audit = _text(organiser.get(f"/tournaments/{tid}/audit"))
    assert "edit_draw" in audit


def test_changing_a_draw_needs_the_organiser(app, client):
    with app.app_context():
        t = ts.create_tournament(session=get_session(), name="T", game="marias", players=NINE)
        ts.confirm_round(session=get_session(), tournament_id=t.id)
    assert client.get(f"/tournaments/{t.id}/rounds/1/edit").status_code == 302  # to log in
    answer = client.post(f"/tournaments/{t.id}/rounds/1/edit", data={"action": "swap"})
    assert answer.status_code == 302 and "/auth/login" in answer.location
    client.post("/auth/register", data={"username": "other", "password": "secret123"})
    assert client.get(f"/tournaments/{t.id}/rounds/1/edit").status_code == 403


def test_rounds_away_on_the_players_list(app, organiser):
    # docs/tournaments.md: away for round 2, back for round 3, without a withdrawal
    tid = _create(organiser, players=[*NINE, "Dana"])
    dana = next(p["id"] for p in _state(app, tid)["players"] if p["name"] == "Dana")
    desk = _text(organiser.get(f"/tournaments/{tid}/manage"))
    assert "Rounds away" in desk and f'action="/tournaments/{tid}/absent"' in desk
    organiser.post(f"/tournaments/{tid}/absent", data={"player": dana, "rounds": ["2"]})
    assert next(p for p in _state(app, tid)["players"] if p["id"] == dana)["absent_rounds"] == [2]
    assert "rounds away: 2" in _text(organiser.get(f"/tournaments/{tid}/manage"))
    for r in (1, 2):
        organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
        seated = [p for t in _state(app, tid)["rounds"][-1]["tables"] for p in t["player_ids"]]
        assert (dana in seated) is (r == 1)
        organiser.post(f"/tournaments/{tid}/rounds/{r}/close")
    # a round already drawn keeps its absence: only the rounds to come change
    organiser.post(f"/tournaments/{tid}/absent", data={"player": dana, "rounds": ["1", "3"]})
    assert next(p for p in _state(app, tid)["players"] if p["id"] == dana)["absent_rounds"] == [
        2,
        3,
    ]


def _swiss(app):
    """A three-player Mariage Swiss after one confirmed round: one table and one bye."""
    with app.app_context():
        db = get_session()
        t = ts.create_tournament(
            session=db,
            name="Schweizer",
            game="mariage",
            players=["Anna", "Bärbel", "Cäcilie"],
            rounds=2,
            seed=3,
        )
        drawn = ts.draw_next_round(session=db, tournament_id=t.id)
        ts.set_manual_result(
            session=db, tournament_id=t.id, round=1, table=1, scores=[7, 2], confirm=True
        )
        return t.id, drawn


def test_byes_are_marked_on_the_standings_page_and_sheet(app, client):
    # RULES.md §6: a bye is a win and the round's median; marked, never read as a played result
    tid, _drawn = _swiss(app)
    page = _text(client.get(f"/tournaments/{tid}"))
    assert re.search(r'<td class="rnd">5 <small class="bye">bye</small></td>', page)
    assert "a round without an opponent" in page
    sheet = _text(client.get(f"/tournaments/{tid}/print/standings"))
    assert '5 <small class="bye">bye</small>' in sheet
    api = client.get(f"/api/v1/tournaments/{tid}/standings").get_json()
    assert sorted(r["bye_rounds"] for r in api["rows"]) == [[], [], [1]]


def test_the_crosstable_page_and_its_sheet(app, client, tmp_path):
    # API.md v3 crosstable, "also on the standings page and as a printable sheet"
    tid, drawn = _swiss(app)
    standings = _text(client.get(f"/tournaments/{tid}"))
    assert f'href="/tournaments/{tid}/crosstable"' in standings
    page = client.get(f"/tournaments/{tid}/crosstable")
    assert page.status_code == 200 and page.headers["ETag"]
    text = _text(page)
    assert 'aria-current="page">Crosstable' in text
    winner, loser = drawn["tables"][0]["players"]
    assert re.search(r'<span class="res won">7:2</span>', text)  # own points : opponent's
    assert re.search(r'<span class="opp">bye</span>\s*<span class="res won">5</span>', text)
    assert (
        client.get(
            f"/tournaments/{tid}/crosstable", headers={"If-None-Match": page.headers["ETag"]}
        ).status_code
        == 304
    )
    sheet = client.get(f"/tournaments/{tid}/print/crosstable")
    assert sheet.status_code == 200 and winner in _text(sheet)
    pdf = client.get(f"/tournaments/{tid}/print/crosstable.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    from tests.pdf.conftest import pdf_text

    words = " ".join(pdf_text(pdf.data))
    assert winner in words and loser in words and "bye" in words and "7:2" in words
    assert client.get("/tournaments/nope/crosstable").status_code == 404


def test_crosstable_in_czech_names_the_opponents_by_number(app, client):
    # a Mariáš evening: each cell the two opponents' line numbers and the signed balance
    with app.app_context():
        db = get_session()
        t = ts.create_tournament(
            session=db, name="Večer", game="marias", players=NINE, rounds=2, seed=1, language="cs"
        )
        drawn = ts.draw_next_round(session=db, tournament_id=t.id)
        for table in drawn["tables"]:
            ts.set_manual_result(
                session=db,
                tournament_id=t.id,
                round=1,
                table=table["table"],
                scores=[4, -2, -2],  # a table of three: balances differ by multiples of 3
                confirm=True,
            )
    text = _text(client.get(f"/tournaments/{t.id}/crosstable"))
    assert "Křížová tabulka" in text and "Pořadí" in text  # the tabs in the tournament's language
    assert text.count('<span class="res">+4</span>') == 3
    assert text.count('<span class="res">\u22122</span>') == 6
    assert re.search(r'<span class="opp">\d · \d</span>', text)


def test_roster_and_merge_lists_follow_the_language_order(app, organiser):
    # README: names in the order the language sorts them (ICU), as the seating sheet does
    names = ["Zdislava", "Čestmír", "Řehoř", "Šárka", "Chrudoš", "Bořivoj", "Ctibor", "Hedvika"]
    _create(organiser, players=names)
    czech = _text(organiser.get("/tournaments/roster?lang=cs"))
    listed = re.findall(r'/tournaments/players/[^"]+">([^<]+)</a>', czech)
    assert listed == [
        "Bořivoj",
        "Ctibor",
        "Čestmír",
        "Hedvika",
        "Chrudoš",
        "Řehoř",
        "Šárka",
        "Zdislava",
    ]
    keep = re.search(r'<select[^>]*name="keep".*?</select>', czech, re.S).group(0)
    assert re.findall(r'<option value="[^"]+">([^<]+)</option>', keep) == listed
    english = _text(organiser.get("/tournaments/roster?lang=en"))
    listed = re.findall(r'/tournaments/players/[^"]+">([^<]+)</a>', english)
    assert listed.index("Čestmír") < listed.index("Chrudoš") < listed.index("Ctibor")
    assert listed[-1] == "Zdislava"


def test_a_lower_case_re_entry_takes_the_rosters_spelling(app, organiser):
    # RULES.md §6a: one person across evenings; the evening shows the roster's name
    _create(organiser, players=["Kamil Novotný", "Jana", "Petr"])
    second = _create(organiser, players=["kamil  novotný", "Jana", "Ota"])
    names = [p["name"] for p in _state(app, second)["players"]]
    assert names[0] == "Kamil Novotný"
    organiser.post(f"/tournaments/{second}/players", data={"name": "JANA"})  # already in
    late = organiser.post(f"/tournaments/{second}/players", data={"name": "petr"})
    assert late.status_code == 302
    assert "Petr" in [p["name"] for p in _state(app, second)["players"]]


def test_a_season_made_on_its_page_gets_a_lot_seed(app, organiser):
    # RULES.md §6a: the seeded lot orders ties; a season made on the pages is no longer seed 0
    seeds = []
    for name in ("Zima", "Jaro"):
        made = organiser.post("/tournaments/seasons", data={"name": name, "scoring": "sum"})
        season_id = made.location.rstrip("/").split("/")[-1]
        with app.app_context():
            from scorekeeper.services import tournament_seasons

            seeds.append(tournament_seasons.get_season(get_session(), season_id).seed)
    assert seeds[0] != seeds[1]  # a fresh random seed each (1 in a million to meet)
    typed = organiser.post(
        "/tournaments/seasons", data={"name": "Léto", "scoring": "sum", "seed": "42"}
    )
    assert typed.status_code == 302 and "(seed 42)" in _text(organiser.get(typed.location))
    bad = organiser.post("/tournaments/seasons", data={"name": "X", "scoring": "sum", "seed": "-1"})
    assert bad.status_code == 422
    assert 'name="seed"' in _text(organiser.get("/tournaments/seasons"))


def test_the_round_clock_carries_its_end_time(app, organiser):
    # a reloaded page (even a 304 from the browser's cache) counts down to the round's end
    tid = _create(organiser)
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    ends = _state(app, tid)["rounds"][0]["ends_at"]
    for url in (f"/tournaments/{tid}", f"/tournaments/{tid}/tv", f"/tournaments/{tid}/manage"):
        assert f'data-ends-at="{ends}"' in _text(organiser.get(url))
