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
from . import league_facts, tournament_league
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
    premium = common.is_league(tournament)  # RULES.md §6b: each table's PB as well
    loaded = common.load_all_tables(session, tournament.id)
    if tables is None:
        tables = _tables_for(session, tournament.id, loaded)
    # every round is read, so that its unconfirmed tables are pending even when it waits
    results = [
        (rnd, *_counted_tables(tables, rnd, round_tables, spec, pending, premium))
        for rnd, round_tables in loaded
    ]
    return _up_to_last_counted(_counting_rounds(results, whole_rounds_only))


def _tables_for(
    session: Session, tournament_id: str, loaded: list[tuple[TournamentRound, list]]
) -> common.Tables:
    """The request's matches, every one loaded at once when a table needs its deals."""
    tables = common.Tables(session)
    if any(common.needs_matches(round_tables) for _r, round_tables in loaded):
        tables.preload(tournament_id)
    return tables


def _counting_rounds(
    results: list[tuple[TournamentRound, list[ranking.TableResult], bool]],
    whole_rounds_only: bool,
) -> list[ranking.RoundResult]:
    """Each round's counted tables and byes; with ``whole_rounds_only``, the rounds before the
    first one with a table not yet confirmed (the later ones wait too)."""
    rounds: list[ranking.RoundResult] = []
    for rnd, counted, complete in results:
        if whole_rounds_only and not complete:
            break
        rounds.append(ranking.RoundResult(tables=tuple(counted), byes=tuple(rnd.bye_ids)))
    return rounds


def _up_to_last_counted(rounds: list[ranking.RoundResult]) -> list[ranking.RoundResult]:
    """The rounds up to the last one with a counted table."""
    while rounds and not rounds[-1].tables:
        rounds.pop()
    return rounds


def _counted_tables(
    tables: common.Tables,
    rnd: TournamentRound,
    round_tables: list[TournamentTable],
    spec: ranking.Kind,
    pending: dict[str, list[int]] | None,
    premium: bool = False,
) -> tuple[list[ranking.TableResult], bool]:
    """A round's confirmed table results (``premium``: with their PB), and whether every table
    of it is confirmed."""
    counted, complete = [], True
    for table in round_tables:
        confirmed, scores, winner = common.counted_result(
            tables, table, closed=rnd.status == "closed", by_winner=spec.by_winner
        )
        if confirmed:
            counted.append(_table_result(tables, table, scores, winner, premium))
            continue
        complete = False
        _mark_pending(pending, table, rnd.number)
    return counted, complete


def _table_result(
    tables: common.Tables, table: TournamentTable, scores: list[int], winner: Any, premium: bool
) -> ranking.TableResult:
    """A confirmed table as the ranking reads it (``premium``: with its PB)."""
    players = tuple(table.player_ids)
    pb = tuple(_premium(tables, table, len(players))) if premium else ()
    return ranking.TableResult(players, tuple(scores), winner, pb)


def _mark_pending(
    pending: dict[str, list[int]] | None, table: TournamentTable, number: int
) -> None:
    """Note round ``number`` as pending for each player of an unconfirmed table."""
    if pending is not None:
        for pid in table.player_ids:
            pending.setdefault(pid, []).append(number)


def _premium(tables: common.Tables, table: TournamentTable, seats: int) -> list[int]:
    """A counted table's PB per seat: typed with its figures, else its deals' (RULES.md §6b)."""
    if table.manual_scores is not None:
        return league_facts.table_pb(table.manual_scores, table.manual_pb, [], seats)
    state = tables.state(tables.match(table.match_id))
    return league_facts.table_pb(None, None, state["deals"], seats)


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
    document = _ranked(tournament, rounds, players, pending)
    _mark_rows(document["rows"], rounds, entrants)
    document["tournament"] = _tournament_json(tournament, entrants, document["tiebreaks"])
    return document


def _ranked(
    tournament: Tournament,
    rounds: list[ranking.RoundResult],
    players: dict[str, str],
    pending: dict[str, list[int]],
) -> dict[str, Any]:
    """The standings document of the pure maths: a league evening's or the standard one."""
    if common.is_league(tournament):  # RULES.md §6b: parts, SB = ZB + PB, BP
        return tournament_league.standings_json(tournament, rounds, players, pending)
    return ranking.standings_json(
        kind=kind_of(tournament),
        rounds=rounds,
        players=players,
        lot_seed=tournament.seed,
        ranking=tournament.ranking or "balance",
        drop_rounds=tournament.drop_rounds or "none",
        pending=pending,
        tiebreaks=tournament.tiebreaks,
    )


def _mark_rows(
    rows: list[dict[str, Any]], rounds: list[ranking.RoundResult], entrants: list[TournamentPlayer]
) -> None:
    """Each row's bye rounds (RULES.md §6: marked wherever a bye's figure is shown), and the
    categories and club a category table and the club table pick rows by."""
    byes = _bye_rounds(rounds)
    by_id = {p.id: p for p in entrants}
    for row in rows:
        row["bye_rounds"] = byes.get(row["player_id"], [])
        row["categories"] = list(by_id[row["player_id"]].categories or [])
        row["club"] = by_id[row["player_id"]].club


def _tournament_json(
    tournament: Tournament, entrants: list[TournamentPlayer], tiebreaks: Any
) -> dict[str, Any]:
    """The standings' "tournament": its set-up and what its pages need."""
    return {
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
        "tiebreaks": tiebreaks,
        "fee": tournament.fee,
        "payout": list(tournament.payout or []),
        "club_best_n": tournament.club_best_n,
        "categories": categories_in_use(entrants),
        "clubs": any(p.club for p in entrants),
        **league_facts.settings_json(tournament),
    }


def _bye_rounds(rounds: list[ranking.RoundResult]) -> dict[str, list[int]]:
    """Entrant id -> the numbers of the counted rounds in which it had a bye."""
    found: dict[str, list[int]] = {}
    for number, rnd in enumerate(rounds, start=1):
        for pid in rnd.byes:
            found.setdefault(pid, []).append(number)
    return found


def categories_in_use(entrants: list[TournamentPlayer]) -> list[str]:
    """The categories the entrants have: the built-in ones first, then the others as typed."""
    found = _categories_of(entrants)
    built_in = [k for k in prizes.BUILT_IN if k in found]
    return built_in + [c for c in found if c not in prizes.BUILT_IN]


def _categories_of(entrants: list[TournamentPlayer]) -> list[str]:
    """Every category the entrants have, each once, as first typed."""
    found: list[str] = []
    for p in entrants:
        found += _new_categories(p.categories or [], found)
    return found


def _new_categories(categories: list[str], found: list[str]) -> list[str]:
    """The categories not yet ``found`` (``prizes.same``: as the prizes compare them)."""
    return [c for c in categories if not any(prizes.same(c, f) for f in found)]


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
    if not fresh and _still_fresh(held, now):
        return held[1]  # type: ignore[index]
    mark = _fingerprint(session, tournament_id)
    _MARKS[tournament_id] = (now, mark)
    if len(_MARKS) > 1000:
        _MARKS.clear()
    return mark


def recent_mark(tournament_id: str) -> bool:
    """True when a poll may reuse this tournament's fingerprint (it exists, seen just now)."""
    return _still_fresh(_MARKS.get(tournament_id), time.monotonic())


def _still_fresh(held: tuple[float, str] | None, now: float) -> bool:
    """Whether a fingerprint computed at ``held[0]`` may still serve a poll at ``now``."""
    return held is not None and now - held[0] < FINGERPRINT_TTL


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
