"""Every refusal of a licitovaný deal record (RULES.md §4a "Refused, beside §5", and the §5 ones
that apply): each names its field and says why with a coded message, and nothing is accepted."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions
from scorekeeper.rules.licitovany import GAME
from scorekeeper.rules.messages import Msg
from tests.strategies.licitovany import example

OPTIONS = GAME.make_options()
NO = [0, 0]


def sedma(**fields: Any) -> dict:
    fields.setdefault("trump", "clubs")
    return example("sedma", ("hra", True, NO), ("sedma", False, NO), **fields)


def sto(won: bool = True, **fields: Any) -> dict:
    fields.setdefault("declarer_points", 100 if won else 90)
    fields.setdefault("defender_points", 30 if won else 40)
    fields.setdefault("trump", "spades")
    return example("sto", ("sto", won, NO), **fields)


def dve_sedmy(**fields: Any) -> dict:
    fields.setdefault("second_suit", "hearts")
    fields.setdefault("trump", "clubs")
    return example("dve_sedmy", ("dve_sedmy", True, NO), **fields)


def changed(record: dict, **fields: Any) -> dict:
    return {**record, **fields}


def with_parts(record: dict, *parts: tuple[str, Any, Any]) -> dict:
    record["parts"] = [{"kind": k, "won": w, "flek": f} for k, w, f in parts]
    return record


# (why, the record, the field refused, the code saying why)
REFUSALS = [
    # RULES.md §4a: "a part that the contract does not settle"
    (
        "a sto in a sedma contract",
        with_parts(sedma(), ("hra", True, NO), ("sedma", True, NO), ("sto", True, NO)),
        "parts.2.kind",
        "licit.part_outside",
    ),
    (
        "a hra in a betl",
        with_parts(example("betl"), ("betl", True, NO), ("hra", True, NO)),
        "parts.1.kind",
        "licit.part_outside",
    ),
    # RULES.md §4a: "or a contract part missing"
    (
        "the sedma of a sedma contract missing",
        with_parts(sedma(), ("hra", True, NO)),
        "parts",
        "licit.part_missing",
    ),
    ("no parts at all", sedma(parts=[]), "parts", "licit.part_missing"),
    # RULES.md §4a: "a *_cervene contract whose trump is not hearts"
    (
        "sedma červená in clubs",
        example("sedma_cervena", ("hra", True, NO), ("sedma", True, NO), trump="clubs"),
        "trump",
        "licit.hearts_only",
    ),
    (
        "sto červených without a trump",
        example("sto_cervene", ("sto", True, NO), declarer_points=100, defender_points=30),
        "trump",
        "licit.hearts_only",
    ),
    # RULES.md §4a: "a rung without it names another trump"
    ("a plain sto in hearts", sto(trump="hearts"), "trump", "licit.hearts_contract"),
    ("a plain sedma without a trump", sedma(trump=None), "trump", "licit.name_trump"),
    # RULES.md §5: a trump suit in betl or durch
    (
        "a trump in durch",
        example("durch", ("durch", True, NO), trump="clubs"),
        "trump",
        "marias.no_trump_game",
    ),
    # RULES.md §4a: "Dvě sedmy names a trump and a second suit"
    (
        "dvě sedmy without a second suit",
        dve_sedmy(second_suit=None),
        "second_suit",
        "licit.second_needed",
    ),
    (
        "dvě sedmy with the trump as second suit",
        dve_sedmy(second_suit="clubs"),
        "second_suit",
        "licit.second_trump",
    ),
    ("a second suit in a sto", sto(second_suit="clubs"), "second_suit", "licit.second_only"),
    # RULES.md §4a: "a flek level above 4"
    (
        "kalhoty",
        with_parts(sedma(), ("hra", True, [5, 0]), ("sedma", True, NO)),
        "parts.0.flek.0",
        "marias.flek_max",
    ),
    (
        "a negative flek",
        with_parts(sedma(), ("hra", True, NO), ("sedma", True, [0, -1])),
        "parts.1.flek.1",
        "marias.flek_negative",
    ),
    # RULES.md §4a "Flek": a level per defender (flek_per_defender is on)
    (
        "one flek level for both",
        with_parts(sedma(), ("hra", True, 1), ("sedma", True, NO)),
        "parts.0.flek",
        "marias.flek_pair",
    ),
    # RULES.md §4a: "a proti part"
    (
        "sto proti",
        with_parts(sedma(), ("hra", True, NO), ("sedma", True, NO), ("sto_proti", True, NO)),
        "parts.2.kind",
        "licit.proti",
    ),
    (
        "sedma proti",
        with_parts(sto(), ("sto", True, NO), ("sedma_proti", False, NO)),
        "parts.1.kind",
        "licit.proti",
    ),
    (
        "dvě sedmy proti",
        with_parts(sto(), ("sto", True, NO), ("dve_sedmy_proti", False, NO)),
        "parts.1.kind",
        "licit.proti",
    ),
    # RULES.md §4a: "no open play"
    ("open cards", sedma(open=True), "open", "licit.no_open"),
    # RULES.md §4a: "a silent part outside the contracts named above" (silent hundred: rung 1
    # or 2 only; silent seven: sto or sto_cervene only, none beside an announced seven)
    (
        "a silent hundred in a sto",
        sto(silent=[{"kind": "tiche_sto", "side": "declarer"}]),
        "silent.0.kind",
        "licit.silent_hundred_where",
    ),
    (
        "a silent hundred in dvě sedmy",
        dve_sedmy(silent=[{"kind": "tiche_sto", "side": "defenders"}]),
        "silent.0.kind",
        "licit.silent_hundred_where",
    ),
    (
        "a silent seven in a sedma contract",
        sedma(silent=[{"kind": "ticha_sedma", "side": "declarer"}]),
        "silent.0.kind",
        "licit.silent_seven_where",
    ),
    (
        "a silent seven beside sto a sedma",
        example(
            "sto_sedma",
            ("sto", True, NO),
            ("sedma", True, NO),
            trump="clubs",
            silent=[{"kind": "ticha_sedma", "side": "declarer"}],
        ),
        "silent.0.kind",
        "licit.silent_seven_where",
    ),
    (
        "a silent seven in betl",
        example("betl", ("betl", True, NO), silent=[{"kind": "ticha_sedma", "side": "declarer"}]),
        "silent.0.kind",
        "licit.silent_seven_where",
    ),
    # RULES.md §4a: "pb below 0 or not one figure per seat"
    ("premium points below 0", sedma(pb=[0, -1, 0]), "pb.1", "licit.pb_figure"),
    ("premium points not whole", sedma(pb=[0, 1.5, 0]), "pb.1", "licit.pb_figure"),
    ("premium points for two seats", sedma(pb=[0, 1]), "pb", "licit.pb_seats"),
    ("premium points not a list", sedma(pb=3), "pb", "licit.pb_seats"),
    # RULES.md §4a: "omyl on any contract but an unflekked sedma"
    (
        "omyl of a sto",
        sto(omyl=True, parts=[], declarer_points=None, defender_points=None),
        "omyl",
        "licit.omyl_contract",
    ),
    (
        "omyl of sedma červená",
        example("sedma_cervena", trump="hearts", omyl=True),
        "omyl",
        "licit.omyl_contract",
    ),
    (
        "omyl after a flek",
        with_parts(sedma(omyl=True), ("hra", None, [1, 0]), ("sedma", None, NO)),
        "parts.0.flek",
        "licit.omyl_flek",
    ),
    # omyl: "then parts carry no won" (API.md v3), it was not played
    ("omyl with a result", sedma(omyl=True), "parts.0.won", "licit.omyl_won"),
    (
        "omyl with points",
        example("sedma", trump="clubs", omyl=True, declarer_points=50, defender_points=40),
        "omyl",
        "licit.omyl_played",
    ),
    (
        "omyl and a renonc",
        example("sedma", trump="clubs", omyl=True, renonc=1),
        "omyl",
        "licit.omyl_renonc",
    ),
    ("omyl not true or false", sedma(omyl="yes"), "omyl", "licit.omyl_bool"),
    # RULES.md §4a "Tariff": renonc_kind 1 or 2
    ("renonc of kind 3", sedma(renonc=1, renonc_kind=3), "renonc_kind", "licit.renonc_kind"),
    (
        "a renonc kind without a renonc",
        sedma(renonc_kind=2),
        "renonc_kind",
        "licit.renonc_kind_alone",
    ),
    # RULES.md §4a "Sto": the declarer's figure is cards + the first marriage, at most 130
    (
        "a sto of 140",
        sto(declarer_points=140, defender_points=10),
        "declarer_points",
        "licit.sto_over",
    ),
    # RULES.md §5: won must agree with the points, either way, for sto
    (
        "a sto won with 90",
        sto(True, declarer_points=90, defender_points=40),
        "parts.0.won",
        "marias.sto_short",
    ),
    (
        "a sto lost with 100",
        sto(False, declarer_points=100, defender_points=30),
        "parts.0.won",
        "marias.sto_lost_made",
    ),
    # RULES.md §4a "Sto" (per_ten_short, the default) and §4 v2.1: needs the declarer's points
    (
        "a failed sto without points",
        sto(False, declarer_points=None, defender_points=None),
        "declarer_points",
        "licit.sto_failed_points",
    ),
    # the defenders' marriages (RULES.md §4a "Sto": a failed sto pays once more per 10 of them)
    (
        "the defenders' marriages in a sedma contract",
        sedma(defender_marriages=20),
        "defender_marriages",
        "licit.marriages_sto",
    ),
    (
        "the defenders' marriages of 30",
        sto(defender_marriages=30),
        "defender_marriages",
        "licit.marriages_value",
    ),
    (
        "the defenders' marriages beyond their points",
        sto(False, declarer_points=90, defender_points=40, defender_marriages=80),
        "defender_marriages",
        "licit.marriages_points",
    ),
    # the contract itself
    ("no contract", changed(sedma(), contract=None), "contract", "licit.choose_contract"),
    (
        "an unknown contract",
        changed(sedma(), contract="sedma_proti"),
        "contract",
        "licit.unknown_contract",
    ),
    ("a key of another record", sedma(points=[1, 2]), "points", "licit.not_in_record"),
    # RULES.md §5, as for every Mariáš deal
    (
        "the hra won against the points",
        sedma(declarer_points=40, defender_points=50),
        "parts.0.won",
        "marias.hra_won_against",
    ),
    (
        "points that do not add up",
        sedma(declarer_points=60, defender_points=40),
        "defender_points",
        "marias.points_total",
    ),
    (
        "points not in tens",
        sedma(declarer_points=55, defender_points=35),
        "declarer_points",
        "marias.points_tens",
    ),
    ("a seat not at the table", sedma(declarer=3), "declarer", "marias.no_such_seat"),
    ("an unknown suit", sedma(trump="acorns"), "trump", "marias.unknown_suit"),
    (
        "a silent hundred short of 100",
        sedma(
            declarer_points=90,
            defender_points=20,
            silent=[{"kind": "tiche_sto", "side": "declarer"}],
        ),
        "silent.0.side",
        "marias.declarer_needs_100",
    ),
    (
        "a part without a result",
        with_parts(sedma(), ("hra", True, NO), ("sedma", None, NO)),
        "parts.1.won",
        "marias.part_won",
    ),
]


@pytest.mark.parametrize(
    ("record", "field", "code"),
    [pytest.param(r, f, c, id=why) for why, r, f, c in REFUSALS],
)
def test_refused_with_its_field_and_code(record, field, code):
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(record, OPTIONS, 3)
    found = {(e.field, e.message.code) for e in caught.value.errors}
    assert (field, code) in found, found
    assert all(isinstance(e.message, Msg) for e in caught.value.errors)


def test_a_record_refused_in_a_match_names_its_deal():
    # RULES.md §5: each refusal names the field and the reason, and nothing is stored
    good = sedma()
    with pytest.raises(InvalidDeal) as caught:
        GAME.score(OPTIONS, 3, [good, sedma(trump="hearts")])
    assert caught.value.deal == 2
    assert caught.value.errors[0].field == "trump"


def test_four_at_the_table_refusals():
    # RULES.md §5: a declarer who is the sitting-out dealer; §4a: the sitter earns no PB
    sitter_declares = sedma(dealer=0)
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(sitter_declares, OPTIONS, 4)
    assert {e.message.code for e in caught.value.errors} == {"marias.dealer_declares"}
    pb_for_the_sitter = sedma(dealer=1, pb=[0, 2, 0, 0])
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(pb_for_the_sitter, OPTIONS, 4)
    assert [(e.field, e.message.code) for e in caught.value.errors] == [("pb.1", "licit.pb_sitter")]
    no_dealer = sedma()
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(no_dealer, OPTIONS, 4)
    assert caught.value.errors[0].field == "dealer"


def test_flek_max_of_the_house_below_four():
    # RULES.md §4: flek_max (a house may stop at tutti); §4a: never above 4
    tutti = GAME.make_options(overrides={"flek_max": 3})
    record = with_parts(sedma(), ("hra", True, [4, 0]), ("sedma", True, NO))
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(record, tutti, 3)
    assert caught.value.errors[0].message == "This match allows flek up to level 3 (tutti 8)"
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options(overrides={"flek_max": 5})
    assert caught.value.errors[0].field == "options.flek_max"


def test_flek_per_defender_cannot_be_turned_off():
    # RULES.md §4a "Flek": flek_per_defender is on and cannot be turned off in this preset
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options(overrides={"flek_per_defender": False})
    error = caught.value.errors[0]
    assert (error.field, error.message.code) == (
        "options.flek_per_defender",
        "licit.flek_per_defender",
    )
    assert GAME.make_options(overrides={"flek_per_defender": True}).flek_per_defender


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"open": True}, "options.open"),
        ({"hearts_double": False}, "options.hearts_double"),
        ({"limit": 0}, "options.limit"),
        ({"sto_failure": "doubling"}, "options.sto_failure"),
        ({"deals": 9, "finished_after": 4}, "options.finished_after"),
        ({"omyl": "6"}, "options.omyl"),
    ],
)
def test_options_refused(overrides, field):
    # RULES.md §4a: no open play, hearts always double; §4's options checked as for Mariáš
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options("licitovany", overrides)
    assert caught.value.errors[0].field == field


def test_another_preset_is_not_this_game():
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options("pub")
    assert caught.value.errors[0].field == "preset"
