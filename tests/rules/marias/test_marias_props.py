"""Invariants of the Czech Mariáš engine (RULES.md §4), checked with hypothesis."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.marias import GAME
from scorekeeper.rules.registry import PRESET_GAMES
from tests.strategies.marias import all_options, match_records, records

FAST = settings(deadline=None, max_examples=80)


@st.composite
def matches(draw: st.DrawFn):
    options = draw(all_options())
    n_players = draw(st.sampled_from([3, 4]))
    return options, n_players, draw(match_records(options, n_players, max_deals=12))


@FAST
@given(matches())
def test_every_deal_sums_to_zero(match):
    # RULES.md §4: "Every deal sums to zero over the players" (with and without a sitter)
    options, n, data = match
    result = GAME.score(options, n, [GAME.parse_record(d, options, n) for d in data])
    for deal in result.deals:
        assert sum(deal.delta) == 0
        assert len(deal.delta) == n
        assert deal.explanation


@FAST
@given(matches())
def test_scores_are_the_sum_of_deltas(match):
    # RULES.md §4: balances in units are the running sum of the deals
    options, n, data = match
    result = GAME.score(options, n, [GAME.parse_record(d, options, n) for d in data])
    assert list(result.scores) == [sum(d.delta[i] for d in result.deals) for i in range(n)]


@FAST
@given(matches())
def test_sitter_never_pays_unless_sitter_pays(match):
    # RULES.md §4: four at the table, the dealer sits the deal out (sitter_pays off)
    options, n, data = match
    result = GAME.score(options, n, [GAME.parse_record(d, options, n) for d in data])
    if n == 4 and not options.sitter_pays:
        for record, deal in zip(data, result.deals, strict=True):
            assert deal.delta[record["dealer"]] == 0


@FAST
@given(st.data())
def test_json_round_trip(data):
    # API.md: the canonical JSON form round-trips exactly
    options = data.draw(all_options())
    n = data.draw(st.sampled_from([3, 4]))
    raw = data.draw(records(options, n))
    record = GAME.parse_record(raw, options, n)
    canonical = GAME.record_to_json(record)
    assert GAME.parse_record(json.loads(json.dumps(canonical)), options, n) == record
    assert GAME.record_to_json(GAME.parse_record(canonical, options, n)) == canonical


@FAST
@given(matches())
def test_scoring_is_deterministic_and_accepts_raw_dicts(match):
    # API.md: everything is computed from the stored records by pure functions
    options, n, data = match
    parsed = [GAME.parse_record(d, options, n) for d in data]
    assert GAME.score(options, n, parsed) == GAME.score(options, n, parsed)
    assert GAME.score(options, n, data) == GAME.score(options, n, parsed)


@FAST
@given(all_options())
def test_options_json_round_trip(options):
    # CONTRACT: options_to_json gives every option; make_options(preset, that) rebuilds it
    as_json = GAME.options_to_json(options)
    assert json.loads(json.dumps(as_json)) == as_json
    for preset in GAME.presets:
        if ("marias", preset) not in PRESET_GAMES:  # licitovaný: options of its own (§4a)
            assert GAME.make_options(preset, as_json) == options


JSONISH = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=False),
    st.sampled_from(["hearts", "hra", "sto", "declarer", "defenders", "", "x"]),
    st.lists(st.integers(-1, 4), max_size=3),
    st.dictionaries(st.sampled_from(["kind", "won", "flek", "side"]), st.integers(0, 2)),
)


@st.composite
def mutated(draw: st.DrawFn):
    options = draw(all_options())
    n = draw(st.sampled_from([3, 4]))
    record = draw(records(options, n))
    where = draw(st.sampled_from([*record, "extra", "part", "silent_item"]))
    if where == "part":
        part = dict(record["parts"][0])
        part[draw(st.sampled_from(["kind", "won", "flek", "fleks"]))] = draw(JSONISH)
        record["parts"] = [part, *record["parts"][1:]]
    elif where == "silent_item":
        record["silent"] = [*record["silent"], draw(JSONISH)]
    else:
        record[where] = draw(JSONISH)
    return options, n, record


@settings(deadline=None, max_examples=200)
@given(mutated())
def test_fast_path_accepts_only_what_the_full_checks_accept(case):
    # RULES.md §5: the quick path for well-formed records must never let a bad record through
    from scorekeeper.rules.base import InvalidDeal
    from scorekeeper.rules.marias.fast import fast_record as _fast
    from scorekeeper.rules.marias.parse import _slow

    options, n, data = case
    fast = _fast(data, options, n)
    try:
        slow = _slow(data, options, n)
    except InvalidDeal:
        assert fast is None
    else:
        assert fast is None or fast == slow


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(deadline=None, max_examples=150)
@given(st.one_of(ANY_JSON, mutated().map(lambda case: case[2])), st.sampled_from([3, 4]))
def test_any_json_is_refused_cleanly_or_accepted(data, n):
    # API.md: never a 500 for anything a client sends: only InvalidDeal, each with a field
    from scorekeeper.rules.base import InvalidDeal

    options = GAME.make_options()
    try:
        record = GAME.parse_record(data, options, n)
    except InvalidDeal as exc:
        assert exc.errors and all(isinstance(e.field, str) and e.message for e in exc.errors)
    else:
        assert sum(GAME.score(options, n, [record]).deals[0].delta) == 0


@FAST
@given(matches())
def test_limit_caps_every_payment_between_two_players(match):
    # RULES.md §4: option limit caps one payment between two players
    options, n, data = match
    if options.limit is None:
        return
    result = GAME.score(options, n, data)
    for record, deal in zip(data, result.deals, strict=True):
        offender = record["renonc"]
        for seat, amount in enumerate(deal.delta):
            if seat == offender:
                assert abs(amount) <= 2 * options.limit
            elif offender is not None or seat != record["declarer"]:
                assert abs(amount) <= options.limit
