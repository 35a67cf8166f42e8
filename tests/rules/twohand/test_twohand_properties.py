"""Invariants of the two-hand engines (Mariasz RULES.md §1, Mariage §2), checked with hypothesis."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import mariage, mariasz
from scorekeeper.rules.base import InvalidDeal, MatchFinished
from tests.strategies import mariage as mariage_st
from tests.strategies import mariasz as mariasz_st

ENGINES = [(mariasz.GAME, mariasz_st), (mariage.GAME, mariage_st)]
IDS = ["mariasz", "mariage"]
FEW = settings(deadline=None, max_examples=60)


def options_and_match(strategies):
    """Any options, and a valid whole match under them."""
    return strategies.all_options().flatmap(
        lambda o: st.tuples(st.just(o), strategies.match_records(o, max_deals=25))
    )


@pytest.mark.parametrize("game, strategies", ENGINES, ids=IDS)
@FEW
@given(data=st.data())
def test_scores_are_the_sum_of_deltas_and_never_decrease(game, strategies, data):
    options, deals = data.draw(options_and_match(strategies))
    records = [game.parse_record(d, options, 2) for d in deals]
    score = game.score(options, 2, records)
    running = [0, 0]
    for d in score.deals:
        assert min(d.delta) >= 0  # match/game points are only ever won
        running = [running[s] + d.delta[s] for s in (0, 1)]
        assert d.explanation and all(isinstance(line, str) for line in d.explanation)
    assert tuple(running) == score.scores
    assert [sum(g["match_points"][s] for g in score.extra["games"]) for s in (0, 1)] == running
    numbers = [n for g in score.extra["games"] for n in g["deals"]]
    assert numbers == list(range(1, len(numbers) + 1))  # games cover the deals in order
    assert len(numbers) <= len(deals) <= len(numbers) + 1  # at most one unfinished deal
    json.dumps(score.extra)
    if score.finished:
        assert score.winner in (None, 0, 1)
        with pytest.raises(MatchFinished) as err:
            game.score(options, 2, records + records[-1:])
        assert err.value.deal == len(records) + 1


@pytest.mark.parametrize("game, strategies", ENGINES, ids=IDS)
@FEW
@given(data=st.data())
def test_scoring_is_deterministic_and_prefix_stable(game, strategies, data):
    options, deals = data.draw(options_and_match(strategies))
    records = [game.parse_record(d, options, 2) for d in deals]
    whole = game.score(options, 2, records)
    assert game.score(options, 2, tuple(records)) == whole
    cut = data.draw(st.integers(0, len(records)))
    part = game.score(options, 2, records[:cut])
    assert part.deals == whole.deals[:cut]  # a single pass: later deals change nothing before


@pytest.mark.parametrize("game, strategies", ENGINES, ids=IDS)
@FEW
@given(data=st.data())
def test_valid_records_round_trip_through_json(game, strategies, data):
    options = data.draw(strategies.all_options())
    raw = data.draw(strategies.records(options))
    record = game.parse_record(raw, options, 2)
    canonical = game.record_to_json(record)
    assert canonical == raw  # the strategies write canonical records
    again = game.parse_record(json.loads(json.dumps(canonical)), options, 2)
    assert again == record
    assert game.record_to_json(again) == canonical


@pytest.mark.parametrize("game, strategies", ENGINES, ids=IDS)
@FEW
@given(data=st.data())
def test_options_round_trip_through_json(game, strategies, data):
    options = data.draw(strategies.all_options())
    as_json = json.loads(json.dumps(game.options_to_json(options)))
    assert game.make_options(game.default_preset, as_json) == options


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=False)
    | st.sampled_from(["hearts", "spades", "x", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)  # fmt: skip
FIELDS = ["trump", "points", "marriages", "first_to_target", "ace_kings", "closed_by", "x"]


@pytest.mark.parametrize("game, strategies", ENGINES, ids=IDS)
@FEW
@given(data=st.data())
def test_any_json_is_parsed_or_refused_with_fields(game, strategies, data):
    # RULES.md §5 / API.md: anything a client sends is a record or a 422, never a crash
    options = data.draw(strategies.all_options())
    raw = data.draw(strategies.records(options))
    for key in data.draw(st.lists(st.sampled_from(FIELDS), max_size=3)):
        raw[key] = data.draw(JSON)
    try:
        record = game.parse_record(raw, options, 2)
    except InvalidDeal as err:
        assert err.errors and all(e.field and e.message for e in err.errors)
    else:
        assert game.parse_record(game.record_to_json(record), options, 2) == record
