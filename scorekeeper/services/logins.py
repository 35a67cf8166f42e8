"""Organisers' logins: throttled failed tries and logins that logging out really ends.

Failed tries are rows in the database, so every app process (a hosted deployment runs several)
counts the same ones: ``LOGIN_TRIES`` per name and ``LOGIN_CLIENT_TRIES`` per client address in
``THROTTLE_WINDOW`` seconds. A login is a row too; the session cookie holds its id, and logging
out deletes it, so a cookie saved before logging out opens nothing afterwards.
"""

from __future__ import annotations

import time

from sqlalchemy import delete, func
from sqlmodel import Session, select

from ..limits import LOGIN_CLIENT_TRIES, LOGIN_TRIES, THROTTLE_WINDOW
from ..models.security import LoginFailure, OrganiserLogin
from ..models.tournament import Organiser


def _keys(username: str, client: str) -> tuple[str, str]:
    return f"name:{(username or '').strip().casefold()}"[:200], f"client:{client}"[:200]


def wait_seconds(*, session: Session, username: str, client: str) -> int:
    """0 when a try is allowed, else the seconds until the oldest counted failure expires."""
    since = time.time() - THROTTLE_WINDOW
    waits = [0]
    limits = (LOGIN_TRIES, LOGIN_CLIENT_TRIES)
    for key, allowed in zip(_keys(username, client), limits, strict=True):
        count, oldest = session.exec(
            select(func.count(LoginFailure.id), func.min(LoginFailure.at)).where(
                LoginFailure.key == key, LoginFailure.at > since
            )
        ).one()
        if count >= allowed:
            waits.append(int(oldest - since) + 1)
    return max(waits)


def record_failure(*, session: Session, username: str, client: str) -> None:
    """Count one failed try against the name and against the client's address."""
    for key in _keys(username, client):
        session.add(LoginFailure(key=key))
    session.exec(delete(LoginFailure).where(LoginFailure.at < time.time() - THROTTLE_WINDOW))
    session.commit()


def forget_failures(*, session: Session, username: str) -> None:
    """A successful login clears the name's failed tries."""
    session.exec(delete(LoginFailure).where(LoginFailure.key == _keys(username, "")[0]))
    session.commit()


def open_login(*, session: Session, organiser: Organiser) -> str:
    """A new login for ``organiser``; its id goes into the session cookie."""
    login = OrganiserLogin(organiser_id=organiser.id)
    session.add(login)
    session.commit()
    return login.id


def organiser_of(*, session: Session, login_id: str | None) -> Organiser | None:
    """The organiser of an open login, or None (unknown or logged out)."""
    if not isinstance(login_id, str) or not login_id:
        return None
    login = session.get(OrganiserLogin, login_id)
    return session.get(Organiser, login.organiser_id) if login else None


def close_login(*, session: Session, login_id: str | None) -> None:
    """End a login (logging out): its cookie opens nothing from now on."""
    if isinstance(login_id, str) and login_id:
        session.exec(delete(OrganiserLogin).where(OrganiserLogin.id == login_id))
        session.commit()
