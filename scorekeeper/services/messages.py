"""What the services say: every refusal (and the few words they make for pages) as a coded Msg.

The services speak as the games do (``rules/messages.py``): a ``Msg`` with a ``code`` and
``params``, its English made from the template registered here. Nothing in ``services/`` calls
gettext, so a service runs without a request or a Babel context; the pages and the API put the
message in the reader's language at the edge (``i18n.rule_messages.render``), the API answers
its ``code`` and ``params`` too (docs/api.md "Refusals of the services"). Each template is the
gettext msgid (``N_``; ``Nn_`` for a plural, counted by the param named after it).

Param keys are typed as in ``rules/messages.py``: ``n``, ``r``, ``t``, ``num`` and the like are
numbers, ``name`` and ``by`` what a person typed, ``message``/``deals`` a nested message,
``counts``/``sizes`` numbers to choose from ("3 or 4"), another list is joined by ", ", and
``game`` a game's English title (said in the page's language).
"""

from __future__ import annotations

from ..rules.messages import N_, Msg, Nn_, Template, plural, register

__all__ = ["MESSAGES", "Msg"]

MESSAGES: dict[str, Template] = {
    # organiser accounts
    "account.name_missing": N_("Enter a name to log in with."),
    "account.password_short": plural(
        Nn_("Use at least %(n)s character.", "Use at least %(n)s characters."), "n"
    ),
    "account.name_taken": N_("That name is taken."),
    # a match's setup (new matches, tournament tables, imports)
    "setup.choose_game": N_("Choose a game."),
    "setup.choose_preset": N_("Choose one of: %(presets)s."),
    "setup.options_object": N_("Options must be a JSON object."),
    "setup.players_list": N_("List the players in seat order."),
    "setup.name_missing": N_("Type a name."),
    "setup.name_control": N_("A name may not hold control characters."),
    "setup.name_twice": N_("Two players have the same name."),
    "setup.player_count": plural(
        Nn_("This game needs %(counts)s player.", "This game needs %(counts)s players."), "most"
    ),
    "setup.stake": N_("The stake is an amount such as 0.20."),
    "setup.text_long": plural(Nn_("At most %(n)s character.", "At most %(n)s characters."), "n"),
    "setup.text_control": N_("No control characters, please."),
    "setup.name_long": plural(
        Nn_(
            "A name may have at most %(n)s character.",
            "A name may have at most %(n)s characters.",
        ),
        "n",
    ),
    # a match, its deals and its record
    "match.not_found": N_("There is no match with this id."),
    "match.no_deal": N_("There is no deal %(n)s in this match."),
    "match.no_deal_to_undo": N_("There is no deal to undo."),
    "match.not_the_deal_seen": N_(
        "Deal %(n)s is not the deal you saw: another phone changed the deals meanwhile. "
        "Nothing was changed."
    ),
    "match.deal_changed": N_(
        "Deal %(n)s was changed meanwhile (now version %(v)s); reload and try again."
    ),
    "match.deals_added": plural(
        Nn_(
            "Another phone added %(num)s deal while you were entering this one. Check the deals "
            "below: if yours is a different one, save it again.",
            "Another phone added %(num)s deals while you were entering this one. Check the deals "
            "below: if yours is a different one, save it again.",
        ),
        "num",
    ),
    "match.deals_changed": N_(
        "The deals changed on another phone meanwhile. Check them below and save again if this "
        "deal is still missing."
    ),
    "match.idempotency_key": N_("An idempotency key is 1 to 200 printable ASCII characters."),
    "match.deals_limit": plural(
        Nn_("A match holds up to %(n)s deal.", "A match holds up to %(n)s deals."), "n"
    ),
    "match.ends_earlier": N_(
        "With this change the match is decided at deal %(decided)s, so %(deals)s would come "
        "after its end. If they were not played, delete %(deals)s first (the last one first), "
        "then make this change; otherwise this deal is not what was played."
    ),
    "match.one_deal": N_("deal %(n)s"),
    "match.deal_range": N_("deals %(first)s to %(last)s"),
    "match.record_not_object": N_("A deal record must be a JSON object."),
    "match.record_unreadable": N_("This deal record could not be read."),
    "match.not_scored": N_("These deals could not be scored."),
    "match.finish_not_open": N_(
        "Only an open Mariáš session is finished by the table; this match ends by its own rules."
    ),
    "match.finished_already": N_("This session is already finished."),
    "match.finish_no_deals": N_("Play a deal before finishing the session."),
    "match.round_closed": N_(
        "Round %(n)s is closed and its results are final: deals can no longer be entered or "
        "changed here. Ask the organiser to correct the table's result."
    ),
    "match.table_no_rematch": N_(
        "This is a tournament table: the next match comes from the next draw, not a rematch."
    ),
    # a match's title when none was given (not a refusal: the pages and the API say it)
    "match.table_title": N_("%(name)s, round %(r)s, table %(t)s"),
    "match.default_title": N_("%(game)s: %(players)s"),
    # whole numbers typed into a tournament's or a season's forms
    "number.whole": N_("Enter a whole number."),
    "number.from_1_to_1000": N_("Enter a whole number from 1 to 1000."),
    "number.between": N_("Enter a whole number from %(a)s to %(b)s."),
    # a tournament's setup
    "tournament.not_found": N_("There is no tournament with this id."),
    "tournament.name_missing": N_("Give the tournament a name."),
    "tournament.choose_game": N_("Choose one of: %(games)s."),
    "tournament.draw_method": N_("Choose random or standings."),
    "tournament.table_size": N_("Mariáš tables seat 3 (or 4 where the count needs it)."),
    "tournament.ranking": N_("Choose balance or placings."),
    "tournament.entrant": N_("Player %(n)s: %(message)s"),
    "tournament.drop_rounds": N_("Choose none, worst or best_and_worst."),
    "tournament.seeding": N_("Choose random, season or rating."),
    "tournament.seeding_season": N_("Seeding by season standings needs the evening in a season."),
    "tournament.language": N_("Choose one of: %(langs)s."),
    # entrants
    "player.not_found": N_("There is no such player in this tournament."),
    "player.limit": plural(
        Nn_("A tournament takes up to %(n)s player.", "A tournament takes up to %(n)s players."),
        "n",
    ),
    "player.name_missing": N_("Enter a name."),
    "player.name_control": N_(
        "“%(name)s” holds control or direction characters; type the name again."
    ),
    "player.name_long": plural(
        Nn_(
            "“%(name)s” is too long: a name may have at most %(max)s character.",
            "“%(name)s” is too long: a name may have at most %(max)s characters.",
        ),
        "max",
    ),
    "player.team": N_("A Marianna team is two players: write “Jana & Ota”."),
    "player.registered": N_("%(name)s is already registered."),
    "player.line": N_("Line %(n)s: %(message)s"),
    "player.none_pasted": N_("Paste at least one name, one a line."),
    "player.withdrawn": N_("%(name)s has already withdrawn."),
    "player.round_drawn": N_(
        "Round %(n)s is already drawn: change its draw by hand, or cancel the draw and draw it "
        "again."
    ),
    "player.rounds_list": N_("List the round numbers, e.g. [3]."),
    "player.rounds_range": N_("Rounds are numbered from 1 to %(n)s."),
    "player.two_different": N_("Choose two different players."),
    "player.no_pair": N_("There is no such pair."),
    # rounds and their draws
    "round.not_found": N_("There is no round %(n)s."),
    "round.close_first": N_("Close round %(n)s before drawing the next."),
    "round.all_drawn": plural(
        Nn_("The one round has been drawn.", "All %(n)s rounds have been drawn."), "n"
    ),
    "round.cannot_seat": plural(
        Nn_(
            "%(n)s player cannot be seated at these tables; add or withdraw a player.",
            "%(n)s players cannot be seated at these tables; add or withdraw a player.",
        ),
        "n",
    ),
    "round.seed": N_("The seed is a whole number."),
    "round.drawn_elsewhere": N_(
        "This round was drawn at the same moment elsewhere; reload the page."
    ),
    "round.started": N_("Round %(n)s has already started."),
    "round.closed": N_("Round %(n)s is already closed."),
    "round.unconfirmed": N_("Round %(n)s still has unconfirmed tables: %(t)s."),
    "round.cancel_latest": N_("Only the latest round, before it is closed, can be cancelled."),
    "round.cancel_results": N_("Results are already in for round %(n)s; it cannot be cancelled."),
    # changing a round's draw by hand
    "draw.started": N_("Round %(n)s has started: its draw can no longer be changed."),
    "draw.swap_or_move": N_("Send either two players to swap or one player to move."),
    "draw.player_id": N_("Name a player by the id the tournament gave it."),
    "draw.swap_two": N_("Name two players to swap."),
    "draw.same_table": N_("Both sit at table %(t)s: choose players at two tables."),
    "draw.sits_there": N_("%(name)s already sits at table %(t)s."),
    "draw.table_number": N_("Name the table by its number."),
    "draw.table_size": N_("Table %(t)s would seat %(n)s; a table here seats %(sizes)s."),
    "draw.not_drawn": N_("%(name)s is not in the draw of round %(r)s."),
    "draw.this_player": N_("This player"),
    "draw.table_played": N_("Table %(t)s already has results; its players can no longer change."),
    # tables and their results
    "table.not_found": N_("There is no table %(n)s in round %(r)s."),
    "table.figure_count": plural(
        Nn_(
            "Enter one figure for the %(n)s seat.",
            "Enter one figure for each of the %(n)s seats.",
        ),
        "n",
    ),
    "table.figures_level": N_("A match has a winner: the two figures cannot be level."),
    "table.balances_sum": N_("Balances at a table add up to zero; these add up to %(sum)s."),
    "table.wrong_link": N_("This link does not open this table."),
    "table.nothing_to_confirm": N_("Nothing to confirm yet: no deals and no figures."),
    "table.level": N_("The match is level: play on until someone wins."),
    "table.choose_name": N_("Choose your name from the table."),
    # an organiser's roster of players
    "roster.not_owned": N_("There is no such player on this roster."),
    "roster.not_found": N_("There is no such player on the roster."),
    "roster.merge_same": N_("Choose two different players to merge."),
    # seasons
    "season.not_found": N_("There is no season with this id."),
    "season.name_missing": N_("Give the season a name."),
    "season.scoring": N_("Choose sum or placing_points."),
    # the desk: ranking and prize settings, categories and clubs
    "desk.tiebreaks_list": N_("List the tie-breaks in the order they decide."),
    "desk.tiebreak_choose": N_("Choose from: %(keys)s."),
    "desk.tiebreak_once": N_("Each tie-break once."),
    "desk.tiebreaks_fixed": N_("The tie-breaks are fixed once round 1 is drawn."),
    "desk.fee": N_("The entry fee is an amount such as 50 or 2.50."),
    "desk.payout_list": N_("List each place's share of the pool, e.g. 0.5, 0.3, 0.2."),
    "desk.payout_share": N_("A share is a part of the pool above 0, at most 1."),
    "desk.payout_sum": N_("The shares add up to more than the whole pool."),
    "desk.whole_number": N_("Enter a whole number from 1 to %(n)s."),
    "desk.categories_list": N_("List the categories, e.g. women, senior."),
    "desk.text": N_("Send this as text."),
    "desk.category_word": N_("A category is a word of up to %(n)s letters."),
    "desk.categories_max": N_("At most %(n)s categories a player."),
    "desk.club_long": plural(
        Nn_(
            "A club's name has up to %(num)s character.",
            "A club's name has up to %(num)s characters.",
        ),
        "num",
    ),
    "desk.category_empty": N_("No player of this tournament is in this category."),
}
register(MESSAGES)
