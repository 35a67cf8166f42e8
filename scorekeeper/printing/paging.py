"""Pages that fill their sheet: how wide a text prints, how tall a row is, where pages break.

The lists people read from a distance (standings, the wall list, seating, ratings, club table)
are laid out here, not guessed in CSS: the type size, the column widths and the page breaks are
worked out from the vendored font's own advance widths (``static/fonts``, read with fontTools,
which WeasyPrint itself uses) and written into the sheet's own <style> (``List.css``), so the
figures in Python are the figures on paper. A name that does not fit its column wraps, and its
row is counted as tall as it prints.

:func:`breaks` fills each page in turn and keeps the last rows with the table: the last page
holds at least ``MIN_LAST`` rows (never one row alone) and room for what follows the table (the
legend, the prize lines, the signature lines).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..paths import STATIC

PAPERS = {"a4": ("A4", 210, 297), "letter": ("Letter", 216, 279)}
PAGE_MARGIN_MM = 12
PT_MM = 25.4 / 72  # one point in millimetres
MIN_LAST = 3  # rows a last page keeps (fewer only when the whole list is shorter)
SAFETY = 0.97  # a page's height is counted this much: rounding in the renderer never spills


def paper(name: str | None, default: str = "a4") -> dict[str, Any]:
    """Page size for ?paper= (a4 | letter; anything else falls back to ``default``)."""
    key = (name or default).lower()
    if key not in PAPERS:
        key = default.lower() if default.lower() in PAPERS else "a4"
    size, width, height = PAPERS[key]
    usable_height = height - 2 * PAGE_MARGIN_MM - 8  # the bottom margin box: "page X of Y"
    return {
        "key": key,
        "size": size,
        "width_mm": width,
        "height_mm": height,
        "margin": f"{PAGE_MARGIN_MM}mm",
        "half_height": f"{usable_height // 2 - 2}mm",
    }


@cache
def _advances(bold: bool) -> tuple[dict[int, int], int]:
    from fontTools.ttLib import TTFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    font = TTFont(STATIC / "fonts" / name, lazy=True)
    metrics = font["hmtx"].metrics
    widths = {cp: metrics[glyph][0] for cp, glyph in font.getBestCmap().items()}
    return widths, font["head"].unitsPerEm


def text_mm(text: str, pt: float, *, bold: bool = False) -> float:
    """How wide ``text`` prints at ``pt`` points (no kerning: a little wide, never narrow)."""
    widths, em = _advances(bold)
    fallback = widths.get(ord("M"), em)
    return sum(widths.get(ord(ch), fallback) for ch in text) / em * pt * PT_MM


def lines(text: str, width_mm: float, pt: float, *, bold: bool = False) -> int:
    """How many lines ``text`` takes in a column ``width_mm`` wide (wrapping between words; a
    word wider than the column breaks where it must)."""
    if width_mm <= 0:
        return max(1, len(text))
    count, used = 1, 0.0
    space = text_mm(" ", pt, bold=bold)
    for word in text.split():
        count, used = _set_word(text_mm(word, pt, bold=bold), count, used, space, width_mm)
    return count


def _set_word(
    wide: float, count: int, used: float, space: float, width_mm: float
) -> tuple[int, float]:
    """(lines, mm used of the last) once a word ``wide`` mm is set after ``count`` lines with
    ``used`` mm of the last: on that line where it fits, else from the next (a word wider than
    the column broken over as many as it needs)."""
    if used and used + space + wide <= width_mm:
        return count, used + space + wide
    if used:
        count += 1
    extra = math.ceil(wide / width_mm) - 1 if wide > width_mm else 0
    return count + extra, wide - extra * width_mm


@dataclass
class Column:
    """A column of a list: its CSS class and width in mm (padding included)."""

    cls: str
    width: float


@dataclass
class List:
    """A printed list's type and geometry; ``css`` writes it for the sheet's own <style>."""

    pt: float  # the rows' type size
    head_pt: float  # the heading row's
    columns: list[Column] = field(default_factory=list)
    line: float = 1.2  # line height, times the type size
    pad: float = 1.0  # a cell's padding above and below, mm
    hpad: float = 1.2  # a cell's padding left and right, mm
    rule: float = 0.6 * PT_MM  # the line under each row
    selector: str = "table.list"

    def row_mm(self, n_lines: int = 1, pt: float | None = None) -> float:
        """A row's height with ``n_lines`` lines of ``pt`` type."""
        return n_lines * (pt or self.pt) * self.line * PT_MM + 2 * self.pad + self.rule

    def head_mm(self, n_lines: int = 1) -> float:
        return n_lines * self.head_pt * self.line * PT_MM + 2 * self.pad + 1.6 * PT_MM

    def inner(self, cls: str) -> float:
        """A column's width for text (its padding left out)."""
        return next(c.width for c in self.columns if c.cls == cls) - 2 * self.hpad

    def css(self) -> str:
        """The rules that give the list its type, padding and column widths."""
        s = self.selector
        out = [
            f"{s} {{ font-size: {self.pt:.1f}pt; line-height: {self.line}; }}",
            f"{s} th, {s} td {{ padding: {self.pad:.2f}mm {self.hpad:.2f}mm; }}",
            f"{s} thead th {{ font-size: {self.head_pt:.1f}pt; }}",
        ]
        # a cell's width leaves out its padding (content-box): the column is the width we planned
        out += [
            f"{s} .c-{c.cls} {{ width: {c.width - 2 * self.hpad:.2f}mm; }}" for c in self.columns
        ]
        return "\n".join(out)


def fit_width(texts: Sequence[str], pt: float, *, bold: bool = False, hpad: float = 1.2) -> float:
    """A column wide enough for the widest of ``texts`` (a figure never runs into its
    neighbour: "=101" keeps its space)."""
    widest = max((text_mm(t, pt, bold=bold) for t in texts if t), default=0.0)
    return widest + 2 * hpad + 0.8


def breaks(
    heights: Sequence[float], first: float, rest: float, tail: float = 0.0, *, min_last: int = 0
) -> list[int]:
    """Rows that start a new page: each page filled in turn (``first`` mm of rows on page 1,
    ``rest`` on the others), the last page keeping ``min_last`` rows (MIN_LAST by default) and
    room for ``tail`` mm after them."""
    min_last = min(min_last or MIN_LAST, len(heights))
    first, rest = first * SAFETY, rest * SAFETY
    starts, used, room = [0], 0.0, first
    for i, h in enumerate(heights):
        if used + h > room and used > 0:
            starts.append(i)
            used, room = 0.0, rest
        used += h
    _keep_the_tail(starts, heights, first, rest, tail)
    _no_orphans(starts, heights, rest - tail, min_last)
    return starts[1:]


def _keep_the_tail(
    starts: list[int], heights: Sequence[float], first: float, rest: float, tail: float
) -> None:
    """Move the last page's last rows onto a page of their own when the tail has no room."""
    last = starts[-1]
    room = first if len(starts) == 1 else rest
    used = sum(heights[last:])
    cut = len(heights)
    while used + tail > room and cut > last + 1:
        cut -= 1
        used -= heights[cut]
    if cut < len(heights):
        starts.append(cut)


def _no_orphans(starts: list[int], heights: Sequence[float], room: float, min_last: int) -> None:
    """The last page holds at least ``min_last`` rows: the page before gives them up, as far as
    the last page has ``room`` for them and the page before keeps a row."""
    n = len(heights)
    while len(starts) > 1 and n - starts[-1] < min_last:
        moved = starts[-1] - 1
        if moved <= starts[-2] or sum(heights[moved:]) > room:
            return
        starts[-1] = moved


def pages(starts: Sequence[int], n: int) -> list[tuple[int, int]]:
    """(first, end) row indices of each page from the break list."""
    bounds = [0, *starts, n]
    return [(bounds[i], bounds[i + 1]) for i in range(len(bounds) - 1)]


def usable(page: dict[str, Any], *, landscape: bool, margin: float, bottom: float) -> tuple:
    """(width, height) in mm inside the margins of a page in that orientation."""
    width, height = page["width_mm"], page["height_mm"]
    if landscape:
        width, height = height, width
    return width - 2 * margin, height - margin - bottom
