"""One evening as a season player's page shows it (API.md v2 ``GET /players/{id}``).

Place, rank and total come from the evening's cached standings once a round counts; a shared rank
is labelled ``=1`` (RULES.md §6), the place then came from the lot.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlmodel import Session

from ..models.tournament import Tournament, TournamentPlayer
from . import tournament_standings


class _Placing(NamedTuple):
    """Where a player finished one evening (all None before a round counts)."""

    place: int | None = None
    rank: int | None = None
    rank_label: str | None = None
    total: Any = None


def played(session: Session, tournament: Tournament, entrant: TournamentPlayer) -> dict[str, Any]:
    """One evening of a player's page."""
    mark = tournament_standings.fingerprint(session, tournament.id, fresh=True)
    document = tournament_standings.cached_standings(session, tournament, mark)
    row = next((r for r in document["rows"] if r["player_id"] == entrant.id), None)
    placing = _placing(document, row)
    return {
        "id": tournament.id,
        "name": tournament.name,
        "date": tournament.date,
        "game": tournament.game,
        "ranking": tournament.ranking,
        "place": placing.place,
        "rank": placing.rank,
        "rank_label": placing.rank_label,
        "players": len(document["rows"]),
        "total": placing.total,
        "provisional": bool(row and row.get("provisional")),
    }


def _placing(document: dict[str, Any], row: dict[str, Any] | None) -> _Placing:
    if row is None or not document["after_round"]:
        return _Placing()
    return _Placing(row["place"], row["rank"], _rank_label(document, row), row["total"])


def _rank_label(document: dict[str, Any], row: dict[str, Any]) -> str:
    """The rank as shown: "=1" when it is shared (RULES.md §6; the place then came from the
    lot), else "1"."""
    shared = sum(r["rank"] == row["rank"] for r in document["rows"]) > 1
    return f"={row['rank']}" if shared else str(row["rank"])


def balance(played: list[dict[str, Any]]) -> int:
    """The player's balance summed over the evenings ranked on balances (Mariáš)."""
    return sum(e["total"] or 0 for e in played if e["ranking"] == "balance")
