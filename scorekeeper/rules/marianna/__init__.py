"""Scoring engine for Italian Marianna (docs/rules.md §3), Cinquecento (§3a) and Briscola 151 (§3b).

Four players score as two teams (seats 0 & 2 against 1 & 3); two players (preset
``briscola151``) score each for himself. Per deal a side gets its card points (120 in all, no
last-trick bonus) plus its declarations: mariannas by their place in the deal (40/60/80/100, or
20/40/60/80, or 40 then 20 when the first sets trump; 20 when covered), a mariannino (250), and in
the two-player game matrimoni (40 in trumps, 20 plain). A mariannone wins the match at once; a
claim ends it (right: the claimer wins, wrong: the opponent); otherwise the target decides at
the end of a deal. Options live in ``options``, records in ``records``, what a deal scores in
``scoring``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    N_,
    DealScore,
    FieldError,
    GameForm,
    GameSheet,
    GameTournament,
    InvalidDeal,
    InvalidOptions,
    MatchFinished,
    MatchScore,
    SheetColumn,
    State,
    fold,
    negative_figures,
    option,
    with_refusals,
)
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .options import (
    DEFAULT_PRESET,
    PRESETS,
    MariannaOptions,
    make_options,
    options_to_json,
)
from .records import (
    DEAL_POINTS,
    Declaration,
    MariannaRecord,
    record_to_json,
    v2_refusals,
)
from .records import parse_record as _parse_record
from .scoring import (
    COVERED_VALUE,
    ORDINAL_VALUES,
    ORDINALS,
    declaration_values,
    outcome,
    score_deal,
    side_label,
)
from .words import WORDS

__all__ = [
    "COVERED_VALUE",
    "DEAL_POINTS",
    "GAME",
    "ORDINALS",
    "ORDINAL_VALUES",
    "Declaration",
    "MariannaGame",
    "MariannaOptions",
    "MariannaRecord",
    "declaration_values",
    "make_options",
    "options_to_json",
    "record_to_json",
    "score_deal",
    "side_label",
    "v2_refusals",
]

DECIDED = {"team": "marianna.decided_team", "player": "marianna.decided_player"}
NOT_FIRST = {"team": "marianna.not_first_team", "player": "marianna.not_first_player"}


def _side_key(options: MariannaOptions) -> str:
    """The param naming a side in a message: a team, or (two players) a player."""
    return "player" if options.players == 2 else "team"


def _short_deal(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int], n: int
) -> list[FieldError]:
    """A deal short of the 120 card points that no mariannone or claim stopped.

    docs/rules.md v2 §3: deals are played out, so reaching the target never shortens one; only a
    mariannone (or, with two players, a claim) does. Version 1 let a deal that took a team past
    the target stop short: such a stored deal is returned as a v2 refusal, not raised."""
    cards = sum(record.points)
    if cards >= DEAL_POINTS or record.ends_early:
        return []
    code = "marianna.short_claim" if options.claim else "marianna.short"
    message = Msg(code, n=cards, total=DEAL_POINTS)
    if not _stopped_past_target(options, totals):
        raise InvalidDeal("points", message, deal=n)
    return [FieldError("points", message)]


def _stopped_past_target(options: MariannaOptions, totals: tuple[int, int]) -> bool:
    """Whether version 1 let this deal stop short: it took a side past the target, no claiming."""
    return not options.claim and any(t >= options.target for t in totals)


def _check_first(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int], n: int
) -> None:
    """The side said to reach the target first must have reached it."""
    first = record.first_to_target
    if first is not None and totals[first] < options.target:
        key = _side_key(options)
        raise InvalidDeal(
            "first_to_target",
            Msg(NOT_FIRST[key], **{key: first}, n=totals[first], target=options.target),
            deal=n,
        )


def _check_in_context(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int], n: int
) -> list[FieldError]:
    """Checks needing the running score: a short deal, a first_to_target below the target."""
    refusals = _short_deal(options, record, totals, n)
    _check_first(options, record, totals, n)
    return refusals


def _check_undecided(options: MariannaOptions, state: State, n: int) -> None:
    """No deal after the one that decided the match."""
    winner = state["winner"]
    if winner is not None:
        key = _side_key(options)
        raise MatchFinished(
            "deal", Msg(DECIDED[key], **{key: winner}, n=state["decided_in"]), deal=n
        )


def _parse_nth(raw: Any, options: MariannaOptions, n: int) -> MariannaRecord:
    """The n-th deal's record parsed, its refusals telling the deal's number."""
    try:
        return _parse_record(raw, options)
    except InvalidDeal as error:
        raise InvalidDeal(error.errors, deal=n) from error


def _state_after(state: State, n: int, scores: tuple[int, int], winner: int | None) -> State:
    """The state after deal n: the running scores, and the deal that decided the match."""
    return {
        "n": n,
        "scores": list(scores),
        "winner": winner,
        "decided_in": n if winner is not None else state["decided_in"],
    }


def _in_teams(options: Any) -> bool:
    """Four players are two partnerships; two play on their own."""
    players = options.get("players", 4) if isinstance(options, Mapping) else options.players
    return players == 4


#: Two teams (or two players) meet at a table: fixed teams rank by wins and point difference,
#: two players on their own as pairs; a table's figure is each team's (or player's) points,
#: never below 0 (docs/rules.md §6: typed figures).
TOURNAMENT = GameTournament(
    rankings=("wins",),
    table_sizes=(2,),
    standings_kind=lambda options: "marianna" if _in_teams(options) else "twoplayer",
    table_score=lambda options: "team_points" if _in_teams(options) else "game_points",
    check_table_figures=lambda options, scores: (negative_figures(scores), []),
)


class MariannaGame:
    """The ``GameRules`` of Italian Marianna and its presets."""

    name = "marianna"
    title = N_("Italian Marianna")
    words = WORDS
    default_preset = DEFAULT_PRESET
    presets: Mapping[str, Mapping[str, Any]] = PRESETS
    has_stake = False
    default_currency = ""
    zero_sum = False
    tournament = TOURNAMENT
    short_title = "Marianna"
    has_target = True
    carries_ties = False
    shows_current_game = False
    dealer_sits_out = False
    minimal_extra: tuple[str, ...] = ()
    form = GameForm("marianna")
    tariff_names: tuple[str, ...] = ()
    preset_titles: Mapping[str, str] = {"cinquecento": "Cinquecento", "briscola151": "Briscola 151"}
    # docs/rules.md §3a Cinquecento: first marianna 40, later 20; no mariannino, no mariannone;
    # §3b Briscola 151: only matrimoni are declared; the target and the claim remain
    preset_fixed: Mapping[str, frozenset[str]] = {
        "cinquecento": frozenset({"first_sets_trump", "values", "mariannino", "mariannone"}),
        "briscola151": frozenset(
            {
                "first_sets_trump",
                "values",
                "mariannino",
                "mariannone",
                "covered_marianna",
                "first_to_target_wins",
            }
        ),
    }
    game_points_key = "game_points"
    #: each side's card points, declarations and running total; four players first
    sheet = GameSheet(
        columns=dict.fromkeys(
            (4, 2),
            (
                SheetColumn("n", "n"),
                SheetColumn("card_points", per_side=True),
                SheetColumn("declarations", "decl", per_side=True),
                SheetColumn("total", "strong", per_side=True),
            ),
        ),
        landscape=False,
        legend=N_("120 card points a deal · mariannas 40, 60, 80, 100 in order · match to 501"),
    )

    def names_trump(self, options: Any) -> bool:
        """Two players name a trump; four play it from the first marianna declared."""
        return option(options, "players", 4) == 2

    def ends_by_finish(self, options: Any) -> bool:
        """The match ends at its target."""
        return False

    def plays_in_teams(self, options: Any) -> bool:
        """Four players are two partnerships (1 & 3 against 2 & 4); two play on their own."""
        return _in_teams(options)

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> MariannaOptions:
        """Options for a preset with overrides applied. Raises InvalidOptions."""
        return make_options(preset, overrides)

    def check_new_options(self, options: MariannaOptions) -> None:
        """What docs/rules.md v2 §3 refuses when a match is created (a stored match keeps its
        options): covering needs ``first_sets_trump``, since a covered marianna sets trump."""
        if options.covered_marianna and not options.first_sets_trump:
            raise InvalidOptions("options.covered_marianna", Msg("marianna.covering_needs_first"))

    def options_to_json(self, options: MariannaOptions) -> dict[str, Any]:
        """Every effective option by its docs/rules.md name."""
        return options_to_json(options)

    def player_counts(self, options: MariannaOptions) -> tuple[int, ...]:
        """4 (two teams) or, for Briscola 151, 2."""
        return (options.players,)

    def _check_players(self, n_players: int, options: MariannaOptions) -> None:
        if n_players != options.players:
            raise InvalidOptions(
                "players", Msg("marianna.players", count=options.players, n=n_players)
            )

    def side_names(self, players: Sequence[str], options: MariannaOptions) -> list[str]:
        """The two teams ("Jana & Ota": seats 1 and 3) or, with two players, the players."""
        self._check_players(len(players), options)
        if options.players == 2:
            return list(players)
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]

    def parse_record(
        self, data: Mapping[str, Any], options: MariannaOptions, n_players: int
    ) -> MariannaRecord:
        """Check a record on its own and return a MariannaRecord. Raises InvalidDeal."""
        self._check_players(n_players, options)
        return _parse_record(data, options)

    def record_to_json(self, record: MariannaRecord) -> dict[str, Any]:
        """The canonical JSON form; parse_record(record_to_json(r)) == r."""
        return record_to_json(record)

    def score(self, options: MariannaOptions, n_players: int, records: Sequence[Any]) -> MatchScore:
        """Score a whole match; a record may be a MariannaRecord or its JSON dict."""
        self._check_players(n_players, options)
        return fold(self, options, n_players, records)

    state_format = 1

    def start(self, options: MariannaOptions, n_players: int) -> State:
        """No deals yet: both sides at 0, nobody has won."""
        self._check_players(n_players, options)
        return {"n": 0, "scores": [0, 0], "winner": None, "decided_in": 0}

    def step(self, options: MariannaOptions, state: State, raw: Any) -> tuple[State, DealScore]:
        """Score the next deal; the new state and the deal's score."""
        n = state["n"] + 1
        _check_undecided(options, state, n)
        record = raw if isinstance(raw, MariannaRecord) else _parse_nth(raw, options, n)
        delta, lines = score_deal(options, record)
        old = state["scores"]
        scores = (old[0] + delta[0], old[1] + delta[1])
        refused = _check_in_context(options, record, scores, n) + v2_refusals(record)
        winner, line, how = outcome(options, record, scores)
        if line:
            lines.append(line)
        extra = with_refusals({"ended_by": how} if how else {}, refused)
        new = _state_after(state, n, scores, winner)
        return new, DealScore(delta=delta, explanation=tuple(lines), extra=extra)

    def totals(self, options: MariannaOptions, state: State) -> MatchScore:
        """Both sides' points, the winner (the match is over once there is one), the target."""
        winner = state["winner"]
        return MatchScore(
            deals=(),
            scores=tuple(state["scores"]),
            finished=winner is not None,
            winner=winner,
            extra={"target": options.target},
        )


GAME = MariannaGame()
