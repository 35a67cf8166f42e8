"""Local formats (scorekeeper.i18n.formats): money, typed amounts, dates, on the pages too."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import pytest

from scorekeeper.i18n.formats import local_date, local_datetime, money, parse_amount
from tests.web.test_match_pages import HRA_WON, start

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "amount", "currency", "shown"),
    [
        ("cs", "12.50", "CZK", f"12,50{NBSP}Kč"),
        ("pl", "3.2", "PLN", f"3,20{NBSP}zł"),
        ("de", Decimal("1.5"), "EUR", f"1,50{NBSP}€"),
        ("it", "1.5", "EUR", f"1,50{NBSP}€"),
        ("en", "-1.40", "CZK", f"-CZK{NBSP}1.40"),
        ("cs", "-0.125", "CZK", f"-0,125{NBSP}Kč"),  # a sub-cent stake keeps its precision
        ("cs", "2", "piva", f"2,00{NBSP}piva"),  # a free-text unit follows the number
        ("de", "1234.5", None, "1.234,50"),
    ],
)
def test_money_as_each_language_writes_it(app, language, amount, currency, shown):
    with app.test_request_context(f"/?lang={language}"):
        assert money(amount, currency) == shown


@pytest.mark.parametrize(
    ("typed", "value"),
    [("0,50", "0.50"), ("0.50", "0.50"), (" 1 000,50 ", "1000.50"), ("1.000,50", "1000.50"),
     ("1,000.50", "1000.50"), ("2", "2"), (0.2, "0.2"), ("1\u00a0000", "1000")],
)  # fmt: skip
def test_typed_amounts_with_comma_or_point(typed, value):
    assert parse_amount(typed) == Decimal(value)


@pytest.mark.parametrize("typed", ["", "abc", "1,2,x", "NaN", "Infinity", True, None])
def test_not_an_amount(typed):
    with pytest.raises(InvalidOperation):
        parse_amount(typed)


def test_dates_and_times(app):
    with app.test_request_context("/?lang=cs"):
        assert local_date("2026-11-23") == "23. 11. 2026"
        assert local_date("2026-11-23", "long") == "23. listopadu 2026"
        assert local_datetime("2026-11-23T21:05:09Z") == "23. 11. 2026 21:05:09"
    with app.test_request_context("/?lang=de"):
        assert local_date("2026-11-23") == "23.11.2026"
        assert local_date("not a date") == "not a date"


def test_a_stake_typed_with_a_comma_and_money_shown_in_czech(client):
    client.set_cookie("lang", "cs")
    url = start(client, "marias", "pub", stake="0,50", currency="CZK")
    page = client.post(url, data=HRA_WON | {"idem": "1"}, follow_redirects=True).text
    assert f"2,00{NBSP}Kč" in page and f"-1,00{NBSP}Kč" in page
    match_id = url.split("/")[2]
    assert client.get(f"/api/v1/matches/{match_id}").get_json()["stake"] == "0.50"  # JSON: "."
