"""Printables of the organiser's desk: the prize sheet, the club table and the club's ratings
(a list, or a wall list in large type). Each has an HTML view and the same address with ``.pdf``
(``pages.printable``); the ratings need the organiser's login (it is their roster).
"""

from __future__ import annotations

from flask import Response, abort
from flask_babel import gettext as _

from ...db import get_session
from ...printing import desk_sheets
from ...printing.response import current_paper, respond
from ...services import club_ratings
from ...services import tournament_prizes as prizes
from ..auth import current_organiser
from .pages import _flag, load_standings, printable


@printable("/tournaments/<tournament_id>/print/prizes", "prizes")
def prize_sheet(tournament_id: str, pdf: bool) -> Response | str:
    """The prize money by place, with a column for each winner to sign."""
    data = load_standings(tournament_id)
    context = desk_sheets.prize_sheet_context(data, prizes.payouts_of(data), page=current_paper())
    name = context["tournament"].get("name", "")
    footer = f"{name} · {_('Prize money')}"
    return respond("print/list.html", context, pdf=pdf, filename=_("prizes"), footer=footer)


@printable("/tournaments/<tournament_id>/print/clubs", "clubs")
def club_sheet(tournament_id: str, pdf: bool) -> Response | str:
    """The club table: each club's best players."""
    data = load_standings(tournament_id)
    context = desk_sheets.club_sheet_context(data, prizes.clubs_of(data), page=current_paper())
    name = context["tournament"].get("name", "")
    footer = f"{name} · {_('Clubs')}"
    return respond("print/list.html", context, pdf=pdf, filename=_("club-table"), footer=footer)


@printable("/tournaments/ratings/print", "ratings")
def ratings_sheet(pdf: bool) -> Response | str:
    """The organiser's roster by rating; ``?large=1``: the wall list (names 30 pt and up)."""
    organiser = current_organiser()
    if organiser is None:
        abort(401)
    table = club_ratings.ratings_table(get_session(), {"organiser_id": organiser.id})
    large = _flag("large")
    context = desk_sheets.ratings_context(table, large=large, page=current_paper())
    context["large_toggle"] = True
    return respond("print/list.html", context, pdf=pdf, filename=_("ratings"), footer=_("Ratings"))
