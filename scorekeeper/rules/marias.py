"""Czech Mariáš (RULES.md §4): the ``GAME`` object the registry hands out, and ``money``.

The work is split over small modules: ``marias_options`` (options and presets),
``marias_record`` (the record dataclasses and canonical JSON), ``marias_parse`` and
``marias_checks`` (RULES.md §5), ``marias_settle`` (one deal's payments). This module scores a
whole match: the running balances in units, and the end of a match agreed at ``deals`` deals.

Where RULES.md is silent this engine decides (tests pin each choice):
- points are at most 190 a side (90 card points + 40 + 3 × 20 in marriages); both sides
  together 90…190 in a played-out deal, the part above 90 in twenties (so a tie can't happen);
- for sto the recorded ``declarer_points`` are the points that count for the hundred;
- only ``sto`` scales above 100 and by ``sto_failure``; ``sto_proti`` is always flat;
- a silent hundred with no points recorded counts as exactly 100;
- silent parts are never flekked, but are doubled in hearts (they are trump-game parts);
- a renonc is paid between the three active players only, never by the sitter;
- with ``flek_per_defender`` and ``sitter_pays`` the sitter pays at level 0 (he never flekked);
- ``limit`` caps the net amount two players settle in one deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from .base import DealScore, FieldError, InvalidDeal, InvalidOptions, MatchFinished, MatchScore
from .marias_options import (
    DEFAULT_PRESET,
    PRESETS,
    MariasOptions,
    make_options,
    options_to_json,
)
from .marias_parse import parse_record
from .marias_record import MariasRecord, Part, Silent, record_to_json
from .marias_settle import settle

__all__ = [
    "GAME",
    "MariasOptions",
    "MariasRecord",
    "MariasRules",
    "Part",
    "Silent",
    "money",
]

_CENT = Decimal("0.01")


def _check_players(n_players: int) -> None:
    if n_players not in (3, 4):
        raise InvalidOptions("players", f"Mariáš is played by 3 or 4, not {n_players}")


def _check_seats(record: MariasRecord, n_players: int, n: int) -> None:
    """A record parsed for another table size must not slip through (e.g. 3 → 4 players)."""
    dealer = record.dealer
    if record.declarer >= n_players or (record.renonc or 0) >= n_players:
        raise InvalidDeal(
            "declarer", f"This deal names a seat not at a table of {n_players}", deal=n
        )
    if n_players == 4:
        if dealer is None or dealer == record.declarer or dealer == record.renonc:
            raise InvalidDeal("dealer", "With four players, name the dealer who sits out", deal=n)
    elif dealer is not None and dealer >= n_players:
        raise InvalidDeal("dealer", f"This deal names a seat not at a table of {n_players}", deal=n)


class MariasRules:
    """Czech Mariáš for 3 players, or 4 with the dealer sitting out each deal."""

    name = "marias"
    title = "Czech Mariáš"
    default_preset = DEFAULT_PRESET
    presets: Mapping[str, Mapping[str, Any]] = PRESETS

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> MariasOptions:
        """Options for a preset with overrides applied. Raises InvalidOptions."""
        return make_options(preset, overrides)

    def options_to_json(self, options: MariasOptions) -> dict[str, Any]:
        """Every effective option by its RULES.md name."""
        return options_to_json(options)

    def player_counts(self, options: MariasOptions) -> tuple[int, ...]:
        """Three players, or four with the dealer sitting out."""
        return (3, 4)

    def side_names(self, players: Sequence[str], options: MariasOptions) -> list[str]:
        """Everyone plays for themselves: the sides are the players."""
        return list(players)

    def parse_record(
        self, data: Mapping[str, Any], options: MariasOptions, n_players: int
    ) -> MariasRecord:
        """Check a record on its own (RULES.md §5). Raises InvalidDeal."""
        return parse_record(data, options, n_players)

    def record_to_json(self, record: MariasRecord) -> dict[str, Any]:
        """The canonical JSON form of a record."""
        return record_to_json(record)

    def score(self, options: MariasOptions, n_players: int, records: Sequence[Any]) -> MatchScore:
        """Balances in units after every deal; MatchFinished past the agreed ``deals``."""
        _check_players(n_players)
        agreed = options.deals
        totals = [0] * n_players
        deals: list[DealScore] = []
        for n, record in enumerate(records, 1):
            if agreed is not None and n > agreed:
                raise MatchFinished(
                    "deal",
                    f"The match was agreed at {agreed} deal{'s' if agreed != 1 else ''} "
                    "and is over; "
                    "edit or delete a deal to reopen it",
                    deal=n,
                )
            if not isinstance(record, MariasRecord):
                try:
                    record = parse_record(record, options, n_players)
                except InvalidDeal as exc:
                    raise InvalidDeal(exc.errors, deal=n) from None
            else:
                _check_seats(record, n_players, n)
            deal = settle(record, options, n_players)
            deals.append(deal)
            for i, d in enumerate(deal.delta):
                totals[i] += d
        finished = agreed is not None and len(deals) >= agreed
        winner = None
        if finished:
            best = max(totals)
            if totals.count(best) == 1:
                winner = totals.index(best)
        return MatchScore(tuple(deals), tuple(totals), finished, winner)


def money(scores: Sequence[int], stake: str | Decimal | int) -> list[str]:
    """Each balance times the stake per unit, as a string with two decimals ("-1.40")."""
    try:
        per_unit = Decimal(str(stake))
    except InvalidOperation:
        raise InvalidOptions(
            FieldError("stake", "The stake is an amount per unit, e.g. 0.20")
        ) from None
    if not per_unit.is_finite() or per_unit < 0:
        raise InvalidOptions("stake", "The stake is an amount per unit, e.g. 0.20")
    # Sub-cent stakes keep their own precision so the amounts still sum to zero.
    places = min(_CENT, Decimal(1).scaleb(min(0, per_unit.normalize().as_tuple().exponent)))
    result = []
    for score in scores:
        amount = (per_unit * score).quantize(places, rounding=ROUND_HALF_UP)
        result.append(str(amount if amount else amount.copy_abs()))
    return result


GAME = MariasRules()
