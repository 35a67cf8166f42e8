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
    SUITS,
    DealScore,
    InvalidDeal,
    InvalidOptions,
    MatchFinished,
    MatchScore,
    State,
    check_deck,
    fold,
    option,
)
from .messages import Msg
from .twohand import (
    RecordRules,
    TwoHandRecord,
    deal_points,
    deal_total,
    describe_deal,
)
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

ORDINAL = ("first", "second", "third", "fourth", "fifth")
_SUIT_BIT = {suit: 1 << i for i, suit in enumerate(SUITS)}
_ALL_SUITS = (1 << len(SUITS)) - 1  # swatowe: every suit melded in one game
_TOTAL = {False: deal_total(True), True: deal_total(False)}  # by no_trump


def _ordinal(index: int) -> Msg:
    if index < len(ORDINAL):
        return Msg(f"mariasz.{ORDINAL[index]}")
    return Msg("mariasz.nth", n=index + 1)


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
        return _Scorer.start(n_players)

    def step(self, options: MariaszOptions, state: State, record: Any) -> tuple[State, DealScore]:
        """Score the next deal in its game; the new state and the deal's score."""
        n = state["n"] + 1
        if not isinstance(record, TwoHandRecord):
            record = parse_all(self, options, state["players"], [record])[0]
        scorer = _Scorer(options, state)
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


class _Scorer:
    """Scores one deal from a running state (``state()`` gives the new one).

    Lists the deal changes in place are copied first; the others are replaced, never changed,
    so the state passed in stays as it was."""

    def __init__(self, options: MariaszOptions, state: State):
        self.o = options
        self.total = _TOTAL[options.no_trump]
        self.n = state["n"]
        self.players = state["players"]
        self.scores: list[int] = state["scores"]
        self.games: list[dict[str, Any]] = state["games"]
        self.finished: bool = state["finished"]
        self.winner: int | None = state["winner"]
        self.game_deals: list[int] = state["game_deals"][:]
        self.game_points: list[int] = state["current"]
        # per player: trump, plain marriages this game
        self.game_marriages = [state["game_marriages"][0][:], state["game_marriages"][1][:]]
        self.game_suits: list[int] = state["game_suits"][:]  # per player: suits melded, as bits

    @staticmethod
    def start(n_players: int) -> State:
        """The state of a match with no deals."""
        return {
            "n": 0,
            "players": n_players,
            "scores": [0, 0],
            "finished": False,
            "winner": None,
            "games": [],
            "current": [0, 0],
            "game_deals": [],
            "game_marriages": [[0, 0], [0, 0]],
            "game_suits": [0, 0],
        }

    def state(self) -> State:
        """The running state as JSON: the match so far and the game being played."""
        return {
            "n": self.n,
            "players": self.players,
            "scores": self.scores,
            "finished": self.finished,
            "winner": self.winner,
            "games": self.games,
            "current": self.game_points,
            "game_deals": self.game_deals,
            "game_marriages": self.game_marriages,
            "game_suits": self.game_suits,
        }

    def _new_game(self) -> None:
        self.game_deals = []
        self.game_points = [0, 0]
        self.game_marriages = [[0, 0], [0, 0]]
        self.game_suits = [0, 0]

    def step(self, n: int, record: TwoHandRecord) -> DealScore:
        if self.finished:
            a, b = self.scores
            raise MatchFinished("deal", Msg("mariasz.decided", a=a, b=b), deal=n)
        deal = self._deal(n, record)
        self.n = n
        return deal

    def _deal(self, n: int, r: TwoHandRecord) -> DealScore:
        target = self.o.target
        index = len(self.game_deals)  # 0: first deal of the game, 1: second, 2: third (no_trump)
        gained = deal_points(r, self.total)
        self.game_deals.append(n)
        pts = [self.game_points[s] + gained[s] for s in (0, 1)]
        self.game_points = pts
        self._count_marriages(r)
        reached = [s for s in (0, 1) if pts[s] >= target]
        lines: list[str] = [describe_deal(r, self.total, gained)]
        self._check(n, r, pts, reached)
        winner, kind = self._game_winner(r, pts, reached, index, lines)
        if winner is None:
            return DealScore((0, 0), tuple(lines), {"game": len(self.games) + 1})
        return self._end_game(winner, kind, lines)

    def _count_marriages(self, r: TwoHandRecord) -> None:
        for s in (0, 1):
            trumps = sum(m == r.trump for m in r.marriages[s])
            self.game_marriages[s][0] += trumps
            self.game_marriages[s][1] += len(r.marriages[s]) - trumps
            for suit in r.marriages[s]:
                self.game_suits[s] |= _SUIT_BIT[suit]

    def _check(self, n: int, r: TwoHandRecord, pts: list[int], reached: list[int]) -> None:
        """What a deal may not say given the game's points (docs/rules.md §5)."""
        target = self.o.target
        if r.is_short(self.total) and not reached:
            cards = sum(r.card_points(self.total))
            raise InvalidDeal(
                "points", Msg("mariasz.short", cards=cards, total=self.total, target=target),
                deal=n,
            )  # fmt: skip
        first = r.first_to_target
        if first is not None and first not in reached:
            raise InvalidDeal(
                "first_to_target",
                Msg("mariasz.not_first", player=first, n=pts[first], target=target),
                deal=n,
            )
        if len(reached) == 2 and first is None:
            raise InvalidDeal(
                "first_to_target",
                Msg("mariasz.both_reach", target=target, a=pts[0], b=pts[1]),
                deal=n,
            )

    def _game_winner(
        self, r: TwoHandRecord, pts: list[int], reached: list[int], index: int, lines: list[str]
    ) -> tuple[int | None, str]:
        """Who wins the game with this deal and how (dubla/sympla), or None: the game goes on."""
        target = self.o.target
        closer = r.closed_by
        if closer is not None and closer not in reached:
            winner, kind = 1 - closer, "dubla"
            lines.append(
                Msg("mariasz.closed_short", closer=closer, n=pts[closer], target=target,
                    winner=winner)
            )  # fmt: skip
        elif reached:
            winner = r.first_to_target if len(reached) == 2 else reached[0]
            kind = "dubla" if index == 0 else "sympla"
            code = "mariasz.reaches_first" if len(reached) == 2 else "mariasz.reaches"
            lines.append(
                Msg(code, winner=winner, target=target, ordinal=_ordinal(index), a=pts[0],
                    b=pts[1], kind=Msg(f"mariasz.{kind}"))
            )  # fmt: skip
        elif index == 0 or self.o.no_trump:
            game = len(self.games) + 1
            if index == 0:
                line = Msg("mariasz.second_decides", game=game, a=pts[0], b=pts[1], target=target)
            else:
                line = Msg(
                    "mariasz.another_deal", game=game, a=pts[0], b=pts[1], target=target,
                    ordinal=_ordinal(index + 1),
                )  # fmt: skip
            lines.append(line)
            return None, ""
        else:  # cannot happen with target <= 138 and checked totals
            raise InvalidDeal(
                "points", Msg("mariasz.nobody_after_two", target=target), deal=self.n + 1
            )
        return winner, kind

    def _end_game(self, winner: int, kind: str, lines: list[str]) -> DealScore:
        o = self.o
        mp = [0, 0]
        for s in (0, 1):
            trumps, plains = self.game_marriages[s]
            parts: list[tuple[Msg, int]] = []
            if s == winner:
                value = 2 if kind == "dubla" else 1
                parts.append((Msg("mariasz.won_kind", kind=Msg(f"mariasz.{kind}"), points=value),
                              value))  # fmt: skip
            if trumps:
                parts.append((_count("mariasz.trump_marriage", trumps, 2 * trumps), 2 * trumps))
            if plains:
                parts.append((_count("mariasz.plain_marriage", plains, plains), plains))
            if self.game_suits[s] == _ALL_SUITS and o.swatowe:
                parts.append((Msg("mariasz.swatowe", points=o.swatowe), o.swatowe))
            mp[s] = sum(v for _, v in parts)
            lines.append(_match_points(s, parts, mp[s]))
        number = len(self.games) + 1
        game = {
            "deals": self.game_deals,
            "winner": winner,
            "kind": kind,
            "points": self.game_points,
            "match_points": mp,
        }
        self.games = [*self.games, game]
        self.scores = [self.scores[s] + mp[s] for s in (0, 1)]
        self._new_game()
        self._check_end(lines)
        return DealScore(tuple(mp), tuple(lines), {"game": number})

    def _check_end(self, lines: list[str]) -> None:
        o, (a, b) = self.o, self.scores
        if o.match_target is not None and max(a, b) >= o.match_target:
            if a == b:
                lines.append(Msg("mariasz.level", n=a))
                return
            self.finished, self.winner = True, 0 if a > b else 1
        elif o.match_games is not None and len(self.games) >= o.match_games:
            if a == b:  # v2.1: no draws, as with match_target: another game is played
                lines.append(Msg("mariasz.level", n=a))
                return
            self.finished, self.winner = True, 0 if a > b else 1
        if self.finished:
            lines.append(match_over(a, b, self.winner))


def _match_points(seat: int, parts: list[tuple[Msg, int]], total: int) -> Msg:
    """'player 1: dubla 2 + trump marriage 2 = 4 match points'."""
    labels = tuple(label for label, _ in parts)
    if not parts:
        return Msg("mariasz.no_match_points", player=seat)
    if len(parts) > 1:
        return Msg("mariasz.match_points_sum", player=seat, parts=labels, n=total)
    return Msg("mariasz.match_points", player=seat, parts=labels, n=total)


def _count(code: str, n: int, points: int) -> Msg:
    """'trump marriage 2', '2 trump marriages 4'."""
    if n == 1:
        return Msg(code, points=points)
    return Msg(code + "s", n=n, points=points)


def match_over(a: int, b: int, winner: int | None) -> Msg:
    """'Match over, 10–4: player 1 wins' (or a draw)."""
    if winner is None:
        return Msg("match_over_draw", a=a, b=b)
    return Msg("match_over_wins", a=a, b=b, winner=winner)


GAME = Mariasz()
