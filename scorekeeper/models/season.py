"""Tables of a club's seasons and its roster (RULES.md §6a).

A season groups tournaments (``Tournament.season_id``); the roster holds each person once across
evenings (``TournamentPlayer.roster_id``). A roster belongs to an organiser account (the pages) or
to a season made through the API. A merged duplicate points at the entry it was merged into.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

# one definition of a tournament-side id, token and clock, shared with the tournaments' tables
from .tournament import _id, _now, _token

__all__ = ["Season", "RosterPlayer"]


class Season(SQLModel, table=True):
    """A series of evenings with a league table: ``sum`` or ``placing_points``, best N."""

    __tablename__ = "season"
    id: str = Field(default_factory=_id, primary_key=True, max_length=32)
    token: str = Field(default_factory=_token, max_length=64)
    organiser_id: int | None = Field(default=None, foreign_key="organiser.id", index=True)
    name: str = Field(max_length=200)
    scoring: str = Field(default="sum", max_length=20)
    best_n: int | None = None
    top: int | None = None
    seed: int = 0
    created_at: datetime = Field(default_factory=_now)


class RosterPlayer(SQLModel, table=True):
    """One person of a club, the same across every evening and season."""

    __tablename__ = "roster_player"
    id: str = Field(default_factory=_id, primary_key=True, max_length=32)
    organiser_id: int | None = Field(default=None, foreign_key="organiser.id", index=True)
    season_id: str | None = Field(default=None, foreign_key="season.id", index=True, max_length=32)
    name: str = Field(max_length=120)
    merged_into: str | None = Field(default=None, max_length=32)
    created_at: datetime = Field(default_factory=_now)
