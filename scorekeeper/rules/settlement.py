"""Who pays whom at the end of a session with a stake: the fewest payments that clear every
balance (docs/rules.md §4 "Money").

Balances are whole units (a zero-sum list, one per player). Every group of players whose
balances add up to zero can settle among itself; a group of k players needs k − 1 payments
(each payment clears at least one of them, the last one two). So the fewest payments are the
number of players with a balance minus the largest number of zero-sum groups they can be split
into. ``fewest_payments`` finds that split exactly by a search over subsets (up to
``EXACT_LIMIT`` players with a balance, far more than sit at a card table), then settles each
group largest debt to largest credit. Beyond that limit it settles everyone as one group: still
at most n − 1 payments. Pure: no app imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EXACT_LIMIT = 12


@dataclass(frozen=True, order=True)
class Payment:
    """``payer`` (a seat) pays ``payee`` ``amount`` units (always more than 0)."""

    payer: int
    payee: int
    amount: int


def fewest_payments(balances: Sequence[int]) -> list[Payment]:
    """The fewest payments that clear ``balances`` (zero-sum), ordered by payer then payee.

    Raises ValueError when the balances do not add up to zero (nobody could clear them)."""
    if sum(balances) != 0:
        raise ValueError(f"balances add up to {sum(balances)}, not 0")
    payments = [p for group in _groups(balances) for p in _settle(group, balances)]
    return sorted(payments)


def _groups(balances: Sequence[int]) -> list[list[int]]:
    """The players with a balance, split into the most zero-sum groups (beyond ``EXACT_LIMIT``
    players: one group)."""
    owed = [seat for seat, balance in enumerate(balances) if balance]
    if len(owed) > EXACT_LIMIT:
        return [owed]
    return _zero_sum_groups(owed, balances)


def _zero_sum_groups(seats: list[int], balances: Sequence[int]) -> list[list[int]]:
    """``seats`` split into the largest number of groups whose balances add up to zero.

    ``best[mask]`` is the most zero-sum groups the seats in ``mask`` (a zero-sum set) split into
    when they are taken one by one in some order and a group closes each time the running sum
    is zero; the order that reaches it is rebuilt backwards."""
    total, best = _subset_table(seats, balances)
    return _rebuild_groups(seats, total, best)


def _subset_table(seats: list[int], balances: Sequence[int]) -> tuple[list[int], list[int]]:
    """For every subset of ``seats`` (a bit mask): its balances' sum, and ``best``."""
    n = len(seats)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + balances[seats[low.bit_length() - 1]]
        most = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        best[mask] = most + (total[mask] == 0)
    return total, best


def _last_taken(mask: int, n: int, best: list[int], closes: bool) -> int:
    """The seat (its index) an order reaching ``best[mask]`` takes last among those in ``mask``."""
    return next(
        i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] == best[mask] - closes
    )


def _rebuild_groups(seats: list[int], total: list[int], best: list[int]) -> list[list[int]]:
    """The groups of an order that reaches ``best`` for all the seats, rebuilt backwards."""
    groups: list[list[int]] = []
    current: list[int] = []
    mask = len(total) - 1
    while mask:
        closes = total[mask] == 0
        if closes and current:
            groups.append(current)
            current = []
        i = _last_taken(mask, len(seats), best, closes)
        current.append(seats[i])
        mask ^= 1 << i
    if current:
        groups.append(current)
    return groups


def _settle(group: list[int], balances: Sequence[int]) -> list[Payment]:
    """One zero-sum group settled: the largest debt pays the largest credit, until all clear."""
    left = {seat: balances[seat] for seat in group}
    payments = []
    while any(left.values()):
        payer = min(left, key=lambda s: (left[s], s))
        payee = max(left, key=lambda s: (left[s], -s))
        amount = min(-left[payer], left[payee])
        payments.append(Payment(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return payments
