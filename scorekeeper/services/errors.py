"""Errors the services raise besides the rules' own (RuleError, InvalidDeal, MatchFinished).

Callers map them: NotFound -> 404, Forbidden -> 403, Conflict -> 409. Bad input from a player
or client arrives as the rules' ``RuleError`` subclasses (-> 422, messages next to fields).
Every message is a coded ``Msg`` (``services/messages.py``), put in the reader's language where
it is shown.
"""

from __future__ import annotations

from typing import Any

from .messages import Msg


class ServiceError(Exception):
    """Base of the service errors; ``message`` (a coded Msg) is for people, ``field`` for forms
    (may be "")."""

    def __init__(self, message: str, *, field: str = ""):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_json(self) -> dict[str, Any]:
        """The error as one API.md ``errors`` entry: ``field``, ``message`` (English) and, for a
        coded message, its ``code`` and ``params``."""
        out: dict[str, Any] = {"field": self.field, "message": self.message}
        if isinstance(self.message, Msg):
            out.update(self.message.to_json())
        return out


class NotFound(ServiceError):
    """No such match, or no such deal in it."""


class Forbidden(ServiceError):
    """The token does not open this match for changes."""


class Conflict(ServiceError):
    """The change was made against a stale version (another phone changed it first)."""

    def __init__(self, message: str, *, field: str = "version", current: int | None = None):
        super().__init__(message, field=field)
        self.current = current


class Locked(Conflict):
    """The match may not change now (a tournament round is closed): the message says why."""

    def __init__(self, message: str, *, current: int | None = None):
        super().__init__(message, field="", current=current)


class StaleAdd(Conflict):
    """A new deal from a page that had not seen the deals another phone added meanwhile."""

    def __init__(self, message: str, *, current: int | None = None, deals: int = 0):
        super().__init__(message, field="n", current=current)
        self.deals = deals


class StaleDeal(Conflict):
    """The deal at ``n`` is not the one the phone saw (API.md v2 "Which deal": If-Match).

    ``deal_id`` is the id in the phone's etag (None when it named none). The service fills
    ``current`` (the deal now at ``n``, or None) and ``yours`` (the phone's deal as it is now,
    with its n, or None when it was deleted) from the committed state before raising it on.
    """

    def __init__(self, message: str, *, n: int, deal_id: int | None):
        super().__init__(message, field="If-Match")
        self.n = n
        self.deal_id = deal_id
        self.current_deal: dict | None = None
        self.yours: dict | None = None
