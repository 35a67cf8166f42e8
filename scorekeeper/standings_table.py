"""The one standings presenter: the public page, the pub TV and the paper sheet show this table.

From the standings document the services return (API.md rows plus its "tournament" dict) it makes
the headings and the cells every medium prints: the rank with a shared rank marked "=3", the
name (withdrawn, provisional), each round ("…" waiting for its table, "–" not played, struck
through when dropped), the ranking column, the money (``Decimal`` balance times the stake, in the
reader's language) and the tie-breaks, each headed by its metric's abbreviation
(``tournament.metrics``). A medium chooses only how many tie-break columns it has room for and
whether the lot is a column. It decides nothing about the ranking and reads no database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from flask_babel import gettext as _

from .i18n import formats
from .tournament.metrics import METRICS, N_, metric

#: The sentence under the page's table saying how ties are broken, per standings kind.
TIES_NOTES = {
    "marias": N_(
        "Ties: table wins, best round, fewer last places, then the seeded lot (seed %(s)s)."
    ),
    "marianna": N_("Ties: point difference, then the seeded lot (seed %(s)s)."),
    "twoplayer": N_(
        "Ties: match points, Buchholz (the opponents’ wins), then the seeded lot (seed %(s)s); "
        "a bye is a win."
    ),
}


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
    ties_note: str = ""  # how ties are broken, in words

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


def _tiebreak_keys(rows: Sequence[Mapping[str, Any]], *, lot: bool, limit: int | None) -> list:
    keys: list[str] = []
    for row in rows:
        keys += [k for k in (row.get("tiebreaks") or {}) if k not in keys]
    keys = [k for k in keys if lot or k != "lot"]
    return keys if limit is None else keys[:limit]


def _row(row: Mapping[str, Any], label: str, n_rounds: int, keys: list, ctx: dict) -> dict:
    results = list(row.get("rounds") or [])
    results += [None] * (n_rounds - len(results))
    pending = set(row.get("pending_rounds") or [])
    dropped = set(row.get("dropped_rounds") or [])
    byes = set(row.get("bye_rounds") or [])
    tiebreaks = row.get("tiebreaks") or {}
    return {
        "rank": label,
        "rank_number": row.get("rank"),
        "place": row.get("place"),
        "player": row.get("player", ""),
        "player_id": row.get("player_id"),
        "withdrawn": row.get("player_id") in ctx["gone"],
        "provisional": bool(row.get("provisional")),
        "total": cell(row.get("total")),
        "money": money(row.get("total"), ctx["stake"]),
        "rounds": ["…" if n in pending else cell(v) for n, v in enumerate(results, 1)],
        "pending": [n in pending for n in range(1, n_rounds + 1)],
        "dropped": [n in dropped for n in range(1, n_rounds + 1)],
        "byes": [n in byes for n in range(1, n_rounds + 1)],
        "tiebreaks": [cell(tiebreaks.get(k)) for k in keys],
    }


def present(
    document: Mapping[str, Any],
    *,
    tiebreaks: int | None = None,
    lot: bool = False,
    with_money: bool = True,
    rows_before_results: bool = False,
) -> StandingsTable:
    """The table of a standings document. ``tiebreaks``: how many tie-break columns (None: all);
    ``lot``: the seeded lot as a column (paper); ``with_money``: the balance at the stake;
    ``rows_before_results``: list the entrants before any result counts (paper)."""
    tournament = document.get("tournament") or {}
    after = document.get("after_round") or 0
    rows_in = list(document.get("rows") or []) if after or rows_before_results else []
    n_rounds = max([after, *(len(r.get("rounds") or []) for r in rows_in)])
    keys = _tiebreak_keys(rows_in, lot=lot, limit=tiebreaks)
    stake = stake_of(tournament) if with_money else None
    ctx = {"gone": set(tournament.get("withdrawn") or []), "stake": stake}
    labels = rank_labels([row.get("rank", i + 1) for i, row in enumerate(rows_in)])
    return StandingsTable(
        **_headings(tournament, n_rounds, keys, stake),
        rows=[
            _row(r, label, n_rounds, keys, ctx) for r, label in zip(rows_in, labels, strict=True)
        ],
        after_round=after,
        ties_note=_ties_note(tournament),
    )


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


def _ties_note(tournament: Mapping[str, Any]) -> str:
    note = TIES_NOTES.get(tournament.get("standings_kind") or "")
    return _(note, s=tournament.get("seed")) if note else ""
