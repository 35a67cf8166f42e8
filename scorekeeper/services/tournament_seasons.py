"""Seasons (RULES.md §6a): a club's evenings, its league table and the players' ratings.

The league table is the pure ``tournament.season`` over each evening's standings (``place`` and the
evening result, by roster id); ratings are the pure ``tournament.ratings`` replayed over every
confirmed table of the roster's evenings in the fixed order of §6a (date, round, table).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, NamedTuple

from sqlmodel import Session, select

from ..models.season import RosterPlayer, Season
from ..models.tournament import Tournament, TournamentPlayer, TournamentRound, TournamentTable
from ..rules.base import RuleError
from ..tournament import ratings as rating_rules
from ..tournament import season as season_rules
from . import match_setup, tournament_standings
from . import tournament_common as common
from .errors import NotFound
from .messages import Msg


def create_season(
    *,
    session: Session,
    name: Any,
    scoring: Any = "sum",
    best_n: Any = None,
    top: Any = None,
    seed: Any = None,
    organiser_id: int | None = None,
) -> Season:
    """A new season; RuleError (field per input) for bad input."""
    name = " ".join(str(name or "").split()) if isinstance(name, str | type(None)) else None
    if not name:
        raise RuleError("name", Msg("season.name_missing"))
    if not name.isprintable():
        raise RuleError("name", Msg("setup.text_control"))
    if len(name) > 200:
        raise RuleError("name", match_setup.name_too_long(200))
    if scoring not in season_rules.SCORINGS:
        raise RuleError("scoring", Msg("season.scoring"))
    best_n, top = _count(best_n, "best_n"), _count(top, "top")
    seed = _count(seed, "seed", low=0)
    if seed is None:  # as a tournament's: a fresh random lot seed, not the same for every season
        seed = secrets.randbelow(1_000_000)
    season = Season(
        name=name, scoring=scoring, best_n=best_n, top=top, seed=seed, organiser_id=organiser_id
    )
    session.add(season)
    session.commit()
    session.refresh(season)
    return season


def _count(value: Any, field: str, low: int = 1) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError(field, Msg("number.whole"))
    try:
        number = int(value)
    except ValueError:
        raise RuleError(field, Msg("number.whole")) from None
    if not low <= number <= 1_000_000:
        raise RuleError(field, Msg("number.between", a=low, b=1_000_000))
    return number


def seasons_of(session: Session, organiser_id: int) -> list[Season]:
    """The organiser's seasons, oldest first."""
    return list(
        session.exec(
            select(Season).where(Season.organiser_id == organiser_id).order_by(Season.created_at)
        )
    )


def get_season(session: Session, season_id: Any) -> Season:
    season = session.get(Season, season_id) if isinstance(season_id, str) else None
    if season is None:
        raise NotFound(Msg("season.not_found"), field="id")
    return season


def evenings(session: Session, season: Season) -> list[Tournament]:
    """The season's evenings by date (then as created)."""
    found = session.exec(select(Tournament).where(Tournament.season_id == season.id)).all()
    return sorted(found, key=lambda t: (t.date or "", t.created_at, t.id))


def evening_result(row: dict[str, Any], tournament: Tournament) -> int | float:
    """What ``sum`` adds for one evening: the balance (Mariáš), fewer places (placings, as a
    negative), match points (two-player games) or the point difference (Marianna)."""
    figures = row.get("figures") or row.get("tiebreaks") or {}  # every tie-break's figure
    if common.game_of(tournament).zero_sum:  # balances at tables of three or four
        return -row["total"] if tournament.ranking == "placings" else row["total"]
    if "match_points" in figures:
        return figures["match_points"]
    return figures.get("point_difference", row["total"])


#: What is stable per evening while its standings fingerprint stays the same, by (tournament id,
#: fingerprint): its league-table facts and its confirmed tables for the ratings. Both are kept
#: by entrant id, so a roster merge (not audited per evening) is seen at once; bounded.
_RESULTS: OrderedDict[tuple[str, str], tuple[dict[str, tuple[str, int, Any]], int]] = OrderedDict()
_TABLES: OrderedDict[tuple[str, str], list[tuple[tuple[str, ...], tuple]]] = OrderedDict()
_RATINGS: OrderedDict[tuple, dict[str, rating_rules.Rating]] = OrderedDict()
_CACHE_SIZE = 1024


def clear_caches() -> None:
    """Forget every cached evening and rating (benchmarks, tests)."""
    _RESULTS.clear()
    _TABLES.clear()
    _RATINGS.clear()


def _remember(cache: OrderedDict, key: Any, value: Any, size: int = _CACHE_SIZE) -> Any:
    cache[key] = value
    while len(cache) > size:
        cache.popitem(last=False)
    return value


def _marks(session: Session, shown: Sequence[Tournament], *, fresh: bool = True) -> dict[str, str]:
    """Each evening's standings fingerprint (two small aggregate queries an evening); not
    ``fresh``: one this process computed in the last ``FINGERPRINT_TTL`` seconds may serve
    (every change made in this process forgets it at once)."""
    return {t.id: tournament_standings.fingerprint(session, t.id, fresh=fresh) for t in shown}


def _evening_results(session: Session, tournament: Tournament, mark: str):
    """(entrant id -> (name, place, evening result), players): cached per fingerprint."""
    key = (tournament.id, mark)
    if key in _RESULTS:
        _RESULTS.move_to_end(key)
        return _RESULTS[key]
    document = tournament_standings.cached_standings(session, tournament, mark, copy_it=False)
    results = {}
    if document["after_round"]:
        for row in document["rows"]:
            results[row["player_id"]] = (
                row["player"],
                row["place"],
                evening_result(row, tournament),
            )
    return _remember(_RESULTS, key, (results, len(document["rows"])))


def _evening(
    session: Session, tournament: Tournament, mark: str, to_roster: dict[str, str | None]
) -> tuple[season_rules.Evening, dict]:
    results, names = {}, {}
    by_entrant, players = _evening_results(session, tournament, mark)
    for entrant_id, (name, place, result) in by_entrant.items():
        rid = to_roster.get(entrant_id)
        if rid:
            results[rid] = season_rules.EveningResult(place, result)
            names[rid] = name
    return season_rules.Evening(tournament.id, results, players), names


def _roster_ids(session: Session, tournament_ids: list[str]) -> dict[str, str | None]:
    """Entrant id -> roster id for these evenings (one column query)."""
    if not tournament_ids:
        return {}
    found = session.exec(
        select(TournamentPlayer.id, TournamentPlayer.roster_id).where(
            TournamentPlayer.tournament_id.in_(tournament_ids)  # type: ignore[attr-defined]
        )
    ).all()
    return dict(found)


def season_table(session: Session, season_id: str) -> dict[str, Any]:
    """API.md v2: ``{"rows": [...], "season": {...}, "evenings": [...]}``."""
    season = get_season(session, season_id)
    shown = evenings(session, season)
    marks = _marks(session, shown)
    to_roster = _roster_ids(session, [t.id for t in shown])
    gathered = [_evening(session, t, marks[t.id], to_roster) for t in shown]
    names: dict[str, str] = {}
    for _e, got in gathered:
        names.update(got)
    current = {p.id: p.name for p in session.exec(
        select(RosterPlayer).where(RosterPlayer.id.in_(list(names)))  # type: ignore[attr-defined]
    ).all()} if names else {}  # fmt: skip
    players = {rid: current.get(rid, name) for rid, name in names.items()}
    rows = season_rules.season_table(
        [e for e, _n in gathered],
        players=players,
        scoring=season.scoring,
        best_n=season.best_n,
        top=season.top,
        seed=season.seed,
    )
    return {
        "season": season_json(season),
        "evenings": [
            {"id": t.id, "name": t.name, "date": t.date, "players": e.players}
            for t, (e, _n) in zip(shown, gathered, strict=True)
        ],
        "rows": [r.to_json() for r in rows],
    }


def season_json(season: Season) -> dict[str, Any]:
    return {
        "id": season.id,
        "name": season.name,
        "scoring": season.scoring,
        "best_n": season.best_n,
        "top": season.top,
        "seed": season.seed,
    }


def ratings(session: Session, owner: dict[str, Any]) -> dict[str, rating_rules.Rating]:
    """Every roster player's rating, replayed over the owner's evenings (RULES.md §6a order).

    Each evening's confirmed tables are cached per standings fingerprint, and the replay per
    (evenings, fingerprints, roster links): unchanged evenings are not read again."""
    query = select(Tournament)
    if "organiser_id" in owner:
        query = query.where(Tournament.organiser_id == owner["organiser_id"])
    else:
        query = query.where(Tournament.season_id == owner["season_id"])
    shown = sorted(session.exec(query).all(), key=lambda t: (t.date or "", t.created_at, t.id))
    marks = _marks(session, shown, fresh=False)  # the season table just read them, as a rule
    to_roster = _roster_ids(session, [t.id for t in shown])
    key = (tuple((t.id, marks[t.id]) for t in shown), tuple(sorted(to_roster.items(), key=str)))
    if key in _RATINGS:
        _RATINGS.move_to_end(key)
        return dict(_RATINGS[key])
    _load_tables(session, [t for t in shown if (t.id, marks[t.id]) not in _TABLES], marks)
    tables = []
    for t in shown:  # RULES.md §6a's order: evenings by date, then rounds, then tables
        for entrants, scores in _TABLES[(t.id, marks[t.id])]:
            sides = [to_roster.get(p) for p in entrants]
            if all(sides):
                tables.append(([[s] for s in sides], scores))
    return dict(_remember(_RATINGS, key, rating_rules.replay(tables), size=32))


class _Figures(NamedTuple):
    """A table's stored figures, enough for ``counted_result`` when they decide."""

    player_ids: list[str]
    manual_scores: list[int] | None
    confirmed_scores: list[int] | None


def _load_tables(session: Session, missing: Sequence[Tournament], marks: dict[str, str]) -> None:
    """Read the confirmed tables (entrant ids, scores) of these evenings, in round and table
    order, into the per-evening cache: one query for all of them."""
    if not missing:
        return
    by_winner = {t.id: common.needs_winner(t) for t in missing}
    loaded = common.Tables(session)
    rows = session.exec(
        select(
            TournamentRound.tournament_id, TournamentRound.number, TournamentRound.status,
            TournamentTable.number, TournamentTable.id, TournamentTable.player_ids,
            TournamentTable.manual_scores, TournamentTable.confirmed_scores,
        )
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentRound.tournament_id.in_(list(by_winner)))  # type: ignore[attr-defined]
    ).all()  # fmt: skip
    found: dict[str, list] = {tid: [] for tid in by_winner}
    for tid, _r, status, _n, table_id, seats, manual, confirmed_scores in sorted(
        rows, key=lambda r: (r[1], r[3])
    ):
        # columns, not entities: the stored figures decide (typed sheets, a closed Mariáš
        # round's confirmed balances) without building 2,400 objects; else the match decides
        plain = manual is not None or (
            status == "closed" and not by_winner[tid] and confirmed_scores is not None
        )
        table = (
            _Figures(seats, manual, confirmed_scores)
            if plain
            else session.get(TournamentTable, table_id)
        )
        confirmed, scores, _w = common.counted_result(
            loaded,
            table,  # type: ignore[arg-type]
            closed=status == "closed",
            by_winner=by_winner[tid],
        )
        if confirmed:
            found[tid].append((tuple(seats), tuple(scores)))
    for tid, tables in found.items():
        _remember(_TABLES, (tid, marks[tid]), tables)


def player_json(session: Session, roster_id: str) -> dict[str, Any]:
    """API.md v2 ``GET /players/{id}``: name, rating and every evening with place and total."""
    from . import tournament_roster as roster

    entry = roster._kept(session, roster.get_entry(session, roster_id))
    owner = (
        {"organiser_id": entry.organiser_id}
        if entry.organiser_id is not None
        else {"season_id": entry.season_id}
    )
    rating = ratings(session, owner).get(entry.id) or rating_rules.default()
    played = []
    for tournament, entrant in roster.evenings_of(session, entry.id):
        mark = tournament_standings.fingerprint(session, tournament.id, fresh=True)
        document = tournament_standings.cached_standings(session, tournament, mark)
        row = next((r for r in document["rows"] if r["player_id"] == entrant.id), None)
        counted = row is not None and document["after_round"]
        shared = counted and sum(r["rank"] == row["rank"] for r in document["rows"]) > 1
        played.append(
            {
                "id": tournament.id,
                "name": tournament.name,
                "date": tournament.date,
                "game": tournament.game,
                "ranking": tournament.ranking,
                "place": row["place"] if counted else None,
                "rank": row["rank"] if counted else None,
                # "=1": the rank is shared (RULES.md §6), the place then came from the lot
                "rank_label": (f"={row['rank']}" if shared else str(row["rank"]))
                if counted
                else None,
                "players": len(document["rows"]),
                "total": row["total"] if counted else None,
                "provisional": bool(row and row.get("provisional")),
            }
        )
    balance = sum(
        e["total"] or 0
        for e in played
        if e["ranking"] == "balance"  # Mariáš for balances
    )
    return {
        "id": entry.id,
        "name": entry.name,
        "rating": rating.to_json(),
        "balance": balance,
        "tournaments": played,
    }


def seeding_order(session: Session, tournament: Tournament, players: Sequence[Any]) -> list[str]:
    """Round-1 seeding (RULES.md §6 v2): entrant ids strongest first, by the season table or by
    rating; players with no season result or rating come last, in entry order."""
    from . import tournament_roster

    strength: dict[str, float] = {}
    if tournament.seeding == "season" and tournament.season_id:
        table = season_table(session, tournament.season_id)
        strength = {row["player_id"]: -row["place"] for row in table["rows"]}
    elif tournament.seeding == "rating":
        owner = tournament_roster.owner_of(session, tournament)
        if owner is not None:
            rated = ratings(session, owner)
            strength = {rid: r.ordinal for rid, r in rated.items()}
    known = [p for p in players if p.roster_id in strength]
    known.sort(key=lambda p: -strength[p.roster_id])
    rest = [p for p in players if p.roster_id not in strength]
    return [p.id for p in known + rest]
