"""Independent cross-check of Czech Mariáš (RULES.md §4, §5): hand-worked settlements.

Expectations were worked out from RULES.md alone (declarer seat 0 unless said otherwise); the
arithmetic is beside each case: "v each" means each defender pays v, so the declarer gets 2v.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import InvalidDeal
from scorekeeper.rules.marias import GAME, money

H, D, C, S = "hearts", "diamonds", "clubs", "spades"


def p(kind: str, won: bool | None = True, flek: Any = 0) -> dict[str, Any]:
    """One part in the API.md form."""
    return {"kind": kind, "won": won, "flek": flek}


def rec(*parts, trump=S, declarer=0, dealer=None, dp=None, fp=None, silent=(), renonc=None):
    """A Mariáš deal record in the API.md form."""
    return {"declarer": declarer, "dealer": dealer, "trump": trump, "parts": list(parts),
            "declarer_points": dp, "defender_points": fp, "silent": list(silent),
            "renonc": renonc}  # fmt: skip


def sil(kind: str, side: str, points: int | None = None) -> dict[str, Any]:
    """A silent part."""
    out: dict[str, Any] = {"kind": kind, "side": side}
    if points is not None:
        out["points"] = points
    return out


def play(records, preset=None, n=3, **overrides):
    """Score a match from raw records through the public interface."""
    options = GAME.make_options(preset, overrides)
    return GAME.score(options, n, [GAME.parse_record(r, options, n) for r in records])


CASES = [
    # --- hra (RULES.md §4 table) ---
    ("hra_won", rec(p("hra")), None, {}, (2, -1, -1)),  # 1 each
    ("hra_lost", rec(p("hra", False)), None, {}, (-2, 1, 1)),
    # hra decided by points 50:40 (won left out) -> won; 40:50 -> lost
    ("hra_points_50_40", rec(p("hra", None), dp=50, fp=40), None, {}, (2, -1, -1)),
    ("hra_points_40_50", rec(p("hra", None), dp=40, fp=50), None, {}, (-2, 1, 1)),
    # with marriages: declarer 30 cards + 40 trump marriage = 70 vs 60 cards -> won
    ("hra_points_marriage", rec(p("hra", None), dp=70, fp=60), None, {}, (2, -1, -1)),
    # §4 settlement: hra won 1, sedma lost 2 -> 1 - 2 = -1 each -> (-2, +1, +1)
    ("hra_won_sedma_lost", rec(p("hra"), p("sedma", False)), None, {}, (-2, 1, 1)),
    ("hra_won_sedma_won", rec(p("hra"), p("sedma")), None, {}, (6, -3, -3)),  # 1 + 2 = 3 each
    # --- hearts (§4 "every trump-game part is doubled") ---
    ("hearts_hra", rec(p("hra"), trump=H), None, {}, (4, -2, -2)),  # 1 × 2
    ("hearts_hra_sedma", rec(p("hra"), p("sedma"), trump=H), None, {}, (12, -6, -6)),  # 3 × 2
    ("hearts_off", rec(p("hra"), trump=H), None, {"hearts_double": False}, (2, -1, -1)),
    # betl / durch have no trumps, never doubled (trump None)
    ("betl_won_pub", rec(p("betl"), trump=None), None, {}, (10, -5, -5)),
    ("betl_lost_pub", rec(p("betl", False), trump=None), None, {}, (-10, 5, 5)),
    ("durch_won_pub", rec(p("durch"), trump=None), None, {}, (20, -10, -10)),
    ("betl_won_csm", rec(p("betl"), trump=None), "csm", {}, (30, -15, -15)),
    ("durch_won_csm", rec(p("durch"), trump=None), "csm", {}, (60, -30, -30)),
    ("durch_lost_csm", rec(p("durch", False), trump=None), "csm", {}, (-60, 30, 30)),
    ("betl_won_krizovy", rec(p("betl"), trump=None), "krizovy", {}, (20, -10, -10)),
    ("durch_won_krizovy", rec(p("durch"), trump=None), "krizovy", {}, (40, -20, -20)),
    # betl flek 1 under krizovy: 10 × 2 = 20 each
    ("betl_flek_krizovy", rec(p("betl", True, 1), trump=None), "krizovy", {}, (40, -20, -20)),
    # --- flek per part (§4 "every level doubles the part") ---
    ("flek_1", rec(p("hra", True, 1)), None, {}, (4, -2, -2)),  # 1 × 2
    ("flek_2_re", rec(p("hra", True, 2)), None, {}, (8, -4, -4)),  # 1 × 4
    ("flek_3_tutti", rec(p("hra", True, 3)), None, {}, (16, -8, -8)),  # 1 × 8
    # each part its own level: hra flek 1 (2) + sedma unflekked (2) = 4 each
    ("flek_per_part", rec(p("hra", True, 1), p("sedma")), None, {}, (8, -4, -4)),
    # hra re (×4) lost + sedma flek (×2) won: -4 + 4 = 0
    ("flek_mixed", rec(p("hra", False, 2), p("sedma", True, 1)), None, {}, (0, 0, 0)),
    # hearts × flek: hra re in hearts: 1 × 4 × 2 = 8 each
    ("flek_hearts", rec(p("hra", True, 2), trump=H), None, {}, (16, -8, -8)),
    # --- sto (§4 "above 100") ---
    # 100 = 60 cards + trump marriage 40; defenders 30 -> 4 each
    ("sto_100", rec(p("sto"), dp=100, fp=30), None, {}, (8, -4, -4)),
    # 110 -> 4 + 4 = 8 each (linear); 120 -> 12 each
    ("sto_110_linear", rec(p("sto"), dp=110, fp=20), None, {}, (16, -8, -8)),
    ("sto_120_linear", rec(p("sto"), dp=120, fp=10), None, {}, (24, -12, -12)),
    # doubling: 110 -> 8, 120 -> 16, 130 -> 32 each
    (
        "sto_110_doubling",
        rec(p("sto"), dp=110, fp=20),
        None,
        {"sto_scaling": "doubling"},
        (16, -8, -8),
    ),  # fmt: skip
    (
        "sto_120_doubling",
        rec(p("sto"), dp=120, fp=10),
        None,
        {"sto_scaling": "doubling"},
        (32, -16, -16),
    ),  # fmt: skip
    (
        "sto_130_doubling",
        rec(p("sto"), dp=130, fp=0),
        None,
        {"sto_scaling": "doubling"},
        (64, -32, -32),
    ),  # fmt: skip
    # sto 120 flek: 12 × 2 = 24 each (CONTRACT's own example)
    ("sto_120_flek", rec(p("sto", True, 1), dp=120, fp=10), None, {}, (48, -24, -24)),
    # sto 110 in hearts: 8 × 2 = 16 each
    ("sto_110_hearts", rec(p("sto"), trump=H, dp=110, fp=20), None, {}, (32, -16, -16)),
    # sto with a plain marriage too: 80 cards + 40 + 20 = 140 -> 4 × (1 + 4) = 20 each
    ("sto_140_linear", rec(p("sto"), dp=140, fp=10), None, {}, (40, -20, -20)),
    # failed sto flat: 4 each whatever the points
    ("sto_failed_flat", rec(p("sto", False), dp=80, fp=50), None, {}, (-8, 4, 4)),
    # per_ten_short: 80 is 2 tens short -> 4 × 2 = 8 each; 90 -> 1 ten -> 4 each
    (
        "sto_failed_per_ten_80",
        rec(p("sto", False), dp=80, fp=50),
        None,
        {"sto_failure": "per_ten_short"},
        (-16, 8, 8),
    ),  # fmt: skip
    (
        "sto_failed_per_ten_90",
        rec(p("sto", False), dp=90, fp=40),
        None,
        {"sto_failure": "per_ten_short"},
        (-8, 4, 4),
    ),  # fmt: skip
    # --- sto_proti (defenders' hundred; runs the other way) ---
    ("sto_proti_made", rec(p("sto_proti")), None, {}, (-8, 4, 4)),  # declarer pays 4 each
    ("sto_proti_failed", rec(p("sto_proti", False)), None, {}, (8, -4, -4)),
    ("sto_proti_hearts", rec(p("sto_proti"), trump=H), None, {}, (-16, 8, 8)),  # 4 × 2
    # --- sevens ---
    ("dve_sedmy_pub", rec(p("hra"), p("dve_sedmy")), None, {}, (18, -9, -9)),  # 1 + 8
    ("dve_sedmy_csm", rec(p("hra"), p("dve_sedmy")), "csm", {}, (82, -41, -41)),  # 1 + 40
    ("dve_sedmy_lost", rec(p("hra"), p("dve_sedmy", False)), None, {}, (-14, 7, 7)),  # 1 - 8
    # sedma_proti made by a defender: hra won 1, seven -2 -> -1 each
    ("sedma_proti_made", rec(p("hra"), p("sedma_proti")), None, {}, (-2, 1, 1)),
    ("sedma_proti_failed", rec(p("hra"), p("sedma_proti", False)), None, {}, (6, -3, -3)),
    # --- silent parts ---
    # tichá sedma to the declarer: hra 1 + 1 = 2 each; to the defenders: 1 - 1 = 0
    (
        "ticha_sedma_declarer",
        rec(p("hra"), silent=[sil("ticha_sedma", "declarer")]),
        None,
        {},
        (4, -2, -2),
    ),  # fmt: skip
    (
        "ticha_sedma_defenders",
        rec(p("hra"), silent=[sil("ticha_sedma", "defenders")]),
        None,
        {},
        (0, 0, 0),
    ),  # fmt: skip
    # hearts doubles every trump-game part, the silent seven too: (1 + 1) × 2 = 4 each
    (
        "ticha_sedma_hearts",
        rec(p("hra"), trump=H, silent=[sil("ticha_sedma", "declarer")]),
        None,
        {},
        (8, -4, -4),
    ),  # fmt: skip
    # tiché sto: the hra is worth 2 instead of 1 (not added on top): 2 each
    (
        "tiche_sto_declarer",
        rec(p("hra"), silent=[sil("tiche_sto", "declarer")]),
        None,
        {},
        (4, -2, -2),
    ),  # fmt: skip
    # above 100: 120 -> 2 + 2 × 2 = 6 each
    (
        "tiche_sto_120",
        rec(p("hra"), silent=[sil("tiche_sto", "declarer", 120)]),
        None,
        {},
        (12, -6, -6),
    ),  # fmt: skip
    # defenders' silent hundred: the hra is lost and worth 2 -> declarer pays 2 each
    (
        "tiche_sto_defenders",
        rec(p("hra", False), silent=[sil("tiche_sto", "defenders")]),
        None,
        {},
        (-4, 2, 2),
    ),  # fmt: skip
    # tiché sto in hearts: 2 × 2 = 4 each
    (
        "tiche_sto_hearts",
        rec(p("hra"), trump=H, silent=[sil("tiche_sto", "declarer")]),
        None,
        {},
        (8, -4, -4),
    ),  # fmt: skip
    # --- declarer in another seat ---
    ("declarer_seat_2", rec(p("hra"), declarer=2), None, {}, (-1, -1, 2)),
    # --- renonc (§4): offender pays 10 to each other active player, nothing else settled ---
    ("renonc_defender", rec(p("hra"), renonc=1), None, {}, (10, -20, 10)),
    ("renonc_declarer", rec(p("hra"), p("sedma"), renonc=0), None, {}, (-20, 10, 10)),
    ("renonc_option", rec(p("hra"), renonc=2), None, {"renonc": 5}, (5, 5, -10)),
    # --- limit (§4 "caps one payment between two players at 500 units") ---
    # durch csm 30 × kalhoty (level 5, ×32) = 960 each -> capped at 500 each
    (
        "limit_500",
        rec(p("durch", True, 5), trump=None),
        "csm",
        {"limit": 500},
        (1000, -500, -500),
    ),  # fmt: skip
    ("no_limit", rec(p("durch", True, 5), trump=None), "csm", {}, (1920, -960, -960)),
    # --- flek_per_defender: a level per defender, in seat order, binding that defender only ---
    # defenders 1, 2: [1, 0] -> defender 1 pays 2, defender 2 pays 1
    (
        "flek_per_defender",
        rec(p("hra", True, [1, 0])),
        None,
        {"flek_per_defender": True},
        (3, -2, -1),
    ),  # fmt: skip
    # declarer 1, defenders 0 and 2: [0, 2] -> 0 pays 1, 2 pays 4
    (
        "flek_per_defender_seat1",
        rec(p("hra", True, [0, 2]), declarer=1),
        None,
        {"flek_per_defender": True},
        (-1, 5, -4),
    ),  # fmt: skip
    # lost: declarer pays 1 to defender 0 and 4 to defender 2
    (
        "flek_per_defender_lost",
        rec(p("hra", False, [0, 2]), declarer=1),
        None,
        {"flek_per_defender": True},
        (1, -5, 4),
    ),  # fmt: skip
]


@pytest.mark.parametrize("name, record, preset, options, delta", CASES, ids=[c[0] for c in CASES])
def test_three_players(name, record, preset, options, delta):
    result = play([record], preset, **options)
    assert result.deals[0].delta == delta
    assert result.scores == delta
    assert sum(delta) == 0  # §4 "Every deal sums to zero over the players"


FOUR = [
    # §4 four at the table, sitter_pays off: dealer 3 sits out; hra won 1 each from 1 and 2
    ("sitter_out", rec(p("hra"), dealer=3), {}, (2, -1, -1, 0)),
    # sitter_pays on: the sitter pays as a defender -> 3 from 1, 2, 3
    ("sitter_pays", rec(p("hra"), dealer=3), {"sitter_pays": True}, (3, -1, -1, -1)),
    # dealer 1 sits out; declarer 0, defenders 2 and 3
    ("dealer_1", rec(p("hra"), dealer=1), {}, (2, 0, -1, -1)),
    ("dealer_1_lost_pays", rec(p("hra", False), dealer=1), {"sitter_pays": True}, (-3, 1, 1, 1)),
    # renonc with four: the offender pays each other *active* player (the sitter is not active)
    ("renonc_four", rec(p("hra"), dealer=3, renonc=1), {}, (10, -20, 10, 0)),
]


@pytest.mark.parametrize("name, record, options, delta", FOUR, ids=[c[0] for c in FOUR])
def test_four_players(name, record, options, delta):
    result = play([record], None, 4, **options)
    assert result.deals[0].delta == delta
    assert sum(delta) == 0


def test_money_at_020():
    # §4 money: balance × stake; sto 120 flek (24 each) -> (48, -24, -24) × 0.20
    # = 9.60, -4.80, -4.80
    result = play([rec(p("sto", True, 1), dp=120, fp=10)])
    assert money(result.scores, "0.20") == ["9.60", "-4.80", "-4.80"]
    # hra won + sedma lost: (-2, 1, 1) × 0.20 = -0.40, 0.20, 0.20
    result = play([rec(p("hra"), p("sedma", False))])
    assert money(result.scores, "0.20") == ["-0.40", "0.20", "0.20"]


def test_hra_tie_never_wins():
    # §4 "a tie loses": 2 × declarer's cards = 90 + (marriages difference), so cards in tens
    # can never tie; a record claiming 60 : 60 (120 = 90 + 30, not + a multiple of 20) is
    # impossible and refused, or, if accepted, must count as lost.
    try:
        result = play([rec(p("hra", None), dp=60, fp=60)])
    except InvalidDeal:
        return
    assert result.deals[0].delta == (-2, 1, 1)


@pytest.mark.parametrize(
    "record, n, options, field",
    [
        (rec(p("hra"), dp=55, fp=35), 3, {}, "declarer_points"),  # §5 not a multiple of 10
        (rec(p("hra"), p("sto")), 3, {}, "parts"),  # §5 two game parts
        (rec(p("sedma")), 3, {}, "parts"),  # §5 no game part
        (rec(p("betl"), p("sedma"), trump=None), 3, {}, "parts"),  # seven with betl
        (rec(p("hra"), p("sedma"), p("dve_sedmy")), 3, {}, "parts"),  # sedma with dve_sedmy
        (rec(p("betl"), trump=H), 3, {}, "trump"),  # §5 a trump suit in betl
        (rec(p("sto"), dp=90, fp=40), 3, {}, "parts"),  # §5 sto won with < 100
        (rec(p("hra", True), dp=40, fp=50), 3, {}, "parts"),  # §5 hra won against its points
        (rec(p("hra", True, 4)), 3, {"flek_max": 3}, "parts"),  # §5 above flek_max
        (rec(p("hra", True, -1)), 3, {}, "parts"),  # §5 flek below 0
        (rec(p("hra"), declarer=3), 3, {}, "declarer"),  # §5 a seat not at the table
        (rec(p("hra"), dealer=0), 4, {}, "declarer"),  # §5 declarer is the sitting-out dealer
        (rec(p("hra")), 4, {}, "dealer"),  # four players need a dealer
        (rec(p("hra"), renonc=3), 3, {}, "renonc"),  # renonc seat not at the table
    ],
)
def test_refusals(record, n, options, field):
    opts = GAME.make_options(None, options)
    with pytest.raises(InvalidDeal) as err:
        GAME.score(opts, n, [GAME.parse_record(record, opts, n)])
    assert any(e.field.split(".")[0] == field for e in err.value.errors), err.value.errors


def test_limit_caps_the_net_payment_not_each_part():
    # §4 limit 500 caps "one payment between two players": hra won re-level 9 (1 × 512 from
    # each) and sedma lost level 9 (2 × 512 = 1024 to each): net 512 - 1024 = -512 each ->
    # the declarer pays 500 to each, not 0 (which capping each part first would give).
    result = play([rec(p("hra", True, 9), p("sedma", False, 9))], limit=500)
    assert result.deals[0].delta == (-1000, 500, 500)


def test_agreed_number_of_deals_ends_the_match():
    # options "deals" (engine addition): two hra won by seat 0 -> (4, -2, -2), finished.
    result = play([rec(p("hra"))] * 2, deals=2)
    assert (result.scores, result.finished) == ((4, -2, -2), True)


# ------------------------------------------------------------------ an independent model
# RULES.md §4 written out directly: each part's value × 2^flek × 2 for hearts (trump games),
# sto gaining its value per full 10 above 100; the declarer's parts won are paid to him, the
# defenders' parts (sedma_proti, sto_proti) won are paid by him; each defender pays the sum.

BASE = {"pub": {"betl": 5, "durch": 10, "dve_sedmy": 8}, "csm": {"betl": 15, "durch": 30,
        "dve_sedmy": 40}, "krizovy": {"betl": 10, "durch": 20, "dve_sedmy": 8}}  # fmt: skip
COMMON = {"hra": 1, "sto": 4, "sto_proti": 4, "sedma": 2, "sedma_proti": 2}


def model(preset: str, record: dict[str, Any], n: int, sitter_pays: bool) -> tuple[int, ...]:
    """What each seat gets, straight from RULES.md §4 (no limit, one flek level per part)."""
    values = {**COMMON, **BASE[preset]}
    hearts = 2 if record["trump"] == H else 1
    each = 0  # what each defender pays the declarer
    for part in record["parts"]:
        kind, won, flek = part["kind"], part["won"], part["flek"]
        value = values[kind]
        if kind == "sto" and won and record["declarer_points"]:
            value *= 1 + (record["declarer_points"] - 100) // 10
        value *= 2**flek * (hearts if kind not in ("betl", "durch") else 1)
        made = won if kind not in ("sedma_proti", "sto_proti") else not won
        each += value if made else -value
    for silent in record["silent"]:
        each += hearts if silent["side"] == "declarer" else -hearts
    out = [0] * n
    payers = [s for s in range(n) if s != record["declarer"] and s != record["dealer"]]
    if sitter_pays and record["dealer"] is not None:
        payers.append(record["dealer"])
    for s in payers:
        out[s] -= each
        out[record["declarer"]] += each
    return tuple(out)


@st.composite
def records(draw) -> tuple[dict[str, Any], int]:
    """A valid Mariáš record (3 or 4 players) with random parts, fleks and trump."""
    n = draw(st.sampled_from([3, 4]))
    declarer = draw(st.integers(0, n - 1))
    dealer = draw(st.sampled_from([s for s in range(n) if s != declarer])) if n == 4 else None
    game = draw(st.sampled_from(["hra", "sto", "sto_proti", "betl", "durch"]))
    flek = st.integers(0, 3)
    parts = [p(game, draw(st.booleans()), draw(flek))]
    trump, dp, fp, silent = None, None, None, []
    if game not in ("betl", "durch"):
        trump = draw(st.sampled_from([H, D, C, S]))
        seven = draw(st.sampled_from([None, "sedma", "dve_sedmy", "sedma_proti"]))
        if seven:
            parts.append(p(seven, draw(st.booleans()), draw(flek)))
        elif draw(st.booleans()):
            silent = [sil("ticha_sedma", draw(st.sampled_from(["declarer", "defenders"])))]
        if game == "sto" and parts[0]["won"] and draw(st.booleans()):
            dp = draw(st.sampled_from([100, 110, 120, 130]))
            fp = 130 - dp  # cards 90 + the trump marriage 40
    record = rec(*parts, trump=trump, declarer=declarer, dealer=dealer, dp=dp, fp=fp,
                 silent=silent)  # fmt: skip
    return record, n


@settings(deadline=None, max_examples=300)
@given(case=records(), preset=st.sampled_from(["pub", "csm", "krizovy"]), pays=st.booleans())
def test_engine_agrees_with_the_rules_model(case, preset, pays):
    record, n = case
    result = play([record], preset, n, sitter_pays=pays)
    assert result.deals[0].delta == model(preset, record, n, pays), result.deals[0].explanation


# ------------------------------------------------- the model with the house rules switched on
# RULES.md §4 again, now with sto_scaling, sto_failure, the silent hundred, flek_per_defender,
# hearts_double and limit; one defender at a time, so a per-defender flek is natural.


def settle(record: dict[str, Any], o: dict[str, Any], defender: int) -> int:
    """What defender number ``defender`` (0 or 1, seat order) pays the declarer."""
    hearts = 2 if record["trump"] == H and o["hearts_double"] else 1
    dp = record["declarer_points"]
    tiche = [s for s in record["silent"] if s["kind"] == "tiche_sto"]
    each = 0
    for part in record["parts"]:
        kind, won, flek = part["kind"], part["won"], part["flek"]
        level = flek[defender] if isinstance(flek, list) else flek
        value = {**COMMON, **BASE["pub"]}[kind]
        if kind == "hra" and tiche:
            above = ((tiche[0].get("points") or 100) - 100) // 10
            value = 2 * 2**above if o["sto_scaling"] == "doubling" else 2 + 2 * above
        if kind == "sto" and won and dp is not None:
            above = (dp - 100) // 10
            value *= 2**above if o["sto_scaling"] == "doubling" else 1 + above
        if kind == "sto" and not won and dp is not None and o["sto_failure"] == "per_ten_short":
            value *= (100 - dp) // 10
        value *= 2**level * hearts
        made = won if kind not in ("sedma_proti", "sto_proti") else not won
        each += value if made else -value
    for silent in record["silent"]:
        if silent["kind"] == "ticha_sedma":
            each += hearts if silent["side"] == "declarer" else -hearts
    if o["limit"] is not None:
        each = max(-o["limit"], min(o["limit"], each))
    return each


@st.composite
def house_case(draw) -> tuple[dict[str, Any], dict[str, Any]]:
    """A three-player record and a set of house-rule options."""
    o = {
        "sto_scaling": draw(st.sampled_from(["linear", "doubling"])),
        "sto_failure": draw(st.sampled_from(["flat", "per_ten_short"])),
        "flek_per_defender": draw(st.booleans()),
        "hearts_double": draw(st.booleans()),
        "limit": draw(st.sampled_from([None, 5, 20])),
    }
    lvl = st.integers(0, 3)
    flek = st.lists(lvl, min_size=2, max_size=2) if o["flek_per_defender"] else lvl
    game = draw(st.sampled_from(["hra", "sto", "sto_proti"]))
    won = draw(st.booleans())
    parts = [p(game, won, draw(flek))]
    seven = draw(st.sampled_from([None, "sedma", "dve_sedmy", "sedma_proti"]))
    if seven:
        parts.append(p(seven, draw(st.booleans()), draw(flek)))
    dp = fp = None
    silent: list[dict[str, Any]] = []
    if game == "sto" and draw(st.booleans()):
        dp = draw(st.sampled_from([100, 110, 120, 130] if won else [50, 60, 70, 80, 90]))
        fp = 130 - dp  # 90 card points + one trump marriage of 40
    if game == "hra" and draw(st.booleans()):
        pts = draw(st.sampled_from([None, 100, 110, 120, 130]))
        silent.append(sil("tiche_sto", "declarer" if won else "defenders", pts))
    if not seven and draw(st.booleans()):
        silent.append(sil("ticha_sedma", draw(st.sampled_from(["declarer", "defenders"]))))
    trump = draw(st.sampled_from([H, D, C, S]))
    declarer = draw(st.integers(0, 2))
    record = rec(*parts, trump=trump, declarer=declarer, dp=dp, fp=fp, silent=silent)
    return record, o


@settings(deadline=None, max_examples=300)
@given(case=house_case())
def test_engine_agrees_with_the_house_rules_model(case):
    record, o = case
    defenders = [s for s in range(3) if s != record["declarer"]]
    expected = [0, 0, 0]
    for i, seat in enumerate(defenders):
        pays = settle(record, o, i)
        expected[seat] -= pays
        expected[record["declarer"]] += pays
    result = play([record], None, 3, **o)
    assert result.deals[0].delta == tuple(expected), result.deals[0].explanation
