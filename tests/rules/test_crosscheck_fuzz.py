"""Cross-check fuzz of the four engines: odd records never crash; refusals name real fields.

Random dicts (half-sensible, half-junk) go through ``parse_record`` and ``score``; the only
exceptions allowed are InvalidDeal (MatchFinished included) and InvalidOptions (base.py), and
every refusal's field must be a JSON path of the record (API.md "Deal records"; CONTRACT:
"Error fields are JSON paths into the record").
"""

from __future__ import annotations

import math
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal, InvalidOptions, MatchFinished, RuleError
from scorekeeper.rules.registry import get_game

SUITS = ["hearts", "diamonds", "clubs", "spades"]
WORDS = SUITS + [
    "hra", "sto", "sto_proti", "betl", "durch", "sedma", "dve_sedmy", "sedma_proti",
    "ticha_sedma", "tiche_sto", "declarer", "defenders", "marianna", "mariannino",
    "mariannone", "matrimonio", "",
]  # fmt: skip

# game -> (top-level record keys, names allowed below a list element of each key)
SCHEMA: dict[str, tuple[set[str], dict[str, set[str]]]] = {
    "mariasz": (
        {"trump", "points", "marriages", "first_to_target", "ace_kings", "closed_by"},
        {},
    ),
    "marianna": (
        {"points", "declarations", "first_to_target", "trump", "claim"},
        {"declarations": {"side", "kind", "suit", "covered"}},
    ),
    "marias": (
        {
            "declarer",
            "dealer",
            "trump",
            "parts",
            "declarer_points",
            "defender_points",
            "silent",
            "renonc",
        },
        {"parts": {"kind", "won", "flek"}, "silent": {"kind", "side", "points"}},
    ),  # fmt: skip
}
SCHEMA["mariage"] = SCHEMA["mariasz"]

leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.integers(),
    st.floats(),
    st.sampled_from(WORDS),
    st.text(max_size=3),
)
junk = st.recursive(
    leaf,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(WORDS + ["side", "kind", "suit", "won", "flek"]), inner, max_size=4
        )
    ),  # fmt: skip
    max_leaves=12,
)
small = st.one_of(st.none(), st.integers(-1, 5), st.sampled_from(WORDS), junk)
num = st.one_of(st.none(), st.integers(-10, 200), st.floats(-1, 200), junk)


def two_hand() -> st.SearchStrategy[dict[str, Any]]:
    """Half-sensible Mariasz/Mariage records."""
    melds = st.lists(st.lists(st.sampled_from(SUITS), max_size=5), min_size=0, max_size=3) | junk
    return st.fixed_dictionaries(
        {},
        optional={
            "trump": st.sampled_from(SUITS + [None]) | junk,
            "points": st.lists(num, min_size=0, max_size=3) | junk,
            "marriages": melds,
            "first_to_target": small,
            "ace_kings": melds,
            "closed_by": small,
        },
    )


def marianna() -> st.SearchStrategy[dict[str, Any]]:
    """Half-sensible Marianna / Briscola records."""
    decl = st.fixed_dictionaries(
        {},
        optional={"side": small, "kind": small, "suit": st.sampled_from(SUITS) | junk,
                  "covered": st.booleans() | junk},
    ) | junk  # fmt: skip
    return st.fixed_dictionaries(
        {},
        optional={
            "points": st.lists(num, min_size=0, max_size=3) | junk,
            "declarations": st.lists(decl, max_size=6) | junk,
            "first_to_target": small,
            "trump": st.sampled_from(SUITS + [None]) | junk,
            "claim": small,
        },
    )


def marias() -> st.SearchStrategy[dict[str, Any]]:
    """Half-sensible Mariáš records."""
    flek = st.integers(-1, 25) | st.lists(st.integers(-1, 4), max_size=3) | junk
    part = st.fixed_dictionaries(
        {}, optional={"kind": small, "won": st.sampled_from([True, False, None]) | junk,
                      "flek": flek}
    ) | junk  # fmt: skip
    silent = st.fixed_dictionaries(
        {}, optional={"kind": small, "side": small, "points": num}
    ) | junk  # fmt: skip
    return st.fixed_dictionaries(
        {},
        optional={
            "declarer": small,
            "dealer": small,
            "trump": st.sampled_from(SUITS + [None]) | junk,
            "parts": st.lists(part, max_size=4) | junk,
            "declarer_points": num,
            "defender_points": num,
            "silent": st.lists(silent, max_size=3) | junk,
            "renonc": small,
        },
    )


# (game, preset, overrides, players, record strategy)
SETUPS = [
    ("mariasz", None, {}, 2, two_hand()),
    ("mariasz", None, {"ace_king": True, "closing": True}, 2, two_hand()),
    ("mariage", None, {"pamfil": False}, 2, two_hand()),
    ("marianna", None, {}, 4, marianna()),
    ("marianna", "cinquecento", {"covered_marianna": True}, 4, marianna()),
    ("marianna", "briscola151", {}, 2, marianna()),
    ("marias", None, {}, 3, marias()),
    ("marias", "csm", {"flek_per_defender": True, "limit": 500}, 4, marias()),
    ("marias", None, {"sitter_pays": True, "flek_max": 3, "deals": 2}, 4, marias()),
]


def _get(data: Any, segment: str) -> Any:
    """One step into a JSON value, or a sentinel when it is not there."""
    if isinstance(data, dict):
        return data.get(segment, _MISSING)
    if isinstance(data, list) and segment.isdigit() and int(segment) < len(data):
        return data[int(segment)]
    return _MISSING


_MISSING = object()


def is_record_path(game: str, field: str, data: dict[str, Any]) -> bool:
    """Whether ``field`` names a place in the record (present, or a known key of the schema)."""
    top, below = SCHEMA[game]
    segments = field.split(".")
    if segments[0] not in top and segments[0] not in data:
        return False
    value: Any = data
    for i, seg in enumerate(segments):
        nxt = _get(value, seg)
        if nxt is _MISSING:
            # not in the data: only a known key (or the next list index) may be named
            if seg.isdigit():
                return isinstance(value, list) and int(seg) <= len(value)
            known = top if i == 0 else below.get(segments[0], set())
            return seg in known and i == len(segments) - 1
        value = nxt
    return True


# Set CROSSCHECK_FUZZ=5000 for a long hunt; the default keeps the suite fast.
EXAMPLES = int(os.environ.get("CROSSCHECK_FUZZ", "60"))


def _check(game: str, err: RuleError, data: dict[str, Any]) -> None:
    for e in err.errors:
        if isinstance(err, MatchFinished) and e.field in ("deal", "record"):
            continue  # about the whole deal, not a field of it
        assert is_record_path(game, e.field, data), (e.field, e.message, data)
        assert e.message and isinstance(e.message, str)


@pytest.mark.parametrize("game, preset, overrides, players, records", SETUPS)
def test_fuzz_no_crash_and_real_fields(game, preset, overrides, players, records):
    rules = get_game(game)
    options = rules.make_options(preset, overrides)

    @settings(deadline=None, max_examples=EXAMPLES, suppress_health_check=list(HealthCheck))
    @given(st.lists(records, min_size=1, max_size=4))
    def run(datas: list[dict[str, Any]]) -> None:
        parsed = []
        for data in datas:
            try:
                record = rules.parse_record(data, options, players)
            except InvalidDeal as err:
                _check(game, err, data)
                continue
            assert rules.parse_record(rules.record_to_json(record), options, players) == record
            parsed.append((data, record))
        try:
            result = rules.score(options, players, [r for _, r in parsed])
        except InvalidDeal as err:
            assert err.deal is not None and 1 <= err.deal <= len(parsed)
            _check(game, err, parsed[err.deal - 1][0])
            return
        assert len(result.deals) == len(parsed)
        for deal in result.deals:
            assert len(deal.delta) == len(result.scores)
            assert all(isinstance(x, int) for x in deal.delta)
        assert all(not isinstance(x, float) or math.isfinite(x) for x in result.scores)

    run()


@pytest.mark.parametrize("game", ["mariasz", "mariage", "marianna", "marias"])
@settings(deadline=None, max_examples=40, suppress_health_check=list(HealthCheck))
@given(overrides=st.dictionaries(st.sampled_from(WORDS + ["target", "limit", "flek_max"]), junk,
                                 max_size=3))  # fmt: skip
def test_fuzz_options_only_invalid_options(game, overrides):
    rules = get_game(game)
    try:
        options = rules.make_options(None, overrides)
    except InvalidOptions as err:
        assert all(e.field.startswith("options") for e in err.errors), err.errors
        return
    assert rules.make_options(None, rules.options_to_json(options)) == options
