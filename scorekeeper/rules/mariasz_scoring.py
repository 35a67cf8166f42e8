"""Scoring Polish Mariasz deal by deal (docs/rules.md §1): the running game, who wins it (dubla,
sympla, a closed stock), the match points it gives and the end of the match.

``mariasz`` holds the game's options and its GameRules; this module the ``Scorer`` its ``step``
runs on the running state, and the explanation lines the scoring says.
"""

from __future__ import annotations

from typing import Any, Protocol

from .base import SUITS, DealScore, InvalidDeal, MatchFinished, State
from .messages import Msg
from .twohand import TwoHandRecord, deal_points, deal_total, describe_deal

ORDINAL = ("first", "second", "third", "fourth", "fifth")
_SUIT_BIT = {suit: 1 << i for i, suit in enumerate(SUITS)}
_ALL_SUITS = (1 << len(SUITS)) - 1  # swatowe: every suit melded in one game
_TOTAL = {False: deal_total(True), True: deal_total(False)}  # by no_trump


class Options(Protocol):
    """The options the scoring reads (``mariasz.MariaszOptions``)."""

    target: int
    match_target: int | None
    match_games: int | None
    swatowe: int
    no_trump: bool


def _ordinal(index: int) -> Msg:
    if index < len(ORDINAL):
        return Msg(f"mariasz.{ORDINAL[index]}")
    return Msg("mariasz.nth", n=index + 1)


def _reached(value: int, limit: int | None) -> bool:
    """Whether a limit the match has is reached."""
    return limit is not None and value >= limit


class Scorer:
    """Scores one deal from a running state (``state()`` gives the new one).

    Lists the deal changes in place are copied first; the others are replaced, never changed,
    so the state passed in stays as it was."""

    def __init__(self, options: Options, state: State):
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
        if r.is_short(self.total) and not reached:
            cards = sum(r.card_points(self.total))
            raise InvalidDeal(
                "points",
                Msg("mariasz.short", cards=cards, total=self.total, target=self.o.target),
                deal=n,
            )
        self._check_first(n, r.first_to_target, pts, reached)

    def _check_first(self, n: int, first: int | None, pts: list[int], reached: list[int]) -> None:
        """The player named first to the target reached it; both reaching it, one is named."""
        target = self.o.target
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
        closer = r.closed_by
        if closer is not None and closer not in reached:
            return self._closed_short(closer, pts, lines)
        if reached:
            return self._reaches(r, pts, reached, index, lines)
        lines.append(self._goes_on(pts, index))
        return None, ""

    def _closed_short(self, closer: int, pts: list[int], lines: list[str]) -> tuple[int, str]:
        """The closer fell short of the target: the opponent wins as if by dubla."""
        winner, target = 1 - closer, self.o.target
        lines.append(
            Msg("mariasz.closed_short", closer=closer, n=pts[closer], target=target, winner=winner)
        )
        return winner, "dubla"

    def _reaches(
        self, r: TwoHandRecord, pts: list[int], reached: list[int], index: int, lines: list[str]
    ) -> tuple[int | None, str]:
        """A player reached the target (both: the one named first): dubla in the game's first
        deal, else sympla."""
        both = len(reached) == 2
        winner = r.first_to_target if both else reached[0]
        kind = "dubla" if index == 0 else "sympla"
        code = "mariasz.reaches_first" if both else "mariasz.reaches"
        lines.append(
            Msg(code, winner=winner, target=self.o.target, ordinal=_ordinal(index), a=pts[0],
                b=pts[1], kind=Msg(f"mariasz.{kind}"))
        )  # fmt: skip
        return winner, kind

    def _goes_on(self, pts: list[int], index: int) -> Msg:
        """Nobody reached the target: the second deal decides (without trumps, another deal)."""
        target = self.o.target
        # cannot happen with target <= 138 and checked totals
        if index != 0 and not self.o.no_trump:
            raise InvalidDeal(
                "points", Msg("mariasz.nobody_after_two", target=target), deal=self.n + 1
            )
        game = len(self.games) + 1
        if index == 0:
            return Msg("mariasz.second_decides", game=game, a=pts[0], b=pts[1], target=target)
        return Msg(
            "mariasz.another_deal", game=game, a=pts[0], b=pts[1], target=target,
            ordinal=_ordinal(index + 1),
        )  # fmt: skip

    def _match_point_parts(self, s: int, winner: int, kind: str) -> list[tuple[Msg, int]]:
        """What player ``s`` earns for the game just ended, item by item: the game won, the
        marriages melded, swatowe."""
        parts = [_game_won(kind)] if s == winner else []
        parts += _marriage_parts(*self.game_marriages[s])
        swatowe = self.o.swatowe
        if self.game_suits[s] == _ALL_SUITS and swatowe:
            parts.append((Msg("mariasz.swatowe", points=swatowe), swatowe))
        return parts

    def _end_game(self, winner: int, kind: str, lines: list[str]) -> DealScore:
        mp = [0, 0]
        for s in (0, 1):
            parts = self._match_point_parts(s, winner, kind)
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
        """The match ends at its match points or after its games, unless the totals are level:
        then another game is played (v2.1: after the agreed games too; no draws)."""
        o, (a, b) = self.o, self.scores
        if not (_reached(max(a, b), o.match_target) or _reached(len(self.games), o.match_games)):
            return
        if a == b:
            lines.append(Msg("mariasz.level", n=a))
            return
        self.finished, self.winner = True, 0 if a > b else 1
        lines.append(match_over(a, b, self.winner))


def _game_won(kind: str) -> tuple[Msg, int]:
    """The game's winner's match points: 2 for a dubla, 1 for a sympla."""
    value = 2 if kind == "dubla" else 1
    return Msg("mariasz.won_kind", kind=Msg(f"mariasz.{kind}"), points=value), value


def _marriage_parts(trumps: int, plains: int) -> list[tuple[Msg, int]]:
    """Match points for the marriages melded in the game: 2 a trump one, 1 a plain one."""
    parts = []
    if trumps:
        parts.append((_count("mariasz.trump_marriage", trumps, 2 * trumps), 2 * trumps))
    if plains:
        parts.append((_count("mariasz.plain_marriage", plains, plains), plains))
    return parts


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
