"""Checking a new season's fields (RULES.md §6a): its name, and the whole numbers best-N, top
and the lot seed. Each check returns the value as stored or raises a RuleError naming the field.
"""

from __future__ import annotations

from typing import Any

from ..rules.base import RuleError
from . import match_setup
from .messages import Msg


def checked_name(name: Any) -> str:
    """The name with its white space collapsed; RuleError when missing, unprintable or long."""
    name = _collapsed(name)
    if not name:
        raise RuleError("name", Msg("season.name_missing"))
    if not name.isprintable():
        raise RuleError("name", Msg("setup.text_control"))
    if len(name) > 200:
        raise RuleError("name", match_setup.name_too_long(200))
    return name


def _collapsed(name: Any) -> str | None:
    """A text's runs of white space made one space ("" for None; None for no text)."""
    return " ".join(str(name or "").split()) if isinstance(name, str | type(None)) else None


def count(value: Any, field: str, low: int = 1) -> int | None:
    """A whole number from ``low`` to a million, or None when left empty."""
    if value in (None, ""):
        return None
    number = _whole(value, field)
    if not low <= number <= 1_000_000:
        raise RuleError(field, Msg("number.between", a=low, b=1_000_000))
    return number


def _whole(value: Any, field: str) -> int:
    """The whole number a form or JSON value gives; RuleError for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RuleError(field, Msg("number.whole"))
    try:
        return int(value)
    except ValueError:
        raise RuleError(field, Msg("number.whole")) from None
