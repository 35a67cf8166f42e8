"""The one standings presenter: the public page, the pub TV and the paper sheet show this table.

From the standings document the services return (API.md rows plus its "tournament" dict) it makes
the headings and the cells every medium prints: the rank with a shared rank marked "=3", the
name (withdrawn, provisional), each round ("…" waiting for its table, "–" not played, struck
through when dropped), the ranking column ("–" for a player with no result yet), the money
(``Decimal`` balance times the stake, in the reader's language) and the tie-breaks in the order
in force (the document's ``tiebreaks``), each headed by its metric's abbreviation
(``tournament.metrics``), the deciding one marked beside rows with the same total.

Under every table goes the same legend, written from that one ordered list and the metrics'
phrases, and "1st prize by lot: …" wherever the lot decided a place with a prize. A medium
chooses only how many tie-break columns it has room for (or one "decided by" cell instead) and
whether the lot is a column. It decides nothing about the ranking and reads no database.
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
from .tournament.metrics import METRICS, metric
from .tournament.prizes import BUILT_IN
from .tournament.standings import KINDS

#: Places with a prize when the tournament names none (the certificates' top three).
PRIZE_PLACES = 3


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


def tiebreak_label(key: str) -> str:
    """The column heading of a tie-break (or any metric) key, translated."""
    return _(metric(key).abbr)


def total_heading(ranking: str | None) -> str:
    """The heading of the ranking column: wins, places or the balance (RULES.md §6)."""
    if ranking in ("wins", "placings", "balance"):
        return _(METRICS[ranking].abbr)
    return _("Total")


def stake_of(tournament: Mapping[str, Any]) -> Decimal | None:
    """The stake per unit of a tournament ranked by balance, or None (no money shown)."""
    if tournament.get("ranking", "balance") != "balance":
        return None
    try:
        stake = Decimal(str(tournament.get("stake") or ""))
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
        keys = []
        for row in document.get("rows") or []:
            keys += [k for k in (row.get("tiebreaks") or {}) if k not in keys]
    return [k for k in keys if k != "lot"]


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
    if figures:  # a league evening: its money is the chip balance's (ZB), not SB's
        out["money"] = None if out["no_result"] else money(row.get("zb"), ctx["stake"])
        out["figures"] = standings_league.cells(row, figures, out["no_result"])
        out["figure_decides"] = [k == out["decided_by"] and not out["no_result"] for k in figures]
    return out


def _plain_row(row: Mapping[str, Any], label: str, n_rounds: int, keys: list, ctx: dict) -> dict:
    results = list(row.get("rounds") or [])
    results += [None] * (n_rounds - len(results))
    pending = set(row.get("pending_rounds") or [])
    dropped = set(row.get("dropped_rounds") or [])
    byes = set(row.get("bye_rounds") or [])
    tiebreaks = row.get("tiebreaks") or {}
    decided_by = row.get("decided_by")
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
        "total": "–" if empty else cell(row.get("total")),
        "money": None if empty else money(row.get("total"), ctx["stake"]),
        "rounds": ["…" if n in pending else cell(v) for n, v in enumerate(results, 1)],
        "pending": [n in pending for n in range(1, n_rounds + 1)],
        "dropped": [n in dropped for n in range(1, n_rounds + 1)],
        "byes": [n in byes for n in range(1, n_rounds + 1)],
        "tiebreaks": [cell(tiebreaks.get(k)) for k in keys],
        "lot": cell(tiebreaks.get("lot")),
        "decides": [k == decided_by and not empty for k in keys],
        "decided_by": decided_by,
        "decided": "" if empty else _decided(row),
    }


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
    rows_in = list(document.get("rows") or []) if after or rows_before_results else []
    n_rounds = max([after, *(len(r.get("rounds") or []) for r in rows_in)])
    order = tiebreak_order(document)
    keys, figures = _columns(document, order, tiebreaks=tiebreaks, lot=lot, parts=parts)
    stake = stake_of(tournament) if with_money else None
    ctx = {"gone": set(tournament.get("withdrawn") or []), "stake": stake,
           "figures": [k for k, _t, _w in figures]}  # fmt: skip
    labels = rank_labels([row.get("rank", i + 1) for i, row in enumerate(rows_in)])
    rows = [_row(r, label, n_rounds, keys, ctx) for r, label in zip(rows_in, labels, strict=True)]
    return StandingsTable(
        **_headings(tournament, n_rounds, keys, stake),
        rows=rows,
        after_round=after,
        legend=_legend(document, order, rows),
        prize_lots=prize_lots(rows, prize_places(tournament)) if after else [],
        decider=decider,
        order=[tiebreak_label(k) for k in [*order, "lot"]],
        figure_headings=[Heading(*h) for h in figures],
    )


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
    figures: list = []
    if standings_league.is_league(document):
        figures = standings_league.headings(document, with_parts=parts)
        keys = [k for k in keys if k not in standings_league.FIGURES]
    return ([*keys, "lot"] if lot else list(keys)), figures


def _legend(document: Mapping[str, Any], order: list[str], rows: list[dict]) -> list[str]:
    """A league evening's figures in words, then the tie-breaks, the lot and the marked cells."""
    lines = standings_league.legend(document) if standings_league.is_league(document) else []
    decided = any(r["decided_by"] for r in rows)
    return [*lines, *legend(document.get("tournament") or {}, order, decided=decided)]


def _headings(
    tournament: Mapping[str, Any], n_rounds: int, keys: list[str], stake: Decimal | None
) -> dict[str, Any]:
    return {
        "who_heading": _("Team") if tournament.get("teams") else _("Player"),
        "total_heading": total_heading(tournament.get("ranking")),
        "money_heading": (tournament.get("currency") or _("Money")) if stake is not None else None,
        "round_headings": [_("R%(n)s", n=n) for n in range(1, n_rounds + 1)],
        "tiebreak_headings": [Heading(k, tiebreak_label(k), _(metric(k).name)) for k in keys],
    }


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
    out = []
    for row in rows:
        place = row.get("place") or 0
        if row["rank"].startswith("=") and 0 < place <= places and not row.get("no_result"):
            prize, name, lot = prize_name(place), row["player"], row["lot"]
            out.append(
                _("%(prize)s by lot: %(name)s (lot %(lot)s)", prize=prize, name=name, lot=lot)
                if lot != "–"  # a season's table shows no lot numbers
                else _("%(prize)s by lot: %(name)s", prize=prize, name=name)
            )
    return out
