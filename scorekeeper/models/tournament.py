"""Tables of tournaments: organisers, players, rounds, tables, confirmations, audit.

Nothing derived is stored: a table's result is its match's deal records (or the figures the
organiser typed from the paper sheet); standings are computed from those by pure functions.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, ForeignKey, String, UniqueConstraint
from sqlmodel import Field, SQLModel

__all__ = [
    "Organiser",
    "Tournament",
    "TournamentPlayer",
    "KeepApart",
    "TournamentRound",
    "TournamentTable",
    "TournamentAudit",
]


def _now() -> datetime:
    """Now, timezone-aware in UTC (SQLModel's UTCDateTime refuses naive datetimes)."""
    return datetime.now(UTC)


def _id() -> str:
    return secrets.token_urlsafe(9)


def _token() -> str:
    return secrets.token_urlsafe(18)


class Organiser(SQLModel, table=True):
    """A person who runs tournaments; logs in with a name and a hashed password."""

    __tablename__ = "organiser"
    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=80, unique=True, index=True)
    password_hash: str = Field(max_length=255)
    created_at: datetime = Field(default_factory=_now)


class Tournament(SQLModel, table=True):
    """One tournament: every table plays the same game, preset and options."""

    __tablename__ = "tournament"
    id: str = Field(default_factory=_id, primary_key=True, max_length=32)
    token: str = Field(default_factory=_token, max_length=64)
    organiser_id: int | None = Field(default=None, foreign_key="organiser.id", index=True)
    name: str = Field(max_length=200)
    venue: str = Field(default="", max_length=200)
    date: str = Field(default="", max_length=10)  # ISO date, free of time zones on purpose
    game: str = Field(max_length=20)
    preset: str | None = Field(default=None, max_length=40)
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    rounds_planned: int = 4
    round_minutes: int | None = None
    deals_per_round: int | None = None
    table_size: int = 3
    ranking: str = Field(default="balance", max_length=20)
    stake: str | None = Field(default=None, max_length=20)
    currency: str | None = Field(default=None, max_length=8)
    draw_method: str = Field(default="random", max_length=20)
    seed: int = 0
    drop_rounds: str = Field(default="none", max_length=20)  # RULES.md §6 v2
    seeding: str = Field(default="random", max_length=20)  # round 1: random, season, rating
    language: str | None = Field(default=None, max_length=5)  # its sheets and TV view
    season_id: str | None = Field(default=None, foreign_key="season.id", index=True, max_length=32)
    #: the tie-breaks in force, in order (RULES.md §6); None: the game's ranking's default
    tiebreaks: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    fee: str | None = Field(default=None, max_length=20)  # entry fee, a decimal in ``currency``
    payout: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    club_best_n: int = Field(default=3, sa_column_kwargs={"server_default": "3"})
    created_at: datetime = Field(default_factory=_now)


class TournamentPlayer(SQLModel, table=True):
    """An entrant: a player, or for Marianna a fixed team of two (``members``)."""

    __tablename__ = "tournament_player"
    __table_args__ = (UniqueConstraint("tournament_id", "name_key"),)
    id: str = Field(default_factory=_id, primary_key=True, max_length=32)
    tournament_id: str = Field(foreign_key="tournament.id", index=True, max_length=32)
    position: int = 0  # entry order, keeps lists stable
    name: str = Field(max_length=120)
    #: the name casefolded: unique in a tournament (a double-tapped "Add" registers once)
    name_key: str | None = Field(default=None, max_length=120)
    members: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    withdrawn_after: int | None = None  # last round played; absent from every later draw
    #: rounds the entrant sits out without withdrawing (left out of those rounds' draws)
    absent_rounds: list[int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    roster_id: str | None = Field(
        default=None, foreign_key="roster_player.id", index=True, max_length=32
    )
    #: categories it is ranked in besides the whole field ("women", "senior", "junior" or words
    #: the organiser typed), and its club (the club table)
    categories: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    club: str | None = Field(default=None, max_length=80)
    created_at: datetime = Field(default_factory=_now)


class KeepApart(SQLModel, table=True):
    """Two entrants the organiser wants at different tables (family, clubmates)."""

    __tablename__ = "tournament_keep_apart"
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = Field(foreign_key="tournament.id", index=True, max_length=32)
    a_id: str = Field(foreign_key="tournament_player.id", max_length=32)
    b_id: str = Field(foreign_key="tournament_player.id", max_length=32)


class TournamentRound(SQLModel, table=True):
    """A drawn round: ``drawn`` -> ``playing`` (timer runs) -> ``closed``."""

    __tablename__ = "tournament_round"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = Field(foreign_key="tournament.id", index=True, max_length=32)
    number: int
    status: str = Field(default="drawn", max_length=12)
    seed: int = 0
    repeats: int = 0
    kept_apart_broken: list[Any] = Field(default_factory=list, sa_column=Column(JSON))
    bye_ids: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    started_at: datetime | None = None
    ends_at: datetime | None = None
    closed_at: datetime | None = None
    created_at: datetime = Field(default_factory=_now)


class TournamentTable(SQLModel, table=True):
    """One table of a round; it is an ordinary match, plus the confirmation of its result."""

    __tablename__ = "tournament_table"
    __table_args__ = (UniqueConstraint("round_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="tournament_round.id", index=True)
    number: int
    player_ids: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    match_id: str = Field(
        sa_column=Column(String(32), ForeignKey("match.id"), nullable=False, index=True)
    )
    manual_scores: list[int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    confirmed_scores: list[int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    confirmed_by: str | None = Field(default=None, max_length=120)
    # unused: never read, no longer written (the audit log says when a table was confirmed);
    # the column stays so that no migration is needed
    confirmed_at: datetime | None = None


class TournamentAudit(SQLModel, table=True):
    """Every change to a tournament's players, draws and results: who, when, before, after."""

    __tablename__ = "tournament_audit"
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: str = Field(foreign_key="tournament.id", index=True, max_length=32)
    at: datetime = Field(default_factory=_now)
    actor: str = Field(max_length=120)
    action: str = Field(max_length=40)
    round: int | None = None
    table: int | None = None
    before: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    after: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
