"""Printable sheets as data: pure functions from API.md-shaped dicts to template contexts.

Standings, seating, table tickets, certificates and match records are built here from the plain
dicts the services return (API.md "Match state" and "standings"), so the templates in
``templates/print/`` need no ORM and every decision (rank labels like "=3", page orientation,
row banding, who gets a certificate, a blank score sheet's columns) can be tested without
Flask or WeasyPrint. (gettext works outside a request too: it falls back to the msgid.)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..i18n import collation, games, rule_messages
from ..i18n.settlement import payment_lines
from ..rules.registry import GAME_NAMES, get_game
from ..services.match_settlement import settlement
from ..standings_table import present, rank_labels, tiebreak_label, total_heading  # noqa: F401
from .chart import running_chart, running_totals

PAPERS = {"a4": ("A4", 210, 297), "letter": ("Letter", 216, 279)}
MARGIN_MM = 12
#: Standings column widths in mm including cell padding, mirroring print.css (normal, large):
#: rank, the name's minimum, one round, the total, one tie-break.
STANDINGS_MM = {False: (12, 60, 14, 18, 18), True: (20, 100, 23, 29, 29)}
BAND = 3  # shade every other group of three rows: the eye keeps its line from two metres


def paper(name: str | None, default: str = "a4") -> dict[str, Any]:
    """Page size for ?paper= (a4 | letter; anything else falls back to ``default``)."""
    key = (name or default).lower()
    if key not in PAPERS:
        key = default.lower() if default.lower() in PAPERS else "a4"
    size, width, height = PAPERS[key]
    usable = height - 2 * MARGIN_MM - 8  # the bottom margin box holds "page X of Y"
    return {
        "key": key,
        "size": size,
        "width_mm": width,
        "height_mm": height,
        "margin": f"{MARGIN_MM}mm",
        "half_height": f"{usable // 2 - 2}mm",
    }


def _subtitle(tournament: Mapping[str, Any], after_round: int | None) -> str:
    planned = tournament.get("rounds_planned")
    if not after_round:
        return _("before round 1")
    if planned:
        return _("after round %(n)s of %(m)s", n=after_round, m=planned)
    return _("after round %(n)s", n=after_round)


def standings_context(
    standings: Mapping[str, Any], *, large: bool = False, page: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Context of the standings sheet from the standings JSON (+ its "tournament" dict): the one
    presenter's table (``standings_table``) with the paper's own layout: bands and page breaks."""
    tournament = standings.get("tournament") or {}
    # read from two metres: rank, name, rounds, total and the first tie-break; the money and
    # the later tie-breaks stay on the normal sheet, so the names get the room
    table = present(
        standings,
        tiebreaks=1 if large else None,
        lot=True,
        with_money=not large,
        rows_before_results=True,
    )
    n_extra = len(table.tiebreak_headings) + (1 if table.money_heading else 0)
    orientation = standings_layout(len(table.round_headings), n_extra, large=large, page=page)
    rows = [{**row, "shaded": (i // BAND) % 2 == 1} for i, row in enumerate(table.rows)]
    for i in page_breaks([r["player"] for r in rows], large=large, layout=orientation, page=page):
        rows[i]["newpage"] = True
    return {
        "tournament": tournament,
        "table": table,
        "subtitle": _subtitle(tournament, table.after_round),
        "who_heading": table.who_heading,
        "round_headings": table.round_headings,
        "total_heading": table.total_heading,
        "tiebreak_headings": [h.text for h in table.tiebreak_headings],
        "tiebreak_titles": [h.title for h in table.tiebreak_headings],
        # Mariáš for money: the balance times the stake, as on the standings page
        "money_heading": table.money_heading,
        "rows": rows,
        "large": large,
        "landscape": orientation != "portrait",
        "compact": orientation == "compact",
    }


def standings_layout(
    n_rounds: int, n_tiebreaks: int, *, large: bool = False, page: Mapping[str, Any] | None = None
) -> str:
    """ "portrait" if the columns fit upright, else "landscape", else "compact" (smaller type)."""
    rank, name, round_, total, tiebreak = STANDINGS_MM[large]
    needed = rank + name + n_rounds * round_ + total + n_tiebreaks * tiebreak
    page = page or paper("a4")
    for orientation, width in (("portrait", page["width_mm"]), ("landscape", page["height_mm"])):
        if needed <= width - 2 * MARGIN_MM:
            return orientation
    return "compact"


#: Standings type size in pt (print.css) by (large, layout); a row is its line plus padding.
STANDINGS_PT = {
    (False, "portrait"): 13, (False, "landscape"): 13, (False, "compact"): 11,
    (True, "portrait"): 22, (True, "landscape"): 22, (True, "compact"): 16,
}  # fmt: skip


def page_breaks(
    names: Sequence[str], *, large: bool, layout: str, page: Mapping[str, Any] | None = None
) -> list[int]:
    """Rows that start a new printed page so the pages share the rows evenly (no last page
    with one or two rows). Heights are estimated on the safe side (a long name wraps)."""
    page = page or paper("a4")
    pt = STANDINGS_PT[(large, layout)]
    row_mm = pt * 0.46 + 3.0
    portrait = layout == "portrait"
    height = (page["height_mm"] if portrait else page["width_mm"]) - 2 * MARGIN_MM - 8
    width = (page["width_mm"] if portrait else page["height_mm"]) - 2 * MARGIN_MM
    body = height - 2 * row_mm  # the repeated heading row, with room to spare
    title = 28 if large else 22  # the first page also carries the name and the meta line
    name_mm = max(width * 0.45, STANDINGS_MM[large][1])
    per_line = max(8, int(name_mm / (pt * 0.3528 * 0.72)))
    units = [max(1, math.ceil(len(n) / per_line)) for n in names]
    first, rest = int((body - title) // row_mm), int(body // row_mm)
    total = sum(units)
    if total <= first:
        return []
    pages = 1 + math.ceil((total - first) / rest)
    share = math.ceil(total / pages)
    breaks, used, capacity = [], 0, min(first, share)
    for i, u in enumerate(units):
        if used + u > capacity and used:
            breaks.append(i)
            used, capacity = 0, min(rest, math.ceil((sum(units[i:])) / (pages - len(breaks))))
        used += u
    return breaks


def seating_context(round_: Mapping[str, Any]) -> dict[str, Any]:
    """Seating of one round, by name (alphabetical) and by table (players in seat order)."""
    tables = sorted(round_.get("tables") or [], key=lambda t: t["table"])
    by_name = [
        {"player": name, "table": t["table"], "seat": seat}
        for t in tables
        for seat, name in enumerate(t.get("players") or [], start=1)
    ]
    byes = [
        b.get("player", "") if isinstance(b, Mapping) else str(b) for b in round_.get("bye") or []
    ]
    by_name += [{"player": name, "table": None, "seat": None} for name in byes]
    name_key, letter = collation.sort_key(), collation.letter_of()
    by_name.sort(key=lambda r: (name_key(r["player"]), r["table"] or 0, r["seat"] or 0))
    for i, row in enumerate(by_name):
        row["shaded"] = (i // BAND) % 2 == 1
        previous = letter(by_name[i - 1]["player"]) if i else None
        row["new_letter"] = letter(row["player"]) != previous
    return {
        "round": round_.get("round"),
        "tables": [{"table": t["table"], "players": list(t.get("players") or [])} for t in tables],
        "by_name": by_name,
        "byes": sorted(byes, key=name_key),
    }


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


def certificates_context(standings: Mapping[str, Any]) -> dict[str, Any]:
    """A certificate for each of places 1–3 (RULES.md §6 v2): places follow the lot, which the
    certificate names when it decided; a provisional row gets none until its table is confirmed."""
    rows = list(standings.get("rows") or [])
    shared = [label.startswith("=") for label in rank_labels([r["rank"] for r in rows])]
    certificates = [
        {
            "player": r["player"],
            "rank": r["rank"],
            "place": ordinal_place(r.get("place") or i + 1),
            "by_lot": shared[i],
        }
        for i, r in enumerate(rows)
        if (r.get("place") or i + 1) <= 3
        and not r.get("provisional")
        and standings.get("after_round")
    ]
    waiting = [
        r["player"]
        for i, r in enumerate(rows)
        if (r.get("place") or i + 1) <= 3 and r.get("provisional")
    ]
    return {
        "tournament": standings.get("tournament") or {},
        "certificates": certificates,
        "waiting": waiting if standings.get("after_round") else [],
    }


def match_record_context(state: Mapping[str, Any]) -> dict[str, Any]:
    """Every deal with its explanation and running totals, the final scores, winner and chart."""
    sides = list(state.get("sides") or state.get("players") or [])
    players = list(state.get("players") or sides)
    deltas = [d.get("delta") or [0] * len(sides) for d in state.get("deals") or []]
    game = state.get("game", "")
    return {
        "title": rule_messages.render(state.get("title") or ""),  # a made-up title is coded
        "game": game,
        "deck": (state.get("options") or {}).get("deck"),  # the cards shown (option deck)
        "game_title": game_short_title(game),
        # the games table's last heading (the record of a Mariasz or Mariage match)
        "game_points": games_points_label(game),
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
        "currency": state.get("currency") or "",
        "finished": finished,
        "winner": sides[winner] if finished and winner is not None else None,
    }


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


ROW_MM = 8  # a handwritten figure needs about 8 mm of height


def _game(name: str) -> Any:
    """The game object of ``name``; KeyError for a game that is not in the registry."""
    if name not in GAME_NAMES:
        raise KeyError(name)
    return get_game(name)


def game_short_title(name: str) -> str:
    """The game's name on paper ("Mariáš"); an unknown name as it is."""
    return _game(name).short_title if name in GAME_NAMES else name


def _sides_for_sheet(game: Any, players: Sequence[str]) -> tuple[list[str], list[str]]:
    """(players, sides) for a sheet: blanks where nobody was named, teams for four in marianna."""
    names = [p.strip() for p in players if p.strip()]
    counts = game.sheet_seats
    if len(names) not in counts:
        names = (names + [""] * counts[0])[: counts[0]]
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
    game: str, players: Sequence[str] = (), *, page: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Columns and blank rows of a paper score sheet for ``game`` (KeyError if unknown)."""
    rules = _game(game)
    title = rules.short_title
    names, sides = _sides_for_sheet(rules, players)
    # the columns are narrow: first names over them (the full names head the sheet)
    per_side = [{"label": s, "blank": not s} for s in short_names(sides)]

    columns = [
        {"label": column_label(c.key), "sub": per_side if c.per_side else None, "cls": c.cls}
        for c in rules.sheet_columns(len(names))
    ]
    landscape = rules.sheet_landscape
    width = sum(len(c["sub"]) if c["sub"] else 1 for c in columns)
    page = page or paper("a4")
    usable = (page["width_mm"] if landscape else page["height_mm"]) - 2 * MARGIN_MM - 52
    if any(names):  # the "Players:" line and names wrapping in the column heads take room
        usable -= 2 * ROW_MM
    return {
        "game": game,
        "has_stake": rules.has_stake,  # the sheet has a line for the stake
        "title": title,
        "players": names,
        "sides": sides,
        "columns": columns,
        "width": width,
        "landscape": landscape,
        "legend": sheet_legend(game),
        "blank_rows": list(range(1, sheet_rows(usable // ROW_MM) + 1)),
    }


#: An evening's table plays up to about 30 deals: a sheet has room for them.
SHEET_DEALS = 30


def sheet_rows(per_page: int) -> int:
    """Rows of a blank sheet: one page when it holds ``SHEET_DEALS``, else both sides of the
    sheet of paper, filled (never a second page with one or two rows)."""
    per_page = max(per_page, 1)
    return per_page if per_page >= SHEET_DEALS else max(2 * per_page, SHEET_DEALS)


def column_label(key: str) -> str:
    """The heading of a score sheet column named by the game's ``sheet_columns``."""
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
    }
    return labels.get(key, key)


def games_points_label(game: str) -> str:
    """The heading of a match's games-won column: 'Match points' (Mariasz), 'Game points'."""
    return column_label(_game(game).game_points_key) if game in GAME_NAMES else ""


def sheet_legend(game: str) -> str:
    """A one-line reminder under a blank sheet (RULES.md §1–4), in the page's language."""
    return _(_game(game).sheet_legend) if game in GAME_NAMES else ""
