"""Polish Mariasz (RULES.md §1, §5): worked examples of games, match points and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions, MatchFinished
from scorekeeper.rules.mariasz import GAME
from scorekeeper.rules.twohand import CARD_POINTS, card_points, deal_total, trick_points

H, D, C, S = "hearts", "diamonds", "clubs", "spades"


def deal(trump, a, b=None, m0=(), m1=(), first=None, **extra) -> dict[str, Any]:
    """A deal record as API.md writes it."""
    return {"trump": trump, "points": [a, b], "marriages": [list(m0), list(m1)],
            "first_to_target": first, **extra}  # fmt: skip


def play(deals, **overrides):
    options = GAME.make_options(None, overrides)
    return GAME.score(options, 2, [GAME.parse_record(d, options, 2) for d in deals])


# ---------------------------------------------- RULES.md §1, the sources' "Example 1"


@pytest.mark.parametrize(
    "cards, trump, points",
    [
        ([("A", H), ("J", H)], S, 13),  # the sources' Example 1, trick 1: A + J = 13
        ([("K", H), ("9", S)], S, 4),  # trick 2: K + trumping 9 = 4
        ([("6", C), ("10", C)], S, 10),  # trick 3: 10 = 10
        ([("8", C), ("9", C)], S, 0),  # trick 4: 8 + 9 = 0
        ([("Q", S)], S, 11),  # "the trump Queen ... is worth 11 points" (pamfil)
        ([("Q", H)], S, 3),  # a plain queen (ober) is 3
    ],
)
def test_seed_001_example_1_trick_values(cards, trump, points):
    assert trick_points(cards, trump) == points


def test_deal_total_is_138_and_130_without_pamfil():
    # RULES.md §1: 4 × 30 + 8 for the pamfil + 10 for the last trick; §2: 130 with pamfil off
    assert sum(CARD_POINTS.values()) == 30
    assert (deal_total(), deal_total(pamfil=False)) == (138, 130)
    assert card_points("Q", H, H, pamfil=False) == 3


# --------------------------------------------------------------- games and match points

GAMES = [
    # RULES.md §1: reached in the first deal: dubla 2, + trump marriage 2
    (
        "dubla",
        [deal(H, 100, m0=[H])],
        {},
        [(4, 0)],
        [{"deals": [1], "winner": 0, "kind": "dubla", "points": [140, 38], "match_points": [4, 0]}],
    ),
    # RULES.md §1: reached only in the second deal: sympla 1
    (
        "sympla",
        [deal(H, 60), deal(S, 90)],
        {},
        [(0, 0), (1, 0)],
        [
            {
                "deals": [1, 2],
                "winner": 0,
                "kind": "sympla",
                "points": [150, 126],
                "match_points": [1, 0],
            }
        ],
    ),
    # RULES.md §1: the loser gets its marriages too (plain 1 each, trump 2)
    (
        "loser's marriages",
        [deal(H, 100, m1=[C, H]), deal(S, 110)],
        {},
        [(0, 0), (1, 3)],
        [
            {
                "deals": [1, 2],
                "winner": 0,
                "kind": "sympla",
                "points": [210, 126],
                "match_points": [1, 3],
            }
        ],
    ),
    # RULES.md §1: both at 131 after the second deal: first_to_target decides
    (
        "both reach, player 2 first",
        [deal(H, 65), deal(S, 70, first=1)],
        {},
        [(0, 0), (0, 1)],
        [
            {
                "deals": [1, 2],
                "winner": 1,
                "kind": "sympla",
                "points": [135, 141],
                "match_points": [0, 1],
            }
        ],
    ),
    # RULES.md §1: swatowe 5 is added to the four marriages (2 + 1 + 1 + 2)
    (
        "swatowe added",
        [deal(H, 20, m0=[H, C]), deal(S, 30, m0=[D, S], first=1)],
        {},
        [(0, 0), (11, 1)],
        [
            {
                "deals": [1, 2],
                "winner": 1,
                "kind": "sympla",
                "points": [170, 226],
                "match_points": [11, 1],
            }
        ],
    ),
    # RULES.md §1 option swatowe: 0 switches the bonus off
    (
        "swatowe off",
        [deal(H, 20, m0=[H, C]), deal(S, 30, m0=[D, S], first=1)],
        {"swatowe": 0},
        [(0, 0), (6, 1)],
        None,
    ),
    # RULES.md §1: a short deal is allowed when someone reaches 131 (a claim)
    ("claim", [deal(C, 131, 3)], {}, [(2, 0)], None),
    # RULES.md §1 ace_king: A+K scores 60 in trumps toward 131, no match points
    ("ace-king", [deal(H, 80, ace_kings=[[H], []])], {"ace_king": True}, [(2, 0)], None),
    ("plain ace-king", [deal(H, 101, ace_kings=[[S], []])], {"ace_king": True}, [(2, 0)], None),
    # RULES.md §1 closing: the closer misses 131, the opponent wins as if by dubla
    (
        "closer fails",
        [deal(H, 60, closed_by=0)],
        {"closing": True},
        [(0, 2)],
        [{"deals": [1], "winner": 1, "kind": "dubla", "points": [60, 78], "match_points": [0, 2]}],
    ),
    (
        "closer fails in 2nd deal",
        [deal(H, 60), deal(S, 68, closed_by=0)],
        {"closing": True},
        [(0, 0), (0, 2)],
        None,
    ),
    ("closer succeeds", [deal(H, 131, 0, closed_by=0)], {"closing": True}, [(2, 0)], None),
    (
        "closed in sympla",
        [deal(H, 60), deal(H, 90, closed_by=0)],
        {"closing": True},
        [(0, 0), (1, 0)],
        None,
    ),
]


@pytest.mark.parametrize("name, deals, overrides, deltas, games", GAMES, ids=[g[0] for g in GAMES])
def test_games(name, deals, overrides, deltas, games):
    score = play(deals, **overrides)
    assert [d.delta for d in score.deals] == deltas
    assert score.scores == tuple(map(sum, zip(*deltas, strict=True)))
    if games is not None:
        assert score.extra["games"] == games
        assert score.extra["current"] == [0, 0]


def test_marriages_in_an_unfinished_game_are_not_credited():
    # RULES.md §1: match points are credited when a game ends
    score = play([deal(H, 70, m0=[H, C], m1=[S])])
    assert score.deals[0].delta == (0, 0)
    assert score.scores == (0, 0)
    assert score.extra == {"games": [], "current": [130, 88]}
    assert score.deals[0].extra == {"game": 1}
    assert "a second deal decides" in score.deals[0].explanation[-1]


def test_explanation_in_players_words():
    score = play([deal(H, 100, m0=[H])])
    assert score.deals[0].explanation == (
        "player 1: 100 card points + trump marriage (hearts) 40 = 140; player 2: 38 card points",
        "player 1 reaches 131 in the first deal (140 to 38): dubla",
        "player 1: dubla 2 + trump marriage 2 = 4 match points",
        "player 2: no match points",
    )


# --------------------------------------------------------------- the end of the match

WIN = deal(H, 131, m0=[H])  # dubla 2 + trump marriage 2 = 4 to player 1
LOSE = deal(H, 7, m1=[H])  # 4 to player 2
LEVEL = deal(H, 131, m1=[C, S])  # dubla 2 to player 1, two plain marriages 2 to player 2


@pytest.mark.parametrize(
    "deals, overrides, finished, winner, scores",
    [
        ([WIN, WIN], {}, False, None, (8, 0)),  # RULES.md §1: match_target 10 not yet reached
        ([WIN, WIN, WIN], {}, True, 0, (12, 0)),  # reached: the higher total wins
        ([LEVEL], {"match_target": 2}, False, None, (2, 2)),  # level at the target: play on
        ([LEVEL, LOSE], {"match_target": 2}, True, 1, (2, 6)),
        ([WIN, LOSE], {"match_target": 5}, False, None, (4, 4)),
        # RULES.md v2.1 §1: agreed games played, level: another game, no draw
        ([WIN, LOSE], {"match_games": 2}, False, None, (4, 4)),
        ([WIN, LOSE, WIN], {"match_games": 2}, True, 0, (8, 4)),
        ([LEVEL], {"match_games": 1}, False, None, (2, 2)),
        ([deal(H, 60), WIN], {"match_games": 1}, True, 0, (3, 0)),  # sympla 1 + trump marriage
        ([deal(H, 60)], {"match_games": 1}, False, None, (0, 0)),
    ],
)
def test_match_end(deals, overrides, finished, winner, scores):
    score = play(deals, **overrides)
    assert (score.finished, score.winner, score.scores) == (finished, winner, scores)


def test_deal_after_the_match_is_decided():
    # RULES.md §5: a deal added to a match that is already decided
    with pytest.raises(MatchFinished) as err:
        play([WIN, WIN, WIN, deal(H, 60)])
    assert err.value.deal == 4
    assert err.value.errors[0].field == "deal"


# --------------------------------------------------------------- refusals in context


@pytest.mark.parametrize(
    "deals, overrides, n, field, words",
    [
        # RULES.md §5: a short total when nobody reached the target
        ([deal(H, 60, 70)], {}, 1, "points", "Card points add up to 130, short of 138"),
        ([deal(H, 60), deal(H, 60, 10)], {}, 2, "points", "nobody reaches 131"),
        # RULES.md §1: both at 131: the record must say who reached it first
        ([deal(H, 65), deal(S, 70)], {}, 2, "first_to_target", "say who reached 131 first"),
        ([deal(H, 100, first=1)], {}, 1, "first_to_target", "player 2 has 38"),
        ([deal(H, 60, closed_by=0, first=1)], {"closing": True}, 1, "first_to_target", "short"),
    ],
)
def test_refused_in_context(deals, overrides, n, field, words):
    with pytest.raises(InvalidDeal) as err:
        play(deals, **overrides)
    assert err.value.deal == n
    assert err.value.errors[0].field == field
    assert words in err.value.errors[0].message


# --------------------------------------------------------------- refusals of a record alone

REFUSALS = [
    # RULES.md §5: points outside 0…138 or not whole numbers
    (deal(H, 150, 3), {}, "points.0", "between 0 and 138, not 150"),
    (deal(H, -1), {}, "points.0", "between 0 and 138"),
    (deal(H, 5, 139), {}, "points.1", "between 0 and 138"),
    (deal(H, 1.5), {}, "points.0", "whole number"),
    (deal(H, "95"), {}, "points.0", "whole number"),
    (deal(H, True), {}, "points.0", "whole number"),
    (deal(H, None, 95), {}, "points.0", "Enter the card points of player 1"),
    ({**deal(H, 1), "points": [95]}, {}, "points", "two numbers"),
    ({"trump": H, "marriages": [[], []]}, {}, "points", "two numbers"),
    # RULES.md §5: card points of a played-out deal that do not add up
    (deal(H, 100, 50), {}, "points", "Card points add up to 150; a played-out deal holds 138"),
    # RULES.md §5: a marriage in the same suit twice in one deal (one player or both)
    (deal(H, 60, m0=[H], m1=[H]), {}, "marriages.1.0", "king of hearts is already in a marriage"),
    (deal(H, 60, m0=[C, C]), {}, "marriages.0.1", "once per deal"),
    # RULES.md §5: a fifth marriage
    (deal(H, 60, m0=[H, D, C], m1=[S, H]), {}, "marriages", "5 marriages recorded"),
    # RULES.md §5: a trump marriage when the record names no trump
    (deal(None, 60, m0=[H]), {}, "trump", "Name the trump suit"),
    (deal("stars", 60), {}, "trump", "Trump must be one of"),
    (deal(H, 60, m0=["stars"]), {}, "marriages.0.0", "'stars' is not a suit"),
    ({**deal(H, 60), "marriages": [[H]]}, {}, "marriages", "two lists of suits"),
    # RULES.md §5: a player seat that is not at the table
    (deal(H, 60, first=2), {}, "first_to_target", "player 1 (0) or player 2 (1)"),
    (deal(H, 60, first="0"), {}, "first_to_target", "player 1 (0) or player 2 (1)"),
    (deal(H, 60, closed_by=2), {"closing": True}, "closed_by", "player 1 (0) or player 2 (1)"),
    # fields that are not part of this match's record
    (deal(H, 60, foo=1), {}, "foo", "'foo' is not part of a Polish Mariasz deal record"),
    (deal(H, 60, ace_kings=[[], []]), {}, "ace_kings", "option ace_king"),
    (deal(H, 60, closed_by=None), {}, "closed_by", "option closing"),
    # house rule ace_king: one king per suit, so not in an ace-king and a marriage
    (deal(H, 60, m0=[H], ace_kings=[[H], []]), {"ace_king": True}, "ace_kings.0.0", "king of"),
    (deal(None, 60, ace_kings=[[H], []]), {"ace_king": True}, "trump", "Name the trump suit"),
]


@pytest.mark.parametrize("data, overrides, field, words", REFUSALS)
def test_refused_record(data, overrides, field, words):
    options = GAME.make_options(None, overrides)
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record(data, options, 2)
    messages = {e.field: e.message for e in err.value.errors}
    assert field in messages, err.value.errors
    assert words in messages[field]


def test_not_a_record_and_wrong_table():
    options = GAME.make_options()
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record([1, 2], options, 2)  # type: ignore[arg-type]
    assert err.value.errors[0].field == "record"
    with pytest.raises(InvalidDeal) as err:
        GAME.parse_record(deal(H, 60), options, 3)
    assert err.value.errors[0].field == "players"


# --------------------------------------------------------------- records and options


@pytest.mark.parametrize(
    "data, overrides, canonical",
    [
        (deal(H, 95), {}, deal(H, 95)),  # API.md: null second value kept as entered
        (deal(H, 95, 43, m0=[S, H]), {}, deal(H, 95, 43, m0=[H, S])),  # suits in a fixed order
        ({"trump": H, "points": [95, None]}, {}, deal(H, 95)),  # empty fields filled in
        (
            deal(H, 95),
            {"ace_king": True, "closing": True},
            deal(H, 95, ace_kings=[[], []], closed_by=None),
        ),
    ],
)
def test_canonical_record(data, overrides, canonical):
    options = GAME.make_options(None, overrides)
    record = GAME.parse_record(data, options, 2)
    assert GAME.record_to_json(record) == canonical
    assert GAME.parse_record(canonical, options, 2) == record


def test_options_defaults_and_round_trip():
    # RULES.md v2 §1 options and their defaults (ace_king off / 30/60 / trumps_only; no_trump)
    options = GAME.make_options()
    as_json = GAME.options_to_json(options)
    assert as_json == {"target": 131, "match_target": 10, "match_games": None, "swatowe": 5,
                       "ace_king": "off", "closing": False, "no_trump": False,
                       "deck": "german"}  # fmt: skip
    assert GAME.make_options(GAME.default_preset, as_json) == options
    assert GAME.default_preset in GAME.presets
    assert GAME.player_counts(options) == (2,)
    assert GAME.side_names(["Anna", "Jan"], options) == ["Anna", "Jan"]
    by_games = GAME.make_options(None, {"match_games": 5})
    assert (by_games.match_target, by_games.match_games) == (None, 5)
    assert GAME.make_options("standard", GAME.options_to_json(by_games)) == by_games


@pytest.mark.parametrize(
    "preset, overrides, field",
    [
        (None, {"flek_max": 3}, "options.flek_max"),  # unknown option
        (None, {"target": 200}, "options.target"),  # a third deal would be needed
        (None, {"target": "131"}, "options.target"),
        (None, {"swatowe": -1}, "options.swatowe"),
        (None, {"ace_king": "yes"}, "options.ace_king"),
        (None, {"match_target": 0}, "options.match_target"),
        (None, {"match_target": 10, "match_games": 3}, "options.match_games"),  # one or the other
        (None, {"match_target": None}, "options.match_target"),
        ("pub", {}, "preset"),
        (None, [("target", 1)], "options"),
    ],
)
def test_invalid_options(preset, overrides, field):
    with pytest.raises(InvalidOptions) as err:
        GAME.make_options(preset, overrides)
    assert err.value.errors[0].field == field
