"""Polish Mariasz (docs/rules.md §1): games to 131 in one deal (dubla) or two (sympla), match
points.

A game (*partia*) is won by the first player whose points (card points + marriages, added up over
the game's deals) reach ``target`` (131). Reached in the game's first deal: *dubla*, 2 match
points; in the second, decisive deal: *sympla*, 1. Every player also gets 1 match point per plain
and 2 per trump marriage melded in the game, and ``swatowe`` (5) more for all four suits in one
game (added to, not replacing, the per-marriage points). Match points are credited on the deal
that ends the game. The match ends at ``match_target`` match points (higher total wins, equal
totals play another game) or after ``match_games`` games (v2.1: equal totals play another game
too; there is no draw).

House rules (off by default; the sources' "additional rules", docs/rules.md §1):
- ``ace_king``: ``30/60``: an ace and king of one suit melded (before any marriage, which the record
  cannot show) score 30, or 60 in trumps, as card-game points; ``trumps_only`` (v2): only in trumps,
  for 40. They earn no match points and do not count toward swatowe. A king melds once per deal, so
  an ace-king and a marriage of one suit are refused. A stored ``true`` reads as ``30/60``.
- ``no_trump`` (v2; the sources: "You can play without trump color"): no trump, so no pamfil (130
  card points a deal) and every marriage plain (20, 1 match point); a record naming a trump is
  refused. Two deals may leave both players short of the target: a third deal is played, and so on;
  any win after the game's first deal is a sympla.
- ``closing``: the record's ``closed_by`` names who closed the stock. If the closer's game points
  are below the target after that deal, the opponent wins the game as if by dubla (2 match points)
  and the game ends there; if the closer reaches it, the game is scored as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    N_,
    DealScore,
    InvalidOptions,
    MatchScore,
    State,
    check_deck,
    fold,
    option,
)
from .mariasz_scoring import Scorer
from .mariasz_scoring import match_over as match_over  # mariage ends its matches in these words
from .messages import Msg
from .twohand import RecordRules, TwoHandRecord, deal_total
from .twohand.game import (
    TwoHandGame,
    ace_king_mode,
    check_ace_king,
    check_bool,
    check_int,
    parse_all,
    two_hand_sheet,
)
from .twohand.words import MARIASZ


@dataclass(frozen=True)
class MariaszOptions:
    """Options of a Mariasz match, by their docs/rules.md names."""

    target: int = 131
    match_target: int | None = 10
    match_games: int | None = None
    swatowe: int = 5
    ace_king: str = "off"  # "off" | "30/60" | "trumps_only" (v2); a stored true means "30/60"
    closing: bool = False
    no_trump: bool = False  # v2
    deck: str = "german"  # API.md v2: the suits shown (german | italian | french); no score


CHECKS = {
    # Above 138 two played-out deals might leave both short of the target: a third deal, which
    # the rules do not have.
    "target": check_int(1, deal_total()),
    "match_target": check_int(1, optional=True),
    "match_games": check_int(1, optional=True),
    "swatowe": check_int(0),
    "ace_king": check_ace_king,
    "closing": check_bool,
    "no_trump": check_bool,
    "deck": check_deck,
}


class Mariasz(TwoHandGame):
    """The GameRules of Polish Mariasz."""

    name = "mariasz"
    title = N_("Polish Mariasz")
    words = MARIASZ
    short_title = "Mariasz"
    shows_current_game = True
    game_points_key = "match_points"
    sheet = two_hand_sheet(
        "match_points",
        N_("138 card points a deal · marriages 40 in trumps, 20 plain · game to 131"),
    )

    def names_trump(self, options: Any) -> bool:
        """Without trumps (``no_trump``) a deal names none."""
        return not option(options, "no_trump", False)

    options_class = MariaszOptions
    checks = CHECKS

    def make_options(self, preset: str | None = None, overrides: Any = None) -> MariaszOptions:
        """Options with ``ace_king`` read as off / 30/60 / trumps_only; InvalidOptions."""
        options = super().make_options(preset, overrides)
        options = replace(options, ace_king=ace_king_mode(options.ace_king))
        if options.no_trump and options.ace_king == "trumps_only":
            raise InvalidOptions("options.ace_king", Msg("twohand.no_trump_ace_king"))
        return options

    def record_rules(self, options: MariaszOptions) -> RecordRules:
        """What a record may say under these options."""
        return RecordRules(
            self.title,
            deal_total(not options.no_trump),
            options.target,
            options.ace_king != "off",
            options.closing,
            ace_king_trumps_only=options.ace_king == "trumps_only",
            no_trump=options.no_trump,
        )

    def score(
        self, options: MariaszOptions, n_players: int, records: Sequence[TwoHandRecord]
    ) -> MatchScore:
        """Score a match in one pass, checking each deal in its game (docs/rules.md §1, §5)."""
        return fold(self, options, n_players, parse_all(self, options, n_players, records))

    state_format = 1

    def start(self, options: MariaszOptions, n_players: int) -> State:
        """No deals yet: no match points, no games, the first game about to start."""
        return Scorer.start(n_players)

    def step(self, options: MariaszOptions, state: State, record: Any) -> tuple[State, DealScore]:
        """Score the next deal in its game; the new state and the deal's score."""
        n = state["n"] + 1
        if not isinstance(record, TwoHandRecord):
            record = parse_all(self, options, state["players"], [record])[0]
        scorer = Scorer(options, state)
        deal = scorer.step(n, record)
        return scorer.state(), deal

    def totals(self, options: MariaszOptions, state: State) -> MatchScore:
        """Match points, the end, the games played and the current game's points."""
        return MatchScore(
            deals=(),
            scores=tuple(state["scores"]),
            finished=state["finished"],
            winner=state["winner"],
            extra={"games": state["games"], "current": list(state["current"])},
        )


GAME = Mariasz()
