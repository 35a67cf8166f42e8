"""Tables of casual matches: matches, deal records as entered, audit trail, idempotency keys.

Only what the table reported is stored (the match's setup and each deal's record as canonical
JSON), plus a cache of the rules' running state after the last deal (``running_state``, valid for
``running_version``) so that a deal can be appended without rescoring the match. Deltas and
explanations are never stored: the services recompute them from the records with the game's
rules when a page or the API shows the deals. JSON columns use ``sa.JSON`` (TEXT on SQLite,
``json`` on PostgreSQL).
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Column, Field, SQLModel

__all__ = ["AuditEntry", "Deal", "Match", "new_id", "new_token", "utcnow"]


def utcnow() -> datetime:
    """Now, timezone-aware in UTC (SQLModel's UTCDateTime refuses naive datetimes)."""
    return datetime.now(UTC)


def new_id() -> str:
    """An unguessable public id of a match (16 URL-safe characters)."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    """The secret that lets its holder change a match (the edit link)."""
    return secrets.token_urlsafe(24)


class Match(SQLModel, table=True):
    """One match at one table: the game, its full option set, the players in seat order."""

    __tablename__ = "match"

    id: str = Field(default_factory=new_id, primary_key=True, max_length=32)
    token: str = Field(default_factory=new_token, max_length=64)
    game: str = Field(max_length=16)
    preset: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(sa.JSON, nullable=False))
    players: list[str] = Field(default_factory=list, sa_column=Column(sa.JSON, nullable=False))
    stake: str | None = Field(default=None, max_length=32)
    currency: str | None = Field(default=None, max_length=8)
    title: str | None = Field(default=None, max_length=200)
    # A tournament table's match is titled from parts, in the reader's language when shown
    # (``{"event": name, "round": 1, "table": 2}``; services.match_setup.title), never a text
    # made in the organiser's language at draw time (migration 0008).
    title_parts: dict[str, Any] | None = Field(
        default=None, sa_column=Column(sa.JSON, nullable=True)
    )
    version: int = Field(default=1)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    # The rules' running state after the last deal (a deal is appended from it without rescoring
    # the others, so a save costs the same in a long match) and the match ``version`` it belongs
    # to; any other version means it is stale and the deals are rescored. Derived, never the
    # truth: the deals are.
    running_state: dict[str, Any] | None = Field(
        default=None, sa_column=Column(sa.JSON, nullable=True)
    )
    running_version: int | None = Field(default=None)


class Deal(SQLModel, table=True):
    """One deal's record as entered; deals are ordered by ``id`` and numbered 1, 2, … from it.

    ``id`` is the deal's identity (API.md v2 "Which deal"): never reused, also on SQLite, where
    AUTOINCREMENT keeps an undone deal's id from going to the next deal. ``version`` is the
    deal's revision (bumped by each edit); the two make its ``etag``.
    """

    __tablename__ = "deal"
    __table_args__ = {"sqlite_autoincrement": True}

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(
        sa_column=Column(
            sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    record: dict[str, Any] = Field(sa_column=Column(sa.JSON, nullable=False))
    version: int = Field(default=1)
    created_at: datetime = Field(default_factory=utcnow)


class AuditEntry(SQLModel, table=True):
    """One change to a match: who, when, what (create/add/edit/delete/undo/reopen), before/after.

    An added deal's entry also keeps the deal POST's ``Idempotency-Key`` and its first answer
    (``{"status": 201, "deal": {…}}``, enough for a repeat to get the same answer): one row
    written per save, not two (migration 0007). Both are cleared once the match has been
    untouched for 30 days; the entry stays."""

    __tablename__ = "audit_entry"
    # (match_id, key) also finds a match's entries: no index of match_id alone (one fewer to
    # write on every save)
    __table_args__ = (sa.UniqueConstraint("match_id", "key", name="uq_audit_match_key"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: str = Field(
        sa_column=Column(
            sa.String(32), sa.ForeignKey("match.id", ondelete="CASCADE"), nullable=False
        )
    )
    at: datetime = Field(default_factory=utcnow)
    action: str = Field(max_length=16)
    n: int | None = None
    before: Any = Field(default=None, sa_column=Column(sa.JSON, nullable=True))
    after: Any = Field(default=None, sa_column=Column(sa.JSON, nullable=True))
    actor: str | None = Field(default=None, max_length=100)
    key: str | None = Field(default=None, max_length=200)
    answer: str | None = Field(default=None, sa_column=Column(sa.Text, nullable=True))
