"""The second half of checking a scorekeeper export before anything is loaded: what the rows mean,
by the same rules as a live save (``scorekeeper import``; docs/saving.md).

``check(rows, problems)`` takes the rows ``import_rows`` made and adds a problem for:
- a match whose setup a live save would refuse (game, preset, options, players, stake…), and
  every deal record the game refuses on its own or in the match (a deal after the end included),
  named by its row and its number in the match. A deal stored before rules version 2 or 2.1
  that those rules list as refused is what a stored database holds: it is kept, as it is kept
  there. Each match's running state is scored again from its deals (it is a cache: the deals
  are the truth);
- a tournament whose game, options or settings a live one could not have, an entrant name a
  live registration refuses, a table naming an entrant of another tournament, and typed figures
  no play can give (docs/rules.md §6; unusual figures were confirmed once and stay);
- a season with a scoring the app does not know, and roster and organiser names a live save
  refuses.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from ..rules.base import InvalidDeal, RuleError
from ..rules.registry import GAME_NAMES, get_game
from ..tournament import season as season_rules
from . import match_setup, scoring, tournament_league, tournament_players, tournament_results
from .import_rows import BAD, Problems, good, where

log = logging.getLogger(__name__)

Rows = Mapping[str, list[dict[str, Any]]]
CHOICES = {  # a tournament's settings and what a live one may hold (services.tournaments)
    "draw_method": ("random", "standings"),
    "drop_rounds": ("none", "worst", "best_and_worst"),
    "seeding": ("random", "season", "rating"),
    "language": ("cs", "pl", "de", "it", "en", None),
}


def check(rows: Rows, problems: Problems) -> None:
    """Add every problem of meaning to ``problems`` (rows whose values were refused are left
    out, and so is the scoring of a match with such a deal); set each match's running state."""
    deals, broken = _deals_by_match(rows)
    for i, match in good(rows.get("match", [])):
        mine = sorted(deals.get(match.get("id"), []), key=lambda item: item[1].get("id") or 0)
        broke = match.get("id") in broken
        _guarded(problems, where("match", i, match), _match, i, match, mine, problems, broke)
    _guarded(problems, "tables.tournament", _tournaments, rows, problems)
    _seasons(rows, problems)
    _names(rows, "roster_player", "name", problems)
    _names(rows, "organiser", "username", problems)


def _deals_by_match(rows: Rows) -> tuple[dict[Any, list[tuple[int, dict]]], set[Any]]:
    """The deal rows by match id, as (index, row); and the ids of the matches with a deal row
    whose values were refused."""
    deals = defaultdict(list)
    broken = set()
    for j, deal in enumerate(rows.get("deal", [])):
        if BAD in deal:
            broken.add(deal.get("match_id"))
        else:
            deals[deal.get("match_id")].append((j, deal))
    return deals, broken


def _seasons(rows: Rows, problems: Problems) -> None:
    for i, row in good(rows.get("season", [])):
        if row.get("scoring") not in season_rules.SCORINGS:
            at = f"{where('season', i, row)}.scoring"
            problems.add(at, f"must be one of {season_rules.SCORINGS}")


def _guarded(problems: Problems, at: str, check_: Any, *args: Any) -> None:
    """Run one check; a value that breaks it is reported as a problem there, not a traceback."""
    try:
        check_(*args)
    except Exception as error:  # noqa: BLE001 - anything a hostile file makes the checks hit
        log.warning("import: %s could not be checked", at, exc_info=True)
        problems.add(at, f"could not be checked ({type(error).__name__}); nothing was loaded")


def _say(problems: Problems, at: str, error: RuleError) -> None:
    for e in error.errors:
        problems.add(f"{at}.{e.field}" if e.field else at, str(e.message))


def _match(
    i: int,
    match: dict[str, Any],
    deals: list[tuple[int, dict]],
    problems: Problems,
    broken: bool = False,
) -> None:
    """The setup as a live match takes it, then every deal scored in turn (not when one of its
    deal rows was refused already: the deals would be scored without it)."""
    at = where("match", i, match)
    if not _setup_ok(at, match, problems):
        return
    game = get_game(match["game"], match["preset"])
    rules = (game, game.make_options(match["preset"], match["options"]), len(match["players"]))
    records = _records(match, deals, rules, problems)
    if len(records) != len(deals) or broken:
        return
    try:
        state = scoring.score_with_state(*rules, records)[1]
    except InvalidDeal as error:
        _say(problems, _refused_at(i, match, deals, error), error)
        return
    # the running state is a cache of the deals: stored as the rules compute it now
    match["running_state"], match["running_version"] = state, match.get("version")


def _setup_ok(at: str, match: dict[str, Any], problems: Problems) -> bool:
    """Whether a live match could have this setup; if not, why is added to ``problems``."""
    if match.get("game") not in GAME_NAMES:
        problems.add(f"{at}.game", f"must be one of {GAME_NAMES}")
        return False
    try:
        match_setup.check(
            game=match["game"], preset=match.get("preset"), players=match.get("players"),
            options=match.get("options"), stake=match.get("stake"),
            currency=match.get("currency"), title=match.get("title"), new=False,
        )  # fmt: skip
    except RuleError as error:
        _say(problems, at, error)
        return False
    return True


def _records(
    match: dict[str, Any], deals: list[tuple[int, dict]], rules: tuple, problems: Problems
) -> list[Any]:
    """The deals' records the game takes, parsed (``rules``: game, options, n_players)."""
    records = []
    for n, (j, deal) in enumerate(deals, 1):
        try:
            records.append(scoring.parse(*rules, deal.get("record"), n))
        except RuleError as error:
            _say(problems, _deal_at(j, deal, n, match), error)
    return records


def _deal_at(j: int, deal: dict[str, Any], n: int, match: dict[str, Any]) -> str:
    """How a problem names a deal's record: its row and its number in the match."""
    return f"{where('deal', j, deal)} (deal {n} of match {match['id']}).record"


def _refused_at(i: int, match: dict[str, Any], deals: list[tuple[int, dict]], error: Any) -> str:
    """Where the deal the rules refused in the match's scoring is (the last one when the error
    names none; the match when it has no deals)."""
    n = error.deal if error.deal and error.deal <= len(deals) else len(deals)
    j, deal = deals[n - 1] if deals else (i, match)
    return _deal_at(j, deal, n, match)


def _tournaments(rows: Rows, problems: Problems) -> None:
    """Each tournament's settings, its entrants' names, its tables' seats and figures."""
    tournaments = {t.get("id"): t for _i, t in good(rows.get("tournament", []))}
    fine = set()
    for i, row in good(rows.get("tournament", [])):
        if _tournament(where("tournament", i, row), row, problems):
            fine.add(row.get("id"))
    _names(rows, "tournament_player", "name", problems)
    _tables(rows, tournaments, fine, problems)


def _tables(rows: Rows, tournaments: dict[Any, dict], fine: set[Any], problems: Problems) -> None:
    """Each tournament table seats entrants of its own tournament; the figures of the tables of
    the tournaments that are ``fine``."""
    entrants = _tournament_of(rows, "tournament_player")
    rounds = _tournament_of(rows, "tournament_round")
    for i, table in good(rows.get("tournament_table", [])):
        owner = rounds.get(table.get("round_id"))
        at = where("tournament_table", i, table)
        seats = table.get("player_ids")
        if not _entrants_of(seats, entrants, owner):
            problems.add(f"{at}.player_ids", "must list entrants of the table's own tournament")
        elif owner in fine:
            _figures(at, tournaments[owner], seats, table, problems)


def _tournament_of(rows: Rows, table: str) -> dict[Any, Any]:
    """The tournament id of each row of ``table``, by row id."""
    return {row.get("id"): row.get("tournament_id") for row in rows.get(table, [])}


def _entrants_of(seats: Any, entrants: dict[Any, Any], owner: Any) -> bool:
    """Whether ``seats`` is a list of entrants (ids) of the tournament ``owner``."""
    return isinstance(seats, list) and all(
        isinstance(s, str) and entrants.get(s) == owner for s in seats
    )


def _tournament(at: str, row: dict[str, Any], problems: Problems) -> bool:
    if row.get("game") not in GAME_NAMES:
        problems.add(f"{at}.game", f"must be one of {GAME_NAMES}")
        return False
    rules = get_game(row["game"])
    if not _options_ok(at, row, rules, problems):
        return False
    wrong = _wrong_settings(row, rules)
    for key, why in tournament_league.stored_problems(row):  # RULES.md §6b
        problems.add(f"{at}.{key}", why)
    for key in wrong:
        problems.add(f"{at}.{key}", f"a {row['game']} tournament can't have {row.get(key)!r}")
    _printable(at, row, problems)
    return not wrong


def _options_ok(at: str, row: dict[str, Any], rules: Any, problems: Problems) -> bool:
    """Whether the game takes the tournament's preset and options, and its stake is one."""
    try:
        rules.make_options(row.get("preset"), row.get("options"))
        match_setup.parse_stake(row.get("stake"))
    except RuleError as error:
        _say(problems, at, error)
        return False
    return True


def _wrong_settings(row: dict[str, Any], rules: Any) -> list[str]:
    """The settings a live tournament of its game could not hold."""
    allowed = {
        **CHOICES,
        "ranking": rules.tournament.rankings,
        "table_size": rules.tournament.table_sizes,
    }
    return [key for key, values in allowed.items() if row.get(key) not in values]


def _printable(at: str, row: dict[str, Any], problems: Problems) -> None:
    """No control or direction characters in the tournament's name and venue."""
    for key in ("name", "venue"):
        if isinstance(row.get(key), str) and row[key] and not row[key].isprintable():
            problems.add(f"{at}.{key}", "holds control or direction characters")


def _figures(
    at: str, tournament: dict[str, Any], seats: list, table: dict[str, Any], problems: Problems
) -> None:
    """Typed or confirmed figures that no play can give (unusual ones were confirmed once)."""
    shape = SimpleNamespace(
        game=tournament["game"],
        preset=tournament.get("preset"),  # the licitovaný preset is a game of its own here
        options=tournament.get("options") or {},
    )
    seated = SimpleNamespace(player_ids=seats)
    for key in ("manual_scores", "confirmed_scores"):
        if table.get(key) is None:
            continue
        try:
            tournament_results.check_figures(shape, seated, table[key])
        except RuleError as error:
            _say(problems, f"{at}.{key}", error)


def _names(rows: Rows, table: str, column: str, problems: Problems) -> None:
    """A name as a live registration takes it: not empty, no control or direction characters."""
    for i, row in good(rows.get(table, [])):
        try:
            tournament_players.clean_name(row.get(column), column)
        except RuleError as error:
            _say(problems, where(table, i, row), error)
