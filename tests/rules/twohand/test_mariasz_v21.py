"""Worked examples of the version 2.1 rules of Polish Mariasz (RULES.md v2.1 §1) and the record
fields `ace_kings` and `closed_by` (docs/api.md), by hand, with the properties they keep."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal
from scorekeeper.rules.mariage import GAME as MARIAGE
from scorekeeper.rules.mariasz import GAME
from tests.rules.twohand.test_mariasz import C, D, H, S, deal, play

WIN = deal(H, 131, m0=[H])  # dubla 2 + trump marriage 2 = 4 to player 1
LOSE = deal(H, 7, m1=[H])  # 4 to player 2


def test_match_games_ending_level_plays_another_game():
    # RULES.md §1 (v2.1): two games agreed, 4–4 after them: no draw, a third game is played;
    # player 1 wins it (dubla 2 + trump marriage 2): 8–4, player 1 wins the match.
    level = play([WIN, LOSE], match_games=2)
    assert (level.finished, level.winner, level.scores) == (False, None, (4, 4))
    assert "another game is played" in level.deals[-1].explanation[-1]
    decided = play([WIN, LOSE, WIN], match_games=2)
    assert (decided.finished, decided.winner, decided.scores) == (True, 0, (8, 4))


def test_the_ace_king_meld_earns_no_match_point():
    # RULES.md §1 (v2.1): A+K in trumps (60) + 71 card points = 131: dubla 2 match points, and
    # nothing for the ace-king (a trump marriage would have given 2 more).
    result = play([deal(H, 71, ace_kings=[[H], []])], ace_king="30/60")
    assert result.scores == (2, 0)
    assert result.extra["games"][0]["match_points"] == [2, 0]


def test_ace_kings_do_not_count_toward_swatowe():
    # RULES.md §1 (v2.1): player 1 melds three marriages (hearts trump 40, kule 20, žaludy 20)
    # and an ace-king in zelené (30): four suits, but three marriages, so no swatowe (5):
    # 41 + 40 + 20 + 20 + 30 = 151, a dubla: 2 + trump marriage 2 + two plain 2 = 6.
    result = play([deal(H, 41, m0=[H, D, C], ace_kings=[[S], []])], ace_king="30/60")
    assert result.extra["games"][0]["match_points"] == [6, 0]
    assert "swatowe" not in " ".join(result.deals[-1].explanation)
    # the same with a marriage in zelené instead is swatowe: 2 + 2 + 3 + 5 = 12
    swatowe = play([deal(H, 41, m0=[H, D, C, S])], ace_king="30/60")
    assert swatowe.extra["games"][0]["match_points"] == [12, 0]


def test_131_means_131_or_more():
    # RULES.md §1 (v2.1): "131" means 131 or more: exactly 131 in the first deal is a dubla,
    # 130 is not.
    exactly = play([deal(H, 131)])
    assert exactly.extra["games"][0]["kind"] == "dubla"
    short = play([deal(H, 130)])
    assert short.extra["games"] == [] and short.extra["current"] == [130, 8]


def test_a_trump_is_only_required_when_a_meld_is_recorded():
    # RULES.md §1 (v2.1): a deal without a meld scores without a trump; a meld needs one.
    result = play([deal(None, 70)])
    assert result.extra["current"] == [70, 68]
    options = GAME.make_options()
    assert GAME.record_to_json(GAME.parse_record(deal(None, 70), options, 2))["trump"] is None
    with pytest.raises(InvalidDeal) as caught:
        play([deal(None, 70, m0=[S])])
    assert caught.value.errors[0].field == "trump"
    # German Mariage too: each deal is a game, decided by the points, no trump needed
    mariage = MARIAGE.make_options()
    scored = MARIAGE.score(mariage, 2, [MARIAGE.parse_record(deal(None, 70), mariage, 2)])
    assert scored.scores == (1, 0)


def test_ace_kings_and_closed_by_as_docs_api_describes():
    # docs/api.md (API.md v3: part of the contract): with the ace-king house rule the record has
    # `ace_kings`, two lists of suits, always written back; with closing, `closed_by` (a seat or
    # null), always written back. Without the house rule either field is refused by name.
    options = GAME.make_options(None, {"ace_king": "30/60", "closing": True})
    record = GAME.parse_record(
        {"trump": S, "points": [60, None], "marriages": [[], []], "ace_kings": [[C, S], []],
         "closed_by": 1},
        options,
        2,
    )  # fmt: skip
    as_json = GAME.record_to_json(record)
    assert as_json["ace_kings"] == [[C, S], []]  # canonical suit order: hearts, kule, žaludy…
    assert as_json["closed_by"] == 1
    assert GAME.parse_record(as_json, options, 2) == record
    bare = GAME.record_to_json(GAME.parse_record({"trump": S, "points": [60, None]}, options, 2))
    assert (bare["ace_kings"], bare["closed_by"]) == ([[], []], None)
    plain = GAME.make_options()
    for field, value in (("ace_kings", [[S], []]), ("closed_by", 0)):
        with pytest.raises(InvalidDeal) as caught:
            GAME.parse_record({"trump": S, "points": [60, None], field: value}, plain, 2)
        assert caught.value.errors[0].field == field


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from([WIN, LOSE, deal(H, 60), deal(S, 100)]), max_size=12),
    st.integers(1, 3),
)
def test_a_match_played_to_match_games_never_ends_level(records, games):
    # RULES.md §1 (v2.1): no draws: a finished match always has a winner with more match points,
    # and it ends at the first game after the agreed ones that leaves the totals apart.
    played = []
    for record in records:
        played.append(record)
        result = play(played, match_games=games)
        if result.finished:
            break
    result = play(played, match_games=games)
    decided = len(result.extra["games"])
    if result.finished:
        a, b = result.scores
        assert a != b and result.winner == (0 if a > b else 1) and decided >= games
    else:
        assert result.winner is None
        assert decided < games or result.scores[0] == result.scores[1]
