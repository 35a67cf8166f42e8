"""Real headless Chromium at 390×844: the rules version 2 controls at the table (docs/rules.md)."""

from __future__ import annotations

import pytest

from tests.browser.test_match_browser import api, board, new_match, save, saved

pytestmark = pytest.mark.browser


def test_sto_proti_names_the_defenders_hundred_and_scores_it_right(page, live_server):
    # RULES.md v2 §4: sto proti is the defenders' hundred; "made" means the declarer pays.
    new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
    page.tap("label[for=declarer-0]")
    page.tap("#f-trump label:has-text('zelené')")
    page.tap("#f-game label:text-is('sto proti')")
    # The declarer's won / lost is gone; the defenders' hundred asks, with nothing preselected.
    assert not page.is_visible("#f-game_won")
    assert page.is_visible('#f-proti_won legend:has-text("Defenders\' hundred")')
    assert not page.is_checked("#proti_won-0") and not page.is_checked("#proti_won-1")
    page.tap("button.save")  # left unanswered: refused with the reason, nothing stored
    page.wait_for_selector("#save-status.bad")  # the form keeps what was typed
    assert "made or failed" in page.inner_text("#save-status")
    assert api(live_server, page)["deals"] == []
    page.tap("#f-proti_won label:text-is('made')")
    page.tap("button.save")
    saved(page)
    # sto proti 4 made by the defenders: the declarer pays 4 to each (zelené: no hearts double).
    assert board(page) == [-8, 4, 4]
    assert api(live_server, page)["deals"][0]["record"]["parts"][0] == {
        "kind": "sto_proti",
        "won": True,
        "flek": 0,
    }


def test_out_of_range_points_leave_the_other_score_free(page, live_server):
    # After an out-of-range entry the second score does not stick at 0.
    new_match(page, live_server, "Mariasz", ["Ania", "Bartek"])
    page.tap("#f-trump label:has-text('czerwień')")
    page.fill("#points_0", "150")
    assert page.input_value("#points_1") == ""
    page.tap("button.save")  # refused: 150 is above 138; the form keeps it
    page.wait_for_selector("#save-status.bad")
    assert api(live_server, page)["deals"] == []
    assert page.input_value("#points_0") == "150"
    page.fill("#points_0", "95")
    assert page.input_value("#points_1") == "43"
    save(page)
    assert api(live_server, page)["deals"][0]["record"]["points"] == [95, 43]


def test_what_the_mariáš_form_shows_follows_the_choices_and_a_hidden_choice_no_longer_counts(
    page, live_server
):
    # docs/rules.md §4: betl and durch name no trump and have no game kind; sto proti replaces the
    # declarer's result with the defenders'; a seven's part shows once a seven is tapped. What shows
    # comes from the words the form module writes (data-gives), not from the CSS.
    new_match(page, live_server, "Mariáš", ["Jana", "Petr", "Ota"])
    page.tap("label[for=declarer-0]")
    assert page.is_visible("#f-game") and page.is_visible("#f-game_won")
    assert not page.is_visible("#f-proti_won")
    page.tap("#f-trump label:has-text('zelené')")
    page.tap("#f-game label:text-is('sto proti')")
    assert page.is_visible("#f-proti_won") and not page.is_visible("#f-game_won")
    # Betl after sto proti: the game kinds go, and the sto proti tapped under them with them.
    page.tap("#f-trump label:text-is('betl')")
    assert not page.is_visible("#f-game")
    assert not page.is_visible("#f-proti_won") and page.is_visible("#f-game_won")
    page.tap("summary:has-text('Sevens')")
    assert not page.is_visible("#f-seven_won")
    page.tap("#f-seven label:text-is('sedma')")
    assert page.is_visible("#f-seven_won")
    page.tap("#f-seven label:text-is('none')")
    assert not page.is_visible("#f-seven_won")
    page.tap("#f-game_won label:text-is('won')")
    save(page)
    # What was stored is what the page showed: a betl won, no sto proti, no seven.
    assert api(live_server, page)["deals"][0]["record"]["parts"] == [
        {"kind": "betl", "won": True, "flek": 0}
    ]
    # The next deal starts as the page first showed it: the game kinds are back.
    assert page.is_visible("#f-game") and not page.is_visible("#f-proti_won")
