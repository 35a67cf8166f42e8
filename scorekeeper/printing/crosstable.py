"""The crosstable as the page and the paper show it: a pure function of the crosstable document
(``services.tournament_crosstable``, API.md v3).

Each row is an entrant in the order of the standings, numbered; each round's cell names the
opponents by their row numbers (as a chess crosstable does) and gives the result: the balance
at a Mariáš table ("+4", "−3"), the points of both sides in pairs and teams ("7:2"), a bye with
its figure, "…" while the table waits for its confirmation, "–" for a round not played. The
names and table number of each cell are kept for a tooltip and for readers of the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from ..standings_table import rank_labels, total_heading
from .contexts import MARGIN_MM, paper

MINUS = "\u2212"  # a real minus sign: "−3" reads better than "-3" on paper and the wall
#: Paper column widths in mm (print/crosstable.html): the number, the name's minimum, one
#: round, the total.
COLUMNS_MM = (10, 55, 17, 16)


def crosstable_context(
    document: Mapping[str, Any], *, page: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Headings and printable rows of the crosstable, and how the sheet is laid out."""
    tournament = document.get("tournament") or {}
    rows_in = list(document.get("rows") or [])
    pairs = tournament.get("standings_kind") in ("twoplayer", "marianna")
    labels = rank_labels([row.get("rank", i + 1) for i, row in enumerate(rows_in)])
    rows = [
        {
            "number": row.get("number"),
            "rank": label,
            "player": row.get("player", ""),
            "provisional": bool(row.get("provisional")),
            "withdrawn": row.get("player_id") in set(tournament.get("withdrawn") or []),
            "total": _total(row.get("total")),
            "cells": [_cell(c, pairs) for c in row.get("rounds") or []],
        }
        for row, label in zip(rows_in, labels, strict=True)
    ]
    return {
        "tournament": tournament,
        "who_heading": _("Team") if tournament.get("teams") else _("Player"),
        "total_heading": total_heading(tournament.get("ranking")),
        "round_headings": [_("R%(n)s", n=n) for n in document.get("rounds") or []],
        "rows": rows,
        "pairs": pairs,
        "byes": any(c["bye"] for row in rows for c in row["cells"]),
        "pending": any(c["pending"] for row in rows for c in row["cells"]),
        "after_round": document.get("after_round") or 0,
        "subtitle": subtitle(tournament, document.get("after_round") or 0),
        "landscape": layout(len(document.get("rounds") or []), page) != "portrait",
        "compact": layout(len(document.get("rounds") or []), page) == "compact",
    }


def _cell(cell: Mapping[str, Any], pairs: bool) -> dict[str, Any]:
    """One round of one row: opponents' numbers, the result as printed, and what it was."""
    numbers = [str(n) for n in cell.get("opponent_numbers") or [] if n is not None]
    result = cell.get("result")
    if cell.get("bye"):
        text = "" if result is None else str(result)
    elif cell.get("pending"):
        text = "…"
    elif result is None:
        text = "–"
    elif pairs:
        against = cell.get("opponent_results") or []
        text = f"{result}:{against[0]}" if against else str(result)
    else:
        text = signed(result)
    title = ""
    if cell.get("table") is not None:
        title = _("Table %(n)s", n=cell["table"]) + ": " + ", ".join(cell.get("opponents") or [])
    return {
        "opponents": " · ".join(numbers),
        "result": text,
        "bye": bool(cell.get("bye")),
        "pending": bool(cell.get("pending")),
        "played": bool(cell.get("played")),
        "won": cell.get("won"),
        "title": title,
    }


def _total(value: Any) -> str:
    """The ranking column's figure as the cells write theirs ("−3" with a real minus)."""
    if value is None:
        return "–"
    text = signed(value)
    return text[1:] if text.startswith("+") else text


def signed(value: Any) -> str:
    """A balance with its sign: "+4", "−3", "0"."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if value > 0:
        return f"+{value:g}"
    if value < 0:
        return f"{MINUS}{-value:g}"
    return "0"


def subtitle(tournament: Mapping[str, Any], after_round: int) -> str:
    """How far the results go: "after round 2 of 4" (the standings sheet's words)."""
    planned = tournament.get("rounds_planned")
    if not after_round:
        return _("before round 1")
    if planned:
        return _("after round %(n)s of %(m)s", n=after_round, m=planned)
    return _("after round %(n)s", n=after_round)


def layout(n_rounds: int, page: Mapping[str, Any] | None = None) -> str:
    """ "portrait" if the columns fit upright, else "landscape", else "compact" (smaller type)."""
    number, name, round_, total = COLUMNS_MM
    needed = number + name + n_rounds * round_ + total
    page = page or paper("a4")
    for orientation, width in (("portrait", page["width_mm"]), ("landscape", page["height_mm"])):
        if needed <= width - 2 * MARGIN_MM:
            return orientation
    return "compact"
