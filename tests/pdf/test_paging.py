"""Lists laid out from the font (printing/paging.py, printing/lists.py): widths, wrapped names,
pages filled in turn with the last rows kept with the table, type sizes read from a distance."""

from __future__ import annotations

import re

import pytest
from conftest import build_print_app, make_round, make_standings, pdf_text, player_names
from hypothesis import given, settings
from hypothesis import strategies as st
from test_sheets import get_pdf, rows_per_page

from scorekeeper.printing import contexts as pv
from scorekeeper.printing import lists, paging


def test_text_width_follows_the_font():
    assert paging.text_mm("=101", 14) > paging.text_mm("=1", 14)
    assert paging.text_mm("Řehoř", 28) == pytest.approx(2 * paging.text_mm("Řehoř", 14))
    assert paging.text_mm("Řehoř", 14, bold=True) > paging.text_mm("Řehoř", 14)


def test_names_wrap_between_words_and_long_words_break():
    assert paging.lines("Jana Nováková", 80, 14) == 1
    assert paging.lines("Květoslava Šťastná", 100, 30, bold=True) == 2
    assert paging.lines("Brzęczyszczykiewicz", 20, 14) >= 2  # one word wider than the column


def test_a_page_is_filled_and_the_last_keeps_three_rows():
    # 20 rows of 8 mm, 150 mm a page (145.5 counted): 18 would fit, the last page keeps 3
    assert paging.breaks([8.0] * 20, 150, 150) == [17]
    assert paging.breaks([8.0] * 10, 150, 150) == []  # one page
    assert paging.breaks([8.0] * 19, 150, 150, tail=30) == [16]  # the legend goes with 3 rows


@settings(max_examples=120, deadline=None)
@given(
    heights=st.lists(st.floats(4, 30), min_size=1, max_size=120),
    first=st.floats(60, 200),
    more=st.floats(0, 60),
    tail=st.floats(0, 40),
)
def test_breaks_fill_pages_in_order_and_never_leave_an_orphan(heights, first, more, tail):
    rest = first + more
    starts = paging.breaks(heights, first, rest, tail)
    assert starts == sorted(set(starts)) and all(0 < s < len(heights) for s in starts)
    pages = paging.pages(starts, len(heights))
    for number, (a, b) in enumerate(pages):
        room = (first if number == 0 else rest) * paging.SAFETY
        assert b - a >= 1
        assert b - a == 1 or sum(heights[a:b]) <= room + 1e-6  # a lone giant row may spill
    if len(pages) > 1:  # the last page keeps three rows, unless they cannot fit with the tail
        (before, last), end = pages[-2:], len(heights)
        kept = end - last[0]
        one_more = sum(heights[last[0] - 1 :]) + tail > rest * paging.SAFETY
        assert kept >= min(paging.MIN_LAST, end) or one_more or last[0] - 1 <= before[0]


def _standings_with_101() -> dict:
    data = make_standings(120, rounds=4, planned=4)
    for row in data["rows"][100:102]:  # a shared rank past a hundred
        row["rank"] = 101
        row["total"] = data["rows"][100]["total"]
    return data


def test_the_rank_column_holds_its_widest_label():
    # "=101" ran into the name: the column is as wide as its widest label, with its padding
    ctx = pv.standings_context(_standings_with_101())
    width = float(re.search(r"\.c-rank \{ width: ([\d.]+)mm", ctx["layout_css"]).group(1))
    assert width >= paging.text_mm("=101", ctx["type_pt"])


@pytest.mark.parametrize(
    ("rounds", "landscape"),
    [(2, False), (4, True)],  # few columns stand upright; four rounds and the money turn
)
def test_normal_type_reads_from_a_metre(rounds, landscape):
    data = make_standings(20, rounds=rounds, planned=rounds)
    data["tournament"].update(ranking="balance", stake="0.50", currency="CZK")
    data["tiebreaks"] = ["table_wins", "best_round", "last_places"]
    for row in data["rows"]:
        row["tiebreaks"] = {"table_wins": 1, "best_round": 4, "last_places": 0, "lot": 3}
    ctx = pv.standings_context(data)
    assert ctx["type_pt"] >= lists.READABLE_PT and ctx["landscape"] is landscape


def test_many_columns_take_smaller_type_but_never_under_11_pt():
    data = make_standings(30, rounds=22, planned=22)
    ctx = pv.standings_context(data)
    assert 11 <= ctx["type_pt"] < lists.READABLE_PT and ctx["compact"]


def test_the_wall_list_prints_names_in_30_pt_and_up_and_fills_its_sheet():
    for n in (6, 20, 120):
        ctx = pv.standings_context(make_standings(n), large=True)
        assert ctx["type_pt"] >= 30
    few = pv.standings_context(make_standings(6), large=True)
    assert few["type_pt"] > 30 and few["pages"] == 1  # a short list grows to fill its page


@pytest.fixture(scope="module")
def printed():
    """The 120-player standings (normal and large) and seating, rendered once."""
    data = _standings_with_101()
    with pytest.MonkeyPatch.context() as mp:
        client = build_print_app(mp, standings=data, round=make_round(120, 3)).test_client()
        return {
            "data": data,
            "normal": get_pdf(client, "/tournaments/t1/print/standings"),
            "large": get_pdf(client, "/tournaments/t1/print/standings?large=1"),
            "seating": get_pdf(client, "/tournaments/t1/print/seating?by=name"),
        }


def test_120_players_print_the_pages_planned_with_no_row_alone(printed):
    for large in (False, True):
        pages = pdf_text(printed["large" if large else "normal"])
        assert len(pages) == pv.standings_context(printed["data"], large=large)["pages"]
        counts = rows_per_page(pages)
        assert sum(counts) == 120 and counts[-1] >= paging.MIN_LAST, counts
    text = "\n".join(pdf_text(printed["normal"]))
    assert re.search(r"^=101 \S", text, flags=re.M)  # the rank keeps its space from the name
    assert not re.search(r"=101\S", text)


def test_120_players_seating_by_name_keeps_its_last_rows(printed):
    pages = pdf_text(printed["seating"])
    names = player_names(120)
    counts = [len([n for n in names if n in page]) for page in pages]
    assert sum(counts) >= 120 and min(counts) >= paging.MIN_LAST, counts
