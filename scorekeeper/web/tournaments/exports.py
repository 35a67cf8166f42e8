"""Exports for spreadsheets and club websites (API.md v2): standings and the season table as CSV
and XLSX (openpyxl), every deal of a tournament as CSV, and the season table's printed sheet.

URLs: ``/tournaments/<id>/standings.csv|.xlsx``, ``/tournaments/<id>/deals.csv``,
``/seasons/<id>/table.csv|.xlsx|.pdf``. Open to anyone holding the id, like the pages.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, abort
from flask_babel import gettext as _
from flask_babel import ngettext

from ...db import get_session
from ...printing import contexts as printviews
from ...services import tournament_common as common
from ...services import tournament_seasons as seasons
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ...tournament.season import TIEBREAKS as SEASON_TIEBREAKS

bp = Blueprint("exports", __name__)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _csv(rows: Sequence[Sequence[Any]], name: str) -> Response:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}.csv"'},
    )


def _xlsx(rows: Sequence[Sequence[Any]], name: str, title: str) -> Response:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = title[:31] or "Sheet"
    for row in rows:
        sheet.append(list(row))
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return Response(
        out.getvalue(),
        mimetype=XLSX,
        headers={"Content-Disposition": f'attachment; filename="{name}.xlsx"'},
    )


def _call(function: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return function(*args, **kwargs)
    except ServiceError:
        abort(404)


def standings_rows(document: dict[str, Any]) -> list[list[Any]]:
    """The standings as a table: rank ("=3"), place, player, total, each round, provisional."""
    rows = document["rows"] if document["after_round"] else []
    n = max([document["after_round"], *(len(r["rounds"]) for r in rows)])
    labels = printviews.rank_labels([r["rank"] for r in rows])
    keys = [k for k in (rows[0]["tiebreaks"] if rows else {}) if k != "lot"]
    head = [_("Rank"), _("Place"), _("Player"), _("Total")]
    head += [_("R%(n)s", n=i + 1) for i in range(n)] + keys + [_("Lot"), _("Provisional")]
    table = [head]
    for row, label in zip(rows, labels, strict=True):
        table.append(
            [label, row["place"], row["player"], row["total"], *row["rounds"]]
            + [row["tiebreaks"].get(k) for k in keys]
            + [row["tiebreaks"].get("lot"), "yes" if row["provisional"] else ""]
        )
    return table


@bp.get("/tournaments/<tournament_id>/standings.<any(csv, xlsx):kind>")
def standings(tournament_id: str, kind: str) -> Response:
    """The standings for a spreadsheet."""
    document = _call(svc.standings, session=get_session(), tournament_id=tournament_id)
    rows = standings_rows(document)
    name = _("standings")
    if kind == "csv":
        return _csv(rows, name)
    return _xlsx(rows, name, document["tournament"]["name"])


@bp.get("/tournaments/<tournament_id>/deals.csv")
def deals(tournament_id: str) -> Response:
    """Every deal of every table: round, table, n, players, record (JSON), delta (JSON)."""
    session = get_session()
    tournament = _call(svc.get_tournament, session=session, tournament_id=tournament_id)
    loaded = common.Tables(session).preload(tournament.id)
    state = common.state(session, tournament, loaded)  # every match scored once, for both
    rows: list[list[Any]] = [["round", "table", "n", "players", "record", "delta"]]
    for rnd in state["rounds"]:
        for table in rnd["tables"]:
            match = loaded.match(table["match_id"])
            for deal in loaded.state(match)["deals"]:
                rows.append(
                    [
                        rnd["round"],
                        table["table"],
                        deal["n"],
                        " | ".join(table["seats"]),
                        json.dumps(deal["record"], ensure_ascii=False, sort_keys=True),
                        json.dumps(deal["delta"]),
                    ]
                )
    return _csv(rows, _("deals"))


def season_rows(table: dict[str, Any]) -> list[list[Any]]:
    """The league table: rank ("=3"), place, player, total, evenings, each evening's result."""
    labels = printviews.rank_labels([r["rank"] for r in table["rows"]])
    head = [_("Rank"), _("Place"), _("Player"), _("Total"), _("Evenings")]
    head += [e["name"] for e in table["evenings"]]
    out = [head]
    for row, label in zip(table["rows"], labels, strict=True):
        out.append([label, row["place"], row["player"], row["total"], row["evenings"],
                    *row["results"]])  # fmt: skip
    return out


@bp.get("/seasons/<season_id>/table.<any(csv, xlsx):kind>")
def season_table(season_id: str, kind: str) -> Response:
    """The season's league table for a spreadsheet."""
    table = _call(seasons.season_table, get_session(), season_id)
    rows = season_rows(table)
    if kind == "csv":
        return _csv(rows, _("season"))
    return _xlsx(rows, _("season"), table["season"]["name"])


@bp.get("/seasons/<season_id>/table.pdf")
def season_pdf(season_id: str) -> Any:
    """The season's league table as a printed sheet (the standings sheet's layout)."""
    from ...printing.response import current_paper, respond

    table = _call(seasons.season_table, get_session(), season_id)
    season = table["season"]
    document = {
        "after_round": len(table["evenings"]),
        "rows": [
            {
                "rank": r["rank"],
                "place": r["place"],
                "player": r["player"],
                "player_id": r["player_id"],
                "total": r["total"],
                "rounds": r["results"],
                "tiebreaks": r.get("tiebreaks") or {},  # the season's, in order
                "dropped_rounds": [
                    i + 1
                    for i, c in enumerate(r["counted"])
                    if not c and r["results"][i] is not None
                ],
            }
            for r in table["rows"]
        ],  # fmt: skip
        "tournament": {"name": season["name"], "ranking": "season", "seed": season["seed"]},
        "tiebreaks": list(SEASON_TIEBREAKS),  # the legend under the table says them in order
    }
    context = printviews.standings_context(document, page=current_paper())
    evenings = len(table["evenings"])
    context["subtitle"] = ngettext(
        "season table after %(n)s evening",
        "season table after %(n)s evenings",
        evenings,
        n=evenings,
    )
    best = season.get("best_n")
    # the footnote under struck-through results, in the season's own terms (not "rounds")
    context["dropped_note"] = (
        ngettext(
            "Struck-through evenings are not counted (only each player's best evening counts).",
            "Struck-through evenings are not counted (each player's best %(n)s evenings count).",
            best,
            n=best,
        )
        if best
        else _("Struck-through evenings do not count.")
    )
    context["round_headings"] = [_("E%(n)s", n=i + 1) for i in range(len(table["evenings"]))]
    context["total_heading"] = _("Total")
    return respond(
        "print/standings.html",
        context,
        pdf=True,
        filename=_("season"),
        footer=f"{season['name']} · {context['subtitle']}",
        pdf_endpoint="exports.season_pdf",
    )
