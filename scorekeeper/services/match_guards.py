"""What refuses a change to a match before it is made: an id that is no match's, and the guards
another part of the app registers to refuse a change to a match's deals (tournaments: a closed
round's deals are final) or a rematch, each with its reason for the players.

``match_write`` runs them before every change to a match's deals (and re-exports these names):
``lock_for_change`` locks the match and runs them all. A guard that is also an SQL expression
over the match row (``FOLDED``) is read with the match, in an append's one read; the others
read on their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from sqlmodel import Session

from . import match_store
from .errors import Locked, NotFound
from .messages import Msg

_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def valid_id(match_id: Any) -> bool:
    """Whether ``match_id`` could be a match id (anything else is looked up nowhere)."""
    return isinstance(match_id, str) and _ID.fullmatch(match_id) is not None


def not_found() -> NotFound:
    return NotFound(Msg("match.not_found"), field="id")


Guard = Callable[[Session, str], str | None]

#: Checks run before any change to a match's deals: each returns why the match may not change
#: now (a message for the players), or None. Tournaments add one: a closed round is final.
GUARDS: list[Guard] = []
Fold = tuple[Any, Callable[[Any], str | None]]  # an SQL expression, the reason from its value
#: Guards that can also be read with the match, in the append's one read: a guard's SQL
#: expression over the match row (correlated to ``match.id``) and its reason from the value.
FOLDED: dict[Guard, Fold] = {}
#: Checks run before a rematch: why this match may not have one (a tournament table), or None.
REMATCH_GUARDS: list[Guard] = []

Folded = list[Fold]  # the folded guards, in ``GUARDS`` order


def locked_reason(session: Session, match_id: str) -> str | None:
    """Why this match's deals may not change now, or None (a casual match: never)."""
    for guard in GUARDS:
        reason = guard(session, match_id)
        if reason:
            return reason
    return None


def lock_for_change(
    session: Session, match_id: str, authorise: Callable[[str], None] | None = None
) -> Any:
    """Lock the match for a change of its deals (``match_store.lock_match``) and return its row;
    NotFound, ``authorise(token)``'s refusal or Locked (a guard's reason) raise."""
    match = match_store.lock_match(session, match_id)
    if match is None:
        raise not_found()
    if authorise is not None:
        authorise(match.token)
    if GUARDS and (reason := locked_reason(session, match_id)):
        raise Locked(reason, current=match.version - 1)
    return match


def folded() -> Folded:
    """The guards read with the match (``FOLDED``), in ``GUARDS`` order."""
    return [FOLDED[guard] for guard in GUARDS if guard in FOLDED]


def _folded_reason(match: Any, guards: Folded) -> str | None:
    """Why a guard read with the match locks it (from the row's ``extra_<i>``), or None."""
    for i, (_column, reason_of) in enumerate(guards):
        if reason := reason_of(getattr(match, f"extra_{i}")):
            return reason
    return None


def _unfolded_reason(session: Session, match_id: str) -> str | None:
    """Why a guard that is not read with the match locks it (each reads on its own), or None."""
    for guard in GUARDS:
        if guard not in FOLDED and (reason := guard(session, match_id)):
            return reason
    return None


def read_reason(session: Session, match_id: str, match: Any, guards: Folded) -> str | None:
    """Why the guards lock a match read with the ``guards``' columns (``folded()``): theirs
    from the row first, then the other guards' own reads; or None."""
    return _folded_reason(match, guards) or _unfolded_reason(session, match_id)
