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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from .. import json_text
from ..models.match import AuditEntry, utcnow
from ..rules.base import MatchFinished, RuleError, refuse_new, refuse_new_deal
from . import match_guards, match_store, scoring
from .errors import Locked, StaleAdd

# The checks before a change and the idempotency keys have their own modules; the names other
# modules import from here stay here too.
from .match_guards import FOLDED as FOLDED
from .match_guards import GUARDS as GUARDS
from .match_guards import REMATCH_GUARDS as REMATCH_GUARDS
from .match_guards import lock_for_change, not_found, valid_id
from .match_guards import locked_reason as locked_reason
from .match_keys import KEY_LIFETIME as KEY_LIFETIME
from .match_keys import Repeat as Repeat
from .match_keys import find_key as find_key
from .match_keys import first_answer, prune_keys
from .match_store import Row

# change(rows, records, *, game, options, n_players) -> (action, n, before, after); it edits the
# two lists in place and issues its own statements on the session.
Change = Callable[..., tuple[str, int, Any, Any]]


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
            done = _change(session, match_id, change, actor, key, minimal, append, authorise)
            session.commit()
        except (IntegrityError, RuleError, StaleAdd) as error:
            # A repeat breaks the unique key, or is refused because its first run ended the
            # match or added the deal it expected to add: it gets the stored first answer.
            return first_answer(session, match_id, key, error)
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


def _change(
    session: Session,
    match_id: str,
    change: Change,
    actor: str | None,
    key: str | None,
    minimal: bool,
    append: Append | None,
    authorise: Callable[[str], None] | None,
) -> Done:
    """Append the deal from the stored running state if it is an added deal answered minimally
    and that works out; else lock the match, apply ``change`` and rescore (``_rewrite``)."""
    if append is not None and minimal:
        done = _append_tries(session, match_id, append, actor, key, authorise)
        if done is not None:
            return done
    return _rewrite(session, match_id, change, actor, key, minimal, authorise)


def _append_tries(
    session: Session,
    match_id: str,
    append: Append,
    actor: str | None,
    key: str | None,
    authorise: Callable[[str], None] | None,
) -> Done | None:
    """``_append`` until it does not lose the race (``APPEND_TRIES`` times at most); None when
    there is no usable state or it lost every time: then queue on the lock instead."""
    for _try in range(APPEND_TRIES):
        done = _append(session, match_id, append, actor, key, authorise)
        if done is not LOST:
            return done
    return None


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
    folded = match_guards.folded()
    match = _read(session, match_id, folded, authorise)
    game, options = scoring.rules_from_json(match.game, match.preset, match.options_text)
    state = scoring.running(game, match, match.version)
    if state is None:
        return None
    if reason := match_guards.read_reason(session, match_id, match, folded):
        raise Locked(reason, current=match.version)
    n = state["n"] + 1
    append.check(n)
    parsed = scoring.parse(game, options, len(match.players), append.record, n)
    state, scored = _step(game, options, state, parsed, n)
    return Plan(match_id, match, game, options, n, parsed, state, scored)


def _read(
    session: Session,
    match_id: str,
    folded: match_guards.Folded,
    authorise: Callable[[str], None] | None,
) -> Any:
    """The match as an append reads it, with the ``folded`` guards' columns; authorised."""
    match = match_store.read_match(session, match_id, tuple(column for column, _r in folded))
    if match is None:
        raise not_found()
    if authorise is not None:
        authorise(match.token)
    return match


def _step(game: Any, options: Any, state: Any, parsed: Any, n: int) -> tuple[Any, Any]:
    """Score deal ``n`` from the running ``state``: (the state after it, its scored deal);
    a deal the rules refuse raises (MatchFinished with the deal count)."""
    try:
        state, scored = scoring.step(game, options, state, parsed)
    except MatchFinished as error:
        error.total = error.total or n
        raise
    refuse_new_deal(scored, n)
    return state, scored


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
    _prune_keys_now_and_then(session, key, version)

    def remember() -> None:
        match_store.extend(session, match_id, match.version, version, row, parsed)

    return answer, remember, after


class _Bumped:
    """The match as read, at its new version (what the answer and the ORM copy read)."""

    def __init__(self, row: Any, version: int, updated_at: Any):
        self._row, self.version, self.updated_at = row, version, updated_at

    def __getattr__(self, name: str) -> Any:
        return getattr(self._row, name)


class _Rules(NamedTuple):
    """How a match is scored: its game, options and number of players (``scoring``'s order)."""

    game: Any
    options: Any
    n_players: int


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
    match = lock_for_change(session, match_id, authorise)
    rules = _Rules(*scoring.rules(match), len(match.players))
    rows, records = _deals(session, match_id, match.version - 1, rules)
    old_records = records[:]
    action, n, before, after = change(rows, records, **rules._asdict())
    result, running = _rescore(rules, records, action, n)
    deal = _last_deal(rows, result) if minimal or key is not None else None
    audit(session, match_id, action, n, before, after, actor, key=key, deal=deal)
    _audit_reopen(session, match_id, action, n, actor, result, rules, old_records)
    if running is not None:
        match_store.keep_state(session, match_id, match.version, running)
    answer = scoring.minimal(match, deal, result) if minimal else _full(match, rules, rows, result)
    _prune_keys_now_and_then(session, key, match.version)

    def remember() -> None:
        match_store.remember(session, match_id, match.version, rows, records)

    return answer, remember, match


def _deals(
    session: Session, match_id: str, version: int, rules: _Rules
) -> tuple[list[Row], list[Any]]:
    """The rows and parsed records of the match at ``version``: cached, or loaded and parsed
    (and then cached)."""
    hit = match_store.cached(session, match_id, version)
    if hit is not None:
        return hit
    rows = match_store.load_rows(session, match_id)
    records = [scoring.parse(*rules, r.record, n) for n, r in enumerate(rows, 1)]
    match_store.remember(session, match_id, version, rows, records)
    return rows, records


def _rescore(rules: _Rules, records: list[Any], action: str, n: int) -> tuple[Any, Any]:
    """Score the changed deal list: (the result, the running state after it, if the game keeps
    one). An added or edited deal ``n`` the rules refuse raises."""
    result, running = scoring.score_with_state(*rules, records)
    if action in ("add", "edit"):  # RULES.md v2: its refusals apply to new records only
        refuse_new(result, n)
    return result, running


def _last_deal(rows: list[Row], result: Any) -> dict:
    """The last deal of the list as answered (the deal just added)."""
    last = rows[-1]
    return scoring.deal_item(len(rows), last, json_text.loads(last.text), result.deals[-1])


def _audit_reopen(
    session: Session,
    match_id: str,
    action: str,
    n: int,
    actor: str | None,
    result: Any,
    rules: _Rules,
    old_records: list[Any],
) -> None:
    """Audit "reopen" when a change other than an add un-decides a finished match."""
    if action == "add" or result.finished:
        return
    was = scoring.score(*rules, old_records)
    if was.finished:
        before = {"finished": True, "winner": was.winner}
        audit(session, match_id, "reopen", n, before, {"finished": False}, actor)


def _full(match: Any, rules: _Rules, rows: list[Row], result: Any) -> scoring.EncodedState:
    """The whole state of the match, with its JSON text."""
    plain = scoring.state(match, rules.game, rules.options, rows, result)
    return scoring.EncodedState(plain, match_store.dumps(plain))


def _prune_keys_now_and_then(session: Session, key: str | None, version: int) -> None:
    """Prune the idempotency keys on every ``KEY_PRUNE_EVERY``-th version of a keyed write."""
    if key is not None and version % KEY_PRUNE_EVERY == 0:
        prune_keys(session)


KEY_PRUNE_EVERY = 25  # writes to a match between prunings of the idempotency keys
