"""Pure printviews functions: rank labels, layouts, seating, tickets, certificates, sheets."""

from __future__ import annotations

import pytest
from conftest import MATCH_STATE, NAMES, make_round, make_standings
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.printing import contexts as pv


@pytest.mark.parametrize(
    ("ranks", "labels"),
    [
        ([1, 2, 3], ["1", "2", "3"]),
        ([1, 2, 3, 3, 5], ["1", "2", "=3", "=3", "5"]),  # RULES.md §6: tied rows share a rank
        ([1, 1, 1], ["=1", "=1", "=1"]),
        ([], []),
    ],
)
def test_rank_labels(ranks, labels):
    assert pv.rank_labels(ranks) == labels


@pytest.mark.parametrize(
    ("asked", "default", "size", "key"),
    [
        (None, "A4", "A4", "a4"),
        ("letter", "A4", "Letter", "letter"),
        ("LETTER", "A4", "Letter", "letter"),
        ("legal", "A4", "A4", "a4"),  # unknown paper: the default, never an error
        (None, "Letter", "Letter", "letter"),
    ],
)
def test_paper(asked, default, size, key):
    page = pv.paper(asked, default)
    assert (page["size"], page["key"]) == (size, key)


def test_standings_context_pads_rounds_and_unions_tiebreaks():
    data = {
        "after_round": 2,
        "rows": [
            {
                "rank": 1,
                "player": "Jana",
                "total": 12,
                "rounds": [8, 4],
                "tiebreaks": {"table_wins": 2},
            },
            {"rank": 2, "player": "Ota", "total": 3.5, "rounds": [3.5], "tiebreaks": {"lot": 1}},
        ],
        "tournament": {"name": "T", "rounds_planned": 4},
    }
    ctx = pv.standings_context(data)
    assert ctx["subtitle"] == "after round 2 of 4"
    assert ctx["round_headings"] == ["R1", "R2"]
    assert ctx["tiebreak_headings"] == ["Wins", "Lot"]
    assert ctx["rows"][1]["rounds"] == ["3.5", "–"]  # a missing round prints as a dash
    assert ctx["rows"][1]["tiebreaks"] == ["–", "1"]
    assert [r["rank"] for r in ctx["rows"]] == ["1", "2"]


def test_standings_context_money_and_withdrawn():
    # RULES.md §4/§6: Mariáš for money: the balance times the stake, as on the standings page
    data = make_standings(6, rounds=2)
    data["tournament"].update(ranking="balance", stake="0.50", currency="CZK")
    data["tournament"]["withdrawn"] = [data["rows"][1]["player_id"]]
    ctx = pv.standings_context(data)
    assert ctx["money_heading"] == "CZK" and ctx["total_heading"] == "Balance"
    row = ctx["rows"][0]
    assert row["money"] == f"{data['rows'][0]['total'] * 0.5:,.2f}"  # as English writes it
    assert [r["withdrawn"] for r in ctx["rows"]] == [False, True, False, False, False, False]
    data["tournament"].update(ranking="placings")  # places are not money
    assert pv.standings_context(data)["money_heading"] is None


def test_standings_context_bands_rows_in_threes():
    ctx = pv.standings_context(make_standings(9))
    assert [r["shaded"] for r in ctx["rows"]] == [False] * 3 + [True] * 3 + [False] * 3


def test_standings_before_any_round():
    ctx = pv.standings_context({"after_round": 0, "rows": [], "tournament": {"name": "T"}})
    assert ctx["subtitle"] == "before round 1"
    assert ctx["rows"] == []


def test_seating_by_name_sorts_diacritics_with_their_letters():
    round_ = {
        "round": 1,
        "tables": [
            {"table": 2, "players": ["Řehoř Šťastný", "Zdeněk", "Łucja Żółć"]},
            {"table": 1, "players": ["Rudolf", "Ota", "Lukas"]},
        ],
    }
    ctx = pv.seating_context(round_)
    assert [r["player"] for r in ctx["by_name"]] == [
        "Łucja Żółć",
        "Lukas",
        "Ota",
        "Řehoř Šťastný",
        "Rudolf",
        "Zdeněk",
    ]
    assert ctx["by_name"][0] | {} == {**ctx["by_name"][0], "table": 2, "seat": 3}
    assert [t["table"] for t in ctx["tables"]] == [1, 2]
    assert [r["new_letter"] for r in ctx["by_name"]] == [True, False, True, True, False, True]


def test_tickets_carry_the_entry_url_and_a_qr_code():
    ctx = pv.tickets_context(make_round(6, 3), entry_url=lambda m, t: f"http://pub/m/{m}/{t}")
    assert [t["url"] for t in ctx["tickets"]] == [
        "http://pub/m/m1abc/tok1xyz",
        "http://pub/m/m2abc/tok2xyz",
    ]
    assert all(t["qr"].startswith("<svg") and "viewBox" in t["qr"] for t in ctx["tickets"])


@pytest.mark.parametrize(
    ("ranks", "places", "by_lot"),
    [
        ([1, 2, 3, 4], ["1st place", "2nd place", "3rd place"], [False] * 3),
        # RULES.md §6 v2: a shared rank still gives distinct places, the lot decides and the
        # certificate says so (two "Joint 1st place" would leave the pub with no winner)
        ([1, 1, 3, 4], ["1st place", "2nd place", "3rd place"], [True, True, False]),
        ([1, 2, 3, 3, 5], ["1st place", "2nd place", "3rd place"], [False, False, True]),
    ],
)
def test_certificates_follow_the_place_and_name_the_lot(ranks, places, by_lot):
    rows = [{"rank": r, "place": i + 1, "player": f"P{i}"} for i, r in enumerate(ranks)]
    ctx = pv.certificates_context({"after_round": 3, "rows": rows, "tournament": {}})
    assert [c["place"] for c in ctx["certificates"]] == places
    assert [c["by_lot"] for c in ctx["certificates"]] == by_lot


def test_no_certificate_for_a_provisional_row():
    # RULES.md §6 v2: a provisional player gets no certificate until the table is confirmed
    rows = [
        {"rank": 1, "place": 1, "player": "Jana", "provisional": False},
        {"rank": 2, "place": 2, "player": "Petr", "provisional": True},
        {"rank": 3, "place": 3, "player": "Ota", "provisional": False},
    ]
    ctx = pv.certificates_context({"after_round": 1, "rows": rows, "tournament": {}})
    assert [c["player"] for c in ctx["certificates"]] == ["Jana", "Ota"]
    assert ctx["waiting"] == ["Petr"]


def test_no_certificates_before_a_round_counts():
    rows = [{"rank": 1, "player": "A"}]
    assert pv.certificates_context({"after_round": 0, "rows": rows})["certificates"] == []


@pytest.mark.parametrize(
    ("game", "players", "labels", "sides"),
    [
        # RULES.md §4: deal, declarer, trump, parts, flek, won/lost, ± and balances
        (
            "marias",
            [],
            [
                "#",
                "Declarer",
                "Trump",
                "Game (parts)",
                "Flek",
                "Won / lost",
                "± this deal",
                "Balance",
            ],
            ["", "", ""],
        ),
        (
            "marias",
            ["A", "B", "C", "D"],
            [
                "#",
                "Dealer",
                "Declarer",
                "Trump",
                "Game (parts)",
                "Flek",
                "Won / lost",
                "± this deal",
                "Balance",
            ],
            ["A", "B", "C", "D"],
        ),
        # RULES.md §1: trump, card points, marriages, game result, match points
        (
            "mariasz",
            ["Jana", "Petr"],
            ["#", "Trump", "Card points", "Marriages", "Game result", "Match points"],
            ["Jana", "Petr"],
        ),
        (
            "mariage",
            [],
            ["#", "Trump", "Card points", "Marriages", "Game result", "Game points"],
            ["", ""],
        ),
        # RULES.md §3: teams are seats 1&3 and 2&4
        (
            "marianna",
            ["Anna", "Marco", "Giulia", "Luca"],
            ["#", "Card points", "Declarations", "Total"],
            ["Anna & Giulia", "Marco & Luca"],
        ),
    ],
)
def test_score_sheet_columns(game, players, labels, sides):
    ctx = pv.score_sheet_context(game, players)
    assert [c["label"] for c in ctx["columns"]] == labels
    assert ctx["sides"] == sides
    assert len(ctx["blank_rows"]) >= 12


def test_score_sheet_rejects_unknown_game():
    with pytest.raises(KeyError):
        pv.score_sheet_context("poker")


def test_match_record_running_totals_and_winner():
    ctx = pv.match_record_context(MATCH_STATE)
    assert [r["after"] for r in ctx["rows"]] == [[2, -1, -1], [-2, 1, 1], [-3, 3, 0]]
    assert ctx["rows"][0]["delta"] == ["+2", "-1", "-1"]
    assert ctx["winner"] == NAMES[1]
    assert ctx["game_title"] == "Mariáš"
    assert ctx["chart"].startswith("<svg")


def test_match_record_of_an_empty_match():
    ctx = pv.match_record_context(
        {
            "game": "mariasz",
            "players": ["A", "B"],
            "sides": ["A", "B"],
            "deals": [],
            "scores": [0, 0],
            "finished": False,
            "winner": None,
        }
    )
    assert ctx["rows"] == [] and ctx["winner"] is None and ctx["chart"] == ""


def test_seating_lists_who_sits_out():
    round_ = {
        "round": 3,
        "tables": [{"table": 1, "players": ["Ota", "Eva", "Jana"]}],
        "bye": [{"player_id": "p9", "player": "Řehoř Šťastný"}],
    }
    ctx = pv.seating_context(round_)
    assert ctx["byes"] == ["Řehoř Šťastný"]
    assert [(r["player"], r["table"]) for r in ctx["by_name"]] == [
        ("Eva", 1),
        ("Jana", 1),
        ("Ota", 1),
        ("Řehoř Šťastný", None),
    ]


@settings(deadline=None, max_examples=200)
@given(st.lists(st.integers(-50, 50), max_size=40))
def test_rank_labels_mark_exactly_the_shared_ranks(totals):
    # RULES.md §6: tied rows share a rank; the sheet marks a shared rank with "="
    totals = sorted(totals, reverse=True)
    ranks = [totals.index(t) + 1 for t in totals]
    labels = pv.rank_labels(ranks)
    for rank, label, total in zip(ranks, labels, totals, strict=True):
        assert label.lstrip("=") == str(rank)
        assert label.startswith("=") == (totals.count(total) > 1)


@pytest.mark.parametrize(
    "ranking, heading",
    [
        ("wins", "Wins"),  # RULES.md §6: two-player games and Marianna rank by match wins
        ("placings", "Places"),  # RULES.md §6: Mariáš by table placings, lowest sum wins
        ("balance", "Balance"),  # RULES.md §6: Mariáš by total balance (default)
        (None, "Total"),
    ],
)
def test_standings_sheet_names_its_ranking_column(ranking, heading):
    data = {"tournament": {"name": "T", "ranking": ranking}, "after_round": 1, "rows": []}
    assert pv.standings_context(data)["total_heading"] == heading


def test_buchholz_heading_fits_its_column():
    # the 16 mm tie-break column broke "Buchholz" into "Buchho / lz" on paper
    assert len(pv.tiebreak_label("buchholz")) <= 6


def test_sheet_columns_carry_first_names():
    # the player columns of a paper sheet are narrow: "Małgorza/ta" broke mid-word (QA)
    assert pv.short_names(["Małgorzata Żółć", "Eva", "Grzegorz Brzęczyszczykiewicz"]) == [
        "Małgorzata",
        "Eva",
        "Grzegorz",
    ]
    assert pv.short_names(["Jana Nováková", "Jana Dvořáková", "Ota"]) == [
        "Jana N.",
        "Jana D.",
        "Ota",
    ]
    assert pv.short_names(["Małgorzata Żółć & Jürgen Weiß", "Eva & Ota"]) == [
        "Małgorzata & Jürgen",
        "Eva & Ota",
    ]
    ctx = pv.score_sheet_context("marias", ["Małgorzata Żółć", "Eva", "Ota"])
    assert "Małgorzata Żółć" in ctx["players"]  # the full names head the sheet


@pytest.mark.parametrize("game", ["marias", "mariasz", "mariage", "marianna"])
def test_score_sheets_have_room_for_an_evening(game):
    # an evening's table plays up to 30 deals (14–16 rows were too few), filling pages
    for paper in ("a4", "letter"):
        ctx = pv.score_sheet_context(game, page=pv.paper(paper))
        assert len(ctx["blank_rows"]) >= 30
