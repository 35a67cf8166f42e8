"""Seasons (RULES.md §6a): a club's evenings, its league table and the players' ratings.

The league table is the pure ``tournament.season`` over each evening's standings (``place`` and the
evening result, by roster id); ratings are the pure ``tournament.ratings`` replayed over every
confirmed table of the roster's evenings in the fixed order of §6a (date, round, table).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, select

from ..models.season import RosterPlayer, Season
from ..models.tournament import Tournament, TournamentPlayer
from ..rules.base import RuleError
from ..tournament import ratings as rating_rules
from ..tournament import season as season_rules
from . import tournament_common as common
from . import tournament_season_player as season_player
from . import tournament_season_setup as season_setup
from . import tournament_season_tables as season_tables
from . import tournament_standings
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
    name = season_setup.checked_name(name)
    if scoring not in season_rules.SCORINGS:
        raise RuleError("scoring", Msg("season.scoring"))
    best_n, top = season_setup.count(best_n, "best_n"), season_setup.count(top, "top")
    seed = season_setup.count(seed, "seed", low=0)
    if seed is None:  # as a tournament's: a fresh random lot seed, not the same for every season
        seed = secrets.randbelow(1_000_000)
    season = Season(
        name=name, scoring=scoring, best_n=best_n, top=top, seed=seed, organiser_id=organiser_id
    )
    session.add(season)
    session.commit()
    session.refresh(season)
    return season


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
    if common.game_of(tournament).zero_sum:  # balances at tables of three or four
        return -row["total"] if tournament.ranking == "placings" else row["total"]
    figures = _tiebreak_figures(row)
    if "match_points" in figures:
        return figures["match_points"]
    return figures.get("point_difference", row["total"])


def _tiebreak_figures(row: dict[str, Any]) -> dict[str, Any]:
    """Every tie-break's figure of a standings row (none when it has none)."""
    return row.get("figures") or row.get("tiebreaks") or {}


#: What is stable per evening while its standings fingerprint stays the same, by (tournament id,
#: fingerprint): its league-table facts and its confirmed tables for the ratings. Both are kept
#: by entrant id, so a roster merge (not audited per evening) is seen at once; bounded.
_RESULTS: OrderedDict[tuple[str, str], tuple[dict[str, tuple], int]] = OrderedDict()
_TABLES: OrderedDict[tuple[str, str], list[season_tables.PlayedTable]] = OrderedDict()
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
    results = _results_by_entrant(document, tournament) if document["after_round"] else {}
    return _remember(_RESULTS, key, (results, len(document["rows"])))


def _results_by_entrant(document: dict[str, Any], tournament: Tournament) -> dict[str, tuple]:
    """Entrant id -> (name, place, evening result, league figures) of a played evening."""
    results = {}
    for row in document["rows"]:
        if "bp" in row and row["bp"] is None:
            continue  # a league evening's player with no result: absent (RULES.md §6b)
        results[row["player_id"]] = (
            row["player"],
            row["place"],
            evening_result(row, tournament),
            _league_figures(row),
        )
    return results


def _league_figures(row: dict[str, Any]) -> tuple:
    """A league evening's BP, ZB and SB (RULES.md §6b); a standard evening's none."""
    return (row["bp"], row["zb"], row["sb"]) if "bp" in row else (None, 0, 0)


def _evening(
    session: Session, tournament: Tournament, mark: str, to_roster: dict[str, str | None]
) -> tuple[season_rules.Evening, dict]:
    results, names = {}, {}
    by_entrant, players = _evening_results(session, tournament, mark)
    for entrant_id, (name, place, result, league_figures) in by_entrant.items():
        rid = to_roster.get(entrant_id)
        if rid:
            results[rid] = season_rules.EveningResult(place, result, *league_figures)
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
    held, names = _gather(session, shown)
    # RULES.md §6b: a season of league evenings ranks on BP, whatever its scoring says
    league = any(common.is_league(t) for t in shown)
    scoring = season_rules.LEAGUE if league else season.scoring
    rows = season_rules.season_table(
        held,
        players=_current_names(session, names),
        scoring=scoring,
        best_n=season.best_n,
        top=season.top,
        seed=season.seed,
    )
    return {
        "season": season_json(season),
        "ranked_on": "bp" if league else season.scoring,
        "tiebreaks": list(season_rules.tiebreaks_of(scoring)),
        "evenings": _evenings_json(shown, held),
        "rows": [r.to_json() for r in rows],
    }


def _gather(
    session: Session, shown: Sequence[Tournament]
) -> tuple[list[season_rules.Evening], dict[str, str]]:
    """Each evening's results by roster id, and the name each roster player played under."""
    marks = _marks(session, shown)
    to_roster = _roster_ids(session, [t.id for t in shown])
    held, names = [], {}
    for t in shown:
        evening, got = _evening(session, t, marks[t.id], to_roster)
        held.append(evening)
        names.update(got)
    return held, names


def _current_names(session: Session, names: dict[str, str]) -> dict[str, str]:
    """Roster id -> the roster's current name (else the name last played under)."""
    if not names:
        return {}
    current = {p.id: p.name for p in session.exec(
        select(RosterPlayer).where(RosterPlayer.id.in_(list(names)))  # type: ignore[attr-defined]
    ).all()}  # fmt: skip
    return {rid: current.get(rid, name) for rid, name in names.items()}


def _evenings_json(
    shown: Sequence[Tournament], held: list[season_rules.Evening]
) -> list[dict[str, Any]]:
    return [
        {"id": t.id, "name": t.name, "date": t.date, "players": e.players}
        for t, e in zip(shown, held, strict=True)
    ]


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
    shown = _owned_evenings(session, owner)
    marks = _marks(session, shown, fresh=False)  # the season table just read them, as a rule
    to_roster = _roster_ids(session, [t.id for t in shown])
    key = _replay_key(shown, marks, to_roster)
    if key in _RATINGS:
        _RATINGS.move_to_end(key)
        return dict(_RATINGS[key])
    _load_tables(session, [t for t in shown if (t.id, marks[t.id]) not in _TABLES], marks)
    tables = _rated_tables(shown, marks, to_roster)
    return dict(_remember(_RATINGS, key, rating_rules.replay(tables), size=32))


def _replay_key(
    shown: Sequence[Tournament], marks: dict[str, str], to_roster: dict[str, str | None]
) -> tuple:
    """What a replay depends on: the evenings with their fingerprints, and the roster links."""
    return tuple((t.id, marks[t.id]) for t in shown), tuple(sorted(to_roster.items(), key=str))


def _owned_evenings(session: Session, owner: dict[str, Any]) -> list[Tournament]:
    """The organiser's (or the season's) evenings in RULES.md §6a's order: by date."""
    query = select(Tournament)
    if "organiser_id" in owner:
        query = query.where(Tournament.organiser_id == owner["organiser_id"])
    else:
        query = query.where(Tournament.season_id == owner["season_id"])
    return sorted(session.exec(query).all(), key=lambda t: (t.date or "", t.created_at, t.id))


def _load_tables(session: Session, missing: Sequence[Tournament], marks: dict[str, str]) -> None:
    """Read the confirmed tables (entrant ids, scores) of these evenings, in round and table
    order, into the per-evening cache: one query for all of them."""
    if not missing:
        return
    for tid, tables in season_tables.confirmed_tables(session, missing).items():
        _remember(_TABLES, (tid, marks[tid]), tables)


def _rated_tables(
    shown: Sequence[Tournament], marks: dict[str, str], to_roster: dict[str, str | None]
) -> list[tuple[list[list[str]], tuple]]:
    """The cached tables in RULES.md §6a's order (evenings by date, then rounds, then tables)
    with one-player sides of roster ids; a table with an entrant not on the roster is left out."""
    tables = []
    for t in shown:
        for entrants, scores in _TABLES[(t.id, marks[t.id])]:
            if (sides := _roster_sides(entrants, to_roster)) is not None:
                tables.append((sides, scores))
    return tables


def _roster_sides(
    entrants: Sequence[str], to_roster: dict[str, str | None]
) -> list[list[str]] | None:
    """One side per entrant, holding its roster id; none when any entrant has no roster id."""
    sides = [to_roster.get(p) for p in entrants]
    return [[s] for s in sides] if all(sides) else None  # type: ignore[misc]


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
    played = [
        season_player.played(session, t, entrant)
        for t, entrant in roster.evenings_of(session, entry.id)
    ]
    return {
        "id": entry.id,
        "name": entry.name,
        "rating": rating.to_json(),
        "balance": season_player.balance(played),
        "tournaments": played,
    }


def seeding_order(session: Session, tournament: Tournament, players: Sequence[Any]) -> list[str]:
    """Round-1 seeding (RULES.md §6 v2): entrant ids strongest first, by the season table or by
    rating; players with no season result or rating come last, in entry order."""
    strength = _strength(session, tournament)
    # a stable sort: the known strongest first, then the others as they entered
    ordered = sorted(
        players, key=lambda p: (p.roster_id not in strength, -strength.get(p.roster_id, 0))
    )
    return [p.id for p in ordered]


def _strength(session: Session, tournament: Tournament) -> dict[str, float]:
    """Roster id -> seeding strength (higher is stronger) by the tournament's seeding."""
    if tournament.seeding == "season" and tournament.season_id:
        table = season_table(session, tournament.season_id)
        return {row["player_id"]: -row["place"] for row in table["rows"]}
    if tournament.seeding == "rating":
        return _rating_strength(session, tournament)
    return {}


def _rating_strength(session: Session, tournament: Tournament) -> dict[str, float]:
    """Roster id -> rating ordinal over the owner's evenings (none without an owner)."""
    from . import tournament_roster

    owner = tournament_roster.owner_of(session, tournament)
    if owner is None:
        return {}
    return {rid: r.ordinal for rid, r in ratings(session, owner).items()}
