"""The paper score sheet a table fills in by hand: its columns (per the game's ``sheet``), the
players' short names over them and the blank rows that fill its page; and the game's name and
column headings as paper prints them (the match record uses them too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..rules.registry import GAME_NAMES, get_game
from .lists import MARGIN_MM
from .paging import paper

ROW_MM = 8  # a handwritten figure needs about 8 mm of height


def _game(name: str, preset: str | None = None) -> Any:
    """The game object of ``name`` (and ``preset``, when it is a game of its own: licitovaný
    mariáš); KeyError for a game that is not in the registry."""
    if name not in GAME_NAMES:
        raise KeyError(name)
    return get_game(name, preset)


def game_short_title(name: str, preset: str | None = None) -> str:
    """The game's name on paper ("Mariáš"); an unknown name as it is."""
    return _game(name, preset).short_title if name in GAME_NAMES else name


def _sides_for_sheet(
    game: Any, players: Sequence[str], seats: int | None = None
) -> tuple[list[str], list[str]]:
    """(players, sides) for a sheet: blanks where nobody was named (``seats`` of them, where the
    game's sheet has that many: a Mariáš table of 4), teams for four in marianna."""
    names = _seated([p.strip() for p in players if p.strip()], game.sheet.seats, seats)
    if game.plays_in_teams({"players": len(names)}):
        return names, _team_sides(names)
    return names, list(names)


def _team_sides(names: list[str]) -> list[str]:
    """The two teams of four (partners sit across: first and third, second and fourth), named
    by their players ("A & C"; a blank seat left out)."""
    teams = [(names[0], names[2]), (names[1], names[3])]
    return [" & ".join(n for n in team if n) for team in teams]


def _seated(names: list[str], counts: Sequence[int], seats: int | None) -> list[str]:
    """``names`` as the sheet seats them: where the sheet has no column set for so many, blanks
    up to (or the first names of) ``seats`` where it has those, else its first count."""
    if len(names) in counts:
        return names
    wanted = seats if seats in counts else counts[0]
    return (names + [""] * wanted)[:wanted]


def short_names(sides: Sequence[str], longest: int = 10) -> list[str]:
    """Column headings for players: 'Małgorzata Żółć' -> 'Małgorzata', 'Jana N.' where two
    share a first name; teams ('A & B') name by name; names up to ``longest`` stay whole."""
    taken = [first for side in sides for first in _first_names(side)]
    return [side if len(side) <= longest else _short_side(side, taken) for side in sides]


def _first_names(side: str) -> list[str]:
    """The first name of each player of a side ('A & B': two; blank for a blank name)."""
    return [part.split()[0] if part.split() else "" for part in side.split(" & ")]


def _short_side(side: str, taken: list[str]) -> str:
    return " & ".join(_short_name(part, taken) for part in side.split(" & "))


def _short_name(name: str, taken: list[str]) -> str:
    """The first name, with the last name's initial where another player shares it."""
    words = name.split()
    if not words:
        return name
    if taken.count(words[0]) > 1 and len(words) > 1:
        return f"{words[0]} {words[-1][0]}."
    return words[0]


def score_sheet_context(
    game: str,
    players: Sequence[str] = (),
    *,
    page: Mapping[str, Any] | None = None,
    seats: int | None = None,
    preset: str | None = None,
) -> dict[str, Any]:
    """Columns and blank rows of a paper score sheet for ``game`` (KeyError if unknown);
    ``seats``: how many players a blank sheet is for (a Mariáš table of 3 or 4); ``preset``:
    a preset that is a game of its own (licitovaný mariáš) has its own sheet."""
    rules = _game(game, preset)
    names, sides = _sides_for_sheet(rules, players, seats)
    columns = _sheet_columns(rules, len(names), sides)
    landscape = rules.sheet.landscape
    return {
        "game": game,
        "has_stake": rules.has_stake,  # the sheet has a line for the stake
        "title": rules.short_title,
        "players": names,
        "sides": sides,
        "columns": columns,
        "width": sum(len(c["sub"]) if c["sub"] else 1 for c in columns),
        "landscape": landscape,
        "legend": sheet_legend(game, preset),
        "blank_rows": _blank_rows(page or paper("a4"), landscape=landscape, named=any(names)),
    }


def _sheet_columns(rules: Any, seated: int, sides: Sequence[str]) -> list[dict[str, Any]]:
    """The sheet's columns for ``seated`` players; a column per side has a figure per side,
    each headed by a first name (the columns are narrow: the full names head the sheet)."""
    per_side = [{"label": s, "blank": not s} for s in short_names(sides)]
    return [
        {"label": column_label(c.key), "sub": per_side if c.per_side else None, "cls": c.cls}
        for c in rules.sheet.columns[seated]
    ]


def _blank_rows(page: Mapping[str, Any], *, landscape: bool, named: bool) -> list[int]:
    """The numbers of the rows that fill the page under the heading (and the players' names)
    and over the signature lines."""
    usable = (page["width_mm"] if landscape else page["height_mm"]) - 2 * MARGIN_MM - 52
    if named:  # the "Players:" line and names wrapping in the column heads take room
        usable -= 2 * ROW_MM
    usable -= SIGNATURES_MM  # the players sign the result under the table
    return list(range(1, sheet_rows(usable // ROW_MM) + 1))


SIGNATURES_MM = 16  # the players' signature lines under a sheet

#: An evening's table plays up to about 30 deals: a sheet has room for them.
SHEET_DEALS = 30


def sheet_rows(per_page: int) -> int:
    """Rows of a blank sheet: one page when it holds ``SHEET_DEALS``, else both sides of the
    sheet of paper, filled (never a second page with one or two rows)."""
    per_page = max(per_page, 1)
    return per_page if per_page >= SHEET_DEALS else max(2 * per_page, SHEET_DEALS)


def column_label(key: str) -> str:
    """The heading of a score sheet column named by the game's ``sheet.columns``."""
    labels = {
        "n": "#",
        "dealer": _("Dealer"),
        "declarer": _("Declarer"),
        "trump": _("Trump"),
        "game_parts": _("Game (parts)"),
        "flek": _("Flek"),
        "won_lost": _("Won / lost"),
        "this_deal": _("± this deal"),
        "balance": _("Balance"),
        "card_points": _("Card points"),
        "declarations": _("Declarations"),
        "total": _("Total"),
        "marriages": _("Marriages"),
        "game_result": _("Game result"),
        "match_points": _("Match points"),
        "game_points": _("Game points"),
        "contract": _("Contract"),
        "pb": _("PB"),
    }
    return labels.get(key, key)


def games_points_label(game: str, preset: str | None = None) -> str:
    """The heading of a match's games-won column: 'Match points' (Mariasz), 'Game points'."""
    return column_label(_game(game, preset).game_points_key) if game in GAME_NAMES else ""


def sheet_legend(game: str, preset: str | None = None) -> str:
    """A one-line reminder under a blank sheet (RULES.md §1–4a), in the page's language."""
    return _(_game(game, preset).sheet.legend) if game in GAME_NAMES else ""
