"""Organisers' logins: throttled failed tries and logins that logging out really ends.

Failed tries are rows in the database, so every app process (a hosted deployment runs several)
counts the same ones, in ``THROTTLE_WINDOW`` seconds, under three keys (``limits.py``):

- the client address: ``LOGIN_CLIENT_TRIES`` failures from one address, whatever the names
  (wrong logins, and registrations of a name that is taken: the answer "taken" is how names
  could be listed), and that address waits. This is checked first;
- the name from that address: ``LOGIN_TRIES`` wrong passwords and that address waits for that
  name, while its owner, elsewhere, still logs in;
- the name from every address together: ``LOGIN_NAME_TRIES``, against guessing from many
  addresses; it takes that many addresses' worth of failures, not five wrong passwords, to lock
  a name out.

An unknown name is counted like a known one (nothing tells them apart). A login is a row too;
the session cookie holds its id, and logging out deletes it, so a cookie saved before logging
out opens nothing afterwards.
"""

from __future__ import annotations

import hashlib
import time

from sqlalchemy import delete, func
from sqlmodel import Session, select

from ..limits import LOGIN_CLIENT_TRIES, LOGIN_NAME_TRIES, LOGIN_TRIES, THROTTLE_WINDOW
from ..models.security import LoginFailure, OrganiserLogin
from ..models.tournament import Organiser


def _name(username: str | None) -> str:
    return " ".join((username or "").split()).casefold()


def _client_key(client: str) -> str:
    return f"client:{client}"[:200]


def _name_key(username: str | None) -> str:
    return f"name:{_name(username)}"[:200]


def _pair_key(username: str | None, client: str) -> str:
    pair = f"{client}\x00{_name(username)}".encode("utf-8", "replace")
    return "pair:" + hashlib.sha256(pair).hexdigest()[:40]


def _wait(session: Session, checks: list[tuple[str, int]]) -> int:
    since = time.time() - THROTTLE_WINDOW
    for key, allowed in checks:  # in order: the first that is used up answers
        count, oldest = session.exec(
            select(func.count(LoginFailure.id), func.min(LoginFailure.at)).where(
                LoginFailure.key == key, LoginFailure.at > since
            )
        ).one()
        if count >= allowed:
            return int(oldest - since) + 1
    return 0


def client_wait(*, session: Session, client: str) -> int:
    """0 when this address may try (log in or register), else the seconds to wait."""
    return _wait(session, [(_client_key(client), LOGIN_CLIENT_TRIES)])


def wait_seconds(*, session: Session, username: str, client: str) -> int:
    """0 when a login try is allowed, else the seconds until a counted failure expires: the
    address's limit first, then the name's from that address, then the name's from all."""
    return _wait(
        session,
        [
            (_client_key(client), LOGIN_CLIENT_TRIES),
            (_pair_key(username, client), LOGIN_TRIES),
            (_name_key(username), LOGIN_NAME_TRIES),
        ],
    )


def record_failure(*, session: Session, username: str | None, client: str) -> None:
    """Count one failed try against the address, and (a login) against the name from that
    address and the name from everywhere; ``username`` None counts the address only."""
    keys = [_client_key(client)]
    if username is not None:
        keys += [_pair_key(username, client), _name_key(username)]
    for key in keys:
        session.add(LoginFailure(key=key))
    session.exec(delete(LoginFailure).where(LoginFailure.at < time.time() - THROTTLE_WINDOW))
    session.commit()


def forget_failures(*, session: Session, username: str, client: str = "") -> None:
    """A successful login clears the name's failed tries (the address's stay counted)."""
    keys = [_name_key(username), _pair_key(username, client)]
    session.exec(delete(LoginFailure).where(LoginFailure.key.in_(keys)))  # type: ignore[attr-defined]
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
