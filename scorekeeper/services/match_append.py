"""The phones' deal save (an append answered minimally), on its own lane.

A phone's save is the app's most frequent write. ``save`` runs it without a Session, on a
pooled DB-API connection (``prepared.Direct``), in two steps:

1. **plan**: read the match and score the deal from its stored running state (no transaction,
   no lock on the database: SQLite readers never wait);
2. **store**: under this process's writers' lock (``match_store.writer``, SQLite's one write
   lock), insert the deal and its audit entry, move the match's version on if nobody changed
   it since the read, commit.

So the lock is held for three short statements and a commit, never for the scoring. Saves of
one match in this process queue on that match's lock first (``match_store.match_lock``), so
they do not race each other; a save that lost the race to another process plans again (a few
times), then leaves it to ``match_write.write``, which locks and rescores. Anything else the
lane cannot do (no stored running state, a guard that reads through the Session, statements
traced by a listener) also answers None for ``match_write.write`` to do it the Session's way.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from ..rules.base import RuleError
from . import match_store, match_write, prepared
from .errors import StaleAdd


def save(
    session: Session,
    match_id: str,
    append: match_write.Append,
    actor: str | None,
    key: str | None,
    authorise: Callable[[str], None] | None,
) -> dict | None:
    """Add the deal on the lane; its answer (``match_write.Repeat`` for a repeated key), or
    None when nothing was written and ``match_write.write`` should do it."""
    if not match_write.valid_id(match_id):
        raise match_write.not_found()
    if any(guard not in match_write.FOLDED for guard in match_write.GUARDS):
        return None  # a guard that reads through the Session
    direct = prepared.Direct.open(session)
    if direct is None:
        return None
    try:
        with match_store.match_lock(direct, match_id):
            return _save(direct, match_id, append, actor, key, authorise)
    finally:
        direct.close()


def _save(
    direct: prepared.Direct,
    match_id: str,
    append: match_write.Append,
    actor: str | None,
    key: str | None,
    authorise: Callable[[str], None] | None,
) -> dict | None:
    try:
        done = _tries(direct, match_id, append, actor, key, authorise)
    except prepared.NeedsSession:
        direct.rollback()
        return None
    except (IntegrityError, RuleError, StaleAdd) as error:
        # a repeat of a stored key: its first answer (as ``write`` does)
        return match_write.first_answer(direct, match_id, key, error)
    except BaseException:
        direct.rollback()
        raise
    if done is None:
        return None
    answer, remember, _match = done
    remember()
    return answer


def _tries(
    direct: prepared.Direct,
    match_id: str,
    append: match_write.Append,
    actor: str | None,
    key: str | None,
    authorise: Callable[[str], None] | None,
) -> match_write.Done | None:
    """Plan and store the deal, committed, until it does not lose the race (``APPEND_TRIES``
    times at most); None when there is no usable state or it lost every time."""
    for _try in range(match_write.APPEND_TRIES):
        planned = match_write.plan(direct, match_id, append, authorise)
        if planned is None:
            return None
        with match_store.writer(direct):
            done = match_write.store(direct, planned, append, actor, key)
            if done is not match_write.LOST:
                direct.commit()
                return done
    return None  # lost every time: the locked, rescoring way
