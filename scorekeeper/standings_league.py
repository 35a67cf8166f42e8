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
    if _lists(parts):
        return parts
    return list((document.get("tournament") or {}).get("part_rounds") or [])


def _lists(parts: Any) -> bool:
    """Whether ``parts`` is a list of lists (of round numbers)."""
    return isinstance(parts, list) and all(isinstance(p, list) for p in parts)


def _span(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}"


def headings(document: Mapping[str, Any], *, with_parts: bool) -> list[tuple[str, str, str]]:
    """(key, heading, what it means) of each league column: ZB, PB, SB, BP, then (``with_parts``
    and more than one part) each part's SB."""
    out = [(k, _(metric(k).abbr), _(metric(k).name)) for k in FIGURES]
    parts = part_rounds(document)
    if with_parts and len(parts) > 1:
        out += _part_headings(parts)
    return out


def _part_headings(parts: list[list[int]]) -> list[tuple[str, str, str]]:
    """Each part's SB column, numbered as the parts are (an empty part has none)."""
    return [_part_heading(i, p) for i, p in enumerate(parts, start=1) if p]


def _part_heading(i: int, rounds: list[int]) -> tuple[str, str, str]:
    """The ``i``-th part's SB column: its key, heading (on one line) and what it means."""
    if len(rounds) == 1:
        title = _("Part %(n)s (round %(rounds)s): its SB", n=i, rounds=_span(rounds))
    else:
        title = _("Part %(n)s (rounds %(rounds)s): its SB", n=i, rounds=_span(rounds))
    return f"part{i}", _("SB %(n)s", n=i).replace(" ", "\u00a0"), title


def cells(row: Mapping[str, Any], keys: list[str], empty: bool) -> list[str]:
    """A row's league cells for ``keys`` (a dash where the player has no result)."""
    out = []
    for key in keys:
        value = _value(row, key, empty)
        out.append("–" if value is None else str(value))
    return out


def _value(row: Mapping[str, Any], key: str, empty: bool) -> Any:
    """A league figure of the row (none where the player has no result), or a part's SB."""
    if key.startswith("part"):
        return _part_sb(row.get("parts") or [], int(key[4:]) - 1)
    return None if empty else row.get(key)


def _part_sb(parts: list[Mapping[str, Any]], index: int) -> Any:
    """The SB of the part at ``index``, where the player played in it."""
    part = parts[index] if index < len(parts) else {}
    return part.get("sb") if part.get("played") else None


def legend(document: Mapping[str, Any]) -> list[str]:
    """The league's lines under a table: the abbreviations, how BP were given, the parts."""
    words = "; ".join(
        _("%(abbr)s = %(name)s", abbr=_(metric(k).abbr), name=_(metric(k).name)) for k in FIGURES
    )
    return [
        _("League evening: %(words)s.", words=words),
        _bp_line(document),
        *_parts_line(document),
    ]


def _bp_line(document: Mapping[str, Any]) -> str:
    """How BP were given: the league's key, or the placing points with top 50."""
    if document.get("bp_source") == "key":
        return _("BP by the league’s key for this field size.")
    return _("No BP key loaded: the winner gets %(top)s BP, each next place one fewer.", top=TOP)


def _parts_line(document: Mapping[str, Any]) -> list[str]:
    """Which rounds make each part, where the evening has more than one."""
    parts = [p for p in part_rounds(document) if p]
    if len(parts) < 2:
        return []
    spans = ", ".join(_part_span(i, p) for i, p in enumerate(parts, start=1))
    return [
        _("Each part ranks by SB (%(spans)s); the evening by the sum of its parts.", spans=spans)
    ]


def _part_span(i: int, rounds: list[int]) -> str:
    if len(rounds) == 1:
        return _("part %(n)s: round %(rounds)s", n=i, rounds=_span(rounds))
    return _("part %(n)s: rounds %(rounds)s", n=i, rounds=_span(rounds))
