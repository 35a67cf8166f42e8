"""A tiny stand-in game ("tally") for testing the match service's mechanics without real rules.

Each deal records ``{"points": [..]}``, one whole number 0–10 per seat; the first to ``target``
(default 30) wins. In context: two empty deals in a row are refused, and a deal after the match
is decided raises MatchFinished, as the real engines do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper.rules.base import (
    DealScore,
    GameWords,
    InvalidDeal,
    InvalidOptions,
    MatchFinished,
    MatchScore,
)
from scorekeeper.services import match_setup, scoring


@dataclass(frozen=True)
class TallyOptions:
    target: int = 30


@dataclass(frozen=True)
class TallyRecord:
    points: tuple[int, ...]


class Tally:
    name = "tally"
    title = "Tally"
    default_preset = "standard"
    presets: Mapping[str, Mapping[str, Any]] = {"standard": {}, "short": {"target": 10}}
    # the capabilities other layers ask about (scorekeeper.rules.base.GameRules)
    has_stake = False
    default_currency = ""
    zero_sum = False
    minimal_extra: tuple[str, ...] = ()
    preset_titles: Mapping[str, str] = {}
    words = GameWords(
        summary="First to the target wins.",
        preset_labels={"standard": "standard", "short": "short"},
        preset_descriptions={"standard": "To 30", "short": "To 10"},
    )

    def make_options(self, preset=None, overrides=None):  # noqa: ANN001, ANN201
        values = dict(self.presets[preset or self.default_preset])
        for name, value in (overrides or {}).items():
            if name != "target":
                raise InvalidOptions(f"options.{name}", "is not an option of this game")
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise InvalidOptions("options.target", "must be a whole number above 0")
            values[name] = value
        return TallyOptions(**values)

    def options_to_json(self, options: TallyOptions) -> dict[str, Any]:
        return {"target": options.target}

    def player_counts(self, options: TallyOptions) -> tuple[int, ...]:
        return (2, 3)

    def side_names(self, players: Sequence[str], options: TallyOptions) -> list[str]:
        return list(players)

    def parse_record(self, data: Mapping[str, Any], options: TallyOptions, n_players: int):  # noqa: ANN201
        points = data.get("points")
        if not isinstance(points, list) or len(points) != n_players:
            raise InvalidDeal("points", f"give {n_players} numbers")
        for i, p in enumerate(points):
            if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= 10:
                raise InvalidDeal(f"points.{i}", "must be a whole number 0–10")
        if set(data) - {"points"}:
            raise InvalidDeal(sorted(set(data) - {"points"})[0], "unknown field")
        return TallyRecord(tuple(points))

    def record_to_json(self, record: TallyRecord) -> dict[str, Any]:
        return {"points": list(record.points)}

    def score(self, options: TallyOptions, n_players: int, records: Sequence[TallyRecord]):  # noqa: ANN201
        totals = [0] * n_players
        deals, winner, previous_empty = [], None, False
        for n, record in enumerate(records, start=1):
            if winner is not None:
                raise MatchFinished("points", "the match is already decided", deal=n)
            empty = sum(record.points) == 0
            if empty and previous_empty:
                raise InvalidDeal("points", "two empty deals in a row", deal=n)
            previous_empty = empty
            totals = [t + p for t, p in zip(totals, record.points, strict=True)]
            deals.append(
                DealScore(
                    record.points, (f"deal {n}: {list(record.points)}",), {"running": list(totals)}
                )
            )
            best = max(totals)
            if best >= options.target and totals.count(best) == 1:
                winner = totals.index(best)
        return MatchScore(
            tuple(deals), tuple(totals), winner is not None, winner, {"current": list(totals)}
        )


TALLY = Tally()


@pytest.fixture
def tally(monkeypatch):
    """Make the game name "tally" resolve to the stand-in game inside the services."""
    real = scoring.get_game

    def get_game(name: str, preset: str | None = None):  # noqa: ANN202
        return TALLY if name == "tally" else real(name, preset)

    monkeypatch.setattr(scoring, "get_game", get_game)
    monkeypatch.setattr(match_setup, "get_game", get_game)
    scoring._options.cache_clear()
    yield TALLY
    scoring._options.cache_clear()
