"""Rounds of a tournament: confirm a draw, start, close, cancel (the draw itself, its preview and
seeds: ``tournament_draws``; table results: ``tournament_results``).

A draw is a pure function of its inputs and seed (``tournament.draw``), so a preview stores nothing:
confirming re-runs it with the shown seed. Confirming turns every table into an ordinary match
(checked by ``match_setup`` like any new match) with its own token, all in one transaction: a
refused draw stores nothing, and a second draw of the same round at the same time is a 409
(``Conflict``) with no match left behind. Table results count once confirmed by a second player at
the table (table token) or by the organiser.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session

from ..models.match import AuditEntry, Match
from ..models.tournament import Tournament, TournamentRound, TournamentTable, _now
from ..tournament import draw as drawing
from . import bulk, match_setup, matches, scoring, tournament_json
from . import tournament_common as common
from .errors import Conflict
from .messages import Msg
from .tournament_draws import draw_for, new_seed, next_round_number, preview_draw, round_seed
from .tournament_results import confirm_table, set_manual_result  # noqa: F401 (old home)

__all__ = [
    "cancel_round",
    "close_round",
    "confirm_round",
    "draw_next_round",
    "new_seed",
    "preview_draw",
    "start_round",
]


def seat_order(tournament: Tournament, entrants: Sequence[Any]) -> list[str]:
    if common.is_team_game(tournament):
        a, b = entrants
        return [a.members[0], b.members[0], a.members[1], b.members[1]]
    return [e.name for e in entrants]


def confirm_round(
    *,
    session: Session,
    tournament_id: str,
    seed: Any = None,
    actor: str = "organiser",
    start: bool = False,
) -> dict[str, Any]:
    """Store the draw for ``seed`` as the next round, one match per table; answers the round.

    One transaction: a second draw of the same round at the same moment is a ``Conflict``."""
    try:
        return _confirm_round(session, tournament_id, seed, actor, start)
    except (IntegrityError, OperationalError):
        session.rollback()  # another draw of this round got in first: its matches stand, not ours
        raise Conflict(Msg("round.drawn_elsewhere"), field="round") from None


def _confirm_round(
    session: Session, tournament_id: str, seed: Any, actor: str, start: bool
) -> dict[str, Any]:
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    number = next_round_number(session, tournament)
    seed = round_seed(tournament, seed)
    result = draw_for(session, tournament, number, seed)
    made = _table_matches(session, tournament, number, result.tables)
    rnd = _new_round(tournament, number, seed, result)
    _write_draw(session, rnd, made, actor)
    common.audit(
        session,
        tournament,
        actor,
        "draw",
        round=number,
        after={"seed": seed, "tables": [list(t) for t in result.tables]},
    )
    if start:
        _start(tournament, rnd)
    session.commit()
    return round_answer(session, tournament, rnd)


def _new_round(
    tournament: Tournament, number: int, seed: int, result: drawing.Draw
) -> TournamentRound:
    """The drawn round's row (not yet written): its seed, repeats, kept-apart pairs and bye."""
    return TournamentRound(
        tournament_id=tournament.id,
        number=number,
        seed=seed,
        repeats=result.repeats,
        kept_apart_broken=[sorted(pair) for pair in result.kept_apart_broken],
        bye_ids=[result.bye] if result.bye else [],
    )


#: a drawn table: (its number, its entrants' ids, its match, built but not yet written)
_Made = tuple[int, Sequence[str], Match]


def _table_matches(
    session: Session, tournament: Tournament, number: int, drawn: Sequence[Sequence[str]]
) -> list[_Made]:
    """Every table's match checked and built before anything is written."""
    players = {p.id: p for p in common.load_players(session, tournament.id)}
    options = _match_options(tournament)
    return [
        (
            i,
            ids,
            _table_match(
                game=tournament.game,
                preset=tournament.preset,
                players=seat_order(tournament, [players[p] for p in ids]),
                options=options,
                stake=tournament.stake,
                currency=tournament.currency,
                title=None,
                title_parts={"event": tournament.name[:150], "round": number, "table": i},
            ),
        )
        for i, ids in enumerate(drawn, start=1)
    ]


def _match_options(tournament: Tournament) -> dict[str, Any]:
    """The tables' match options: the tournament's, with its deals per round where the game
    counts deals."""
    options = dict(tournament.options)
    if tournament.deals_per_round and "deals" in options:
        options["deals"] = tournament.deals_per_round
        options["extra_rounds"] = False  # docs/rules.md §4: in a tournament, §6 decides
    return options


def _write_draw(session: Session, rnd: TournamentRound, made: list[_Made], actor: str) -> None:
    """The write transaction (SQLite's one write lock): the prepared rows, a statement a table;
    on any failure nothing of the draw is kept."""
    match_rows = bulk.rows(match for _i, _ids, match in made)
    audit_rows = _audit_rows(made, actor)
    try:
        bulk.insert(session, Match, match_rows)
        session.add(rnd)
        session.flush()
        table_rows = [
            {"round_id": rnd.id, "number": i, "player_ids": list(ids), "match_id": match.id}
            for i, ids, match in made
        ]
        bulk.insert(session, TournamentTable, table_rows)
        bulk.insert(session, AuditEntry, audit_rows)
    except BaseException:
        session.rollback()
        raise


def _audit_rows(made: list[_Made], actor: str) -> list[dict[str, Any]]:
    """Each new match's "create" audit row, as a new match has."""
    return bulk.rows(
        AuditEntry(match_id=match.id, action="create", after=match_setup.summary(match),
                   actor=actor[:100])
        for _i, _ids, match in made
    )  # fmt: skip


def _table_match(title_parts: dict[str, Any], **setup: Any) -> Match:
    """A table's match, checked like any new match, with its running state; not yet written.
    Titled by its parts (event, round, table), which each page says in its reader's language."""
    match = Match(**match_setup.check(**setup), title_parts=title_parts)
    scoring.start_running(match)
    return match


def draw_next_round(
    *,
    session: Session,
    tournament_id: str,
    actor: str = "organiser",
    seed: Any = None,
    start: bool = True,
) -> dict[str, Any]:
    """API: close the current round if every table is confirmed, then draw the next and start
    it (``start=False``: drawn only, so its draw can still be changed; ``start_round`` starts
    it)."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rounds = common.load_rounds(session, tournament.id)
    if rounds and rounds[-1].status != "closed":
        close_round(
            session=session,
            tournament_id=tournament_id,
            number=rounds[-1].number,
            actor=actor,
            require_confirmed=True,
        )
    return confirm_round(
        session=session, tournament_id=tournament_id, seed=seed, actor=actor, start=start
    )


def round_answer(session: Session, tournament: Tournament, rnd: TournamentRound) -> dict:
    """A drawn round as the API answers a draw: round, repeats, bye, tables with their players,
    match ids and tokens."""
    names = {p.id: p.name for p in common.load_players(session, tournament.id)}
    tables = []
    for table in common.load_tables(session, rnd.id):
        match = matches.get_match(session=session, match_id=table.match_id)
        tables.append(
            {
                "table": table.number,
                "player_ids": list(table.player_ids),
                "players": [names[p] for p in table.player_ids],
                "match_id": match.id,
                "token": match.token,
            }
        )
    return tournament_json.round_json(rnd, names, tables)


def _start(tournament: Tournament, rnd: TournamentRound) -> None:
    rnd.status = "playing"
    rnd.started_at = _now()
    if tournament.round_minutes:
        rnd.ends_at = rnd.started_at + timedelta(minutes=tournament.round_minutes)


def start_round(
    *, session: Session, tournament_id: str, number: Any, actor: str = "organiser"
) -> TournamentRound:
    """Start a drawn round: the timer counts down from the round length."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, number)
    if rnd.status != "drawn":
        raise Conflict(Msg("round.started", n=rnd.number), field="round")
    _start(tournament, rnd)
    session.add(rnd)
    common.audit(session, tournament, actor, "start", round=rnd.number)
    session.commit()
    return rnd


def close_round(
    *,
    session: Session,
    tournament_id: str,
    number: Any,
    actor: str = "organiser",
    require_confirmed: bool = False,
) -> TournamentRound:
    """Close a round (unconfirmed tables keep not counting until someone confirms them)."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, number)
    if rnd.status == "closed":
        raise Conflict(Msg("round.closed", n=rnd.number), field="round")
    if require_confirmed:
        _check_all_confirmed(session, rnd)
    rnd.status = "closed"
    rnd.closed_at = _now()
    session.add(rnd)
    common.audit(session, tournament, actor, "close", round=rnd.number)
    session.commit()
    return rnd


def _check_all_confirmed(session: Session, rnd: TournamentRound) -> None:
    """Conflict naming the round's tables whose result is not confirmed."""
    loaded = common.Tables(session)
    open_tables = [
        t.number
        for t in common.load_tables(session, rnd.id)
        if not common.table_result(session, t, loaded)["confirmed"]
    ]
    if open_tables:
        raise Conflict(Msg("round.unconfirmed", n=rnd.number, t=tuple(open_tables)), field="round")


def cancel_round(
    *, session: Session, tournament_id: str, number: Any, actor: str = "organiser"
) -> None:
    """Take back the latest round's draw while nothing has been played at any of its tables."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    rnd = common.get_round(session, tournament, number)
    _check_latest_open(session, tournament, rnd)
    tables = common.load_tables(session, rnd.id)
    _check_unplayed(session, rnd, tables)
    common.audit(
        session,
        tournament,
        actor,
        "cancel",
        round=rnd.number,
        before={"seed": rnd.seed, "tables": [t.player_ids for t in tables]},
    )
    for table in tables:  # the empty matches stay behind, unlinked, as an ordinary match would
        session.delete(table)
    session.flush()
    session.delete(rnd)
    session.commit()


def _check_latest_open(session: Session, tournament: Tournament, rnd: TournamentRound) -> None:
    """Conflict unless the round is the latest one and not closed."""
    rounds = common.load_rounds(session, tournament.id)
    if rnd.number != rounds[-1].number or rnd.status == "closed":
        raise Conflict(Msg("round.cancel_latest"), field="round")


def _check_unplayed(session: Session, rnd: TournamentRound, tables: list[TournamentTable]) -> None:
    """Conflict when anything has been played (or typed) at any of the round's tables."""
    loaded = common.Tables(session)
    if any(common.table_result(session, t, loaded)["status"] != "waiting" for t in tables):
        raise Conflict(Msg("round.cancel_results", n=rnd.number), field="round")
