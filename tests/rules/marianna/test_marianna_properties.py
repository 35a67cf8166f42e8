"""Invariants of the Marianna engine over generated valid matches (RULES.md §3, §3a, §3b, §5)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal, MatchFinished
from scorekeeper.rules.marianna import GAME
from tests.strategies.marianna import match_records, options_for, records

PRESETS = ["marianna", "cinquecento", "briscola151"]
VARIANTS = [
    ("marianna", None),
    ("marianna", {"values": "20-40-60-80", "covered_marianna": True}),
    ("marianna", {"first_sets_trump": True, "mariannino": 100, "target": 1000}),
    ("cinquecento", None),
    ("cinquecento", {"covered_marianna": True}),
    ("briscola151", None),
    ("briscola151", {"target": 250, "claim": False}),
]
FAST = settings(deadline=None, max_examples=60)


def _score(preset, overrides, deals):
    options = options_for(preset, overrides)
    parsed = [GAME.parse_record(d, options, options.players) for d in deals]
    return options, parsed, GAME.score(options, options.players, parsed)


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
@FAST
@given(data=st.data())
def test_scores_are_the_sum_of_deltas(preset, overrides, data):
    # RULES.md §3: points toward the target accumulate deal by deal
    deals = data.draw(match_records(preset, overrides))
    _, parsed, result = _score(preset, overrides, deals)
    assert len(result.deals) == len(parsed)
    for i in (0, 1):
        assert result.scores[i] == sum(d.delta[i] for d in result.deals)
    for record, dealt in zip(parsed, result.deals, strict=True):
        assert all(
            dealt.delta[i] >= record.points[i] for i in (0, 1)
        )  # declarations add, never cut
    assert result.finished == (result.winner is not None)
    assert all(d.extra == {} for d in result.deals[:-1])  # only the last deal may decide the match


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
@FAST
@given(data=st.data())
def test_record_json_round_trip(preset, overrides, data):
    # API.md: records are stored as canonical JSON and read back unchanged
    record = data.draw(records(preset, overrides))
    options = options_for(preset, overrides)
    parsed = GAME.parse_record(json.loads(json.dumps(record)), options, options.players)
    assert GAME.record_to_json(parsed) == record
    assert GAME.parse_record(GAME.record_to_json(parsed), options, options.players) == parsed


@pytest.mark.parametrize(("preset", "overrides"), VARIANTS)
@FAST
@given(data=st.data())
def test_scoring_is_deterministic(preset, overrides, data):
    # RULES.md §3: the same records always give the same result, records or their JSON alike
    deals = data.draw(match_records(preset, overrides))
    options, parsed, first = _score(preset, overrides, deals)
    again = GAME.score(options, options.players, [json.loads(json.dumps(d)) for d in deals])
    assert first == again
    assert json.loads(json.dumps(first.extra)) == first.extra


@pytest.mark.parametrize("preset", PRESETS)
@FAST
@given(data=st.data())
def test_nothing_after_the_end(preset, data):
    # RULES.md §5: once decided, any further deal is refused with its number
    deals = data.draw(match_records(preset))
    options, _, result = _score(preset, None, deals)
    extra = data.draw(records(preset))
    if result.finished:
        with pytest.raises(MatchFinished) as caught:
            GAME.score(options, options.players, [*deals, extra])
        assert caught.value.deal == len(deals) + 1
    else:  # an unfinished match takes any valid deal
        GAME.score(options, options.players, [*deals, extra])


@FAST
@given(
    overrides=st.fixed_dictionaries(
        {},
        optional={
            "values": st.sampled_from(["40-60-80-100", "20-40-60-80"]),
            "first_sets_trump": st.booleans(),
            "target": st.integers(1, 10_000),
            "mariannino": st.integers(0, 1000),
            "mariannone": st.booleans(),
            "covered_marianna": st.booleans(),
            "first_to_target_wins": st.booleans(),
        },
    )
)
def test_options_json_round_trip(overrides):
    # RULES.md §3: a match stores the full set of options and rebuilds them unchanged
    options = GAME.make_options("marianna", overrides)
    as_json = json.loads(json.dumps(GAME.options_to_json(options)))
    assert GAME.make_options("marianna", as_json) == options
    assert GAME.make_options("cinquecento", as_json) == options


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-200, 300)
    | st.floats()
    | st.sampled_from(
        ["hearts", "spades", "cups", "marianna", "mariannino", "mariannone", "matrimonio", ""]
    ),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["side", "kind", "suit", "covered", "points", "declarations", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)
RECORDISH = st.fixed_dictionaries(
    {"points": st.lists(st.none() | st.integers(-5, 125) | JSON, max_size=3)},
    optional={
        "declarations": st.lists(JSON, max_size=6),
        "first_to_target": JSON,
        "trump": JSON,
        "claim": JSON,
    },
)


@pytest.mark.parametrize("preset", PRESETS)
@settings(deadline=None, max_examples=80)
@given(data=st.lists(RECORDISH | JSON, max_size=3))
def test_odd_input_is_refused_never_crashes(preset, data):
    # RULES.md §5: anything a client sends is either a valid record or a refusal naming a field
    options = options_for(preset)
    try:
        result = GAME.score(options, options.players, data)
    except InvalidDeal as error:
        assert error.errors and all(e.field and e.message for e in error.errors)
    else:
        assert len(result.deals) == len(data)
