"""Exports for spreadsheets and club websites (API.md v2): standings and the season table as CSV
and XLSX, every deal of a tournament as CSV, and the season table's printed sheet. This module
says what the sheets hold (headings in the reader's words, numbers as numbers; the standings'
columns are ``export_standings``'s); ``web.spreadsheets`` writes them in the reader's
convention and keeps people's text from starting formulas.

URLs: ``/tournaments/<id>/standings.csv|.xlsx`` (``?category=``),
``/tournaments/<id>/clubs.csv|.xlsx``, ``/tournaments/<id>/payouts.csv|.xlsx``,
``/tournaments/<id>/deals.csv``,
``/seasons/<id>/table.csv|.xlsx|.pdf``. Open to anyone holding the id, like the pages.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from flask import Blueprint, Response, abort, request
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import standings_table
from ...db import get_session
from ...printing import contexts as printviews
from ...services import tournament_common as common
from ...services import tournament_json
from ...services import tournament_prizes as prizes
from ...services import tournament_seasons as seasons
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ...tournament.season import TIEBREAKS as SEASON_TIEBREAKS
from .. import spreadsheets
from ..spreadsheets import Money, Rank, Sheet
from .export_standings import flag, ranks, standings_sheet

bp = Blueprint("exports", __name__)


def _call(function: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return function(*args, **kwargs)
    except ServiceError:
        abort(404)


@bp.get("/tournaments/<tournament_id>/standings.<any(csv, xlsx):kind>")
def standings(tournament_id: str, kind: str) -> Response:
    """The standings for a spreadsheet (``?category=women``: that category ranked alone, as the
    page shows it); with an entry fee, the prize of each paid place."""
    document = _call(svc.standings, session=get_session(), tournament_id=tournament_id)
    category = request.args.get("category")
    if category:
        document = _call(prizes.in_category, document, category)
        document["tournament"] = {
            **document["tournament"],
            "name": f"{document['tournament'].get('name') or ''} · "
            f"{standings_table.category_label(document['category'])}",
        }
    paid = (
        prizes.payouts_of(document) if document["tournament"].get("fee") and not category else None
    )
    return spreadsheets.response(standings_sheet(document, paid), _("standings"), kind)


@bp.get("/tournaments/<tournament_id>/payouts.<any(csv, xlsx):kind>")
def payouts(tournament_id: str, kind: str) -> Response:
    """The prize money for a spreadsheet: each paid place with its player, share and amount
    (by lot, provisional), then the pool, what is paid and what is kept."""
    paid = _call(prizes.payouts, session=get_session(), tournament_id=tournament_id)
    currency = paid.get("currency") or _("Money")
    amount = f"{_('Prize')} ({currency})"
    headings = [_("Place"), _("Player"), _("Share of the pool"), amount, _("By lot"),
                _("Provisional")]  # fmt: skip
    sheet = Sheet(_("Prize money"), headings)
    for row in paid["rows"]:
        sheet.rows.append([row["place"], row["player"] or "", Decimal(row["share"]),
                           Money(Decimal(row["amount"])), flag(row["by_lot"]),
                           flag(row["provisional"])])  # fmt: skip
    for label, key in ((_("Pool"), "pool"), (_("Paid"), "paid"), (_("Kept"), "kept")):
        sheet.rows.append([None, label, None, Money(Decimal(paid[key])), "", ""])
    return spreadsheets.response(sheet, _("Prize money"), kind)


@bp.get("/tournaments/<tournament_id>/clubs.<any(csv, xlsx):kind>")
def clubs(tournament_id: str, kind: str) -> Response:
    """The club table for a spreadsheet: rank, club, total, players counted, the others."""
    table = _call(prizes.clubs, session=get_session(), tournament_id=tournament_id)
    headings = [_("Rank"), _("Shared rank"), _("Club"), _("Total"), _("Players counted"),
                _("Other players")]  # fmt: skip
    sheet = Sheet(_("Club table"), headings)
    for rank, club in zip(ranks([c["rank"] for c in table["rows"]]), table["rows"], strict=True):
        sheet.rows.append(_club_row(rank, club))
    return spreadsheets.response(sheet, _("Club table"), kind)


def _club_row(rank: Rank, club: dict[str, Any]) -> list[Any]:
    """A club's cells: rank, shared, club, total, its counted players with their places, the
    others."""
    players = club["players"]
    counted = ", ".join(f"{p['player']} ({p['place']}.)" for p in players if p["counted"])
    others = ", ".join(p["player"] for p in players if not p["counted"])
    return [rank, flag(rank.shared), club["club"], club["total"], counted, others]


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
    for rank, row in zip(ranks([r["rank"] for r in table["rows"]]), table["rows"], strict=True):
        sheet.rows.append(
            [rank, flag(rank.shared), row["place"], row["player"], row["total"],
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
    context = printviews.standings_context(_season_document(table), page=current_paper())
    evenings = len(table["evenings"])
    context["subtitle"] = ngettext(
        "season table after %(n)s evening",
        "season table after %(n)s evenings",
        evenings,
        n=evenings,
    )
    # the footnote under struck-through results, in the season's own terms (not "rounds")
    dropped_note = _dropped_note(season.get("best_n"))
    rounds_note = _("Struck-through rounds leave the total (dropped rounds).")
    context["notes"] = [dropped_note if n == rounds_note else n for n in context["notes"]]
    context["round_headings"] = [_("E%(n)s", n=i + 1) for i in range(evenings)]
    context["total_heading"] = _("Total")
    return respond(
        "print/standings.html",
        context,
        pdf=True,
        filename=_("season"),
        footer=f"{season['name']} · {context['subtitle']}",
        pdf_endpoint="exports.season_pdf",
    )


def _season_document(table: dict[str, Any]) -> dict[str, Any]:
    """The season table as a standings document, for the standings sheet's layout."""
    season = table["season"]
    return {
        "after_round": len(table["evenings"]),
        "rows": [_season_row(r) for r in table["rows"]],
        "tournament": {"name": season["name"], "ranking": "season", "seed": season["seed"]},
        "tiebreaks": list(SEASON_TIEBREAKS),  # the legend under the table says them in order
    }


def _season_row(r: dict[str, Any]) -> dict[str, Any]:
    """A player's season row as a standings row: each evening a round."""
    return {
        "rank": r["rank"],
        "place": r["place"],
        "player": r["player"],
        "player_id": r["player_id"],
        "total": r["total"],
        "rounds": r["results"],
        "tiebreaks": r.get("tiebreaks") or {},  # the season's, in order
        "dropped_rounds": _dropped_evenings(r),
    }


def _dropped_evenings(r: dict[str, Any]) -> list[int]:
    """The evenings (from 1) a player played that do not count (beyond the season's best N)."""
    return [i + 1 for i, c in enumerate(r["counted"]) if not c and r["results"][i] is not None]


def _dropped_note(best: int | None) -> str:
    """The footnote under struck-through evenings: how many of each player's evenings count."""
    if not best:
        return _("Struck-through evenings do not count.")
    return ngettext(
        "Struck-through evenings are not counted (only each player's best evening counts).",
        "Struck-through evenings are not counted (each player's best %(n)s evenings count).",
        best,
        n=best,
    )
