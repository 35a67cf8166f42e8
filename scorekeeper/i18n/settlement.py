"""The settlement in the reader's words: "Šárka pays Jiří 13,20 Kč and Řehoř 6,00 Kč".

One sentence per player who pays, the payees joined as the language joins a list (Babel's
``format_list``), each amount in the language's money format (``formats.money``), or in units
when the match has no stake. A payee is "%(payee)s %(amount)s", so a language that would have to
decline the name can put the amount first or use a colon (Czech "Šárka platí: Jiří 13,20 Kč a
Řehoř 6,00 Kč"). The data comes from ``services.match_settlement``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.lists import format_list
from flask_babel import gettext as _
from flask_babel import ngettext

from .formats import _locale, money


def _amount(payment: Mapping[str, Any], currency: str | None) -> str:
    if payment.get("amount") is not None:
        return money(payment["amount"], currency)
    return ngettext("%(num)s unit", "%(num)s units", payment["units"])


def payment_lines(settlement: Mapping[str, Any] | None, names: Sequence[str]) -> list[str]:
    """Each payer's sentence, in seat order of the payers; empty when nobody pays."""
    if not settlement:
        return []
    by_payer: dict[int, list[str]] = {}
    for p in settlement["payments"]:
        each = _(
            "%(payee)s %(amount)s",
            payee=names[p["to"]],
            amount=_amount(p, settlement.get("currency")),
        )
        by_payer.setdefault(p["from"], []).append(each)
    return [
        _(
            "%(payer)s pays %(payments)s",
            payer=names[payer],
            payments=format_list(each, locale=_locale()),
        )
        for payer, each in sorted(by_payer.items())
    ]
