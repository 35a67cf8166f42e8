"""German Mariage scoring (docs/rules.md §2): every deal is a game, won by the player with more
points.

Same cards and deal record as Mariasz, without the 131 contract: every deal is played out, so its
card points add up to the deal total (138, or 130 with ``pamfil`` off: the trump queen counts 3).
The player with more points (card points + marriages) wins 1 game point, or 2 when the loser has
fewer than 33 (strictly). A tie is decided by the next decided game: its winner also takes 1 game
point per tied game carried. The match ends at ``match_target`` game points (7) or after
``match_games`` games; a tie still waiting to be decided is played off first (another game), and
equal totals after the agreed games are a draw (winner None).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .base import N_, DealScore, MatchFinished, MatchScore, State, check_deck, fold
from .mariasz import match_over
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
    check_bool,
    check_int,
    parse_all,
    two_hand_sheet,
)
from .twohand.words import MARIAGE

DOUBLE_BELOW = 33  # the loser strictly below this: the game counts double


@dataclass(frozen=True)
class MariageOptions:
    """Options of a German Mariage match, by their docs/rules.md names."""

    pamfil: bool = True
    match_target: int | None = 7
    match_games: int | None = None
    deck: str = "german"  # API.md v2: the suits shown (german | italian | french); no score


CHECKS = {
    "pamfil": check_bool,
    "match_target": check_int(1, optional=True),
    "match_games": check_int(1, optional=True),
    "deck": check_deck,
}


class Mariage(TwoHandGame):
    """The GameRules of German Mariage scoring."""

    name = "mariage"
    title = N_("German Mariage")
    words = MARIAGE
    short_title = "Mariage"
    has_target = False
    carries_ties = True
    sheet = two_hand_sheet(
        "game_points", N_("Each deal is a game: 1 game point, 2 when the loser has under 33")
    )
    options_class = MariageOptions
    checks = CHECKS

    def record_rules(self, options: MariageOptions) -> RecordRules:
        """No target in German scoring: each deal is played out, 138 (130 without the pamfil)."""
        return RecordRules(self.title, deal_total(options.pamfil), None)

    def score(
        self, options: MariageOptions, n_players: int, records: Sequence[TwoHandRecord]
    ) -> MatchScore:
        """Score a match in one pass (docs/rules.md §2), carrying ties to the next decided game."""
        return fold(self, options, n_players, parse_all(self, options, n_players, records))

    state_format = 1

    def start(self, options: MariageOptions, n_players: int) -> State:
        """No games yet, no tie carried."""
        return {
            "n": 0,
            "players": n_players,
            "scores": [0, 0],
            "games": [],
            "carried": 0,  # tied games waiting for the next decided game
            "finished": False,
            "winner": None,
        }

    def step(self, options: MariageOptions, state: State, record: Any) -> tuple[State, DealScore]:
        """Score the next deal (a game of its own); the new state and the deal's score."""
        n = state["n"] + 1
        scores, games = state["scores"], list(state["games"])
        if state["finished"]:
            raise MatchFinished("deal", Msg("mariasz.decided", a=scores[0], b=scores[1]), deal=n)
        r = record
        if not isinstance(r, TwoHandRecord):
            r = parse_all(self, options, state["players"], [record])[0]
        total = deal_total(options.pamfil)
        pts = deal_points(r, total)
        lines: list[str] = [describe_deal(r, total, pts)]
        won, kind, mp, carried = _game(pts, state["carried"], lines)
        games.append(
            {"deals": [n], "winner": won, "kind": kind, "points": list(pts), "match_points": mp}
        )
        scores = [scores[0] + mp[0], scores[1] + mp[1]]
        finished, winner = _match_end(options, scores, len(games), carried, lines)
        new = {
            "n": n,
            "players": state["players"],
            "scores": scores,
            "games": games,
            "carried": carried,
            "finished": finished,
            "winner": winner,
        }
        return new, DealScore(tuple(mp), tuple(lines), {"game": len(games)})

    def totals(self, options: MariageOptions, state: State) -> MatchScore:
        """Game points, the end and the games played (no game is ever half played)."""
        return MatchScore(
            deals=(),
            scores=tuple(state["scores"]),
            finished=state["finished"],
            winner=state["winner"],
            extra={"games": state["games"], "current": [0, 0]},
        )


def _game(
    pts: tuple[int, int], carried: int, lines: list[str]
) -> tuple[int | None, str, list[int], int]:
    """Who won this deal's game, how, the game points it gives and the ties still carried."""
    if pts[0] == pts[1]:
        lines.append(Msg("mariage.tie", n=pts[0]))
        return None, "tie", [0, 0], carried + 1
    return _decided(pts, carried, lines)


def _decided(
    pts: tuple[int, int], carried: int, lines: list[str]
) -> tuple[int, str, list[int], int]:
    """A game with more points on one side: 1 game point, 2 when the loser has under 33, and
    1 more for each tied game carried (none carried after it)."""
    won = 0 if pts[0] > pts[1] else 1
    loser = pts[1 - won]
    kind = "double" if loser < DOUBLE_BELOW else "single"
    value = 2 if kind == "double" else 1
    text = Msg(
        f"mariage.{kind}", winner=won, points=pts[won], lost=loser, loser=1 - won,
        below=DOUBLE_BELOW,
    )  # fmt: skip
    if carried:
        text = Msg("mariage.carried", won=text, n=carried, total=value + carried)
    mp = [0, 0]
    mp[won] = value + carried
    lines.append(Msg("mariage.game_points", what=text, n=mp[won]))
    return won, kind, mp, 0


def _leader(a: int, b: int) -> int | None:
    """The player with more game points (None: level)."""
    if a == b:
        return None
    return 0 if a > b else 1


def _games_over(played: int, match_games: int, carried: int, lines: list[str]) -> bool:
    """Whether the agreed games are played; a tie still carried is played off first."""
    if played < match_games:
        return False
    if carried:
        lines.append(Msg("mariage.tie_open"))
        return False
    return True


def _match_end(
    options: MariageOptions, scores: list[int], played: int, carried: int, lines: list[str]
) -> tuple[bool, int | None]:
    """Whether the match is over after this game, and who won it (None: a draw)."""
    a, b = scores
    if options.match_target is not None:  # reached with level totals, another game is played
        over = max(a, b) >= options.match_target and a != b
    else:
        over = _games_over(played, options.match_games, carried, lines)  # type: ignore[arg-type]
    if not over:
        return False, None
    winner = _leader(a, b)
    lines.append(match_over(a, b, winner))
    return True, winner


GAME = Mariage()
