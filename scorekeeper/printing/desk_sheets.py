"""The organiser's other sheets as data: the prize sheet (each winner signs for the money), the
club table and the club's ratings table (a list, or a wall list in large type).

Each is a plain list for ``templates/print/list.html``: headings, rows of cells (the name bold,
with a small line under it where there is one), the lines under the table; laid out by
``lists.plan_list`` (type from the font, pages filled, the last rows kept with the table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ..i18n import formats
from ..standings_table import present, rank_labels
from . import lists, paging
from .lists import BAND, Col

RECEIPT_MM = 60.0  # the column a winner signs in
LARGE = (44, 40, 36, 33, 30)  # the wall list: names 30 pt and up


def _sheet(
    title: str,
    meta: str,
    names: Sequence[str],
    cols: Sequence[Col],
    *,
    subs: Sequence[str] = (),
    after: Sequence[str] = (),
    strong: Sequence[str] = (),
    signers: Sequence[str] = (),
    large: bool = False,
    page: Mapping[str, Any] | None = None,
    tall: float = 0.0,
    name_heading: str = "",
    sub_em: float = 0.7,
) -> dict[str, Any]:
    """A list's context: its rows with their cells, the plan's CSS and page breaks."""
    page = page or paging.paper("a4")
    note_pt = lists.NOTE_PT[large]

    def tail(width: float) -> float:
        below = lists._text_mm(strong, width, lists.PRIZE_PT[large], bold=True)
        below += lists._text_mm(after, width, note_pt)
        return below + (lists.SIGNATURE_MM if signers else 0)

    plan = lists.plan_list(
        names, cols, sizes=LARGE if large else lists.NORMAL_SIZES, page=page, title=title,
        tail=tail, large=large, least_pt=0 if large else lists.READABLE_PT, subs=subs,
        sub_em=sub_em, least_row=tall,
    )  # fmt: skip
    rows = []
    for i, name in enumerate(names):
        rows.append(
            {
                "name": name,
                "sub": subs[i] if subs else "",
                "cells": [c.cells[i] for c in cols],
                "shaded": (i // BAND) % 2 == 1,
                "newpage": i in plan.starts,
            }
        )
    css = plan.list.css() + f"\n{plan.list.selector} td.name .why {{ font-size: {sub_em}em; }}"
    if tall:  # rows to sign in: room for a hand
        css += f"\n{plan.list.selector} tbody td {{ height: {tall:.1f}mm; }}"
    return {
        "title": title,
        "meta": meta,
        "name_heading": name_heading or _("Player"),
        "columns": [{"cls": c.cls, "heading": c.heading, "num": c.cls != "sign"} for c in cols],
        "rows": rows,
        "after": list(after),
        "strong": list(strong),
        "signers": list(signers),
        "large": large,
        "landscape": plan.landscape,
        "layout_css": css,
        "sub_em": sub_em,
        "type_pt": plan.list.pt,
        "pages": plan.pages,
    }


def prize_sheet_context(
    standings: Mapping[str, Any], payouts: Mapping[str, Any], *, page: Any = None
) -> dict[str, Any]:
    """The prize money by place: who, how much, a column to sign for it; the places the lot
    decided; the pool and what stays unpaid; the tournament director's line."""
    tournament = standings.get("tournament") or {}
    currency = payouts.get("currency") or tournament.get("currency")
    table = present(standings)
    rows = payouts.get("rows") or []

    def money(value: Any) -> str:
        return formats.money(value, currency)

    names = [
        (r["player"] or "–") + (f" ({_('provisional')})" if r["provisional"] else "") for r in rows
    ]
    cols = [
        Col("place", "#", [f"{r['place']}." for r in rows]),
        Col("amount", _("Prize"), [money(r["amount"]) for r in rows], bold=True),
        Col("sign", _("Received (signature)"), ["" for _r in rows], min_mm=RECEIPT_MM),
    ]
    meta = _(
        "Pool: %(pool)s (%(n)s × entry fee %(fee)s)",
        pool=money(payouts.get("pool")), n=payouts.get("entrants"), fee=money(payouts.get("fee")),
    )  # fmt: skip
    after = []
    if payouts.get("kept") not in (None, "0.00"):
        after.append(_("Not paid out: %(amount)s.", amount=money(payouts["kept"])))
    context = _sheet(
        _("Prize money"), meta, names, cols, strong=table.prize_lots, after=after,
        signers=[_("Tournament director"), _("Date")], page=page, tall=12.0,
    )  # fmt: skip
    context["tournament"] = tournament
    return context


def club_sheet_context(
    standings: Mapping[str, Any], clubs: Mapping[str, Any], *, page: Any = None
) -> dict[str, Any]:
    """The club table: each club with the players counted (under its name) and its total."""
    tournament = standings.get("tournament") or {}
    rows = clubs.get("rows") or []
    labels = rank_labels([c["rank"] for c in rows])
    subs = [
        ", ".join(f"{p['player']} ({p['place']}.)" for p in c["players"] if p["counted"])
        for c in rows
    ]
    cols = [
        Col("rank", "#", labels),
        Col("total", _("Total"), [str(c["total"]) for c in rows], bold=True),
    ]
    best_n = clubs.get("club_best_n") or 3
    after = [
        ngettext(
            "Each club’s best player by place counts; a club with more players counted "
            "ranks above one with fewer, then the total decides, then its best place.",
            "Each club’s best %(num)s players by place count; a club with more players counted "
            "ranks above one with fewer, then the total decides, then its best place.",
            best_n,
        )
    ]
    context = _sheet(
        _("Clubs"), str(tournament.get("name") or ""), [c["club"] for c in rows], cols,
        subs=subs, after=after, page=page, name_heading=_("Club"),
    )  # fmt: skip
    context["tournament"] = tournament
    return context


def ratings_context(
    table: Mapping[str, Any], *, large: bool = False, page: Any = None
) -> dict[str, Any]:
    """The club's ratings: rank, name, rating (μ − 3σ); normal type adds μ, σ and the tables
    counted; the wall list (large type) only the rating, in 30 pt and up."""
    rows = table.get("rows") or []
    labels = rank_labels([r["rank"] for r in rows])
    cols = [
        Col("rank", "#", labels),
        Col("rating", _("Rating"), [f"{r['ordinal']:.1f}" for r in rows], bold=True),
    ]
    if not large:
        cols += [
            Col("mu", "μ", [f"{r['mu']:.1f}" for r in rows]),
            Col("sigma", "σ", [f"{r['sigma']:.1f}" for r in rows]),
            Col("games", _("Tables"), [str(r["games"]) for r in rows]),
        ]
    after = [
        _(
            "The rating comes from every confirmed table, replayed in order of the evenings, "
            "rounds and tables; it shows μ − 3σ, so it grows as the player’s results become "
            "certain."
        )
    ]
    unrated = table.get("unrated") or []
    if unrated:
        names = ", ".join(r["player"] for r in unrated)
        after.append(_("Not rated yet (no confirmed table): %(names)s", names=names))
    return _sheet(
        _("Ratings"), "", [r["player"] for r in rows], cols, after=after, large=large, page=page
    )
