"""Invariants of the licitovaný mariáš engine (RULES.md §4a), checked with hypothesis."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.licitovany import GAME
from tests.strategies.licitovany import all_options, match_records, records

FAST = settings(deadline=None, max_examples=60)


@st.composite
def matches(draw: st.DrawFn):
    options = draw(all_options())
    n_players = draw(st.sampled_from([3, 4]))
    return options, n_players, draw(match_records(options, n_players, max_deals=10))


def _score(options, n, data):
    return GAME.score(options, n, [GAME.parse_record(d, options, n) for d in data])


@FAST
@given(matches())
def test_every_deal_sums_to_zero(match):
    # RULES.md §4 (which §4a keeps): "Every deal sums to zero over the players"
    options, n, data = match
    result = _score(options, n, data)
    for deal in result.deals:
        assert sum(deal.delta) == 0 and len(deal.delta) == n
        assert deal.explanation
    assert list(result.scores) == [sum(d.delta[i] for d in result.deals) for i in range(n)]


@FAST
@given(matches())
def test_no_player_pays_another_more_than_the_limit(match):
    # RULES.md §4a "Tariff": no player pays another more than 500 units in one deal, all parts
    # together (750 when both defenders flekked): payments run between the declarer and each
    # payer, a renonc's between the offender and each other player
    options, n, data = match
    result = _score(options, n, data)
    for raw, deal in zip(data, result.deals, strict=True):
        levels = [part["flek"] for part in raw["parts"]]
        both = any(a for a, _ in levels) and any(b for _, b in levels)
        cap = options.limit_flekked if both and raw["renonc"] is None else options.limit
        if options.limit is None or cap is None:
            continue
        centre = raw["declarer"] if raw["renonc"] is None else raw["renonc"]
        others = [d for seat, d in enumerate(deal.delta) if seat != centre]
        assert all(abs(d) <= cap for d in others)
        assert abs(deal.delta[centre]) <= cap * len([d for d in others if d])


@FAST
@given(matches())
def test_premium_points_never_change_the_balance(match):
    # RULES.md §4a "Premium points (PB)": PB never change the chip balance
    options, n, data = match
    without = [{**record, "pb": None} for record in data]
    scored, plain = _score(options, n, data), _score(options, n, without)
    assert [d.delta for d in scored.deals] == [d.delta for d in plain.deals]
    assert scored.scores == plain.scores and scored.winner == plain.winner
    assert scored.extra["pb"] == [
        sum(r["pb"][i] for r in data if r["pb"] is not None) for i in range(n)
    ]


@FAST
@given(st.data())
def test_the_defenders_are_settled_alike_when_their_fleks_are_equal(data):
    # RULES.md §4a "Flek" (a flek binds only the defender who said it): with equal levels the
    # two defenders pay or collect the same, whatever the contract
    options = data.draw(all_options())
    record = copy.deepcopy(data.draw(records(options, 3)))
    for part in record["parts"]:
        part["flek"] = [part["flek"][0], part["flek"][0]]
    delta = _score(options, 3, [record]).deals[0].delta
    if record["renonc"] is None:
        defenders = [d for seat, d in enumerate(delta) if seat != record["declarer"]]
        assert defenders[0] == defenders[1]


@FAST
@given(st.data())
def test_json_round_trip(data):
    # API.md v3: the canonical JSON form round-trips exactly (and is plain JSON)
    options = data.draw(all_options())
    n = data.draw(st.sampled_from([3, 4]))
    record = GAME.parse_record(data.draw(records(options, n)), options, n)
    as_json = json.loads(json.dumps(GAME.record_to_json(record)))
    assert GAME.parse_record(as_json, options, n) == record


@FAST
@given(matches())
def test_a_match_is_the_fold_of_its_deals(match):
    # RULES.md §4: the running state scores the next deal as the whole match would
    options, n, data = match
    state = GAME.start(options, n)
    for record in data:
        state, _ = GAME.step(options, state, record)
        json.dumps(state)  # a running state is plain JSON
    assert GAME.totals(options, state).scores == _score(options, n, data).scores
