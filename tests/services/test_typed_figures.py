"""A tournament table's figures typed from its paper sheet (docs/rules.md §6): what no play can
give is refused, what the usual table cannot give waits for the organiser to confirm it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from scorekeeper.rules.base import RuleError
from scorekeeper.rules.registry import get_game
from scorekeeper.services import tournaments as ts
from tests.services.test_tournaments import SEVEN, _marias, session  # noqa: F401
from tests.strategies.marias import match_records

MARIAS = get_game("marias")


# ---------------------------------------------------------------- the rules' check


def test_a_table_of_three_moves_balances_alike_modulo_3():
    # RULES.md §4: a deal moves (2x, −x, −x) (a renonc (−2r, r, r)), so 10 / −4 / −6 cannot come
    # from play: 10 − (−4) = 14 is no multiple of 3. 9 / −3 / −6 can.
    options = MARIAS.options_to_json(MARIAS.make_options())
    refused, unusual = MARIAS.tournament.check_table_figures(options, [10, -4, -6])
    assert refused == [] and [(e.field, e.message.code) for e in unusual] == [
        ("scores", "marias.figures_thirds")
    ]
    assert unusual[0].message.params == {"player": 0, "other": 1, "a": 10, "b": -4}
    assert MARIAS.tournament.check_table_figures(options, [9, -3, -6]) == ([], [])
    # four at a table (the sitter changes) and flek per defender: no such pattern
    assert MARIAS.tournament.check_table_figures(options, [10, -4, -6, 0]) == ([], [])
    per_defender = {**options, "flek_per_defender": True}
    assert MARIAS.tournament.check_table_figures(per_defender, [10, -4, -6]) == ([], [])


@settings(max_examples=60, deadline=None)
@given(match_records(max_deals=8))
def test_every_played_table_of_three_passes(records):
    # RULES.md §4: whatever three players enter (renonc and limit included), the balances they
    # reach are never flagged: the check only catches what play cannot give.
    options = MARIAS.make_options()
    scores = MARIAS.score(options, 3, records).scores
    as_json = MARIAS.options_to_json(options)
    assert MARIAS.tournament.check_table_figures(as_json, list(scores)) == ([], [])


@pytest.mark.parametrize(
    "game, scores",
    [("mariasz", [7, -1]), ("mariage", [-2, 3]), ("marianna", [600, -5])],
)
def test_negative_points_in_two_player_and_team_games_are_refused(game, scores):
    # RULES.md §6: match points, game points and a team's points are never below 0
    rules = get_game(game)
    options = rules.options_to_json(rules.make_options())
    refused, unusual = rules.tournament.check_table_figures(options, scores)
    bad = next(i for i, v in enumerate(scores) if v < 0)
    assert [(e.field, e.message.code) for e in refused] == [(f"scores.{bad}", "figure_negative")]
    assert unusual == []
    assert rules.tournament.check_table_figures(options, [abs(v) for v in scores]) == ([], [])


# ---------------------------------------------------------------- the service


def test_unusual_figures_are_stored_only_once_confirmed(session):  # noqa: F811
    t = _marias(session, players=SEVEN[:6])
    ts.confirm_round(session=session, tournament_id=t.id, start=True)
    with pytest.raises(ts.UnusualFigures) as caught:
        ts.set_manual_result(
            session=session, tournament_id=t.id, round=1, table=1, scores=[10, -4, -6]
        )
    assert caught.value.errors[0].message.code == "marias.figures_thirds"
    session.rollback()
    table = ts.tournament_table(session=session, tournament_id=t.id, round=1, table=1)
    assert table["tables"][0]["source"] != "sheet"  # nothing stored
    answer = ts.set_manual_result(
        session=session, tournament_id=t.id, round=1, table=1, scores=[10, -4, -6],
        confirm_figures=True,
    )  # fmt: skip
    assert answer["scores"] == [10, -4, -6]


def test_negative_points_are_refused_whatever_is_confirmed(session):  # noqa: F811
    t = ts.create_tournament(
        session=session, name="Mariage", game="mariage", players=["A", "B"], rounds=1, seed=3
    )
    ts.confirm_round(session=session, tournament_id=t.id, start=True)
    with pytest.raises(RuleError) as caught:
        ts.set_manual_result(
            session=session, tournament_id=t.id, round=1, table=1, scores=[7, -1],
            confirm_figures=True,
        )  # fmt: skip
    assert not isinstance(caught.value, ts.UnusualFigures)
    assert caught.value.errors[0].field == "scores.1"
