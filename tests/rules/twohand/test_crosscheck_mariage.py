"""Independent cross-check of German Mariage scoring (RULES.md §2, §5): hand-worked examples.

Expectations were worked out from RULES.md alone; the arithmetic is beside each case.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal, MatchFinished
from scorekeeper.rules.mariage import GAME

H, D, C, S = "hearts", "diamonds", "clubs", "spades"


def deal(trump, a, b=None, m0=(), m1=(), first=None) -> dict[str, Any]:
    """A deal record in the API.md form."""
    return {"trump": trump, "points": [a, b], "marriages": [list(m0), list(m1)],
            "first_to_target": first}  # fmt: skip


def play(deals: list[dict[str, Any]], **overrides: Any):
    """Score a whole match from raw records through the public interface."""
    options = GAME.make_options(None, overrides)
    return GAME.score(options, 2, [GAME.parse_record(d, options, 2) for d in deals])


CASES = [
    # RULES.md §2 "each deal is a game": 100 : 38 -> P0 1 game point (38 >= 33).
    ("single", [deal(H, 100)], {}, (1, 0), ["single"]),
    # loser 32 (strictly below 33): 106 : 32 -> 2.
    ("loser_32_double", [deal(H, 106)], {}, (2, 0), ["double"]),
    # loser 33: 105 : 33 -> 1.
    ("loser_33_single", [deal(H, 105)], {}, (1, 0), ["single"]),
    # played out 138 : 0 -> P1 0 < 33 -> 2.
    ("loser_0", [deal(H, 138)], {}, (2, 0), ["double"]),
    # marriages count: P1 12 cards + plain 20 = 32 < 33 -> double; P0 126.
    ("loser_32_with_marriage", [deal(H, 126, None, [], [S])], {}, (2, 0), ["double"]),
    # P1 13 + 20 = 33 -> single.
    ("loser_33_with_marriage", [deal(H, 125, None, [], [S])], {}, (1, 0), ["single"]),
    # marriage decides the winner: P0 60 + trump 40 = 100, P1 78 -> P0 1.
    ("marriage_wins", [deal(H, 60, None, [H])], {}, (1, 0), ["single"]),
    # §2 tie carried: 69 : 69 tie; next P1 wins 78 : 60 -> 1 + 1 carried = 2.
    ("tie_then_win", [deal(H, 69), deal(H, 60)], {}, (0, 2), ["tie", "single"]),
    # two ties carried into a double: 69:69, 59+20 : 79, then 110 : 28 -> 2 + 1 + 1 = 4.
    (
        "two_ties_then_double",
        [deal(H, 69), deal(H, 59, None, [S]), deal(H, 110)],
        {},
        (4, 0),
        ["tie", "tie", "double"],
    ),
    # §2 pamfil off: deal total 130; 65 : 65 tie, then 100 : 30 -> 2 + 1 = 3.
    (
        "pamfil_off_tie_then_double",
        [deal(H, 65), deal(H, 100)],
        {"pamfil": False},
        (3, 0),
        ["tie", "double"],
    ),
    # pamfil off: 98 : 32 -> double; 97 : 33 -> single.
    ("pamfil_off_32", [deal(H, 98)], {"pamfil": False}, (2, 0), ["double"]),
    ("pamfil_off_33", [deal(H, 97)], {"pamfil": False}, (1, 0), ["single"]),
]


@pytest.mark.parametrize("name, deals, options, scores, kinds", CASES, ids=[c[0] for c in CASES])
def test_games(name, deals, options, scores, kinds):
    result = play(deals, **options)
    assert result.scores == scores
    assert [g["kind"] for g in result.extra["games"]] == kinds
    assert sum(sum(d.delta) for d in result.deals) == sum(scores)


def test_tie_deal_changes_nothing_until_decided():
    # RULES.md §2: a tie is decided by the next game, so the tied deal itself scores 0.
    result = play([deal(H, 69)])
    assert result.scores == (0, 0) and result.deals[0].delta == (0, 0)


def test_match_target_7():
    # RULES.md §2 match_target 7: six singles (6) then a double -> 8 >= 7, P0 wins.
    deals = [deal(H, 100)] * 6
    assert not play(deals).finished
    result = play(deals + [deal(H, 110)])
    assert (result.scores, result.finished, result.winner) == ((8, 0), True, 0)
    with pytest.raises(MatchFinished) as err:
        play(deals + [deal(H, 110), deal(H, 100)])
    assert err.value.deal == 8


def test_match_games():
    # RULES.md §2 match_games 3: P0 single 1, P1 single 1 (100 : 38), P0 double 2 (110 : 28)
    # -> (3, 1) after 3 games, P0 wins.
    result = play([deal(H, 100), deal(H, 38), deal(H, 110)], match_games=3)
    assert (result.scores, result.finished, result.winner) == ((3, 1), True, 0)


@pytest.mark.parametrize(
    "record, options, field",
    [
        (deal(H, 60, 60), {}, "points"),  # §5 no target in Mariage: 120 != 138 is refused
        (deal(H, 100, 38), {"pamfil": False}, "points"),  # §2 pamfil off: 130, not 138
        (deal(H, 69, None, first=0), {}, "first_to_target"),  # no target, nobody reaches it
        (deal(H, 69, None, [H, D, C, S], [H]), {}, "marriages"),  # fifth marriage / H twice
    ],
)
def test_refusals(record, options, field):
    opts = GAME.make_options(None, options)
    with pytest.raises(InvalidDeal) as err:
        GAME.score(opts, 2, [GAME.parse_record(record, opts, 2)])
    assert any(e.field.split(".")[0] == field for e in err.value.errors), err.value.errors


# ------------------------------------------------------------------ an independent model
# RULES.md §2 written out directly: each played-out deal is a game; the higher total wins 1, or
# 2 when the loser has fewer than 33; a tie is carried (1 each) to the next decided game.


@st.composite
def a_deal(draw) -> dict[str, Any]:
    """A played-out deal with random card points and marriages."""
    order = draw(st.permutations([H, D, C, S]))
    k = draw(st.integers(0, 4))
    split = draw(st.integers(0, k))
    return deal(draw(st.sampled_from([H, D, C, S])), draw(st.integers(0, 138)), None,
                order[:split], order[split:k])  # fmt: skip


@settings(deadline=None, max_examples=200)
@given(deals=st.lists(a_deal(), min_size=1, max_size=12), target=st.integers(1, 12))
def test_engine_agrees_with_the_rules_model(deals, target):
    scores, carried, used = [0, 0], 0, 0
    for d in deals:
        used += 1
        c0 = d["points"][0]
        totals = [
            c0 + sum(40 if s == d["trump"] else 20 for s in d["marriages"][0]),
            138 - c0 + sum(40 if s == d["trump"] else 20 for s in d["marriages"][1]),
        ]
        if totals[0] == totals[1]:
            carried += 1
            continue
        winner = 0 if totals[0] > totals[1] else 1
        scores[winner] += (2 if min(totals) < 33 else 1) + carried
        carried = 0
        if max(scores) >= target:
            break
    result = play(deals[:used], match_target=target)
    assert result.scores == tuple(scores)
    assert result.finished == (max(scores) >= target)
