"""Independent cross-check of Italian Marianna (RULES.md §3, §3a, §3b, §5): hand-worked examples.

Expectations were worked out from RULES.md alone; the arithmetic is beside each case.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal, MatchFinished
from scorekeeper.rules.marianna import GAME

H, D, C, S = "hearts", "diamonds", "clubs", "spades"


def m(side: int, suit: str | None = None, kind: str = "marianna", **extra: Any) -> dict[str, Any]:
    """One declaration in the API.md form."""
    out: dict[str, Any] = {"side": side, "kind": kind, **extra}
    if suit is not None:
        out["suit"] = suit
    return out


def deal(a, b=None, *decls, first=None, **extra) -> dict[str, Any]:
    """A four-player (or, with trump/claim in extra, two-player) deal record."""
    return {"points": [a, b], "declarations": list(decls), "first_to_target": first, **extra}


def play(deals: list[dict[str, Any]], preset: str | None = None, **overrides: Any):
    """Score a whole match from raw records through the public interface."""
    options = GAME.make_options(preset, overrides)
    n = options.players
    return GAME.score(options, n, [GAME.parse_record(d, options, n) for d in deals])


ONE_DEAL = [
    # RULES.md §3: 120 per deal, one value derived: 70 : 50.
    ("cards_only", deal(70), {}, None, (70, 50)),
    # §3 ordinal over the whole table: A hearts 40, B spades 60, A clubs 80
    # -> A 70 + 40 + 80 = 190, B 50 + 60 = 110.
    ("ordinal_across_teams", deal(70, None, m(0, H), m(1, S), m(0, C)), {}, None, (190, 110)),
    # all four: A 40, B 60, B 80, A 100 -> A 70 + 140 = 210, B 50 + 140 = 190.
    ("four_mariannas", deal(70, None, m(0, H), m(1, S), m(1, C), m(0, D)), {}, None, (210, 190)),
    # §3 values 20-40-60-80: A 20 + 60 = 80 -> 150; B 40 -> 90.
    (
        "values_20_40",
        deal(70, None, m(0, H), m(1, S), m(0, C)),
        {"values": "20-40-60-80"},
        None,
        (150, 90),
    ),
    # §3 mariannino 250 (not a marianna: B's hearts is the first marianna, 40):
    # A 70 + 250 = 320, B 50 + 40 = 90.
    ("mariannino", deal(70, None, m(0, S, "mariannino"), m(1, H)), {}, None, (320, 90)),
    # §3 option first_sets_trump: first 40, every later 20: A 40 + 20 = 60 -> 130; B 20 -> 70.
    (
        "first_sets_trump",
        deal(70, None, m(0, H), m(1, S), m(0, C)),
        {"first_sets_trump": True},
        None,
        (130, 70),
    ),
    # §3a cinquecento: first 40, later 20: A 60 + 40 + 20 = 120, B 60 + 20 + 20 = 100.
    (
        "cinquecento_values",
        deal(60, None, m(0, H), m(1, S), m(0, C), m(1, D)),
        {},
        "cinquecento",
        (120, 100),
    ),
    # §3 covered_marianna (Deckung): the first marianna, covered by partners, scores 20; later
    # ones 20 (first_sets_trump): A 60 + 20 + 20 = 100, B 60 + 20 = 80.
    (
        "covered_marianna",
        deal(60, None, m(0, H, covered=True), m(1, S), m(0, C)),
        {"covered_marianna": True},
        "cinquecento",
        (100, 80),
    ),
]


@pytest.mark.parametrize(
    "name, record, options, preset, scores", ONE_DEAL, ids=[c[0] for c in ONE_DEAL]
)
def test_one_deal(name, record, options, preset, scores):
    result = play([record], preset, **options)
    assert result.scores == scores
    assert result.deals[0].delta == scores
    assert not result.finished


def test_mariannone_wins_at_once():
    # RULES.md §3 "mariannone: the declaring team wins the match at once" (a short deal is
    # allowed: §5 "only a claim, a mariannone or a renonc stops a deal early").
    result = play([deal(20, 10, m(1, kind="mariannone"))])
    assert (result.finished, result.winner) == (True, 1)
    with pytest.raises(MatchFinished) as err:
        play([deal(20, 10, m(1, kind="mariannone")), deal(60)])
    assert err.value.deal == 2


# Deals 1-2 bring both teams to 410 (§3): deal 1 A 60 + mariannino 250 = 310, B 60 + 40 = 100;
# deal 2 B 60 + mariannino 250 = 310 -> 410, A 60 + 40 = 100 -> 410.
TO_410 = [
    deal(60, None, m(0, S, "mariannino"), m(1, H)),
    deal(60, None, m(1, C, "mariannino"), m(0, H)),
]


def test_both_past_501_higher_wins():
    # §3 "if both have, the higher total wins": deal 3 A 60 + 40 = 100 -> 510, B 60 + 60 = 120
    # -> 530: both >= 501, B higher.
    result = play(TO_410 + [deal(60, None, m(0, H), m(1, S))])
    assert result.scores == (510, 530)
    assert (result.finished, result.winner) == (True, 1)


def test_both_past_501_equal_plays_on():
    # §3 "equal totals play another deal": deal 3 A 70 + 40 = 110 -> 520, B 50 + 60 = 110 -> 520.
    third = deal(70, None, m(0, H), m(1, S))
    result = play(TO_410 + [third])
    assert (result.scores, result.finished) == ((520, 520), False)
    # deal 4: 61 : 59 -> 581 : 579, A wins.
    result = play(TO_410 + [third, deal(61)])
    assert (result.scores, result.finished, result.winner) == ((581, 579), True, 0)
    with pytest.raises(MatchFinished) as err:
        play(TO_410 + [third, deal(61), deal(60)])
    assert err.value.deal == 5


def test_one_team_reaches_501():
    # §3: deal 3 A 91 -> 501 exactly, B 29 -> 439: A wins.
    result = play(TO_410 + [deal(91)])
    assert (result.scores, result.finished, result.winner) == ((501, 439), True, 0)


# §3a cinquecento: each deal A 60 + 40 + 20 = 120, B 60 + 20 + 20 = 100; four of them 480 : 400.
CQ_DEAL = deal(60, None, m(0, H), m(1, S), m(0, C), m(1, D))
# deal 5: A 20 + 20 (4th marianna) = 40 -> 520; B 100 + 40 + 20 + 20 = 180 -> 580.
CQ_LAST = [m(1, H), m(1, S), m(1, C), m(0, D)]


@pytest.mark.parametrize(
    "first, scores, winner",
    [
        (0, (520, 580), 0),  # §3a "the record says which reached it first": A, though lower
        (1, (520, 580), 1),
        (None, (520, 580), 1),  # "else the higher total"
    ],
)
def test_cinquecento_both_reach_500(first, scores, winner):
    result = play([CQ_DEAL] * 4 + [deal(20, None, *CQ_LAST, first=first)], "cinquecento")
    assert (result.scores, result.finished, result.winner) == (scores, True, winner)


def test_cinquecento_500_exactly_wins():
    # §3a: deal 5 A 20 : B 100, no declarations -> 500 : 500: both reach 500 in one deal, no
    # first_to_target, equal totals -> no winner yet (§3 "equal totals play another deal").
    result = play([CQ_DEAL] * 4 + [deal(20)], "cinquecento")
    assert (result.scores, result.finished) == ((500, 500), False)
    # deal 5 alternative: A 30 : B 90 -> A 510, B 490: A alone reaches 500 and wins.
    result = play([CQ_DEAL] * 4 + [deal(30)], "cinquecento")
    assert (result.scores, result.finished, result.winner) == ((510, 490), True, 0)


@pytest.mark.parametrize(
    "record, field",
    [
        (deal(60, None, m(0, S, "mariannino")), "declarations"),  # §3a no mariannino
        (deal(60, None, m(0, kind="mariannone")), "declarations"),  # §3a no mariannone
    ],
)
def test_cinquecento_refusals(record, field):
    options = GAME.make_options("cinquecento", {})
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record(record, options, 4)
    assert any(e.field.split(".")[0] == field for e in err.value.errors), err.value.errors


def b151(a, b, decls=(), claim=None, trump=H) -> dict[str, Any]:
    """A two-player Briscola 151 deal: matrimoni are declarations by player seat."""
    return {"points": [a, b], "declarations": list(decls), "first_to_target": None,
            "trump": trump, "claim": claim}  # fmt: skip


@pytest.mark.parametrize(
    "deals, options, scores, winner",
    [
        # §3b claim right: 95 + matrimonio trump 40 + plain 20 = 155 >= 151 -> P0 wins.
        ([b151(95, 10, [m(0, H), m(0, C)], claim=0)], {}, (155, 10), 0),
        # claim wrong: 85 + 40 + 20 = 145 < 151 -> opponent wins "whatever his points".
        ([b151(85, 10, [m(0, H), m(0, C)], claim=0)], {}, (145, 10), 1),
        # claim over two deals: 70 : 50, then 70 + 60 + 40 = 170 -> P0 right.
        ([b151(70, None), b151(60, 10, [m(0, H)], claim=0)], {}, (170, 60), 0),
        # target 200: the same 170 is short -> P1 wins.
        ([b151(70, None), b151(60, 10, [m(0, H)], claim=0)], {"target": 200}, (170, 60), 1),
        # a matrimonio in the turned-up trump suit counts 40, in a plain suit 20 (trump spades):
        # P1 claims with 100 + 40 (spades) + 20 (hearts) = 160 >= 151.
        ([b151(10, 100, [m(1, S), m(1, H)], claim=1, trump=S)], {}, (10, 160), 1),
    ],
)
def test_briscola151_claims(deals, options, scores, winner):
    result = play(deals, "briscola151", **options)
    assert result.scores == scores
    assert (result.finished, result.winner) == (True, winner)


def test_short_deal_without_claim_refused():
    # §5 "a short total when nobody reached the target or claimed": 60 + 50 = 110 < 120.
    with pytest.raises(InvalidDeal) as err:
        play([deal(60, 50)])
    assert err.value.deal == 1
    assert all(e.field.split(".")[0] == "points" for e in err.value.errors)


@pytest.mark.parametrize(
    "record, field",
    [
        (deal(60, None, m(0, H), m(1, H)), "declarations"),  # §3 one marianna per suit
        (deal(121), "points"),  # §5 points outside 0…120
        (deal(60, 70), "points"),  # played out sum 130 != 120
        (deal(60, None, m(2, H)), "declarations"),  # a team that is not at the table
        (deal(60, None, m(0, S, "mariannino"), m(1, C, "mariannino")), "declarations"),
    ],
)
def test_refusals(record, field):
    options = GAME.make_options(None, {})
    with pytest.raises(InvalidDeal) as err:
        GAME.score(options, 4, [GAME.parse_record(record, options, 4)])
    assert any(e.field.split(".")[0] == field for e in err.value.errors), err.value.errors


def test_briscola151_claim_with_exactly_151_wins():
    # §3b "if his points at that moment reach the target he wins": 91 + 40 + 20 = 151.
    result = play([b151(91, 10, [m(0, H), m(0, C)], claim=0)], "briscola151")
    assert (result.scores, result.finished, result.winner) == ((151, 10), True, 0)


def test_mariannone_beats_a_team_past_501_in_the_same_deal():
    # §3 "mariannone: the declaring team wins the match at once": after 410 : 410, deal 3
    # A 100 card points (510) but B declares mariannone -> B wins.
    result = play(TO_410 + [deal(100, 10, m(1, kind="mariannone"))])
    assert (result.finished, result.winner) == (True, 1)


# ------------------------------------------------------------------ an independent model
# RULES.md §3 written out directly: card points + the n-th marianna of the deal at the n-th
# value (or 40 then 20 with first_sets_trump) + mariannino 250; at 501 or more the team wins, if
# both have, the higher total, equal totals play on.

VALUES = {"40-60-80-100": (40, 60, 80, 100), "20-40-60-80": (20, 40, 60, 80)}


@st.composite
def a_deal(draw) -> dict[str, Any]:
    """A played-out deal with random mariannas (and maybe a mariannino) in a random order."""
    suits = draw(st.permutations([H, D, C, S]))
    decls = [m(draw(st.integers(0, 1)), s) for s in suits[: draw(st.integers(0, 4))]]
    if draw(st.booleans()):
        where = draw(st.integers(0, len(decls)))
        decls.insert(where, m(draw(st.integers(0, 1)), draw(st.sampled_from(suits)), "mariannino"))
    return deal(draw(st.integers(0, 120)), None, *decls)


@settings(deadline=None, max_examples=200)
@given(
    deals=st.lists(a_deal(), min_size=1, max_size=8),
    values=st.sampled_from(sorted(VALUES)),
    fst=st.booleans(),
)
def test_engine_agrees_with_the_rules_model(deals, values, fst):
    scores, used, winner = [0, 0], 0, None
    for d in deals:
        used += 1
        scores[0] += d["points"][0]
        scores[1] += 120 - d["points"][0]
        n = 0
        for decl in d["declarations"]:
            if decl["kind"] == "mariannino":
                scores[decl["side"]] += 250
                continue
            scores[decl["side"]] += (40 if n == 0 else 20) if fst else VALUES[values][n]
            n += 1
        if max(scores) >= 501 and scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
            break
    result = play(deals[:used], None, values=values, first_sets_trump=fst)
    assert result.scores == tuple(scores)
    assert (result.finished, result.winner) == (winner is not None, winner)
