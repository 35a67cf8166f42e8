"""The standings sheet as it prints: the one presenter's table (``standings_table``) in the
columns, type and page breaks of ``lists.plan_list``, the notes, legend and prize lines under it.

Normal type is read from about 1 m (14 pt and up; 11 pt at the least where the columns need
the room), large type from 2 m and more: the wall list, names 30 pt and up, rank, name, total and
the deciding tie-break. Each sheet takes the largest type that needs no more pages than the
smallest does, so a short list fills its sheet, and ``paging.breaks`` keeps the last rows with
the table, the legend, the prize lines and (on a final sheet) the signature lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from flask_babel import gettext as _

from ..standings_table import StandingsTable, present
from . import paging
from .lists import (
    LARGE_SIZES,
    NORMAL_SIZES,
    NOTE_PT,
    PRIZE_PT,
    READABLE_PT,
    SIGNATURE_MM,
    Col,
    Plan,
    _text_mm,
    paged_rows,
    plan_list,
)

SUB_EM = 0.5  # the wall list's "decided by" line under a name, in ems of the names


def _standings_cols(table: StandingsTable, *, large: bool) -> list[Col]:
    """Every column but the name, in the sheet's order."""
    cols = [Col("rank", "#", [r["rank"] for r in table.rows])]
    if not large:
        cols += _round_cols(table)
    return [*cols, *_score_cols(table), *_money_cols(table), *_tiebreak_cols(table)]


def _round_cols(table: StandingsTable) -> list[Col]:
    return [
        Col(f"round{i}", h, [r["rounds"][i] for r in table.rows])
        for i, h in enumerate(table.round_headings)
    ]


def _score_cols(table: StandingsTable) -> list[Col]:
    """The total; in a league (RULES.md §6b) ZB, PB, SB, BP (and each part's SB) in its place."""
    rows = table.rows
    if not table.league:
        return [Col("total", table.total_heading, [r["total"] for r in rows], bold=True)]
    return [
        Col(h.key, h.text, [r["figures"][i] for r in rows], bold=h.key == "sb")
        for i, h in enumerate(table.figure_headings)
    ]


def _money_cols(table: StandingsTable) -> list[Col]:
    if not table.money_heading:
        return []
    return [Col("money", table.money_heading, [r["money"] or "" for r in table.rows])]


def _tiebreak_cols(table: StandingsTable) -> list[Col]:
    return [
        Col(f"tb{i}", h.text, [r["tiebreaks"][i] for r in table.rows], bold=True)
        for i, h in enumerate(table.tiebreak_headings)
    ]


def _name_text(row: Mapping[str, Any]) -> str:
    extra = [_("withdrawn")] if row["withdrawn"] else []
    extra += [_("provisional")] if row["provisional"] else []
    return row["player"] + "".join(f" ({e})" for e in extra)


STANDINGS_TYPE = {False: (NORMAL_SIZES, READABLE_PT), True: (LARGE_SIZES, 0)}  # sizes, least


def standings_layout(
    table: StandingsTable, context: Mapping[str, Any], page: Mapping[str, Any]
) -> Plan:
    """The plan of a standings sheet: portrait where the columns fit upright, else landscape;
    the largest type that needs the fewest pages (normal type 14 pt and up where it fits)."""
    large = context["large"]
    sizes, least_pt = STANDINGS_TYPE[large]
    return plan_list(
        [_name_text(r) for r in table.rows],
        _standings_cols(table, large=large),
        sizes=sizes,
        page=page,
        title=context["title"],
        tail=partial(_standings_tail, table, context),
        large=large,
        least_pt=least_pt,
        subs=[r["decided"] for r in table.rows] if large else (),
        sub_em=SUB_EM,
    )


def _standings_tail(table: StandingsTable, context: Mapping[str, Any], width: float) -> float:
    """What prints under the table: the prize lots, the notes and legend, the signature lines."""
    large = context["large"]
    below = _text_mm(table.prize_lots, width, PRIZE_PT[large], bold=True)
    below += _text_mm([*context["notes"], *table.legend], width, NOTE_PT[large])
    return below + (SIGNATURE_MM if context["final"] else 0)


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
    table = _standings_table(standings, large=large)
    context = _sheet(table, tournament, large=large)
    plan = standings_layout(table, context, page or paging.paper("a4"))
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
        "rows": paged_rows(table.rows, plan.starts),
        "landscape": plan.landscape,
        "compact": plan.list.pt < READABLE_PT,
        "layout_css": plan.list.css(),
        "type_pt": plan.list.pt,
        "pages": plan.pages,
    }


def _standings_table(standings: Mapping[str, Any], *, large: bool) -> StandingsTable:
    """The normal sheet's table (the lot and the money) or the wall list's (the decider)."""
    if large:
        return present(standings, tiebreaks=0, with_money=False, rows_before_results=True,
                       decider=True)  # fmt: skip
    return present(standings, lot=True, rows_before_results=True)


def _sheet(table: StandingsTable, tournament: Mapping[str, Any], *, large: bool) -> dict[str, Any]:
    """The sheet's title, notes and whether it is final: the normal sheet of the final
    standings is the one the tournament director signs."""
    return {
        "large": large,
        "title": str(tournament.get("name") or ""),
        "notes": _notes(table),
        "final": _complete(table, tournament) and not table.provisional and not large,
    }


def _complete(table: StandingsTable, tournament: Mapping[str, Any]) -> bool:
    """Every planned round is in the table."""
    planned = tournament.get("rounds_planned")
    return bool(table.rows) and bool(planned) and table.after_round >= planned
