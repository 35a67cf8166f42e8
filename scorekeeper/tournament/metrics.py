"""The standings' metrics (RULES.md §6), each defined once: its key, its name and its abbreviation.

Every figure a standings row carries is a metric: the ranking column (``balance``, ``placings`` or
``wins``) and each tie-break (``Row.tiebreaks``, in the order they decide). The page,
the TV and the paper all head their columns from here, so a metric cannot be "Last" on one and
"Lasts" on another. The texts are English msgids marked with ``N_`` (extracted by Babel, translated
where they are shown); this package stays pure.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(text: str) -> str:  # noqa: N802  (gettext_noop: marks a msgid for extraction)
    return text


@dataclass(frozen=True)
class Metric:
    """A figure of the standings: its JSON key, what it means, and its column heading."""

    key: str
    name: str  # what the figure is, e.g. "last places" (a heading's tooltip, a legend)
    abbr: str  # the column heading, e.g. "Lasts"


_ALL = (
    # the ranking columns (Row.total)
    Metric("balance", N_("Balance"), N_("Balance")),
    Metric("placings", N_("Places"), N_("Places")),
    Metric("wins", N_("Wins"), N_("Wins")),
    # the tie-breaks (Row.tiebreaks)
    Metric("table_wins", N_("table wins"), N_("Wins")),
    Metric("best_round", N_("best round"), N_("Best")),
    Metric("last_places", N_("last places"), N_("Lasts")),
    Metric("match_points", N_("match points"), N_("MP")),
    Metric("buchholz", N_("Buchholz: the opponents’ wins"), N_("Buchh.")),
    Metric("point_difference", N_("point difference"), N_("Diff.")),
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
