"""Match service: create matches, record/replace/delete deals, compute the match state.

Stored: the match's setup and each deal's record as entered (canonical JSON). Everything derived
(deltas, scores, winner, finished) is recomputed by the game's rules on every read and write,
never stored. Every write re-scores the whole new record list before anything is stored, then
stores the change and its audit entry in one transaction; on any error nothing is kept.

Writers on one match are serialised by bumping ``match.version`` as the transaction's first
statement: that takes SQLite's write lock (WAL) or PostgreSQL's row lock before any read, so a
check and the write it guards always see the same deals.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from flask_babel import gettext as _
from sqlmodel import Session, select

from ..models.match import AuditEntry, Deal, IdempotencyKey, Match, utcnow
from ..rules.base import InvalidDeal, MatchScore, RuleError
from ..rules.registry import get_game
from . import match_setup as _setup
from .errors import Conflict, NotFound

log = logging.getLogger(__name__)

__all__ = [
    "check_token",
    "create_match",
    "delete_deal",
    "get_match",
    "history",
    "match_state",
    "record_deal",
    "rematch",
    "replace_deal",
    "undo_last_deal",
]


@lru_cache(maxsize=256)
def _cached_options(game_name: str, preset: str, options_json: str) -> Any:
    return get_game(game_name).make_options(preset, json.loads(options_json))


def _rules(match: Match) -> tuple[Any, Any]:
    """The match's game and its options object (cached: options are frozen)."""
    options_json = json.dumps(match.options, sort_keys=True)
    return get_game(match.game), _cached_options(match.game, match.preset, options_json)


def _parse(game: Any, options: Any, n_players: int, data: Any, n: int) -> Any:
    """Parse one record; a rules crash on odd input is refused like any bad record."""
    if not isinstance(data, Mapping):
        raise InvalidDeal("", _("A deal record must be a JSON object."), deal=n)
    try:
        return game.parse_record(data, options, n_players)
    except InvalidDeal as error:
        if error.deal is None:
            error.deal = n
        raise
    except RuleError:
        raise
    except Exception as error:  # the rules must refuse bad input, never crash on it
        log.exception("rules %s crashed parsing deal %s: %r", game.name, n, data)
        raise InvalidDeal("", _("This deal record could not be read."), deal=n) from error


def _score(game: Any, options: Any, n_players: int, records: list[Any]) -> MatchScore:
    try:
        return game.score(options, n_players, records)
    except RuleError:
        raise
    except Exception as error:
        log.exception("rules %s crashed scoring %d deals", game.name, len(records))
        raise InvalidDeal("", _("These deals could not be scored.")) from error


def _deals(session: Session, match_id: str) -> list[Deal]:
    return list(session.exec(select(Deal).where(Deal.match_id == match_id).order_by(Deal.id)))


def _state(match: Match, game: Any, options: Any, deals: list[Deal], result: MatchScore) -> dict:
    items = []
    for n, (deal, scored) in enumerate(zip(deals, result.deals, strict=True), start=1):
        item = {
            "n": n,
            "record": deal.record,
            "delta": list(scored.delta),
            "explanation": list(scored.explanation),
            "version": deal.version,
        }
        for key, value in scored.extra.items():
            item.setdefault(key, value)
        items.append(item)
    state: dict[str, Any] = {
        "id": match.id,
        "game": match.game,
        "preset": match.preset,
        "options": match.options,
        "players": list(match.players),
        "sides": list(game.side_names(match.players, options)),
        "deals": items,
        "scores": list(result.scores),
        "finished": bool(result.finished),
        "winner": result.winner,
    }
    for key, value in result.extra.items():
        state.setdefault(key, value)
    if match.game == "marias":
        state["money"] = _setup.money(list(result.scores), match.stake)
    state.update(
        {
            "version": match.version,
            "stake": match.stake,
            "currency": match.currency,
            "title": match.title or _setup.default_title(game, match.players),
        }
    )
    return state


def _audit(
    session: Session,
    match: Match,
    action: str,
    n: int | None,
    before: Any,
    after: Any,
    actor: str | None,
) -> None:
    session.add(
        AuditEntry(match_id=match.id, action=action, n=n, before=before, after=after, actor=actor)
    )


def get_match(*, session: Session, match_id: str) -> Match:
    """The match with this id; NotFound otherwise."""
    match = session.get(Match, match_id) if isinstance(match_id, str) and match_id else None
    if match is None:
        raise NotFound(_("There is no match with this id."), field="id")
    return match


def check_token(match: Match, token: Any) -> bool:
    """Whether ``token`` is this match's secret (constant-time compare)."""
    if not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(match.token.encode(), token.encode())


def match_state(*, session: Session, match: Match) -> dict:
    """The API.md match state plus version, stake, currency, title (and money for marias)."""
    game, options = _rules(match)
    deals = _deals(session, match.id)
    n_players = len(match.players)
    records = [_parse(game, options, n_players, d.record, n) for n, d in enumerate(deals, 1)]
    return _state(match, game, options, deals, _score(game, options, n_players, records))


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
    match = Match(
        **_setup.check(
            game=game,
            preset=preset,
            players=players,
            options=options,
            stake=stake,
            currency=currency,
            title=title,
        )
    )
    session.add(match)
    session.flush()  # the match row first: the audit entry refers to it
    _audit(session, match, "create", None, None, _setup.summary(match), actor)
    session.commit()
    return match


def rematch(*, session: Session, match_id: str, actor: str | None = None) -> Match:
    """A new match with the same players, options, stake and title, and a fresh token."""
    old = get_match(session=session, match_id=match_id)
    match = Match(
        game=old.game,
        preset=old.preset,
        options=dict(old.options),
        players=list(old.players),
        stake=old.stake,
        currency=old.currency,
        title=old.title,
    )
    session.add(match)
    session.flush()
    _audit(session, match, "create", None, {"rematch_of": old.id}, _setup.summary(match), actor)
    session.commit()
    return match


def _lock(session: Session, match_id: str) -> Match:
    """Bump the match's version first thing in the transaction (the writers' lock), then load."""
    if not isinstance(match_id, str) or not match_id:
        raise NotFound(_("There is no match with this id."), field="id")
    table = Match.__table__
    done = session.execute(
        sa.update(table)
        .where(table.c.id == match_id)
        .values(version=table.c.version + 1, updated_at=utcnow())
    )
    if done.rowcount == 0:
        session.rollback()
        raise NotFound(_("There is no match with this id."), field="id")
    match = session.exec(
        select(Match).where(Match.id == match_id).execution_options(populate_existing=True)
    ).one()
    return match


Change = Callable[..., tuple[str, int, Any, Any]]


def _write(
    session: Session, match_id: str, change: Change, actor: str | None, key: str | None = None
) -> dict:
    """Lock, apply ``change`` to the deal list, re-score everything, store + audit, commit."""
    try:
        match = _lock(session, match_id)
        if key is not None:
            earlier = _find_key(session, match_id, key)
            if earlier is not None:
                session.rollback()
                return earlier
        game, options = _rules(match)
        n_players = len(match.players)
        deals = _deals(session, match_id)
        records = [_parse(game, options, n_players, d.record, n) for n, d in enumerate(deals, 1)]
        old = (deals[:], records[:])
        action, n, before, after = change(
            deals, records, game=game, options=options, n_players=n_players
        )
        result = _score(game, options, n_players, records)
        _audit(session, match, action, n, before, after, actor)
        if action != "add" and not result.finished:
            was = _score(game, options, n_players, old[1])
            if was.finished:
                _audit(
                    session,
                    match,
                    "reopen",
                    n,
                    {"finished": True, "winner": was.winner},
                    {"finished": False},
                    actor,
                )
        state = _state(match, game, options, deals, result)
        if key is not None:
            session.add(IdempotencyKey(match_id=match_id, key=key, response=state))
        session.commit()
        return state
    except BaseException:
        session.rollback()
        raise


def _find_key(session: Session, match_id: str, key: str) -> dict | None:
    row = session.exec(
        select(IdempotencyKey.response).where(
            IdempotencyKey.match_id == match_id, IdempotencyKey.key == key
        )
    ).first()
    return row


def _deal_at(deals: list[Deal], n: Any, expected_version: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(deals):
        raise NotFound(_("There is no deal %(n)s in this match.", n=n), field="n")
    deal = deals[n - 1]
    if expected_version is not None and expected_version != deal.version:
        raise Conflict(
            _(
                "Deal %(n)s was changed meanwhile (now version %(v)s); reload and try again.",
                n=n,
                v=deal.version,
            ),
            current=deal.version,
        )
    return n - 1


def record_deal(
    *,
    session: Session,
    match_id: str,
    record: Any,
    idempotency_key: str | None = None,
    actor: str | None = None,
) -> dict:
    """Add a deal at the end; a repeated idempotency key returns the first answer unchanged."""
    if idempotency_key is not None:
        earlier = _find_key(session, match_id, idempotency_key)
        session.rollback()  # end the read so the lock below is the transaction's first statement
        if earlier is not None:
            return earlier

    def add(deals: list[Deal], records: list[Any], *, game: Any, options: Any, n_players: int):
        n = len(deals) + 1
        parsed = _parse(game, options, n_players, record, n)
        canonical = game.record_to_json(parsed)
        records.append(parsed)
        deal = Deal(match_id=match_id, record=canonical)
        session.add(deal)
        deals.append(deal)
        return "add", n, None, canonical

    return _write(session, match_id, add, actor, idempotency_key)


def replace_deal(
    *,
    session: Session,
    match_id: str,
    n: int,
    record: Any,
    expected_version: int | None = None,
    actor: str | None = None,
) -> dict:
    """Replace deal ``n``'s record; everything after it is recomputed (and must still hold)."""

    def edit(deals: list[Deal], records: list[Any], *, game: Any, options: Any, n_players: int):
        i = _deal_at(deals, n, expected_version)
        parsed = _parse(game, options, n_players, record, n)
        canonical = game.record_to_json(parsed)
        before = deals[i].record
        records[i] = parsed
        deals[i].record = canonical
        deals[i].version += 1
        session.add(deals[i])
        return "edit", n, before, canonical

    return _write(session, match_id, edit, actor)


def delete_deal(
    *,
    session: Session,
    match_id: str,
    n: int,
    expected_version: int | None = None,
    actor: str | None = None,
) -> dict:
    """Remove deal ``n``; the later deals move up one number and everything is recomputed."""
    return _remove(session, match_id, n, expected_version, actor, "delete")


def undo_last_deal(*, session: Session, match_id: str, actor: str | None = None) -> dict:
    """Remove the last deal (audit action "undo"); NotFound when there is none."""
    return _remove(session, match_id, None, None, actor, "undo")


def _remove(
    session: Session,
    match_id: str,
    n: int | None,
    expected_version: int | None,
    actor: str | None,
    action: str,
) -> dict:
    def remove(deals: list[Deal], records: list[Any], **_rules_: Any):
        if n is None and not deals:
            raise NotFound(_("There is no deal to undo."), field="n")
        i = _deal_at(deals, len(deals) if n is None else n, expected_version)
        deal = deals.pop(i)
        records.pop(i)
        session.delete(deal)
        return action, i + 1, deal.record, None

    return _write(session, match_id, remove, actor)


def history(*, session: Session, match_id: str) -> list[dict]:
    """The audit trail, oldest first: when (ISO, UTC), action, n, before, after, actor."""
    get_match(session=session, match_id=match_id)
    rows = session.exec(
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
        for e in rows
    ]
