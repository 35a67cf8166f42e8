"""Whole-number form fields that answer every typed text with a value or a reason.

WTForms' ``IntegerField`` takes any length of digits, and its ``NumberRange`` then fails with
an OverflowError (a 500) on a number of a few hundred digits. Every form of the app uses this
field instead: more than ``MAX_DIGITS`` characters is "too large" beside the field.
"""

from __future__ import annotations

from typing import Any

import wtforms
from flask_babel import gettext as _

#: Longest whole number a form takes (a 64-bit integer has 19 digits; no field needs more).
MAX_DIGITS = 18


class IntegerField(wtforms.IntegerField):
    """``wtforms.IntegerField`` that refuses numbers longer than ``MAX_DIGITS`` characters."""

    def process_formdata(self, valuelist: list[Any]) -> None:  # noqa: D102
        if valuelist and len(str(valuelist[0]).strip().lstrip("+-")) > MAX_DIGITS:
            self.data = None
            raise ValueError(_("This number is too large."))
        super().process_formdata(valuelist)
