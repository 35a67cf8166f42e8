"""JSON text as the database stores it and the API sends it: compact UTF-8, built with orjson.

A deal save writes JSON five times (the record, its audit entry, the running state, the kept
answer, the response); orjson does it about ten times faster than the standard library, which
is a measurable part of a save (``bench/bench_save_cost.py``). Where orjson refuses
what the standard library takes (an integer beyond 64 bits, which strict input parsing allows),
the standard library answers instead, with the same compact form; it also reads text holding a
number of 19 digits or more (orjson would read an integer beyond 64 bits as a float). Parsing
of requests stays with ``web.security.strict_loads`` (its refusals are part of the API).
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(data: Any) -> str:
    """Compact JSON text, non-ASCII characters as themselves (UTF-8)."""
    try:
        return orjson.dumps(data, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate (the input checks refuse one): escaped
            return json.dumps(data, separators=(",", ":"))
        return text


def loads(text: str | bytes | int | float) -> Any:
    """The value of JSON text (as stored by ``dumps`` or by earlier versions).

    SQLite gives a JSON column numeric affinity, so a stored number (``"0"``) comes back from
    the driver as the number itself: that is already its value.
    """
    if isinstance(text, int | float):
        return text
    if _LONG_NUMBER.search(text if isinstance(text, str) else text.decode("utf-8", "replace")):
        return json.loads(text)  # orjson reads integers beyond 64 bits as floats
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


_LONG_NUMBER = re.compile(r"\d{19}")  # 19 digits or more: maybe beyond 64 bits
