"""Scoring engine for Italian Marianna (docs/rules.md §3), Cinquecento (§3a) and Briscola 151 (§3b).

Four players score as two teams (seats 0 & 2 against 1 & 3); two players (preset
``briscola151``) score each for himself. Per deal a side gets its card points (120 in all, no
last-trick bonus) plus its declarations: mariannas by their place in the deal (40/60/80/100, or
20/40/60/80, or 40 then 20 when the first sets trump; 20 when covered), a mariannino (250), and in
the two-player game matrimoni (40 in trumps, 20 plain). A mariannone wins the match at once; a
claim ends it (right: the claimer wins, wrong: the opponent); otherwise the target decides at
the end of a deal. Options live in ``options``, records in ``records``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
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
from .words import WORDS

COVERED_VALUE = 20
ORDINALS = ("1st", "2nd", "3rd", "4th")
DECIDED = {"team": "marianna.decided_team", "player": "marianna.decided_player"}
NOT_FIRST = {"team": "marianna.not_first_team", "player": "marianna.not_first_player"}
ORDINAL_VALUES = {"40-60-80-100": (40, 60, 80, 100), "20-40-60-80": (20, 40, 60, 80)}


def side_label(side: int, options: MariannaOptions) -> Msg:
    """How explanations name a side: "Team A"/"Team B", or "Player 1"/"Player 2"."""
    if options.players == 2:
        return Msg("marianna.player_side", player=side)
    return Msg("marianna.team_side", team=side)


def _side_key(options: MariannaOptions) -> str:
    """The param naming a side in a message: a team, or (two players) a player."""
    return "player" if options.players == 2 else "team"


def _marianna_value(options: MariannaOptions, ordinal: int, covered: bool) -> int:
    """The ordinal-th marianna of a deal (from 1): covered 20, else by the values option."""
    if covered:
        return COVERED_VALUE
    if options.first_sets_trump:
        return 40 if ordinal == 1 else 20
    return ORDINAL_VALUES[options.values][ordinal - 1]


def declaration_values(
    options: MariannaOptions, record: MariannaRecord
) -> list[tuple[Declaration, Msg, int]]:
    """Each scoring declaration of a deal with its words and points (mariannone scores none)."""
    out = []
    ordinal = 0
    for d in record.declarations:
        if d.kind == "mariannone":
            continue
        if d.kind == "mariannino":
            value = options.mariannino
            out.append((d, Msg("marianna.mariannino", suit=d.suit, points=value), value))
        elif options.players == 2:
            trump = d.suit == record.trump
            value = options.matrimonio_trump if trump else options.matrimonio_plain
            code = "marianna.matrimonio_trump" if trump else "marianna.matrimonio"
            out.append((d, Msg(code, suit=d.suit, points=value), value))
        else:
            ordinal += 1
            value = _marianna_value(options, ordinal, d.covered)
            code = "marianna.nth_covered" if d.covered else "marianna.nth"
            nth = Msg(f"marianna.{ORDINALS[ordinal - 1]}")
            out.append((d, Msg(code, ordinal=nth, suit=d.suit, points=value), value))
    return out


def score_deal(
    options: MariannaOptions, record: MariannaRecord
) -> tuple[tuple[int, int], list[str]]:
    """What one deal adds for each side, with one line of explanation per side."""
    try:
        delta, lines = _score_deal(options, record)
    except TypeError:  # a record built by hand with a list inside: not hashable, not memoised
        delta, lines = _score_deal.__wrapped__(options, record)
    return delta, list(lines)


@lru_cache(maxsize=8192)
def _score_deal(
    options: MariannaOptions, record: MariannaRecord
) -> tuple[tuple[int, int], tuple[str, ...]]:
    """score_deal, memoised (options and records are frozen; a tournament repeats deals)."""
    values = declaration_values(options, record)
    delta = []
    lines: list[str] = []
    for side in (0, 1):
        own = [(label, v) for d, label, v in values if d.side == side]
        total = record.points[side] + sum(v for _, v in own)
        name, cards = side_label(side, options), record.points[side]
        if own:
            melds = [label for label, _ in own]
            line = Msg(
                "marianna.side_total", side=name, cards=cards, melds=tuple(melds), total=total
            )
        else:
            line = Msg("marianna.side_cards", side=name, cards=cards)
        lines.append(line)
        delta.append(total)
    return (delta[0], delta[1]), tuple(lines)


def _outcome(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int]
) -> tuple[int | None, Msg | None, str | None]:
    """Who (if anyone) won the match with this deal, the line saying so, and how it ended."""
    target = options.target
    name = [side_label(s, options) for s in (0, 1)]
    stopper = next((d for d in record.declarations if d.kind == "mariannone"), None)
    if stopper is not None:
        return (
            stopper.side,
            Msg("marianna.mariannone_wins", side=name[stopper.side]),
            "mariannone",
        )
    if record.claim is not None:
        return _claim(record.claim, totals, name, target)
    reached = [s for s in (0, 1) if totals[s] >= target]
    if not reached:
        return None, None, None
    if options.claim:
        who = [name[s] for s in reached]
        return None, Msg("marianna.nobody_claimed", sides=who, target=target), None
    if len(reached) == 1:
        s = reached[0]
        line = Msg("marianna.reaches", side=name[s], n=totals[s], target=target)
        return s, line, "target"
    if options.first_to_target_wins and record.first_to_target is not None:
        s = record.first_to_target
        return s, Msg("marianna.first_wins", target=target, side=name[s]), "target"
    if totals[0] != totals[1]:
        s = 0 if totals[0] > totals[1] else 1
        line = Msg("marianna.more_wins", target=target, side=name[s], a=totals[s], b=totals[1 - s])
        return s, line, "target"
    return None, Msg("marianna.both_equal", target=target, n=totals[0]), None


def _claim(c: int, totals: tuple[int, int], name: list[Msg], target: int) -> tuple[int, Msg, str]:
    """A claim ends the match: right, the claimer wins; wrong, the opponent."""
    if totals[c] >= target:
        return c, Msg("marianna.claim_right", side=name[c], target=target, n=totals[c]), "claim"
    line = Msg("marianna.claim_wrong", side=name[c], target=target, n=totals[c],
               other_side=name[1 - c])  # fmt: skip
    return 1 - c, line, "claim"


def _check_in_context(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int], n: int
) -> list[FieldError]:
    """Checks needing the running score: a short deal, a first_to_target below the target.

    docs/rules.md v2 §3: deals are played out, so reaching the target never shortens one; only a
    mariannone (or, with two players, a claim) does. Version 1 let a deal that took a team past
    the target stop short: such a stored deal is returned as a v2 refusal, not raised."""
    cards = sum(record.points)
    refusals: list[FieldError] = []
    if cards < DEAL_POINTS and not record.ends_early:
        code = "marianna.short_claim" if options.claim else "marianna.short"
        message = Msg(code, n=cards, total=DEAL_POINTS)
        reached = any(t >= options.target for t in totals) and not options.claim
        if not reached:
            raise InvalidDeal("points", message, deal=n)
        refusals.append(FieldError("points", message))
    first = record.first_to_target
    if first is not None and totals[first] < options.target:
        key = _side_key(options)
        raise InvalidDeal(
            "first_to_target",
            Msg(NOT_FIRST[key], **{key: first}, n=totals[first], target=options.target),
            deal=n,
        )
    return refusals


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
        winner = state["winner"]
        if winner is not None:
            key = _side_key(options)
            raise MatchFinished(
                "deal", Msg(DECIDED[key], **{key: winner}, n=state["decided_in"]), deal=n
            )
        record = raw
        if not isinstance(raw, MariannaRecord):
            try:
                record = _parse_record(raw, options)
            except InvalidDeal as error:
                raise InvalidDeal(error.errors, deal=n) from error
        delta, lines = score_deal(options, record)
        old = state["scores"]
        scores = (old[0] + delta[0], old[1] + delta[1])
        refused = _check_in_context(options, record, scores, n) + v2_refusals(record)
        winner, line, how = _outcome(options, record, scores)
        if line:
            lines.append(line)
        extra = with_refusals({"ended_by": how} if how else {}, refused)
        new = {
            "n": n,
            "scores": list(scores),
            "winner": winner,
            "decided_in": n if winner is not None else state["decided_in"],
        }
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
