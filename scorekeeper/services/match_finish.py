"""Finishing an open Mariáš session (docs/rules.md §4 v2 "The end of a match"; docs/api.md,
finish).

A Mariáš match agreed at no number of deals is an open session: it ends when the table says
so. ``finish_match`` stores that as the option ``finished_after`` (the number of deals played),
so the rules decide the rest as for an agreed number of deals: the highest balance wins, and a
shared top balance plays one more round of one deal per player, again until one player leads.
Other matches end by their own rules, so finishing them is a Conflict (409).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from ..models.match import Match
from . import match_guards, match_store, match_write, scoring
from .errors import Conflict
from .match_store import Row
from .messages import Msg


class _Finished:
    """The locked match row with its new options (what ``scoring.state`` reads)."""

    def __init__(self, row: Any, options: dict[str, Any]):
        self._row = row
        self.options = options

    def __getattr__(self, name: str) -> Any:
        return getattr(self._row, name)


def finish_match(*, session: Session, match_id: Any, actor: str | None = None) -> dict:
    """End an open Mariáš session after the deals played so far; the new match state."""
    if not match_write.valid_id(match_id):
        raise match_write.not_found()
    with match_store.writer(session):
        try:
            match = match_guards.lock_for_change(session, match_id)
            state, new_options = _finish(session, match_id, match, actor)
            session.commit()
        except BaseException:
            session.rollback()
            raise
    match_store.update_orm_copy(session, match)
    obj = session.identity_map.get(session.identity_key(Match, match_id))
    if obj is not None:
        set_committed_value(obj, "options", new_options)
    return state


def _finish(
    session: Session, match_id: str, match: Any, actor: str | None
) -> tuple[dict, dict[str, Any]]:
    """Store ``finished_after`` in the locked match's options and audit it: (the new state,
    the new options)."""
    game, options = scoring.rules(match)
    rows = _rows_to_finish(session, match_id, game, options)
    n_players = len(match.players)
    records = [scoring.parse(game, options, n_players, r.record, n) for n, r in enumerate(rows, 1)]
    new_options = {**match.options, "finished_after": len(rows)}
    finished = _Finished(match, new_options)
    game, options = scoring.rules(finished)
    result = scoring.score(game, options, n_players, records)
    table = Match.__table__
    session.execute(sa.update(table).where(table.c.id == match_id).values(options=new_options))
    match_write.audit(
        session, match_id, "finish", len(rows), None, {"finished_after": len(rows)}, actor
    )
    return scoring.state(finished, game, options, rows, result), new_options


def _rows_to_finish(session: Session, match_id: str, game: Any, options: Any) -> list[Row]:
    """The deals of a match that may be finished now (an open session not finished yet, with a
    deal played); else Conflict."""
    if not game.ends_by_finish(options):
        raise Conflict(Msg("match.finish_not_open"), field="finish")
    if options.finished_after is not None:
        raise Conflict(Msg("match.finished_already"), field="finish")
    rows = match_store.load_rows(session, match_id)
    if not rows:
        raise Conflict(Msg("match.finish_no_deals"), field="finish")
    return rows
