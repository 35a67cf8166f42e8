"""Running-score chart as inline SVG: a pure function of the sides and each deal's delta.

No JavaScript and no request state: the same markup shows on the phone and prints on paper.
Nothing here touches the database or Flask; the caller passes plain lists from the match state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

# Colour-blind-safe palette (Okabe–Ito), dark enough to print in grey.
COLOURS: tuple[str, ...] = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
DASHES: tuple[str, ...] = ("", "6 3", "2 3", "8 3 2 3", "4 4", "1 2")


def running_totals(n_sides: int, deltas: Sequence[Sequence[int]]) -> list[list[int]]:
    """Running score per side after each deal, starting from zero (one more point than deals)."""
    totals = [[0] for _ in range(n_sides)]
    for delta in deltas:
        for side in range(n_sides):
            step = delta[side] if side < len(delta) else 0
            totals[side].append(totals[side][-1] + int(step))
    return totals


#: Roughly how wide a character of the legend's 12 px text is (DejaVu Sans averages ~0.55 em).
CHAR_W = 6.8


def legend_labels(
    sides: Sequence[str], totals: Sequence[int], plot_w: int
) -> tuple[list[str], int]:
    """The legend's labels and how many per row: two when they fit half the width, else one;
    a name too long for the whole width is cut with '…' (long team names in German or Czech)."""
    labels = [f"{name} {total}" for name, total in zip(sides, totals, strict=False)]
    room = plot_w // 2 - 30
    if all(len(label) * CHAR_W <= room for label in labels):
        return labels, 2
    return _cut_to_width(labels, sides, totals, plot_w), 1


def _cut_to_width(
    labels: list[str], sides: Sequence[str], totals: Sequence[int], plot_w: int
) -> list[str]:
    """The labels, each name too long for the whole width cut with '…' (the score stays)."""
    most = max(int((plot_w - 30) // CHAR_W), 8)
    for i, (name, total) in enumerate(zip(sides, totals, strict=False)):
        keep = most - len(f" {total}") - 1
        if len(labels[i]) > most:
            labels[i] = f"{name[:keep].rstrip()}… {total}"
    return labels


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class _Plot:
    """The plot's place in the SVG (the axes' corner, its size) and the deals and scores it
    spans."""

    left: int
    top: int
    width: int
    height: int
    steps: int
    low: int
    high: int

    def x(self, i: int) -> float:
        """Where the line is after deal ``i``."""
        return self.left + self.width * i / self.steps

    def y(self, v: float) -> float:
        """Where the score ``v`` is."""
        return self.top + self.height * (self.high - v) / (self.high - self.low)


def _span(series: list[list[int]]) -> tuple[int, int]:
    """The lowest and highest score the plot shows: 0 and 1 at least, never the same."""
    low = min(0, *(min(s) for s in series))
    high = max(1, *(max(s) for s in series))
    if high == low:
        high = low + 1
    return low, high


def running_chart(
    sides: Sequence[str],
    deltas: Sequence[Sequence[int]],
    *,
    width: int = 360,
    height: int = 180,
    title: str = "",
) -> str:
    """SVG markup of each side's running score over the deals (empty string with no deals)."""
    if not deltas or not sides:
        return ""
    series = running_totals(len(sides), deltas)
    low, high = _span(series)
    left, right, top = 34, 8, 8
    labels, per_row = legend_labels(sides, [s[-1] for s in series], width - left - right)
    legend_h = 18 * ((len(sides) + per_row - 1) // per_row)
    # a legend row per side (names too long for two a row): the sheet grows, the plot keeps its size
    height += legend_h - 18 * ((len(sides) + 1) // 2)
    plot_h = height - top - 18 - legend_h  # under it: the deals' count, then the legend
    plot = _Plot(left, top, width - left - right, plot_h, len(deltas), low, high)
    return "".join(
        [
            _svg_open(width, height, title),
            _axes(plot, width - right),
            *(_line(plot, side, values) for side, values in enumerate(series)),
            *_legend(labels, plot, per_row, height - legend_h),
            "</svg>",
        ]
    )


def _svg_open(width: int, height: int, title: str) -> str:
    """The <svg> tag, and its <title> where there is one."""
    svg = (
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="100%" role="img" aria-label="{escape(title)}">'
    )
    return svg + (f"<title>{escape(title)}</title>" if title else "")


def _axes(plot: _Plot, right: int) -> str:
    """The scale's labels (highest, lowest, zero between them, the deals) and the axes."""
    left, y = plot.left, plot.y
    marks = [
        f'<g font-size="10" fill="#555"><text x="{left - 4}" y="{_fmt(y(plot.high) + 4)}" '
        f'text-anchor="end">{plot.high}</text><text x="{left - 4}" y="{_fmt(y(plot.low) + 4)}" '
        f'text-anchor="end">{plot.low}</text>'
    ]
    if plot.low < 0 < plot.high:
        marks.append(f'<text x="{left - 4}" y="{_fmt(y(0) + 4)}" text-anchor="end">0</text>')
    marks.append(
        f'<text x="{_fmt(plot.x(plot.steps))}" y="{_fmt(plot.top + plot.height + 12)}" '
        f'text-anchor="end">{plot.steps}</text></g>'
        f'<path d="M{left} {_fmt(y(0))}H{right}" stroke="#999" stroke-width="1"/>'
        f'<path d="M{left} {plot.top}V{plot.top + plot.height}" stroke="#ccc" stroke-width="1"/>'
    )
    return "".join(marks)


def _stroke(side: int) -> tuple[str, str]:
    """A side's colour and its dash pattern as an attribute (none for a solid line)."""
    colour, dash = COLOURS[side % len(COLOURS)], DASHES[side % len(DASHES)]
    return colour, (f' stroke-dasharray="{dash}"' if dash else "")


def _line(plot: _Plot, side: int, values: list[int]) -> str:
    colour, dash_attr = _stroke(side)
    points = " ".join(f"{_fmt(plot.x(i))},{_fmt(plot.y(v))}" for i, v in enumerate(values))
    return (
        f'<polyline fill="none" stroke="{colour}" stroke-width="2.5"{dash_attr} points="{points}"/>'
    )


def _legend(labels: list[str], plot: _Plot, per_row: int, top: int) -> list[str]:
    """Each side's line and label, ``per_row`` a row, from ``top`` down."""
    keys = []
    for side, label in enumerate(labels):
        colour, dash_attr = _stroke(side)
        lx = plot.left + (side % per_row) * (plot.width // 2)
        ly = top + 18 * (side // per_row) + 4
        keys.append(
            f'<path d="M{lx} {ly}h22" stroke="{colour}" stroke-width="2.5"{dash_attr}/>'
            f'<text x="{lx + 27}" y="{ly + 4}" font-size="12">{escape(label)}</text>'
        )
    return keys
