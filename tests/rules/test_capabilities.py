"""The game objects answer what other layers ask of a game (no branching on the game's name)."""

import pytest

from scorekeeper.rules.registry import GAME_NAMES, get_game


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_answers_the_capability_questions(name):
    game = get_game(name)
    options = game.make_options()
    assert isinstance(game.has_stake, bool)
    assert isinstance(game.zero_sum, bool)
    assert (game.default_currency != "") == game.has_stake
    assert isinstance(game.plays_in_teams(options), bool)


def test_only_mariáš_is_played_for_money_and_sums_to_zero():
    assert [n for n in GAME_NAMES if get_game(n).has_stake] == ["marias"]
    assert [n for n in GAME_NAMES if get_game(n).zero_sum] == ["marias"]
    assert get_game("marias").default_currency == "CZK"


def test_marianna_plays_in_teams_only_with_four():
    game = get_game("marianna")
    assert game.plays_in_teams(game.make_options()) is True
    assert game.plays_in_teams(game.make_options("briscola151")) is False
    assert game.plays_in_teams({"players": 4}) is True
    assert game.plays_in_teams({"players": 2}) is False


@pytest.mark.parametrize(
    ("name", "preset", "kind", "rankings", "sizes"),
    [
        # RULES.md §6: Mariáš ranks by balance (default) or placings at tables of 3 (or 4)
        ("marias", None, "marias", ("balance", "placings"), (3, 4)),
        # RULES.md §6: two-player games and Marianna's teams rank by match wins, in pairs
        ("mariasz", None, "twoplayer", ("wins",), (2,)),
        ("mariage", None, "twoplayer", ("wins",), (2,)),
        ("marianna", None, "marianna", ("wins",), (2,)),
        ("marianna", "briscola151", "twoplayer", ("wins",), (2,)),
    ],
)
def test_every_game_answers_what_a_tournament_asks(name, preset, kind, rankings, sizes):
    game = get_game(name)
    assert game.standings_kind(game.make_options(preset)) == kind
    assert game.table_score(game.make_options(preset)) in (
        "balance", "team_points", "match_points", "game_points",
    )  # fmt: skip
    assert game.tournament_rankings == rankings
    assert game.tournament_table_sizes == sizes


@pytest.mark.parametrize(
    ("name", "preset", "figure"),
    [
        ("marias", None, "balance"),  # RULES.md §6: balances at a table add up to zero
        ("mariasz", None, "match_points"),
        ("mariage", None, "game_points"),
        ("marianna", None, "team_points"),
        ("marianna", "briscola151", "game_points"),
    ],
)
def test_a_tournament_table_knows_what_its_figures_are(name, preset, figure):
    game = get_game(name)
    assert game.table_score(game.make_options(preset)) == figure
