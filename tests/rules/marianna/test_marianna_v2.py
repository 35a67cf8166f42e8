"""Worked examples of the version 2 rules of Italian Marianna (RULES.md v2 §3, §5), by hand."""

from __future__ import annotations

import pytest

from scorekeeper.rules.base import REFUSALS, InvalidDeal, InvalidOptions, refuse_new
from tests.rules.marianna.test_marianna import GAME, MN, deal, m, play


def _refused(result, n=1):
    return [e["field"] for e in result.deals[n - 1].extra.get(REFUSALS, [])]


ALL_A = [deal(120, 0, m(0, "hearts"), m(0, "spades"), m(0, "clubs"), m(0, "diamonds"))]


def test_a_short_deal_that_passes_501_is_refused():
    # RULES.md v2 §3: deals are played out. Team A has 400 (120 + 40 + 60 + 80 + 100); a deal of
    # 101 to 0 card points takes it to 501, past the target, yet 101 of 120 is a short deal.
    result = play([*ALL_A, deal(101, 0)])
    assert _refused(result, 2) == ["points"]
    with pytest.raises(InvalidDeal) as caught:
        refuse_new(result, 2)
    assert caught.value.deal == 2


def test_a_played_out_deal_past_501_wins():
    # RULES.md §3: 400 + 101 card points of a played-out deal (101 + 19 = 120) = 501: Team A wins.
    result = play([*ALL_A, deal(101, 19)])
    assert (result.finished, result.winner, _refused(result, 2)) == (True, 0, [])


def test_mariannone_deal_counts_its_points_and_wins_whatever_the_totals():
    # RULES.md v2 §3: a mariannone deal adds the card points taken so far (30 + 10, short) and the
    # declarations (Team B's first marianna 40); the declaring team A wins though B leads.
    record = deal(30, 10, m(1, "hearts"), {"side": 0, "kind": "mariannone"})
    result = play([record])
    assert (result.scores, result.winner, _refused(result)) == ((30, 50), 0, [])


def test_covered_marianna_needs_first_sets_trump():
    # RULES.md v2 §3: a match with covering on and first_sets_trump off is refused at creation.
    with pytest.raises(InvalidOptions) as caught:
        GAME.check_new_options(GAME.make_options("marianna", {"covered_marianna": True}))
    assert caught.value.errors[0].field == "options.covered_marianna"
    GAME.check_new_options(
        GAME.make_options("marianna", {"covered_marianna": True, "first_sets_trump": True})
    )
    # Cinquecento keeps first_sets_trump, so covering may be switched on there.
    GAME.check_new_options(GAME.make_options("cinquecento", {"covered_marianna": True}))


def test_covered_marianna_scores_20_only_as_the_first_declaration():
    # RULES.md v2 §3: covered 20 and sets trump; later mariannas 20 each (first_sets_trump).
    options = {"covered_marianna": True, "first_sets_trump": True}
    result = play([deal(70, 50, m(0, "hearts", covered=True), m(1, "spades"))], **options)
    assert result.scores == (90, 70)
    with pytest.raises(InvalidDeal) as caught:
        play([deal(70, 50, m(1, "spades"), m(0, "hearts", covered=True))], **options)
    assert caught.value.errors[0].field == "declarations.1.covered"


def test_mariannino_does_not_move_the_marianna_count():
    # RULES.md v2 §3: Team A's mariannino (250) then its marianna in hearts is the FIRST marianna
    # (40): 60 + 250 + 40 = 350; Team B 60.
    result = play([deal(60, 60, m(0, "spades", **MN), m(0, "hearts"))])
    assert result.scores == (350, 60)


def test_after_a_mariannino_the_other_team_declares_no_marianna():
    # RULES.md v2 §3, §5: Team A holds all four queens; Team B's marianna in coppe is refused.
    result = play([deal(60, 60, m(0, "spades", **MN), m(1, "hearts"))])
    assert _refused(result) == ["declarations.1.side"]


def test_a_marianna_of_the_same_team_before_the_mariannino_is_fine():
    # RULES.md v2 §3: the bar on the other team starts with the mariannino (v2.1: a marianna of
    # the other team before it is refused, test_marianna_v21).
    result = play([deal(60, 60, m(0, "hearts"), m(0, "spades", **MN))])
    assert (_refused(result), result.scores) == ([], (350, 60))
