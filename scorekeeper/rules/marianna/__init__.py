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
from typing import Any

from ..base import (
    N_,
    DealScore,
    FieldError,
    InvalidDeal,
    InvalidOptions,
    MatchFinished,
    MatchScore,
    SheetColumn,
    option,
    with_refusals,
)
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

COVERED_VALUE = 20
ORDINALS = ("1st", "2nd", "3rd", "4th")
ORDINAL_VALUES = {"40-60-80-100": (40, 60, 80, 100), "20-40-60-80": (20, 40, 60, 80)}


def side_label(side: int, options: MariannaOptions) -> str:
    """How explanations name a side: "Team A"/"Team B", or "Player 1"/"Player 2"."""
    return f"Player {side + 1}" if options.players == 2 else f"Team {'AB'[side]}"


def declaration_values(
    options: MariannaOptions, record: MariannaRecord
) -> list[tuple[Declaration, str, int]]:
    """Each scoring declaration of a deal with its words and points (mariannone scores none)."""
    out = []
    ordinal = 0
    for d in record.declarations:
        if d.kind == "mariannone":
            continue
        if d.kind == "mariannino":
            out.append((d, f"mariannino ({d.suit})", options.mariannino))
        elif options.players == 2:
            trump = d.suit == record.trump
            value = options.matrimonio_trump if trump else options.matrimonio_plain
            out.append((d, f"matrimonio ({d.suit}{', trump' if trump else ''})", value))
        else:
            ordinal += 1
            if d.covered:
                value = COVERED_VALUE
            elif options.first_sets_trump:
                value = 40 if ordinal == 1 else 20
            else:
                value = ORDINAL_VALUES[options.values][ordinal - 1]
            covered = ", covered" if d.covered else ""
            out.append((d, f"{ORDINALS[ordinal - 1]} marianna ({d.suit}{covered})", value))
    return out


def score_deal(
    options: MariannaOptions, record: MariannaRecord
) -> tuple[tuple[int, int], list[str]]:
    """What one deal adds for each side, with one line of explanation per side."""
    values = declaration_values(options, record)
    delta = []
    lines = []
    for side in (0, 1):
        own = [(label, v) for d, label, v in values if d.side == side]
        total = record.points[side] + sum(v for _, v in own)
        text = f"{side_label(side, options)}: {record.points[side]} card points"
        text += "".join(f" + {label} {v}" for label, v in own)
        lines.append(text + (f" = {total}" if own else ""))
        delta.append(total)
    return (delta[0], delta[1]), lines


def _outcome(
    options: MariannaOptions, record: MariannaRecord, totals: tuple[int, int]
) -> tuple[int | None, str | None, str | None]:
    """Who (if anyone) won the match with this deal, the line saying so, and how it ended."""
    target = options.target
    name = [side_label(s, options) for s in (0, 1)]
    stopper = next((d for d in record.declarations if d.kind == "mariannone"), None)
    if stopper is not None:
        return (
            stopper.side,
            f"{name[stopper.side]} declares mariannone and wins the match",
            "mariannone",
        )
    if record.claim is not None:
        c = record.claim
        if totals[c] >= target:
            return c, f"{name[c]} claims {target} with {totals[c]} points and wins", "claim"
        return (
            1 - c,
            f"{name[c]} claims {target} with only {totals[c]} points; {name[1 - c]} wins",
            "claim",
        )
    reached = [s for s in (0, 1) if totals[s] >= target]
    if not reached:
        return None, None, None
    if options.claim:
        who = " and ".join(name[s] for s in reached)
        return None, f"{who} reached {target} but nobody claimed: play on", None
    if len(reached) == 1:
        s = reached[0]
        return s, f"{name[s]} reaches {totals[s]} of {target} and wins the match", "target"
    if options.first_to_target_wins and record.first_to_target is not None:
        s = record.first_to_target
        return s, f"Both reach {target}; {name[s]} got there first and wins the match", "target"
    if totals[0] != totals[1]:
        s = 0 if totals[0] > totals[1] else 1
        return (
            s,
            (
                f"Both reach {target}; {name[s]} has more ({totals[s]} to {totals[1 - s]}) "
                "and wins the match"
            ),
            "target",
        )
    return None, f"Both reach {target} with {totals[0]} each: play another deal", None


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
        stop = "a claim" if options.claim else "a mariannone"
        message = (
            f"Card points add up to {cards}; a played-out deal holds {DEAL_POINTS} "
            f"(only {stop} ends a deal early; reaching the target does not)"
        )
        reached = any(t >= options.target for t in totals) and not options.claim
        if not reached:
            raise InvalidDeal("points", message, deal=n)
        refusals.append(FieldError("points", message))
    first = record.first_to_target
    if first is not None and totals[first] < options.target:
        raise InvalidDeal(
            "first_to_target",
            f"{side_label(first, options)} has {totals[first]} after this deal, short of "
            f"{options.target}, so it cannot have reached the target first",
            deal=n,
        )
    return refusals


class MariannaGame:
    """The ``GameRules`` of Italian Marianna and its presets."""

    name = "marianna"
    title = "Italian Marianna"
    default_preset = DEFAULT_PRESET
    presets: Mapping[str, Mapping[str, Any]] = PRESETS
    has_stake = False
    default_currency = ""
    zero_sum = False
    deal_form = "marianna"
    short_title = "Marianna"
    has_target = True
    carries_ties = False
    shows_current_game = False
    dealer_sits_out = False
    minimal_extra: tuple[str, ...] = ()
    part_names: Mapping[str, str] = {}
    flek_names: tuple[str, ...] = ()
    tariff_names: tuple[str, ...] = ()
    sheet_seats = (4, 2)
    sheet_landscape = False
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
    sheet_legend = N_("120 card points a deal · mariannas 40, 60, 80, 100 in order · match to 501")

    def sheet_columns(self, n_players: int) -> tuple[SheetColumn, ...]:
        """Each side's card points, declarations and running total."""
        return (
            SheetColumn("n", "n"),
            SheetColumn("card_points", per_side=True),
            SheetColumn("declarations", "decl", per_side=True),
            SheetColumn("total", "strong", per_side=True),
        )

    def names_trump(self, options: Any) -> bool:
        """Two players name a trump; four play it from the first marianna declared."""
        return option(options, "players", 4) == 2

    def ends_by_finish(self, options: Any) -> bool:
        """The match ends at its target."""
        return False

    def plays_in_teams(self, options: Any) -> bool:
        """Four players are two partnerships (1 & 3 against 2 & 4); two play on their own."""
        players = options.get("players", 4) if isinstance(options, Mapping) else options.players
        return players == 4

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> MariannaOptions:
        """Options for a preset with overrides applied. Raises InvalidOptions."""
        return make_options(preset, overrides)

    def check_new_options(self, options: MariannaOptions) -> None:
        """What docs/rules.md v2 §3 refuses when a match is created (a stored match keeps its
        options): covering needs ``first_sets_trump``, since a covered marianna sets trump."""
        if options.covered_marianna and not options.first_sets_trump:
            raise InvalidOptions(
                "options.covered_marianna",
                "A covered marianna sets trump, so covering needs first_sets_trump (the first "
                "marianna sets trump); switch that on too, or switch covering off",
            )

    def options_to_json(self, options: MariannaOptions) -> dict[str, Any]:
        """Every effective option by its docs/rules.md name."""
        return options_to_json(options)

    def player_counts(self, options: MariannaOptions) -> tuple[int, ...]:
        """4 (two teams) or, for Briscola 151, 2."""
        return (options.players,)

    def _check_players(self, n_players: int, options: MariannaOptions) -> None:
        if n_players != options.players:
            raise InvalidOptions(
                "players", f"This Marianna game is for {options.players} players, not {n_players}"
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
        deals: list[DealScore] = []
        scores = (0, 0)
        winner: int | None = None
        decided_in = 0
        for n, raw in enumerate(records, start=1):
            if winner is not None:
                raise MatchFinished(
                    "deal",
                    f"{side_label(winner, options)} already won the match in deal {decided_in}; "
                    "edit a deal to reopen it before adding more",
                    deal=n,
                    total=len(records),
                )
            record = raw
            if not isinstance(raw, MariannaRecord):
                try:
                    record = _parse_record(raw, options)
                except InvalidDeal as error:
                    raise InvalidDeal(error.errors, deal=n) from error
            delta, lines = score_deal(options, record)
            scores = (scores[0] + delta[0], scores[1] + delta[1])
            refused = _check_in_context(options, record, scores, n) + v2_refusals(record)
            winner, line, how = _outcome(options, record, scores)
            if line:
                lines.append(line)
            if winner is not None:
                decided_in = n
            extra = with_refusals({"ended_by": how} if how else {}, refused)
            deals.append(DealScore(delta=delta, explanation=tuple(lines), extra=extra))
        return MatchScore(
            deals=tuple(deals),
            scores=scores,
            finished=winner is not None,
            winner=winner,
            extra={"target": options.target},
        )


GAME = MariannaGame()
