"""Worked examples of licitovaný mariáš (RULES.md §4a, the preset ``licitovany``): the ladder of
twelve contracts, the association's tariff, fleks per defender, the limit, the hundred, silent
parts, omyl, renonc, the sitter and premium points. One example per rule, each citing it."""

from __future__ import annotations

import pytest

from scorekeeper.rules.licitovany import GAME, LADDER
from tests.strategies.licitovany import example

OPTIONS = GAME.make_options()
NO = [0, 0]


def settle(record, options=OPTIONS, n=3):
    """(delta, explanation) of one deal."""
    result = GAME.score(options, n, [GAME.parse_record(record, options, n)])
    deal = result.deals[0]
    return list(deal.delta), list(deal.explanation)


# RULES.md §4a "Contracts" and "Tariff": each rung settles its parts (hra 1, sedma 2, sto 4,
# betl 15, durch 30, dvě sedmy 40); the hearts rungs double every part. Declarer 0 made (or
# failed) every part, no flek: this is what each defender pays (or is paid).
LADDER_EXAMPLES = [
    # rung, contract, trump, second suit, parts, amount per defender
    (1, "sedma", "clubs", None, ("hra", "sedma"), 1 + 2),
    (2, "sedma_cervena", "hearts", None, ("hra", "sedma"), (1 + 2) * 2),
    (3, "sto", "clubs", None, ("sto",), 4),
    (4, "sto_sedma", "clubs", None, ("sto", "sedma"), 4 + 2),
    (5, "sto_cervene", "hearts", None, ("sto",), 4 * 2),
    (6, "sto_sedma_cervene", "hearts", None, ("sto", "sedma"), (4 + 2) * 2),
    (7, "betl", None, None, ("betl",), 15),
    (8, "durch", None, None, ("durch",), 30),
    (9, "dve_sedmy", "clubs", "spades", ("dve_sedmy",), 40),
    (10, "dve_sedmy_sto", "clubs", "spades", ("dve_sedmy", "sto"), 40 + 4),
    (11, "dve_sedmy_cervene", "hearts", "spades", ("dve_sedmy",), 40 * 2),
    (12, "dve_sedmy_sto_cervene", "hearts", "spades", ("dve_sedmy", "sto"), (40 + 4) * 2),
]


def test_the_ladder_has_twelve_rungs_in_order():
    # RULES.md §4a "Contracts": the twelve rungs, and the parts each settles
    assert [(c.rung, c.name, c.parts, c.hearts) for c in LADDER] == [
        (rung, name, parts, trump == "hearts")
        for rung, name, trump, _second, parts, _amount in LADDER_EXAMPLES
    ]


@pytest.mark.parametrize("won", [True, False])
@pytest.mark.parametrize(("rung", "contract", "trump", "second", "parts", "each"), LADDER_EXAMPLES)
def test_every_rung_settles_its_parts(rung, contract, trump, second, parts, each, won):
    # RULES.md §4a "Contracts" (rung 1…12) and "Tariff"; "The hearts rungs double every part"
    points = {}
    if "sto" in parts:  # a made sto has 100 (60 cards + 40); a failed one 90 (one ten short)
        points = {"declarer_points": 100, "defender_points": 30}
        if not won:
            points = {"declarer_points": 90, "defender_points": 40}
    record = example(
        contract,
        *[(kind, won, NO) for kind in parts],
        trump=trump,
        second_suit=second,
        **points,
    )
    delta, lines = settle(record)
    sign = 1 if won else -1
    assert delta == [2 * each * sign, -each * sign, -each * sign]
    assert ("červené 2" in " ".join(lines)) == (trump == "hearts")


def test_a_plain_sedma_won_and_the_hra_lost():
    # RULES.md §4a rung 1 (sedma: hra + sedma) with §4's settlement: each part on its own
    record = example("sedma", ("hra", False, NO), ("sedma", True, NO), trump="diamonds")
    delta, lines = settle(record)
    assert delta == [2, -1, -1]  # sedma +2, hra -1 from each defender
    assert lines == [
        "sedma contract, trumps diamonds",
        "hra lost: 1 to each defender",
        "sedma won: 2 from each defender",
    ]


def test_the_hra_of_a_sedma_contract_decided_by_the_points():
    # RULES.md §4a (everything §4 says holds): a hra whose won is left out is decided by the
    # points, the declarer needing more than the defenders (50 against 40 wins)
    record = example(
        "sedma",
        ("hra", None, NO),
        ("sedma", False, NO),
        trump="clubs",
        declarer_points=50,
        defender_points=40,
    )
    delta, lines = settle(record)
    assert delta == [-2, 1, 1]
    assert "hra won (50 against 40): 1 from each defender" in lines


def test_fleks_per_defender_at_different_levels_on_hra_and_sedma():
    # RULES.md §4a "Flek": each part flekked on its own, a flek counting only between the
    # declarer and the defender who said it. Player 2 flekked the hra (×2); player 3 flekked the
    # sedma and the declarer said re (×4).
    record = example("sedma", ("hra", True, [1, 0]), ("sedma", True, [0, 2]), trump="clubs")
    delta, lines = settle(record)
    assert delta == [(2 + 2) + (1 + 8), -(2 + 2), -(1 + 8)]
    assert lines[1] == "hra won: 1 × flek 2 = 2 from player 2; 1 from player 3"
    assert lines[2] == "sedma won: 2 from player 2; 2 × re 4 = 8 from player 3"


def test_fleks_per_defender_in_a_hearts_contract():
    # RULES.md §4a "Flek" and "The hearts rungs double every part": flek and hearts multiply
    record = example(
        "sedma_cervena", ("hra", False, [0, 3]), ("sedma", True, [1, 0]), trump="hearts"
    )
    delta, _ = settle(record)
    # player 2: hra -1×2, sedma +2×2×2 = +6; player 3: hra -1×8×2 = -16, sedma +2×2 = +4 → -12
    assert delta == [6 - 12, -6, 12]


def test_flek_levels_up_to_boty():
    # RULES.md §4a "Flek": at most four levels (flek ×2, re ×4, tutti ×8, boty ×16)
    record = example("betl", ("betl", True, [4, 3]))
    delta, lines = settle(record)
    assert delta == [15 * 16 + 15 * 8, -15 * 16, -15 * 8]
    assert "boty 16" in lines[1] and "tutti 8" in lines[1]
    assert GAME.form.flek_names == ("", "flek", "re", "tutti", "boty")


def test_omyl_pays_six_to_each_defender_and_nothing_else():
    # RULES.md §4a "Tariff": omyl 6 — the declarer gives up a plain sedma before any flek
    record = example("sedma", trump="clubs", omyl=True, parts=[])
    delta, lines = settle(record)
    assert delta == [-12, 6, 6]
    assert lines[-1] == "omyl: the declarer gave the sedma up; 6 to each defender"
    # the contract's parts may also be listed, with no result and no flek
    listed = example("sedma", ("hra", None, NO), ("sedma", None, NO), trump="clubs", omyl=True)
    assert settle(listed)[0] == [-12, 6, 6]
    parsed = GAME.parse_record(record, OPTIONS, 3)
    assert [(p.kind, p.won, p.flek) for p in parsed.parts] == [
        ("hra", None, (0, 0)),
        ("sedma", None, (0, 0)),
    ]


@pytest.mark.parametrize(("kind", "paid"), [(1, 10), (2, 50), (None, 10)])
def test_renonc_pays_its_pausal(kind, paid):
    # RULES.md §4a "Tariff": renonc paušál 10, a second kind 50 (renonc_kind 1 or 2); §4: the
    # offender pays each other player and nothing else of the deal is settled. A renonc with
    # no kind is of the first kind (the engine's choice).
    record = example(
        "sto_cervene",
        ("sto", True, [2, 1]),
        trump="hearts",
        renonc=2,
        renonc_kind=kind,
    )
    delta, lines = settle(record)
    assert delta == [paid, paid, -2 * paid]  # never doubled by flek or hearts (RULES.md v2.1)
    assert f"{paid} to each other player" in lines[-1]
    assert GAME.parse_record(record, OPTIONS, 3).renonc_kind == (kind or 1)


def test_renonc_never_touches_the_sitter():
    # RULES.md §4 (v2.1): the sitter neither pays nor collects a renonc, even with sitter_pays
    options = GAME.make_options(overrides={"sitter_pays": True})
    record = example("betl", ("betl", None, NO), dealer=3, renonc=1, renonc_kind=2)
    delta, _ = settle(record, options, 4)
    assert delta == [50, -100, 50, 0]


def test_the_limit_of_500_per_payer():
    # RULES.md §4a "Tariff": no player pays another more than 500 units in one deal, all parts
    # together. Player 2 said tutti on the dvě sedmy: 40 × 8 × 2 + sto 4 × 2 = 648, paid 500.
    record = example(
        "dve_sedmy_sto_cervene",
        ("dve_sedmy", True, [3, 0]),
        ("sto", True, NO),
        trump="hearts",
        second_suit="clubs",
        declarer_points=100,
        defender_points=30,
    )
    delta, lines = settle(record)
    assert delta == [500 + 88, -500, -88]
    assert lines[-1] == "limit: player 2 pays player 1 500, not 648"


def test_the_limit_binds_the_declarer_too():
    # RULES.md §4a "Tariff": no player pays another more than 500, whoever pays
    record = example(
        "dve_sedmy_cervene",
        ("dve_sedmy", False, [0, 3]),
        trump="hearts",
        second_suit="spades",
    )
    delta, lines = settle(record)
    assert delta == [-80 - 500, 80, 500]
    assert lines[-1] == "limit: player 1 pays player 3 500, not 640"


def test_the_limit_is_750_when_both_defenders_flekked():
    # RULES.md §4a "Tariff": 750 when both defenders flekked. Player 2 said boty on the dvě
    # sedmy (40 × 16 × 2 = 1280, + 8 for the sto), player 3 a flek on it (160 + 8).
    record = example(
        "dve_sedmy_sto_cervene",
        ("dve_sedmy", True, [4, 1]),
        ("sto", True, NO),
        trump="hearts",
        second_suit="clubs",
        declarer_points=100,
        defender_points=30,
    )
    delta, lines = settle(record)
    assert delta == [750 + 168, -750, -168]
    assert lines[-1] == "limit: player 2 pays player 1 750, not 1288"
    # 648 is within 750 once both flekked (it was capped at 500 with one flek)
    record["parts"][0]["flek"] = [3, 1]
    assert settle(record)[0] == [648 + 168, -648, -168]


def test_both_defenders_flekking_different_parts_raise_the_limit():
    # RULES.md §4a: "both defenders flekked" — each on a part of their own
    record = example(
        "dve_sedmy_sto_cervene",
        ("dve_sedmy", True, [3, 0]),
        ("sto", True, [0, 1]),
        trump="hearts",
        second_suit="clubs",
        declarer_points=100,
        defender_points=30,
    )
    assert settle(record)[0] == [648 + 96, -648, -96]


def test_sto_counts_the_first_announced_marriage_even_a_plain_one():
    # RULES.md §4a "Sto": the declarer's hundred counts the cards plus the first marriage he
    # announced, not necessarily the trump one: 80 in cards + a plain marriage (20) = 100 makes
    # it (plain Mariáš, §4, would count the trump marriage only)
    record = example(
        "sto", ("sto", True, NO), trump="spades", declarer_points=100, defender_points=10
    )
    delta, lines = settle(record)
    assert delta == [8, -4, -4]
    assert lines == ["sto contract, trumps spades", "sto won: 4 from each defender"]


def test_a_made_sto_gains_its_value_for_every_ten_above_100():
    # RULES.md §4a "Sto": a made sto gains its value again for every full 10 above 100 (linear)
    record = example(
        "sto", ("sto", True, [1, 0]), trump="spades", declarer_points=130, defender_points=0
    )
    delta, lines = settle(record)
    assert delta == [32 + 16, -32, -16]
    assert "4 + 3 × 4 for 130 points = 16" in lines[1]


def test_a_failed_sto_pays_per_ten_short_and_per_ten_of_the_defenders_marriages():
    # RULES.md §4a "Sto": a failed sto pays its value for every 10 points short of 100 and once
    # more for every 10 points of marriages the defenders announced. The declarer has 70 (50
    # cards + a plain marriage), the defenders 40 in cards and two plain marriages (40).
    record = example(
        "sto",
        ("sto", False, NO),
        trump="spades",
        declarer_points=70,
        defender_points=80,
        defender_marriages=40,
    )
    delta, lines = settle(record)
    assert delta == [-56, 28, 28]  # 4 × (3 short + 4 tens of marriages)
    assert "4 × (3 for 70 points + 4 for the defenders' 40 in marriages) = 28" in lines[1], lines


def test_a_failed_sto_without_the_defenders_marriages():
    # RULES.md §4a "Sto": per 10 short (sto_failure per_ten_short, the default here); flat pays
    # its plain value
    record = example(
        "sto", ("sto", False, NO), trump="spades", declarer_points=60, defender_points=30
    )
    delta, lines = settle(record)
    assert delta == [-32, 16, 16]
    assert "4 × 4 for 60 points (40 short) = 16" in lines[1]
    flat = GAME.make_options(overrides={"sto_failure": "flat"})
    assert settle(record, flat)[0] == [-8, 4, 4]


def test_a_failed_sto_inside_dve_sedmy_a_sto():
    # RULES.md §4a rung 10: dvě sedmy + sto, each part on its own; the sto per 10 short
    record = example(
        "dve_sedmy_sto",
        ("dve_sedmy", True, NO),
        ("sto", False, NO),
        trump="clubs",
        second_suit="hearts",
        declarer_points=80,
        defender_points=10,
    )
    delta, _ = settle(record)
    assert delta == [2 * (40 - 8), -(40 - 8), -(40 - 8)]


def test_silent_hundred_in_rung_1_above_100():
    # RULES.md §4a "No proti parts … Silent parts": a silent hundred in a rung-1 contract makes
    # the flekked hra pay twice its value, and that doubled value once more for every full 10
    # above 100. The declarer's silent 120, player 2 flekked the hra: 1 × 2 × (1 + 2) = 6,
    # × flek 2 = 12 from player 2, 6 from player 3; the sedma 2 from each.
    record = example(
        "sedma",
        ("hra", True, [1, 0]),
        ("sedma", True, NO),
        trump="clubs",
        declarer_points=120,
        defender_points=10,
        silent=[{"kind": "tiche_sto", "side": "declarer", "points": 120}],
    )
    delta, lines = settle(record)
    assert delta == [14 + 8, -14, -8]
    assert lines[1] == (
        "hra won with tiché sto: 1 × 2 for the silent hundred, and 2 × that again for 120 "
        "points = 6; × flek 2 = 12 from player 2; 1 × 2 for the silent hundred, and 2 × that "
        "again for 120 points = 6 from player 3"
    )


def test_silent_hundred_of_the_defenders_in_rung_2():
    # RULES.md §4a: the silent hundred in a rung-2 contract, here the defenders': the hra is
    # theirs, twice its value, and hearts double it again
    record = example(
        "sedma_cervena",
        ("hra", None, NO),
        ("sedma", True, NO),
        trump="hearts",
        silent=[{"kind": "tiche_sto", "side": "defenders"}],
    )
    delta, lines = settle(record)
    assert delta == [0, 0, 0]  # hra -4, sedma +4 with each defender
    assert lines[1] == (
        "hra lost with tiché sto: 1 × 2 for the silent hundred = 2; × červené 2 = 4 to each "
        "defender"
    )


@pytest.mark.parametrize(
    ("contract", "trump", "delta"),
    [("sto", "clubs", [14, -9, -5]), ("sto_cervene", "hearts", [28, -18, -10])],
)
def test_silent_seven_in_a_sto_contract(contract, trump, delta):
    # RULES.md §4a: a silent seven only in a sto or sto_cervene contract (§4: 1 unit, doubled
    # in hearts, never flekked)
    record = example(
        contract,
        ("sto", True, [1, 0]),
        trump=trump,
        declarer_points=100,
        defender_points=30,
        silent=[{"kind": "ticha_sedma", "side": "declarer"}],
    )
    # player 2 flekked the sto: 4 × 2 + 1 (× 2 in hearts), player 3: 4 + 1 (× 2 in hearts)
    got, lines = settle(record)
    assert got == delta
    assert lines[-1].startswith("tichá sedma for the declarer: 1")


def test_the_sitter_sits_out_or_pays_at_level_0():
    # RULES.md §4a: 4 at the table with the sitter per §4 (sitter_pays off: the dealer sits the
    # deal out; on: pays and collects as a defender, at flek level 0 with fleks per defender)
    record = example("sedma", ("hra", True, [2, 2]), ("sedma", True, NO), trump="clubs", dealer=1)
    record["declarer"] = 2
    delta, lines = settle(record, OPTIONS, 4)
    assert delta == [-6, 0, 12, -6]
    assert lines[1] == "player 2 dealt and sat out"
    pays = GAME.make_options(overrides={"sitter_pays": True})
    delta, lines = settle(record, pays, 4)
    assert delta == [-6, -3, 15, -6]
    assert lines[1] == "player 2 dealt and sat out; pays and collects as a defender"


def test_omyl_with_a_sitter_who_pays():
    # RULES.md §4a omyl "pays 6 to each defender"; with sitter_pays the sitter is one (§4)
    pays = GAME.make_options(overrides={"sitter_pays": True})
    record = example("sedma", trump="clubs", omyl=True, dealer=0, declarer=1)
    delta, lines = settle(record, pays, 4)
    assert delta == [6, -18, 6, 6]
    assert lines[-1] == "omyl: the declarer gave the sedma up; 6 to each defender and the sitter"


def test_premium_points_never_change_the_balance():
    # RULES.md §4a "Premium points (PB)": recorded figures, one per seat, that never change the
    # chip balance; the match totals them apart (for the league ranking, §6b)
    plain = example("betl", ("betl", True, NO))
    with_pb = example("betl", ("betl", True, NO), pb=[2, 0, 5])
    result = GAME.score(OPTIONS, 3, [plain, with_pb, with_pb])
    assert [d.delta for d in result.deals] == [(30, -15, -15)] * 3
    assert result.scores == (90, -45, -45)
    assert result.extra["pb"] == [4, 0, 10]
    assert result.deals[1].extra == {"pb": [2, 0, 5]}
    assert result.deals[1].explanation[-1] == (
        "premium points, kept apart from the balance: player 1 earns 2 premium points; "
        "player 3 earns 5 premium points"
    )


def test_the_api_example_record():
    # API.md v3 "marias, preset licitovany": the example record, settled by RULES.md §4a
    record = {
        "declarer": 1,
        "dealer": None,
        "contract": "sedma_cervena",
        "trump": "hearts",
        "second_suit": None,
        "parts": [
            {"kind": "hra", "won": True, "flek": [1, 0]},
            {"kind": "sedma", "won": False, "flek": [0, 0]},
        ],
        "declarer_points": None,
        "defender_points": None,
        "silent": [],
        "renonc": None,
        "renonc_kind": None,
        "omyl": False,
        "pb": [0, 3, 0],
    }
    parsed = GAME.parse_record(record, OPTIONS, 3)
    assert GAME.record_to_json(parsed) == record
    delta, lines = settle(record)
    # hra: 1 × hearts 2 × flek 2 = 4 from player 1, 2 from player 3; sedma lost: 4 to each
    assert delta == [0, -2, 2]
    assert lines[0] == "sedma červená contract, trumps hearts"
