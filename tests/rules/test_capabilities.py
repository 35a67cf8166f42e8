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
    assert game.tournament.standings_kind(game.make_options(preset)) == kind
    assert game.tournament.table_score(game.make_options(preset)) in (
        "balance", "team_points", "match_points", "game_points",
    )  # fmt: skip
    assert game.tournament.rankings == rankings
    assert game.tournament.table_sizes == sizes


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
    assert game.tournament.table_score(game.make_options(preset)) == figure


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_answers_what_the_pages_and_sheets_ask(name):
    game = get_game(name)
    options = game.make_options()
    assert game.form.package in ("marias", "marianna", "twohand")
    assert game.short_title
    for flag in (game.has_target, game.carries_ties, game.shows_current_game):
        assert isinstance(flag, bool)
    assert isinstance(game.dealer_sits_out, bool) and isinstance(game.sheet.landscape, bool)
    assert isinstance(game.names_trump(options), bool)
    assert isinstance(game.names_trump(game.options_to_json(options)), bool)
    assert game.ends_by_finish(options) == game.ends_by_finish(game.options_to_json(options))
    assert game.sheet.seats[0] in game.sheet.seats
    for seats in game.sheet.seats:
        columns = game.sheet.columns[seats]
        assert columns[0].key == "n" and any(c.per_side for c in columns)
    assert game.game_points_key in ("match_points", "game_points")
    assert game.sheet.legend
    assert set(game.tariff_names) <= set(game.options_to_json(options))
    assert ("money" in game.minimal_extra) == game.has_stake


def test_which_game_answers_what():
    assert [n for n in GAME_NAMES if get_game(n).carries_ties] == ["mariage"]
    assert [n for n in GAME_NAMES if get_game(n).shows_current_game] == ["mariasz"]
    assert [n for n in GAME_NAMES if not get_game(n).has_target] == ["mariage", "marias"]
    assert get_game("mariasz").form.package == get_game("mariage").form.package == "twohand"
    assert get_game("marias").dealer_sits_out
    [dealer] = {c.key for c in get_game("marias").sheet.columns[4]} - {
        c.key for c in get_game("marias").sheet.columns[3]
    }
    assert dealer == "dealer"


def test_trump_and_the_end_of_a_match():
    mariasz = get_game("mariasz")
    assert mariasz.names_trump(mariasz.make_options()) is True
    assert mariasz.names_trump(mariasz.make_options(overrides={"no_trump": True})) is False
    marianna = get_game("marianna")
    assert marianna.names_trump(marianna.make_options("briscola151")) is True
    assert marianna.names_trump(marianna.make_options()) is False
    marias = get_game("marias")
    assert marias.ends_by_finish(marias.make_options()) is (marias.make_options().deals is None)
    assert marias.ends_by_finish({"deals": 12}) is False


def test_mariáš_names_its_parts_and_flek_levels_once():
    marias = get_game("marias")
    assert marias.form.part_names["dve_sedmy"] == "dvě sedmy"
    assert marias.form.flek_names[:3] == ("", "flek", "re")
    assert marias.money([2, -1, -1], "0.50") == ["1.00", "-0.50", "-0.50"]
    for name in GAME_NAMES:
        if name != "marias":
            assert not get_game(name).form.flek_names and not get_game(name).form.part_names


def test_named_presets_title_the_match_and_fix_some_options():
    marianna = get_game("marianna")
    assert marianna.preset_titles["briscola151"] == "Briscola 151"
    for preset, fixed in marianna.preset_fixed.items():
        assert preset in marianna.presets
        assert fixed <= set(marianna.options_to_json(marianna.make_options(preset)))
    assert "covered_marianna" in marianna.preset_fixed["briscola151"]
    for name in ("mariasz", "mariage"):
        assert not get_game(name).preset_titles and not get_game(name).preset_fixed
    # RULES.md §4a: licitovaný mariáš is titled by its name; a flek always binds one defender
    marias = get_game("marias")
    assert set(marias.preset_titles) == set(marias.preset_fixed) == {"licitovany"}
    licit = get_game("marias", "licitovany")
    assert licit.preset_titles == marias.preset_titles and licit.preset_fixed == marias.preset_fixed
    assert marias.preset_fixed["licitovany"] <= set(licit.options_to_json(licit.make_options()))
