"""Independent cross-check of Polish Mariasz (RULES.md §1, §5): hand-worked examples.

Every expectation below was worked out from RULES.md alone (not from the engine's code); the
arithmetic is in the comment next to each case. Only the public interface is used.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal, MatchFinished
from scorekeeper.rules.mariasz import GAME

H, D, C, S = "hearts", "diamonds", "clubs", "spades"


def deal(trump, a, b=None, m0=(), m1=(), first=None, **extra) -> dict[str, Any]:
    """A deal record in the API.md form."""
    return {"trump": trump, "points": [a, b], "marriages": [list(m0), list(m1)],
            "first_to_target": first, **extra}  # fmt: skip


def play(deals: list[dict[str, Any]], **overrides: Any):
    """Score a whole match from raw records through the public interface."""
    options = GAME.make_options(None, overrides)
    return GAME.score(options, 2, [GAME.parse_record(d, options, 2) for d in deals])


CASES = [
    # RULES.md §1 "Reached in the game's first deal: dubla": P0 95 + trump marriage 40 = 135 >= 131
    # (deal stopped: 95 + 30 < 138). P0: dubla 2 + trump marriage 2 = 4; P1: plain marriage 1.
    ("dubla_with_marriages", [deal(H, 95, 30, [H], [S])], {}, (4, 1), [("dubla", 0, (4, 1))]),
    # §1 sympla: deal 1 70:68, nobody at 131; deal 2 P0 +61 = 131 -> sympla 1.
    ("sympla", [deal(S, 70), deal(C, 61, 20)], {}, (1, 0), [("sympla", 0, (1, 0))]),
    # §1 "a deal inside an unfinished game changes no match points": deal 1 P0 50+40 = 90,
    # P1 88+20 = 108; after deal 2 P1 108+23 = 131: P1 sympla 1 + plain 1 = 2, P0 trump 2.
    (
        "marriages_credited_at_end",
        [deal(H, 50, None, [H], [S]), deal(C, 0, 23)],
        {},
        (2, 2),
        [("sympla", 1, (2, 2))],
    ),
    # §1 both >= 131 after the second deal: 69:69, then 69:69 -> 138 each; first_to_target 1.
    (
        "both_reach_first_1",
        [deal(S, 69), deal(S, 69, None, first=1)],
        {},
        (0, 1),
        [("sympla", 1, (0, 1))],
    ),
    (
        "both_reach_first_0",
        [deal(S, 69), deal(S, 69, None, first=0)],
        {},
        (1, 0),
        [("sympla", 0, (1, 0))],
    ),
    # §1 swatowe within one deal: P0 trump H 40 + D, C, S 3 × 20 = 100, + 31 cards = 131 dubla.
    # P0: dubla 2 + 2 + 1 + 1 + 1 + swatowe 5 (added, not replacing) = 12 (match_target 100).
    (
        "swatowe_one_deal",
        [deal(H, 31, 0, [H, D, C, S])],
        {"match_target": 100},
        (12, 0),
        [("dubla", 0, (12, 0))],
    ),
    # §1 swatowe across the two deals of one game: deal 1 (trump H) P0 H 40 + D 20 + 30 = 90;
    # deal 2 (trump C) P0 C 40 + S 20 + 10 = 160 -> sympla. 1 + (2+1) + (2+1) + 5 = 12.
    (
        "swatowe_two_deals",
        [deal(H, 30, None, [H, D]), deal(C, 10, 0, [C, S])],
        {"match_target": 100},
        (12, 0),
        [("sympla", 0, (12, 0))],
    ),
    # Three suits only: no swatowe. 2 (dubla) + 2 + 1 + 1 = 6. P0 40+20+20 + 51 = 131.
    (
        "no_swatowe_three_suits",
        [deal(H, 51, 0, [H, D, C])],
        {"match_target": 100},
        (6, 0),
        [("dubla", 0, (6, 0))],
    ),
    # §1 swatowe option value 3: 2 + 2+1+1+1 + 3 = 10 (match_target 100).
    (
        "swatowe_option",
        [deal(H, 31, 0, [H, D, C, S])],
        {"match_target": 100, "swatowe": 3},
        (10, 0),
        [("dubla", 0, (10, 0))],
    ),
    # §1 ace_king house rule: A+K in trumps 60 + 71 cards = 131 -> dubla 2 (RULES.md lists no
    # match points for an ace-king meld, so only the 2 of dubla).
    (
        "ace_king_trump",
        [deal(H, 71, 0, ace_kings=[[H], []])],
        {"ace_king": True},
        (2, 0),
        [("dubla", 0, (2, 0))],
    ),
    # ace-king plain 30 + 101 = 131 -> dubla.
    (
        "ace_king_plain",
        [deal(H, 101, 0, ace_kings=[[S], []])],
        {"ace_king": True},
        (2, 0),
        [("dubla", 0, (2, 0))],
    ),
    # §1 closing: P0 closes, 80:58 played out, P0 short of 131 -> P1 wins "as if by dubla": 2.
    (
        "closing_fails_first_deal",
        [deal(H, 80, None, closed_by=0)],
        {"closing": True},
        (0, 2),
        [("dubla", 1, (0, 2))],
    ),
    # closing in the second deal: deal 1 69:69; deal 2 P0 closes, 61:77 -> P0 130, P1 146;
    # P0 failed -> P1 wins as if by dubla: 2 (not sympla 1).
    (
        "closing_fails_second_deal",
        [deal(H, 69), deal(H, 61, None, closed_by=0)],
        {"closing": True},
        (0, 2),
        [("dubla", 1, (0, 2))],
    ),
    # closer reaches the target: an ordinary dubla, 2.
    (
        "closing_made",
        [deal(H, 131, 0, closed_by=0)],
        {"closing": True},
        (2, 0),
        [("dubla", 0, (2, 0))],
    ),
]


@pytest.mark.parametrize("name, deals, options, scores, games", CASES, ids=[c[0] for c in CASES])
def test_games(name, deals, options, scores, games):
    result = play(deals, **options)
    assert result.scores == scores
    got = [(g["kind"], g["winner"], tuple(g["match_points"])) for g in result.extra["games"]]
    assert got == games
    assert sum(sum(d.delta) for d in result.deals) == sum(scores)


def test_unfinished_game_changes_no_match_points():
    # RULES.md §1 "a deal inside an unfinished game changes no match points": 50+40 : 88+20.
    result = play([deal(H, 50, None, [H], [S])])
    assert result.scores == (0, 0)
    assert result.deals[0].delta == (0, 0)
    assert result.extra["games"] == []
    assert list(result.extra["current"]) == [90, 108]
    assert not result.finished


def test_games_points_field():
    # API.md "points": the game's points: deal 1 50+40 = 90 / 108; deal 2 +0 / +23 -> 90 / 131.
    result = play([deal(H, 50, None, [H], [S]), deal(C, 0, 23)])
    game = result.extra["games"][0]
    assert game["deals"] == [1, 2] and list(game["points"]) == [90, 131]


def test_both_reach_needs_first_to_target():
    # RULES.md §1: "When both players are at 131 or more after the second deal, the record must
    # say who reached it first" -> refused without it.
    with pytest.raises(InvalidDeal) as err:
        play([deal(S, 69), deal(S, 69)])
    assert err.value.deal == 2
    assert {e.field for e in err.value.errors} <= {"first_to_target", "points"}


def test_match_ends_at_match_target():
    # RULES.md §1 match_target 10: five dublas with nothing else: 2 × 5 = 10 -> P0 wins.
    result = play([deal(H, 131, 0)] * 5)
    assert (result.scores, result.finished, result.winner) == ((10, 0), True, 0)
    # §5 "a deal added to a match that is already decided" -> MatchFinished, deal 6
    with pytest.raises(MatchFinished) as err:
        play([deal(H, 131, 0)] * 6)
    assert err.value.deal == 6


def test_equal_totals_play_on_then_decide():
    # RULES.md §1 "higher total wins, equal totals play another game". match_target 3:
    # game 1 P0 dubla 2 -> (2, 0); game 2 P1 dubla 2 + plain D 1, P0 plain C 1 -> (3, 3) equal:
    # play on; game 3 P0 dubla -> (5, 3), P0 wins.
    g2 = deal(S, 10, 111, [C], [D])  # P1 111 + 20 = 131, P0 10 + 20 = 30
    result = play([deal(H, 131, 0), g2], match_target=3)
    assert (result.scores, result.finished) == ((3, 3), False)
    result = play([deal(H, 131, 0), g2, deal(H, 131, 0)], match_target=3)
    assert (result.scores, result.finished, result.winner) == ((5, 3), True, 0)


def test_both_past_match_target_higher_wins():
    # match_target 3: game 1 P0 dubla (2, 0); game 2 P1 dubla 2 + trump marriage 2 = 4, P0 plain 1
    # -> (3, 4): both >= 3, higher total P1 wins.
    g2 = deal(S, 10, 91, [C], [S])  # P1 91 + 40 = 131
    result = play([deal(H, 131, 0), g2], match_target=3)
    assert (result.scores, result.finished, result.winner) == ((3, 4), True, 1)


def test_match_games():
    # RULES.md §1 match_games 2: game 1 P0 dubla 2; game 2 (deals 2-3) P1 sympla 1 -> (2, 1),
    # two games played -> P0 wins with the higher total.
    deals = [deal(H, 131, 0), deal(H, 69), deal(H, 0, 62)]  # P1 69 + 62 = 131
    result = play(deals[:2], match_games=2)
    assert not result.finished
    result = play(deals, match_games=2)
    assert (result.scores, result.finished, result.winner) == ((2, 1), True, 0)


@pytest.mark.parametrize(
    "deals",
    [
        # §5 "a short total when nobody reached the target": 70 + 60 = 130 < 138, nobody at 131
        [deal(H, 70, 60)],
        # second deal short and nobody at 131: 69 + 10 = 79, 69 + 10 = 79
        [deal(H, 69), deal(H, 10, 10)],
    ],
)
def test_short_deal_without_target_refused(deals):
    with pytest.raises(InvalidDeal) as err:
        play(deals)
    assert err.value.deal == len(deals)
    assert all(e.field.split(".")[0] == "points" for e in err.value.errors)


@pytest.mark.parametrize(
    "record, field",
    [
        (deal(H, 140, None), "points"),  # §5 points outside 0…138
        (deal(H, 70, 70), "points"),  # §5 played out: must sum to exactly 138
        (deal(H, 69, None, [H, H]), "marriages"),  # §5 same suit twice in one deal
        (deal(None, 69, None, [S]), "trump"),  # §5 a marriage when the record names no trump
        (deal(H, 69, None, first=2), "first_to_target"),  # §5 a seat not at the table
        (deal(H, 69, None, closed_by=0), "closed_by"),  # closing is off by default
    ],
)
def test_refusals(record, field):
    options = GAME.make_options(None, {})
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record(record, options, 2)
    assert any(e.field.split(".")[0] == field for e in err.value.errors), err.value.errors


def test_failed_closer_still_scores_his_marriages_and_swatowe():
    # RULES.md §1 "every player, winner or not: 1 for each plain marriage and 2 for each trump
    # marriage", swatowe 5 to a player who melds all four; closing: P0 closes with H 40 + D, C, S
    # 60 + 20 cards = 120 < 131 (P1 118) -> P1 wins as if by dubla: 2; P0 2 + 1 + 1 + 1 + 5 = 10.
    result = play([deal(H, 20, None, [H, D, C, S], closed_by=0)], closing=True, match_target=100)
    assert result.scores == (10, 2)
    assert [(g["kind"], g["winner"]) for g in result.extra["games"]] == [("dubla", 1)]


def test_same_suit_melded_by_both_players_refused():
    # RULES.md §1 "Each suit can be melded at most once per deal (one K and one Q per suit)".
    options = GAME.make_options(None, {})
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record(deal(H, 69, None, [S], [S]), options, 2)
    assert all(e.field.split(".")[0] == "marriages" for e in err.value.errors)


@pytest.mark.parametrize(
    "deals, scores",
    [
        # §1 swatowe needs "all four suits": four marriages but hearts twice (deal 1 H + D,
        # deal 2 H + C, trump hearts both times): P0 90 after deal 1, + 60 = 150 -> sympla.
        # P0: 1 + (2 + 1) + (2 + 1) = 7, no swatowe (three suits).
        ([deal(H, 30, None, [H, D]), deal(H, 0, 10, [H, C])], (7, 0)),
        # four suits between the two players, not by one: no swatowe. Deal 1 trump H:
        # P0 H 40 + D 20 + 71 = 131 dubla; P1 C + S 2 × 20 = 2 match points, 0 cards.
        # P0: 2 + 2 + 1 = 5; P1: 1 + 1 = 2.
        ([deal(H, 71, 0, [H, D], [C, S])], (5, 2)),
        # an ace-king is not a marriage: H 40 + D 20 + C 20 + ace-king S 30 + 21 cards = 131,
        # dubla; P0: 2 + 2 + 1 + 1 = 6, no swatowe and no match points for the ace-king.
        ([deal(H, 21, 0, [H, D, C], ace_kings=[[S], []])], (6, 0)),
    ],
)
def test_swatowe_needs_four_suits_by_one_player(deals, scores):
    result = play(deals, match_target=100, ace_king=True)
    assert result.scores == scores


def test_games_entries_have_the_api_keys():
    # API.md: games entries {"deals", "winner", "kind", "points", "match_points"}; "current".
    result = play([deal(H, 131, 0), deal(H, 69)])
    assert set(result.extra["games"][0]) == {"deals", "winner", "kind", "points", "match_points"}
    assert list(result.extra["current"]) == [69, 69]


# ------------------------------------------------------------------ an independent model
# RULES.md §1 written out directly: random games (dubla in one deal, sympla in two), match
# points 2 / 1 to the winner, 1 per plain and 2 per trump marriage to each player, swatowe 5
# for all four suits in one game; the match ends at match_target with a strictly higher total.

SUITS = [H, D, C, S]


def meld_points(suits: list[str], trump: str) -> int:
    """Game points of melded marriages in one deal: 40 trump, 20 plain."""
    return sum(40 if s == trump else 20 for s in suits)


@st.composite
def one_game(draw) -> tuple[list[dict[str, Any]], tuple[int, int]]:
    """The records of one whole game and its match points per player, worked out separately."""
    winner = draw(st.integers(0, 1))
    n_deals = draw(st.integers(1, 2))
    melded: list[list[str]] = [[], []]
    mp, total, deals = [0, 0], [0, 0], []
    for i in range(n_deals):
        trump = draw(st.sampled_from(SUITS))
        order = draw(st.permutations(SUITS))
        k = draw(st.integers(0, 4))
        split = draw(st.integers(0, k))
        melds = [list(order[:split]), list(order[split:k])]
        m = [meld_points(melds[0], trump), meld_points(melds[1], trump)]
        if i < n_deals - 1:  # a first deal that decides nothing: played out, both below 131
            c0 = draw(st.integers(max(0, 8 + m[1]), 130 - m[0]))
            cards, record_points = [c0, 138 - c0], [c0, None]
        else:  # the deciding deal: the winner reaches 131 (the deal may stop early)
            cw = draw(st.integers(max(0, 131 - total[winner] - m[winner]), 138))
            cl = draw(st.integers(0, 138 - cw))
            cards = [cw, cl] if winner == 0 else [cl, cw]
            record_points = list(cards)
        for s in range(2):
            total[s] += cards[s] + m[s]
            melded[s] += melds[s]
            mp[s] += sum(2 if x == trump else 1 for x in melds[s])
        first = winner if i == n_deals - 1 and min(total) >= 131 else None
        deals.append(
            {"trump": trump, "points": record_points, "marriages": melds, "first_to_target": first}
        )
    mp[winner] += 2 if n_deals == 1 else 1
    for s in range(2):
        mp[s] += 5 if len(set(melded[s])) == 4 else 0
    return deals, (mp[0], mp[1])


@settings(deadline=None, max_examples=200)
@given(match=st.lists(one_game(), min_size=1, max_size=6), target=st.integers(1, 30))
def test_engine_agrees_with_the_rules_model(match, target):
    scores, deals, finished = [0, 0], [], False
    for game_deals, mp in match:  # play games until the match ends by RULES.md §1
        deals += game_deals
        scores = [scores[0] + mp[0], scores[1] + mp[1]]
        finished = max(scores) >= target and scores[0] != scores[1]
        if finished:
            break
    result = play(deals, match_target=target)
    assert result.scores == tuple(scores)
    assert result.finished == finished
    if finished:
        assert result.winner == (0 if scores[0] > scores[1] else 1)
