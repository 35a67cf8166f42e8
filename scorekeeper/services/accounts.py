"""Organiser accounts: register and log in with a password hashed by werkzeug.security."""

from __future__ import annotations

from sqlmodel import Session, select
from werkzeug.security import check_password_hash, generate_password_hash

from ..models.tournament import Organiser
from ..rules.base import FieldError, RuleError
from .errors import Conflict
from .messages import Msg

MIN_PASSWORD = 8


def create_organiser(*, session: Session, username: str, password: str) -> Organiser:
    """A new organiser; RuleError for a blank name or short password, Conflict if taken."""
    username = (username or "").strip()
    errors = _account_errors(username, password)
    if errors:
        raise RuleError(errors)
    if _named(session, username):
        raise Conflict(Msg("account.name_taken"), field="username")
    organiser = Organiser(username=username, password_hash=generate_password_hash(password))
    session.add(organiser)
    session.commit()
    session.refresh(organiser)
    return organiser


def _account_errors(username: str, password: str | None) -> list[FieldError]:
    """What is wrong with a new account's name (stripped) and password: blank, too short."""
    errors = []
    if not username:
        errors.append(FieldError("username", Msg("account.name_missing")))
    if len(password or "") < MIN_PASSWORD:
        errors.append(FieldError("password", Msg("account.password_short", n=MIN_PASSWORD)))
    return errors


def _named(session: Session, username: str) -> Organiser | None:
    return session.exec(select(Organiser).where(Organiser.username == username)).first()


#: Checked when the name is unknown, so an unknown name costs the same work as a real one
#: (answer times do not tell which organiser names exist).
_DUMMY_HASH = generate_password_hash("not a password of anyone")


def authenticate(*, session: Session, username: str, password: str) -> Organiser | None:
    """The organiser whose name and password these are, or None (same work either way)."""
    organiser = _named(session, (username or "").strip())
    stored = organiser.password_hash if organiser is not None else _DUMMY_HASH
    # (with no such organiser this is None whatever the check says)
    return organiser if check_password_hash(stored, password or "") else None
