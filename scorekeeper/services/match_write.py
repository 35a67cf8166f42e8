"""The write transaction of the match service: lock, change, re-score, store + audit, commit.

``write`` runs one change to a match's deal list. It bumps the version first (the writers' lock,
see ``match_store``), applies the change to the rows and parsed records, re-scores the whole new
list (so an edit that makes a later deal impossible is refused with that deal's number), writes
the audit entry (an added deal's also keeps the POST's idempotency key and answer; "reopen"
when the change un-decides the match) and the running state after the new list, and commits.
On any error everything is rolled back: nothing is half-stored.

An added deal answered minimally (a phone's save) is appended instead (``_append``): scored from
the match's stored running state, so its cost does not grow with the match. When
another writer committed between its read and its version check, it is rolled back and tried
again from the new state (a few times) before it queues on the lock and rescores.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from .. import json_text
from ..models.match import AuditEntry, Match, utcnow
from ..rules.base import MatchFinished, RuleError, refuse_new, refuse_new_deal
from . import match_store, scoring
from .errors import Locked, NotFound, StaleAdd
from .match_store import Row
from .messages import Msg

# change(rows, records, *, game, options, n_players) -> (action, n, before, after); it edits the
# two lists in place and issues its own statements on the session.
Change = Callable[..., tuple[str, int, Any, Any]]


_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def valid_id(match_id: Any) -> bool:
    """Whether ``match_id`` could be a match id (anything else is looked up nowhere)."""
    return isinstance(match_id, str) and _ID.fullmatch(match_id) is not None


def not_found() -> NotFound:
    return NotFound(Msg("match.not_found"), field="id")


def audit(
    session: Session,
    match_id: str,
    action: str,
    n: int | None,
    before: Any,
    after: Any,
    actor: str | None,
    *,
    key: str | None = None,
    deal: dict | None = None,
) -> None:
    """Write one audit entry; an added deal's entry also keeps the POST's idempotency ``key``
    with the answer it got (``deal``): a repeat of the key breaks the entry's unique key."""
    values = {
        "match_id": match_id,
        "at": utcnow(),
        "action": action,
        "n": n,
        "before": before,
        "after": after,
        "actor": None if actor is None else str(actor)[:100],  # the column holds 100
    }
    if key is not None:
        values["key"] = key
        values["answer"] = match_store.dumps({"status": 201, "deal": deal})
    match_store.insert(session, AuditEntry.__table__, **values)


#: Checks run before any change to a match's deals: each returns why the match may not change
#: now (a message for the players), or None. Tournaments add one: a closed round is final.
GUARDS: list[Callable[[Session, str], str | None]] = []
#: Guards that can also be read with the match, in the append's one read: a guard's SQL
#: expression over the match row (correlated to ``match.id``) and its reason from the value.
FOLDED: dict[Callable[[Session, str], str | None], tuple[Any, Callable[[Any], str | None]]] = {}
#: Checks run before a rematch: why this match may not have one (a tournament table), or None.
REMATCH_GUARDS: list[Callable[[Session, str], str | None]] = []


def locked_reason(session: Session, match_id: str) -> str | None:
    """Why this match's deals may not change now, or None (a casual match: never)."""
    for guard in GUARDS:
        reason = guard(session, match_id)
        if reason:
            return reason
    return None


class Repeat(dict):
    """The stored first answer to a repeated idempotency key: ``status`` and ``deal``."""


@dataclass(frozen=True)
class Append:
    """An added deal, as ``write`` can append it from the stored running state.

    ``check(n)`` refuses the deal as number ``n`` (StaleAdd, the deal limit); ``store(db, game,
    parsed)`` inserts it on ``db`` (the session, or a ``prepared.Direct`` connection) and returns
    its Row."""

    record: Any
    check: Callable[[int], None]
    store: Callable[[Any, Any], Row]


def write(
    session: Session,
    match_id: Any,
    change: Change,
    actor: str | None,
    key: str | None = None,
    *,
    minimal: bool = False,
    append: Append | None = None,
    authorise: Callable[[str], None] | None = None,
) -> dict:
    """Apply ``change`` to the deal list and commit, answering the new state.

    With ``append`` and ``minimal`` (an added deal, API.md v2 ``Prefer: return=minimal``) the
    deal is scored from the match's stored running state: no deal is loaded or rescored; when
    another writer got in first it starts again from the new state (``APPEND_TRIES`` times).
    When there is no usable state, or the append kept losing the race, the deal list is locked,
    changed and rescored whole (``change``), and the running state after it is stored.

    Answers the whole state, or with ``minimal`` (an added deal) just the new deal and the
    totals. With ``key``, the added deal is kept as the key's answer; a repeat of a stored key
    answers ``Repeat`` (the first status and deal) for the caller to wrap in the state now.
    ``authorise(token)`` is called with the match's secret right after the match is read."""
    if not valid_id(match_id):
        raise not_found()
    with match_store.writer(session):
        try:
            done = None
            if append is not None and minimal:
                for _try in range(APPEND_TRIES):
                    done = _append(session, match_id, append, actor, key, authorise)
                    if done is not LOST:
                        break
                else:  # lost the race every time: queue on the lock instead
                    done = None
            if done is None:
                done = _rewrite(session, match_id, change, actor, key, minimal, authorise)
            session.commit()
        except (IntegrityError, RuleError, StaleAdd):
            # A repeat breaks the unique key, or is refused because its first run ended the
            # match or added the deal it expected to add: it gets the stored first answer.
            session.rollback()
            earlier = find_key(session, match_id, key) if key is not None else None
            session.rollback()
            if earlier is None:
                raise
            return earlier
        except BaseException:
            session.rollback()
            raise
        answer, remember, match = done
        remember()
    match_store.update_orm_copy(session, match)
    return answer


Done = tuple[dict, Callable[[], None], Any]  # the answer, what to cache once committed, the match

#: How often an append that lost the version race (another writer committed first) starts again
#: from the fresh running state before it takes the lock and rescores the match.
APPEND_TRIES = 3
LOST: Any = object()  # _append's answer when another writer changed the match since its read


def _append(
    session: Session,
    match_id: str,
    append: Append,
    actor: str | None,
    key: str | None,
    authorise: Callable[[str], None] | None = None,
) -> Done | None:
    """Add a deal from the stored running state: one read of the match, the deal's INSERT (and
    its audit entry and key), one UPDATE of the match with a version check. None (nothing
    written yet) when there is no usable state: then lock and rescore in this transaction.
    ``LOST`` (rolled back) when the match changed meanwhile: then try again from the new state."""
    planned = plan(session, match_id, append, authorise)
    return None if planned is None else store(session, planned, append, actor, key)


class Plan(NamedTuple):
    """An added deal worked out from the match as read, before anything is written."""

    match_id: str
    match: Any  # the match's row as read (``read_match``)
    game: Any
    options: Any
    n: int
    parsed: Any
    state: Any  # the running state after the deal
    scored: Any


def plan(
    session: Session, match_id: str, append: Append, authorise: Callable[[str], None] | None
) -> Plan | None:
    """Read the match and score the deal from its stored running state (nothing is written);
    None when there is no usable state (the caller rescores under the lock). Refusals raise."""
    folded = [FOLDED[guard] for guard in GUARDS if guard in FOLDED]
    match = match_store.read_match(session, match_id, tuple(column for column, _r in folded))
    if match is None:
        raise not_found()
    if authorise is not None:
        authorise(match.token)
    game, options = scoring.rules_from_json(match.game, match.preset, match.options_text)
    state = scoring.running(game, match, match.version)
    if state is None:
        return None
    for i, (_column, reason_of) in enumerate(folded):
        if reason := reason_of(getattr(match, f"extra_{i}")):
            raise Locked(reason, current=match.version)
    for guard in GUARDS:
        if guard not in FOLDED and (reason := guard(session, match_id)):
            raise Locked(reason, current=match.version)
    n = state["n"] + 1
    append.check(n)
    parsed = scoring.parse(game, options, len(match.players), append.record, n)
    try:
        state, scored = scoring.step(game, options, state, parsed)
    except MatchFinished as error:
        error.total = error.total or n
        raise
    refuse_new_deal(scored, n)
    return Plan(match_id, match, game, options, n, parsed, state, scored)


def store(
    session: Session, planned: Plan, append: Append, actor: str | None, key: str | None
) -> Done:
    """Write a planned deal: its INSERT, its audit entry (and key), the match's new version
    and running state if the match is still at the version read; ``LOST`` (rolled back) when
    another writer changed it since."""
    match_id, match, game, options, n, parsed, state, scored = planned
    row = append.store(session, game, parsed)
    deal = scoring.deal_item(n, row, json_text.loads(row.text), scored)
    audit(session, match_id, "add", n, None, row.record, actor, key=key, deal=deal)
    bumped = match_store.bump(session, match_id, match.version, scoring.stored(game, state))
    if bumped is None:  # another writer (another process) changed the match since the read
        session.rollback()  # (this expires the session's objects, as any refused write does)
        return LOST
    version, now = bumped
    after = _Bumped(match, version, now)
    answer = scoring.minimal(after, deal, game.totals(options, state))
    if key is not None and version % KEY_PRUNE_EVERY == 0:
        prune_keys(session)

    def remember() -> None:
        match_store.extend(session, match_id, match.version, version, row, parsed)

    return answer, remember, after


class _Bumped:
    """The match as read, at its new version (what the answer and the ORM copy read)."""

    def __init__(self, row: Any, version: int, updated_at: Any):
        self._row, self.version, self.updated_at = row, version, updated_at

    def __getattr__(self, name: str) -> Any:
        return getattr(self._row, name)


def _rewrite(
    session: Session,
    match_id: str,
    change: Change,
    actor: str | None,
    key: str | None,
    minimal: bool,
    authorise: Callable[[str], None] | None = None,
) -> Done:
    """Lock, apply ``change`` to the deal list, re-score everything, store + audit."""
    match = match_store.lock_match(session, match_id)
    if match is None:
        raise not_found()
    if authorise is not None:
        authorise(match.token)
    if GUARDS and (reason := locked_reason(session, match_id)):
        raise Locked(reason, current=match.version - 1)
    game, options = scoring.rules(match)
    n_players = len(match.players)
    hit = match_store.cached(session, match_id, match.version - 1)
    if hit is None:
        rows = match_store.load_rows(session, match_id)
        records = [
            scoring.parse(game, options, n_players, r.record, n) for n, r in enumerate(rows, 1)
        ]
        match_store.remember(session, match_id, match.version - 1, rows, records)
    else:
        rows, records = hit
    old_records = records[:]
    action, n, before, after = change(
        rows, records, game=game, options=options, n_players=n_players
    )
    result, running = scoring.score_with_state(game, options, n_players, records)
    if action in ("add", "edit"):  # RULES.md v2: its refusals apply to new records only
        refuse_new(result, n)
    if minimal or key is not None:
        last = rows[-1]
        deal = scoring.deal_item(len(rows), last, json_text.loads(last.text), result.deals[-1])
    audit(
        session, match_id, action, n, before, after, actor,
        key=key, deal=deal if key is not None else None,
    )  # fmt: skip
    if action != "add" and not result.finished:
        was = scoring.score(game, options, n_players, old_records)
        if was.finished:
            audit(
                session,
                match_id,
                "reopen",
                n,
                {"finished": True, "winner": was.winner},
                {"finished": False},
                actor,
            )
    if running is not None:
        match_store.keep_state(session, match_id, match.version, running)
    if minimal:
        state = scoring.minimal(match, deal, result)
    else:
        plain = scoring.state(match, game, options, rows, result)
        state = scoring.EncodedState(plain, match_store.dumps(plain))
    if key is not None and match.version % KEY_PRUNE_EVERY == 0:
        prune_keys(session)

    def remember() -> None:
        match_store.remember(session, match_id, match.version, rows, records)

    return state, remember, match


KEY_PRUNE_EVERY = 25  # writes to a match between prunings of the idempotency keys
KEY_LIFETIME = timedelta(days=30)  # records of matches untouched this long are forgotten


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
