"""The write transaction of the match service: plan, lock, check, store + audit, commit.

``write`` runs one change to a match's deal list. It first works the change out (``plan``) on the
committed deals without holding any lock: applies it to the rows and parsed records, re-scores
the whole new list (so an edit that makes a later deal impossible is refused with that deal's
number) and builds the answer. Then it bumps the version (the writers' lock, see
``match_store``); if another write committed in between, it plans again under the lock. It then
stores the change, its audit entries ("reopen" too when the change un-decides the match) and the
idempotency answer, and commits. On any error everything is rolled back: nothing is half-stored.
Planning outside the lock keeps the lock (SQLite's single writer) held for a few statements only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from ..models.match import AuditEntry, IdempotencyKey, utcnow
from ..rules.base import RuleError
from . import match_store, scoring
from .errors import Conflict, NotFound, ServiceError
from .match_store import Row

# change(rows, records, *, game, options, n_players) -> (action, n, before, after, apply): it
# edits the two lists in place (pure: it may be worked out twice) and returns ``apply``, which
# issues its statements on the session once the write holds the lock.
Change = Callable[..., tuple[str, int, Any, Any, Callable[[Session], None]]]


_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def valid_id(match_id: Any) -> bool:
    """Whether ``match_id`` could be a match id (anything else is looked up nowhere)."""
    return isinstance(match_id, str) and _ID.fullmatch(match_id) is not None


def not_found() -> NotFound:
    return NotFound(_("There is no match with this id."), field="id")


def audit(
    session: Session,
    match_id: str,
    action: str,
    n: int | None,
    before: Any,
    after: Any,
    actor: str | None,
) -> None:
    match_store.insert(
        session,
        AuditEntry.__table__,
        match_id=match_id,
        at=utcnow(),
        action=action,
        n=n,
        before=before,
        after=after,
        actor=actor,
    )


@dataclass
class Plan:
    """A change worked out against the committed state ``version``: what to store and answer."""

    version: int
    rows: list[Row]
    records: list[Any]
    entries: list[tuple[str, int | None, Any, Any]]  # audit entries: action, n, before, after
    apply: Callable[[Session], None]  # the change's own statements
    state: scoring.EncodedState


def plan(session: Session, match: Any, committed: int, change: Change) -> Plan:
    """Work out ``change`` on the deals of version ``committed``: re-score everything, build the
    state the write will answer (version ``committed + 1``). Raises what the rules raise."""
    game, options = scoring.rules(match)
    n_players = len(match.players)
    hit = match_store.cached(session, match.id, committed)
    if hit is None:
        rows = match_store.load_rows(session, match.id)
        records = [
            scoring.parse(game, options, n_players, r.record, n) for n, r in enumerate(rows, 1)
        ]
    else:
        rows, records = hit
    old_records = records[:]
    action, n, before, after, apply = change(
        rows, records, game=game, options=options, n_players=n_players
    )
    result = scoring.score(game, options, n_players, records)
    entries: list[tuple[str, int | None, Any, Any]] = [(action, n, before, after)]
    if action != "add" and not result.finished:
        was = scoring.score(game, options, n_players, old_records)
        if was.finished:
            entries.append(
                ("reopen", n, {"finished": True, "winner": was.winner}, {"finished": False})
            )
    plain = scoring.state(match, game, options, rows, result)
    plain["version"] = committed + 1
    return Plan(
        committed,
        rows,
        records,
        entries,
        apply,
        scoring.EncodedState(plain, match_store.dumps(plain)),
    )


def write(
    session: Session, match_id: Any, change: Change, actor: str | None, key: str | None = None
) -> dict:
    """Plan the change outside the lock, then lock, check nobody wrote meanwhile (else plan
    again, locked), store the change, its audit and idempotency answer, and commit."""
    if not valid_id(match_id):
        raise not_found()
    planned: Plan | None = None
    current = match_store.read_match(session, match_id)
    if current is not None:
        try:  # the CPU work happens here, while other writers may hold the lock
            planned = plan(session, current, current.version, change)
        except (RuleError, ServiceError):
            planned = None  # decided again under the lock, on fresh data
    with match_store.writer(session):
        try:
            match = match_store.lock_match(session, match_id)
            if match is None:
                raise not_found()
            if planned is None or planned.version != match.version - 1:
                planned = plan(session, match, match.version - 1, change)
            planned.apply(session)
            for action, n, before, after in planned.entries:
                audit(session, match_id, action, n, before, after, actor)
            if key is not None:
                if match.version % KEY_PRUNE_EVERY == 0:
                    prune_keys(session, match_id)
                # Last, and without looking first (the common case saves a query).
                match_store.insert(
                    session,
                    IdempotencyKey.__table__,
                    match_id=match_id,
                    key=key,
                    response=planned.state.encoded,
                    created_at=utcnow(),
                )
            session.commit()
        except (IntegrityError, RuleError):
            # A repeat breaks the unique key, or is refused because its first run ended the
            # match: either way it gets the stored first answer.
            session.rollback()
            earlier = find_key(session, match_id, key) if key is not None else None
            session.rollback()
            if earlier is None:
                raise
            return earlier
        except BaseException:
            session.rollback()
            raise
        match_store.remember(session, match_id, match.version, planned.rows, planned.records)
    match_store.update_orm_copy(session, match)
    return planned.state


KEY_PRUNE_EVERY = 25  # writes to a match between prunings of its old idempotency keys
KEY_LIFETIME = timedelta(days=1)  # a phone retries within seconds; a day is plenty


def prune_keys(session: Session, match_id: str) -> None:
    """Forget a match's idempotency answers older than KEY_LIFETIME (each holds a whole state)."""
    table = IdempotencyKey.__table__
    session.execute(
        sa.delete(table).where(
            table.c.match_id == match_id, table.c.created_at < utcnow() - KEY_LIFETIME
        )
    )


def find_key(session: Session, match_id: str, key: str) -> dict | None:
    """The stored first answer to the deal POST with this idempotency key, if any."""
    text = session.exec(
        select(IdempotencyKey.response).where(
            IdempotencyKey.match_id == match_id, IdempotencyKey.key == key
        )
    ).first()
    return None if text is None else scoring.EncodedState(json.loads(text), text)


def deal_at(rows: list[Row], n: Any, expected_version: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(rows):
        raise NotFound(_("There is no deal %(n)s in this match.", n=n), field="n")
    row = rows[n - 1]
    if expected_version is not None and expected_version != row.version:
        raise Conflict(
            _(
                "Deal %(n)s was changed meanwhile (now version %(v)s); reload and try again.",
                n=n,
                v=row.version,
            ),
            current=row.version,
        )
    return n - 1
