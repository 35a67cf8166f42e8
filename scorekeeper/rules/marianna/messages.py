"""The message catalogue of Italian Marianna, Cinquecento and Briscola 151 (the ``marianna``
package): code -> English template, marked for translation (see ``rules.messages``)."""

from __future__ import annotations

from ..messages import N_, Nn_, Template, plural, register

MESSAGES: dict[str, Template] = {
    # options
    "marianna.values": N_("Marianna values must be %(values)s"),
    "marianna.bool": N_("must be on (true) or off (false)"),
    "marianna.whole_number": N_("must be a whole number"),
    "marianna.players_option": N_("Marianna is played by 4 (two teams) or 2 (Briscola 151)"),
    "marianna.between": N_("must be between %(low)s and %(high)s"),
    "marianna.briscola_target": N_("Briscola 151 is played to 151, 200 or 250"),
    "marianna.two_no_mariannino": N_("The two-player game has no mariannino; use 0"),
    "marianna.two_no_mariannone": N_("The two-player game has no mariannone"),
    "marianna.two_no_covering": N_("Covering needs partners; two players have none"),
    "marianna.claim_two": N_("The claim rule belongs to two-player Briscola 151"),
    "marianna.unknown_preset": N_("unknown Marianna preset %(value)s; choose one of %(words)s"),
    "marianna.options_object": N_("Options must be a set of names and values"),
    "marianna.no_option": N_("is not a Marianna option"),
    "marianna.covering_needs_first": N_(
        "A covered marianna sets trump, so covering needs first_sets_trump (the first marianna "
        "sets trump); switch that on too, or switch covering off"
    ),
    "marianna.players": plural(
        Nn_(
            "This Marianna game is for %(count)s player, not %(n)s",
            "This Marianna game is for %(count)s players, not %(n)s",
        ),
        "count",
    ),
    # the record on its own
    "marianna.points_both": N_("Give the card points of both sides, e.g. [70, 50]"),
    "marianna.points_whole": N_("Card points must be a whole number"),
    "marianna.points_range": N_("Card points must be between 0 and %(total)s; got %(n)s"),
    "marianna.enter_points": N_("Enter the card points of at least one side"),
    "marianna.points_over": N_("Card points add up to %(n)s; a played-out deal holds %(total)s"),
    "marianna.declaration_object": N_("A declaration needs a side and a suit"),
    "marianna.not_in_declaration": N_("is not part of a declaration"),
    "marianna.side_player": N_("Side must be 0 or 1 (the player who declared)"),
    "marianna.side_team": N_("Side must be 0 or 1 (the team who declared)"),
    "marianna.unknown_declaration_two": N_("Unknown declaration %(value)s; declare matrimonio"),
    "marianna.unknown_declaration": N_(
        "Unknown declaration %(value)s; declare marianna, mariannino or mariannone"
    ),
    "marianna.no_mariannino": N_("Mariannino is not allowed with these options"),
    "marianna.no_mariannone": N_("Mariannone is not allowed with these options"),
    "marianna.which_suit.marianna": N_("Say which suit the marianna was in"),
    "marianna.which_suit.mariannino": N_("Say which suit the mariannino was in"),
    "marianna.unknown_suit": N_("Unknown suit %(value)s; use one of %(words)s"),
    "marianna.covered_bool": N_("must be true or false"),
    "marianna.no_covering": N_("Covered mariannas are not allowed with these options"),
    "marianna.covered_marianna_only": N_("Only a marianna can be covered"),
    "marianna.covered_first": N_(
        "Only the first declaration of a deal can be covered (trump is set)"
    ),
    "marianna.after_mariannone": N_(
        "The mariannone ended the match; nothing can be declared after it"
    ),
    "marianna.no_fifth": N_(
        "All four mariannas were already declared in this deal; there is no fifth"
    ),
    "marianna.no_fifth_two": N_(
        "All four matrimonios were already declared in this deal; there is no fifth"
    ),
    "marianna.suit_again": N_("A marianna in %(suit)s was already declared in this deal"),
    "marianna.suit_again_two": N_("A matrimonio in %(suit)s was already declared in this deal"),
    "marianna.mariannino_once": N_(
        "A mariannino can be declared only once per deal (there are four queens)"
    ),
    "marianna.mariannone_once": N_(
        "A mariannone can be declared only once per deal (there are four kings)"
    ),
    "marianna.after_mariannino_side": N_(
        "After a mariannino the other team holds no queen, so it declares no marianna in this deal"
    ),
    "marianna.mariannino_after_other": N_(
        "The other team already declared a marianna, so it held a queen: nobody can hold all "
        "four for a mariannino"
    ),
    "marianna.mariannone_after_mariannino": N_(
        "After the other team's mariannino this team holds no queen, so it can't declare a "
        "mariannone"
    ),
    "marianna.first_seat": N_("First to target must be one of %(seats)s or empty"),
    "marianna.claim_seat": N_("The claiming player must be one of %(seats)s or empty"),
    "marianna.record_object": N_("A deal record must be a JSON object"),
    "marianna.not_in_record": N_("is not part of a Marianna deal record"),
    "marianna.declarations_list": N_("must be a list of declarations"),
    "marianna.first_not_wins": N_(
        "With these options the higher total wins when both reach the target; leave it empty"
    ),
    "marianna.which_trump": N_("Say which suit was turned up as trump"),
    "marianna.trumps_set": N_("In four-player Marianna the mariannas set trump; leave it empty"),
    "marianna.no_claim": N_("These options have no claim rule; leave it empty"),
    # in context
    "marianna.decided_team": N_(
        "%(Team)s already won the match in deal %(n)s; edit a deal to reopen it before adding more"
    ),
    "marianna.decided_player": N_(
        "%(Player)s already won the match in deal %(n)s; edit a deal to reopen it before adding "
        "more"
    ),
    "marianna.short_claim": N_(
        "Card points add up to %(n)s; a played-out deal holds %(total)s (only a claim ends a "
        "deal early; reaching the target does not)"
    ),
    "marianna.short": N_(
        "Card points add up to %(n)s; a played-out deal holds %(total)s (only a mariannone ends "
        "a deal early; reaching the target does not)"
    ),
    "marianna.not_first_team": N_(
        "%(Team)s has %(n)s after this deal, short of %(target)s, so it cannot have reached the "
        "target first"
    ),
    "marianna.not_first_player": N_(
        "%(Player)s has %(n)s after this deal, short of %(target)s, so it cannot have reached "
        "the target first"
    ),
    # explanation of a deal (a side: ``team`` with four players, ``player`` with two)
    "marianna.mariannino": N_("mariannino (%(suit)s) %(points)s"),
    "marianna.matrimonio": N_("matrimonio (%(suit)s) %(points)s"),
    "marianna.matrimonio_trump": N_("matrimonio (%(suit)s, trump) %(points)s"),
    "marianna.nth": N_("%(ordinal)s marianna (%(suit)s) %(points)s"),
    "marianna.nth_covered": N_("%(ordinal)s marianna (%(suit)s, covered) %(points)s"),
    "marianna.1st": N_("1st"),
    "marianna.2nd": N_("2nd"),
    "marianna.3rd": N_("3rd"),
    "marianna.4th": N_("4th"),
    "marianna.side_cards": plural(
        Nn_("%(Side)s: %(cards)s card point", "%(Side)s: %(cards)s card points"), "cards"
    ),
    "marianna.side_total": plural(
        Nn_(
            "%(Side)s: %(cards)s card point + %(melds)s = %(total)s",
            "%(Side)s: %(cards)s card points + %(melds)s = %(total)s",
        ),
        "cards",
    ),
    "marianna.mariannone_wins": N_("%(Side)s declares mariannone and wins the match"),
    "marianna.claim_right": plural(
        Nn_(
            "%(Side)s claims %(target)s with %(n)s point and wins",
            "%(Side)s claims %(target)s with %(n)s points and wins",
        ),
        "n",
    ),
    "marianna.claim_wrong": plural(
        Nn_(
            "%(Side)s claims %(target)s with only %(n)s point; %(other_side)s wins",
            "%(Side)s claims %(target)s with only %(n)s points; %(other_side)s wins",
        ),
        "n",
    ),
    "marianna.nobody_claimed": N_("%(sides)s reached %(target)s but nobody claimed: play on"),
    "marianna.reaches": N_("%(Side)s reaches %(n)s of %(target)s and wins the match"),
    "marianna.first_wins": N_("Both reach %(target)s; %(side)s got there first and wins the match"),
    "marianna.more_wins": N_(
        "Both reach %(target)s; %(side)s has more (%(a)s to %(b)s) and wins the match"
    ),
    "marianna.both_equal": N_("Both reach %(target)s with %(n)s each: play another deal"),
    "marianna.team_side": N_("%(team)s"),
    "marianna.player_side": N_("%(Player)s"),
}
register(MESSAGES)
