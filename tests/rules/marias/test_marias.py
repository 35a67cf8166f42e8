"""Worked examples of Czech Mariáš settlement (RULES.md §4), each checked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.marias import GAME
from scorekeeper.rules.registry import get_game


def P(kind: str, won: bool | None = True, flek: Any = 0) -> dict[str, Any]:
    return {"kind": kind, "won": won, "flek": flek}


def R(*parts: dict[str, Any], **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "declarer": 0,
        "dealer": None,
        "trump": "spades",
        "parts": list(parts) or [P("hra")],
        "declarer_points": None,
        "defender_points": None,
        "silent": [],
        "renonc": None,
    }
    record.update(fields)
    return record


NT = {"trump": None}  # betl and durch are played without trumps


def deal(record: dict[str, Any], n: int = 3, preset: str = "pub", **overrides: Any):
    options = GAME.make_options(preset, overrides)
    return GAME.score(options, n, [GAME.parse_record(record, options, n)]).deals[0]


EXAMPLES = [
    # RULES.md §4, preset pub: game 1, sto 4, sedma 2, betl 5, durch 10, "each contract settles
    # separately with both defenders"; "Failure pays the same to each defender"
    ("hra won", R(), {}, (2, -1, -1)),
    ("hra lost", R(P("hra", False)), {}, (-2, 1, 1)),
    ("sto won", R(P("sto")), {}, (8, -4, -4)),
    ("sto lost", R(P("sto", False)), {}, (-8, 4, 4)),
    ("hra and sedma won", R(P("hra"), P("sedma")), {}, (6, -3, -3)),
    ("betl won", R(P("betl"), **NT), {}, (10, -5, -5)),
    ("betl lost", R(P("betl", False), **NT), {}, (-10, 5, 5)),
    ("durch won", R(P("durch"), **NT), {}, (20, -10, -10)),
    ("durch lost", R(P("durch", False), **NT), {}, (-20, 10, 10)),
    # RULES.md §4: "wins hra (1) and loses sedma (2) nets −1 from each defender (−2), each +1"
    ("hra won sedma lost", R(P("hra"), P("sedma", False)), {}, (-2, 1, 1)),
    ("declarer in seat 2", R(declarer=1), {}, (-1, 2, -1)),
    # RULES.md §4: dve_sedmy 8, sedma_proti 2 (defenders' part runs the other way)
    ("dve sedmy won", R(P("hra"), P("dve_sedmy")), {}, (18, -9, -9)),
    ("sedma proti won", R(P("hra"), P("sedma_proti")), {}, (-2, 1, 1)),
    ("sedma proti lost", R(P("hra"), P("sedma_proti", False)), {}, (6, -3, -3)),
    ("sto proti won", R(P("sto_proti")), {}, (-8, 4, 4)),
    ("sto proti lost", R(P("sto_proti", False)), {}, (8, -4, -4)),
    # RULES.md §4: hearts double every trump-game part (hearts_double), never betl/durch
    ("hra in hearts", R(trump="hearts"), {}, (4, -2, -2)),
    ("hra and sedma in hearts", R(P("hra"), P("sedma"), trump="hearts"), {}, (12, -6, -6)),
    ("hearts_double off", R(trump="hearts"), {"hearts_double": False}, (2, -1, -1)),
    ("sto proti in hearts", R(P("sto_proti"), trump="hearts"), {}, (-16, 8, 8)),
    # RULES.md §4: flek ×2 per level, each part its own level
    ("flek", R(P("hra", True, 1)), {}, (4, -2, -2)),
    ("re", R(P("hra", True, 2)), {}, (8, -4, -4)),
    ("tutti", R(P("hra", True, 3)), {}, (16, -8, -8)),
    ("kalhoty", R(P("hra", True, 5)), {}, (64, -32, -32)),
    ("flek and hearts", R(P("hra", True, 1), trump="hearts"), {}, (8, -4, -4)),
    ("own level per part", R(P("hra"), P("sedma", True, 2)), {}, (18, -9, -9)),
    ("betl re", R(P("betl", True, 2), **NT), {}, (40, -20, -20)),
    # RULES.md §4: sto above 100, linear (110 → 8, 120 → 12) and doubling (110 → 8, 120 → 16)
    ("sto 100", R(P("sto"), declarer_points=100, defender_points=30), {}, (8, -4, -4)),
    ("sto 110", R(P("sto"), declarer_points=110, defender_points=0), {}, (16, -8, -8)),
    ("sto 120", R(P("sto"), declarer_points=120, defender_points=10), {}, (24, -12, -12)),
    (
        "sto 120 doubling",
        R(P("sto"), declarer_points=120, defender_points=10),
        {"sto_scaling": "doubling"},
        (32, -16, -16),
    ),
    (
        "sto 110 doubling",
        R(P("sto"), declarer_points=110, defender_points=0),
        {"sto_scaling": "doubling"},
        (16, -8, -8),
    ),
    (
        "sto 120 flek",
        R(P("sto", True, 1), declarer_points=120, defender_points=10),
        {},
        (48, -24, -24),
    ),
    # RULES.md §4: failed sto flat (default) or per_ten_short
    (
        "sto failed at 80 flat",
        R(P("sto", False), declarer_points=80, defender_points=50),
        {},
        (-8, 4, 4),
    ),
    (
        "sto failed at 80 per ten short",
        R(P("sto", False), declarer_points=80, defender_points=50),
        {"sto_failure": "per_ten_short"},
        (-16, 8, 8),
    ),
    (
        "sto failed at 60 per ten short",
        R(P("sto", False), declarer_points=60, defender_points=70),
        {"sto_failure": "per_ten_short"},
        (-32, 16, 16),
    ),
    (
        "sto failed without points per ten short",
        R(P("sto", False)),
        {"sto_failure": "per_ten_short"},
        (-8, 4, 4),
    ),
    # RULES.md §4 (v2.1): a made sto proti scales above 100 like sto: 4 + 2 × 4 for 120
    (
        "sto proti 120 is scaled",
        R(P("sto_proti"), declarer_points=10, defender_points=120),
        {},
        (-24, 12, 12),
    ),
    (
        "sto proti failed is flat",
        R(P("sto_proti", False), declarer_points=80, defender_points=50),
        {"sto_failure": "per_ten_short"},
        (8, -4, -4),
    ),
    # RULES.md §4: silent seven 1, to the side that won it, doubled in hearts
    (
        "silent seven declarer",
        R(silent=[{"kind": "ticha_sedma", "side": "declarer"}]),
        {},
        (4, -2, -2),
    ),
    (
        "silent seven defenders",
        R(silent=[{"kind": "ticha_sedma", "side": "defenders"}]),
        {},
        (0, 0, 0),
    ),
    (
        "silent seven in hearts",
        R(P("hra", False), trump="hearts", silent=[{"kind": "ticha_sedma", "side": "defenders"}]),
        {},
        (-8, 4, 4),
    ),
    # RULES.md §4: silent hundred makes the hra worth 2, +2 per 10 above 100
    (
        "silent hundred",
        R(P("hra", None), silent=[{"kind": "tiche_sto", "side": "declarer"}]),
        {},
        (4, -2, -2),
    ),
    (
        "silent hundred 120",
        R(
            P("hra", None),
            declarer_points=120,
            defender_points=10,
            silent=[{"kind": "tiche_sto", "side": "declarer"}],
        ),
        {},
        (12, -6, -6),
    ),
    (
        "silent hundred 120 given on the silent part",
        R(silent=[{"kind": "tiche_sto", "side": "declarer", "points": 120}]),
        {},
        (12, -6, -6),
    ),
    (
        "defenders' silent hundred",
        R(P("hra", False), silent=[{"kind": "tiche_sto", "side": "defenders", "points": 100}]),
        {},
        (-4, 2, 2),
    ),
    (
        "silent hundred flek hearts",
        R(P("hra", True, 1), trump="hearts", silent=[{"kind": "tiche_sto", "side": "declarer"}]),
        {},
        (16, -8, -8),
    ),
    # RULES.md §4: hra decided by the points when its won is left out; a tie loses
    ("hra by points", R(P("hra", None), declarer_points=50, defender_points=40), {}, (2, -1, -1)),
    (
        "hra lost by points",
        R(P("hra", None), declarer_points=40, defender_points=50),
        {},
        (-2, 1, 1),
    ),
    # points come in tens and a deal holds 90 + marriages in twenties: a tie can't be recorded
    (
        "hra won with marriages",
        R(P("hra", None), declarer_points=70, defender_points=60),
        {},
        (2, -1, -1),
    ),
    # RULES.md §4: presets csm (betl 15, durch 30, dve_sedmy 40) and krizovy (betl 10, durch 20)
    ("csm betl", R(P("betl"), **NT), {"preset": "csm"}, (30, -15, -15)),
    ("csm durch", R(P("durch"), **NT), {"preset": "csm"}, (60, -30, -30)),
    ("csm dve sedmy", R(P("hra"), P("dve_sedmy")), {"preset": "csm"}, (82, -41, -41)),
    ("krizovy betl", R(P("betl"), **NT), {"preset": "krizovy"}, (20, -10, -10)),
    ("krizovy durch", R(P("durch", False), **NT), {"preset": "krizovy"}, (-40, 20, 20)),
    # RULES.md §4: renonc: the offender pays renonc to each other active player, nothing else
    ("renonc", R(P("sto", True, 2), renonc=1), {}, (10, -20, 10)),
    ("renonc 5", R(renonc=0), {"renonc": 5}, (-10, 5, 5)),
    # RULES.md §4: limit caps one payment between two players
    (
        "limit",
        R(P("sto", True, 3), declarer_points=120, defender_points=10),
        {"limit": 50},
        (100, -50, -50),
    ),
    ("limit not reached", R(P("hra", True, 1)), {"limit": 50}, (4, -2, -2)),
    ("limit on renonc", R(renonc=2), {"limit": 4}, (4, 4, -8)),
    # RULES.md §4: flek_per_defender: each level binds only its defender (seat order)
    ("flek per defender", R(P("hra", True, [1, 0])), {"flek_per_defender": True}, (3, -2, -1)),
    (
        "flek per defender, declarer in the middle",
        R(P("hra", True, [0, 2]), declarer=1),
        {"flek_per_defender": True},
        (-1, 5, -4),
    ),
]


@pytest.mark.parametrize(
    ("name", "record", "overrides", "delta"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_three_player_examples(name, record, overrides, delta):
    overrides = dict(overrides)
    preset = overrides.pop("preset", "pub")
    assert deal(record, 3, preset, **overrides).delta == delta


FOUR = [
    # RULES.md §4: four at the table, the dealer sits out; sitter_pays off (default) or on
    ("sitter off", R(dealer=3), {}, (2, -1, -1, 0)),
    ("sitter pays", R(dealer=3), {"sitter_pays": True}, (3, -1, -1, -1)),
    ("sitter collects", R(P("hra", False), dealer=3), {"sitter_pays": True}, (-3, 1, 1, 1)),
    ("dealer first seat", R(dealer=0, declarer=2), {}, (0, -1, 2, -1)),
    (
        "sitter pays sto 120",
        R(P("sto"), dealer=1, declarer_points=120, defender_points=10),
        {"sitter_pays": True},
        (36, -12, -12, -12),
    ),
    # RULES.md §4: the renonc is between the active players only
    ("renonc with sitter", R(dealer=3, renonc=1), {"sitter_pays": True}, (10, -20, 10, 0)),
    # the sitter never flekked: with flek_per_defender it pays at level 0 (engine's choice)
    (
        "per defender sitter",
        R(P("hra", True, [1, 2]), dealer=3),
        {"sitter_pays": True, "flek_per_defender": True},
        (7, -2, -4, -1),
    ),
]


@pytest.mark.parametrize(("name", "record", "overrides", "delta"), FOUR, ids=[e[0] for e in FOUR])
def test_four_player_examples(name, record, overrides, delta):
    assert deal(record, 4, **overrides).delta == delta


EXPLAINED = [
    # DESIGN.md: show the arithmetic in the players' words
    (R(), {}, ["hra won: 1 from each defender"]),
    (
        R(P("hra", True, 1), trump="hearts"),
        {},
        ["hra won: 1 × flek 2 × červené 2 = 4 from each defender"],
    ),
    (
        R(P("sto", True, 1), declarer_points=120, defender_points=10),
        {},
        ["sto won: 4 + 2 × 4 for 120 points = 12; × flek 2 = 24 from each defender"],
    ),
    (
        R(P("hra"), P("sedma", False, 2)),
        {},
        ["hra won: 1 from each defender", "sedma lost: 2 × re 4 = 8 to each defender"],
    ),
    (
        R(P("sto", False), declarer_points=80, defender_points=50),
        {"sto_failure": "per_ten_short"},
        ["sto lost: 4 × 2 for 80 points (20 short) = 8 to each defender"],
    ),
    (
        R(P("sto"), declarer_points=120, defender_points=10),
        {"sto_scaling": "doubling"},
        ["sto won: 4 × 4 for 120 points = 16 from each defender"],
    ),
    (
        R(silent=[{"kind": "tiche_sto", "side": "declarer", "points": 120}]),
        {},
        ["hra won with tiché sto: 2 + 2 × 2 for 120 points = 6 from each defender"],
    ),
    (
        R(P("hra", False), silent=[{"kind": "ticha_sedma", "side": "defenders"}]),
        {},
        ["hra lost: 1 to each defender", "tichá sedma for the defenders: 1 to each defender"],
    ),
    (
        R(P("hra", True, [1, 0])),
        {"flek_per_defender": True},
        ["hra won: 1 × flek 2 = 2 from player 2; 1 from player 3"],
    ),
    (
        R(renonc=1),
        {},
        ["renonc by player 2: 10 to each other player; nothing else of this deal is settled"],
    ),
    (
        R(P("durch", True, 3), **NT),
        {"limit": 50},
        [
            "durch won: 10 × tutti 8 = 80 from each defender",
            "limit: player 2 pays player 1 50, not 80",
            "limit: player 3 pays player 1 50, not 80",
        ],
    ),
]


@pytest.mark.parametrize(("record", "overrides", "lines"), EXPLAINED)
def test_explanations(record, overrides, lines):
    assert list(deal(record, 3, **overrides).explanation) == lines


def test_four_player_explanation_names_the_sitter():
    # RULES.md §4: four at the table, the dealer sits out
    lines = deal(R(dealer=3), 4, sitter_pays=True).explanation
    assert lines == (
        "player 4 dealt and sat out; pays and collects as a defender",
        "hra won: 1 from each defender and the sitter",
    )


def test_registry_finds_marias():
    game = get_game("marias")
    assert game is GAME
    assert game.name == "marias"
    assert game.player_counts(game.make_options()) == (3, 4)
    assert game.side_names(["Jana", "Petr", "Ota"], game.make_options()) == ["Jana", "Petr", "Ota"]
