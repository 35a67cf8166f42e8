"""The one standings presenter: the public page, the pub TV and the paper sheet show this table.

From the standings document the services return (API.md rows plus its "tournament" dict) it makes
the headings and the cells every medium prints: the rank with a shared rank marked "=3", the
name (withdrawn, provisional), each round ("…" waiting for its table, "–" not played, struck
through when dropped), the ranking column ("–" for a player with no result yet), the money
(``Decimal`` balance times the stake, in the reader's language) and the tie-breaks in the order
in force (the document's ``tiebreaks``), each headed by its metric's abbreviation
(``tournament.metrics``), the deciding one marked beside rows with the same total.

Under every table goes the same legend, written from that one ordered list and the metrics'
phrases, and "1st prize by lot: …" wherever the lot decided a place with a prize (both written
by ``standings_notes``). A medium chooses only how many tie-break columns it has room for (or
one "decided by" cell instead) and whether the lot is a column. It decides nothing about the
ranking and reads no database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from flask_babel import gettext as _

from . import standings_league
from .i18n import formats
from .standings_notes import (  # noqa: F401  (order_lines, category_label, prize_name re-exported)
    category_label,
    legend,
    order_lines,
    prize_lots,
    prize_name,
    prize_places,
    tiebreak_label,
)
from .tournament.metrics import METRICS, metric


@dataclass(frozen=True)
class Heading:
    """A column heading: the short text and what it means (a tooltip)."""

    key: str
    text: str
    title: str


@dataclass
class StandingsTable:
    """What every medium shows: headings, rows of printable cells, and the notes' facts."""

    who_heading: str
    total_heading: str
    money_heading: str | None
    round_headings: list[str]
    tiebreak_headings: list[Heading]
    rows: list[dict[str, Any]] = field(default_factory=list)
    after_round: int = 0
    legend: list[str] = field(default_factory=list)  # how ties are broken, in words
    prize_lots: list[str] = field(default_factory=list)  # "1st prize by lot: …"
    decider: bool = False  # one "decided by" cell per row instead of every tie-break
    order: list[str] = field(default_factory=list)  # the tie-breaks' headings in order, the lot
    # a league evening (RULES.md §6b): ZB, PB, SB, BP (and each part's SB) in place of the total
    figure_headings: list[Heading] = field(default_factory=list)

    @property
    def league(self) -> bool:
        """A league evening's table: its figures replace the total column."""
        return bool(self.figure_headings)

    @property
    def ties_note(self) -> str:
        """The legend as one paragraph."""
        return " ".join(self.legend)

    @property
    def tied(self) -> bool:
        """Some rank is shared (the "=" needs its note)."""
        return any(row["rank"].startswith("=") for row in self.rows)

    @property
    def provisional(self) -> bool:
        """Some row waits for a table's confirmation."""
        return any(row["provisional"] for row in self.rows)

    @property
    def byes(self) -> bool:
        """Some round's figure is a bye's (RULES.md §6), marked beside it."""
        return any(any(row["byes"]) for row in self.rows)

    @property
    def dropped(self) -> bool:
        """Some round leaves a total."""
        return any(any(row["dropped"]) for row in self.rows)


def rank_labels(ranks: Sequence[int]) -> list[str]:
    """Rank labels with shared ranks marked: [1, 2, 3, 3, 5] -> ["1", "2", "=3", "=3", "5"]."""
    counts = Counter(ranks)
    return [f"={r}" if counts[r] > 1 else str(r) for r in ranks]


def total_heading(ranking: str | None) -> str:
    """The heading of the ranking column: wins, places or the balance (RULES.md §6)."""
    if ranking in ("wins", "placings", "balance"):
        return _(METRICS[ranking].abbr)
    return _("Total")


def stake_of(tournament: Mapping[str, Any]) -> Decimal | None:
    """The stake per unit of a tournament ranked by balance, or None (no money shown)."""
    if tournament.get("ranking", "balance") != "balance":
        return None
    return _positive(tournament.get("stake"))


def _positive(value: Any) -> Decimal | None:
    """``value`` as a positive, finite Decimal; None for anything else."""
    try:
        stake = Decimal(str(value or ""))
    except InvalidOperation:
        return None
    return stake if stake.is_finite() and stake > 0 else None


def money(total: Any, stake: Decimal | None) -> str | None:
    """'-12.50': a balance at the stake as the page's language writes it (Decimal throughout)."""
    if stake is None or isinstance(total, bool) or not isinstance(total, int):
        return None
    return formats.money(Decimal(total) * stake)


def cell(value: Any) -> str:
    """A figure as printed: a dash for a round not played."""
    return "–" if value is None else str(value)


def tiebreak_order(document: Mapping[str, Any]) -> list[str]:
    """The tie-breaks in force, in order: the document's ``tiebreaks``, else (a document from
    elsewhere) every key its rows carry, in their order; never the lot."""
    keys = document.get("tiebreaks")
    if keys is None:
        keys = _row_keys(document)
    return [k for k in keys if k != "lot"]


def _row_keys(document: Mapping[str, Any]) -> list[str]:
    """Every tie-break key the document's rows carry, once each, in the order they come."""
    rows = document.get("rows") or []
    return list(dict.fromkeys(k for row in rows for k in row.get("tiebreaks") or {}))


def _no_result(row: Mapping[str, Any]) -> bool:
    """A player with no result yet (RULES.md §6: never shown with a result of 0)."""
    return row.get("played", 1) == 0


def _decided(row: Mapping[str, Any]) -> str:
    """The "decided by" cell: the deciding tie-break's heading and this row's figure."""
    key = row.get("decided_by")
    if not key:
        return ""
    value = (row.get("tiebreaks") or {}).get(key, (row.get("figures") or {}).get(key))
    return f"{tiebreak_label(key)}\u00a0{cell(value)}"


def _row(row: Mapping[str, Any], label: str, n_rounds: int, keys: list, ctx: dict) -> dict:
    out = _plain_row(row, label, n_rounds, keys, ctx)
    figures = ctx.get("figures") or []
    if figures:
        out.update(_league_cells(row, figures, out, ctx["stake"]))
    return out


def _league_cells(
    row: Mapping[str, Any], figures: list[str], out: Mapping[str, Any], stake: Decimal | None
) -> dict[str, Any]:
    """A league evening's figures, and its money: the chip balance's (ZB), not SB's."""
    empty = out["no_result"]
    return {
        "money": None if empty else money(row.get("zb"), stake),
        "figures": standings_league.cells(row, figures, empty),
        "figure_decides": _decides(figures, out["decided_by"], empty),
    }


def _plain_row(row: Mapping[str, Any], label: str, n_rounds: int, keys: list, ctx: dict) -> dict:
    empty = _no_result(row)
    return {
        "rank": label,
        "rank_number": row.get("rank"),
        "place": row.get("place"),
        "player": row.get("player", ""),
        "player_id": row.get("player_id"),
        "withdrawn": row.get("player_id") in ctx["gone"],
        "provisional": bool(row.get("provisional")),
        "no_result": empty,
        **_result_cells(row, empty, ctx["stake"]),
        **_round_cells(row, n_rounds),
        **_tiebreak_cells(row, keys, empty),
    }


def _result_cells(row: Mapping[str, Any], empty: bool, stake: Decimal | None) -> dict[str, Any]:
    """The ranking column's figure and the money ("–" and none without a result yet)."""
    if empty:
        return {"total": "–", "money": None}
    return {"total": cell(row.get("total")), "money": money(row.get("total"), stake)}


def _round_cells(row: Mapping[str, Any], n_rounds: int) -> dict[str, list]:
    """Each round's figure ("…" waiting for its table, "–" not played) and which rounds wait,
    leave the total (dropped) or were byes."""
    results = list(row.get("rounds") or [])
    results += [None] * (n_rounds - len(results))
    pending = set(row.get("pending_rounds") or [])
    return {
        "rounds": ["…" if n in pending else cell(v) for n, v in enumerate(results, 1)],
        "pending": _marks(row, "pending_rounds", n_rounds),
        "dropped": _marks(row, "dropped_rounds", n_rounds),
        "byes": _marks(row, "bye_rounds", n_rounds),
    }


def _marks(row: Mapping[str, Any], key: str, n_rounds: int) -> list[bool]:
    """For each round, whether the row lists it under ``key``."""
    marked = set(row.get(key) or [])
    return [n in marked for n in range(1, n_rounds + 1)]


def _tiebreak_cells(row: Mapping[str, Any], keys: list[str], empty: bool) -> dict[str, Any]:
    """The tie-breaks' figures, the lot, and the deciding one (marked, and in words)."""
    tiebreaks = row.get("tiebreaks") or {}
    decided_by = row.get("decided_by")
    return {
        "tiebreaks": [cell(tiebreaks.get(k)) for k in keys],
        "lot": cell(tiebreaks.get("lot")),
        "decides": _decides(keys, decided_by, empty),
        "decided_by": decided_by,
        "decided": "" if empty else _decided(row),
    }


def _decides(keys: list[str], decided_by: str | None, empty: bool) -> list[bool]:
    """Which of ``keys`` sets the row apart (none for a player with no result yet)."""
    return [k == decided_by and not empty for k in keys]


def present(
    document: Mapping[str, Any],
    *,
    tiebreaks: int | None = None,
    lot: bool = False,
    with_money: bool = True,
    rows_before_results: bool = False,
    decider: bool = False,
    parts: bool = True,
) -> StandingsTable:
    """The table of a standings document. ``tiebreaks``: how many tie-break columns (None: all);
    ``lot``: the seeded lot as a column (paper); ``with_money``: the balance at the stake;
    ``rows_before_results``: list the entrants before any result counts (paper); ``decider``:
    a "decided by" cell per row (the TV, large type) where columns have no room. A league
    evening (RULES.md §6b) has ZB, PB, SB and BP columns in place of the total (``parts``: each
    part's SB too), and its tie-breaks among them are not repeated."""
    tournament = document.get("tournament") or {}
    after = document.get("after_round") or 0
    rows_in = _entrants(document, after=after, rows_before_results=rows_before_results)
    n_rounds = _round_count(rows_in, after)
    order = tiebreak_order(document)
    keys, figures = _columns(document, order, tiebreaks=tiebreaks, lot=lot, parts=parts)
    stake = stake_of(tournament) if with_money else None
    rows = _rows(rows_in, n_rounds, keys, _row_context(tournament, stake, figures))
    return StandingsTable(
        **_headings(tournament, n_rounds, keys, stake, figures),
        rows=rows,
        after_round=after,
        legend=_legend(document, order, rows),
        prize_lots=_prize_lots(rows, tournament, after),
        decider=decider,
        order=[tiebreak_label(k) for k in [*order, "lot"]],
    )


def _prize_lots(rows: list[dict], tournament: Mapping[str, Any], after: int) -> list[str]:
    """The places with a prize the lot decided (none before a round counts)."""
    if not after:
        return []
    return prize_lots(rows, prize_places(tournament))


def _entrants(
    document: Mapping[str, Any], *, after: int, rows_before_results: bool
) -> list[Mapping[str, Any]]:
    """The document's rows once a result counts (``after`` a round), or before any where a
    sheet lists the entrants; else none."""
    return list(document.get("rows") or []) if after or rows_before_results else []


def _round_count(rows: list[Mapping[str, Any]], after: int) -> int:
    """How many round columns: the rounds counted, or the most any row has."""
    return max([after, *(len(r.get("rounds") or []) for r in rows)])


def _row_context(
    tournament: Mapping[str, Any], stake: Decimal | None, figures: list
) -> dict[str, Any]:
    """What every row needs: who has withdrawn, the stake, a league evening's figure keys."""
    gone = set(tournament.get("withdrawn") or [])
    return {"gone": gone, "stake": stake, "figures": [k for k, _t, _w in figures]}


def _rows(rows_in: list, n_rounds: int, keys: list[str], ctx: dict) -> list[dict]:
    """The rows of printable cells, each ranked as it is ("=3" where shared)."""
    labels = rank_labels([row.get("rank", i + 1) for i, row in enumerate(rows_in)])
    return [_row(r, label, n_rounds, keys, ctx) for r, label in zip(rows_in, labels, strict=True)]


def _columns(
    document: Mapping[str, Any],
    order: list[str],
    *,
    tiebreaks: int | None,
    lot: bool,
    parts: bool,
) -> tuple[list[str], list]:
    """The tie-break columns shown (the first ``tiebreaks`` of the order, then the lot if asked)
    and a league evening's figure columns, whose tie-breaks are not repeated among them."""
    keys = order if tiebreaks is None else order[:tiebreaks]
    keys, figures = _league_columns(document, keys, parts=parts)
    return ([*keys, "lot"] if lot else list(keys)), figures


def _league_columns(
    document: Mapping[str, Any], keys: list[str], *, parts: bool
) -> tuple[list[str], list]:
    """A league evening's figure columns, and the tie-break columns not among them."""
    if not standings_league.is_league(document):
        return keys, []
    figures = standings_league.headings(document, with_parts=parts)
    return [k for k in keys if k not in standings_league.FIGURES], figures


def _legend(document: Mapping[str, Any], order: list[str], rows: list[dict]) -> list[str]:
    """A league evening's figures in words, then the tie-breaks, the lot and the marked cells."""
    lines = standings_league.legend(document) if standings_league.is_league(document) else []
    decided = any(r["decided_by"] for r in rows)
    return [*lines, *legend(document.get("tournament") or {}, order, decided=decided)]


def _headings(
    tournament: Mapping[str, Any],
    n_rounds: int,
    keys: list[str],
    stake: Decimal | None,
    figures: list,
) -> dict[str, Any]:
    return {
        "who_heading": _("Team") if tournament.get("teams") else _("Player"),
        "total_heading": total_heading(tournament.get("ranking")),
        "money_heading": _money_heading(tournament, stake),
        "round_headings": [_("R%(n)s", n=n) for n in range(1, n_rounds + 1)],
        "tiebreak_headings": [Heading(k, tiebreak_label(k), _(metric(k).name)) for k in keys],
        "figure_headings": [Heading(*h) for h in figures],
    }


def _money_heading(tournament: Mapping[str, Any], stake: Decimal | None) -> str | None:
    """The money column's heading, the currency (none where no money is shown)."""
    if stake is None:
        return None
    return tournament.get("currency") or _("Money")
