"""Printable sheets as data: pure functions from API.md-shaped dicts to template contexts.

Table tickets, certificates, match records and score sheets are built here, the standings and
seating lists in ``lists`` (re-exported), from the plain dicts the services return (API.md
"Match state" and "standings"), so the templates in ``templates/print/`` need no ORM and every
decision (rank labels like "=3", page orientation, row banding, who gets a certificate, a blank
score sheet's columns) can be tested without Flask or WeasyPrint. (gettext works outside a
request too: it falls back to the msgid.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..i18n import games, rule_messages
from ..i18n.settlement import payment_lines
from ..rules.registry import GAME_NAMES, get_game
from ..services.match_settlement import settlement
from ..standings_table import (  # noqa: F401  (re-exported)
    present,
    prize_places,
    rank_labels,
    tiebreak_label,
    total_heading,
)
from . import lists
from .chart import running_chart, running_totals
from .lists import BAND  # noqa: F401  (re-exported)
from .paging import PAPERS, paper  # noqa: F401  (re-exported)
from .seating import seating_context  # noqa: F401  (re-exported)
from .standings_sheet import standings_context  # noqa: F401  (re-exported)

MARGIN_MM = lists.MARGIN_MM


def qr_svg(url: str) -> str:
    """An inline SVG QR code for ``url`` (sized by CSS, not by attributes)."""
    import segno

    return segno.make(url, error="m").svg_inline(omitsize=True, border=2, dark="#000")


def tickets_context(round_: Mapping[str, Any], *, entry_url: Any) -> dict[str, Any]:
    """One ticket per table; ``entry_url(match_id, token)`` gives the absolute entry link."""
    tickets = []
    for table in sorted(round_.get("tables") or [], key=lambda t: t["table"]):
        url = entry_url(table["match_id"], table["token"])
        tickets.append(
            {
                "table": table["table"],
                "players": list(table.get("players") or []),
                "url": url,
                "qr": qr_svg(url),
            }
        )
    return {"round": round_.get("round"), "tickets": tickets}


def ordinal_place(place: int) -> str:
    """ "1st place", "2nd place" ... as printed on a certificate."""
    words = {1: _("1st place"), 2: _("2nd place"), 3: _("3rd place")}
    return words.get(place, _("%(n)sth place", n=place))


def certificates_context(
    standings: Mapping[str, Any], *, places: int | None = None, category: str = ""
) -> dict[str, Any]:
    """A certificate for each place with a prize (RULES.md §6 v2: ``places``, default the
    payout's places or three): places follow the lot, which the certificate names when it decided;
    a provisional row gets none until its table is confirmed. Each carries the result and a line
    to sign; ``category``: the category's name (its own standings)."""
    rows = list(standings.get("rows") or [])
    tournament = standings.get("tournament") or {}
    places = places or prize_places(tournament)
    shared = [label.startswith("=") for label in rank_labels([r["rank"] for r in rows])]
    heading = total_heading(tournament.get("ranking")) if tournament.get("ranking") else ""
    counted = bool(standings.get("after_round"))
    prized = [(i, r) for i, r in enumerate(rows) if (r.get("place") or i + 1) <= places]
    return {
        "tournament": tournament,
        "certificates": [
            _certificate(r, i, shared[i], heading)
            for i, r in prized
            if counted and not r.get("provisional")
        ],
        "waiting": [r["player"] for _i, r in prized if counted and r.get("provisional")],
        "category": category,
    }


def _certificate(row: Mapping[str, Any], i: int, by_lot: bool, heading: str) -> dict[str, Any]:
    """One certificate: the player, the place, whether the lot gave it, the result."""
    total = row.get("total")
    return {
        "player": row["player"],
        "rank": row["rank"],
        "place": ordinal_place(row.get("place") or i + 1),
        "by_lot": by_lot,
        "score": f"{heading}: {total}" if heading and total is not None else "",
    }


def match_record_context(state: Mapping[str, Any]) -> dict[str, Any]:
    """Every deal with its explanation and running totals, the final scores, winner and chart."""
    sides = list(state.get("sides") or state.get("players") or [])
    players = list(state.get("players") or sides)
    deltas = [d.get("delta") or [0] * len(sides) for d in state.get("deals") or []]
    game = state.get("game", "")
    preset = state.get("preset")
    return {
        "title": rule_messages.render(state.get("title") or ""),  # a made-up title is coded
        "game": game,
        "deck": (state.get("options") or {}).get("deck"),  # the cards shown (option deck)
        "game_title": game_short_title(game, preset),
        # the games table's last heading (the record of a Mariasz or Mariage match)
        "game_points": games_points_label(game, preset),
        "sides": sides,
        "side_heads": short_names(sides),  # the narrow deal columns: first names
        "players": players,
        "rows": _record_rows(state, sides, players, deltas),
        **_record_result(state, sides),
        "games": [dict(g, kind=games.game_kind(g.get("kind"))) for g in state.get("games") or []],
        "chart": running_chart(sides, deltas, width=640, height=220, title=_("Running score")),
        **_settlement(state, sides),
    }


def _settlement(state: Mapping[str, Any], sides: list[str]) -> dict[str, Any]:
    """Who pays whom (docs/rules.md §4 "Money"), for a game played for money once a deal is
    played; while the match is open, what the table would pay if it stopped now."""
    settled = settlement(state) if state.get("game") in GAME_NAMES and state.get("deals") else None
    return {"settles": settled is not None, "settlement": payment_lines(settled, sides)}


def _record_rows(
    state: Mapping[str, Any], sides: list[str], players: list[str], deltas: list[list[int]]
) -> list[dict[str, Any]]:
    """Each deal of the record: its number, change, totals after it, summary and explanation."""
    totals = running_totals(len(sides), deltas)
    teams = sides if len(sides) == 2 and len(players) == 4 else []
    names = rule_messages.Names(players, teams, game=state.get("game"))
    return [
        {
            "n": d.get("n", i + 1),
            "delta": [_signed(v) for v in deltas[i]],
            "after": [totals[s][i + 1] for s in range(len(sides))],
            "summary": str(d.get("summary") or ""),
            "explanation": rule_messages.explanation(d, names),
        }
        for i, d in enumerate(state.get("deals") or [])
    ]


def _record_result(state: Mapping[str, Any], sides: list[str]) -> dict[str, Any]:
    """The final scores, money and winner of a match record."""
    winner = state.get("winner")
    money = state.get("money")
    finished = bool(state.get("finished"))
    return {
        "scores": list(state.get("scores") or [0] * len(sides)),
        "money": list(money) if money else None,
        # premium points per player (licitovaný mariáš, docs/rules.md §4a): beside, never in
        "pb": list(state["pb"]) if state.get("pb") else None,
        "currency": state.get("currency") or "",
        "finished": finished,
        "winner": sides[winner] if finished and winner is not None else None,
    }


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


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
    names = [p.strip() for p in players if p.strip()]
    counts = game.sheet.seats
    if len(names) not in counts:
        wanted = seats if seats in counts else counts[0]
        names = (names + [""] * wanted)[:wanted]
    if game.plays_in_teams({"players": len(names)}):
        teams = [(names[0], names[2]), (names[1], names[3])]
        sides = [" & ".join(n for n in team if n) for team in teams]
        return names, sides
    return names, list(names)


def short_names(sides: Sequence[str], longest: int = 10) -> list[str]:
    """Column headings for players: 'Małgorzata Żółć' -> 'Małgorzata', 'Jana N.' where two
    share a first name; teams ('A & B') name by name; names up to ``longest`` stay whole."""

    def firsts(name: str) -> list[str]:
        return [part.split()[0] if part.split() else "" for part in name.split(" & ")]

    taken = [f for side in sides for f in firsts(side)]
    out = []
    for side in sides:
        if len(side) <= longest:
            out.append(side)
            continue
        parts = []
        for part in side.split(" & "):
            words = part.split()
            if not words:
                parts.append(part)
            elif taken.count(words[0]) > 1 and len(words) > 1:
                parts.append(f"{words[0]} {words[-1][0]}.")
            else:
                parts.append(words[0])
        out.append(" & ".join(parts))
    return out


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
    title = rules.short_title
    names, sides = _sides_for_sheet(rules, players, seats)
    # the columns are narrow: first names over them (the full names head the sheet)
    per_side = [{"label": s, "blank": not s} for s in short_names(sides)]

    columns = [
        {"label": column_label(c.key), "sub": per_side if c.per_side else None, "cls": c.cls}
        for c in rules.sheet.columns[len(names)]
    ]
    landscape = rules.sheet.landscape
    width = sum(len(c["sub"]) if c["sub"] else 1 for c in columns)
    page = page or paper("a4")
    usable = (page["width_mm"] if landscape else page["height_mm"]) - 2 * MARGIN_MM - 52
    if any(names):  # the "Players:" line and names wrapping in the column heads take room
        usable -= 2 * ROW_MM
    usable -= SIGNATURES_MM  # the players sign the result under the table
    return {
        "game": game,
        "has_stake": rules.has_stake,  # the sheet has a line for the stake
        "title": title,
        "players": names,
        "sides": sides,
        "columns": columns,
        "width": width,
        "landscape": landscape,
        "legend": sheet_legend(game, preset),
        "blank_rows": list(range(1, sheet_rows(usable // ROW_MM) + 1)),
    }


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
