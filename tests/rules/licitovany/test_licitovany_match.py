"""A licitovaný match as a whole (RULES.md §4a with §4 "The end of a match"), its options and
what the game object answers the other layers (rules/base.py GameRules)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.base import InvalidDeal, MatchFinished
from scorekeeper.rules.licitovany import GAME
from scorekeeper.rules.licitovany.contracts import CONTRACT_LABELS, LADDER
from tests.strategies.licitovany import example

NO = [0, 0]


def betl(declarer: int, won: bool = True) -> dict:
    return example("betl", ("betl", won, NO), declarer=declarer)


def test_the_associations_options_are_the_defaults():
    # RULES.md §4a "Tariff" and "Flek": the association's tariff, limit and fleks per defender
    options = GAME.options_to_json(GAME.make_options())
    assert {k: options[k] for k in GAME.tariff_names} == {
        "hra": 1,
        "sedma": 2,
        "sto": 4,
        "betl": 15,
        "durch": 30,
        "dve_sedmy": 40,
        "ticha_sedma": 1,
        "omyl": 6,
        "renonc": 10,
        "renonc_heavy": 50,
    }
    assert options["limit"] == 500 and options["limit_flekked"] == 750
    assert options["flek_per_defender"] is True and options["flek_max"] == 4
    assert options["sto_failure"] == "per_ten_short"
    assert options["sitter_pays"] is False and options["deals"] is None
    assert GAME.make_options("licitovany", options) == GAME.make_options()


def test_a_house_tariff_and_no_limit():
    # RULES.md §4: every option has a default, and a match stores the set it was played with;
    # with no limit there is no raised one either
    house = GAME.make_options(overrides={"durch": 60, "limit": None})
    record = example("durch", ("durch", True, [4, 4]))
    result = GAME.score(house, 3, [record])
    assert result.deals[0].delta == (1920, -960, -960)


def test_the_agreed_deals_end_the_match():
    # RULES.md §4 "The end of a match" (kept by §4a): after `deals` deals the highest balance wins
    options = GAME.make_options(overrides={"deals": 3})
    result = GAME.score(options, 3, [betl(0), betl(2), betl(2)])
    assert result.scores == (0, -45, 45) and result.finished and result.winner == 2
    with pytest.raises(MatchFinished) as caught:
        GAME.score(options, 3, [betl(0), betl(2), betl(2), betl(0)])
    assert caught.value.deal == 4


def test_a_shared_top_plays_an_extra_round():
    # RULES.md §4 "The end of a match": a shared top balance plays one more round, no draw
    options = GAME.make_options(overrides={"deals": 2})
    shared = GAME.score(options, 3, [betl(0), betl(1)])
    assert shared.scores == (15, 15, -30) and not shared.finished
    assert shared.extra["extra_round"] is True
    decided = GAME.score(options, 3, [betl(0), betl(1), betl(0, False), betl(2), betl(2)])
    assert decided.finished and decided.winner == 2


def test_the_chip_target_and_the_finish():
    # RULES.md §4: chip_target; an open session ends by the table's Finish (finished_after)
    target = GAME.make_options(overrides={"chip_target": 30})
    assert GAME.score(target, 3, [betl(0)]).finished
    assert GAME.ends_by_finish(GAME.make_options())
    finish = GAME.make_options(overrides={"finished_after": 1})
    assert GAME.score(finish, 3, [betl(1)]).winner == 1


def test_premium_points_in_the_running_state():
    # RULES.md §4a "Premium points (PB)": kept per seat beside the balances
    options = GAME.make_options()
    state = GAME.start(options, 4)
    record = example("betl", ("betl", True, NO), dealer=3, pb=[1, 0, 4, 0])
    state, deal = GAME.step(options, state, record)
    assert state["pb"] == [1, 0, 4, 0] and state["totals"] == [30, -15, -15, 0]
    assert GAME.totals(options, state).extra["pb"] == [1, 0, 4, 0]


def test_a_record_parsed_for_another_table_is_refused():
    options = GAME.make_options()
    record = GAME.parse_record(
        example("betl", ("betl", True, NO), declarer=3, dealer=0), options, 4
    )
    with pytest.raises(InvalidDeal):
        GAME.step(options, GAME.start(options, 3), record)


def test_what_the_game_tells_the_other_layers():
    # rules/base.py GameRules: the capabilities a page, a sheet or a tournament asks for
    options = GAME.make_options()
    assert GAME.name == "marias" and GAME.preset == "licitovany"
    assert GAME.player_counts(options) == (3, 4) and GAME.has_stake and GAME.zero_sum
    assert GAME.money([15, -15, 0], "0.20") == ["3.00", "-3.00", "0.00"]
    assert list(GAME.contract_names) == [c.name for c in LADDER] == list(CONTRACT_LABELS)
    assert set(GAME.form.part_names) == {"hra", "sedma", "sto", "betl", "durch", "dve_sedmy"}
    assert (
        "licitovany" in GAME.preset_fixed and "flek_per_defender" in GAME.preset_fixed["licitovany"]
    )
    assert [c.key for c in GAME.sheet.columns[4]][:4] == ["n", "dealer", "declarer", "contract"]
    assert GAME.tournament.check_table_figures(options, [5, -4, -1]) == ([], [])
    assert (
        GAME.tournament.standings_kind(options) == "marias"
        and GAME.tournament.table_score(options) == "balance"
    )
