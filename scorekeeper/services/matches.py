"""Match service: create matches, record/replace/delete deals, compute the match state.

Stored: the match's setup and each deal's record as entered (canonical JSON), and the rules'
running state after the last deal. Deltas and explanations are recomputed by the game's rules on
every read. An edit, delete or undo re-scores the whole new record list before anything is
stored; an added deal answered minimally is scored from the running state instead.
Each change is stored with its audit entry in one transaction; on any error nothing is kept.
Locking and the parsed-record cache live in ``match_store``; parsing and scoring in ``scoring``.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, select

from ..limits import DEALS_PER_MATCH
from ..models.match import AuditEntry, Deal, Match, utcnow
from ..rules.base import InvalidDeal, MatchFinished
from . import match_append, match_identity, match_setup, match_store, match_write, scoring
from .errors import Conflict, NotFound, StaleAdd
from .match_store import Row
from .messages import Msg

__all__ = [
    "check_token",
    "create_match",
    "delete_deal",
    "get_match",
    "history",
    "match_state",
    "match_token",
    "record_deal",
    "rematch",
    "replace_deal",
    "undo_last_deal",
]


def get_match(*, session: Session, match_id: str) -> Match:
    """The match with this id; NotFound otherwise."""
    match = session.get(Match, match_id) if match_write.valid_id(match_id) else None
    if match is None:
        raise match_write.not_found()
    return match


_TOKEN = sa.select(Match.__table__.c.token).where(Match.__table__.c.id == sa.bindparam("match_id_"))


def match_token(*, session: Session, match_id: Any) -> str:
    """The match's secret, read without building the whole Match (API auth); NotFound."""
    if not match_write.valid_id(match_id):
        raise match_write.not_found()
    token = session.execute(_TOKEN, {"match_id_": match_id}).scalar()
    if token is None:
        raise match_write.not_found()
    return token


def check_token(match: Match, token: Any) -> bool:
    """Whether ``token`` is this match's secret (constant-time compare)."""
    if not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(match.token.encode(), token.encode())


def match_state(*, session: Session, match: Match) -> dict:
    """The API.md match state plus version, stake, currency, title (and money for marias)."""
    game, options = scoring.rules(match)
    n_players = len(match.players)
    hit = match_store.cached(session, match.id, match.version)
    if hit is None:
        rows = match_store.load_rows(session, match.id)
        records = [
            scoring.parse(game, options, n_players, r.record, n) for n, r in enumerate(rows, 1)
        ]
    else:
        rows, records = hit
    result = scoring.score(game, options, n_players, records)
    return scoring.state(match, game, options, rows, result)


def create_match(
    *,
    session: Session,
    game: Any,
    preset: Any = None,
    players: Any,
    options: Any = None,
    stake: Any = None,
    currency: Any = None,
    title: Any = None,
    actor: str | None = None,
) -> Match:
    """Check the setup with the game's rules and store a new match (with a fresh token)."""
    fields = match_setup.check(
        game=game,
        preset=preset,
        players=players,
        options=options,
        stake=stake,
        currency=currency,
        title=title,
    )
    return _insert(session, Match(**fields), None, actor)


def rematch(*, session: Session, match_id: str, actor: str | None = None) -> Match:
    """A new match with the same players, options, stake and title, and a fresh token."""
    old = get_match(session=session, match_id=match_id)
    for guard in match_write.REMATCH_GUARDS:
        if reason := guard(session, old.id):
            raise Conflict(reason, field="match")
    match = Match(
        game=old.game,
        preset=old.preset,
        # a finished Mariáš session's Finish (finished_after) belongs to that match, not this one
        options={k: v for k, v in old.options.items() if k != "finished_after"},
        players=list(old.players),
        stake=old.stake,
        currency=old.currency,
        title=old.title,
    )
    return _insert(session, match, {"rematch_of": old.id}, actor)


def _insert(session: Session, match: Match, before: Any, actor: str | None) -> Match:
    scoring.start_running(match)
    try:
        session.add(match)
        session.flush()  # the match row first: the audit entry refers to it
        match_write.audit(
            session, match.id, "create", None, before, match_setup.summary(match), actor
        )
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return match


def record_deal(
    *,
    session: Session,
    match_id: str,
    record: Any,
    idempotency_key: str | None = None,
    actor: str | None = None,
    expected_n: int | None = None,
    minimal: bool = False,
    authorise: Callable[[str], None] | None = None,
) -> dict:
    """Add a deal at the end; a repeated idempotency key answers as the first time did: the
    same deal, in the match as it is now (``"repeat": True`` marks it for the caller).

    ``minimal``: answer only the new deal and the totals (API.md v2 ``Prefer: return=minimal``).

    ``expected_n``: the number the deal gets on the page it was entered on; when another phone
    added deals meanwhile it is refused (StaleAdd), so the table can check it is not the same
    deal twice. A repeat of a stored key still gets its first answer.

    ``authorise(token)``: called with the match's secret as soon as the match is read, before
    anything else is checked (raises to refuse; the API's bearer check).
    """
    key = idempotency_key
    _check_key(key)

    def check(n: int) -> None:
        if expected_n is not None and expected_n != n:
            raise StaleAdd(
                Msg("match.deals_added", num=n - expected_n)
                if n > expected_n
                else Msg("match.deals_changed"),
                deals=n - 1,
            )
        if n > DEALS_PER_MATCH:
            raise InvalidDeal("deal", Msg("match.deals_limit", n=DEALS_PER_MATCH))

    def store(db: Any, game: Any, parsed: Any) -> Row:
        canonical = game.record_to_json(parsed)
        deal_id = match_store.insert(
            db,
            Deal.__table__,
            match_id=match_id,
            record=canonical,
            version=1,
            created_at=utcnow(),
        )
        return match_store.make_row(deal_id, canonical, 1)

    def add(rows: list[Row], records: list[Any], *, game: Any, options: Any, n_players: int):
        n = len(rows) + 1
        check(n)
        parsed = scoring.parse(game, options, n_players, record, n)
        records.append(parsed)
        rows.append(store(session, game, parsed))
        return "add", n, None, rows[-1].record

    append = match_write.Append(record, check, store)
    answer = None
    if minimal:  # a phone's save: its own lane, without the Session where it can
        answer = match_append.save(session, match_id, append, actor, key, authorise)
    if answer is None:
        answer = match_write.write(
            session,
            match_id,
            add,
            actor,
            idempotency_key,
            minimal=minimal,
            append=append,
            authorise=authorise,
        )
    if isinstance(answer, match_write.Repeat):
        return _repeated(session, match_id, answer, minimal)
    return answer


def _check_key(key: Any) -> None:
    """Refuse an idempotency key that is not printable ASCII text of 1 to 200 characters."""
    if key is not None and not _valid_key(key):
        raise InvalidDeal("idempotency_key", Msg("match.idempotency_key"))


def _valid_key(key: Any) -> bool:
    return isinstance(key, str) and 0 < len(key) <= 200 and key.isascii() and key.isprintable()


def _repeated(session: Session, match_id: str, first: match_write.Repeat, minimal: bool) -> dict:
    """The answer to a repeat of a stored key: the match as it is now (``minimal``: the first
    answer's deal and the totals now), marked ``"repeat": True``."""
    match = get_match(session=session, match_id=match_id)
    now = match_state(session=session, match=match)
    if minimal:
        now = scoring.minimal_from_state(now, first.get("deal") or {})
    now["repeat"] = True
    return now


def replace_deal(
    *,
    session: Session,
    match_id: str,
    n: int,
    record: Any,
    expected_version: int | None = None,
    expected_etag: str | None = None,
    actor: str | None = None,
) -> dict:
    """Replace deal ``n``'s record; everything after it is recomputed (and must still hold).

    ``expected_etag``: the etag of the deal the phone saw at ``n``; StaleDeal (with the deal
    now at ``n`` and where the phone's deal went) when it is another one, and nothing changes.
    """

    def edit(rows: list[Row], records: list[Any], *, game: Any, options: Any, n_players: int):
        i = match_identity.deal_at(rows, n, expected_version, expected_etag)
        records[i] = scoring.parse(game, options, n_players, record, n)
        canonical = game.record_to_json(records[i])
        old = rows[i]
        rows[i] = match_store.make_row(old.id, canonical, old.version + 1)
        table = Deal.__table__
        session.execute(
            sa.update(table)
            .where(table.c.id == old.id)
            .values(record=canonical, version=old.version + 1)
        )
        return "edit", n, old.record, canonical

    try:
        with match_identity.explained(lambda: _deals_now(session, match_id)):
            return match_write.write(session, match_id, edit, actor)
    except MatchFinished as error:
        raise _ends_earlier(error) from None


def _ends_earlier(error: MatchFinished) -> MatchFinished:
    """An edit that decides the match before its last deal: say which deals to delete first."""
    first, last = error.deal or 0, error.total or error.deal or 0
    if first < 2:
        return error
    message = Msg("match.ends_earlier", decided=first - 1, deals=_deals(first, last))
    return MatchFinished("deal", message, deal=first, total=last)


def _deals(first: int, last: int) -> Msg:
    """Deals ``first`` to ``last`` as a message says them ("deal 5", "deals 5 to 8")."""
    if first == last:
        return Msg("match.one_deal", n=first)
    return Msg("match.deal_range", first=first, last=last)


def delete_deal(
    *,
    session: Session,
    match_id: str,
    n: int,
    expected_version: int | None = None,
    expected_etag: str | None = None,
    actor: str | None = None,
) -> dict:
    """Remove deal ``n``; the later deals move up one number and everything is recomputed."""
    return _remove(session, match_id, n, expected_version, expected_etag, actor, "delete")


def undo_last_deal(
    *, session: Session, match_id: str, expected_etag: str | None = None, actor: str | None = None
) -> dict:
    """Remove the last deal (audit action "undo"); NotFound when there is none, StaleDeal when
    the last deal is not the one with ``expected_etag``."""
    return _remove(session, match_id, None, None, expected_etag, actor, "undo")


def _remove(
    session: Session,
    match_id: str,
    n: int | None,
    expected_version: int | None,
    expected_etag: str | None,
    actor: str | None,
    action: str,
) -> dict:
    def remove(rows: list[Row], records: list[Any], **_context: Any):
        if n is None and not rows and expected_etag is None:
            raise NotFound(Msg("match.no_deal_to_undo"), field="n")
        at = len(rows) if n is None else n
        i = match_identity.deal_at(rows, at, expected_version, expected_etag)
        row = rows.pop(i)
        records.pop(i)
        session.execute(sa.delete(Deal.__table__).where(Deal.__table__.c.id == row.id))
        return action, i + 1, row.record, None

    with match_identity.explained(lambda: _deals_now(session, match_id)):
        return match_write.write(session, match_id, remove, actor)


def _deals_now(session: Session, match_id: str) -> list[dict]:
    return match_state(session=session, match=get_match(session=session, match_id=match_id))[
        "deals"
    ]


def history(*, session: Session, match_id: str) -> list[dict]:
    """The audit trail, oldest first: when (ISO 8601, UTC; also as "at"), action, n, before,
    after, actor."""
    get_match(session=session, match_id=match_id)
    entries = session.exec(
        select(AuditEntry).where(AuditEntry.match_id == match_id).order_by(AuditEntry.id)
    )
    return [
        {
            "when": e.at.isoformat(),
            "at": e.at.isoformat(),
            "action": e.action,
            "n": e.n,
            "before": e.before,
            "after": e.after,
            "actor": e.actor,
        }
        for e in entries
    ]
