"""German Mariage scoring (RULES.md §2, §5): single, double under 33, carried ties, match end."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions, MatchFinished
from scorekeeper.rules.mariage import GAME

H, D, C, S = "hearts", "diamonds", "clubs", "spades"


def deal(a, b=None, m0=(), m1=(), trump=H, **extra) -> dict[str, Any]:
    """A deal record as API.md writes it."""
    return {"trump": trump, "points": [a, b], "marriages": [list(m0), list(m1)],
            "first_to_target": None, **extra}  # fmt: skip


def play(deals, **overrides):
    options = GAME.make_options(None, overrides)
    return GAME.score(options, 2, [GAME.parse_record(d, options, 2) for d in deals])


GAMES = [
    # RULES.md §2: more points wins 1 game point
    ("single", [deal(100)], {}, [(1, 0)], ["single"]),
    ("player 2 wins", [deal(40)], {}, [(0, 1)], ["single"]),
    # RULES.md §2: 2 when the loser has fewer than 33 (strictly)
    ("double under 33", [deal(106)], {}, [(2, 0)], ["double"]),
    ("exactly 33 is single", [deal(105)], {}, [(1, 0)], ["single"]),
    ("0 is double", [deal(0)], {}, [(0, 2)], ["double"]),
    # RULES.md §2: points are card points + marriages: a marriage lifts the loser over 33
    ("marriage saves the double", [deal(118, m1=[C])], {}, [(1, 0)], ["single"]),
    ("trump marriage wins", [deal(60, m0=[H])], {}, [(1, 0)], ["single"]),
    # RULES.md §2: a tie is decided by the next decided game, +1 per tied game carried
    ("tie carried", [deal(69), deal(100)], {}, [(0, 0), (2, 0)], ["tie", "single"]),
    (
        "two ties into a double",
        [deal(69), deal(59, m0=[C]), deal(0)],
        {},
        [(0, 0), (0, 0), (0, 4)],
        ["tie", "tie", "double"],
    ),
    (
        "tie then fresh",
        [deal(69), deal(40), deal(100)],
        {},
        [(0, 0), (0, 2), (1, 0)],
        ["tie", "single", "single"],
    ),
    # RULES.md §2 pamfil off: the deal holds 130, a tie at 65
    ("pamfil off tie", [deal(65)], {"pamfil": False}, [(0, 0)], ["tie"]),
    ("pamfil off double", [deal(98, 32)], {"pamfil": False}, [(2, 0)], ["double"]),
]


@pytest.mark.parametrize("name, deals, overrides, deltas, kinds", GAMES, ids=[g[0] for g in GAMES])
def test_games(name, deals, overrides, deltas, kinds):
    score = play(deals, **overrides)
    assert [d.delta for d in score.deals] == deltas
    assert [g["kind"] for g in score.extra["games"]] == kinds
    assert score.scores == tuple(map(sum, zip(*deltas, strict=True)))
    assert [g["match_points"] for g in score.extra["games"]] == [list(d) for d in deltas]


def test_games_and_explanations_as_api_md():
    score = play([deal(69), deal(106)])
    assert score.extra == {
        "games": [
            {"deals": [1], "winner": None, "kind": "tie", "points": [69, 69],
             "match_points": [0, 0]},
            {"deals": [2], "winner": 0, "kind": "double", "points": [106, 32],
             "match_points": [3, 0]},
        ],
        "current": [0, 0],
    }  # fmt: skip
    assert score.deals[0].explanation[-1] == "Tie at 69: the next decided game takes this one too"
    assert score.deals[1].explanation[-1] == (
        "player 1 wins 106 to 32; player 2 has 32, under 33: double, 2 + 1 for the tied game "
        "carried = 3 game points"
    )
    assert score.deals[1].extra == {"game": 2}


DOUBLE = deal(106)  # 2 game points to player 1


@pytest.mark.parametrize(
    "deals, overrides, finished, winner, scores",
    [
        ([DOUBLE] * 3, {}, False, None, (6, 0)),  # RULES.md §2: match_target 7
        ([DOUBLE] * 4, {}, True, 0, (8, 0)),
        ([DOUBLE, deal(0)], {"match_games": 2}, True, None, (2, 2)),  # agreed games, level: draw
        ([DOUBLE, deal(69)], {"match_games": 2}, False, None, (2, 0)),  # open tie: play it off
        ([DOUBLE, deal(69), deal(0)], {"match_games": 2}, True, 1, (2, 3)),
        ([deal(40)], {"match_target": 1}, True, 1, (0, 1)),
    ],
)
def test_match_end(deals, overrides, finished, winner, scores):
    score = play(deals, **overrides)
    assert (score.finished, score.winner, score.scores) == (finished, winner, scores)


def test_deal_after_the_match_is_decided():
    # RULES.md §5: a deal added to a match that is already decided
    with pytest.raises(MatchFinished) as err:
        play([DOUBLE] * 5)
    assert err.value.deal == 5


@pytest.mark.parametrize(
    "data, overrides, field, words",
    [
        # RULES.md §5: a played-out deal must add up; German deals are always played out
        (deal(100, 50), {}, "points", "Card points add up to 150; a played-out deal holds 138"),
        (deal(60, 70), {}, "points", "add up to 130; a played-out deal holds 138"),
        (deal(100, 38), {"pamfil": False}, "points", "add up to 138; a played-out deal holds 130"),
        (deal(131), {"pamfil": False}, "points.0", "between 0 and 130"),
        (deal(1.5), {}, "points.0", "whole number"),
        # RULES.md §5: marriages
        (deal(60, m0=[H], m1=[H]), {}, "marriages.1.0", "once per deal"),
        (deal(60, m0=[H, D, C, S, H]), {}, "marriages", "5 marriages recorded"),
        (deal(60, m0=[H], trump=None), {}, "trump", "Name the trump suit"),
        # no target in German scoring, no house rules
        ({**deal(60), "first_to_target": 0}, {}, "first_to_target", "no target"),
        (deal(60, closed_by=0), {}, "closed_by", "option closing"),
    ],
)
def test_refused_record(data, overrides, field, words):
    options = GAME.make_options(None, overrides)
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record(data, options, 2)
    messages = {e.field: e.message for e in err.value.errors}
    assert field in messages, err.value.errors
    assert words in messages[field]


def test_options():
    # RULES.md §2 options and their defaults
    options = GAME.make_options()
    as_json = GAME.options_to_json(options)
    assert as_json == {"pamfil": True, "match_target": 7, "match_games": None, "deck": "german"}
    assert GAME.make_options(GAME.default_preset, as_json) == options
    by_games = GAME.make_options(None, {"match_games": 4})
    assert GAME.make_options(None, GAME.options_to_json(by_games)) == by_games
    with pytest.raises(InvalidOptions) as err:
        GAME.make_options(None, {"target": 131})
    assert err.value.errors[0].field == "options.target"
    with pytest.raises(InvalidOptions) as err:
        GAME.make_options(None, {"pamfil": 1})
    assert err.value.errors[0].field == "options.pamfil"


def test_record_round_trip():
    options = GAME.make_options()
    record = GAME.parse_record({"trump": S, "points": [70, None], "marriages": [[S, C], []]},
                               options, 2)  # fmt: skip
    assert GAME.record_to_json(record) == deal(70, m0=[C, S], trump=S)
    assert GAME.parse_record(GAME.record_to_json(record), options, 2) == record
