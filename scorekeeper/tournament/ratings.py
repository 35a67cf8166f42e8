"""Ratings (RULES.md §6a): the Weng–Lin Plackett–Luce model of ``openskill``, replayed. Pure.

API::

    replay(tables) -> {player_id: Rating(mu, sigma, ordinal)}

``tables`` are the confirmed tables in the fixed order of §6a — evenings by date, then rounds,
then table numbers — each as (player ids, scores); the caller orders them, so the same results
always give the same ratings. A higher score is a better place; level scores share a place.
Two-player games and Marianna teams give tables of two sides (a team's two players share it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    ordinal: float
    games: int = 0  # confirmed tables counted

    def to_json(self) -> dict[str, float]:
        return {"mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "ordinal": round(self.ordinal, 3), "games": self.games}  # fmt: skip


def places(scores: Sequence[int | float]) -> list[int]:
    """1 for the best score; level scores share a place (3, 3, -6 -> 1, 1, 3)."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


def replay(tables: Iterable[tuple[Sequence[Sequence[str]], Sequence[int | float]]]) -> dict:
    """Every player's rating after ``tables`` (each: sides as lists of ids, one score a side)."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    games: dict[str, int] = {}
    for sides, scores in tables:
        if len(sides) < 2:
            continue
        rated = model.rate(_teams(model, now, sides), ranks=places(scores))
        for side, team in zip(sides, rated, strict=True):
            _update(now, games, side, team)
    return _ratings(now, games)


def _ratings(now: dict[str, object], games: dict[str, int]) -> dict[str, Rating]:
    """The ratings reached and the games played, as :class:`Rating`s."""
    return {
        p: Rating(r.mu, r.sigma, r.ordinal(), games[p])  # type: ignore[attr-defined]
        for p, r in now.items()
    }


def _teams(model: PlackettLuce, now: dict[str, object], sides: Sequence[Sequence[str]]) -> list:
    """Each side's players' ratings so far (a new player: the model's first rating)."""
    return [[now.get(p) or model.rating(name=p) for p in side] for side in sides]


def _update(now: dict[str, object], games: dict[str, int], side: Sequence[str], team) -> None:
    """A side's new ratings, and one more game for each of its players."""
    for p, rating in zip(side, team, strict=True):
        now[p] = rating
        games[p] = games.get(p, 0) + 1


def default() -> Rating:
    """The rating of a player with no confirmed table yet."""
    r = PlackettLuce().rating()
    return Rating(r.mu, r.sigma, r.ordinal())
