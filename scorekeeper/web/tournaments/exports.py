"""Exports for spreadsheets and club websites (API.md v2): standings and the season table as CSV
and XLSX, every deal of a tournament as CSV, and the season table's printed sheet. This module
says what the sheets hold (headings in the reader's words, numbers as numbers);
``web.spreadsheets`` writes them in the reader's convention and keeps people's text from
starting formulas.

URLs: ``/tournaments/<id>/standings.csv|.xlsx`` (``?category=``),
``/tournaments/<id>/clubs.csv|.xlsx``, ``/tournaments/<id>/payouts.csv|.xlsx``,
``/tournaments/<id>/deals.csv``,
``/seasons/<id>/table.csv|.xlsx|.pdf``. Open to anyone holding the id, like the pages.
"""

from __future__ import annotations

import json
from collections import Counter
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


def standings_sheet(document: dict[str, Any], prizes: dict[str, Any] | None = None) -> Sheet:
    """The standings in words and numbers: rank (a number; shared ones marked), place, player,
    club and categories (when any entrant has one), the ranking column (a league evening's ZB,
    PB, SB, BP and each part's SB, RULES.md §6b), the money at the stake (a league evening's
    from ZB), each round, every tie-break by its name, the lot, the prize of the place (with
    ``prizes``, the payout), withdrawn and provisional. The headings are the page's
    (``standings_table``)."""
    table = standings_table.present(document, lot=True)
    rows_in = list(document["rows"]) if table.rows else []
    columns = _Columns(
        table,
        clubs=any(r.get("club") for r in rows_in),
        categories=any(r.get("categories") for r in rows_in),
        prizes={p["place"]: p["amount"] for p in prizes["rows"]} if prizes else None,
        stake=standings_table.stake_of(document.get("tournament") or {}),
    )
    sheet = Sheet((document.get("tournament") or {}).get("name") or _("standings"), [])
    sheet.headings = columns.headings(prizes)
    ranks = _ranks([r["rank"] for r in rows_in])
    for rank, row, shown in zip(ranks, rows_in, table.rows, strict=True):
        sheet.rows.append(columns.cells(rank, row, shown))
    return sheet


class _Columns:
    """Which columns a standings sheet has, their headings and one row's cells."""

    def __init__(self, table: Any, *, clubs: bool, categories: bool, prizes: Any, stake: Any):
        self.table, self.clubs, self.categories, self.prizes = table, clubs, categories, prizes
        self.stake = stake
        self.figures = [h.key for h in table.figure_headings]  # a league evening's
        self.keys = [h.key for h in table.tiebreak_headings]
        self.n_rounds = len(table.round_headings)

    def headings(self, prizes: dict[str, Any] | None) -> list[str]:
        table = self.table
        out = [_("Rank"), _("Shared rank"), _("Place"), table.who_heading]
        out += [_("Club")] * self.clubs + [_("Categories")] * self.categories
        if self.figures:
            out += [h.text.replace("\u00a0", " ") for h in table.figure_headings]
        else:
            out.append(table.total_heading)
        if table.money_heading is not None:
            out.append(f"{_('Money')} ({table.money_heading})")
        out += [_("Round %(n)s", n=n) for n in range(1, self.n_rounds + 1)]
        out += [_words(h.title) for h in table.tiebreak_headings]
        if prizes is not None:
            out.append(f"{_('Prize')} ({prizes.get('currency') or _('Money')})")
        return [*out, _("Withdrawn"), _("Provisional")]

    def cells(self, rank: Rank, row: dict[str, Any], shown: dict[str, Any]) -> list[Any]:
        out: list[Any] = [rank, _flag(rank.shared), row["place"], row["player"]]
        if self.clubs:
            out.append(row.get("club") or "")
        if self.categories:
            labels = (standings_table.category_label(c) for c in row.get("categories") or [])
            out.append(", ".join(labels))
        if self.figures:
            out += [None if shown["no_result"] else _figure(row, k) for k in self.figures]
        else:
            out.append(row["total"])
        if self.table.money_heading is not None:
            out.append(_money(row.get("zb") if self.figures else row["total"], self.stake))
        pending = set(row.get("pending_rounds") or [])
        results = list(row.get("rounds") or []) + [None] * self.n_rounds
        out += [None if n in pending else results[n - 1] for n in range(1, self.n_rounds + 1)]
        out += [row["tiebreaks"].get(k) for k in self.keys]
        if self.prizes is not None:
            amount = self.prizes.get(row["place"])
            out.append(Money(Decimal(amount)) if amount is not None else None)
        return [*out, _flag(shown["withdrawn"]), _flag(shown["provisional"])]


def _figure(row: dict[str, Any], key: str) -> Any:
    """A league evening's figure of a row: ZB, PB, SB, BP, or ``partN``'s SB (RULES.md §6b)."""
    if not key.startswith("part"):
        return row.get(key)
    parts = row.get("parts") or []
    index = int(key[4:]) - 1
    part = parts[index] if index < len(parts) else {}
    return part.get("sb") if part.get("played") else None


def _money(total: Any, stake: Decimal | None) -> Money | None:
    if stake is None or isinstance(total, bool) or not isinstance(total, int):
        return None
    return Money(Decimal(total) * stake)


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
                           Money(Decimal(row["amount"])), _flag(row["by_lot"]),
                           _flag(row["provisional"])])  # fmt: skip
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
    for rank, club in zip(_ranks([c["rank"] for c in table["rows"]]), table["rows"], strict=True):
        counted = [p for p in club["players"] if p["counted"]]
        others = [p["player"] for p in club["players"] if not p["counted"]]
        named = ", ".join(f"{p['player']} ({p['place']}.)" for p in counted)
        sheet.rows.append([rank, _flag(rank.shared), club["club"], club["total"], named,
                           ", ".join(others)])  # fmt: skip
    return spreadsheets.response(sheet, _("Club table"), kind)


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
