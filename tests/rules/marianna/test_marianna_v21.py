"""Worked examples of the version 2.1 rules of Italian Marianna and Cinquecento (RULES.md v2.1
§3, §5), by hand, and the properties they keep."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import REFUSALS, InvalidDeal, refuse_new
from tests.rules.marianna.test_marianna import MN, deal, m, play
from tests.strategies.marianna import options_for, records


def _refused(result, n=1):
    return [(e["field"], e["code"]) for e in result.deals[n - 1].extra.get(REFUSALS, [])]


def test_its_own_team_declares_the_mariannino_suit_after_it():
    # RULES.md §3 (v2.1, the German source's "jeder König einmal mit der farbgleichen Dame"):
    # Team A's mariannino in bastoni (250), then its marianna in bastoni, the deal's first (40):
    # 60 + 250 + 40 = 350; version 2 wrongly barred that suit.
    result = play([deal(60, 60, m(0, "clubs", **MN), m(0, "clubs"))])
    assert (_refused(result), result.scores) == ([], (350, 60))


def test_a_mariannino_after_the_other_teams_marianna_is_refused():
    # RULES.md §3/§5 (v2.1): Team B declared coppe (it showed a queen), so nobody holds the four
    # queens a mariannino of Team A needs. A stored deal scores as recorded (40 + 250 = 310);
    # a deal being added or edited is refused.
    result = play([deal(60, 60, m(1, "hearts"), m(0, "spades", **MN))])
    assert _refused(result) == [("declarations.1.side", "marianna.mariannino_after_other")]
    assert result.scores == (310, 100)
    with pytest.raises(InvalidDeal) as caught:
        refuse_new(result, 1)
    assert caught.value.errors[0].field == "declarations.1.side"


def test_a_mariannone_by_the_other_team_after_a_mariannino_is_refused():
    # RULES.md §3/§5 (v2.1): after Team A's mariannino Team B holds no queen, so no mariannone.
    result = play([deal(30, 10, m(0, "spades", **MN), {"side": 1, "kind": "mariannone"})])
    assert _refused(result) == [("declarations.1.side", "marianna.mariannone_after_mariannino")]


def test_a_mariannone_by_the_mariannino_team_stays_allowed():
    # RULES.md §3 (v2.1): "A mariannone by the mariannino's own team stays allowed": Team A's
    # mariannino (250) and its mariannone: A wins at once with 30 + 250 against 10.
    result = play([deal(30, 10, m(0, "spades", **MN), {"side": 0, "kind": "mariannone"})])
    assert (_refused(result), result.scores, result.winner) == ([], (280, 10), 0)


def test_first_sets_trump_a_mariannino_first_then_the_first_marianna_is_40():
    # RULES.md §3 (v2.1): under first_sets_trump a mariannino made first sets the trump; the
    # marianna after it is still the deal's first marianna (40), the next one 20:
    # Team A 50 + 250 + 40 = 340, Team B 70 + 20 = 90.
    record = deal(50, 70, m(0, "clubs", **MN), m(0, "hearts"), m(0, "spades"))
    result = play([record], first_sets_trump=True)
    assert result.scores == (50 + 250 + 40 + 20, 70)
    lines = result.deals[0].explanation
    assert "1st marianna (hearts) 40" in lines[0] and "2nd marianna (spades) 20" in lines[0]


def test_first_sets_trump_overrides_values():
    # RULES.md §3 (v2.1): first_sets_trump overrides `values` (40 then 20, never 20-40-60-80).
    record = deal(60, 60, m(0, "hearts"), m(1, "spades"), m(0, "clubs"))
    assert play([record], values="20-40-60-80").scores == (60 + 20 + 60, 60 + 40)
    both = play([record], values="20-40-60-80", first_sets_trump=True)
    assert both.scores == (60 + 40 + 20, 60 + 20)


def test_after_a_first_mariannino_no_marianna_is_covered():
    # RULES.md §3 (v2.1): the mariannino set the trump, so the marianna after it can't be covered
    options = {"first_sets_trump": True, "covered_marianna": True}
    with pytest.raises(InvalidDeal) as caught:
        play([deal(60, 60, m(0, "clubs", **MN), m(0, "hearts", covered=True))], **options)
    assert caught.value.errors[0].field == "declarations.1.covered"


def test_cinquecento_both_at_500_on_equal_totals_plays_another_deal():
    # RULES.md §3a (v2.1): both teams reach 500 in one deal with equal totals and the record
    # names nobody first: another deal. With 40 then 20, deal a gives A 60 + 40 + 20 = 120 and
    # B 60 + 20 + 20 = 100, deal b the other way round: 440 each after a, b, a, b; then 60 to 60
    # takes both to exactly 500.
    a = deal(60, 60, m(0, "hearts"), m(1, "spades"), m(0, "clubs"), m(1, "diamonds"))
    b = deal(60, 60, m(1, "hearts"), m(0, "spades"), m(1, "clubs"), m(0, "diamonds"))
    records = [a, b, a, b]  # 440 each
    result = play(records, "cinquecento")
    assert (result.scores, result.finished) == ((440, 440), False)
    tied = play([*records, deal(60, 60)], "cinquecento")
    assert (tied.scores, tied.finished, tied.winner) == ((500, 500), False, None)
    assert "play another deal" in tied.deals[-1].explanation[-1]
    # the same deal with the record naming who got there first decides it
    first = play([*records, deal(60, 60, first=1)], "cinquecento")
    assert (first.finished, first.winner) == (True, 1)
    # and the next deal decides an open tie by the totals
    after = play([*records, deal(60, 60), deal(70, 50)], "cinquecento")
    assert (after.finished, after.winner, after.scores) == (True, 0, (570, 550))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_generated_deals_break_no_v21_rule(data):
    # RULES.md §3 (v2.1): what the strategies (and so the phone property tests) enter is never
    # refused: a mariannino only after its own team's mariannas, a mariannone after it only by
    # its team.
    overrides = data.draw(st.sampled_from([{}, {"first_sets_trump": True}]))
    options = options_for("marianna", overrides)
    record = data.draw(records("marianna", overrides))
    result = play([record], **overrides)
    assert _refused(result) == []
    decls = record["declarations"]
    team = next((d["side"] for d in decls if d.get("kind") == "mariannino"), None)
    if team is not None:
        assert all(d["side"] == team for d in decls if d.get("kind", "marianna") == "marianna")
    assert options.players == 4
