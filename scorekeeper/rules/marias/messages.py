"""The message catalogue of Czech Mariáš (the ``marias`` package): code -> English template,
marked for translation (see ``rules.messages``)."""

from __future__ import annotations

from ..messages import N_, Nn_, Template, plural, register

MESSAGES: dict[str, Template] = {
    # options
    "marias.unknown_preset": N_("unknown Mariáš preset %(value)s; choose one of %(words)s"),
    "marias.options_object": N_("must be an object of option names and values"),
    "marias.no_option": N_("is not a Mariáš option"),
    "marias.whole_number": N_("must be a whole number"),
    "marias.whole_or_empty": N_("must be a whole number or empty"),
    "marias.between": N_("must be between %(low)s and %(high)s"),
    "marias.bool": N_("must be true or false"),
    "marias.choice": N_("must be one of: %(words)s"),
    "marias.finished_with_deals": N_(
        "A match agreed at a number of deals ends by itself; only an open session (no deals "
        "agreed) is finished by the table"
    ),
    "marias.new_not_finished": N_(
        "A new match is not finished yet; the table finishes an open session with “Finish the "
        "session”"
    ),
    "marias.players": N_("Mariáš is played by 3 or 4, not %(n)s"),
    "marias.stake": N_("The stake is an amount per unit, e.g. 0.20"),
    # the record, field by field
    "marias.record_object": N_("A deal record must be a JSON object"),
    "marias.not_in_record": N_("is not part of a Mariáš deal record"),
    "marias.choose_declarer": N_("Choose the declarer: %(choices)s"),
    "marias.choose_dealer": N_("Choose the dealer: %(choices)s"),
    "marias.seat_number.declarer": N_("The declarer must be a seat number, 0 to %(last)s"),
    "marias.seat_number.dealer": N_("The dealer must be a seat number, 0 to %(last)s"),
    "marias.seat_number.renonc": N_("The renonc must be a seat number, 0 to %(last)s"),
    "marias.no_such_seat": N_("There is no %(player)s at a table of %(n)s"),
    "marias.points_whole": N_("Points must be a whole number"),
    "marias.points_range": plural(
        Nn_(
            "%(n)s point is impossible: a side takes 0 to 190 (90 card points and at most 100 in "
            "marriages)",
            "%(n)s points is impossible: a side takes 0 to 190 (90 card points and at most 100 in "
            "marriages)",
        ),
        "n",
    ),
    "marias.points_tens": N_(
        "%(n)s is not a multiple of 10: only aces, tens, the last trick and marriages score in "
        "Mariáš"
    ),
    "marias.flek_whole": N_("A flek level is a whole number (0 none, 1 flek, 2 re…)"),
    "marias.flek_negative": N_("A flek level can't be below 0"),
    "marias.flek_max": N_("This match allows flek up to level %(level)s (%(flek)s)"),
    "marias.flek_top": N_("A flek level above %(level)s is not played"),
    "marias.flek_pair": N_(
        "Flek is counted per defender in this match: give two levels, one for each defender in "
        "seat order, e.g. [1, 0]"
    ),
    "marias.flek_one": N_("Flek is not counted per defender in this match: give one level"),
    "marias.record_game": N_("Record the game played: hra, sto, sto proti, betl or durch"),
    "marias.part_object": N_("A part needs a kind, won and flek"),
    "marias.not_in_part": N_("is not part of a Mariáš part"),
    "marias.unknown_part": N_("Unknown part; choose one of %(words)s"),
    "marias.twice": N_("%(part)s is recorded twice"),
    "marias.won_bool": N_("Say true (won) or false (lost)"),
    "marias.silent_list": N_("Silent parts are a list"),
    "marias.silent_object": N_("A silent part needs a kind and a side"),
    "marias.not_in_silent": N_("is not part of a silent part"),
    "marias.silent_kind": N_("A silent part is ticha_sedma or tiche_sto"),
    "marias.silent_side": N_("Say which side receives it: declarer or defenders"),
    "marias.silent_points_only": N_("Only a silent hundred has points"),
    "marias.silent_points": N_("A silent hundred has 100 to 190 points, in tens"),
    "marias.unknown_suit": N_("Unknown suit; choose one of %(words)s"),
    "marias.open_bool": N_("Say true (played with open cards) or false"),
    # the record's fields together
    "marias.renonc_total": N_("Points add up to %(n)s; a deal holds at most 190"),
    "marias.points_total": N_(
        "Points add up to %(n)s; a played-out deal holds 90 card points plus the marriages "
        "(20 or 40 each, at most 190 in all)"
    ),
    "marias.hra_won_or_points": N_(
        "Say whether the hra was won or lost, or give both sides' points"
    ),
    "marias.hra_won_against": plural(
        Nn_(
            "The hra is marked won but the declarer has %(dp)s point against %(fp)s (the declarer "
            "needs more than the defenders; a tie loses)",
            "The hra is marked won but the declarer has %(dp)s points against %(fp)s (the "
            "declarer needs more than the defenders; a tie loses)",
        ),
        "dp",
    ),
    "marias.hra_lost_against": plural(
        Nn_(
            "The hra is marked lost but the declarer has %(dp)s point against %(fp)s (the "
            "declarer needs more than the defenders; a tie loses)",
            "The hra is marked lost but the declarer has %(dp)s points against %(fp)s (the "
            "declarer needs more than the defenders; a tie loses)",
        ),
        "dp",
    ),
    "marias.sto_proti_made": N_("Say whether the defenders' hundred was made or failed"),
    "marias.part_won": N_("Say whether %(part)s was won or lost"),
    "marias.sto_short": plural(
        Nn_(
            "sto is marked won but the declarer has only %(dp)s point; it needs 100",
            "sto is marked won but the declarer has only %(dp)s points; it needs 100",
        ),
        "dp",
    ),
    "marias.sto_proti_short": plural(
        Nn_(
            "sto proti is marked won but the defenders have only %(fp)s point; it needs 100",
            "sto proti is marked won but the defenders have only %(fp)s points; it needs 100",
        ),
        "fp",
    ),
    "marias.silent_no_trumps": N_("%(part)s has no trumps: nothing is silent in it"),
    "marias.seven_announced": N_("A seven was announced in this deal, so it can't be silent"),
    "marias.silent_hundred_game": N_(
        "A silent hundred changes the hra; with %(part)s the hundred was announced"
    ),
    "marias.silent_hundred_declarer_won": N_(
        "A silent hundred of the declarer decides the hra, but it is marked won"
    ),
    "marias.silent_hundred_declarer_lost": N_(
        "A silent hundred of the declarer decides the hra, but it is marked lost"
    ),
    "marias.silent_hundred_defenders_won": N_(
        "A silent hundred of the defenders decides the hra, but it is marked won"
    ),
    "marias.silent_hundred_defenders_lost": N_(
        "A silent hundred of the defenders decides the hra, but it is marked lost"
    ),
    "marias.declarer_needs_100": plural(
        Nn_(
            "The declarer has %(n)s point; a silent hundred needs 100",
            "The declarer has %(n)s points; a silent hundred needs 100",
        ),
        "n",
    ),
    "marias.defenders_need_100": plural(
        Nn_(
            "The defenders have %(n)s point; a silent hundred needs 100",
            "The defenders have %(n)s points; a silent hundred needs 100",
        ),
        "n",
    ),
    "marias.declarer_points_differ": plural(
        Nn_(
            "%(points)s point here, but the declarer has %(n)s",
            "%(points)s points here, but the declarer has %(n)s",
        ),
        "points",
    ),
    "marias.defenders_points_differ": plural(
        Nn_(
            "%(points)s point here, but the defenders have %(n)s",
            "%(points)s points here, but the defenders have %(n)s",
        ),
        "points",
    ),
    "marias.dealer_declares": N_(
        "%(Sitter)s deals and sits this deal out; choose one of the other three"
    ),
    "marias.dealer_revokes": N_("%(Sitter)s deals and sits this deal out, so can't revoke"),
    "marias.no_game": N_("Every deal has a game: hra, sto, sto proti, betl or durch"),
    "marias.two_games": N_(
        "%(part)s and %(part2)s can't both be played: a deal has one game (sto and sto proti "
        "replace the hra)"
    ),
    "marias.two_sevens": N_(
        "%(part)s and %(part2)s can't both be announced: there is one trump seven"
    ),
    "marias.no_trump_game": N_("%(part)s is played without trumps; leave the trump empty"),
    "marias.seven_needs_trump": N_("%(part)s needs a trump seven; %(part2)s has no trumps"),
    "marias.name_trump": N_("Name the trump suit of the %(part)s"),
    # v2 refusals
    "marias.sto_over": plural(
        Nn_(
            "A sto counts the declarer's cards and the trump marriage only, so at most %(max)s "
            "point, not %(n)s",
            "A sto counts the declarer's cards and the trump marriage only, so at most %(max)s "
            "points, not %(n)s",
        ),
        "max",
    ),
    "marias.sto_lost_made": plural(
        Nn_(
            "sto is marked lost but the declarer has %(n)s point; 100 or more makes the sto",
            "sto is marked lost but the declarer has %(n)s points; 100 or more makes the sto",
        ),
        "n",
    ),
    "marias.sto_proti_over": plural(
        Nn_(
            "A sto proti counts the defenders' cards and the trump marriage only, so at most "
            "%(max)s point, not %(n)s",
            "A sto proti counts the defenders' cards and the trump marriage only, so at most "
            "%(max)s points, not %(n)s",
        ),
        "max",
    ),
    "marias.sto_proti_failed_made": plural(
        Nn_(
            "The defenders' hundred is marked failed but they have %(n)s point; 100 or more makes "
            "it",
            "The defenders' hundred is marked failed but they have %(n)s points; 100 or more "
            "makes it",
        ),
        "n",
    ),
    "marias.silent_hundred_over": plural(
        Nn_(
            "A silent hundred counts cards and the trump marriage only, so at most %(max)s point, "
            "not %(n)s",
            "A silent hundred counts cards and the trump marriage only, so at most %(max)s "
            "points, not %(n)s",
        ),
        "max",
    ),
    # v2.1 refusals
    "marias.sto_failed_points": N_(
        "A failed sto pays its value for every 10 points short of 100 in this match: give the "
        "declarer's points"
    ),
    # a tournament table's figures typed from its paper sheet
    "marias.figures_thirds": N_(
        "At a table of three every deal moves the balances by 2x, −x, −x, so any two differ by "
        "a multiple of 3; %(player)s (%(a)s) and %(other)s (%(b)s) do not. A typo on the sheet?"
    ),
    # a match
    "marias.wrong_table": N_("This deal names a seat not at a table of %(n)s"),
    "marias.four_dealer": N_("With four players, name the dealer who sits out"),
    "marias.ended": N_(
        "The match ended after deal %(n)s; edit or delete a deal to reopen it before adding more"
    ),
    "marias.due_deals": plural(
        Nn_(
            "the agreed %(n)s deal is played",
            "the agreed %(n)s deals are played",
        ),
        "n",
    ),
    "marias.due_finished": N_("the table finished the session"),
    "marias.due_chips": N_("a balance reached %(n)s"),
    "marias.due_extra": N_("the extra round is played"),
    "marias.over_leads": N_("Match over (%(why)s): %(player)s leads with %(n)s"),
    "marias.over_shared": N_("Match over (%(why)s): the top balance (%(n)s) is shared"),
    "marias.extra_round": plural(
        Nn_(
            "%(Why)s, but %(players)s share the top balance (%(n)s): one more round of %(deals)s "
            "deal, until one player leads",
            "%(Why)s, but %(players)s share the top balance (%(n)s): one more round of %(deals)s "
            "deals, until one player leads",
        ),
        "deals",
    ),
    # explanation of a deal
    "marias.sat_out": N_("%(sitter)s dealt and sat out"),
    "marias.sat_out_pays": N_("%(sitter)s dealt and sat out; pays and collects as a defender"),
    "marias.renonc": N_(
        "renonc by %(offender)s: %(n)s to each other player; nothing else of this deal is settled"
    ),
    "marias.won": N_("%(part)s won"),
    "marias.lost": N_("%(part)s lost"),
    "marias.hra_silent_won": N_("hra won with tiché sto"),
    "marias.hra_silent_lost": N_("hra lost with tiché sto"),
    "marias.hra_won_points": N_("hra won (%(dp)s against %(fp)s)"),
    "marias.hra_lost_points": N_("hra lost (%(dp)s against %(fp)s)"),
    "marias.scaled_doubling": plural(
        Nn_(
            "%(base)s × %(factor)s for %(points)s point = %(n)s",
            "%(base)s × %(factor)s for %(points)s points = %(n)s",
        ),
        "points",
    ),
    "marias.scaled_linear": plural(
        Nn_(
            "%(base)s + %(tens)s × %(base)s for %(points)s point = %(n)s",
            "%(base)s + %(tens)s × %(base)s for %(points)s points = %(n)s",
        ),
        "points",
    ),
    "marias.short": plural(
        Nn_(
            "%(base)s × %(short)s for %(points)s point (%(missing)s short) = %(n)s",
            "%(base)s × %(short)s for %(points)s points (%(missing)s short) = %(n)s",
        ),
        "points",
    ),
    "marias.flek_level": N_("flek level %(level)s"),
    "marias.flek": N_("flek"),
    "marias.re": N_("re"),
    "marias.tutti": N_("tutti"),
    "marias.boty": N_("boty"),
    "marias.kalhoty": N_("kalhoty"),
    "marias.flek_words": N_("%(name)s %(factor)s"),
    "marias.hearts": N_("červené 2"),
    "marias.open": N_("open cards 2"),
    "marias.times": N_("%(base)s × %(factors)s = %(n)s"),
    "marias.then_times": N_("%(text)s; × %(factors)s = %(n)s"),
    "marias.from_each": N_("%(label)s: %(expr)s from each defender"),
    "marias.to_each": N_("%(label)s: %(expr)s to each defender"),
    "marias.from_each_sitter": N_("%(label)s: %(expr)s from each defender and the sitter"),
    "marias.to_each_sitter": N_("%(label)s: %(expr)s to each defender and the sitter"),
    "marias.from_payer": N_("%(expr)s from %(payer)s"),
    "marias.to_payer": N_("%(expr)s to %(payer)s"),
    "marias.per_payer": N_("%(label)s: %(each)s"),
    "marias.ticha_sedma_declarer_from": N_(
        "tichá sedma for the declarer: %(expr)s from each defender"
    ),
    "marias.ticha_sedma_declarer_from_sitter": N_(
        "tichá sedma for the declarer: %(expr)s from each defender and the sitter"
    ),
    "marias.ticha_sedma_defenders_to": N_(
        "tichá sedma for the defenders: %(expr)s to each defender"
    ),
    "marias.ticha_sedma_defenders_to_sitter": N_(
        "tichá sedma for the defenders: %(expr)s to each defender and the sitter"
    ),
    "marias.limit": N_("limit: %(payer)s pays %(payee)s %(limit)s, not %(n)s"),
}
register(MESSAGES)
