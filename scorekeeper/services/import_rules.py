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
    deals = defaultdict(list)
    broken = set()
    for j, deal in enumerate(rows.get("deal", [])):
        if BAD in deal:
            broken.add(deal.get("match_id"))
        else:
            deals[deal.get("match_id")].append((j, deal))
    for i, match in good(rows.get("match", [])):
        mine = sorted(deals.get(match.get("id"), []), key=lambda item: item[1].get("id") or 0)
        broke = match.get("id") in broken
        _guarded(problems, where("match", i, match), _match, i, match, mine, problems, broke)
    _guarded(problems, "tables.tournament", _tournaments, rows, problems)
    for i, row in good(rows.get("season", [])):
        if row.get("scoring") not in season_rules.SCORINGS:
            at = f"{where('season', i, row)}.scoring"
            problems.add(at, f"must be one of {season_rules.SCORINGS}")
    _names(rows, "roster_player", "name", problems)
    _names(rows, "organiser", "username", problems)


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
    if match.get("game") not in GAME_NAMES:
        problems.add(f"{at}.game", f"must be one of {GAME_NAMES}")
        return
    try:
        match_setup.check(
            game=match["game"], preset=match.get("preset"), players=match.get("players"),
            options=match.get("options"), stake=match.get("stake"),
            currency=match.get("currency"), title=match.get("title"), new=False,
        )  # fmt: skip
    except RuleError as error:
        _say(problems, at, error)
        return
    game = get_game(match["game"], match["preset"])
    options = game.make_options(match["preset"], match["options"])
    n_players = len(match["players"])
    records = []
    for n, (j, deal) in enumerate(deals, 1):
        try:
            records.append(scoring.parse(game, options, n_players, deal.get("record"), n))
        except RuleError as error:
            _say(
                problems,
                f"{where('deal', j, deal)} (deal {n} of match {match['id']}).record",
                error,
            )
    if len(records) != len(deals) or broken:
        return
    try:
        state = scoring.score_with_state(game, options, n_players, records)[1]
    except InvalidDeal as error:
        n = error.deal if error.deal and error.deal <= len(deals) else len(deals)
        j, deal = deals[n - 1] if deals else (i, match)
        _say(problems, f"{where('deal', j, deal)} (deal {n} of match {match['id']}).record", error)
        return
    # the running state is a cache of the deals: stored as the rules compute it now
    match["running_state"], match["running_version"] = state, match.get("version")


def _tournaments(rows: Rows, problems: Problems) -> None:
    """Each tournament's settings, its entrants' names, its tables' seats and figures."""
    tournaments = {t.get("id"): t for _i, t in good(rows.get("tournament", []))}
    entrants = {p.get("id"): p.get("tournament_id") for p in rows.get("tournament_player", [])}
    rounds = {r.get("id"): r.get("tournament_id") for r in rows.get("tournament_round", [])}
    fine = set()
    for i, row in good(rows.get("tournament", [])):
        if _tournament(where("tournament", i, row), row, problems):
            fine.add(row.get("id"))
    _names(rows, "tournament_player", "name", problems)
    for i, table in good(rows.get("tournament_table", [])):
        owner = rounds.get(table.get("round_id"))
        at = where("tournament_table", i, table)
        seats = table.get("player_ids")
        if not isinstance(seats, list) or any(
            not isinstance(s, str) or entrants.get(s) != owner for s in seats
        ):
            problems.add(f"{at}.player_ids", "must list entrants of the table's own tournament")
        elif owner in fine:
            _figures(at, tournaments[owner], seats, table, problems)


def _tournament(at: str, row: dict[str, Any], problems: Problems) -> bool:
    if row.get("game") not in GAME_NAMES:
        problems.add(f"{at}.game", f"must be one of {GAME_NAMES}")
        return False
    rules = get_game(row["game"])
    try:
        rules.make_options(row.get("preset"), row.get("options"))
        match_setup.parse_stake(row.get("stake"))
    except RuleError as error:
        _say(problems, at, error)
        return False
    wrong = [key for key, allowed in CHOICES.items() if row.get(key) not in allowed]
    if row.get("ranking") not in rules.tournament.rankings:
        wrong.append("ranking")
    if row.get("table_size") not in rules.tournament.table_sizes:
        wrong.append("table_size")
    for key, why in tournament_league.stored_problems(row):  # RULES.md §6b
        problems.add(f"{at}.{key}", why)
    for key in wrong:
        problems.add(f"{at}.{key}", f"a {row['game']} tournament can't have {row.get(key)!r}")
    for key in ("name", "venue"):
        if isinstance(row.get(key), str) and row[key] and not row[key].isprintable():
            problems.add(f"{at}.{key}", "holds control or direction characters")
    return not wrong


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
