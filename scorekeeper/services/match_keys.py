"""The idempotency keys of added deals: an added deal's audit entry keeps the POST's key with
the answer it got, so a repeat of the key gets that first answer (``first_answer``) instead of
a second deal; keys of matches untouched for ``KEY_LIFETIME`` are forgotten (``prune_keys``).

``match_write`` stores the keys (``audit``) and re-exports these names.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from .. import json_text
from ..models.match import AuditEntry, Match, utcnow
from . import match_store

KEY_LIFETIME = timedelta(days=30)  # records of matches untouched this long are forgotten


class Repeat(dict):
    """The stored first answer to a repeated idempotency key: ``status`` and ``deal``."""


_audit, _matches = AuditEntry.__table__, Match.__table__
_STALE = sa.select(_matches.c.id).where(_matches.c.updated_at < sa.bindparam("before_"))
# Built once (run every KEY_PRUNE_EVERY saves of a match): the keys of stale matches forgotten.
_FORGET = (
    sa.update(_audit)
    .where(_audit.c.key.is_not(None), _audit.c.match_id.in_(_STALE))
    .values(key=None, answer=None)
)
_FIND = sa.select(_audit.c.answer).where(
    _audit.c.match_id == sa.bindparam("match_id_"), _audit.c.key == sa.bindparam("key_")
)


def prune_keys(session: Session) -> int:
    """Forget the idempotency keys (and their answers) of every match untouched for
    KEY_LIFETIME; their audit entries stay. How many were forgotten."""
    before = {"before_": utcnow() - KEY_LIFETIME}
    return match_store.run(session, _FORGET, before).rowcount or 0


def find_key(session: Session, match_id: str, key: str) -> Repeat | None:
    """The stored first answer (status and deal) to the deal POST with this key, if any."""
    row = match_store.run(session, _FIND, {"match_id_": match_id, "key_": key}).first()
    return None if row is None else Repeat(json_text.loads(row[0]))


def first_answer(db: Any, match_id: str, key: str | None, error: Exception) -> Repeat:
    """After ``error`` refused an added deal (a repeat breaks the unique key, or is refused
    because its first run ended the match or added the deal it expected to add): roll back and
    answer the stored first answer to its ``key``, or raise ``error`` when there is none.
    ``db``: the session, or a ``prepared.Direct`` connection."""
    db.rollback()
    earlier = find_key(db, match_id, key) if key is not None else None
    db.rollback()
    if earlier is None:
        raise error
    return earlier
