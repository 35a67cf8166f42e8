"""The crosstable of a tournament: who met whom in each round, with what result, byes marked.

One row per ranked entrant, in the order of the standings (the row's ``number`` is its line, so
a cell can name opponents by their line numbers as a chess crosstable does). Each row has one
cell per drawn round: the table, the opponents (names and entrant ids), the entrant's figure at
that table (Mariáš: the balance; pairs and teams: the points, with ``won`` and the opponents'
figures in ``opponent_results``) once the table's
result counts, ``pending`` while it waits for its confirmation, or ``bye`` with the bye's figure
(RULES.md §6: a win and the round's median), or nothing (``played`` false: a late entry, an
absence, a withdrawal). The rows come from the same confirmed results as the standings.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlmodel import Session

from ..models.tournament import Tournament, TournamentRound, TournamentTable
from . import tournament_common as common
from . import tournament_standings

__all__ = ["crosstable"]


def crosstable(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """API.md v3 crosstable: ``{"rows": [{"player_id", "player", "rounds": [...]}]}`` plus each
    row's ``number``, ``rank``, ``place`` and ``total``, and the document's ``rounds`` (the drawn
    round numbers) and ``tournament`` (as the standings carry it)."""
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    loaded = common.Tables(session).preload(tournament.id)
    mark = tournament_standings.fingerprint(session, tournament.id, fresh=True)
    standings = tournament_standings.cached_standings(
        session, tournament, mark, copy_it=False, tables=loaded
    )
    names = {p.id: p.name for p in common.load_players(session, tournament.id)}
    rounds = common.load_all_tables(session, tournament.id)
    seats = _seats(tournament, rounds, loaded)
    number = {row["player_id"]: i for i, row in enumerate(standings["rows"], start=1)}
    rows = [_row(row, rounds, seats, names, number) for row in standings["rows"]]
    return {
        "after_round": standings["after_round"],
        "rounds": [rnd.number for rnd, _t in rounds],
        "rows": rows,
        "tournament": standings["tournament"],
    }


def _row(row, rounds, seats, names, number) -> dict[str, Any]:
    """One entrant's row: its standing and a cell per drawn round."""
    pid = row["player_id"]
    return {
        "number": number[pid],
        "rank": row["rank"],
        "place": row["place"],
        "player_id": pid,
        "player": row["player"],
        "total": row["total"],
        "provisional": row.get("provisional", False),
        "rounds": [
            _cell(rnd, seats.get((rnd.number, pid)), row, names, number) for rnd, _t in rounds
        ],
    }


def _seats(
    tournament: Tournament,
    rounds: list[tuple[TournamentRound, list[TournamentTable]]],
    loaded: common.Tables,
) -> dict[tuple[int, str], dict[str, Any]]:
    """(round, entrant) -> where the entrant sat: table, opponents, figure, win, confirmed."""
    by_winner = common.needs_winner(tournament)
    seats: dict[tuple[int, str], dict[str, Any]] = {}
    for rnd, tables in rounds:
        for table in tables:
            counted = _Counted(
                *common.counted_result(
                    loaded, table, closed=rnd.status == "closed", by_winner=by_winner
                )
            )
            for seat, pid in enumerate(table.player_ids):
                seats[(rnd.number, pid)] = _seat(table, seat, pid, counted, by_winner)
    return seats


def _seat(
    table: TournamentTable, seat: int, pid: str, counted: _Counted, by_winner: bool
) -> dict[str, Any]:
    """Where one entrant sat: table, opponents, figure, win, confirmed."""
    return {
        "table": table.number,
        "others": [q for q in table.player_ids if q != pid],
        **_seat_result(counted, seat, by_winner),
        "pending": not counted.confirmed,
    }


class _Counted(NamedTuple):
    """A table's result as ``tournament_common.counted_result`` gives it."""

    confirmed: bool
    scores: list[int]
    winner: int | None


def _seat_result(counted: _Counted, seat: int, by_winner: bool) -> dict[str, Any]:
    """A seat's figure, its opponents' figures and whether it won (once confirmed)."""
    if not counted.confirmed:
        return {"result": None, "against": [], "won": None}
    scores = counted.scores
    return {
        "result": scores[seat] if seat < len(scores) else None,
        "against": _all_but(scores, seat),
        "won": (counted.winner == seat) if by_winner else None,
    }


def _all_but(scores: list[int], seat: int) -> list[int]:
    """The figures of the other seats (a seat's opponents'), in seat order."""
    return [x for i, x in enumerate(scores) if i != seat]


def _cell(rnd, seat, row, names, number) -> dict[str, Any]:
    """One round of one row (API.md v3: round, table, opponents, result, bye)."""
    if seat is not None:
        return _played_cell(rnd, seat, names, number)
    return _unseated_cell(rnd, row)


def _played_cell(rnd, seat, names, number) -> dict[str, Any]:
    """A round the entrant sat at a table."""
    return {
        "round": rnd.number,
        "table": seat["table"],
        "opponents": [names.get(q, "?") for q in seat["others"]],
        "opponent_ids": list(seat["others"]),
        "opponent_numbers": [number.get(q) for q in seat["others"]],
        "result": seat["result"],
        "opponent_results": seat["against"],
        "won": seat["won"],
        "bye": False,
        "pending": seat["pending"],
        "played": True,
    }


def _unseated_cell(rnd, row) -> dict[str, Any]:
    """A round the entrant had the bye (its figure, as the standings count it) or sat out."""
    figures = row.get("rounds") or []
    bye = row["player_id"] in rnd.bye_ids
    figure = figures[rnd.number - 1] if bye and rnd.number <= len(figures) else None
    return {
        "round": rnd.number,
        "table": None,
        "opponents": [],
        "opponent_ids": [],
        "opponent_numbers": [],
        "result": figure,
        "opponent_results": [],
        "won": True if bye else None,
        "bye": bye,
        "pending": False,
        "played": bye,
    }
