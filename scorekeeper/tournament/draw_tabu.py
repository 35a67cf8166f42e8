"""The bookkeeping of the draws' tabu searches (:mod:`scorekeeper.tournament.draw_search` and
:mod:`scorekeeper.tournament.draw_ahead`): where a search stands, which step may be taken, and the
cheapest candidate offered so far. Pure and deterministic (ties broken by the caller's seeded
``random.Random``).
"""

from __future__ import annotations

import random
from typing import Any


class Progress:
    """Where a tabu search stands: the current cost, the best seating seen and its cost, the
    steps taken, the evaluations spent, the step of the last improvement and the tabu list."""

    def __init__(self, cost: int, state: Any) -> None:
        self.cost = self.best_cost = cost
        self.best = state.snapshot()
        self.step = self.evaluations = self.improved = 0
        self.tabu: dict[tuple[int, ...], int] = {}

    def within(self, floor: int, budget: int) -> bool:
        """Whether the best seen still costs more than ``floor`` and ``budget`` evaluations are
        not spent yet."""
        return self.best_cost > floor and self.evaluations < budget

    def stalled(self, stall_steps: int | None) -> bool:
        """Whether more than ``stall_steps`` steps (None: no limit) found nothing better."""
        return stall_steps is not None and self.step - self.improved > stall_steps

    def keep_if_best(self, state: Any) -> None:
        """Remember ``state`` (its ``snapshot()``) if it is the cheapest seen so far."""
        if self.cost < self.best_cost:
            self.best_cost, self.best, self.improved = self.cost, state.snapshot(), self.step


def tabu_allows(barred: bool, above_best: int, delta: int) -> bool:
    """Whether a step may be taken: not tabu, or leading to a cost below the best seen
    (``above_best`` is the current cost minus the best; ``delta`` what the step changes)."""
    return not barred or above_best + delta < 0


class Choice:
    """The cheapest candidate offered so far; equal ones replace it with equal chance."""

    def __init__(self) -> None:
        self.choice, self.delta, self.ties = None, None, 0

    def cheaper(self, delta: int) -> bool:
        """Whether ``delta`` beats every candidate offered so far (or none was offered)."""
        return self.delta is None or delta < self.delta

    def offer(self, choice, delta: int, rng: random.Random) -> None:
        if self.cheaper(delta):
            self.choice, self.delta, self.ties = choice, delta, 1
        elif delta == self.delta:
            self.ties += 1
            if rng.randrange(self.ties) == 0:
                self.choice = choice

    def force(self, choice, delta: int) -> None:
        """A strictly cheaper candidate wins outright (no tie-break draw)."""
        if self.cheaper(delta):
            self.choice, self.delta, self.ties = choice, delta, 1
