"""The message catalogue of licitovaný mariáš (docs/rules.md §4a): code -> English template,
marked for translation (see ``rules.messages``).

Licitovaný mariáš is Czech Mariáš with an auction, so every line it shares with the ``marias``
package (a part won or lost, a flek, the hearts doubling, the limit, the sitter, a seat's range)
is said with that package's codes; only what is the auction game's own is here, under
``licit.``. Contract names are messages of their own (``licit.c.<contract>``) so that a line
naming a contract is translated whole.
"""

from __future__ import annotations

from ..messages import N_, Nn_, Template, plural, register

#: Each rung of the ladder as players say it (docs/rules.md §4a), a noun phrase for the
#: ``contract`` param of the lines below ("the sto contract does not settle sedma").
CONTRACT_WORDS: dict[str, Template] = {
    "licit.c.sedma": N_("sedma contract"),
    "licit.c.sedma_cervena": N_("sedma červená contract"),
    "licit.c.sto": N_("sto contract"),
    "licit.c.sto_sedma": N_("sto a sedma contract"),
    "licit.c.sto_cervene": N_("sto červených contract"),
    "licit.c.sto_sedma_cervene": N_("sto a sedma červených contract"),
    "licit.c.betl": N_("betl contract"),
    "licit.c.durch": N_("durch contract"),
    "licit.c.dve_sedmy": N_("dvě sedmy contract"),
    "licit.c.dve_sedmy_sto": N_("dvě sedmy a sto contract"),
    "licit.c.dve_sedmy_cervene": N_("dvě sedmy červené contract"),
    "licit.c.dve_sedmy_sto_cervene": N_("dvě sedmy a sto červených contract"),
}

MESSAGES: dict[str, Template] = {
    **CONTRACT_WORDS,
    # options
    "licit.flek_per_defender": N_(
        "In licitovaný mariáš a flek always binds only the defender who said it"
    ),
    # the record, field by field
    "licit.not_in_record": N_("is not part of a licitovaný mariáš deal record"),
    "licit.no_open": N_("Licitovaný mariáš is not played with open cards"),
    "licit.choose_contract": N_("Name the contract the auction ended on"),
    "licit.unknown_contract": N_("Unknown contract; choose one of %(words)s"),
    "licit.proti": N_("Licitovaný mariáš has no %(part)s: the defenders announce nothing"),
    "licit.omyl_bool": N_("Say true (the declarer gave the contract up) or false"),
    "licit.renonc_kind": N_("The renonc is of kind 1 (paušál %(low)s) or 2 (paušál %(high)s)"),
    "licit.renonc_kind_alone": N_("A renonc kind needs the seat of the renonc"),
    "licit.pb_seats": plural(
        Nn_(
            "Give the premium points as a list of %(n)s figure, one per seat",
            "Give the premium points as a list of %(n)s figures, one per seat",
        ),
        "n",
    ),
    "licit.pb_figure": N_("Premium points are a whole number from 0 to %(max)s"),
    "licit.pb_sitter": N_("%(Sitter)s sat this deal out, so earns no premium points in it"),
    "licit.marriages_value": N_(
        "The defenders' marriages are 0 to 100 points, in twenties (20 each, 40 in trumps)"
    ),
    # the record's fields together
    "licit.part_outside": N_("The %(contract)s does not settle %(part)s"),
    "licit.part_missing": N_("The %(contract)s settles %(part)s: record it too"),
    "licit.hearts_only": N_("The %(contract)s is played with hearts as trumps"),
    "licit.hearts_contract": N_("With hearts as trumps it is the %(contract)s"),
    "licit.name_trump": N_("Name the trump suit of the %(contract)s"),
    "licit.second_needed": N_(
        "Name the second suit of dvě sedmy: its seven takes the second-to-last trick"
    ),
    "licit.second_trump": N_("The second seven is of another suit than the trump"),
    "licit.second_only": N_("Only dvě sedmy name a second suit"),
    "licit.silent_hundred_where": N_(
        "A silent hundred counts only in a sedma or sedma červená contract, not in the %(contract)s"
    ),
    "licit.silent_seven_where": N_(
        "A silent seven counts only in a sto or sto červených contract, not in the %(contract)s"
    ),
    "licit.omyl_contract": N_("Only a sedma contract may be given up (omyl), not the %(contract)s"),
    "licit.omyl_flek": N_("A contract is given up before any flek: leave the flek at 0"),
    "licit.omyl_won": N_("A contract given up is not played: leave won empty"),
    "licit.omyl_played": N_("A contract given up is not played: record no points or silent parts"),
    "licit.omyl_renonc": N_("A deal is either given up (omyl) or stopped by a renonc, not both"),
    "licit.sto_over": plural(
        Nn_(
            "A sto counts the declarer's cards and the first marriage announced, so at most "
            "%(max)s point, not %(n)s",
            "A sto counts the declarer's cards and the first marriage announced, so at most "
            "%(max)s points, not %(n)s",
        ),
        "max",
    ),
    "licit.sto_failed_points": N_(
        "A failed sto pays its value for every 10 points short of 100: give the declarer's points"
    ),
    "licit.marriages_sto": N_("The defenders' marriages count only against a sto"),
    "licit.marriages_points": plural(
        Nn_(
            "%(n)s point of the defenders' marriages does not fit the points recorded: the "
            "declarer's sto counts one marriage at most",
            "%(n)s points of the defenders' marriages do not fit the points recorded: the "
            "declarer's sto counts one marriage at most",
        ),
        "n",
    ),
    # explanation of a deal
    "licit.contract": N_("%(contract)s, no trumps"),
    "licit.contract_trump": N_("%(contract)s, trumps %(suit)s"),
    "licit.contract_second": N_("%(contract)s, trumps %(suit)s, %(second)s"),
    "licit.second": N_("the second seven in %(suit)s"),
    "licit.omyl": N_("omyl: the declarer gave the sedma up; %(n)s to each defender"),
    "licit.omyl_sitter": N_(
        "omyl: the declarer gave the sedma up; %(n)s to each defender and the sitter"
    ),
    "licit.renonc_heavy": N_(
        "renonc (paušál 2) by %(offender)s: %(n)s to each other player; nothing else of this "
        "deal is settled"
    ),
    "licit.short_marriages": plural(
        Nn_(
            "%(base)s × (%(short)s for %(points)s point + %(tens)s for the defenders' "
            "%(marriages)s in marriages) = %(n)s",
            "%(base)s × (%(short)s for %(points)s points + %(tens)s for the defenders' "
            "%(marriages)s in marriages) = %(n)s",
        ),
        "points",
    ),
    "licit.silent_hundred": N_("%(base)s × 2 for the silent hundred = %(n)s"),
    "licit.silent_hundred_above": plural(
        Nn_(
            "%(base)s × 2 for the silent hundred, and %(tens)s × that again for %(points)s "
            "point = %(n)s",
            "%(base)s × 2 for the silent hundred, and %(tens)s × that again for %(points)s "
            "points = %(n)s",
        ),
        "points",
    ),
    "licit.pb": N_("premium points, kept apart from the balance: %(each)s"),
    "licit.pb_earned": plural(
        Nn_("%(player)s earns %(n)s premium point", "%(player)s earns %(n)s premium points"), "n"
    ),
}
register(MESSAGES)
