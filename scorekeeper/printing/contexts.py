"""Printable sheets as data: pure functions from API.md-shaped dicts to template contexts.

Standings, seating, table tickets, certificates and match records are built here from the plain
dicts the services return (API.md "Match state" and "standings"), so the templates in
``templates/print/`` need no ORM and every decision (rank labels like "=3", page orientation,
row banding, who gets a certificate, a blank score sheet's columns) can be tested without
Flask or WeasyPrint. (gettext works outside a request too: it falls back to the msgid.)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from flask_babel import gettext as _

from ..i18n import collation, formats, rule_messages
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


def rank_labels(ranks: Sequence[int]) -> list[str]:
    """Rank labels with shared ranks marked: [1, 2, 3, 3, 5] -> ["1", "2", "=3", "=3", "5"]."""
    counts = Counter(ranks)
    return [f"={r}" if counts[r] > 1 else str(r) for r in ranks]


def tiebreak_label(key: str) -> str:
    """A short column heading for a tie-break key from the standings JSON."""
    labels = {
        "table_wins": _("Wins"),
        "best_round": _("Best"),
        "last_places": _("Lasts"),
        "lot": _("Lot"),
        "point_difference": _("Diff."),
        "match_points": _("MP"),
        "buchholz": _("Buchh."),  # "Buchholz" broke mid-word in its 16 mm column
    }
    return labels.get(key, key.replace("_", " ").capitalize())


def total_heading(ranking: str | None) -> str:
    """The heading of the ranking column: wins, places or the balance (RULES.md §6)."""
    return {"wins": _("Wins"), "placings": _("Places"), "balance": _("Balance")}.get(
        ranking or "", _("Total")
    )


def _stake(tournament: Mapping[str, Any]) -> Decimal | None:
    """The tournament's stake per unit, or None (no stake, or not a number)."""
    try:
        stake = Decimal(str(tournament.get("stake") or ""))
    except InvalidOperation:
        return None
    return stake if stake.is_finite() and stake > 0 else None


def _money(total: Any, stake: Decimal | None) -> str | None:
    """'-12,50': a balance at the stake, two decimals, as the page's language writes it."""
    if stake is None or not isinstance(total, int):
        return None
    return formats.money(total * stake)


def _cell(value: Any) -> str:
    return "–" if value is None else str(value)


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
    """Context of the standings sheet from the standings JSON (+ its "tournament" dict)."""
    tournament = standings.get("tournament") or {}
    rows_in = list(standings.get("rows") or [])
    after = standings.get("after_round") or 0
    n_rounds = max([after, *(len(r.get("rounds") or []) for r in rows_in)])
    keys: list[str] = []
    for row in rows_in:
        keys += [k for k in (row.get("tiebreaks") or {}) if k not in keys]
    labels = rank_labels([row.get("rank", i + 1) for i, row in enumerate(rows_in)])
    gone = set(tournament.get("withdrawn") or [])
    stake = _stake(tournament) if tournament.get("ranking", "balance") == "balance" else None
    if large:
        # read from two metres: rank, name, rounds, total and the first tie-break; the money
        # and the later tie-breaks stay on the normal sheet, so the names get the room
        keys, stake = keys[:1], None
    rows = []
    for i, (row, label) in enumerate(zip(rows_in, labels, strict=True)):
        results = list(row.get("rounds") or [])
        results += [None] * (n_rounds - len(results))
        tiebreaks = row.get("tiebreaks") or {}
        pending = set(row.get("pending_rounds") or [])
        dropped = set(row.get("dropped_rounds") or [])
        rows.append(
            {
                "rank": label,
                "player": row.get("player", ""),
                "withdrawn": row.get("player_id") in gone,
                "provisional": bool(row.get("provisional")),
                "total": _cell(row.get("total")),
                "money": _money(row.get("total"), stake),
                "rounds": ["…" if n in pending else _cell(v) for n, v in enumerate(results, 1)],
                "dropped": [n in dropped for n in range(1, len(results) + 1)],
                "tiebreaks": [_cell(tiebreaks.get(k)) for k in keys],
                "shaded": (i // BAND) % 2 == 1,
            }
        )
    orientation = standings_layout(
        n_rounds, len(keys) + (1 if stake is not None else 0), large=large, page=page
    )
    for i in page_breaks([r["player"] for r in rows], large=large, layout=orientation, page=page):
        rows[i]["newpage"] = True
    return {
        "tournament": tournament,
        "subtitle": _subtitle(tournament, after),
        "round_headings": [_("R%(n)s", n=n + 1) for n in range(n_rounds)],
        "total_heading": total_heading(tournament.get("ranking")),
        "tiebreak_headings": [tiebreak_label(k) for k in keys],
        # Mariáš for money: the balance times the stake, as on the standings page
        "money_heading": (tournament.get("currency") or _("Money")) if stake is not None else None,
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
    """Rows that start a new printed page so the pages share the rows evenly (issue 14: no last
    page with one or two rows). Heights are estimated on the safe side (a long name wraps)."""
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
    counts = Counter(r["rank"] for r in rows)
    certificates = [
        {
            "player": r["player"],
            "rank": r["rank"],
            "place": ordinal_place(r.get("place") or i + 1),
            "by_lot": counts[r["rank"]] > 1,
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
    deals = list(state.get("deals") or [])
    deltas = [d.get("delta") or [0] * len(sides) for d in deals]
    totals = running_totals(len(sides), deltas)
    players = list(state.get("players") or sides)
    teams = sides if len(sides) == 2 and len(players) == 4 else []
    names = rule_messages.Names(players, teams, game=state.get("game"))
    rows = [
        {
            "n": d.get("n", i + 1),
            "delta": [_signed(v) for v in deltas[i]],
            "after": [totals[s][i + 1] for s in range(len(sides))],
            "summary": str(d.get("summary") or ""),
            "explanation": rule_messages.explanation(d, names),
        }
        for i, d in enumerate(deals)
    ]
    winner = state.get("winner")
    money = state.get("money")
    return {
        "title": state.get("title") or "",
        "game": state.get("game", ""),
        "game_title": GAME_TITLES.get(state.get("game", ""), state.get("game", "")),
        "sides": sides,
        "side_heads": short_names(sides),  # the narrow deal columns: first names
        "players": list(state.get("players") or sides),
        "rows": rows,
        "scores": list(state.get("scores") or [0] * len(sides)),
        "money": list(money) if money else None,
        "currency": state.get("currency") or "",
        "finished": bool(state.get("finished")),
        "winner": sides[winner] if state.get("finished") and winner is not None else None,
        "games": list(state.get("games") or []),
        "chart": running_chart(sides, deltas, width=640, height=220, title=_("Running score")),
    }


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


GAME_TITLES = {
    "mariasz": "Mariasz",
    "mariage": "Mariage",
    "marianna": "Marianna",
    "marias": "Mariáš",
}
ROW_MM = 8  # a handwritten figure needs about 8 mm of height


def _sides_for_sheet(game: str, players: Sequence[str]) -> tuple[list[str], list[str]]:
    """(players, sides) for a sheet: blanks where nobody was named, teams for four in marianna."""
    names = [p.strip() for p in players if p.strip()]
    counts = {"marias": (3, 4), "marianna": (4, 2)}.get(game, (2,))
    if len(names) not in counts:
        names = (names + [""] * counts[0])[: counts[0]]
    if game == "marianna" and len(names) == 4:
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
    title = GAME_TITLES[game]
    names, sides = _sides_for_sheet(game, players)
    # the columns are narrow: first names over them (the full names head the sheet)
    per_side = [{"label": s, "blank": not s} for s in short_names(sides)]

    def single(label: str, cls: str = "") -> dict[str, Any]:
        return {"label": label, "sub": None, "cls": cls}

    def group(label: str, cls: str = "") -> dict[str, Any]:
        return {"label": label, "sub": per_side, "cls": cls}

    if game == "marias":
        columns = [single("#", "n")]
        if len(names) == 4:
            columns.append(single(_("Dealer"), "narrow"))
        columns += [
            single(_("Declarer"), "name"),
            single(_("Trump"), "narrow"),
            single(_("Game (parts)"), "wide"),
            single(_("Flek"), "narrow"),
            single(_("Won / lost"), "narrow"),
            group(_("± this deal")),
            group(_("Balance"), "strong"),
        ]
        landscape = True
    elif game == "marianna":
        columns = [
            single("#", "n"),
            group(_("Card points")),
            group(_("Declarations"), "decl"),
            group(_("Total"), "strong"),
        ]
        landscape = False
    else:
        columns = [
            single("#", "n"),
            single(_("Trump"), "narrow"),
            group(_("Card points")),
            group(_("Marriages")),
            single(_("Game result"), "wide"),
            group(_("Match points") if game == "mariasz" else _("Game points"), "strong"),
        ]
        landscape = False
    width = sum(len(c["sub"]) if c["sub"] else 1 for c in columns)
    page = page or paper("a4")
    usable = (page["width_mm"] if landscape else page["height_mm"]) - 2 * MARGIN_MM - 52
    if any(names):  # the "Players:" line and names wrapping in the column heads take room
        usable -= 2 * ROW_MM
    return {
        "game": game,
        "title": title,
        "players": names,
        "sides": sides,
        "columns": columns,
        "width": width,
        "landscape": landscape,
        "legend": sheet_legend(game),
        "blank_rows": list(range(1, sheet_rows(usable // ROW_MM) + 1)),
    }


#: An evening's table plays up to about 30 deals: a sheet has room for them (issue 14).
SHEET_DEALS = 30


def sheet_rows(per_page: int) -> int:
    """Rows of a blank sheet: one page when it holds ``SHEET_DEALS``, else both sides of the
    sheet of paper, filled (never a second page with one or two rows)."""
    per_page = max(per_page, 1)
    return per_page if per_page >= SHEET_DEALS else max(2 * per_page, SHEET_DEALS)


def sheet_legend(game: str) -> str:
    """A one-line reminder under a blank sheet (RULES.md §1–4)."""
    legends = {
        "mariasz": _("138 card points a deal · marriages 40 in trumps, 20 plain · game to 131"),
        "mariage": _("Each deal is a game: 1 game point, 2 when the loser has under 33"),
        "marianna": _("120 card points a deal · mariannas 40, 60, 80, 100 in order · match to 501"),
        "marias": _(
            "Units (pub): hra 1 · sto 4 · sedma 2 · dvě sedmy 8 · betl 5 · durch 10 · "
            "each flek doubles"
        ),
    }
    return legends.get(game, "")
