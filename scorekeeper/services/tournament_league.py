"""League evenings (RULES.md §6b): the format checked at creation, the league's PB table and BP
key loaded as CSV, premium points typed with a table's figures, the standings document, and the
draw of a later part from the results before it.

The maths are the pure ``tournament.league`` and ``tournament.league_tables``; this module turns
the database's rows into their input and their refusals into messages beside the field (a bad
CSV line by its number and reason). Every change is audited.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..models.tournament import Tournament
from ..rules.base import FieldError, RuleError
from ..tournament import league, league_tables
from ..tournament import standings as ranking
from . import tournament_common as common
from .errors import Conflict
from .messages import Msg
from .tournament_guards import table_of_match

MAX_PARTS = 10
MAX_PB = 100_000  # premium points of one seat at one table


def check_format(
    rules: Any, options: Any, *, format: Any, parts: Any, rounds: int, ranking_by: str,
    extras: dict[str, Any], seeding: Any,
) -> dict[str, Any]:  # fmt: skip
    """A new tournament's ``format`` and ``parts`` (RuleError naming the field): a league
    evening ranks chip balances (a game whose tables are zero-sum), by the balance, every round
    counting, in parts of at least one round each; in a season its part 1 is seeded by the
    season standings unless the organiser chose a round-1 seeding (``seeding``)."""
    format = format or "standard"
    if format not in league.FORMATS:
        raise RuleError("format", Msg("league.format"))
    if format == "standard":
        return {"format": "standard", "parts": league.DEFAULT_PARTS}
    parts = _checked_parts(parts, rounds)
    _check_league_game(rules, options, ranking_by, extras)
    return {"format": "league", "parts": parts, **_season_seeding(extras, seeding)}


def _checked_parts(parts: Any, rounds: int) -> int:
    """The number of parts (league.DEFAULT_PARTS when none is given): 1…MAX_PARTS, and no more
    than the rounds planned."""
    parts = _whole_parts(league.DEFAULT_PARTS if parts in (None, "") else parts)
    if not 1 <= parts <= MAX_PARTS:
        raise RuleError("parts", Msg("league.parts", n=MAX_PARTS))
    if parts > rounds:
        raise RuleError("parts", Msg("league.parts_rounds"))
    return parts


def _whole_parts(parts: Any) -> int:
    """The parts as a whole number from its digits (a number or a form's text)."""
    if isinstance(parts, bool) or not isinstance(parts, int | str) or not str(parts).isdigit():
        raise RuleError("parts", Msg("league.parts", n=MAX_PARTS))
    return int(parts)


def _check_league_game(rules: Any, options: Any, ranking_by: str, extras: dict[str, Any]) -> None:
    """RuleError unless the tables are zero-sum (chips), ranked by the balance, every round
    counting."""
    if not ranking.KINDS[rules.tournament.standings_kind(options)].zero_sum:
        raise RuleError("format", Msg("league.chips"))
    if ranking_by != "balance":
        raise RuleError("ranking", Msg("league.ranking"))
    if extras.get("drop_rounds", "none") != "none":
        raise RuleError("drop_rounds", Msg("league.drop_rounds"))


def _season_seeding(extras: dict[str, Any], seeding: Any) -> dict[str, str]:
    """In a season, part 1 seeded by the season standings unless a round-1 seeding was chosen."""
    if extras.get("season_id") and not seeding:
        return {"seeding": "season"}
    return {}


# ---- the league's tables as CSV --------------------------------------------------------------


# a CSV problem's code (tournament.league_tables) -> its message's code and how its params are named
_PARAMS = {"other": "num"}  # "other" names a seat in the messages' params


def _reason(problem: league_tables.Problem) -> Msg:
    """A CSV problem as a coded message (``league.csv_<code>``)."""
    params = {_PARAMS.get(k, k): v for k, v in problem.params.items()}
    return Msg(f"league.csv_{problem.code}", **params)


def table_refusal(field: str, error: league_tables.TableProblems) -> RuleError:
    """Every bad line beside ``field`` ("bp_key.3": line 3), saying its number and reason."""
    return RuleError(
        [
            FieldError(
                f"{field}.{p.line}" if p.line else field,
                Msg("league.line", n=p.line, reason=_reason(p)) if p.line else _reason(p),
            )
            for p in error.problems
        ]
    )


def set_pb_table(*, session: Session, tournament_id: str, text: Any, actor: str) -> list:
    """Load the league's PB table (CSV: rule, condition, points); empty text clears it."""
    tournament = _league(session, tournament_id, "pb_table")
    try:
        lines = league_tables.parse_pb_table(text)
    except league_tables.TableProblems as error:
        raise table_refusal("pb_table", error) from None
    before = tournament.pb_table
    tournament.pb_table = [line.to_json() for line in lines] or None
    return _store(session, tournament, actor, "pb table", before, tournament.pb_table)


def set_bp_key(*, session: Session, tournament_id: str, text: Any, actor: str) -> list:
    """Load the league's BP key (CSV: players from, players to, points for places 1, 2, …);
    empty text clears it (then §6a's placing points with top 50 apply)."""
    tournament = _league(session, tournament_id, "bp_key")
    try:
        key = league_tables.parse_bp_key(text)
    except league_tables.TableProblems as error:
        raise table_refusal("bp_key", error) from None
    before = tournament.bp_key
    tournament.bp_key = key.to_json() if key is not None else None
    return _store(session, tournament, actor, "bp key", before, tournament.bp_key)


def _league(session: Session, tournament_id: str, field: str) -> Tournament:
    tournament = common.get_tournament(session=session, tournament_id=tournament_id)
    if not common.is_league(tournament):
        raise Conflict(Msg("league.not_league"), field=field)
    return tournament


def _store(session: Session, tournament: Tournament, actor: str, action: str, before, after):
    session.add(tournament)
    common.audit(session, tournament, actor, action, before=before, after=after)
    session.commit()
    return list(after or [])


# ---- premium points typed with a table's figures -------------------------------------------------


def check_pb(tournament: Tournament, seats: int, pb: Any) -> list[int] | None:
    """Typed PB per seat (RULES.md §4a: whole numbers ≥ 0, one per seat); None: none typed."""
    if pb is None:
        return None
    if not common.is_league(tournament):
        raise RuleError("pb", Msg("league.pb_standard"))
    _check_pb_figures(pb, seats)
    return list(pb)


def _check_pb_figures(pb: Any, seats: int) -> None:
    """RuleError unless the PB are a list of one whole number 0…MAX_PB per seat."""
    if not isinstance(pb, list) or len(pb) != seats:
        raise RuleError("pb", Msg("league.pb_count", n=seats))
    errors = _pb_errors(pb)
    if errors:
        raise RuleError(errors)


def _pb_errors(pb: list[Any]) -> list[FieldError]:
    """One error per seat's PB that is no whole number 0…MAX_PB (nor a bool)."""
    return [
        FieldError(f"pb.{i}", Msg("league.pb_whole"))
        for i, v in enumerate(pb)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_PB
    ]


# ---- the standings ------------------------------------------------------------------


def pb_choices(*, session: Session, match_id: str) -> list[dict[str, Any]]:
    """The league's PB table (rule, condition, points) when this match is a table of a league
    evening that loaded one, for the table's deal form; else nothing."""
    found = table_of_match(session=session, match_id=match_id)
    if found is None:
        return []
    tournament = session.get(Tournament, found[0])
    if tournament is None or not common.is_league(tournament):
        return []
    return list(tournament.pb_table or [])


def standings_json(
    tournament: Tournament,
    rounds: list[ranking.RoundResult],
    players: dict[str, str],
    pending: dict[str, list[int]],
) -> dict[str, Any]:
    """The standings document of a league evening (``tournament.league.league_json``)."""
    return league.league_json(
        rounds=rounds,
        parts=league.part_plan(tournament.rounds_planned, tournament.parts),
        players=players,
        lot_seed=tournament.seed,
        key=league_tables.BPKey.from_json(tournament.bp_key),
        pending=pending,
        tiebreaks=tournament.tiebreaks,
    )


def stored_problems(row: dict[str, Any]) -> list[tuple[str, str]]:
    """What an imported tournament row's league settings cannot be (an export's ``format``,
    ``parts``, ``pb_table``, ``bp_key``): (column, why) in the import's plain words."""
    checks = (_format_problem, _parts_problem, _tables_problem)
    return [problem for check in checks if (problem := check(row)) is not None]


def _format_problem(row: dict[str, Any]) -> tuple[str, str] | None:
    if row.get("format", "standard") not in league.FORMATS:
        return ("format", f"must be one of {league.FORMATS}")
    return None


def _parts_problem(row: dict[str, Any]) -> tuple[str, str] | None:
    parts, rounds = row.get("parts", league.DEFAULT_PARTS), row.get("rounds_planned", 4)
    if (
        isinstance(parts, int)
        and isinstance(rounds, int)
        and not 1 <= parts <= min(rounds, MAX_PARTS)
    ):
        return ("parts", "must be from 1 to the rounds planned (at most 10)")
    return None


def _tables_problem(row: dict[str, Any]) -> tuple[str, str] | None:
    """A BP key or PB table that does not read back as the app stores them."""
    try:
        key = league_tables.BPKey.from_json(row.get("bp_key"))
        if key is not None:
            league_tables.parse_bp_key(_csv(key.to_json()))
        for line in row.get("pb_table") or []:
            league_tables.PBLine(**line)
    except (TypeError, KeyError, ValueError, AttributeError):
        return ("bp_key", "is not a BP key and PB table as the app stores them")
    return None


def _csv(lines: list[dict[str, Any]]) -> str:
    return "\n".join(
        ";".join(map(str, [k["players_from"], k["players_to"], *k["points"]])) for k in lines
    )
