"""The settlement at the end of a session with a stake (docs/rules.md §4 "Money"): the fewest
payments that clear every balance, by hand and as properties."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.settlement import EXACT_LIMIT, Payment, fewest_payments


def test_one_loser_pays_the_two_winners():
    # docs/rules.md §4 "Money": Šárka −97, Jiří +66, Řehoř +31 (units; at 0.20 Kč a unit:
    # Šárka pays Jiří 13,20 Kč and Řehoř 6,20 Kč): two payments, both from Šárka.
    assert fewest_payments([-97, 66, 31]) == [Payment(0, 1, 66), Payment(0, 2, 31)]


def test_two_pairs_settle_apart():
    # docs/rules.md §4 "Money": +5 −5 +3 −3 is two pairs: two payments, not three.
    assert fewest_payments([5, -5, 3, -3]) == [Payment(1, 0, 5), Payment(3, 2, 3)]


def test_nothing_to_pay():
    assert fewest_payments([0, 0, 0]) == [] and fewest_payments([]) == []


def test_balances_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        fewest_payments([3, -2, 0])


@st.composite
def balances(draw, max_players: int = 7) -> list[int]:
    """A zero-sum list of balances, often with pairs and groups that cancel."""
    n = draw(st.integers(1, max_players))
    values = draw(st.lists(st.integers(-60, 60), min_size=n - 1, max_size=n - 1))
    if draw(st.booleans()):  # mirror some values so zero-sum groups exist
        values = values + [-v for v in values[: draw(st.integers(0, len(values)))]]
    values = values[: max_players - 1]
    return [*values, -sum(values)]


def _after(payments: list[Payment], values: list[int]) -> list[int]:
    """The balances once the payments are made (a payer's debt shrinks, a payee's credit)."""
    left = list(values)
    for p in payments:
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    return left


def _fewest_by_brute_force(values: list[int]) -> int:
    """n − (most zero-sum groups), trying every split of the non-zero balances."""
    seats = [i for i, v in enumerate(values) if v]

    def most(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = 0
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                if values[first] + sum(values[o] for o in others) == 0:
                    remaining = tuple(s for s in rest if s not in others)
                    best = max(best, 1 + most(remaining))
        return best

    return len(seats) - most(tuple(seats))


@settings(max_examples=300, deadline=None)
@given(balances())
def test_payments_clear_every_balance_exactly(values):
    # docs/rules.md §4: after the payments every balance is 0, to the unit.
    payments = fewest_payments(values)
    assert _after(payments, values) == [0] * len(values)
    # and money only goes from a loser to a winner, never from someone who is owed
    for p in payments:
        assert p.amount > 0 and values[p.payer] < 0 < values[p.payee]


@settings(max_examples=300, deadline=None)
@given(balances())
def test_at_most_one_payment_fewer_than_the_players(values):
    payments = fewest_payments(values)
    owed = sum(1 for v in values if v)
    assert len(payments) <= max(0, owed - 1) <= max(0, len(values) - 1)


@settings(max_examples=200, deadline=None)
@given(balances(max_players=7))
def test_the_count_is_minimal_where_zero_sum_groups_exist(values):
    # The fewest payments: every zero-sum group settles by itself, so the count is the players
    # with a balance minus the most groups they split into (checked by brute force).
    assert len(fewest_payments(values)) == _fewest_by_brute_force(values)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=EXACT_LIMIT + 1, max_size=EXACT_LIMIT + 8))
def test_beyond_the_exact_limit_still_clears_with_at_most_n_minus_1(values):
    values = [*values, -sum(values)]
    payments = fewest_payments(values)
    assert _after(payments, values) == [0] * len(values)
    assert len(payments) <= len(values) - 1
