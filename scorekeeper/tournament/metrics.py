"""The standings' metrics (RULES.md §6), each defined once: its key, its name, its abbreviation and
the phrase the legend under a table says it with.

Every figure a standings row carries is a metric: the ranking column (``balance``, ``placings`` or
``wins``) and each tie-break (``Row.tiebreaks``, in the order they decide; which way is better and
how it is computed: ``tiebreaks.py``). The page, the TV and the paper all head their columns and
write their legends from here, so a metric cannot be "Last" on one and "Lasts" on another. The
texts are English msgids marked with ``N_`` (extracted by Babel, translated where they are
shown); this package stays pure.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(text: str) -> str:  # noqa: N802  (gettext_noop: marks a msgid for extraction)
    return text


@dataclass(frozen=True)
class Metric:
    """A figure of the standings: its JSON key, what it means, and its column heading."""

    key: str
    name: str  # what the figure is, e.g. "last places" (a heading's tooltip)
    abbr: str  # the column heading, e.g. "Lasts"
    rule: str = ""  # a tie-break as the legend says it, which way is better: "fewer last places"


_ALL = (
    # the ranking columns (Row.total)
    Metric("balance", N_("Balance"), N_("Balance"), N_("higher total balance")),
    Metric("placings", N_("Places"), N_("Places"), N_("lower sum of table places")),
    Metric("wins", N_("Wins"), N_("Wins")),
    # the tie-breaks (Row.tiebreaks)
    Metric("table_wins", N_("table wins"), N_("Wins"), N_("more table wins")),
    Metric("best_round", N_("best round"), N_("Best"), N_("higher best single round")),
    Metric("last_places", N_("last places"), N_("Lasts"), N_("fewer last places")),
    Metric("match_points", N_("match points"), N_("MP"), N_("more match points")),
    Metric(
        "buchholz",
        N_("Buchholz: the opponents’ wins"),
        N_("Buchh."),
        N_("higher Buchholz, the opponents’ wins added up"),
    ),
    Metric(
        "buchholz_cut1",
        N_("Buchholz without the weakest opponent"),
        N_("Buchh.−1"),
        N_("higher Buchholz without the weakest opponent"),
    ),
    Metric(
        "sonneborn_berger",
        N_("Sonneborn–Berger: the wins of the opponents beaten"),
        N_("S-B"),
        N_("higher Sonneborn–Berger, the wins of the opponents beaten added up"),
    ),
    Metric(
        "progressive",
        N_("progressive score: the wins after each round, added up"),
        N_("Prog."),
        N_("higher progressive score, the wins after each round added up"),
    ),
    Metric("point_difference", N_("point difference"), N_("Diff."), N_("higher point difference")),
    # a season's tie-breaks (season.TIEBREAKS)
    Metric("evenings_won", N_("evenings won"), N_("Wins"), N_("more evenings won")),
    Metric("best_evening", N_("best evening"), N_("Best"), N_("higher best single evening")),
    Metric("lot", N_("Lot"), N_("Lot")),
)

METRICS: dict[str, Metric] = {m.key: m for m in _ALL}


def metric(key: str) -> Metric:
    """The metric of ``key``; an unknown key gets its own words ("game_points" -> "Game points")."""
    found = METRICS.get(key)
    if found is not None:
        return found
    words = key.replace("_", " ").capitalize()
    return Metric(key, words, words)
