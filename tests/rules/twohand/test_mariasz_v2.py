"""Worked examples of the version 2 rules of Polish Mariasz (RULES.md v2 §1, §5), by hand."""

from __future__ import annotations

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions
from scorekeeper.rules.mariasz import GAME
from tests.rules.twohand.test_mariasz import H, S, deal, play


def test_no_trump_deal_holds_130_and_every_marriage_is_plain():
    # RULES.md v2 §1 no_trump: no pamfil (130 card points), marriages 20 and 1 match point.
    # Player 1: 90 cards + hearts 20 + spades 20 = 130 < 131; player 2: 40. Not yet a game.
    first = play([deal(None, 90, m0=[H, S])], no_trump=True)
    assert first.extra["current"] == [130, 40]
    # Second deal 40 to 90: player 1 has 170, player 2 130: sympla 1 + two plain marriages 2 = 3.
    second = play([deal(None, 90, m0=[H, S]), deal(None, 40)], no_trump=True)
    game = second.extra["games"][0]
    assert (game["kind"], game["winner"], game["match_points"]) == ("sympla", 0, [3, 0])
    assert game["points"] == [170, 130]


def test_no_trump_plays_a_third_deal_when_both_stand_below_the_target():
    # RULES.md v2 §1: two deals hold 260, so both may stand at 130: a third deal is played.
    result = play([deal(None, 65), deal(None, 65)], no_trump=True)
    assert (result.extra["current"], result.extra["games"]) == ([130, 130], [])
    assert "third deal" in result.deals[-1].explanation[-1]
    done = play([deal(None, 65), deal(None, 65), deal(None, 10, 0)], no_trump=True)
    game = done.extra["games"][0]
    assert (game["kind"], game["winner"], game["deals"]) == ("sympla", 0, [1, 2, 3])


def test_no_trump_refuses_a_named_trump():
    # RULES.md v2 §1, §5: a trump named in a no_trump match.
    with pytest.raises(InvalidDeal) as caught:
        play([deal(H, 90)], no_trump=True)
    assert caught.value.errors[0].field == "trump"


def test_no_trump_short_deal_is_checked_against_130():
    # RULES.md v2 §1: 130 card points in a played-out deal; 100 + 38 is too many.
    with pytest.raises(InvalidDeal):
        play([deal(None, 100, 38)], no_trump=True)


def test_ace_king_trumps_only_scores_40_in_trumps():
    # RULES.md v2 §1 ace_king trumps_only: an A+K in trumps 40; 91 + 40 = 131: dubla.
    result = play([deal(H, 91, ace_kings=[[H], []])], ace_king="trumps_only")
    game = result.extra["games"][0]
    assert (game["kind"], game["points"][0]) == ("dubla", 131)


def test_ace_king_trumps_only_refuses_a_plain_suit():
    # RULES.md v2 §1: allowed only in trumps.
    with pytest.raises(InvalidDeal) as caught:
        play([deal(H, 91, ace_kings=[[S], []])], ace_king="trumps_only")
    assert caught.value.errors[0].field == "ace_kings.0.0"


def test_stored_true_reads_as_30_60():
    # RULES.md v2 opening: stored options keep their meaning (ace_king: true reads as 30/60).
    assert GAME.make_options(None, {"ace_king": True}).ace_king == "30/60"
    assert GAME.make_options(None, {"ace_king": False}).ace_king == "off"
    result = play([deal(H, 71, ace_kings=[[H], []])], ace_king=True)
    assert result.extra["games"][0]["points"][0] == 131  # 71 + 60


def test_no_trump_and_trumps_only_ace_king_are_refused_together():
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options(None, {"no_trump": True, "ace_king": "trumps_only"})
    assert caught.value.errors[0].field == "options.ace_king"


def test_match_target_default_is_10():
    # RULES.md v2 §1: the default 10 is a house default (no seed gives one).
    assert GAME.make_options().match_target == 10
