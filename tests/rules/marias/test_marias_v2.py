"""Worked examples of the version 2 rules of Czech Mariáš (RULES.md v2 §4, §5), by hand."""

from __future__ import annotations

import pytest

from scorekeeper.rules.base import REFUSALS, InvalidDeal, InvalidOptions, MatchFinished, refuse_new
from scorekeeper.rules.marias import GAME
from tests.rules.marias.test_marias import P, R


def _score(records, n_players=3, **options):
    return GAME.score(GAME.make_options("pub", options), n_players, records)


def _refusals(record, **options):
    result = _score([record], **options)
    return [e["field"] for e in result.deals[0].extra.get(REFUSALS, [])]


def test_open_play_doubles_every_part():
    # RULES.md v2 §4 "open play": hra won 1 and sedma lost 2, in spades, open cards:
    # each part doubled: hra 2 from each defender, sedma 4 to each -> declarer -4, defenders +2.
    record = R(P("hra"), P("sedma", won=False), open=True)
    deal = _score([record]).deals[0]
    assert deal.delta == (-4, 2, 2)
    assert "open cards 2" in " ".join(deal.explanation)


def test_open_play_goes_on_top_of_flek_and_hearts():
    # RULES.md v2 §4: open ×2 on top of flek (re ×4) and hearts ×2: hra 1 × 4 × 2 × 2 = 16.
    record = R(P("hra", flek=2), trump="hearts", open=True)
    assert _score([record]).deals[0].delta == (32, -16, -16)


def test_open_is_in_the_canonical_record_only_when_true():
    # API.md v2: "open": true for a deal played with open cards.
    options = GAME.make_options()
    assert GAME.record_to_json(GAME.parse_record(R(open=True), options, 3))["open"] is True
    assert "open" not in GAME.record_to_json(GAME.parse_record(R(), options, 3))
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(R(open="yes"), options, 3)
    assert caught.value.errors[0].field == "open"


def test_sto_above_130_is_refused():
    # RULES.md v2 §4: a sto counts cards + the trump marriage only, so at most 130; 140 is refused.
    assert _refusals(R(P("sto"), declarer_points=140, defender_points=30)) == ["declarer_points"]
    assert _refusals(R(P("sto"), declarer_points=130, defender_points=0)) == []


def test_sto_marked_lost_at_120_is_refused():
    # RULES.md v2 §5: won must agree with the points either way (120 makes the sto).
    assert _refusals(R(P("sto", won=False), declarer_points=120, defender_points=10)) == [
        "parts.0.won"
    ]


def test_sto_proti_marked_failed_at_100_is_refused():
    # RULES.md v2 §5: sto_proti won exactly when the defenders have 100 or more.
    record = R(P("sto_proti", won=False), declarer_points=10, defender_points=100)
    assert _refusals(record) == ["parts.0.won"]
    assert _refusals(R(P("sto_proti", won=True), declarer_points=10, defender_points=100)) == []


def test_hra_won_must_agree_with_the_points():
    # RULES.md v2 §5 / §4: 50 against 40 wins the hra, so "lost" is refused.
    with pytest.raises(InvalidDeal):
        GAME.parse_record(
            R(P("hra", won=False), declarer_points=50, defender_points=40), GAME.make_options(), 3
        )


@pytest.mark.parametrize(
    "parts",
    [
        [P("hra"), P("sedma"), P("sedma_proti")],
        [P("hra"), P("sedma"), P("dve_sedmy")],
    ],
)
def test_one_seven_part_at_most(parts):
    # RULES.md v2 §5: there is one trump seven.
    with pytest.raises(InvalidDeal):
        GAME.parse_record(R(*parts), GAME.make_options(), 3)


def test_no_silent_seven_beside_an_announced_one():
    # RULES.md v2 §5: a ticha_sedma beside an announced seven.
    record = R(P("hra"), P("sedma"), silent=[{"kind": "ticha_sedma", "side": "declarer"}])
    with pytest.raises(InvalidDeal):
        GAME.parse_record(record, GAME.make_options(), 3)


def test_no_silent_hundred_beside_sto():
    # RULES.md v2 §5: a tiche_sto beside sto or sto_proti.
    for game in ("sto", "sto_proti"):
        record = R(P(game), silent=[{"kind": "tiche_sto", "side": "declarer"}])
        with pytest.raises(InvalidDeal):
            GAME.parse_record(record, GAME.make_options(), 3)


def test_a_stored_v1_record_still_scores_as_recorded():
    # RULES.md v2 opening: a sto at 140 stored before v2 opens and scores as it did (linear
    # scaling: 4 + 4 × 4 for the four tens above 100 = 20 from each defender), marked with why.
    result = _score([R(P("sto"), declarer_points=140, defender_points=30)])
    assert result.deals[0].delta == (40, -20, -20)
    with pytest.raises(InvalidDeal) as caught:
        refuse_new(result, 1)
    assert caught.value.deal == 1


def test_deals_is_the_total_number_of_deals():
    # RULES.md v2 §4: `deals` 3 -> the match ends after the third deal; a fourth is refused.
    records = [R(declarer=0)] * 3
    result = _score(records, deals=3)
    assert (result.finished, result.winner) == (True, 0)
    with pytest.raises(MatchFinished):
        _score(records + [R()], deals=3)


def test_chip_target_ends_after_the_deal_that_reaches_it():
    # RULES.md v2 §4: chip_target 4; betl (5) won: declarer +10 after deal 1 -> over.
    result = _score([R(P("betl"), trump=None)], chip_target=4)
    assert (result.finished, result.winner, result.scores) == (True, 0, (10, -5, -5))
    with pytest.raises(MatchFinished):
        _score([R(P("betl"), trump=None), R()], chip_target=4)


def test_shared_top_plays_extra_rounds_until_one_leads():
    # RULES.md v2 §4: 2 deals agreed, players 1 and 2 at +1 each: one more round of 3 deals.
    tied = [R(declarer=0), R(declarer=1)]
    result = _score(tied, deals=2)
    assert (result.finished, result.extra["extra_round"]) == (False, True)
    # The round: players 1, 2 and 3 each win a hra (+2 to the declarer, -1 to each other):
    # the balances do not move, so the top is still shared and another round follows.
    still = _score(tied + [R(declarer=0), R(declarer=1), R(declarer=2)], deals=2)
    assert (still.finished, still.scores) == (False, (1, 1, -2))
    # Another round in which player 1 wins twice: 1 leads at the end of it.
    won = tied + [R(declarer=d) for d in (0, 1, 2)] + [R(declarer=0), R(declarer=0), R(declarer=1)]
    final = _score(won, deals=2)
    assert (final.finished, final.winner) == (True, 0)


def test_extra_round_with_four_players_is_four_deals():
    # RULES.md v2 §4: one deal per player at the table: four with a sitter.
    tied = [R(declarer=0, dealer=3), R(declarer=1, dealer=3)]
    result = _score(tied, n_players=4, deals=2)
    assert "one more round of 4 deals" in result.deals[-1].explanation[-1]


def test_finish_ends_an_open_session():
    # RULES.md v2 §4: an open session ends by the Finish action (finished_after).
    records = [R(declarer=0)] * 2
    assert _score(records).finished is False
    result = _score(records, finished_after=2)
    assert (result.finished, result.winner) == (True, 0)


def test_finish_is_only_for_open_sessions():
    with pytest.raises(InvalidOptions):
        GAME.make_options("pub", {"deals": 27, "finished_after": 3})


def test_deal_sums_to_zero_with_open_play():
    # RULES.md §4 settlement: every deal sums to zero over the players, open play too.
    for record in (R(P("hra"), P("sedma"), open=True), R(P("durch"), trump=None, open=True)):
        assert sum(_score([record]).deals[0].delta) == 0


def test_tournament_tables_end_at_their_deals_even_when_tied():
    # RULES.md v2 §4 "In a tournament, §6 decides instead": no extra round at a table.
    tied = [R(declarer=0), R(declarer=1)]
    result = _score(tied, deals=2, extra_rounds=False)
    assert (result.finished, result.winner, result.scores) == (True, None, (1, 1, -2))
    with pytest.raises(MatchFinished):
        _score([*tied, R()], deals=2, extra_rounds=False)
