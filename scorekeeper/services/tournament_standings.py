"""Standings of a tournament: gather confirmed table results and rank them (RULES.md §6).

Only confirmed tables count. The ranking and tie-breaks are the pure ``tournament.standings``; this
module only turns rows of the database into its input and its output into API.md JSON.
"""

from __future__ import annotations

import copy
import time
from collections import OrderedDict
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from ..models.match import Match
from ..models.tournament import (
    Tournament,
    TournamentAudit,
    TournamentPlayer,
    TournamentRound,
    TournamentTable,
)
from ..tournament import prizes
from ..tournament import standings as ranking
from . import tournament_common as common


def kind_of(tournament: Tournament) -> str:
    """The standings kind of ``tournament.standings``: marias, marianna (teams) or twoplayer."""
    return common.standings_kind(tournament)


def round_results(
    session: Session,
    tournament: Tournament,
    pending: dict[str, list[int]] | None = None,
    tables: common.Tables | None = None,
) -> list[ranking.RoundResult]:
    """Per round up to the last with a confirmed table: its confirmed tables and its byes.

    ``pending`` (if given) gathers, per player, the rounds whose table is not yet confirmed;
    ``tables``: the request's loaded matches (else loaded here when a table needs its deals).

    With table placings a round counts only once every table is confirmed: the ranking charges a
    missing round the worst place, which must not hit players whose table is still playing.
    """
    spec = ranking.KINDS[kind_of(tournament)]
    whole_rounds_only = tournament.ranking == "placings"
    loaded = common.load_all_tables(session, tournament.id)
    if tables is None:
        tables = common.Tables(session)
        if any(common.needs_matches(round_tables) for _r, round_tables in loaded):
            tables.preload(tournament.id)
    rounds: list[ranking.RoundResult] = []
    last_counted, stopped = 0, False
    for rnd, round_tables in loaded:
        counted, complete = _counted_tables(tables, rnd, round_tables, spec, pending)
        stopped = stopped or (whole_rounds_only and not complete)
        if stopped:
            continue  # later rounds wait too, but their unconfirmed tables are still pending
        rounds.append(ranking.RoundResult(tables=tuple(counted), byes=tuple(rnd.bye_ids)))
        if counted:
            last_counted = len(rounds)
    return rounds[:last_counted]


def _counted_tables(
    tables: common.Tables,
    rnd: TournamentRound,
    round_tables: list[TournamentTable],
    spec: ranking.Kind,
    pending: dict[str, list[int]] | None,
) -> tuple[list[ranking.TableResult], bool]:
    """A round's confirmed table results, and whether every table of it is confirmed."""
    counted, complete = [], True
    for table in round_tables:
        confirmed, scores, winner = common.counted_result(
            tables, table, closed=rnd.status == "closed", by_winner=spec.by_winner
        )
        if confirmed:
            players = tuple(table.player_ids)
            counted.append(ranking.TableResult(players, tuple(scores), winner))
            continue
        complete = False
        if pending is not None:
            for pid in table.player_ids:
                pending.setdefault(pid, []).append(rnd.number)
    return counted, complete


def standings_of(
    session: Session, tournament: Tournament, tables: common.Tables | None = None
) -> dict[str, Any]:
    """API.md standings JSON plus "tournament" (name, venue, date, rounds_planned, game, and
    what its pages need: ``teams``, ``standings_kind``)."""
    # an entrant withdrawn before the first round never played: not a row of the standings
    entrants = common.load_players(session, tournament.id)
    players = {p.id: p.name for p in entrants if p.withdrawn_after != 0}
    pending: dict[str, list[int]] = {}
    rounds = round_results(session, tournament, pending, tables)
    document = ranking.standings_json(
        kind=kind_of(tournament),
        rounds=rounds,
        players=players,
        lot_seed=tournament.seed,
        ranking=tournament.ranking or "balance",
        drop_rounds=tournament.drop_rounds or "none",
        pending=pending,
        tiebreaks=tournament.tiebreaks,
    )
    byes = _bye_rounds(rounds)  # RULES.md §6: marked wherever a bye's figure is shown
    for row in document["rows"]:
        row["bye_rounds"] = byes.get(row["player_id"], [])
    by_id = {p.id: p for p in entrants}
    for row in document["rows"]:  # what a category table and the club table pick rows by
        row["categories"] = list(by_id[row["player_id"]].categories or [])
        row["club"] = by_id[row["player_id"]].club
    document["tournament"] = {
        "id": tournament.id,
        "name": tournament.name,
        "venue": tournament.venue,
        "date": tournament.date,
        "rounds_planned": tournament.rounds_planned,
        "game": tournament.game,
        "ranking": tournament.ranking,
        "stake": tournament.stake,
        "currency": tournament.currency,
        "drop_rounds": tournament.drop_rounds,
        "language": tournament.language,
        "seed": tournament.seed,
        "teams": common.is_team_game(tournament),
        "standings_kind": kind_of(tournament),
        # players who withdrew after playing: still ranked, marked on the sheets
        "withdrawn": [p.id for p in entrants if p.withdrawn_after],
        "tiebreaks": document["tiebreaks"],
        "fee": tournament.fee,
        "payout": list(tournament.payout or []),
        "club_best_n": tournament.club_best_n,
        "categories": categories_in_use(entrants),
        "clubs": any(p.club for p in entrants),
    }
    return document


def _bye_rounds(rounds: list[ranking.RoundResult]) -> dict[str, list[int]]:
    """Entrant id -> the numbers of the counted rounds in which it had a bye."""
    found: dict[str, list[int]] = {}
    for number, rnd in enumerate(rounds, start=1):
        for pid in rnd.byes:
            found.setdefault(pid, []).append(number)
    return found


def categories_in_use(entrants: list[TournamentPlayer]) -> list[str]:
    """The categories the entrants have: the built-in ones first, then the others as typed."""
    found: list[str] = []
    for p in entrants:
        found += [c for c in p.categories or [] if not any(prizes.same(c, f) for f in found)]
    built_in = [k for k in prizes.BUILT_IN if k in found]
    return built_in + [c for c in found if c not in prizes.BUILT_IN]


#: How long a poll may reuse the fingerprint this process computed last (seconds): 500 phones
#: polling every 20 s then cost one pair of queries every 2 s, not 25 a second.
FINGERPRINT_TTL = 2.0
_MARKS = common.POLL_MARKS


def fingerprint(session: Session, tournament_id: str, *, fresh: bool = False) -> str:
    """A short text that changes whenever anything the standings show may have changed.

    Every change of players, draws and results is audited (its newest id), and every deal bumps
    its match's version: two small aggregate queries, reused for ``FINGERPRINT_TTL`` seconds by
    polls (``fresh`` skips the reuse; a change made in this process clears it).
    """
    now = time.monotonic()
    held = _MARKS.get(tournament_id)
    if not fresh and held is not None and now - held[0] < FINGERPRINT_TTL:
        return held[1]
    mark = _fingerprint(session, tournament_id)
    _MARKS[tournament_id] = (now, mark)
    if len(_MARKS) > 1000:
        _MARKS.clear()
    return mark


def recent_mark(tournament_id: str) -> bool:
    """True when a poll may reuse this tournament's fingerprint (it exists, seen just now)."""
    held = _MARKS.get(tournament_id)
    return held is not None and time.monotonic() - held[0] < FINGERPRINT_TTL


def _fingerprint(session: Session, tournament_id: str) -> str:
    last_audit = session.exec(
        select(func.max(TournamentAudit.id), func.count(TournamentAudit.id)).where(
            TournamentAudit.tournament_id == tournament_id
        )
    ).one()
    versions = session.exec(
        select(func.sum(Match.version), func.count(Match.id))
        .join(TournamentTable, TournamentTable.match_id == Match.id)
        .join(TournamentRound, TournamentRound.id == TournamentTable.round_id)
        .where(TournamentRound.tournament_id == tournament_id)
    ).one()
    return f"{last_audit[0] or 0}.{last_audit[1]}.{versions[0] or 0}.{versions[1]}"


_CACHE: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
_CACHE_SIZE = 64


def cached_standings(
    session: Session,
    tournament: Tournament,
    mark: str,
    *,
    copy_it: bool = True,
    tables: common.Tables | None = None,
) -> dict[str, Any]:
    """``standings_of`` computed once per fingerprint ``mark`` (a copy that callers may change,
    unless ``copy_it`` is false: then read it only)."""
    key = (tournament.id, mark)
    document = _CACHE.get(key)
    if document is None:
        document = standings_of(session, tournament, tables)
        _CACHE[key] = document
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return copy.deepcopy(document) if copy_it else document
