"""Printed lists laid out to fill their sheets: type, columns and page breaks (the standings sheet
is ``standings_sheet.py``, the seating list ``seating.py``, the desk's sheets ``desk_sheets.py``).

Normal type is read from about 1 m (14 pt and up; 11 pt at the least where the columns need
the room), large type from 2 m and more: the wall list, names 30 pt and up, rank, name, total and
the deciding tie-break. Each sheet takes the largest type that needs no more pages than the
smallest does, so a short list fills its sheet, and ``paging.breaks`` keeps the last rows with
the table, the legend, the prize lines and (on a final sheet) the signature lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import paging
from .paging import Column, List

MARGIN_MM = paging.PAGE_MARGIN_MM  # the page's side and top margins (print/_base.html)
BOTTOM_MM = 16  # the bottom margin holds "page X of Y"
BAND = 3  # shade every other group of three rows: the eye keeps its line from two metres
NORMAL_SIZES = (16, 15, 14, 13, 12, 11)  # 14 pt and up reads from 1 m; under it only for room
READABLE_PT = 14
LARGE_SIZES = (48, 44, 40, 36, 33, 30)  # the wall list: names 30 pt and up
NOTE_PT = {False: 11.0, True: 12.0}  # the legend under the table (read up close)
PRIZE_PT = {False: 13.0, True: 20.0}  # "1st prize by lot: …"
SIGNATURE_MM = 18.0  # the signature lines under a final sheet


@dataclass
class Plan:
    """One way to print a list: its geometry, orientation and page breaks."""

    list: List
    landscape: bool
    starts: list[int]
    wrapped: int = 0  # rows whose name takes more than one line
    rows: int = 0

    @property
    def pages(self) -> int:
        return len(self.starts) + 1


def _title_mm(title: str, width: float, large: bool) -> float:
    """The page-1 heading: the name (wrapping) and the meta line."""
    h1 = 32.0 if large else 22.0
    meta = 18.0 if large else 13.0
    n = paging.lines(title, width, h1, bold=True)
    return n * h1 * 1.15 * paging.PT_MM + 1 + meta * 1.3 * paging.PT_MM + 4


def _text_mm(texts: Sequence[str], width: float, pt: float, *, bold: bool = False) -> float:
    """Paragraphs of ``pt`` type in a ``width`` column, each with its 2 mm above."""
    return sum(
        paging.lines(t, width, pt, bold=bold) * pt * 1.3 * paging.PT_MM + 2 for t in texts if t
    )


def choose(plans: Sequence[Plan], *, least_pt: float = 0) -> Plan:
    """The plan with the fewest pages, in the largest type of those that wraps few names (a
    tenth at most, where any plan does); only plans at ``least_pt`` or more when there are any:
    the sheet is read from a distance."""
    readable = [p for p in plans if p.list.pt >= least_pt] or list(plans[-1:])
    return max(_tidy(_fewest_pages(readable)), key=lambda p: p.list.pt)


def _fewest_pages(plans: Sequence[Plan]) -> list[Plan]:
    fewest = min(p.pages for p in plans)
    return [p for p in plans if p.pages == fewest]


def _tidy(plans: list[Plan]) -> list[Plan]:
    """The plans that wrap a tenth of the names at most (all of them where none does)."""
    return [p for p in plans if p.wrapped * 10 <= p.rows] or plans


# ---- any list: columns sized to their contents, the name takes the rest -------------------


@dataclass
class Col:
    """A column of a printed list: its class, heading and cells (type in ems of the rows')."""

    cls: str
    heading: str
    cells: Sequence[str]
    bold: bool = False
    em: float = 1.0
    min_mm: float = 0.0  # at least this wide (a column to sign in)


@dataclass(frozen=True)
class _Shape:
    """How a list prints besides its rows and columns (the arguments of :func:`plan_list`)."""

    title: str
    tail: Callable[[float], float]
    large: bool
    selector: str
    head_em: float | None
    subs: Sequence[str]
    sub_em: float
    least_row: float
    portrait_only: bool

    @property
    def orientations(self) -> tuple[bool, ...]:
        """Landscape or not, in the order they are tried."""
        return (False,) if self.portrait_only else (False, True)


def plan_list(
    names: Sequence[str],
    cols: Sequence[Col],
    *,
    sizes: Sequence[float],
    page: Mapping[str, Any],
    title: str,
    tail: Callable[[float], float] = lambda width: 0.0,
    large: bool = False,
    least_pt: float = 0,
    selector: str = "table.list",
    head_em: float | None = None,
    portrait_only: bool = False,
    subs: Sequence[str] = (),
    sub_em: float = 0.5,
    least_row: float = 0.0,
) -> Plan:
    """The best way to print ``names`` (one row each, bold) with ``cols``: for each type size
    portrait if the columns leave the name room (about ten letters), else landscape; then
    :func:`choose`. ``tail``: the height under the table for a given width; ``subs``: a small
    line under a row's name (``sub_em`` of the type), where there is one."""
    shape = _Shape(title, tail, large, selector, head_em, subs, sub_em, least_row, portrait_only)
    plans = [_first_fit(names, cols, pt, page, shape) for pt in sizes]
    fitting = [plan for plan in plans if plan is not None]
    if not fitting:  # more columns than any sheet holds: the smallest type, names wrap
        fitting.append(_plan(names, cols, sizes[-1], True, page, shape, squeeze=True))
    return choose(fitting, least_pt=least_pt)


def _first_fit(
    names: Sequence[str],
    cols: Sequence[Col],
    pt: float,
    page: Mapping[str, Any],
    shape: _Shape,
) -> Plan | None:
    """The plan in ``pt`` type in the first orientation that leaves the name room, if any."""
    for landscape in shape.orientations:
        plan = _plan(names, cols, pt, landscape, page, shape)
        if plan is not None:
            return plan
    return None


def _plan(
    names: Sequence[str],
    cols: Sequence[Col],
    pt: float,
    landscape: bool,
    page: Mapping[str, Any],
    shape: _Shape,
    *,
    squeeze: bool = False,
) -> Plan | None:
    lst = _new_list(pt, shape)
    width, height = paging.usable(page, landscape=landscape, margin=MARGIN_MM, bottom=BOTTOM_MM)
    columns = _fit_columns(cols, lst)
    name = _name_mm(width - sum(c.width for c in columns), pt, shape.large, squeeze=squeeze)
    if name is None:
        return None
    lst.columns = [Column("name", name), *columns]
    counts = [paging.lines(n, lst.inner("name"), pt, bold=True) for n in names]
    heights = _row_heights(counts, cols, lst, shape)
    head = _head_mm(cols, columns, lst)
    first = height - _title_mm(shape.title, width, shape.large) - head
    starts = paging.breaks(heights, first, height - head, shape.tail(width))
    return Plan(lst, landscape, starts, sum(n > 1 for n in counts), len(names))


def _new_list(pt: float, shape: _Shape) -> List:
    """A list in ``pt`` type, its headings and padding to suit: larger on the wall list."""
    head_em = shape.head_em or (0.6 if shape.large else 0.8)
    lst = List(pt=pt, head_pt=max(pt * head_em, 10.0), selector=shape.selector)
    lst.pad, lst.hpad = (1.2, 2.0) if shape.large else (0.8, 1.2)
    return lst


def _fit_columns(cols: Sequence[Col], lst: List) -> list[Column]:
    """The columns but the name, each as wide as its heading, its widest cell and its least
    width ask."""
    return [
        Column(
            c.cls,
            max(
                paging.fit_width([c.heading], lst.head_pt, bold=True, hpad=lst.hpad),
                paging.fit_width(c.cells, lst.pt * c.em, bold=c.bold, hpad=lst.hpad),
                c.min_mm,
            ),
        )
        for c in cols
    ]


def _name_mm(room: float, pt: float, large: bool, *, squeeze: bool) -> float | None:
    """The name column's width, the ``room`` the other columns leave (30 mm at least); None
    where that is less than ten letters a line, unless ``squeeze``: the names wrap."""
    if room < (3.0 if large else 3.6) * pt and not squeeze:
        return None
    return max(room, 30.0)


def _row_heights(
    counts: Sequence[int], cols: Sequence[Col], lst: List, shape: _Shape
) -> list[float]:
    """Each row's height: its name's ``counts`` lines (no less than the tallest cell's) and the
    small line under the name, where there is one."""
    pt = lst.pt
    tallest = max(lst.row_mm(1, pt * max([1.0, *(c.em for c in cols)])), shape.least_row)
    heights = [max(lst.row_mm(n), tallest) for n in counts]
    small = pt * shape.sub_em
    for i, sub in enumerate(shape.subs):
        if sub:
            heights[i] += (
                paging.lines(sub, lst.inner("name"), small) * small * lst.line * paging.PT_MM
            )
    return heights


def _head_mm(cols: Sequence[Col], columns: Sequence[Column], lst: List) -> float:
    """The heading row, as tall as the heading that wraps most."""
    counts = (
        paging.lines(c.heading, w.width, lst.head_pt, bold=True)
        for c, w in zip(cols, columns, strict=True)
    )
    return lst.head_mm(max(counts, default=1))


def paged_rows(rows: Sequence[Mapping[str, Any]], starts: Sequence[int]) -> list[dict[str, Any]]:
    """Copies of ``rows``, shaded in threes, each marked where a new page starts."""
    paged = [{**row, "shaded": (i // BAND) % 2 == 1} for i, row in enumerate(rows)]
    for i in starts:
        paged[i]["newpage"] = True
    return paged
