"""One standings presenter (docs/architecture.md): the page, the pub TV and the paper sheet of
one tournament head the same metrics with the same words, mark the same shared ranks and print
the same money."""

from __future__ import annotations

from decimal import Decimal
from html.parser import HTMLParser

import pytest
from test_tournament_pages import SEVEN, _create, _login, _state

from scorekeeper import standings_table
from scorekeeper.tournament.metrics import METRICS


class _Tables(HTMLParser):
    """Every <table class="... standings ...">: its rows as lists of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._in = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "standings" in classes:
            self._in = True
            self.tables.append([])
        elif self._in and tag == "tr":
            self.tables[-1].append([])
        elif self._in and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self._in = False
        elif self._in and tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _tables(html: str) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(html)
    return parser.tables


@pytest.fixture
def organiser(client):
    _login(client)
    return client


@pytest.fixture
def tied(app, organiser):
    """Six at two Mariáš tables for 0.50 CZK, both tables ending 10 / 0 / -10: ranks =1, =3, =5."""
    tid = _create(organiser, players="\n".join(SEVEN[:6]), stake="0.50", currency="CZK")
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3", "start": "1"})
    for table in _state(app, tid)["rounds"][0]["tables"]:
        answer = organiser.post(
            f"/tournaments/{tid}/rounds/1/tables/{table['table']}/sheet",
            # 10 / 0 / -10 needs flek per defender at a table of three: the sheet says so
            data={
                "scores-0": "10",
                "scores-1": "0",
                "scores-2": "-10",
                "confirm": "1",
                "confirm_figures": "1",
            },
        )
        assert answer.status_code == 302
    return tid


def test_page_tv_and_paper_share_headings_and_shared_ranks(organiser, tied):
    # RULES.md §6: rows level on every tie-break share a rank, shown "=3" on pages and paper
    page = _tables(organiser.get(f"/tournaments/{tied}").get_data(as_text=True))[0]
    tv = _tables(organiser.get(f"/tournaments/{tied}/tv").get_data(as_text=True))[0]
    paper = _tables(organiser.get(f"/tournaments/{tied}/print/standings").get_data(as_text=True))[0]
    wins, best, lasts = (METRICS[k].abbr for k in ("table_wins", "best_round", "last_places"))
    # the page names the deciding tie-break in a column of its own, the TV too
    assert page[0] == ["#", "Player", "Balance", "CZK", "R1", wins, best, lasts, "Tie-break"]
    # the TV has room for one cell: the deciding tie-break beside rows with the same total
    assert tv[0] == ["#", "Player", "Balance", "Tie-break"]
    assert [r[3] for r in tv[1:]] == ["Lot " + r[-1] for r in paper[1:]]  # all equal: lot
    # the paper orders its columns for reading across, and prints the lot it was decided by
    assert paper[0] == ["#", "Player", "R1", "Balance", "CZK", wins, best, lasts, "Lot"]
    ranks = ["=1", "=1", "=3", "=3", "=5", "=5"]
    assert [r[0] for r in page[1:]] == [r[0] for r in tv[1:]] == [r[0] for r in paper[1:]] == ranks
    names = [r[1] for r in page[1:]]
    assert [r[1] for r in tv[1:]] == [r[1] for r in paper[1:]] == names  # the same order
    # money: the balance at the stake, the same text on the page and on paper
    assert (
        [r[3] for r in page[1:]]
        == [r[4] for r in paper[1:]]
        == ["5.00", "5.00", "0.00", "0.00", "-5.00", "-5.00"]
    )


def test_a_metric_has_one_heading_wherever_it_is_shown(app):
    # one label per metric: no "Last" against "Lasts", no "Pts" against "MP"
    with app.test_request_context():
        keys = ["table_wins", "best_round", "last_places", "match_points", "buchholz"]
        document = {
            "after_round": 1,
            "rows": [{"rank": 1, "player": "A", "total": 3, "rounds": [3],
                      "tiebreaks": {k: 0 for k in [*keys, "lot"]}}],
            "tournament": {"ranking": "wins"},
        }  # fmt: skip
        page = standings_table.present(document)
        tv = standings_table.present(document, tiebreaks=1)
        paper = standings_table.present(document, lot=True, rows_before_results=True)
    abbrs = [METRICS[k].abbr for k in keys]
    assert [h.text for h in page.tiebreak_headings] == abbrs
    assert [h.text for h in paper.tiebreak_headings] == [*abbrs, "Lot"]
    assert [h.text for h in tv.tiebreak_headings] == abbrs[:1]
    assert page.total_heading == tv.total_heading == paper.total_heading == "Wins"


@pytest.mark.parametrize(
    ("total", "stake", "money"),
    [
        (7, "0.10", "0.70"),  # RULES.md §4: the balance times the stake; 7 × 0.1 is 0.70 exactly
        (-3, "0.35", "-1.05"),
        (1, None, None),  # no stake: no money
    ],
)
def test_money_is_decimal(app, total, stake, money):
    with app.test_request_context():
        shown = standings_table.money(total, Decimal(stake) if stake else None)
    assert shown == money
