"""The standings sheet of the exports (``exports``): which columns a tournament's standings
have, their headings in the reader's words and each row's cells as numbers; and the cells the
other sheets share (ranks with shared ones marked, yes/no flags).
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

from flask_babel import gettext as _

from ... import standings_table
from ..spreadsheets import Money, Rank, Sheet


def ranks(numbers: list[int]) -> list[Rank]:
    """Each rank as a cell, marked when another row shares it."""
    counts = Counter(numbers)
    return [Rank(n, counts[n] > 1) for n in numbers]


def _words(text: str) -> str:
    """A metric's name as a heading: "table wins" -> "Table wins"."""
    return text[:1].upper() + text[1:]


def flag(on: Any) -> str:
    """A yes/no column's cell: "yes", or empty."""
    return _("yes") if on else ""


def standings_sheet(document: dict[str, Any], prizes: dict[str, Any] | None = None) -> Sheet:
    """The standings in words and numbers: rank (a number; shared ones marked), place, player,
    club and categories (when any entrant has one), the ranking column (a league evening's ZB,
    PB, SB, BP and each part's SB, RULES.md §6b), the money at the stake (a league evening's
    from ZB), each round, every tie-break by its name, the lot, the prize of the place (with
    ``prizes``, the payout), withdrawn and provisional. The headings are the page's
    (``standings_table``)."""
    table = standings_table.present(document, lot=True)
    rows_in = list(document["rows"]) if table.rows else []
    columns = _Columns.of(table, rows_in, document, prizes)
    sheet = Sheet(_tournament(document).get("name") or _("standings"), columns.headings(prizes))
    rank_cells = ranks([r["rank"] for r in rows_in])
    for rank, row, shown in zip(rank_cells, rows_in, table.rows, strict=True):
        sheet.rows.append(columns.cells(rank, row, shown))
    return sheet


def _tournament(document: dict[str, Any]) -> dict[str, Any]:
    """The standings' tournament (an empty one when the document has none)."""
    return document.get("tournament") or {}


def _prize_by_place(prizes: dict[str, Any] | None) -> dict[int, Any] | None:
    """The payout's amount of each paid place (None without a payout)."""
    return {p["place"]: p["amount"] for p in prizes["rows"]} if prizes else None


class _Columns:
    """Which columns a standings sheet has, their headings and one row's cells (column group
    by column group, each group's headings beside its cells)."""

    def __init__(self, table: Any, *, clubs: bool, categories: bool, prizes: Any, stake: Any):
        self.table, self.clubs, self.categories, self.prizes = table, clubs, categories, prizes
        self.stake = stake
        self.figures = [h.key for h in table.figure_headings]  # a league evening's
        self.keys = [h.key for h in table.tiebreak_headings]
        self.n_rounds = len(table.round_headings)

    @classmethod
    def of(
        cls, table: Any, rows: list[dict[str, Any]], document: dict[str, Any], prizes: Any
    ) -> _Columns:
        """The columns for these rows: clubs and categories when any entrant has one, the
        prizes with a payout, the money with a stake."""
        return cls(
            table,
            clubs=any(r.get("club") for r in rows),
            categories=any(r.get("categories") for r in rows),
            prizes=_prize_by_place(prizes),
            stake=standings_table.stake_of(_tournament(document)),
        )

    def headings(self, prizes: dict[str, Any] | None) -> list[str]:
        table = self.table
        return [
            _("Rank"), _("Shared rank"), _("Place"), table.who_heading,
            *[_("Club")] * self.clubs, *[_("Categories")] * self.categories,
            *self._result_headings(),
            *self._money_headings(),
            *(_("Round %(n)s", n=n) for n in self._rounds()),
            *(_words(h.title) for h in table.tiebreak_headings),
            *_prize_headings(prizes),
            _("Withdrawn"), _("Provisional"),
        ]  # fmt: skip

    def cells(self, rank: Rank, row: dict[str, Any], shown: dict[str, Any]) -> list[Any]:
        return [
            rank, flag(rank.shared), row["place"], row["player"],
            *self._entrant_cells(row),
            *self._result_cells(row, shown),
            *self._money_cells(row),
            *self._round_cells(row),
            *(row["tiebreaks"].get(k) for k in self.keys),
            *self._prize_cells(row),
            flag(shown["withdrawn"]), flag(shown["provisional"]),
        ]  # fmt: skip

    def _rounds(self) -> range:
        """The round numbers, from 1."""
        return range(1, self.n_rounds + 1)

    def _entrant_cells(self, row: dict[str, Any]) -> list[str]:
        """The entrant's club and categories, when the sheet has those columns."""
        out = []
        if self.clubs:
            out.append(row.get("club") or "")
        if self.categories:
            out.append(_category_text(row))
        return out

    def _result_headings(self) -> list[str]:
        """A league evening's figures (ZB, PB, ...), else the total."""
        if not self.figures:
            return [self.table.total_heading]
        return [h.text.replace("\u00a0", " ") for h in self.table.figure_headings]

    def _result_cells(self, row: dict[str, Any], shown: dict[str, Any]) -> list[Any]:
        if not self.figures:
            return [row["total"]]
        return [None if shown["no_result"] else _figure(row, k) for k in self.figures]

    def _money_headings(self) -> list[str]:
        """The money at the stake, when the tournament plays for money."""
        if self.table.money_heading is None:
            return []
        return [f"{_('Money')} ({self.table.money_heading})"]

    def _money_cells(self, row: dict[str, Any]) -> list[Money | None]:
        """The money at the stake: from the total, a league evening's from ZB."""
        if self.table.money_heading is None:
            return []
        return [_money(row.get("zb") if self.figures else row["total"], self.stake)]

    def _round_cells(self, row: dict[str, Any]) -> list[Any]:
        """Each round's result; a round still being played, or not yet, is empty."""
        pending = set(row.get("pending_rounds") or [])
        results = list(row.get("rounds") or []) + [None] * self.n_rounds
        return [None if n in pending else results[n - 1] for n in self._rounds()]

    def _prize_cells(self, row: dict[str, Any]) -> list[Money | None]:
        """The place's prize, with a payout (empty for an unpaid place)."""
        if self.prizes is None:
            return []
        amount = self.prizes.get(row["place"])
        return [Money(Decimal(amount)) if amount is not None else None]


def _prize_headings(prizes: dict[str, Any] | None) -> list[str]:
    """The prize column's heading in the payout's currency, with a payout."""
    if prizes is None:
        return []
    return [f"{_('Prize')} ({prizes.get('currency') or _('Money')})"]


def _category_text(row: dict[str, Any]) -> str:
    """A row's categories in words, by commas."""
    return ", ".join(standings_table.category_label(c) for c in row.get("categories") or [])


def _figure(row: dict[str, Any], key: str) -> Any:
    """A league evening's figure of a row: ZB, PB, SB, BP, or ``partN``'s SB (RULES.md §6b)."""
    if not key.startswith("part"):
        return row.get(key)
    parts = row.get("parts") or []
    index = int(key[4:]) - 1
    part = parts[index] if index < len(parts) else {}
    return part.get("sb") if part.get("played") else None


def _money(total: Any, stake: Decimal | None) -> Money | None:
    if stake is None or isinstance(total, bool) or not isinstance(total, int):
        return None
    return Money(Decimal(total) * stake)
