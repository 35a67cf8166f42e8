"""Hypothesis strategies: valid German Mariage deal records (API.md JSON) and whole matches."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules.base import SUITS
from scorekeeper.rules.mariage import GAME, MariageOptions
from scorekeeper.rules.twohand import deal_total


@st.composite
def all_options(draw: st.DrawFn) -> MariageOptions:
    """Any valid options set (pamfil on or off, a match target or a number of games)."""
    overrides: dict[str, Any] = {"pamfil": draw(st.booleans())}
    if draw(st.booleans()):
        overrides["match_target"] = draw(st.integers(1, 10))
    else:
        overrides["match_games"] = draw(st.integers(1, 6))
    return GAME.make_options(None, overrides)


@st.composite
def records(draw: st.DrawFn, options: MariageOptions | None = None) -> dict[str, Any]:
    """A deal record valid on its own (and in any match: every German deal is played out)."""
    options = options or GAME.make_options()
    total = deal_total(options.pamfil)
    fate = {suit: draw(st.sampled_from(["none", "m0", "m1"])) for suit in SUITS}
    melds = any(f != "none" for f in fate.values())
    trump = draw(st.sampled_from(SUITS) if melds else st.none() | st.sampled_from(SUITS))
    # Ties and the 33 boundary are rare by chance: aim at them now and then.
    first = draw(st.integers(0, total) | st.sampled_from([total // 2, 32, 33, total - 32]))
    return {
        "trump": trump,
        "points": [first, draw(st.sampled_from([None, total - first]))],
        "marriages": [[s for s in SUITS if fate[s] == f"m{p}"] for p in (0, 1)],
        "first_to_target": None,
    }


@st.composite
def match_records(
    draw: st.DrawFn, options: MariageOptions | None = None, max_deals: int = 30
) -> list[dict[str, Any]]:
    """Records of a whole match; stops when the match is decided (or at max_deals)."""
    options = options or GAME.make_options()
    out: list[dict[str, Any]] = []
    parsed: list[Any] = []
    for _ in range(max_deals):
        record = draw(records(options))
        parsed.append(GAME.parse_record(record, options, 2))
        out.append(record)
        if GAME.score(options, 2, parsed).finished:
            break
    return out
