"""Hypothesis strategies: valid Polish Mariasz deal records (API.md JSON) and whole matches."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules.base import SUITS
from scorekeeper.rules.mariasz import GAME, MariaszOptions
from scorekeeper.rules.twohand import deal_points, deal_total


@st.composite
def all_options(draw: st.DrawFn) -> MariaszOptions:
    """Any valid options set (both ways of ending a match, house rules on and off)."""
    overrides: dict[str, Any] = {
        "target": draw(st.integers(60, deal_total())),
        "swatowe": draw(st.integers(0, 10)),
        "ace_king": draw(st.sampled_from(["off", "30/60", "trumps_only", True, False])),
        "closing": draw(st.booleans()),
        "no_trump": draw(st.booleans()),
    }
    if overrides["no_trump"] and overrides["ace_king"] == "trumps_only":
        overrides["ace_king"] = "30/60"  # RULES.md v2 §1: no trump ace-king without trumps
    if draw(st.booleans()):
        overrides["match_target"] = draw(st.integers(1, 15))
    else:
        overrides["match_games"] = draw(st.integers(1, 6))
    return GAME.make_options(None, overrides)


@st.composite
def records(draw: st.DrawFn, options: MariaszOptions | None = None) -> dict[str, Any]:
    """A deal record valid on its own (parse_record accepts it); the deal is played out."""
    options = options or GAME.make_options()
    total = deal_total(not options.no_trump)
    # Each suit: melded as a marriage by player 1 or 2, as an ace-king by 1 or 2, or not at all.
    kinds = ["none", "m0", "m1"] + (["a0", "a1"] if options.ace_king != "off" else [])
    fate = {suit: draw(st.sampled_from(kinds)) for suit in SUITS}
    melds = any(f != "none" for f in fate.values())
    if options.no_trump:  # RULES.md v2 §1: no trump is ever named
        trump = None
    else:
        trump = draw(st.sampled_from(SUITS) if melds else st.none() | st.sampled_from(SUITS))
    if options.ace_king == "trumps_only":  # RULES.md v2 §1: ace-kings in trumps only
        fate = {s: ("none" if f[0] == "a" and s != trump else f) for s, f in fate.items()}
    first = draw(st.integers(0, total))
    record: dict[str, Any] = {
        "trump": trump,
        "points": [first, draw(st.sampled_from([None, total - first]))],
        "marriages": [[s for s in SUITS if fate[s] == f"m{p}"] for p in (0, 1)],
        "first_to_target": None,
    }
    if options.ace_king != "off":
        record["ace_kings"] = [[s for s in SUITS if fate[s] == f"a{p}"] for p in (0, 1)]
    if options.closing:
        record["closed_by"] = draw(st.sampled_from([None, 0, 1]))
    return record


@st.composite
def match_records(
    draw: st.DrawFn, options: MariaszOptions | None = None, max_deals: int = 30
) -> list[dict[str, Any]]:
    """Records of a whole match, valid in sequence: first_to_target where both reach the target,
    sometimes a short deal stopped by a claim; stops when the match is decided (or at max_deals)."""
    options = options or GAME.make_options()
    total, target = deal_total(not options.no_trump), options.target
    out: list[dict[str, Any]] = []
    parsed: list[Any] = []
    current = [0, 0]
    for _ in range(max_deals):
        record = draw(records(options))
        points = deal_points(GAME.parse_record(record, options, 2), total)
        after = [current[s] + points[s] for s in (0, 1)]
        reached = [s for s in (0, 1) if after[s] >= target]
        if len(reached) == 2:
            record["first_to_target"] = draw(st.sampled_from([0, 1]))
        elif len(reached) == 1 and draw(st.booleans()):
            # A claim: the deal stopped early, the other player took fewer card points.
            other = 1 - reached[0]
            cards = [record["points"][0], total - record["points"][0]]
            cards[other] -= draw(st.integers(0, cards[other]))
            record["points"] = cards
        parsed.append(GAME.parse_record(record, options, 2))
        out.append(record)
        state = GAME.score(options, 2, parsed)
        if state.finished:
            break
        current = list(state.extra["current"])
    return out
