"""The running state of every engine (docs/architecture.md): ``score`` is a fold of ``step``.

For random valid matches of each game: stepping deal by deal from a state that went through JSON
after every deal (as a stored state does) gives exactly ``score``'s deals, totals and errors;
appending to the state of a prefix equals scoring the whole list; the state is plain JSON.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import mariage, marianna, marias, mariasz
from scorekeeper.rules.base import InvalidDeal, MatchFinished, MatchScore, fold_state
from tests.strategies import mariage as mariage_st
from tests.strategies import marianna as marianna_st
from tests.strategies import marias as marias_st
from tests.strategies import mariasz as mariasz_st

FAST = settings(deadline=None, max_examples=60)


def _through_json(state: dict[str, Any]) -> dict[str, Any]:
    text = json.dumps(state, allow_nan=False)
    back = json.loads(text)
    assert back == state  # nothing a JSON round trip changes (no tuples, sets, objects)
    return back


def _outcome(run: Any) -> Any:
    """The result, or the error's kind, fields and deal number (and total for MatchFinished)."""
    try:
        return run()
    except MatchFinished as error:
        return ("finished", error.errors, error.deal, error.total)
    except InvalidDeal as error:
        return ("invalid", error.errors, error.deal)


def _stepwise(game: Any, options: Any, n_players: int, records: list[Any]) -> MatchScore:
    """Score by stepping a state that is stored as JSON between deals (the append path)."""
    state = _through_json(game.start(options, n_players))
    deals = []
    try:
        for record in records:
            state, deal = game.step(options, state, record)
            deals.append(deal)
            state = _through_json(state)
    except MatchFinished as error:
        error.total = len(records)
        raise
    assert state["n"] == len(records)
    return replace(game.totals(options, state), deals=tuple(deals))


def _check(game: Any, options: Any, n_players: int, records: list[Any]) -> None:
    whole = _outcome(lambda: game.score(options, n_players, records))
    assert _outcome(lambda: _stepwise(game, options, n_players, records)) == whole
    if isinstance(whole, MatchScore) and records:
        # appending the last deal to the stored state of the others: the same last deal and totals
        _, state = fold_state(game, options, n_players, records[:-1])
        state, deal = game.step(options, _through_json(state), records[-1])
        assert deal == whole.deals[-1]
        totals = game.totals(options, state)
        assert (totals.scores, totals.finished, totals.winner) == (
            whole.scores,
            whole.finished,
            whole.winner,
        )
        assert dict(totals.extra) == dict(whole.extra)
        _through_json(fold_state(game, options, n_players, records)[1])


@st.composite
def _extended(draw: st.DrawFn, records: list[dict[str, Any]], more: Any) -> list[dict[str, Any]]:
    """Sometimes a deal more after the end (MatchFinished) must fail alike both ways."""
    if records and draw(st.booleans()):
        return [*records, draw(more)]
    return records


@FAST
@given(st.data())
def test_mariasz_fold_equals_score(data: st.DataObject) -> None:
    options = data.draw(mariasz_st.all_options())
    records = data.draw(mariasz_st.match_records(options, max_deals=16))
    records = data.draw(_extended(records, mariasz_st.records(options)))
    _check(mariasz.GAME, options, 2, records)
    parsed = [mariasz.GAME.parse_record(r, options, 2) for r in records]
    _check(mariasz.GAME, options, 2, parsed)


@FAST
@given(st.data())
def test_mariage_fold_equals_score(data: st.DataObject) -> None:
    options = data.draw(mariage_st.all_options())
    records = data.draw(mariage_st.match_records(options, max_deals=16))
    records = data.draw(_extended(records, mariage_st.records(options)))
    _check(mariage.GAME, options, 2, records)


@FAST
@given(st.data())
def test_marianna_fold_equals_score(data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from(["marianna", "cinquecento", "briscola151"]))
    options = marianna_st.options_for(preset)
    records = data.draw(marianna_st.match_records(preset, max_deals=10))
    records = data.draw(_extended(records, marianna_st.records(preset)))
    _check(marianna.GAME, options, options.players, records)


@FAST
@given(st.data())
def test_marias_fold_equals_score(data: st.DataObject) -> None:
    options = data.draw(marias_st.all_options())
    ending = data.draw(
        st.sampled_from([{}, {"deals": 6}, {"chip_target": 10}, {"extra_rounds": False}])
    )
    if ending:
        options = replace(options, **ending)
    n = data.draw(st.sampled_from([3, 4]))
    records = data.draw(marias_st.match_records(options, n, max_deals=14))
    _check(marias.GAME, options, n, records)
    _check(marias.GAME, options, n, [marias.GAME.parse_record(r, options, n) for r in records])


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        (mariasz.GAME, mariasz.GAME.make_options(), 2),
        (mariage.GAME, mariage.GAME.make_options(), 2),
        (marianna.GAME, marianna.GAME.make_options(), 4),
        (marias.GAME, marias.GAME.make_options(), 3),
    ],
)
def test_start_is_json_and_counts_no_deals(game: Any, options: Any, players: int) -> None:
    state = game.start(options, players)
    assert _through_json(state)["n"] == 0
    assert isinstance(game.state_format, int)
    empty = game.score(options, players, [])
    totals = game.totals(options, state)
    assert (totals.scores, totals.finished, totals.winner, dict(totals.extra)) == (
        empty.scores,
        empty.finished,
        empty.winner,
        dict(empty.extra),
    )


def test_step_leaves_the_old_state_alone() -> None:
    options = mariasz.GAME.make_options()
    state = mariasz.GAME.start(options, 2)
    record = {"trump": "hearts", "points": [100, None], "marriages": [["hearts"], []]}
    first, _ = mariasz.GAME.step(options, state, record)
    frozen = json.dumps(first)
    second, _ = mariasz.GAME.step(options, first, record)
    assert json.dumps(first) == frozen
    assert second["n"] == 2
    assert json.dumps(state) == json.dumps(mariasz.GAME.start(options, 2))


def test_a_bad_record_names_its_deal_number() -> None:
    options = marias.GAME.make_options()
    state = marias.GAME.start(options, 3)
    state, _ = marias.GAME.step(
        options, state, {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True}]}
    )
    with pytest.raises(InvalidDeal) as error:
        marias.GAME.step(options, state, {"declarer": 7, "parts": []})
    assert error.value.deal == 2
