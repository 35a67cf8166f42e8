"""A league evening's columns in the one standings presenter (RULES.md §6b).

Every sheet and page of a league evening shows ZB, PB, SB and BP as columns, under the
association's own abbreviations (``tournament.metrics``), and each part's SB where the medium
has room; the legend says what each abbreviation means, how BP were given (the league's key or
the placing points with top 50) and which rounds make each part. ``standings_table.present``
asks this module for those columns; it reads the standings document only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from .tournament.league_tables import TOP
from .tournament.metrics import metric

#: The league's figures in the association's order (RULES.md §6b).
FIGURES = ("zb", "pb", "sb", "bp")


def is_league(document: Mapping[str, Any]) -> bool:
    """A league evening's standings document (API.md v3 ``format``)."""
    tournament = document.get("tournament") or {}
    return (document.get("format") or tournament.get("format")) == "league"


def part_rounds(document: Mapping[str, Any]) -> list[list[int]]:
    """Each part's round numbers (the document's ``parts``, else its tournament's)."""
    parts = document.get("parts")
    if isinstance(parts, list) and all(isinstance(p, list) for p in parts):
        return parts
    return list((document.get("tournament") or {}).get("part_rounds") or [])


def _span(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}"


def headings(document: Mapping[str, Any], *, with_parts: bool) -> list[tuple[str, str, str]]:
    """(key, heading, what it means) of each league column: ZB, PB, SB, BP, then (``with_parts``
    and more than one part) each part's SB."""
    out = [(k, _(metric(k).abbr), _(metric(k).name)) for k in FIGURES]
    parts = part_rounds(document)
    if with_parts and len(parts) > 1:
        out += [
            (f"part{i}", _("SB %(n)s", n=i).replace(" ", "\u00a0"),  # one heading, one line
             _("Part %(n)s (round %(rounds)s): its SB", n=i, rounds=_span(p)) if len(p) == 1
             else _("Part %(n)s (rounds %(rounds)s): its SB", n=i, rounds=_span(p)))
            for i, p in enumerate(parts, start=1) if p
        ]  # fmt: skip
    return out


def cells(row: Mapping[str, Any], keys: list[str], empty: bool) -> list[str]:
    """A row's league cells for ``keys`` (a dash where the player has no result)."""
    parts = row.get("parts") or []
    out = []
    for key in keys:
        if key.startswith("part"):
            index = int(key[4:]) - 1
            part = parts[index] if index < len(parts) else {}
            value = part.get("sb") if part.get("played") else None
        else:
            value = None if empty else row.get(key)
        out.append("–" if value is None else str(value))
    return out


def legend(document: Mapping[str, Any]) -> list[str]:
    """The league's lines under a table: the abbreviations, how BP were given, the parts."""
    words = "; ".join(
        _("%(abbr)s = %(name)s", abbr=_(metric(k).abbr), name=_(metric(k).name)) for k in FIGURES
    )
    lines = [_("League evening: %(words)s.", words=words)]
    if document.get("bp_source") == "key":
        lines.append(_("BP by the league’s key for this field size."))
    else:
        lines.append(
            _("No BP key loaded: the winner gets %(top)s BP, each next place one fewer.", top=TOP)
        )
    parts = [p for p in part_rounds(document) if p]
    if len(parts) > 1:
        spans = ", ".join(
            _("part %(n)s: round %(rounds)s", n=i, rounds=_span(p)) if len(p) == 1
            else _("part %(n)s: rounds %(rounds)s", n=i, rounds=_span(p))
            for i, p in enumerate(parts, start=1)
        )  # fmt: skip
        lines.append(
            _(
                "Each part ranks by SB (%(spans)s); the evening by the sum of its parts.",
                spans=spans,
            )
        )
    return lines
