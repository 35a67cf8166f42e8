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
