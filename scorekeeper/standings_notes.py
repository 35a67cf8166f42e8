"""The lines under a ranked table and the words it shares: the tie-breaks' headings, the legend
(the tie-breaks in force in order, the shared rank and the lot, the bye), the categories' and
prizes' names, and "1st prize by lot: …" wherever the lot decided a place with a prize.

``standings_table.present`` writes them under an evening's standings; a season's table uses the
same legend. It reads no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from .tournament.metrics import metric
from .tournament.prizes import BUILT_IN
from .tournament.standings import KINDS

#: Places with a prize when the tournament names none (the certificates' top three).
PRIZE_PLACES = 3


def tiebreak_label(key: str) -> str:
    """The column heading of a tie-break (or any metric) key, translated."""
    return _(metric(key).abbr)


def order_lines(keys: Sequence[str], seed: Any) -> list[str]:
    """The tie-breaks in force in order, in words, then the shared rank and the lot: the legend
    of any ranked table (an evening's standings, a season's table)."""
    parts = [
        _("%(n)s. %(rule)s (%(abbr)s)", n=i, rule=_(metric(k).rule or metric(k).name),
          abbr=tiebreak_label(k))
        for i, k in enumerate(keys, start=1)
    ]  # fmt: skip
    lines = [
        _("Ties are broken by: %(list)s.", list="; ".join(parts))
        if parts
        else _("No tie-breaks: rows with the same total share a rank.")
    ]
    lines.append(
        _(
            "Rows still equal share a rank (“=3”); the seeded lot (seed %(s)s) orders them: "
            "the lower lot number takes the better place and its prize.",
            s=seed,
        )
    )
    return lines


def legend(tournament: Mapping[str, Any], keys: Sequence[str], *, decided: bool = False) -> list:
    """The lines under a table: the tie-breaks in force in order, the shared rank and the lot,
    the bye (games in pairs), and what the marked cells mean."""
    lines = order_lines(keys, tournament.get("seed", "–"))
    kind = KINDS.get(tournament.get("standings_kind") or "")
    if kind is not None and kind.by_winner:
        lines.append(_("A bye counts as a win with the round’s median points."))
    if decided:
        lines.append(_("Bold: the tie-break that sets a row apart from its neighbour."))
    return lines


def category_label(word: str | None) -> str:
    """A category as the reader sees it: a built-in one in their language, any other as typed."""
    if not word:
        return ""
    label = BUILT_IN.get(word)
    return _(label) if label else word


def prize_places(tournament: Mapping[str, Any]) -> int:
    """How many places carry a prize: the payout's places, else the certificates' three."""
    return len(tournament.get("payout") or []) or PRIZE_PLACES


def prize_name(place: int) -> str:
    """ "1st prize", "2nd prize" … as a sheet names the prize of a place."""
    words = {1: _("1st prize"), 2: _("2nd prize"), 3: _("3rd prize")}
    return words.get(place, _("%(n)sth prize", n=place))


def prize_lots(rows: Sequence[Mapping[str, Any]], places: int) -> list[str]:
    """ "1st prize by lot: Bořivoj Čermák (lot 11)" for each place with a prize that a shared
    rank leaves to the lot (RULES.md §6: the lot decides places with a prize)."""
    return [_lot_line(row) for row in rows if _by_lot(row, places)]


def _by_lot(row: Mapping[str, Any], places: int) -> bool:
    """A shared rank whose place (one of the ``places`` with a prize) the lot decided."""
    place = row.get("place") or 0
    return row["rank"].startswith("=") and 0 < place <= places and not row.get("no_result")


def _lot_line(row: Mapping[str, Any]) -> str:
    prize, name, lot = prize_name(row["place"]), row["player"], row["lot"]
    if lot == "–":  # a season's table shows no lot numbers
        return _("%(prize)s by lot: %(name)s", prize=prize, name=name)
    return _("%(prize)s by lot: %(name)s (lot %(lot)s)", prize=prize, name=name, lot=lot)
