"""What Czech Mariáš (``MariasRules``) and licitovaný mariáš (``rules.licitovany``) share as
games: three players, or four with the dealer sitting out each deal; every part settled between
the declarer and each defender in units, zero-sum, at a stake per unit (``money``); an open
session that the table ends with Finish unless a number of deals was agreed (docs/rules.md §4,
§4a)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from ..base import N_, FieldError, Figures, GameTournament, InvalidOptions, option
from ..messages import Msg

_CENT = Decimal("0.01")


def chip_tournament(check_table_figures: Callable[[Any, Sequence[int]], Figures]) -> GameTournament:
    """A tournament of either: balances (or places) at tables of three or four (4 only where the
    number of players needs it), zero-sum; each table's figure is a player's balance."""
    return GameTournament(
        rankings=("balance", "placings"),
        table_sizes=(3, 4),
        standings_kind=lambda options: "marias",
        table_score=lambda options: "balance",
        check_table_figures=check_table_figures,
    )


class MariasFamily:
    """The members Mariáš and licitovaný mariáš answer alike (``GameRules``)."""

    name = "marias"
    title = N_("Czech Mariáš")
    has_stake = True
    default_currency = "CZK"
    zero_sum = True
    has_target = False
    carries_ties = False
    shows_current_game = False
    dealer_sits_out = True
    game_points_key = "game_points"

    def money(self, scores: Sequence[int], stake: str | Decimal | int) -> list[str]:
        """Each balance times the stake per unit ("-1.40"); InvalidOptions for a bad stake."""
        return money(scores, stake)

    def names_trump(self, options: Any) -> bool:
        """A deal names a trump (or betl/durch in its place)."""
        return True

    def ends_by_finish(self, options: Any) -> bool:
        """A session without a number of deals is open: the table ends it with Finish."""
        return option(options, "deals") is None

    def plays_in_teams(self, options: Any) -> bool:
        """Each player settles on their own."""
        return False


def _stake(stake: str | Decimal | int) -> Decimal:
    """The stake per unit as a number. Raises InvalidOptions unless it is finite and not
    negative."""
    try:
        per_unit = Decimal(str(stake))
    except InvalidOperation:
        raise InvalidOptions(FieldError("stake", Msg("marias.stake"))) from None
    if not per_unit.is_finite() or per_unit < 0:
        raise InvalidOptions("stake", Msg("marias.stake"))
    return per_unit


def money(scores: Sequence[int], stake: str | Decimal | int) -> list[str]:
    """Each balance times the stake per unit, as a string with two decimals ("-1.40")."""
    per_unit = _stake(stake)
    # Sub-cent stakes keep their own precision so the amounts still sum to zero.
    places = min(_CENT, Decimal(1).scaleb(min(0, per_unit.normalize().as_tuple().exponent)))
    result = []
    for score in scores:
        amount = (per_unit * score).quantize(places, rounding=ROUND_HALF_UP)
        result.append(str(amount if amount else amount.copy_abs()))
    return result
