"""The seating list of a round as it prints: everyone by name (alphabetical, with table and seat,
laid out by ``lists.plan_list`` to fill its pages, the last rows kept together) and the tables
with their players in seat order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..i18n import collation
from . import paging
from .lists import BAND, Col, Plan, plan_list

SEATING_SIZES = {False: (22, 20, 18, 16, 15), True: (48, 44, 40, 36, 33, 30)}
TABLE_EM = 1.15  # the table number, in ems of the names (print.css)


def seating_context(
    round_: Mapping[str, Any], *, large: bool = False, page: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Seating of one round, by name (alphabetical, laid out to fill its pages, the last rows
    kept together) and by table (players in seat order)."""
    tables = _tables(round_)
    byes = _byes(round_)
    by_name = _by_name(tables, byes)
    plan = _seating_plan(by_name, large=large, page=page or paging.paper("a4"))
    for i in plan.starts:
        by_name[i]["newpage"] = True
    return {
        "round": round_.get("round"),
        "tables": tables,
        "by_name": by_name,
        "byes": sorted(byes, key=collation.sort_key()),
        "large": large,
        "layout_css": plan.list.css(),
        "type_pt": plan.list.pt,
    }


def _tables(round_: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The round's tables in number order, each with its players in seat order."""
    tables = sorted(round_.get("tables") or [], key=lambda t: t["table"])
    return [{"table": t["table"], "players": list(t.get("players") or [])} for t in tables]


def _byes(round_: Mapping[str, Any]) -> list[str]:
    """The names of the round's byes (each given as a name or as a dict with its player)."""
    return [
        b.get("player", "") if isinstance(b, Mapping) else str(b) for b in round_.get("bye") or []
    ]


def _by_name(tables: Sequence[Mapping[str, Any]], byes: Sequence[str]) -> list[dict[str, Any]]:
    """Everyone of the round in the language's name order (ICU), with a table and seat or none
    (a bye), shaded in threes, a rule where the first letter changes."""
    rows = _seats(tables, byes)
    name_key = collation.sort_key()
    rows.sort(key=lambda r: (name_key(r["player"]), r["table"] or 0, r["seat"] or 0))
    _mark(rows)
    return rows


def _seats(tables: Sequence[Mapping[str, Any]], byes: Sequence[str]) -> list[dict[str, Any]]:
    """One row a player: table and seat, or none for a bye."""
    rows = [
        {"player": name, "table": t["table"], "seat": seat}
        for t in tables
        for seat, name in enumerate(t["players"], start=1)
    ]
    return rows + [{"player": name, "table": None, "seat": None} for name in byes]


def _mark(rows: list[dict[str, Any]]) -> None:
    """Shade the rows in threes and mark each row whose first letter is not the one above's."""
    letter = collation.letter_of()
    for i, row in enumerate(rows):
        row["shaded"] = (i // BAND) % 2 == 1
        previous = letter(rows[i - 1]["player"]) if i else None
        row["new_letter"] = letter(row["player"]) != previous


def _seating_plan(rows: list[dict[str, Any]], *, large: bool, page: Any) -> Plan:
    """By name: the names (bold in large type), the table (larger) and the seat."""
    cols = [
        Col("table", _("Table"), _cells(rows, "table"), bold=True, em=TABLE_EM),
        Col("seat", _("Seat"), _cells(rows, "seat")),
    ]
    return plan_list(
        [r["player"] or "–" for r in rows], cols, sizes=SEATING_SIZES[large], page=page,
        title=_("Round %(n)s: where do I sit?", n=40), large=large, selector="table.seating",
        head_em=0.7, portrait_only=True,
    )  # fmt: skip


def _cells(rows: Sequence[Mapping[str, Any]], key: str) -> list[str]:
    """The column ``key`` as text, blank where a row has none (a bye)."""
    return [str(r[key] or "") for r in rows]
