"""Hostile values for the fuzz, and the ways a valid body is mutated with them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: JSON values put in place of each field of a valid body.
JSON_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**31,
    2**53 + 1,
    2**63 - 1,
    2**63 + 1,
    2**64,
    10**30,
    -(10**30),
    1e308,
    -1e308,
    5e-324,
    -0.0,
    0.5,
    "",
    " ",
    "x" * 5000,
    "\u202eevil",
    "a\u200bb",
    "\x1b[31mred",
    "<script>alert(1)</script>",
    "=1+1",
    "'; DROP TABLE match; --",
    "²",
    "٣",
    "9" * 400,
    "0,50",
    "😀",
    "\ufeffBOM",
    [],
    {},
    [None],
    list(range(3000)),
    {"a": 1},
    [[[[[[[[[[1]]]]]]]]]],
]

#: Raw JSON texts that Python cannot build as values: lone surrogates, escaped NULs, numbers
#: beyond a float, invalid constants (sent in place of a field, as text).
RAW_VALUES: list[str] = [
    '"\\ud800"',
    '"a\\udfffb"',
    '"\\u0000"',
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "9" * 4500,
    "-" + "9" * 25,
    '"\\ud83d\\ude00"',
]

#: Whole bodies sent as they are.
RAW_BODIES: list[bytes] = [
    b"",
    b" ",
    b"null",
    b"[]",
    b"{}",
    b'"text"',
    b"42",
    b"{",
    b'{"a": 1,}',
    b"\xff\xfe{\x00}\x00",
    b"\xef\xbb\xbf{}",
    b'{"a": "\xc3\x28"}',
    b'{"a": NaN}',
    b'{"a": 1e999}',
    b'{"a": "\\ud800"}',
    b'{"\\ud800": 1}',
    b'{"a": "\\u0000"}',
    b'{"a": 1, "a": 2}',
    b"[" * 100 + b"]" * 100,
    b'{"a":' * 40 + b"1" + b"}" * 40,
    b'{"x": "' + b"y" * 1_100_000 + b'"}',
    b"name=x&players=a",
]

CONTENT_TYPES = [
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json; charset=latin-1",
    "multipart/form-data; boundary=x",
    "",
]

AUTHORIZATION = [
    None,
    "",
    "Bearer",
    "Bearer ",
    "Bearer " + "é".encode().decode("latin-1"),
    "Bearer " + "x" * 5000,
    "Basic dXNlcjpwYXNz",
    "bearer WRONG",
    "Bearer \u00ff\u00fe",
]

IF_MATCH = ["", "*", "0", "1", "-1", "1-1", "99-99", '"1-1"', 'W/"1-0"', "²", "9" * 40, "é", "a-b"]

#: Deal numbers in paths: the first, past the list, and odd ones.
DEAL_NUMBERS = [1, 2, 3, 50, 2001, 10**30]

#: Odd ids in paths (URL-encoded where needed).
ODD_IDS = ["x", "0", "-1", "%00", "%FF", "..%2f..", "a" * 300, "%E9", "%F0%9F%98%80", "%ED%A0%80"]

#: Text put in each form field.
FORM_VALUES = [
    "",
    "-1",
    "0",
    "9" * 20,
    "9" * 400,
    "1e308",
    "NaN",
    "inf",
    "1_000",
    "٣",
    "²",
    "½",
    "0,50",
    "x" * 81,
    "x" * 20000,
    "\u202eevil",
    "\x01\x1b",
    "<b>x</b>",
    "=1+1",
    "' OR 1=1 --",
    "😀",
    "a\r\nb",
]

#: Raw form bodies (invalid percent-encodings and invalid UTF-8).
RAW_FORMS = [b"%FF%FE=%C3%28", b"a=%ZZ&b=%", b"x=%ED%A0%80", b"=&&=", b"\xff=\xfe"]


_CONTROL = ("\u202e", "\u200b", "\x1b", "\ufeff", "\x01", "\r", "\n")


def json_class(value: Any) -> str:
    """The class of a hostile JSON value (the sample sends one of each class per route)."""
    if value is None or isinstance(value, bool):
        return "null or boolean"
    if isinstance(value, int | float):
        return "huge number" if isinstance(value, float) or abs(value) > 2**31 else "number"
    if isinstance(value, list | dict):
        return "list or object"
    return text_class(value)


def text_class(text: str) -> str:
    """The class of a hostile text (JSON string or form field)."""
    odd = {
        "²": "superscript or fraction",
        "½": "superscript or fraction",
        "٣": "non-ASCII digits",
        "٣٣": "non-ASCII digits",
        "0,50": "decimal comma",
        "1_000": "digits with an underscore",
        "NaN": "NaN or inf",
        "inf": "NaN or inf",
        "1e308": "exponent",
    }
    if text.strip() == "":
        return "empty text"
    if text in odd:
        return odd[text]
    if text.lstrip("-").isdigit():
        digits = len(text.lstrip("-"))
        return "hundreds of digits" if digits > 100 else "19+ digits" if digits > 9 else "number"
    if len(text) > 80:
        return "long text"
    if any(mark in text for mark in _CONTROL):
        return "control characters"
    return "markup, SQL, formula, emoji"


def raw_class(raw: str) -> str:
    """The class of a raw JSON value (text Python cannot build)."""
    if "\\ud83d" in raw:
        return "surrogate pair"
    if "\\ud" in raw:
        return "lone surrogate"
    if "\\u0000" in raw:
        return "NUL"
    return "number beyond a float"


def body_class(raw: bytes, content_type: str) -> str:
    """The class of a raw body and its content type."""
    kind = "JSON type" if "json" in content_type else "other type"
    if not raw.strip():
        return f"empty body, {kind}"
    if raw.startswith((b"\xff", b"\xef")) or b"\xc3\x28" in raw:
        return f"invalid UTF-8 or BOM, {kind}"
    if b"\\u" in raw or b"NaN" in raw or b"1e999" in raw:
        return f"escapes and odd numbers, {kind}"
    if len(raw) > 100_000 or raw.count(b"[") + raw.count(b"{") > 30:
        return f"huge or deep, {kind}"
    if raw in (b"null", b"[]", b'"text"', b"42", b"{}"):
        return f"not an object, {kind}"
    return f"broken JSON, {kind}"


def leaves(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path to a leaf (and to each list and object) of a JSON value."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))


def replaced(value: Any, path: tuple, new: Any) -> Any:
    """A copy of ``value`` with the item at ``path`` replaced by ``new``."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = replaced(copy[head], rest, new)
    return copy


def dropped(value: Any, path: tuple) -> Any:
    """A copy of ``value`` without the item at ``path``."""
    if len(path) == 1:
        if isinstance(value, dict):
            return {k: v for k, v in value.items() if k != path[0]}
        return [v for i, v in enumerate(value) if i != path[0]]
    head = path[0]
    inner = dropped(value[head], path[1:])
    if isinstance(value, dict):
        return {**value, head: inner}
    copy = list(value)
    copy[head] = inner
    return copy


MARK = "__RAW__"


def with_raw(value: Any, path: tuple, raw: str) -> str:
    """JSON text of ``value`` with the item at ``path`` written as the raw JSON ``raw``."""
    import json

    return json.dumps(replaced(value, path, MARK)).replace(json.dumps(MARK), raw, 1)


def mutations(body: dict) -> Iterator[tuple[str, Any]]:
    """(class, body) pairs: each leaf set to each hostile value (JSON, or raw JSON text: then
    the body is text), each leaf dropped, and odd keys added."""
    import json

    for path in leaves(body):
        for new in JSON_VALUES:
            yield json_class(new), replaced(body, path, new)
        for raw in RAW_VALUES:
            yield raw_class(raw), with_raw(body, path, raw)
        yield "field dropped", dropped(body, path)
    for key in ("unknown", "\u202e", "\\ud800", "x" * 300, ""):
        if key == "\\ud800":
            yield "lone surrogate", json.dumps(body)[:-1] + ', "\\ud800": 1}'
        else:
            yield "odd key", {**body, key: 1}
