"""The message catalogue of Polish Mariasz and German Mariage (``twohand``, ``mariasz``,
``mariage``): code -> English template, marked for translation (see ``rules.messages``)."""

from __future__ import annotations

from ..messages import N_, Nn_, Template, plural, register

MESSAGES: dict[str, Template] = {
    # options
    "twohand.whole_number": N_("must be a whole number, not %(value)s"),
    "twohand.at_least": N_("must be at least %(low)s"),
    "twohand.between": N_("must be at least %(low)s and at most %(high)s"),
    "twohand.ace_king_mode": N_("must be one of %(words)s, not %(value)s"),
    "twohand.bool": N_("must be true or false, not %(value)s"),
    "twohand.no_preset": N_("%(game)s has no preset %(value)s; choose %(words)s"),
    "twohand.options_object": N_("Options are a JSON object of option names and values"),
    "twohand.no_option": N_("%(game)s has no option %(value)s; its options are %(words)s"),
    "twohand.target_and_games": N_(
        "Play either to a match target or a number of games, not both; leave match_target "
        "empty to play a number of games"
    ),
    "twohand.target_or_games": N_("Say how the match ends: a match target or a number of games"),
    "twohand.no_trump_ace_king": N_(
        "Without trumps (no_trump) there is no trump ace-king; choose off or 30/60"
    ),
    "twohand.two_players": N_("%(game)s is played by 2 players"),
    # the record on its own
    "twohand.players": N_("%(game)s is played by 2 players, not %(n)s"),
    "twohand.record_object": N_("A deal record is a JSON object: trump, points, marriages"),
    "twohand.ace_king_off": N_("The ace-king meld is off in this match (option ace_king)"),
    "twohand.closing_off": N_("Closing the stock is off in this match (option closing)"),
    "twohand.not_in_record": N_("%(value)s is not part of a %(game)s deal record"),
    "twohand.no_trump_match": N_(
        "This match is played without trumps (option no_trump); leave the trump empty"
    ),
    "twohand.trump_suit": N_("Trump must be one of %(words)s, not %(value)s"),
    "twohand.melds_shape": N_("%(what)s are two lists of suits, one per player"),
    "twohand.marriages": N_("Marriages"),
    "twohand.ace_kings": N_("Ace-kings"),
    "twohand.not_a_suit": N_("%(value)s is not a suit; use %(words)s"),
    "twohand.king_in_marriage": N_(
        "The king of %(suit)s is already in a marriage of %(player)s; a suit has one king and "
        "one queen, so it can be melded once per deal"
    ),
    "twohand.king_in_ace_king": N_(
        "The king of %(suit)s is already in an ace-king of %(player)s; a suit has one king and "
        "one queen, so it can be melded once per deal"
    ),
    "twohand.too_many_marriages": plural(
        Nn_(
            "%(n)s marriage recorded; a deal has at most four, one per suit",
            "%(n)s marriages recorded; a deal has at most four, one per suit",
        ),
        "n",
    ),
    "twohand.ace_king_trumps_only": N_(
        "An ace-king is melded only in trumps in this match (option ace_king: trumps_only); "
        "%(suit)s is not trumps"
    ),
    "twohand.name_trump": N_(
        "Name the trump suit: melds are recorded, and a trump marriage scores 40, a plain one 20"
    ),
    "twohand.first_seat": N_(
        "The first to the target must be %(player)s (0) or %(other)s (1), not %(value)s"
    ),
    "twohand.closer_seat": N_(
        "Who closed the stock must be %(player)s (0) or %(other)s (1), not %(value)s"
    ),
    "twohand.no_target": N_(
        "German scoring has no target, so nobody reaches it first; leave it empty"
    ),
    "twohand.points_shape": N_(
        "Card points are two numbers, one per player (the second may be left empty when the "
        "deal was played out)"
    ),
    "twohand.enter_points": N_("Enter the card points of %(player)s"),
    "twohand.points_whole": N_("Card points of %(player)s must be a whole number, not %(value)s"),
    "twohand.points_range": N_(
        "Card points of %(player)s must be between 0 and %(total)s, not %(n)s"
    ),
    "twohand.points_over": N_("Card points add up to %(n)s; a played-out deal holds %(total)s"),
    "twohand.points_under": N_(
        "Card points add up to %(n)s; a played-out deal holds %(total)s, and without a target "
        "every deal is played out"
    ),
    # explanation of a deal
    "twohand.trump_marriage": N_("trump marriage (%(suit)s) %(points)s"),
    "twohand.plain_marriage": N_("plain marriage (%(suit)s) %(points)s"),
    "twohand.ace_king": N_("ace-king (%(suit)s) %(points)s"),
    "twohand.side_cards": plural(
        Nn_("%(player)s: %(cards)s card point", "%(player)s: %(cards)s card points"), "cards"
    ),
    "twohand.side_melds": plural(
        Nn_(
            "%(player)s: %(cards)s card point + %(melds)s = %(sum)s",
            "%(player)s: %(cards)s card points + %(melds)s = %(sum)s",
        ),
        "cards",
    ),
    "twohand.deal": N_("%(first)s; %(second)s"),
    # Mariasz in context
    "mariasz.decided": N_(
        "The match is already decided (%(a)s–%(b)s); reopen it by editing a deal before adding more"
    ),
    "mariasz.short": N_(
        "Card points add up to %(cards)s, short of %(total)s, but nobody reaches %(target)s in "
        "this deal; only reaching %(target)s stops a deal early"
    ),
    "mariasz.not_first": N_(
        "%(player)s has %(n)s after this deal, short of %(target)s, so cannot have reached it first"
    ),
    "mariasz.both_reach": N_(
        "Both players have %(target)s or more after this deal (%(a)s and %(b)s); say who "
        "reached %(target)s first"
    ),
    "mariasz.nobody_after_two": N_("Nobody reaches %(target)s after two deals"),
    "mariasz.closed_short": N_(
        "%(closer)s closed the stock and has %(n)s, short of %(target)s: %(winner)s wins the "
        "game as if by dubla"
    ),
    "mariasz.reaches": N_(
        "%(winner)s reaches %(target)s in the %(ordinal)s deal (%(a)s to %(b)s): %(kind)s"
    ),
    "mariasz.reaches_first": N_(
        "%(winner)s reaches %(target)s first in the %(ordinal)s deal (%(a)s to %(b)s): %(kind)s"
    ),
    "mariasz.second_decides": N_(
        "Game %(game)s: %(a)s to %(b)s, nobody has %(target)s yet; a second deal decides"
    ),
    "mariasz.another_deal": N_(
        "Game %(game)s: %(a)s to %(b)s, nobody has %(target)s yet; a %(ordinal)s deal is played"
    ),
    "mariasz.first": N_("first"),
    "mariasz.second": N_("second"),
    "mariasz.third": N_("third"),
    "mariasz.fourth": N_("fourth"),
    "mariasz.fifth": N_("fifth"),
    "mariasz.nth": N_("%(n)sth"),
    "mariasz.dubla": N_("dubla"),
    "mariasz.sympla": N_("sympla"),
    "mariasz.won_kind": N_("%(kind)s %(points)s"),
    # one marriage of a kind, or (ngettext: Czech and Polish have three forms) several
    "mariasz.trump_marriage": N_("trump marriage %(points)s"),
    "mariasz.trump_marriages": plural(
        Nn_("%(n)s trump marriage %(points)s", "%(n)s trump marriages %(points)s"), "n"
    ),
    "mariasz.plain_marriage": N_("plain marriage %(points)s"),
    "mariasz.plain_marriages": plural(
        Nn_("%(n)s plain marriage %(points)s", "%(n)s plain marriages %(points)s"), "n"
    ),
    "mariasz.swatowe": N_("swatowe (all four suits) %(points)s"),
    "mariasz.match_points": plural(
        Nn_("%(player)s: %(parts)s match point", "%(player)s: %(parts)s match points"),
        "n",
    ),
    "mariasz.match_points_sum": plural(
        Nn_(
            "%(player)s: %(parts)s = %(n)s match point",
            "%(player)s: %(parts)s = %(n)s match points",
        ),
        "n",
    ),
    "mariasz.no_match_points": N_("%(player)s: no match points"),
    "mariasz.level": N_("Match points level at %(n)s: another game is played"),
    "match_over_draw": N_("Match over, %(a)s–%(b)s: a draw"),
    "match_over_wins": N_("Match over, %(a)s–%(b)s: %(winner)s wins"),
    # Mariage in context
    "mariage.tie": N_("Tie at %(n)s: the next decided game takes this one too"),
    "mariage.double": N_(
        "%(winner)s wins %(points)s to %(lost)s; %(loser)s has %(lost)s, under %(below)s: double, 2"
    ),
    "mariage.single": N_(
        "%(winner)s wins %(points)s to %(lost)s; %(loser)s has %(lost)s, not under %(below)s: "
        "single, 1"
    ),
    "mariage.carried": plural(
        Nn_(
            "%(won)s + %(n)s for the tied game carried = %(total)s",
            "%(won)s + %(n)s for the tied games carried = %(total)s",
        ),
        "n",
    ),
    "mariage.game_points": plural(Nn_("%(what)s game point", "%(what)s game points"), "n"),
    "mariage.tie_open": N_("The agreed games are played but a tie is open: one more game"),
}
register(MESSAGES)
