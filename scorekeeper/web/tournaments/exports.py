"""Exports for spreadsheets and club websites (API.md v2): standings and the season table as CSV
and XLSX, every deal of a tournament as CSV, and the season table's printed sheet. This module
says what the sheets hold (headings in the reader's words, numbers as numbers);
``web.spreadsheets`` writes them in the reader's convention and keeps people's text from
starting formulas.

URLs: ``/tournaments/<id>/standings.csv|.xlsx``, ``/tournaments/<id>/deals.csv``,
``/seasons/<id>/table.csv|.xlsx|.pdf``. Open to anyone holding the id, like the pages.
"""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from typing import Any

from flask import Blueprint, Response, abort
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import standings_table
from ...db import get_session
from ...printing import contexts as printviews
from ...services import tournament_common as common
from ...services import tournament_json
from ...services import tournament_seasons as seasons
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ...tournament.season import TIEBREAKS as SEASON_TIEBREAKS
from .. import spreadsheets
from ..spreadsheets import Money, Rank, Sheet

bp = Blueprint("exports", __name__)


def _call(function: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return function(*args, **kwargs)
    except ServiceError:
        abort(404)


def _ranks(numbers: list[int]) -> list[Rank]:
    counts = Counter(numbers)
    return [Rank(n, counts[n] > 1) for n in numbers]


def _words(text: str) -> str:
    """A metric's name as a heading: "table wins" -> "Table wins"."""
    return text[:1].upper() + text[1:]


def _flag(on: Any) -> str:
    return _("yes") if on else ""


def standings_sheet(document: dict[str, Any]) -> Sheet:
    """The standings in words and numbers: rank (a number; shared ones marked), place, player,
    the ranking column, the money at the stake, each round, every tie-break by its name, the
    lot, withdrawn and provisional. The headings are the page's (``standings_table``)."""
    table = standings_table.present(document, lot=True)
    tournament = document.get("tournament") or {}
    stake = standings_table.stake_of(tournament)
    rows_in = list(document["rows"]) if table.rows else []
    headings = [_("Rank"), _("Shared rank"), _("Place"), table.who_heading, table.total_heading]
    if table.money_heading is not None:
        headings.append(f"{_('Money')} ({table.money_heading})")
    headings += [_("Round %(n)s", n=n) for n in range(1, len(table.round_headings) + 1)]
    headings += [_words(h.title) for h in table.tiebreak_headings]
    headings += [_("Withdrawn"), _("Provisional")]
    keys = [h.key for h in table.tiebreak_headings]
    sheet = Sheet(tournament.get("name") or _("standings"), headings)
    ranks = _ranks([r["rank"] for r in rows_in])
    for rank, row, shown in zip(ranks, rows_in, table.rows, strict=True):
        pending = set(row.get("pending_rounds") or [])
        results = list(row.get("rounds") or []) + [None] * len(table.round_headings)
        cells: list[Any] = [rank, _flag(rank.shared), row["place"], row["player"], row["total"]]
        if table.money_heading is not None:
            cells.append(_money(row["total"], stake))
        cells += [
            None if n in pending else results[n - 1]
            for n in range(1, len(table.round_headings) + 1)
        ]
        cells += [row["tiebreaks"].get(k) for k in keys]
        cells += [_flag(shown["withdrawn"]), _flag(shown["provisional"])]
        sheet.rows.append(cells)
    return sheet


def _money(total: Any, stake: Decimal | None) -> Money | None:
    if stake is None or isinstance(total, bool) or not isinstance(total, int):
        return None
    return Money(Decimal(total) * stake)


@bp.get("/tournaments/<tournament_id>/standings.<any(csv, xlsx):kind>")
def standings(tournament_id: str, kind: str) -> Response:
    """The standings for a spreadsheet."""
    document = _call(svc.standings, session=get_session(), tournament_id=tournament_id)
    return spreadsheets.response(standings_sheet(document), _("standings"), kind)


@bp.get("/tournaments/<tournament_id>/deals.csv")
def deals(tournament_id: str) -> Response:
    """Every deal of every table: round, table, deal, players, record (JSON), change (JSON)."""
    session = get_session()
    tournament = _call(svc.get_tournament, session=session, tournament_id=tournament_id)
    loaded = common.Tables(session).preload(tournament.id)
    state = tournament_json.state(session, tournament, loaded)  # every match scored once, for both
    headings = [_("Round"), _("Table"), _("Deal"), _("Players"), _("Record"), _("Change")]
    sheet = Sheet(tournament.name, headings)
    for rnd in state["rounds"]:
        for table in rnd["tables"]:
            match = loaded.match(table["match_id"])
            for deal in loaded.state(match)["deals"]:
                sheet.rows.append(
                    [
                        rnd["round"],
                        table["table"],
                        deal["n"],
                        " | ".join(table["seats"]),
                        json.dumps(deal["record"], ensure_ascii=False, sort_keys=True),
                        json.dumps(deal["delta"]),
                    ]
                )
    return spreadsheets.csv_response(sheet, _("deals"))


def season_sheet(table: dict[str, Any]) -> Sheet:
    """The league table: rank (shared ones marked), place, player, total, evenings played, and
    each evening's result under the evening's name."""
    headings = [_("Rank"), _("Shared rank"), _("Place"), _("Player"), _("Total"), _("Evenings")]
    headings += [e["name"] for e in table["evenings"]]
    sheet = Sheet(table["season"]["name"], headings)
    for rank, row in zip(_ranks([r["rank"] for r in table["rows"]]), table["rows"], strict=True):
        sheet.rows.append(
            [rank, _flag(rank.shared), row["place"], row["player"], row["total"],
             row["evenings"], *row["results"]]
        )  # fmt: skip
    return sheet


@bp.get("/seasons/<season_id>/table.<any(csv, xlsx):kind>")
def season_table(season_id: str, kind: str) -> Response:
    """The season's league table for a spreadsheet."""
    table = _call(seasons.season_table, get_session(), season_id)
    return spreadsheets.response(season_sheet(table), _("season"), kind)


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
    dropped_note = (
        ngettext(
            "Struck-through evenings are not counted (only each player's best evening counts).",
            "Struck-through evenings are not counted (each player's best %(n)s evenings count).",
            best,
            n=best,
        )
        if best
        else _("Struck-through evenings do not count.")
    )
    rounds_note = _("Struck-through rounds leave the total (dropped rounds).")
    context["notes"] = [dropped_note if n == rounds_note else n for n in context["notes"]]
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
