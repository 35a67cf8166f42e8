"""Running-score chart as inline SVG: a pure function of the sides and each deal's delta.

No JavaScript and no request state: the same markup shows on the phone and prints on paper.
Nothing here touches the database or Flask; the caller passes plain lists from the match state.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    per_row = 2 if all(len(label) * CHAR_W <= room for label in labels) else 1
    if per_row == 1:
        most = max(int((plot_w - 30) // CHAR_W), 8)
        for i, (name, total) in enumerate(zip(sides, totals, strict=False)):
            keep = most - len(f" {total}") - 1
            if len(labels[i]) > most:  # the name gives way, the score stays
                labels[i] = f"{name[:keep].rstrip()}… {total}"
    return labels, per_row


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


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
    low = min(0, *(min(s) for s in series))
    high = max(1, *(max(s) for s in series))
    if high == low:
        high = low + 1
    left, right, top = 34, 8, 8
    labels, per_row = legend_labels(sides, [s[-1] for s in series], width - left - right)
    legend_h = 18 * ((len(sides) + per_row - 1) // per_row)
    height += legend_h - 18 * (
        (len(sides) + 1) // 2
    )  # a legend row per side: the plot keeps its size
    bottom = 18 + legend_h
    plot_w, plot_h = width - left - right, height - top - bottom
    steps = len(deltas)

    def x(i: int) -> float:
        return left + plot_w * i / steps

    def y(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="100%" role="img" aria-label="{escape(title)}">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(
        f'<g font-size="10" fill="#555"><text x="{left - 4}" y="{_fmt(y(high) + 4)}" '
        f'text-anchor="end">{high}</text><text x="{left - 4}" y="{_fmt(y(low) + 4)}" '
        f'text-anchor="end">{low}</text>'
    )
    if low < 0 < high:
        parts.append(f'<text x="{left - 4}" y="{_fmt(y(0) + 4)}" text-anchor="end">0</text>')
    parts.append(
        f'<text x="{_fmt(x(steps))}" y="{_fmt(top + plot_h + 12)}" text-anchor="end">'
        f"{steps}</text></g>"
    )
    parts.append(
        f'<path d="M{left} {_fmt(y(0))}H{width - right}" stroke="#999" stroke-width="1"/>'
        f'<path d="M{left} {top}V{top + plot_h}" stroke="#ccc" stroke-width="1"/>'
    )
    for side, values in enumerate(series):
        colour, dash = COLOURS[side % len(COLOURS)], DASHES[side % len(DASHES)]
        points = " ".join(f"{_fmt(x(i))},{_fmt(y(v))}" for i, v in enumerate(values))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2.5"{dash_attr} '
            f'points="{points}"/>'
        )
    for side, label in enumerate(labels):
        colour, dash = COLOURS[side % len(COLOURS)], DASHES[side % len(DASHES)]
        lx = left + (side % per_row) * (plot_w // 2)
        ly = height - legend_h + 18 * (side // per_row) + 4
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<path d="M{lx} {ly}h22" stroke="{colour}" stroke-width="2.5"{dash_attr}/>'
            f'<text x="{lx + 27}" y="{ly + 4}" font-size="12">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
