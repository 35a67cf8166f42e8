"""The club's ratings table (RULES.md §6a): every roster player by rating, strongest first.

A rating is openskill's conservative ``ordinal`` (μ − 3σ) replayed over the owner's confirmed
tables (``tournament_seasons.ratings``). Players equal on the ordinal as shown (one decimal)
share a rank ("=3"); more tables counted, then the name, order them. Players with no confirmed
table yet have no rank and come last, by name.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..i18n import collation
from . import tournament_roster, tournament_seasons


def ratings_table(session: Session, owner: dict[str, Any]) -> dict[str, Any]:
    """``{"rows": [{"rank", "player_id", "player", "ordinal", "mu", "sigma", "games"}],
    "unrated": [{"player_id", "player"}]}``."""
    people = tournament_roster.roster(session, owner)
    rated = tournament_seasons.ratings(session, owner)
    name_key = collation.sort_key()
    rows, unrated = [], []
    for person in people:
        rating = rated.get(person.id)
        if rating is None or not rating.games:
            unrated.append({"player_id": person.id, "player": person.name})
        else:
            rows.append(_rated(person, rating))
    rows.sort(key=lambda r: (-r["ordinal"], -r["games"], name_key(r["player"])))
    _rank(rows)
    unrated.sort(key=lambda r: name_key(r["player"]))
    return {"rows": rows, "unrated": unrated}


def _rated(person: Any, rating: Any) -> dict[str, Any]:
    """A rated player's row, the rating's figures as shown (one decimal)."""
    return {
        "player_id": person.id,
        "player": person.name,
        "ordinal": round(rating.ordinal, 1),
        "mu": round(rating.mu, 1),
        "sigma": round(rating.sigma, 1),
        "games": rating.games,
    }


def _rank(rows: list[dict[str, Any]]) -> None:
    """Each row's rank: 1 + how many rows have a higher ordinal (as shown): equal ones share."""
    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if other["ordinal"] > row["ordinal"])
