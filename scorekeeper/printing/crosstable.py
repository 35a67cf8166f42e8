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
    pairs = tournament.get("standings_kind") in ("twoplayer", "marianna")
    rows = _rows(document, tournament, pairs)
    after_round = document.get("after_round") or 0
    shape = layout(len(document.get("rounds") or []), page)
    return {
        "tournament": tournament,
        **_headings(document, tournament),
        "rows": rows,
        "pairs": pairs,
        "byes": _any_cell(rows, "bye"),
        "pending": _any_cell(rows, "pending"),
        "after_round": after_round,
        "subtitle": subtitle(tournament, after_round),
        "landscape": shape != "portrait",
        "compact": shape == "compact",
    }


def _headings(document: Mapping[str, Any], tournament: Mapping[str, Any]) -> dict[str, Any]:
    """The headings of the name column, the ranking column and each round's ("R1", …)."""
    return {
        "who_heading": _("Team") if tournament.get("teams") else _("Player"),
        "total_heading": total_heading(tournament.get("ranking")),
        "round_headings": [_("R%(n)s", n=n) for n in document.get("rounds") or []],
    }


def _rows(
    document: Mapping[str, Any], tournament: Mapping[str, Any], pairs: bool
) -> list[dict[str, Any]]:
    """Each entrant's row, in the order of the standings, ranked as they are ("=3")."""
    rows = list(document.get("rows") or [])
    labels = rank_labels([row.get("rank", i + 1) for i, row in enumerate(rows)])
    withdrawn = set(tournament.get("withdrawn") or [])
    return [_row(row, label, withdrawn, pairs) for row, label in zip(rows, labels, strict=True)]


def _row(row: Mapping[str, Any], label: str, withdrawn: set[Any], pairs: bool) -> dict[str, Any]:
    return {
        "number": row.get("number"),
        "rank": label,
        "player": row.get("player", ""),
        "provisional": bool(row.get("provisional")),
        "withdrawn": row.get("player_id") in withdrawn,
        "total": _total(row.get("total")),
        "cells": [_cell(c, pairs) for c in row.get("rounds") or []],
    }


def _any_cell(rows: list[dict[str, Any]], key: str) -> bool:
    """Whether any cell of the table is a bye (``key`` "bye") or waiting ("pending")."""
    return any(c[key] for row in rows for c in row["cells"])


def _cell(cell: Mapping[str, Any], pairs: bool) -> dict[str, Any]:
    """One round of one row: opponents' numbers, the result as printed, and what it was."""
    numbers = [str(n) for n in cell.get("opponent_numbers") or [] if n is not None]
    return {
        "opponents": " · ".join(numbers),
        "result": _result_text(cell, pairs),
        "bye": bool(cell.get("bye")),
        "pending": bool(cell.get("pending")),
        "played": bool(cell.get("played")),
        "won": cell.get("won"),
        "title": _cell_title(cell),
    }


def _result_text(cell: Mapping[str, Any], pairs: bool) -> str:
    """The cell's result as printed: a bye's figure, "…" while the table waits, else as played."""
    result = cell.get("result")
    if cell.get("bye"):
        return "" if result is None else str(result)
    if cell.get("pending"):
        return "…"
    return _played_text(result, cell.get("opponent_results") or [], pairs)


def _played_text(result: Any, against: list[Any], pairs: bool) -> str:
    """A confirmed round's result: "–" for none, both sides' points in pairs and teams ("7:2"),
    else the balance ("+4")."""
    if result is None:
        return "–"
    if pairs:
        return f"{result}:{against[0]}" if against else str(result)
    return signed(result)


def _cell_title(cell: Mapping[str, Any]) -> str:
    """The tooltip: the table and the opponents' names (none where the cell has no table)."""
    if cell.get("table") is None:
        return ""
    return _("Table %(n)s", n=cell["table"]) + ": " + ", ".join(cell.get("opponents") or [])


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
