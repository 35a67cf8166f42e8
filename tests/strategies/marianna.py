"""Hypothesis strategies for VALID Marianna deal records (RULES.md §3, §3a, §3b), as JSON dicts.

Every dict is already in canonical form, so ``record_to_json(parse_record(d)) == d``:
- ``records(preset)``: one record, valid on its own and as the first deal of a match;
- ``match_records(preset)``: a whole valid match (it stops at the deal that decides it, or
  unfinished after ``max_deals``), for round trips through the service and the API.
``overrides`` are option overrides on the preset, as in ``GAME.make_options(preset, overrides)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules.base import SUITS
from scorekeeper.rules.marianna import GAME
from scorekeeper.rules.marianna.options import MariannaOptions

SIDES = st.integers(0, 1)


def options_for(preset: str = "marianna", overrides: Mapping[str, Any] | None = None):
    """The options the strategies generate records for."""
    return GAME.make_options(preset, overrides)


@st.composite
def declarations(draw, options: MariannaOptions, *, mariannone: bool = False) -> list[dict]:
    """Mariannas in distinct suits (maybe a mariannino among them); a mariannone last if asked."""
    suits = draw(st.permutations(SUITS))[: draw(st.integers(0, 4))]
    decls: list[dict[str, Any]] = [{"side": draw(SIDES), "suit": s} for s in suits]
    if options.players == 4 and options.mariannino and draw(st.booleans()):
        extra = {"side": draw(SIDES), "kind": "mariannino", "suit": draw(st.sampled_from(SUITS))}
        at = draw(st.integers(0, len(decls)))
        # RULES.md v2.1 §3: nobody holds four queens after the other team showed one; after
        # it only its own team declares (the mariannino's suit included).
        own = [d for d in decls if d["side"] == extra["side"]]
        decls = [*own[:at], extra, *own[at:]]
    if options.covered_marianna and decls and "kind" not in decls[0] and draw(st.booleans()):
        decls[0]["covered"] = True
    if mariannone:
        # RULES.md v2.1 §3: after a mariannino the other team holds no queen for a mariannone
        sides = [d["side"] for d in decls if d.get("kind") == "mariannino"] or [draw(SIDES)]
        decls.append({"side": sides[0], "kind": "mariannone"})
    return decls


@st.composite
def _record(draw, options: MariannaOptions, *, ending: bool) -> dict[str, Any]:
    """One canonical record; ``ending`` lets it hold a mariannone or a claim (and a short total)."""
    mariannone = ending and options.mariannone and draw(st.booleans())
    claim = None
    if ending and options.claim and not mariannone and draw(st.booleans()):
        claim = draw(SIDES)
    a = draw(st.integers(0, 120))
    short = (mariannone or claim is not None) and draw(st.booleans())
    b = draw(st.integers(0, 120 - a)) if short else 120 - a
    record: dict[str, Any] = {
        "points": [a, b],
        "declarations": draw(declarations(options, mariannone=mariannone)),
        "first_to_target": None,
    }
    if options.players == 2:
        record["trump"] = draw(st.sampled_from(SUITS))
        record["claim"] = claim
    return record


def records(
    preset: str = "marianna", overrides: Mapping[str, Any] | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """One valid canonical record for the preset (it may end the match: mariannone or claim)."""
    return _record(options_for(preset, overrides), ending=True)


@st.composite
def _match(draw, preset: str, overrides, max_deals: int) -> list[dict[str, Any]]:
    options = options_for(preset, overrides)
    n = options.players
    deals: list[dict[str, Any]] = []
    while len(deals) < max_deals:
        last = draw(st.integers(0, 5)) == 0
        record = draw(_record(options, ending=last))
        result = GAME.score(options, n, [*deals, record])
        if (
            options.first_to_target_wins
            and all(s >= options.target for s in result.scores)
            and not any(d.get("kind") == "mariannone" for d in record["declarations"])
            and draw(st.booleans())
        ):
            record["first_to_target"] = draw(SIDES)
            result = GAME.score(options, n, [*deals, record])
        deals.append(record)
        if result.finished:
            break
    return deals


def match_records(
    preset: str = "marianna", overrides: Mapping[str, Any] | None = None, max_deals: int = 12
) -> st.SearchStrategy[list[dict[str, Any]]]:
    """The records of one valid match, in order; only its last deal may decide it."""
    return _match(preset, overrides, max_deals)
