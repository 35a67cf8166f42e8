"""Worked examples of the version 2.1 rules of Czech Mariáš (RULES.md v2.1 §4, §5), by hand, and
the properties they keep."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.base import REFUSALS, InvalidDeal, MatchFinished, refuse_new
from scorekeeper.rules.marias import GAME
from scorekeeper.rules.messages import PART_NAMES
from tests.rules.marias.test_marias import NT, P, R
from tests.strategies.marias import all_options, records


def _score(records_, n_players=3, preset="pub", **options):
    return GAME.score(GAME.make_options(preset, options), n_players, records_)


def _refusals(record, **options):
    result = _score([record], **options)
    return [(e["field"], e["code"]) for e in result.deals[0].extra.get(REFUSALS, [])]


# ---------------------------------------------------------------- the hundreds above 100


@pytest.mark.parametrize(
    "scaling, points, each",
    [
        ("linear", 100, 4),  # RULES.md §4 (v2.1): 100 exactly: its plain value
        ("linear", 110, 8),  # 4 + 1 × 4
        ("linear", 130, 16),  # 4 + 3 × 4
        ("doubling", 120, 16),  # 4 × 2 × 2
        ("doubling", 130, 32),
    ],
)
def test_sto_proti_above_100_scales_like_sto(scaling, points, each):
    # RULES.md §4 (v2.1, French: "chaque tranche de 10 en plus"): the defenders' hundred made
    # with `points` (their cards + the trump marriage) gains its value per 10 above 100 by the
    # match's sto_scaling; the declarer pays it to each defender.
    # the defenders' cards + the trump marriage (40), the declarer the rest of the 90 cards
    record = R(P("sto_proti"), declarer_points=130 - points, defender_points=points)
    delta = _score([record], sto_scaling=scaling).deals[0].delta
    assert delta == (-2 * each, each, each)


def test_sto_proti_failed_stays_flat_under_per_ten_short():
    # RULES.md §4 (v2.1): only a failed `sto` pays per 10 short; a failed sto proti (the
    # defenders at 50) pays its plain 4 to the declarer from each defender.
    record = R(P("sto_proti", won=False), declarer_points=80, defender_points=50)
    assert _score([record], sto_failure="per_ten_short").deals[0].delta == (8, -4, -4)


@pytest.mark.parametrize("scaling, hra", [("linear", 2 + 2 * 2), ("doubling", 2 * 2 * 2)])
def test_the_silent_hundred_follows_sto_scaling(scaling, hra):
    # RULES.md §4 (v2.1): a silent hundred of the declarer at 120 makes the hra worth its 2,
    # then per 10 above 100 by sto_scaling: linear 2 + 2 × 2 = 6, doubling 2 × 2 × 2 = 8.
    silent = [{"kind": "tiche_sto", "side": "declarer", "points": 120}]
    record = R(P("hra", won=None), silent=silent)
    assert _score([record], sto_scaling=scaling).deals[0].delta == (2 * hra, -hra, -hra)


# ---------------------------------------------------------------- dvě sedmy proti


def test_dve_sedmy_proti_made_the_declarer_pays_each_defender_as_dve_sedmy():
    # RULES.md §4 (v2.1, the French source's « contre »): the defenders' double seven, valued as
    # dve_sedmy (pub 8): hra won 1 from each defender, dvě sedmy proti made 8 to each:
    # declarer 2 - 16 = -14, each defender +7.
    record = R(P("hra"), P("dve_sedmy_proti"))
    deal = _score([record]).deals[0]
    assert deal.delta == (-14, 7, 7)
    assert "dvě sedmy proti won: 8 to each defender" in deal.explanation


def test_dve_sedmy_proti_failed_each_defender_pays_the_declarer():
    # RULES.md §4 (v2.1): failed, the defenders pay its value (csm: 40) to the declarer, and
    # hearts double it like every trump-game part: hra 1 × 2 + 40 × 2 = 82 from each.
    record = R(P("hra"), P("dve_sedmy_proti", won=False), trump="hearts")
    assert _score([record], preset="csm").deals[0].delta == (164, -82, -82)


def test_dve_sedmy_proti_takes_flek_and_open_play():
    # RULES.md §4: flek re ×4 and open ×2 on the part: 8 × 4 × 2 = 64 to each defender; hra ×2.
    record = R(P("hra"), P("dve_sedmy_proti", flek=2), open=True)
    assert _score([record]).deals[0].delta == (2 * (2 - 64), 62, 62)


@pytest.mark.parametrize("seven", ["sedma", "dve_sedmy", "sedma_proti"])
def test_dve_sedmy_proti_is_the_deals_one_seven_part(seven):
    # RULES.md §4/§5 (v2.1): it is the deal's one seven part: beside any other seven it is
    # refused, and so is a silent seven beside it.
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(R(P("hra"), P(seven), P("dve_sedmy_proti")), GAME.make_options(), 3)
    assert caught.value.errors[0].message.code == "marias.two_sevens"
    silent = R(P("hra"), P("dve_sedmy_proti"), silent=[{"kind": "ticha_sedma", "side": "declarer"}])
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(silent, GAME.make_options(), 3)
    assert caught.value.errors[0].message.code == "marias.seven_announced"


def test_dve_sedmy_proti_needs_trumps():
    # RULES.md §5: a seven part with betl or durch is refused.
    record = R(P("betl"), P("dve_sedmy_proti"), **NT)
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(record, GAME.make_options(), 3)
    assert caught.value.errors[0].field == "parts.1.kind"


def test_dve_sedmy_proti_round_trips_and_has_its_name():
    # API.md v3: the part `dve_sedmy_proti`; its name as players say it.
    options = GAME.make_options()
    record = GAME.parse_record(R(P("hra"), P("dve_sedmy_proti", won=False, flek=1)), options, 3)
    assert GAME.parse_record(GAME.record_to_json(record), options, 3) == record
    assert (
        GAME.form.part_names["dve_sedmy_proti"]
        == PART_NAMES["dve_sedmy_proti"]
        == "dvě sedmy proti"
    )


# ---------------------------------------------------------------- renonc and the sitter


@pytest.mark.parametrize(
    "extra", [{}, {"trump": "hearts"}, {"open": True}, {"parts": [P("hra", flek=3)]}]
)
def test_a_renonc_is_never_doubled(extra):
    # RULES.md §4 (v2.1): a renonc is never doubled by flek, hearts or open play: the offender
    # (player 2) pays 10 to each other player, whatever else the record says.
    record = R(renonc=1, **extra)
    assert _score([record]).deals[0].delta == (10, -20, 10)


def test_the_sitter_neither_pays_nor_collects_a_renonc_even_with_sitter_pays():
    # RULES.md §4 (v2.1): four at the table, player 4 deals and sits out, player 2 revokes:
    # 10 to each of the two other active players; the sitter 0, also with sitter_pays.
    record = R(renonc=1, dealer=3)
    for sitter_pays in (False, True):
        delta = _score([record], n_players=4, sitter_pays=sitter_pays).deals[0].delta
        assert delta == (10, -20, 10, 0)


def test_flek_per_defender_with_sitter_pays_the_sitter_pays_at_level_0():
    # RULES.md §4 (v2.1): hra won, flek [1, 2] (player 2 flekked, player 3 re'd); the sitter
    # (player 4) pays at level 0: 2 + 4 + 1 = 7 to the declarer.
    record = R(P("hra", flek=[1, 2]), dealer=3)
    options = {"flek_per_defender": True, "sitter_pays": True}
    assert _score([record], n_players=4, **options).deals[0].delta == (7, -2, -4, -1)


# ---------------------------------------------------------------- the end of a match


def test_chip_target_inside_an_extra_round_ends_only_when_the_round_is_complete():
    # RULES.md §4 (v2.1): 2 deals agreed, chip_target 3. After deal 2 players 1 and 2 share
    # the top (+1): an extra round of 3 deals. Deal 3, a betl won by player 1, takes him to +11,
    # past the chip target, but the match ends only after deal 5, when the round is complete.
    tied = [R(declarer=0), R(declarer=1)]
    betl = R(P("betl"), declarer=0, **NT)
    result = _score([*tied, betl], deals=2, chip_target=3)
    assert (result.finished, result.scores) == (False, (11, -4, -7))
    final = _score([*tied, betl, R(declarer=1), R(declarer=2)], deals=2, chip_target=3)
    assert (final.finished, final.winner, final.scores) == (True, 0, (9, -3, -6))
    with pytest.raises(MatchFinished):
        _score([*tied, betl, R(declarer=1), R(declarer=2), R()], deals=2, chip_target=3)


# ---------------------------------------------------------------- a failed sto paid per 10 short


def test_a_failed_sto_per_ten_short_needs_the_declarers_points():
    # RULES.md §4 (v2.1): under sto_failure per_ten_short a failed sto without the declarer's
    # points is refused (a stored one scores at its plain value, as before).
    record = R(P("sto", won=False))
    assert _refusals(record, sto_failure="per_ten_short") == [
        ("declarer_points", "marias.sto_failed_points")
    ]
    result = _score([record], sto_failure="per_ten_short")
    assert result.deals[0].delta == (-8, 4, 4)
    with pytest.raises(InvalidDeal) as caught:
        refuse_new(result, 1)
    assert caught.value.errors[0].field == "declarer_points"
    # flat, or a sto made, needs no points
    assert _refusals(record) == []
    assert _refusals(R(P("sto")), sto_failure="per_ten_short") == []


def test_a_failed_sto_per_ten_short_with_points():
    # RULES.md §4: the declarer at 70 is 30 short: 3 × 4 = 12 to each defender.
    record = R(P("sto", won=False), declarer_points=70, defender_points=20)
    assert _refusals(record, sto_failure="per_ten_short") == []
    assert _score([record], sto_failure="per_ten_short").deals[0].delta == (-24, 12, 12)


# ---------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_every_generated_deal_sums_to_zero_and_breaks_no_rule(data):
    # RULES.md §4 "Every deal sums to zero over the players", dvě sedmy proti and the v2.1
    # scaling included; what the strategies generate is never refused on entry.
    options = data.draw(all_options())
    n = data.draw(st.sampled_from([3, 4]))
    record = data.draw(records(options, n))
    deal = GAME.score(options, n, [record]).deals[0]
    assert sum(deal.delta) == 0
    assert not deal.extra.get(REFUSALS)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_a_renonc_depends_on_nothing_but_the_renonc_option(data):
    # RULES.md §4 (v2.1): whatever the parts, flek, hearts, open play and sitter_pays, a
    # renonc moves exactly `renonc` (capped by `limit`) from the offender to each other
    # active player, and the sitter's balance stays.
    options = data.draw(all_options())
    n = data.draw(st.sampled_from([3, 4]))
    record = data.draw(records(options, n))
    active = [s for s in range(n) if n == 3 or s != record["dealer"]]
    record["renonc"] = offender = data.draw(st.sampled_from(active))
    delta = GAME.score(options, n, [record]).deals[0].delta
    amount = options.renonc if options.limit is None else min(options.renonc, options.limit)
    expected = [amount if s in active else 0 for s in range(n)]
    expected[offender] = -amount * (len(active) - 1)
    assert list(delta) == expected
