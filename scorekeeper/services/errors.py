"""Errors the services raise besides the rules' own (RuleError, InvalidDeal, MatchFinished).

Callers map them: NotFound -> 404, Forbidden -> 403, Conflict -> 409. Bad input from a player
or client arrives as the rules' ``RuleError`` subclasses (-> 422, messages next to fields).
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base of the service errors; ``message`` is for people, ``field`` for forms (may be "")."""

    def __init__(self, message: str, *, field: str = ""):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_json(self) -> dict[str, str]:
        """The error as one API.md ``errors`` entry."""
        return {"field": self.field, "message": self.message}


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
