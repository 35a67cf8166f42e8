"""The running-score chart: pure SVG built from the sides and each deal's delta."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.printing.chart import running_chart, running_totals

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    ("n", "deltas", "expected"),
    [
        # API.md: delta is what one deal changed in scores; running sums start at 0
        (3, [[2, -1, -1]], [[0, 2], [0, -1], [0, -1]]),
        (3, [[2, -1, -1], [-4, 2, 2]], [[0, 2, -2], [0, -1, 1], [0, -1, 1]]),
        (2, [[0, 0], [1, 3]], [[0, 0, 1], [0, 0, 3]]),
        (2, [], [[0], [0]]),
    ],
)
def test_running_totals(n, deltas, expected):
    assert running_totals(n, deltas) == expected


def test_no_deals_no_chart():
    assert running_chart(["Jana", "Petr"], []) == ""


def test_one_line_per_side_and_names_escaped():
    svg = running_chart(["<Jana>", "Petr & Ota"], [[1, -1], [3, -3]], title="Scores")
    root = ET.fromstring(svg)
    assert len(root.findall(f".//{SVG}polyline")) == 2
    assert "&lt;Jana&gt;" in svg and "Petr &amp; Ota" in svg
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "<Jana> 4" in texts  # final score in the legend


def test_scale_covers_negative_scores():
    root = ET.fromstring(running_chart(["A", "B", "C"], [[-20, 10, 10]]))
    labels = {t.text for t in root.iter(f"{SVG}text")}
    assert {"-20", "10", "0"} <= labels


@settings(deadline=None, max_examples=60)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.lists(st.lists(st.integers(-500, 500), min_size=n, max_size=n), max_size=40)
    )
)
def test_always_well_formed_and_inside_viewbox(deltas):
    if not deltas:
        return
    n = len(deltas[0])
    svg = running_chart([f"P{i}" for i in range(n)], deltas, width=360, height=180)
    root = ET.fromstring(svg)
    for line in root.iter(f"{SVG}polyline"):
        for point in line.get("points").split():
            px, py = map(float, point.split(","))
            assert 0 <= px <= 360 and 0 <= py <= 180
