"""Printable sheets as data: pure functions from API.md-shaped dicts to template contexts.

Table tickets, certificates and match records are built here; the score sheet in
``score_sheet``, the standings and seating lists in ``standings_sheet`` and ``seating`` (all
re-exported). They are built from the plain dicts the services return (API.md "Match state" and
"standings"), so the templates in ``templates/print/`` need no ORM and every decision (rank
labels like "=3", page orientation, row banding, who gets a certificate, a blank score sheet's
columns) can be tested without Flask or WeasyPrint. (gettext works outside a
request too: it falls back to the msgid.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..i18n import games, rule_messages
from ..i18n.settlement import payment_lines
from ..rules.registry import GAME_NAMES
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
from .score_sheet import (  # noqa: F401  (score_sheet_context, short_names re-exported)
    game_short_title,
    games_points_label,
    score_sheet_context,
    short_names,
)
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
    prized = _prized(rows, places or prize_places(tournament))
    ready, waiting = _ready(prized, counted=bool(standings.get("after_round")))
    shared = _shared_ranks(rows)
    heading = _score_heading(tournament)
    return {
        "tournament": tournament,
        "certificates": [_certificate(r, i, shared[i], heading) for i, r in ready],
        "waiting": waiting,
        "category": category,
    }


Prized = list[tuple[int, Any]]  # rows with a prize, each with its index in the standings


def _prized(rows: Sequence[Mapping[str, Any]], places: int) -> Prized:
    """The rows (with their index) whose place, the lot's or else their order, wins a prize."""
    return [(i, r) for i, r in enumerate(rows) if (r.get("place") or i + 1) <= places]


def _ready(prized: Prized, *, counted: bool) -> tuple[Prized, list[str]]:
    """The prized rows that get their certificate now, and the names of those waiting for
    their table to be confirmed (none of either before a round is counted)."""
    ready: Prized = []
    waiting: list[str] = []
    if not counted:
        return ready, waiting
    for i, row in prized:
        if row.get("provisional"):
            waiting.append(row["player"])
        else:
            ready.append((i, row))
    return ready, waiting


def _shared_ranks(rows: Sequence[Mapping[str, Any]]) -> list[bool]:
    """Whether each row's rank is shared ("=3"): the lot gave its place."""
    return [label.startswith("=") for label in rank_labels([r["rank"] for r in rows])]


def _score_heading(tournament: Mapping[str, Any]) -> str:
    """The heading of the result a certificate names ("Total", …; none without a ranking)."""
    ranking = tournament.get("ranking")
    return total_heading(ranking) if ranking else ""


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
    sides, players = _sides_and_players(state)
    deltas = _deltas(state, len(sides))
    return {
        **_record_heading(state),
        "sides": sides,
        "side_heads": short_names(sides),  # the narrow deal columns: first names
        "players": players,
        "rows": _record_rows(state, sides, players, deltas),
        **_record_result(state, sides),
        "games": [dict(g, kind=games.game_kind(g.get("kind"))) for g in state.get("games") or []],
        "chart": running_chart(sides, deltas, width=640, height=220, title=_("Running score")),
        **_settlement(state, sides),
    }


def _sides_and_players(state: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The match's sides (its players where it names no sides) and players (its sides where it
    names no players)."""
    sides = list(state.get("sides") or state.get("players") or [])
    return sides, list(state.get("players") or sides)


def _deltas(state: Mapping[str, Any], n_sides: int) -> list[list[int]]:
    """Each deal's change of score per side (zeros where a deal has none)."""
    return [d.get("delta") or [0] * n_sides for d in state.get("deals") or []]


def _record_heading(state: Mapping[str, Any]) -> dict[str, Any]:
    """The record's title and its game: name, cards shown, title and games-column heading."""
    game = state.get("game", "")
    preset = state.get("preset")
    return {
        "title": rule_messages.render(state.get("title") or ""),  # a made-up title is coded
        "game": game,
        "deck": (state.get("options") or {}).get("deck"),  # the cards shown (option deck)
        "game_title": game_short_title(game, preset),
        # the games table's last heading (the record of a Mariasz or Mariage match)
        "game_points": games_points_label(game, preset),
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
    names = rule_messages.Names(players, _teams(sides, players), game=state.get("game"))
    return [
        _record_row(i, deal, deltas[i], [t[i + 1] for t in totals], names)
        for i, deal in enumerate(state.get("deals") or [])
    ]


def _teams(sides: list[str], players: list[str]) -> list[str]:
    """The sides as teams, where two sides seat four players (marianna); else none."""
    return sides if len(sides) == 2 and len(players) == 4 else []


def _record_row(
    i: int, deal: Mapping[str, Any], delta: list[int], after: list[int], names: Any
) -> dict[str, Any]:
    """The ``i``-th deal's row: number, change, totals after it, summary and explanation."""
    return {
        "n": deal.get("n", i + 1),
        "delta": [_signed(v) for v in delta],
        "after": after,
        "summary": str(deal.get("summary") or ""),
        "explanation": rule_messages.explanation(deal, names),
    }


def _record_result(state: Mapping[str, Any], sides: list[str]) -> dict[str, Any]:
    """The final scores, money and winner of a match record."""
    winner = state.get("winner")
    finished = bool(state.get("finished"))
    return {
        "scores": list(state.get("scores") or [0] * len(sides)),
        **_record_money(state),
        "finished": finished,
        "winner": sides[winner] if finished and winner is not None else None,
    }


def _record_money(state: Mapping[str, Any]) -> dict[str, Any]:
    """The money and premium points of a match record (licitovaný mariáš, docs/rules.md §4a:
    premium points per player, beside the score, never in it) and their currency."""
    money = state.get("money")
    return {
        "money": list(money) if money else None,
        "pb": list(state["pb"]) if state.get("pb") else None,
        "currency": state.get("currency") or "",
    }


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)
