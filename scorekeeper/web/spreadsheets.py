"""Spreadsheet downloads (CSV and XLSX) that open right where the reader lives, and safely.

A ``Sheet`` is a title, headings in words and rows of typed cells: text, whole numbers,
``Decimal`` amounts (``Money``), shared-aware ranks (``Rank``) or nothing. The writers turn it
into a file:

- **CSV in the reader's convention**: Czech, Polish, German and Italian Excel split on ``;`` and
  read a decimal comma; English on ``,`` with a decimal point. Every file starts with a UTF-8
  byte-order mark, without which Excel reads UTF-8 as the local code page ("LĂ­da").
- **XLSX**: numbers as numbers (a shared rank is the number 3 shown as "=3" by its number
  format, so it still sorts), amounts with two decimals, columns as wide as their longest
  entry, the heading row frozen, filtered and bold; the sheet's title cleaned of the characters
  Excel forbids in one (``/ \\ ? * [ ] :``) and cut to its 31 characters.
- **No formulas from people's text**: text that a spreadsheet would start a formula with
  (``= + - @``, a tab or CR, and their full-width forms) is written as text: in CSV behind an
  apostrophe (OWASP's advice), in XLSX as a string cell marked "quote prefix". Control
  characters XML cannot carry are dropped.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import quote

from flask import Response

from ..i18n import current_language

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
#: Languages whose Excel splits CSV on ";" and writes a decimal comma.
SEMICOLON_LANGUAGES = frozenset({"cs", "pl", "de", "it"})
FORMULA_STARTS = tuple("=+-@\t\r\uff1d\uff0b\uff0d\uff20")
_SHEET_TITLE_FORBIDDEN = re.compile(r"[\\/?*\[\]:]")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # XML 1.0 cannot carry these
MAX_WIDTH = 60


@dataclass(frozen=True)
class Rank:
    """A place in a ranking; ``shared`` when another row has the same one ("=3" on paper)."""

    number: int
    shared: bool = False


@dataclass(frozen=True)
class Money:
    """An amount of money (two decimals)."""

    amount: Decimal


Cell = str | int | Decimal | Money | Rank | None


@dataclass
class Sheet:
    """What a download holds: the sheet's title, the headings and the rows of cells."""

    title: str
    headings: list[str]
    rows: list[list[Cell]] = field(default_factory=list)


def safe_text(text: str) -> str:
    """``text`` as a spreadsheet cell may hold it: XML-illegal control characters dropped."""
    return _CONTROL.sub("", text)


def formula_like(text: str) -> bool:
    """Whether a spreadsheet would read ``text`` as the start of a formula."""
    return text.startswith(FORMULA_STARTS)


def sheet_title(title: str, fallback: str = "Sheet") -> str:
    """A title Excel accepts for a sheet: no ``/ \\ ? * [ ] :``, no control characters, no
    apostrophe at either end, at most 31 characters ("Zimní liga 2024/25" -> "Zimní liga
    2024-25")."""
    cleaned = _SHEET_TITLE_FORBIDDEN.sub("-", safe_text(title))
    cleaned = " ".join(cleaned.split())[:31].strip().strip("'").strip()
    return cleaned or fallback


# --- CSV --------------------------------------------------------------------------------------


def _csv_number(value: int | Decimal, decimal_comma: bool) -> str:
    """A number as the reader's Excel reads it (a decimal comma where it expects one)."""
    if isinstance(value, bool):
        return str(int(value))
    text = str(value)
    return text.replace(".", ",") if decimal_comma else text


def _csv_text(value: str) -> str:
    """Text as a CSV cell: XML-illegal characters dropped, a formula's start behind an
    apostrophe."""
    text = safe_text(value)
    return "'" + text if formula_like(text) else text


def _csv_cell(value: Cell, decimal_comma: bool) -> str:
    if value is None:
        return ""
    if isinstance(value, Rank):
        return str(value.number)
    if isinstance(value, Money):
        value = value.amount.quantize(Decimal("0.01"))
    if isinstance(value, int | Decimal):
        return _csv_number(value, decimal_comma)
    return _csv_text(str(value))


def _csv_rows(sheet: Sheet, decimal_comma: bool) -> list[list[str]]:
    """The headings and the rows as CSV cells."""
    rows = [[_csv_cell(v, decimal_comma) for v in row] for row in sheet.rows]
    return [[_csv_cell(h, decimal_comma) for h in sheet.headings], *rows]


def csv_text(sheet: Sheet, language: str | None = None) -> str:
    """The sheet as CSV text in ``language``'s convention (default: the reader's), BOM first."""
    semicolon = (language or current_language()) in SEMICOLON_LANGUAGES
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";" if semicolon else ",", lineterminator="\r\n")
    writer.writerows(_csv_rows(sheet, semicolon))
    return out.getvalue()


def attachment(filename: str) -> str:
    """A Content-Disposition value for ``filename`` (non-ASCII names kept for the browsers
    that read RFC 6266's ``filename*``, an ASCII form for the rest)."""
    plain = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode()
    plain = re.sub(r"[^A-Za-z0-9._ -]", "", plain).strip() or "download"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename)}"


def csv_response(sheet: Sheet, name: str) -> Response:
    """The sheet as a CSV download named ``name``.csv."""
    return Response(
        csv_text(sheet).encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": attachment(f"{name}.csv")},
    )


# --- XLSX -------------------------------------------------------------------------------------


def _display(value: Cell) -> str:
    """What a cell shows, for the column's width."""
    if value is None:
        return ""
    if isinstance(value, Rank):
        return f"={value.number}" if value.shared else str(value.number)
    if isinstance(value, Money):
        return f"{value.amount:,.2f}"
    return str(value)


def _put_rank(cell: Any, rank: Rank) -> None:
    """A rank as its number; a shared one shown as "=3"."""
    cell.value = rank.number
    if rank.shared:
        cell.number_format = '"="0'


def _put_text(cell: Any, value: str) -> None:
    """Text as a string cell, never a formula ("" leaves the cell empty)."""
    if not value:
        return
    text = safe_text(value)
    cell.value = text
    cell.data_type = "s"  # never a formula, whatever the text starts with
    if formula_like(text):
        cell.quotePrefix = True  # and Excel keeps it text when someone edits it


def _put(cell: Any, value: Cell) -> None:
    """Write one typed value into an openpyxl cell."""
    if isinstance(value, Rank):
        _put_rank(cell, value)
    elif isinstance(value, Money):
        cell.value = value.amount
        cell.number_format = "#,##0.00"
    elif isinstance(value, str):
        _put_text(cell, value)
    else:
        cell.value = value


def _write_cells(ws: Any, sheet: Sheet) -> None:
    """The headings (bold) in the first row, the rows below them."""
    from openpyxl.styles import Font

    bold = Font(bold=True)
    for col, heading in enumerate(sheet.headings, 1):
        cell = ws.cell(row=1, column=col)
        _put(cell, heading)
        cell.font = bold
    for r, row in enumerate(sheet.rows, 2):
        for col, value in enumerate(row, 1):
            _put(ws.cell(row=r, column=col), value)


def _lay_out(ws: Any, sheet: Sheet) -> None:
    """Columns as wide as their entries, the heading row frozen and filtered."""
    from openpyxl.utils import get_column_letter

    for col, width in enumerate(_widths(sheet), 1):
        ws.column_dimensions[get_column_letter(col)].width = width
    ws.freeze_panes = "A2"
    if sheet.headings:
        ws.auto_filter.ref = f"A1:{get_column_letter(len(sheet.headings))}{len(sheet.rows) + 1}"


def xlsx_bytes(sheet: Sheet) -> bytes:
    """The sheet as an XLSX workbook of one worksheet."""
    from openpyxl import Workbook

    book = Workbook()
    book.properties.title = safe_text(sheet.title)[:200]
    ws = book.active
    ws.title = sheet_title(sheet.title)
    _write_cells(ws, sheet)
    _lay_out(ws, sheet)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _widths(sheet: Sheet) -> list[float]:
    """Each column as wide as its longest entry (a heading's bold letters a little wider)."""
    widths = []
    for col, heading in enumerate(sheet.headings):
        longest = max([len(_display(row[col])) for row in sheet.rows if col < len(row)] or [0])
        widths.append(min(MAX_WIDTH, max(6, longest + 2, round(len(heading) * 1.1) + 2)))
    return widths


def xlsx_response(sheet: Sheet, name: str) -> Response:
    """The sheet as an XLSX download named ``name``.xlsx."""
    return Response(
        xlsx_bytes(sheet),
        mimetype=XLSX,
        headers={"Content-Disposition": attachment(f"{name}.xlsx")},
    )


def response(sheet: Sheet, name: str, kind: str) -> Response:
    """The sheet as ``kind`` ("csv" or "xlsx")."""
    return csv_response(sheet, name) if kind == "csv" else xlsx_response(sheet, name)
