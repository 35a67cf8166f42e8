"""Tables that keep organisers' logins safe: failed tries (counted across every app process)
and the logins that are open (logging out deletes one, so a saved cookie stops working)."""

from __future__ import annotations

import secrets
import time

from sqlalchemy import Column, ForeignKey, Integer
from sqlmodel import Field, SQLModel

__all__ = ["LoginFailure", "OrganiserLogin"]


class LoginFailure(SQLModel, table=True):
    """One failed login try: ``key`` is ``name:<lowercased name>`` or ``client:<address>``."""

    __tablename__ = "login_failure"
    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=200, index=True)
    at: float = Field(default_factory=time.time, index=True)  # seconds since the epoch


class OrganiserLogin(SQLModel, table=True):
    """An open login; the session cookie holds its random id."""

    __tablename__ = "organiser_login"
    id: str = Field(default_factory=lambda: secrets.token_urlsafe(24), primary_key=True)
    organiser_id: int = Field(
        sa_column=Column(Integer, ForeignKey("organiser.id", ondelete="CASCADE"), nullable=False)
    )
    created_at: float = Field(default_factory=time.time)
