"""Mariáš options and presets, money at the stake, and the end of an agreed match (RULES.md §4)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions, MatchFinished
from scorekeeper.rules.marias import GAME, money
from tests.rules.marias.test_marias import P, R

PRESET_VALUES = [
    # RULES.md §4: pub (the pub tariff), csm (association), krizovy
    ("pub", {"hra": 1, "sto": 4, "sto_proti": 4, "betl": 5, "durch": 10, "sedma": 2}),
    ("pub", {"dve_sedmy": 8, "sedma_proti": 2, "ticha_sedma": 1, "tiche_sto": 2}),
    ("csm", {"betl": 15, "durch": 30, "dve_sedmy": 40, "hra": 1, "sto": 4}),
    ("krizovy", {"betl": 10, "durch": 20, "dve_sedmy": 8}),
]


@pytest.mark.parametrize(("preset", "values"), PRESET_VALUES)
def test_preset_values(preset, values):
    options = GAME.options_to_json(GAME.make_options(preset))
    assert {k: options[k] for k in values} == values


def test_defaults():
    # RULES.md §4: every house rule's default
    options = GAME.options_to_json(GAME.make_options())
    assert options == GAME.options_to_json(GAME.make_options("pub", {}))
    assert {
        k: options[k]
        for k in (
            "flek_max",
            "flek_per_defender",
            "hearts_double",
            "sto_scaling",
            "sto_failure",
            "sitter_pays",
            "renonc",
            "limit",
            "deals",
        )
    } == {
        "flek_max": None,
        "flek_per_defender": False,
        "hearts_double": True,
        "sto_scaling": "linear",
        "sto_failure": "flat",
        "sitter_pays": False,
        "renonc": 10,
        "limit": None,
        "deals": None,
    }
    assert GAME.default_preset == "pub"
    # RULES.md §4a: licitovany is a preset too, scored by a package of its own
    assert set(GAME.presets) == {"pub", "csm", "krizovy", "licitovany"}
    assert type(GAME.make_options("licitovany")).__name__ == "LicitovanyOptions"


BAD_OPTIONS = [
    # CONTRACT: unknown option -> InvalidOptions "options.<name>"
    ({"flek_limit": 3}, "options.flek_limit"),
    ({"flek_max": -1}, "options.flek_max"),
    ({"flek_max": 21}, "options.flek_max"),
    ({"flek_max": "3"}, "options.flek_max"),
    ({"hearts_double": 1}, "options.hearts_double"),
    ({"sto_scaling": "exponential"}, "options.sto_scaling"),
    ({"sto_failure": "per_ten"}, "options.sto_failure"),
    ({"limit": 0}, "options.limit"),
    ({"deals": 0}, "options.deals"),
    ({"betl": None}, "options.betl"),
    ({"renonc": True}, "options.renonc"),
]


@pytest.mark.parametrize(("overrides", "field"), BAD_OPTIONS)
def test_bad_options(overrides, field):
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options("pub", overrides)
    assert [e.field for e in caught.value.errors] == [field]


def test_unknown_preset():
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options("skat")
    assert caught.value.errors[0].field == "preset"


def test_overrides_beat_the_preset_and_round_trip():
    options = GAME.make_options("csm", {"betl": 12, "flek_max": 3, "limit": 500, "deals": 9})
    assert (options.betl, options.durch, options.flek_max, options.limit) == (12, 30, 3, 500)
    assert GAME.make_options("pub", GAME.options_to_json(options)) == options


MONEY = [
    # RULES.md §4: balances in units times the stake per unit
    ([3, -1, -2], "0.20", ["0.60", "-0.20", "-0.40"]),
    ([7, -7, 0], Decimal("0.5"), ["3.50", "-3.50", "0.00"]),
    ([1, -1, 0, 0], "1", ["1.00", "-1.00", "0.00", "0.00"]),
    # sub-cent stakes keep their precision, so the money still sums to zero
    ([5, -5, 0], "0.005", ["0.025", "-0.025", "0.000"]),
    ([2, -1, -1], "0.125", ["0.250", "-0.125", "-0.125"]),
    ([-3, 3, 0], "0", ["0.00", "0.00", "0.00"]),
]


@pytest.mark.parametrize(("scores", "stake", "expected"), MONEY)
def test_money(scores, stake, expected):
    assert money(scores, stake) == expected


@pytest.mark.parametrize("stake", ["abc", "-0.20", "NaN", "Infinity"])
def test_money_bad_stake(stake):
    with pytest.raises(InvalidOptions) as caught:
        money([1, -1, 0], stake)
    assert caught.value.errors[0].field == "stake"


def _match(n_deals, deals=3, **records):
    options = GAME.make_options("pub", {"deals": deals})
    return options, [GAME.parse_record(R(**records), options, 3) for _ in range(n_deals)]


def test_open_ended_match_never_finishes():
    options = GAME.make_options()
    records = [GAME.parse_record(R(), options, 3)] * 40
    result = GAME.score(options, 3, records)
    assert (result.finished, result.winner, result.scores) == (False, None, (80, -40, -40))


def test_agreed_deals_finish_the_match():
    # engine's `deals` option: finished after that many deals, winner = highest balance
    options, records = _match(3)
    assert GAME.score(options, 3, records[:2]).finished is False
    result = GAME.score(options, 3, records)
    assert (result.finished, result.winner, result.scores) == (True, 0, (6, -3, -3))


def test_tie_at_the_end_plays_an_extra_round():
    # RULES.md v2 §4 "The end of a match": a shared top balance plays one more round (one deal
    # per player), and again until one player leads; there is no draw.
    options = GAME.make_options("pub", {"deals": 2})
    records = [GAME.parse_record(R(declarer=d), options, 3) for d in (0, 1)]
    result = GAME.score(options, 3, records)
    assert (result.finished, result.winner, result.scores) == (False, None, (1, 1, -2))
    assert "one more round of 3 deals" in result.deals[-1].explanation[-1]


def test_deal_after_the_end_is_refused():
    # RULES.md §5: a deal added to a match that is already decided
    options, records = _match(4)
    with pytest.raises(MatchFinished) as caught:
        GAME.score(options, 3, records)
    assert caught.value.deal == 4


def test_score_names_the_bad_deal():
    # CONTRACT: score checks records in context and raises InvalidDeal(deal=n)
    options = GAME.make_options()
    good = R()
    with pytest.raises(InvalidDeal) as caught:
        GAME.score(options, 3, [good, good, R(P("hra"), P("sto"))])
    assert caught.value.deal == 3
    three = GAME.parse_record(R(declarer=2), options, 3)
    with pytest.raises(InvalidDeal) as caught:
        GAME.score(options, 4, [three])  # a 3-player record has no sitting-out dealer
    assert (caught.value.deal, caught.value.errors[0].field) == (1, "dealer")
