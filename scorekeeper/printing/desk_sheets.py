"""The organiser's other sheets as data: the prize sheet (each winner signs for the money), the
club table and the club's ratings table (a list, or a wall list in large type).

Each is a plain list for ``templates/print/list.html``: headings, rows of cells (the name bold,
with a small line under it where there is one), the lines under the table; laid out by
``lists.plan_list`` (type from the font, pages filled, the last rows kept with the table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ..i18n import formats
from ..standings_table import present, rank_labels
from . import lists, paging
from .lists import BAND, Col

RECEIPT_MM = 60.0  # the column a winner signs in
LARGE = (44, 40, 36, 33, 30)  # the wall list: names 30 pt and up
TYPE = {False: (lists.NORMAL_SIZES, lists.READABLE_PT), True: (LARGE, 0)}  # sizes, least


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
    sizes, least_pt = TYPE[large]
    plan = lists.plan_list(
        names, cols, sizes=sizes, page=page or paging.paper("a4"), title=title,
        tail=partial(_tail, strong, after, signers, large), large=large, least_pt=least_pt,
        subs=subs, sub_em=sub_em, least_row=tall,
    )  # fmt: skip
    return {
        "title": title,
        "meta": meta,
        "name_heading": name_heading or _("Player"),
        "columns": [{"cls": c.cls, "heading": c.heading, "num": c.cls != "sign"} for c in cols],
        "rows": _rows(names, cols, subs, plan.starts),
        "after": list(after),
        "strong": list(strong),
        "signers": list(signers),
        "large": large,
        "landscape": plan.landscape,
        "layout_css": _css(plan, sub_em, tall),
        "sub_em": sub_em,
        "type_pt": plan.list.pt,
        "pages": plan.pages,
    }


def _tail(
    strong: Sequence[str], after: Sequence[str], signers: Sequence[str], large: bool, width: float
) -> float:
    """What prints under the table: the strong lines, the notes, the signature lines."""
    below = lists._text_mm(strong, width, lists.PRIZE_PT[large], bold=True)
    below += lists._text_mm(after, width, lists.NOTE_PT[large])
    return below + (lists.SIGNATURE_MM if signers else 0)


def _rows(
    names: Sequence[str], cols: Sequence[Col], subs: Sequence[str], starts: Sequence[int]
) -> list[dict[str, Any]]:
    """Each row: the name, its small line, its cells, its shade and whether a page starts."""
    return [
        {
            "name": name,
            "sub": subs[i] if subs else "",
            "cells": [c.cells[i] for c in cols],
            "shaded": (i // BAND) % 2 == 1,
            "newpage": i in starts,
        }
        for i, name in enumerate(names)
    ]


def _css(plan: lists.Plan, sub_em: float, tall: float) -> str:
    """The plan's rules, the small line's type and, on a sheet to sign, the rows' height."""
    css = plan.list.css() + f"\n{plan.list.selector} td.name .why {{ font-size: {sub_em}em; }}"
    if tall:  # rows to sign in: room for a hand
        css += f"\n{plan.list.selector} tbody td {{ height: {tall:.1f}mm; }}"
    return css


def prize_sheet_context(
    standings: Mapping[str, Any], payouts: Mapping[str, Any], *, page: Any = None
) -> dict[str, Any]:
    """The prize money by place: who, how much, a column to sign for it; the places the lot
    decided; the pool and what stays unpaid; the tournament director's line."""
    tournament = standings.get("tournament") or {}
    money = partial(formats.money, currency=payouts.get("currency") or tournament.get("currency"))
    rows = payouts.get("rows") or []
    meta = _(
        "Pool: %(pool)s (%(n)s × entry fee %(fee)s)",
        pool=money(payouts.get("pool")), n=payouts.get("entrants"), fee=money(payouts.get("fee")),
    )  # fmt: skip
    context = _sheet(
        _("Prize money"), meta, _winners(rows), _prize_cols(rows, money),
        strong=present(standings).prize_lots, after=_unpaid(payouts, money),
        signers=[_("Tournament director"), _("Date")], page=page, tall=12.0,
    )  # fmt: skip
    context["tournament"] = tournament
    return context


def _winners(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each winner's name, marked provisional while their table is not confirmed."""
    return [
        (r["player"] or "–") + (f" ({_('provisional')})" if r["provisional"] else "") for r in rows
    ]


def _prize_cols(rows: Sequence[Mapping[str, Any]], money: Callable[[Any], str]) -> list[Col]:
    """The place, the prize and a column to sign for it."""
    return [
        Col("place", "#", [f"{r['place']}." for r in rows]),
        Col("amount", _("Prize"), [money(r["amount"]) for r in rows], bold=True),
        Col("sign", _("Received (signature)"), ["" for _r in rows], min_mm=RECEIPT_MM),
    ]


def _unpaid(payouts: Mapping[str, Any], money: Callable[[Any], str]) -> list[str]:
    """The line on what the pool keeps, where it keeps anything."""
    if payouts.get("kept") in (None, "0.00"):
        return []
    return [_("Not paid out: %(amount)s.", amount=money(payouts["kept"]))]


def club_sheet_context(
    standings: Mapping[str, Any], clubs: Mapping[str, Any], *, page: Any = None
) -> dict[str, Any]:
    """The club table: each club with the players counted (under its name) and its total."""
    tournament = standings.get("tournament") or {}
    rows = clubs.get("rows") or []
    context = _sheet(
        _("Clubs"), str(tournament.get("name") or ""), [c["club"] for c in rows], _club_cols(rows),
        subs=_counted(rows), after=[_club_rule(clubs)], page=page, name_heading=_("Club"),
    )  # fmt: skip
    context["tournament"] = tournament
    return context


def _club_cols(rows: Sequence[Mapping[str, Any]]) -> list[Col]:
    return [
        Col("rank", "#", rank_labels([c["rank"] for c in rows])),
        Col("total", _("Total"), [str(c["total"]) for c in rows], bold=True),
    ]


def _counted(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Under each club's name: its players counted, each with their place."""
    return [
        ", ".join(f"{p['player']} ({p['place']}.)" for p in c["players"] if p["counted"])
        for c in rows
    ]


def _club_rule(clubs: Mapping[str, Any]) -> str:
    """How the club table ranks (the club's best N players count)."""
    return ngettext(
        "Each club’s best player by place counts; a club with more players counted "
        "ranks above one with fewer, then the total decides, then its best place.",
        "Each club’s best %(num)s players by place count; a club with more players counted "
        "ranks above one with fewer, then the total decides, then its best place.",
        clubs.get("club_best_n") or 3,
    )


def ratings_context(
    table: Mapping[str, Any], *, large: bool = False, page: Any = None
) -> dict[str, Any]:
    """The club's ratings: rank, name, rating (μ − 3σ); normal type adds μ, σ and the tables
    counted; the wall list (large type) only the rating, in 30 pt and up."""
    rows = table.get("rows") or []
    return _sheet(
        _("Ratings"), "", [r["player"] for r in rows], _rating_cols(rows, large=large),
        after=_rating_notes(table), large=large, page=page,
    )  # fmt: skip


def _rating_cols(rows: Sequence[Mapping[str, Any]], *, large: bool) -> list[Col]:
    """Rank and rating; normal type adds μ, σ and the tables counted."""
    cols = [
        Col("rank", "#", rank_labels([r["rank"] for r in rows])),
        Col("rating", _("Rating"), [f"{r['ordinal']:.1f}" for r in rows], bold=True),
    ]
    if not large:
        cols += _rating_details(rows)
    return cols


def _rating_details(rows: Sequence[Mapping[str, Any]]) -> list[Col]:
    """The normal type's further columns: μ, σ and the tables counted."""
    return [
        Col("mu", "μ", [f"{r['mu']:.1f}" for r in rows]),
        Col("sigma", "σ", [f"{r['sigma']:.1f}" for r in rows]),
        Col("games", _("Tables"), [str(r["games"]) for r in rows]),
    ]


def _rating_notes(table: Mapping[str, Any]) -> list[str]:
    """What the rating is, and who is not rated yet."""
    notes = [
        _(
            "The rating comes from every confirmed table, replayed in order of the evenings, "
            "rounds and tables; it shows μ − 3σ, so it grows as the player’s results become "
            "certain."
        )
    ]
    unrated = table.get("unrated") or []
    if unrated:
        names = ", ".join(r["player"] for r in unrated)
        notes.append(_("Not rated yet (no confirmed table): %(names)s", names=names))
    return notes
