"""The standings sheet and the seating list as they print: type, columns and page breaks.

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

from flask_babel import gettext as _

from ..i18n import collation
from ..standings_table import StandingsTable, present
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
    fewest = min(p.pages for p in readable)
    best = [p for p in readable if p.pages == fewest]
    tidy = [p for p in best if p.wrapped * 10 <= p.rows] or best
    return max(tidy, key=lambda p: p.list.pt)


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
    shape = {"title": title, "tail": tail, "large": large, "selector": selector,
             "head_em": head_em, "subs": subs, "sub_em": sub_em,
             "least_row": least_row}  # fmt: skip
    plans = []
    for pt in sizes:
        for landscape in (False,) if portrait_only else (False, True):
            plan = _plan(names, cols, pt, landscape, page, **shape)
            if plan is not None:
                plans.append(plan)
                break
    if not plans:  # more columns than any sheet holds: the smallest type, names wrap
        plans.append(_plan(names, cols, sizes[-1], True, page, **shape, squeeze=True))
    return choose(plans, least_pt=least_pt)


def _plan(
    names: Sequence[str],
    cols: Sequence[Col],
    pt: float,
    landscape: bool,
    page: Mapping[str, Any],
    *,
    title: str,
    tail: Callable[[float], float],
    large: bool,
    selector: str,
    head_em: float | None,
    subs: Sequence[str],
    sub_em: float,
    least_row: float,
    squeeze: bool = False,
) -> Plan | None:
    head_pt = max(pt * (head_em or (0.6 if large else 0.8)), 10.0)
    lst = List(pt=pt, head_pt=head_pt, selector=selector)
    lst.pad, lst.hpad = (1.2, 2.0) if large else (0.8, 1.2)
    width, height = paging.usable(page, landscape=landscape, margin=MARGIN_MM, bottom=BOTTOM_MM)
    columns = [
        Column(
            c.cls,
            max(
                paging.fit_width([c.heading], head_pt, bold=True, hpad=lst.hpad),
                paging.fit_width(c.cells, pt * c.em, bold=c.bold, hpad=lst.hpad),
                c.min_mm,
            ),
        )
        for c in cols
    ]
    name = width - sum(c.width for c in columns)
    if name < (3.0 if large else 3.6) * pt and not squeeze:  # ten letters and more a line
        return None
    lst.columns = [Column("name", max(name, 30.0)), *columns]
    inner = lst.inner("name")
    tallest = max(lst.row_mm(1, pt * max([1.0, *(c.em for c in cols)])), least_row)
    counts = [paging.lines(n, inner, pt, bold=True) for n in names]
    heights = [max(lst.row_mm(n), tallest) for n in counts]
    for i, sub in enumerate(subs):
        if sub:
            small = pt * sub_em
            heights[i] += paging.lines(sub, inner, small) * small * lst.line * paging.PT_MM
    head = lst.head_mm(
        max((paging.lines(c.heading, w.width, head_pt, bold=True) for c, w in zip(cols, columns,
             strict=True)), default=1)
    )  # fmt: skip
    first = height - _title_mm(title, width, large) - head
    starts = paging.breaks(heights, first, height - head, tail(width))
    return Plan(lst, landscape, starts, sum(n > 1 for n in counts), len(names))


# ---- standings -------------------------------------------------------------------------------

SUB_EM = 0.5  # the wall list's "decided by" line under a name, in ems of the names


def _standings_cols(table: StandingsTable, *, large: bool) -> list[Col]:
    """Every column but the name, in the sheet's order."""
    rows = table.rows
    cols = [Col("rank", "#", [r["rank"] for r in rows])]
    if not large:
        for i, h in enumerate(table.round_headings):
            cols.append(Col(f"round{i}", h, [r["rounds"][i] for r in rows]))
    cols.append(Col("total", table.total_heading, [r["total"] for r in rows], bold=True))
    if table.money_heading:
        cols.append(Col("money", table.money_heading, [r["money"] or "" for r in rows]))
    for i, h in enumerate(table.tiebreak_headings):
        cols.append(Col(f"tb{i}", h.text, [r["tiebreaks"][i] for r in rows], bold=True))
    return cols


def _name_text(row: Mapping[str, Any]) -> str:
    extra = [_("withdrawn")] if row["withdrawn"] else []
    extra += [_("provisional")] if row["provisional"] else []
    return row["player"] + "".join(f" ({e})" for e in extra)


def standings_layout(
    table: StandingsTable, context: Mapping[str, Any], page: Mapping[str, Any]
) -> Plan:
    """The plan of a standings sheet: portrait where the columns fit upright, else landscape;
    the largest type that needs the fewest pages (normal type 14 pt and up where it fits)."""
    large = context["large"]

    def tail(width: float) -> float:
        below = _text_mm(table.prize_lots, width, PRIZE_PT[large], bold=True)
        below += _text_mm([*context["notes"], *table.legend], width, NOTE_PT[large])
        return below + (SIGNATURE_MM if context["final"] else 0)

    return plan_list(
        [_name_text(r) for r in table.rows],
        _standings_cols(table, large=large),
        sizes=LARGE_SIZES if large else NORMAL_SIZES,
        page=page,
        title=context["title"],
        tail=tail,
        large=large,
        least_pt=0 if large else READABLE_PT,
        subs=[r["decided"] for r in table.rows] if large else (),
        sub_em=SUB_EM,
    )


def subtitle(tournament: Mapping[str, Any], after_round: int | None) -> str:
    planned = tournament.get("rounds_planned")
    if not after_round:
        return _("before round 1")
    if planned:
        return _("after round %(n)s of %(m)s", n=after_round, m=planned)
    return _("after round %(n)s", n=after_round)


def _notes(table: StandingsTable) -> list[str]:
    notes = []
    if table.provisional:
        notes.append(
            _(
                "(provisional): a table of this player is not yet confirmed (… in its round); "
                "the place may still change."
            )
        )
    if table.dropped:
        notes.append(_("Struck-through rounds leave the total (dropped rounds)."))
    if table.byes:  # RULES.md §6: a bye's figure carries its mark
        notes.append(
            _("“bye”: a round without an opponent, counted as a win with the round’s median.")
        )
    return notes


def standings_context(
    standings: Mapping[str, Any], *, large: bool = False, page: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Context of the standings sheet from the standings JSON (+ its "tournament" dict): the one
    presenter's table (``standings_table``) laid out for paper. Normal type: every column, the
    lot and the money, the deciding tie-break in bold; large type (the wall list): rank, name,
    total and the deciding tie-break in words."""
    tournament = standings.get("tournament") or {}
    if large:
        table = present(standings, tiebreaks=0, with_money=False, rows_before_results=True,
                        decider=True)  # fmt: skip
    else:
        table = present(standings, lot=True, rows_before_results=True)
    planned = tournament.get("rounds_planned")
    final = bool(table.rows) and bool(planned) and table.after_round >= planned
    context = {
        "large": large,
        "title": str(tournament.get("name") or ""),
        "notes": _notes(table),
        # the normal sheet of the final standings is the one the tournament director signs
        "final": final and not table.provisional and not large,
    }
    plan = standings_layout(table, context, page or paging.paper("a4"))
    rows = [{**row, "shaded": (i // BAND) % 2 == 1} for i, row in enumerate(table.rows)]
    for i in plan.starts:
        rows[i]["newpage"] = True
    return {
        **context,
        "tournament": tournament,
        "table": table,
        "subtitle": subtitle(tournament, table.after_round),
        "category": standings.get("category"),
        "who_heading": table.who_heading,
        "round_headings": table.round_headings,
        "total_heading": table.total_heading,
        "tiebreak_headings": [h.text for h in table.tiebreak_headings],
        "tiebreak_titles": [h.title for h in table.tiebreak_headings],
        "money_heading": table.money_heading,
        "rows": rows,
        "landscape": plan.landscape,
        "compact": plan.list.pt < READABLE_PT,
        "layout_css": plan.list.css(),
        "type_pt": plan.list.pt,
        "pages": plan.pages,
    }


# ---- seating ---------------------------------------------------------------------------------

SEATING_SIZES = {False: (22, 20, 18, 16, 15), True: (48, 44, 40, 36, 33, 30)}
TABLE_EM = 1.15  # the table number, in ems of the names (print.css)


def seating_context(
    round_: Mapping[str, Any], *, large: bool = False, page: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Seating of one round, by name (alphabetical, laid out to fill its pages, the last rows
    kept together) and by table (players in seat order)."""
    tables = sorted(round_.get("tables") or [], key=lambda t: t["table"])
    byes = [
        b.get("player", "") if isinstance(b, Mapping) else str(b) for b in round_.get("bye") or []
    ]
    name_key = collation.sort_key()
    by_name = _by_name(tables, byes)
    plan = _seating_plan(by_name, large=large, page=page or paging.paper("a4"))
    for i in plan.starts:
        by_name[i]["newpage"] = True
    return {
        "round": round_.get("round"),
        "tables": [{"table": t["table"], "players": list(t.get("players") or [])} for t in tables],
        "by_name": by_name,
        "byes": sorted(byes, key=name_key),
        "large": large,
        "layout_css": plan.list.css(),
        "type_pt": plan.list.pt,
    }


def _by_name(tables: Sequence[Mapping[str, Any]], byes: Sequence[str]) -> list[dict[str, Any]]:
    """Everyone of the round in the language's name order (ICU), with a table and seat or none
    (a bye), shaded in threes, a rule where the first letter changes."""
    rows = [
        {"player": name, "table": t["table"], "seat": seat}
        for t in tables
        for seat, name in enumerate(t.get("players") or [], start=1)
    ]
    rows += [{"player": name, "table": None, "seat": None} for name in byes]
    name_key, letter = collation.sort_key(), collation.letter_of()
    rows.sort(key=lambda r: (name_key(r["player"]), r["table"] or 0, r["seat"] or 0))
    for i, row in enumerate(rows):
        row["shaded"] = (i // BAND) % 2 == 1
        previous = letter(rows[i - 1]["player"]) if i else None
        row["new_letter"] = letter(row["player"]) != previous
    return rows


def _seating_plan(rows: list[dict[str, Any]], *, large: bool, page: Any) -> Plan:
    """By name: the names (bold in large type), the table (larger) and the seat."""
    tables = [str(r["table"] or "") for r in rows]
    cols = [
        Col("table", _("Table"), tables, bold=True, em=TABLE_EM),
        Col("seat", _("Seat"), [str(r["seat"] or "") for r in rows]),
    ]
    return plan_list(
        [r["player"] or "–" for r in rows], cols, sizes=SEATING_SIZES[large], page=page,
        title=_("Round %(n)s: where do I sit?", n=40), large=large, selector="table.seating",
        head_em=0.7, portrait_only=True,
    )  # fmt: skip
