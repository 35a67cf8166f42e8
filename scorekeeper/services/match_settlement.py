"""Who pays whom at a table with a stake (docs/rules.md §4 "Money"; docs/api.md "Settlement").

From a match state (``matches.match_state``): the fewest payments that clear the balances
(``rules.settlement``), each in units and, with a stake, in money as the balances are
(``GAME.money``: a balance's amount is the sum of its payments' to the cent). While the match is
open it is what the table would pay if it stopped now.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..rules.registry import get_game
from ..rules.settlement import fewest_payments


def settlement(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """``{"currency", "finished", "payments": [{"from", "to", "amount", "units"}]}`` for a game
    played for money (``amount`` a decimal string, None without a stake); None otherwise."""
    game = get_game(state["game"], state.get("preset"))
    if not game.has_stake:
        return None
    payments = fewest_payments(list(state.get("scores") or []))
    stake = state.get("stake")
    return {
        "currency": state.get("currency") if stake else None,
        "finished": bool(state.get("finished")),
        "payments": _payments(game, payments, stake),
    }


def _payments(game: Any, payments: list[Any], stake: str | None) -> list[dict[str, Any]]:
    """Each payment in units, and in money with a stake (``amount``; None without one)."""
    units = [p.amount for p in payments]
    amounts = game.money(units, Decimal(stake)) if stake else [None] * len(units)
    return [
        {"from": p.payer, "to": p.payee, "amount": amount, "units": p.amount}
        for p, amount in zip(payments, amounts, strict=True)
    ]
