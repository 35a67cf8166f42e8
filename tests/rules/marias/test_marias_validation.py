"""What a Mariáš deal record must never say (RULES.md §5): each refusal names its field."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions
from scorekeeper.rules.marias import GAME
from tests.rules.marias.test_marias import NT, P, R

REFUSED = [
    # RULES.md §5: Mariáš card points a multiple of 10, within 0…deal total (+ marriages: 190)
    (R(declarer_points=55, defender_points=35), 3, {}, "declarer_points", "multiple of 10"),
    (R(declarer_points=200, defender_points=0), 3, {}, "declarer_points", "0 to 190"),
    (R(declarer_points=-10, defender_points=100), 3, {}, "declarer_points", "0 to 190"),
    (R(declarer_points=50.0, defender_points=40), 3, {}, "declarer_points", "whole number"),
    (R(declarer_points=50, defender_points="40"), 3, {}, "defender_points", "whole number"),
    # RULES.md §5: points of a played-out deal add up to 90 + marriages in twenties
    (R(declarer_points=50, defender_points=30), 3, {}, "defender_points", "add up to 80"),
    (R(declarer_points=60, defender_points=40), 3, {}, "defender_points", "add up to 100"),
    (R(declarer_points=150, defender_points=60), 3, {}, "defender_points", "add up to 210"),
    # RULES.md §5: no game part, or two game parts (hra with sto)
    (R(P("sedma")), 3, {}, "parts", "Every deal has a game"),
    (R(parts=[]), 3, {}, "parts", "Record the game"),
    (R(P("hra"), P("sto")), 3, {}, "parts.1.kind", "can't both be played"),
    (R(P("betl"), P("durch"), **NT), 3, {}, "parts.1.kind", "can't both be played"),
    (R(P("hra"), P("hra")), 3, {}, "parts.1.kind", "recorded twice"),
    (R(P("kilo")), 3, {}, "parts.0.kind", "Unknown part"),
    # RULES.md §5: a seven part with betl or durch; sedma with dve_sedmy
    (R(P("betl"), P("sedma"), **NT), 3, {}, "parts.1.kind", "betl has no trumps"),
    (R(P("durch"), P("sedma_proti"), **NT), 3, {}, "parts.1.kind", "durch has no trumps"),
    (R(P("hra"), P("sedma"), P("dve_sedmy")), 3, {}, "parts.2.kind", "one trump seven"),
    (R(P("hra"), P("sedma"), P("sedma_proti")), 3, {}, "parts.2.kind", "one trump seven"),
    # RULES.md §5: a trump suit in betl or durch; a trump game needs its trump
    (R(P("betl")), 3, {}, "trump", "without trumps"),
    (R(P("durch"), trump="hearts"), 3, {}, "trump", "without trumps"),
    (R(trump=None), 3, {}, "trump", "Name the trump suit"),
    (R(trump="acorns"), 3, {}, "trump", "Unknown suit"),
    # RULES.md §5: a seat not at the table; the declarer who is the sitting-out dealer
    (R(declarer=3), 3, {}, "declarer", "no player 4 at a table of 3"),
    (R(declarer=-1), 3, {}, "declarer", "no player 0"),
    (R(declarer=None), 3, {}, "declarer", "Choose the declarer"),
    (R(declarer=True), 3, {}, "declarer", "seat number"),
    (R(dealer=4), 4, {}, "dealer", "no player 5 at a table of 4"),
    (R(dealer=None), 4, {}, "dealer", "Choose the dealer"),
    (R(dealer=0), 4, {}, "declarer", "sits this deal out"),
    (R(dealer=2, renonc=2), 4, {}, "renonc", "sits this deal out"),
    (R(renonc=5), 3, {}, "renonc", "no player 6"),
    # RULES.md §5: sto won with fewer than 100 points; hra marked won against its points
    (R(P("sto"), declarer_points=90, defender_points=20), 3, {}, "parts.0.won", "only 90 points"),
    (R(P("sto_proti"), declarer_points=0, defender_points=90), 3, {}, "parts.0.won", "only 90"),
    (R(P("hra"), declarer_points=40, defender_points=50), 3, {}, "parts.0.won", "marked won"),
    (
        R(P("hra", False), declarer_points=60, defender_points=30),
        3,
        {},
        "parts.0.won",
        "marked lost",
    ),
    (R(P("hra", None)), 3, {}, "parts.0.won", "Say whether the hra was won"),
    (R(P("hra", None), declarer_points=60), 3, {}, "parts.0.won", "both sides' points"),
    (R(P("hra"), P("sedma", None)), 3, {}, "parts.1.won", "Say whether sedma was won"),
    (R(P("hra", "yes")), 3, {}, "parts.0.won", "true (won) or false (lost)"),
    # RULES.md §5: flek below 0 or above flek_max; a list only with flek_per_defender
    (R(P("hra", True, -1)), 3, {}, "parts.0.flek", "below 0"),
    (R(P("hra", True, 4)), 3, {"flek_max": 3}, "parts.0.flek", "up to level 3 (tutti 8)"),
    (R(P("hra", True, 21)), 3, {}, "parts.0.flek", "above 20"),
    (R(P("hra", True, 1.5)), 3, {}, "parts.0.flek", "whole number"),
    (R(P("hra", True, [1, 0])), 3, {}, "parts.0.flek", "not counted per defender"),
    (R(P("hra", True, 1)), 3, {"flek_per_defender": True}, "parts.0.flek", "two levels"),
    (R(P("hra", True, [1])), 3, {"flek_per_defender": True}, "parts.0.flek", "two levels"),
    (
        R(P("hra", True, [0, 2])),
        3,
        {"flek_per_defender": True, "flek_max": 1},
        "parts.0.flek.1",
        "up to level 1",
    ),
    # silent parts need trumps, no announced seven (seven) or a hra (hundred), the right side
    (
        R(P("betl"), silent=[{"kind": "ticha_sedma", "side": "declarer"}], **NT),
        3,
        {},
        "silent.0.kind",
        "no trumps",
    ),
    (
        R(P("hra"), P("sedma"), silent=[{"kind": "ticha_sedma", "side": "declarer"}]),
        3,
        {},
        "silent.0.kind",
        "can't be silent",
    ),
    (
        R(P("sto"), silent=[{"kind": "tiche_sto", "side": "declarer"}]),
        3,
        {},
        "silent.0.kind",
        "announced",
    ),
    (
        R(P("hra", False), silent=[{"kind": "tiche_sto", "side": "declarer"}]),
        3,
        {},
        "silent.0.side",
        "marked lost",
    ),
    (
        R(
            P("hra", None),
            declarer_points=90,
            defender_points=40,
            silent=[{"kind": "tiche_sto", "side": "declarer"}],
        ),
        3,
        {},
        "silent.0.side",
        "needs 100",
    ),
    (
        R(
            P("hra", None),
            declarer_points=110,
            defender_points=0,
            silent=[{"kind": "tiche_sto", "side": "declarer", "points": 120}],
        ),
        3,
        {},
        "silent.0.points",
        "the declarer has 110",
    ),
    (
        R(silent=[{"kind": "tiche_sto", "side": "declarer", "points": 90}]),
        3,
        {},
        "silent.0.points",
        "100 to 190",
    ),
    (
        R(silent=[{"kind": "ticha_sedma", "side": "declarer", "points": 100}]),
        3,
        {},
        "silent.0.points",
        "Only a silent hundred",
    ),
    (
        R(silent=[{"kind": "ticha_sedma", "side": "me"}]),
        3,
        {},
        "silent.0.side",
        "declarer or defenders",
    ),
    (
        R(silent=[{"kind": "tichy_betl", "side": "declarer"}]),
        3,
        {},
        "silent.0.kind",
        "ticha_sedma or tiche_sto",
    ),
    (R(silent=[{"kind": "ticha_sedma", "side": "declarer"}] * 2), 3, {}, "silent.1.kind", "twice"),
    # API.md: only the fields of the marias record
    (R(declarer_point=50), 3, {}, "declarer_point", "not part of a Mariáš deal record"),
    (
        R(parts=[{"kind": "hra", "won": True, "flek": 0, "fleks": 1}]),
        3,
        {},
        "parts.0.fleks",
        "not part",
    ),
    (R(parts=["hra"]), 3, {}, "parts.0", "needs a kind"),
]


@pytest.mark.parametrize(("record", "n", "overrides", "field", "words"), REFUSED)
def test_refused(record, n, overrides, field, words):
    options = GAME.make_options("pub", overrides)
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(record, options, n)
    messages = {e.field: e.message for e in caught.value.errors}
    assert field in messages, messages
    assert words in messages[field]


ACCEPTED = [
    # RULES.md §4: a deal not played out (conceded, a renonc) needs no points; a dealer is
    # optional with three players; flek may be left out (level 0)
    R(),
    R(dealer=2),
    R(parts=[{"kind": "hra", "won": True}]),
    R(P("hra", None), declarer_points=50, defender_points=40),
    R(P("sto", True), declarer_points=190, defender_points=0),
    R(P("sto", False), declarer_points=120, defender_points=10),  # plain marriages don't count
    R(P("hra", None), P("sedma", None), renonc=1),  # the deal stopped: nothing was decided
    R(P("hra"), declarer_points=30, defender_points=20, renonc=0),  # stopped early: short
    R(P("hra", True, 5), P("sedma", False, 2), trump="hearts"),
]


@pytest.mark.parametrize("record", ACCEPTED)
def test_accepted_and_canonical(record: dict[str, Any]):
    options = GAME.make_options()
    parsed = GAME.parse_record(record, options, 3)
    canonical = GAME.record_to_json(parsed)
    assert GAME.parse_record(canonical, options, 3) == parsed
    assert set(canonical) == {
        "declarer",
        "dealer",
        "trump",
        "parts",
        "declarer_points",
        "defender_points",
        "silent",
        "renonc",
    }


def test_record_must_be_an_object():
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(["hra"], GAME.make_options(), 3)
    assert caught.value.errors[0].field == "record"


@pytest.mark.parametrize("n", [2, 5])
def test_table_size(n):
    # RULES.md §4: 3 players (4 with the dealer sitting out)
    with pytest.raises(InvalidOptions):
        GAME.parse_record(R(), GAME.make_options(), n)
    with pytest.raises(InvalidOptions):
        GAME.score(GAME.make_options(), n, [])


def test_every_problem_is_reported_at_once():
    record = R(P("betl"), P("sedma"), declarer=7, declarer_points=5)
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(record, GAME.make_options(), 3)
    assert {e.field for e in caught.value.errors} == {"declarer", "declarer_points"}
