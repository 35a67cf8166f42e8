"""Worked examples: Italian Marianna, Cinquecento, Briscola 151 (RULES.md §3, §3a, §3b, §5)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions, MatchFinished
from scorekeeper.rules.registry import get_game

GAME = get_game("marianna")


def m(side, suit, **more):
    """A declaration dict (kind defaults to marianna)."""
    return {"side": side, "suit": suit, **more}


def deal(a, b=None, *decls, first=None):
    """A four-player record."""
    return {"points": [a, b], "declarations": list(decls), "first_to_target": first}


def bdeal(a, b, trump, *decls, claim=None):
    """A Briscola 151 record."""
    return {"points": [a, b], "declarations": list(decls), "trump": trump, "claim": claim}


def play(records, preset=None, **overrides):
    """Score records (dicts) with a preset and overrides."""
    options = GAME.make_options(preset, overrides)
    n = options.players
    return GAME.score(options, n, [GAME.parse_record(r, options, n) for r in records])


MN = {"kind": "mariannino"}
MNONE = {"side": 0, "kind": "mariannone"}

# --- one deal: what each side scores --------------------------------------------------------
DEAL_EXAMPLES = [
    # RULES.md §3: card points only, 120 per deal, no last-trick bonus
    ("marianna", {}, deal(70, 50), (70, 50)),
    # RULES.md §3: one side's points may be left out and derived from 120
    ("marianna", {}, deal(70, None), (70, 50)),
    ("marianna", {}, deal(None, 0), (120, 0)),
    # RULES.md §3 (the German source's "Wertung"): 1st 40, 2nd 60, 3rd 80, 4th 100 over the
    # whole table
    ("marianna", {}, deal(70, 50, m(0, "hearts")), (110, 50)),
    (
        "marianna",
        {},
        deal(70, 50, m(0, "hearts"), m(1, "spades"), m(0, "clubs"), m(1, "diamonds")),
        (70 + 40 + 80, 50 + 60 + 100),
    ),
    ("marianna", {}, deal(0, 120, m(1, "hearts"), m(1, "clubs")), (0, 120 + 40 + 60)),
    # RULES.md §3 option values 20-40-60-80 (seed "Werte")
    (
        "marianna",
        {"values": "20-40-60-80"},
        deal(70, 50, m(0, "hearts"), m(1, "spades"), m(0, "clubs"), m(1, "diamonds")),
        (70 + 20 + 60, 50 + 40 + 80),
    ),
    # RULES.md §3 option first_sets_trump: first 40, every later one 20 (seed "Trumpf")
    (
        "marianna",
        {"first_sets_trump": True},
        deal(70, 50, m(0, "hearts"), m(1, "spades"), m(0, "clubs")),
        (70 + 40 + 20, 50 + 20),
    ),
    # RULES.md §3: mariannino 250, not counted among the mariannas
    ("marianna", {}, deal(70, 50, m(1, "spades", **MN), m(0, "hearts")), (110, 300)),
    # RULES.md §3: mariannino option value (v1 record: v2 refuses its suit again, but a stored
    # one still scores as recorded: test_marianna_v2)
    ("marianna", {"mariannino": 300}, deal(60, 60, m(0, "clubs", **MN), m(0, "clubs")), (400, 60)),
    # RULES.md §3 covered_marianna: the covered (first) marianna scores 20; next one is 2nd
    (
        "marianna",
        {"covered_marianna": True},
        deal(70, 50, m(0, "hearts", covered=True), m(1, "spades")),
        (90, 110),
    ),
    (
        "cinquecento",
        {"covered_marianna": True},
        deal(70, 50, m(0, "hearts", covered=True), m(1, "spades")),
        (90, 70),
    ),
    # RULES.md §3a: Cinquecento first marianna 40, later ones 20
    ("cinquecento", {}, deal(30, 90, m(1, "hearts"), m(0, "diamonds")), (50, 130)),
    # RULES.md §3b: matrimonio 40 in the turned-up trump, 20 in a plain suit
    ("briscola151", {}, bdeal(50, 70, "hearts", m(0, "hearts"), m(1, "clubs")), (90, 90)),
    ("briscola151", {}, bdeal(50, 70, "spades", m(0, "hearts", kind="matrimonio")), (70, 70)),
    # RULES.md §3b: matrimonio values are options
    (
        "briscola151",
        {"matrimonio_trump": 50, "matrimonio_plain": 10},
        bdeal(120, 0, "clubs", m(0, "clubs"), m(0, "spades")),
        (180, 0),
    ),
]


@pytest.mark.parametrize(("preset", "overrides", "record", "delta"), DEAL_EXAMPLES)
def test_deal_delta(preset, overrides, record, delta):
    result = play([record], preset, **overrides)
    assert result.deals[0].delta == delta
    assert result.scores == delta


def test_explanation_in_players_words():
    # RULES.md §3: "Team A: 70 card points + 1st marianna (hearts) 40 = 110"
    result = play([deal(70, 50, m(0, "hearts"), m(1, "spades", **MN))])
    assert result.deals[0].explanation == (
        "Team A: 70 card points + 1st marianna (hearts) 40 = 110",
        "Team B: 50 card points + mariannino (spades) 250 = 300",
    )
    briscola = play([bdeal(60, 60, "hearts", m(1, "hearts"))], "briscola151")
    assert briscola.deals[0].explanation == (
        "Player 1: 60 card points",
        "Player 2: 60 card points + matrimonio (hearts, trump) 40 = 100",
    )


# --- the match: who wins and when ---------------------------------------------------------------
ALL_A = deal(120, 0, m(0, "hearts"), m(0, "spades"), m(0, "clubs"), m(0, "diamonds"))  # 400/0
ALL_B = deal(0, 120, m(1, "hearts"), m(1, "spades"), m(1, "clubs"), m(1, "diamonds"))  # 0/400
MIXED = deal(60, 60, m(0, "hearts"), m(1, "spades"), m(0, "clubs"), m(1, "diamonds"))  # 180/220
EVEN = deal(60, 60)

MATCH_EXAMPLES = [
    # RULES.md §3: nobody at 501 yet: play on
    ("marianna", {}, [MIXED, MIXED], (360, 440), False, None),
    # RULES.md §3: one team reaches 501 at the end of a deal and wins
    ("marianna", {}, [ALL_A, ALL_B, deal(110, 10, m(1, "hearts"))], (510, 450), True, 0),
    ("marianna", {}, [MIXED, MIXED, MIXED], (540, 660), True, 1),
    # RULES.md §3: both reach 501 in one deal: the higher total wins
    (
        "marianna",
        {},
        [ALL_A, ALL_B, deal(61, 59, m(0, "hearts"), m(1, "spades"))],
        (501, 519),
        True,
        1,
    ),
    # RULES.md §3: equal totals over 501: another deal is played, which decides
    (
        "marianna",
        {},
        [ALL_A, ALL_B, deal(70, 50, m(0, "hearts"), m(1, "spades"))],
        (510, 510),
        False,
        None,
    ),
    (
        "marianna",
        {},
        [ALL_A, ALL_B, deal(70, 50, m(0, "hearts"), m(1, "spades")), deal(70, 50)],
        (580, 560),
        True,
        0,
    ),
    # RULES.md §3 target option
    ("marianna", {"target": 300}, [MIXED, EVEN], (240, 280), False, None),
    ("marianna", {"target": 250}, [MIXED, EVEN], (240, 280), True, 1),
    # RULES.md §3: mariannone wins the match at once, whatever the points (short deal allowed)
    ("marianna", {}, [deal(10, 20, m(1, "hearts"), MNONE)], (10, 60), True, 0),
    ("marianna", {}, [MIXED, deal(0, 0, {"side": 1, "kind": "mariannone"})], (180, 220), True, 1),
    ("marianna", {}, [ALL_A, deal(0, 0, {"side": 1, "kind": "mariannone"})], (400, 0), True, 1),
    # v1 RULES.md §5: a short deal when a team reached the target; v2 refuses it when added, and a
    # stored one still scores as recorded (test_marianna_v2)
    ("marianna", {}, [ALL_A, deal(101, 0)], (501, 0), True, 0),
    # RULES.md §3a: Cinquecento, the first team to 500 wins
    ("cinquecento", {}, [deal(120, 0, m(0, "hearts"))] * 3 + [deal(20, 0)], (500, 0), True, 0),
    # RULES.md §3a: both reach 500 in one deal: the record says who reached it first...
    (
        "cinquecento",
        {},
        [EVEN] * 8 + [deal(20, 100, m(0, "hearts"), m(1, "spades"), first=0)],
        (540, 600),
        True,
        0,
    ),
    # ...and when it does not, the higher total wins
    (
        "cinquecento",
        {},
        [EVEN] * 8 + [deal(20, 100, m(0, "hearts"), m(1, "spades"))],
        (540, 600),
        True,
        1,
    ),
    ("cinquecento", {}, [EVEN] * 8 + [deal(60, 60, first=1)], (540, 540), True, 1),
    ("cinquecento", {}, [EVEN] * 8 + [deal(60, 60)], (540, 540), False, None),
    # RULES.md §3b: a right claim wins...
    (
        "briscola151",
        {},
        [bdeal(70, 50, "hearts", m(0, "hearts")), bdeal(41, 30, "clubs", claim=0)],
        (151, 80),
        True,
        0,
    ),
    # ...a wrong claim loses, whatever the opponent's points
    (
        "briscola151",
        {},
        [bdeal(70, 50, "hearts", m(0, "hearts")), bdeal(40, 30, "clubs", claim=0)],
        (150, 80),
        True,
        1,
    ),
    ("briscola151", {}, [bdeal(10, 20, "clubs", claim=1)], (10, 20), True, 0),
    # RULES.md §3b: reaching the target without claiming does not end the match
    ("briscola151", {}, [bdeal(120, 0, "hearts", m(0, "hearts"))], (160, 0), False, None),
    # RULES.md §3b: target 200 (option)
    (
        "briscola151",
        {"target": 200},
        [bdeal(120, 0, "hearts", m(0, "hearts")), bdeal(40, 0, "clubs", claim=0)],
        (200, 0),
        True,
        0,
    ),
    (
        "briscola151",
        {"target": 250},
        [bdeal(120, 0, "hearts", m(0, "hearts")), bdeal(80, 0, "clubs", claim=0)],
        (240, 0),
        True,
        1,
    ),
]


@pytest.mark.parametrize(
    ("preset", "overrides", "records", "scores", "finished", "winner"), MATCH_EXAMPLES
)
def test_match_outcome(preset, overrides, records, scores, finished, winner):
    result = play(records, preset, **overrides)
    assert result.scores == scores
    assert (result.finished, result.winner) == (finished, winner)
    assert [sum(col) for col in zip(*(d.delta for d in result.deals), strict=True)] == list(scores)


OUTCOME_LINES = [
    # RULES.md §3
    (
        "marianna",
        [ALL_A, ALL_B, deal(110, 10, m(1, "hearts"))],
        "Team A reaches 510 of 501 and wins the match",
    ),
    (
        "marianna",
        [ALL_A, ALL_B, deal(61, 59, m(0, "hearts"), m(1, "spades"))],
        "Both reach 501; Team B has more (519 to 501) and wins the match",
    ),
    (
        "marianna",
        [ALL_A, ALL_B, deal(70, 50, m(0, "hearts"), m(1, "spades"))],
        "Both reach 501 with 510 each: play another deal",
    ),
    ("marianna", [deal(10, 20, MNONE)], "Team A declares mariannone and wins the match"),
    # RULES.md §3a
    (
        "cinquecento",
        [EVEN] * 8 + [deal(60, 60, first=1)],
        "Both reach 500; Team B got there first and wins the match",
    ),
    # RULES.md §3b
    (
        "briscola151",
        [bdeal(70, 50, "hearts", m(0, "hearts")), bdeal(41, 30, "clubs", claim=0)],
        "Player 1 claims 151 with 151 points and wins",
    ),
    (
        "briscola151",
        [bdeal(10, 20, "clubs", claim=1)],
        "Player 2 claims 151 with only 20 points; Player 1 wins",
    ),
    (
        "briscola151",
        [bdeal(120, 0, "hearts", m(0, "hearts"))],
        "Player 1 reached 151 but nobody claimed: play on",
    ),
]


@pytest.mark.parametrize(("preset", "records", "line"), OUTCOME_LINES)
def test_outcome_explained(preset, records, line):
    assert play(records, preset).deals[-1].explanation[-1] == line


# --- refusals: RULES.md §5, each names its field ---------------------------------------------
REFUSED = [
    # RULES.md §5: points outside 0…120, not whole, or not adding up to 120
    ("marianna", {}, deal(130, None), "points.0", "between 0 and 120; got 130"),
    ("marianna", {}, deal(-5, 125), "points.0", "between 0 and 120; got -5"),
    ("marianna", {}, deal(70, 49.5), "points.1", "whole number"),
    ("marianna", {}, deal(70, "50"), "points.1", "whole number"),
    (
        "marianna",
        {},
        deal(80, 50),
        "points",
        "Card points add up to 130; a played-out deal holds 120",
    ),
    ("marianna", {}, deal(None, None), "points", "at least one side"),
    ("marianna", {}, {"points": [70], "declarations": []}, "points", "both sides"),
    ("marianna", {}, {"declarations": []}, "points", "at least one side"),
    # RULES.md §5: the same suit twice, a fifth marianna, a marianna after all four
    (
        "marianna",
        {},
        deal(70, 50, m(0, "hearts"), m(1, "hearts")),
        "declarations.1.suit",
        "A marianna in hearts was already declared in this deal",
    ),
    (
        "marianna",
        {},
        deal(
            70, 50, m(0, "hearts"), m(1, "spades"), m(0, "clubs"), m(1, "diamonds"), m(0, "hearts")
        ),
        "declarations.4",
        "All four mariannas were already declared in this deal; there is no fifth",
    ),
    (
        "briscola151",
        {},
        bdeal(70, 50, "hearts", m(0, "clubs"), m(1, "clubs")),
        "declarations.1.suit",
        "A matrimonio in clubs was already declared in this deal",
    ),
    # RULES.md §3/§5: mariannino twice, or when not allowed; mariannone when not allowed
    (
        "marianna",
        {},
        deal(70, 50, m(0, "hearts", **MN), m(1, "spades", **MN)),
        "declarations.1.kind",
        "only once per deal",
    ),
    (
        "marianna",
        {"mariannino": 0},
        deal(70, 50, m(0, "hearts", **MN)),
        "declarations.0.kind",
        "Mariannino is not allowed",
    ),
    (
        "cinquecento",
        {},
        deal(70, 50, m(0, "hearts", **MN)),
        "declarations.0.kind",
        "Mariannino is not allowed",
    ),
    ("cinquecento", {}, deal(70, 50, MNONE), "declarations.0.kind", "Mariannone is not allowed"),
    (
        "marianna",
        {"mariannone": False},
        deal(70, 50, MNONE),
        "declarations.0.kind",
        "Mariannone is not allowed",
    ),
    ("marianna", {}, deal(70, 50, MNONE, m(1, "hearts")), "declarations.1", "ended the match"),
    (
        "briscola151",
        {},
        bdeal(70, 50, "hearts", m(0, "clubs", **MN)),
        "declarations.0.kind",
        "declare matrimonio",
    ),
    # RULES.md §5: bad side, suit or kind
    ("marianna", {}, deal(70, 50, m(2, "hearts")), "declarations.0.side", "0 or 1"),
    ("marianna", {}, deal(70, 50, m(True, "hearts")), "declarations.0.side", "0 or 1"),
    ("marianna", {}, deal(70, 50, m(0, "cups")), "declarations.0.suit", "Unknown suit 'cups'"),
    ("marianna", {}, deal(70, 50, {"side": 0}), "declarations.0.suit", "Say which suit"),
    (
        "marianna",
        {},
        deal(70, 50, m(0, "hearts", kind="bella")),
        "declarations.0.kind",
        "Unknown declaration 'bella'",
    ),
    (
        "marianna",
        {},
        deal(70, 50, m(0, "hearts", seat=2)),
        "declarations.0.seat",
        "not part of a declaration",
    ),
    ("marianna", {}, deal(70, 50, "hearts"), "declarations.0", "side and a suit"),
    ("marianna", {}, {"points": [70, 50], "declarations": "hearts"}, "declarations", "list"),
    # RULES.md §3 covered_marianna: only when on, only a marianna, only the first declaration
    (
        "marianna",
        {},
        deal(70, 50, m(0, "hearts", covered=True)),
        "declarations.0.covered",
        "not allowed",
    ),
    (
        "marianna",
        {"covered_marianna": True},
        deal(70, 50, m(1, "spades"), m(0, "hearts", covered=True)),
        "declarations.1.covered",
        "Only the first declaration",
    ),
    (
        "marianna",
        {"covered_marianna": True},
        deal(70, 50, m(0, "hearts", covered=True, **MN)),
        "declarations.0.covered",
        "Only a marianna",
    ),
    # RULES.md §3b: trump required with two players, none with four; claim only with its rule
    ("briscola151", {}, {"points": [70, 50], "declarations": []}, "trump", "turned up"),
    ("briscola151", {}, bdeal(70, 50, "cups"), "trump", "Unknown suit"),
    ("marianna", {}, {**deal(70, 50), "trump": "hearts"}, "trump", "leave it empty"),
    ("marianna", {}, {**deal(70, 50), "claim": 0}, "claim", "no claim rule"),
    ("briscola151", {}, bdeal(70, 50, "hearts", claim=2), "claim", "0, 1 or empty"),
    # RULES.md §3a: first_to_target only with the first-to-target rule
    ("marianna", {}, deal(70, 50, first=0), "first_to_target", "higher total wins"),
    ("cinquecento", {}, deal(70, 50, first=2), "first_to_target", "0, 1 or empty"),
    ("marianna", {}, {**deal(70, 50), "marriages": []}, "marriages", "not part of"),
]


@pytest.mark.parametrize(("preset", "overrides", "record", "field", "words"), REFUSED)
def test_refused_record(preset, overrides, record, field, words):
    options = GAME.make_options(preset, overrides)
    with pytest.raises(InvalidDeal) as caught:
        GAME.parse_record(record, options, options.players)
    assert caught.value.errors[0].field == field
    assert words in caught.value.errors[0].message
    with pytest.raises(InvalidDeal) as in_match:  # the same record scored as deal 2 (as a dict)
        GAME.score(
            options,
            options.players,
            [EVEN if options.players == 4 else bdeal(60, 60, "hearts"), record],
        )
    assert in_match.value.deal == 2
    assert in_match.value.errors[0].field == field


REFUSED_IN_CONTEXT = [
    # RULES.md §5: a short total when nobody reached the target, claimed or declared mariannone
    (
        "marianna",
        [deal(60, 50)],
        1,
        "points",
        "Card points add up to 110; a played-out deal holds 120 (only a mariannone ends a deal "
        "early; reaching the target does not)",
    ),
    ("marianna", [MIXED, deal(0, 0, m(1, "hearts"))], 2, "points", "add up to 0"),
    (
        "briscola151",
        [bdeal(120, 0, "hearts", m(0, "hearts")), bdeal(10, 0, "clubs")],
        2,
        "points",
        "only a claim ends a deal early",
    ),
    # RULES.md §3a: first_to_target names a team that did not reach the target
    (
        "cinquecento",
        [EVEN] * 8 + [deal(0, 120, first=0)],
        9,
        "first_to_target",
        "Team A has 480 after this deal, short of 500",
    ),
]


@pytest.mark.parametrize(("preset", "records", "n", "field", "words"), REFUSED_IN_CONTEXT)
def test_refused_in_context(preset, records, n, field, words):
    with pytest.raises(InvalidDeal) as caught:
        play(records, preset)
    assert (caught.value.deal, caught.value.errors[0].field) == (n, field)
    assert words in caught.value.errors[0].message
    assert not isinstance(caught.value, MatchFinished)


FINISHED = [
    # RULES.md §5: a deal added to a match that is already decided
    ("marianna", [MIXED, MIXED, MIXED, EVEN], 4),
    ("marianna", [deal(10, 20, MNONE), EVEN], 2),
    ("cinquecento", [deal(120, 0, m(0, "hearts"))] * 3 + [deal(20, 0), EVEN], 5),
    ("briscola151", [bdeal(10, 20, "clubs", claim=1), bdeal(60, 60, "clubs")], 2),
]


@pytest.mark.parametrize(("preset", "records", "n"), FINISHED)
def test_deal_after_the_end(preset, records, n):
    with pytest.raises(MatchFinished) as caught:
        play(records, preset)
    assert caught.value.deal == n
    assert caught.value.errors[0].field == "deal"
    assert "already won the match" in caught.value.errors[0].message


# --- options and presets ---------------------------------------------------------------------
BAD_OPTIONS = [
    # RULES.md §3: option names and values
    ("marianna", {"flek_max": 3}, "options.flek_max"),
    ("marianna", {"values": "10-20-30-40"}, "options.values"),
    ("marianna", {"target": "501"}, "options.target"),
    ("marianna", {"target": True}, "options.target"),
    ("marianna", {"target": 0}, "options.target"),
    ("marianna", {"mariannino": -1}, "options.mariannino"),
    ("marianna", {"mariannone": "yes"}, "options.mariannone"),
    ("marianna", {"players": 3}, "options.players"),
    ("marianna", {"claim": True}, "options.claim"),
    # RULES.md §3b: targets 151, 200, 250; nothing but matrimoni
    ("briscola151", {"target": 300}, "options.target"),
    ("briscola151", {"mariannino": 250}, "options.mariannino"),
    ("briscola151", {"mariannone": True}, "options.mariannone"),
    ("briscola151", {"covered_marianna": True}, "options.covered_marianna"),
    ("tysiacha", {}, "preset"),
    ("marianna", [("target", 300)], "options"),
]


@pytest.mark.parametrize(("preset", "overrides", "field"), BAD_OPTIONS)
def test_bad_options(preset, overrides, field):
    with pytest.raises(InvalidOptions) as caught:
        GAME.make_options(preset, overrides)
    assert [e.field for e in caught.value.errors] == [field]


def test_defaults_and_presets():
    # RULES.md §3 defaults; §3a and §3b presets
    assert GAME.name == "marianna" and GAME.default_preset == "marianna"
    assert GAME.options_to_json(GAME.make_options()) == {
        "values": "40-60-80-100",
        "first_sets_trump": False,
        "target": 501,
        "mariannino": 250,
        "mariannone": True,
        "covered_marianna": False,
        "first_to_target_wins": False,
        "players": 4,
        "matrimonio_trump": 40,
        "matrimonio_plain": 20,
        "claim": False,
        "deck": "italian",  # API.md v2: the suits shown
    }
    cinq = GAME.make_options("cinquecento")
    assert (cinq.first_sets_trump, cinq.mariannino, cinq.mariannone, cinq.target) == (
        True,
        0,
        False,
        500,
    )
    assert cinq.first_to_target_wins
    bris = GAME.make_options("briscola151")
    assert (bris.players, bris.target, bris.claim) == (2, 151, True)
    assert GAME.make_options("briscola151", {"target": 250}).target == 250


@pytest.mark.parametrize("preset", ["marianna", "cinquecento", "briscola151"])
def test_options_rebuild_from_json(preset):
    options = GAME.make_options(preset)
    as_json = GAME.options_to_json(options)
    for base in (None, *GAME.presets):  # every effective option is there: any preset rebuilds it
        assert GAME.make_options(base, as_json) == options


def test_players_and_sides():
    # RULES.md §3: partners opposite, seats 1&3 against 2&4; §3b: two players are the sides
    four = GAME.make_options()
    assert GAME.player_counts(four) == (4,)
    assert GAME.side_names(["Jana", "Petr", "Ota", "Eva"], four) == ["Jana & Ota", "Petr & Eva"]
    two = GAME.make_options("briscola151")
    assert GAME.player_counts(two) == (2,)
    assert GAME.side_names(["Jana", "Petr"], two) == ["Jana", "Petr"]
    with pytest.raises(InvalidOptions) as caught:
        GAME.score(four, 2, [])
    assert caught.value.errors[0].field == "players"
    with pytest.raises(InvalidOptions):
        GAME.parse_record(deal(70, 50), two, 4)


CANONICAL = [
    # API.md: kind defaults to marianna and is left out; a left-out point value is filled in
    (
        "marianna",
        {},
        {
            "points": [70, None],
            "declarations": [
                {"side": 0, "suit": "hearts", "kind": "marianna"},
                {"side": 1, "kind": "mariannino", "suit": "spades"},
                {"side": 0, "kind": "mariannone"},
            ],
            "first_to_target": None,
        },
        {
            "points": [70, 50],
            "declarations": [
                {"side": 0, "suit": "hearts"},
                {"side": 1, "kind": "mariannino", "suit": "spades"},
                {"side": 0, "kind": "mariannone"},
            ],
            "first_to_target": None,
        },
    ),
    (
        "marianna",
        {"covered_marianna": True},
        {"points": [70.0, 50], "declarations": [{"side": 0, "suit": "clubs", "covered": True}]},
        {
            "points": [70, 50],
            "declarations": [{"side": 0, "suit": "clubs", "covered": True}],
            "first_to_target": None,
        },
    ),
    (
        "briscola151",
        {},
        {
            "points": [70, 50],
            "trump": "hearts",
            "declarations": [{"side": 1, "kind": "matrimonio", "suit": "hearts"}],
        },
        {
            "points": [70, 50],
            "declarations": [{"side": 1, "suit": "hearts"}],
            "first_to_target": None,
            "trump": "hearts",
            "claim": None,
        },
    ),
]


@pytest.mark.parametrize(("preset", "overrides", "given", "canonical"), CANONICAL)
def test_canonical_json(preset, overrides, given, canonical):
    options = GAME.make_options(preset, overrides)
    record = GAME.parse_record(given, options, options.players)
    assert GAME.record_to_json(record) == canonical
    assert GAME.parse_record(canonical, options, options.players) == record
