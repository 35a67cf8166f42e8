"""Local formats through Babel: money, amounts people type, dates and times.

One place for each: ``money`` shows a balance as the language writes it ("12,50 Kč",
"3,20 zł", "1,50 €", "CZK 12.50" in English); ``parse_amount`` reads a typed stake whether it
has a decimal comma or point ("0,50", "0.50", "1 000,50"); ``local_date`` and
``local_datetime`` write a stored ISO date or UTC moment in the page's language.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from babel.core import UnknownLocaleError
from babel.dates import format_date, format_datetime
from babel.numbers import format_currency, format_decimal, get_currency_name
from flask import Flask
from flask_babel import get_locale

SPACES = (" ", "\u00a0", "\u202f", "'", "’")  # thousands separators people type or paste


def _locale() -> str:
    locale = get_locale()
    return str(locale) if locale else "en"


def parse_amount(text: Any) -> Decimal:
    """The amount in ``text`` ("0,50", "0.50", "1 000,50", "1.000,50", "1,000.50"): the last
    comma or point is the decimal mark, the other and spaces group thousands. Raises
    InvalidOperation when it is not an amount (callers turn that into the field's message)."""
    if isinstance(text, bool) or not isinstance(text, str | int | float | Decimal):
        raise InvalidOperation(text)
    value = Decimal(_plain_number(str(text)))
    if not value.is_finite():
        raise InvalidOperation(text)
    return value


def _plain_number(typed: str) -> str:
    """A typed amount as Decimal reads it: no group separators, a point for the decimal mark
    (the last comma or point)."""
    raw = typed.strip()
    for space in SPACES:
        raw = raw.replace(space, "")
    mark = max(raw.rfind(","), raw.rfind("."))
    if mark >= 0:
        whole, fraction = raw[:mark], raw[mark + 1 :]
        raw = whole.replace(",", "").replace(".", "") + "." + fraction
    return raw


def _is_currency_code(currency: str) -> bool:
    if len(currency) != 3 or not currency.isalpha() or not currency.isupper():
        return False
    try:
        return get_currency_name(currency, locale="en") != currency
    except UnknownLocaleError:  # pragma: no cover - "en" always exists
        return False


def money(amount: Any, currency: str | None = None) -> str:
    """``amount`` (a Decimal, number or "-1.40") in the page's language, with ``currency``
    placed as that language places it; a free-text unit ("beers") follows the number."""
    if amount is None or amount == "":
        return ""
    try:
        value = parse_amount(amount)
    except (InvalidOperation, ValueError):
        return str(amount)
    return _with_currency(value, (currency or "").strip())


def _with_currency(value: Decimal, currency: str) -> str:
    """``value`` as the page's language writes it: with a currency code where the language
    places it, any other unit after the number."""
    locale = _locale()
    if currency and _is_currency_code(currency):
        shown = format_currency(value, currency, locale=locale, decimal_quantization=False)
        # CLDR's spacing rule that Babel leaves out: "CZK 0.80", never "CZK0.80"
        return re.sub(r"([A-Z]{3})(?=\d)", "\\1\u00a0", shown)
    number = format_decimal(value, format="#,##0.00###", locale=locale)
    return f"{number}\u00a0{currency}" if currency else number


def _not_a_date(value: Any) -> str:
    """A value that is no date as text (nothing for None)."""
    return "" if value is None else str(value)


def local_date(value: Any, style: str = "medium") -> str:
    """A stored ISO date ("2026-11-23") as the language writes it; other text as it is."""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value.strip())
        except ValueError:
            return value
    if not isinstance(value, date):
        return _not_a_date(value)
    return format_date(value, style, locale=_locale())


def local_datetime(value: Any, style: str = "medium") -> str:
    """A UTC moment (datetime or ISO text) as the language writes it, still in UTC."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return value
    if not isinstance(value, datetime):
        return _not_a_date(value)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return format_datetime(value, style, tzinfo=UTC, locale=_locale())


def register(app: Flask) -> None:
    """The Jinja filters: ``money``, ``local_date``, ``local_datetime``."""
    app.jinja_env.filters.update(money=money, local_date=local_date, local_datetime=local_datetime)
