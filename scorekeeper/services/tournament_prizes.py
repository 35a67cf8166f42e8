"""What the prizes follow, from the standings (RULES.md §6): a category's own standings, the club
table and the payout per place, for the pages, the sheets and the API.

Each reads the tournament's standings document (cached per fingerprint, ``tournament_standings``)
and hands it to the pure ``tournament.prizes``; nothing is stored.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from typing import Any

from sqlmodel import Session

from ..tournament import prizes
from . import tournament_common as common
from . import tournament_standings
from .errors import NotFound
from .messages import Msg


def _document(session: Session, tournament_id: str) -> dict[str, Any]:
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    mark = tournament_standings.fingerprint(session, tournament.id, fresh=True)
    return tournament_standings.cached_standings(session, tournament, mark)


def _tournament_of(document: dict[str, Any]) -> dict[str, Any]:
    """The standings' "tournament" part (empty for a document without one)."""
    return document.get("tournament") or {}


def _counted_rows(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings' rows once a round counts (none before)."""
    return document["rows"] if document.get("after_round") else []


def in_category(document: dict[str, Any], category: str) -> dict[str, Any]:
    """The standings document ranked within ``category`` (NotFound when no entrant has it):
    ``category`` names it as stored, the rows are that category's."""
    tournament = _tournament_of(document)
    found = _category_in_use(tournament, prizes.category_key(category or ""))
    out = copy.copy(document)
    out["rows"] = prizes.within(
        document["rows"],
        lambda row: _has_category(row, found),
        document.get("tiebreaks") or [],
        placings=tournament.get("ranking") == "placings",
    )
    out["category"] = found
    return out


def _category_in_use(tournament: dict[str, Any], wanted: str) -> str:
    """The category as stored that the key ``wanted`` names; NotFound when no entrant has it."""
    found = next((c for c in tournament.get("categories") or [] if prizes.same(c, wanted)), None)
    if found is None:
        raise NotFound(Msg("desk.category_empty"), field="category")
    return found


def _has_category(row: dict[str, Any], category: str) -> bool:
    """Whether a standings row's entrant has the category."""
    return any(prizes.same(c, category) for c in row.get("categories") or [])


def category_standings(*, session: Session, tournament_id: str, category: str) -> dict[str, Any]:
    """API.md v3 ``GET …/standings?category=women``."""
    return in_category(_document(session, tournament_id), category)


def clubs_of(document: dict[str, Any]) -> dict[str, Any]:
    """The club table of a standings document: ``{"club_best_n", "after_round", "rows"}``."""
    tournament = _tournament_of(document)
    best_n = tournament.get("club_best_n") or 3
    rows = _counted_rows(document)
    return {
        "club_best_n": best_n,
        "after_round": document.get("after_round") or 0,
        "rows": prizes.club_table(rows, best_n, placings=tournament.get("ranking") == "placings"),
    }


def clubs(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """API.md v3 ``GET …/clubs``."""
    return clubs_of(_document(session, tournament_id))


def payouts_of(document: dict[str, Any]) -> dict[str, Any]:
    """The payout of a standings document: pool = fee × entrants, an amount per paid place."""
    tournament = _tournament_of(document)
    shares = [Decimal(s) for s in tournament.get("payout") or []]
    rows = _counted_rows(document)
    out = prizes.payouts(prizes.money(tournament.get("fee")), shares, len(document["rows"]), rows)
    out["currency"] = tournament.get("currency")
    return out


def payouts(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """API.md v3 ``GET …/payouts``."""
    return payouts_of(_document(session, tournament_id))
