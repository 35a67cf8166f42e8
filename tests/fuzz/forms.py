"""The HTML side's fuzz cases: every page fetched with odd ids and query strings, and every form
found on those pages posted back with each field set to each hostile value, dropped, repeated,
as invalid percent-encoding and as multipart."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from . import values as v
from .cases import Case

#: Forms that end something: posted after every other case.
LAST = {"finish": 3, "delete": 2, "undo": 2, "withdraw": 2, "cancel": 2, "close": 2, "logout": 9}


class Forms(HTMLParser):
    """Every ``<form method="post">`` of a page: its action and the fields a browser would send
    (a radio group's checked or first choice, a select's selected or first option)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str]]] = []
        self.numeric: set[str] = set()  # fields typed as numbers (type="number", inputmode)
        self._fields: dict[str, str] | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: (val or "") for k, val in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._fields = {}
            self.found.append((a.get("action", ""), self._fields))
        elif self._fields is None:
            return
        elif tag in ("input", "button") and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox") and a["name"] in self._fields and "checked" not in a:
                return
            self._fields[a["name"]] = a.get("value", "on" if kind == "checkbox" else "")
            if kind == "number" or a.get("inputmode") in ("numeric", "decimal"):
                self.numeric.add(a["name"])
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
        elif tag == "option" and self._select:
            if self._select not in self._fields or "selected" in a:
                self._fields[self._select] = a.get("value", "")
        elif tag == "textarea" and a.get("name"):
            self._textarea = a["name"]
            self._fields[self._textarea] = ""

    def handle_data(self, data: str) -> None:
        if self._textarea and self._fields is not None:
            self._fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def forms_of(html: str) -> list[tuple[str, dict[str, str], set[str]]]:
    """(action, fields, the fields typed as numbers) of every POST form of a page."""
    parser = Forms()
    parser.feed(html)
    return [(action, fields, _numbers(fields, parser.numeric)) for action, fields in parser.found]


def _numbers(fields: dict[str, str], typed: set[str]) -> set[str]:
    """The fields that take a number: typed so, or holding one already (a text option)."""
    holding = {name for name, value in fields.items() if value.strip().lstrip("-").isdigit()}
    return (typed & set(fields)) | holding


def order_of(url: str) -> int:
    last = url.rstrip("/").rsplit("/", 1)[-1]
    return LAST.get(last, 0)


def form_cases(
    route: str, url: str, fields: dict[str, str], numeric: set[str] = frozenset()
) -> Iterator[Case]:
    """A form as found, then each field set to each hostile value, dropped and repeated, an
    unknown field, invalid encodings, nothing at all, and the whole form as multipart."""
    order = order_of(url)
    base = dict(fields)

    def case(data: Any = None, note: str = "", **more: Any) -> Case:
        return Case("form", route, "POST", url, data=data, order=order, note=note, **more)

    yield case(base, "as found")
    for name in fields:
        for value in v.FORM_VALUES:
            where = " in a number field" if name in numeric else ""
            yield case({**base, name: value}, v.text_class(value) + where)
        yield case({k: x for k, x in base.items() if k != name}, "field dropped")
        yield case(_multi([*base.items(), (name, "2"), (name, "x")]), "field repeated")
    yield case({**base, "\u202e": "x", "x" * 200: "1"}, "odd field")
    for raw in v.RAW_FORMS:
        yield Case(
            "form",
            route,
            "POST",
            url,
            raw,
            "application/x-www-form-urlencoded",
            order=order,
            note="invalid encoding",
        )
    yield case({}, "no fields")
    yield Case(
        "form",
        route,
        "POST",
        url,
        b'{"a": "\\ud800"}',
        "application/json",
        order=order,
        note="JSON body",
    )
    yield case(base, "multipart", multipart=True)


def _multi(pairs: list[tuple[str, str]]) -> Any:
    from werkzeug.datastructures import MultiDict

    return MultiDict(pairs)


def page_cases(route: str, url: str) -> Iterator[Case]:
    """A page as linked, and with odd query strings."""
    yield Case("page", route, "GET", url, note="as linked")
    for query in (
        "?lang=xx",
        "?lang=%00",
        "?next=//evil.example",
        "?n=%FF&page=-1",
        "?x=" + "y" * 3000,
        "?token=%ED%A0%80",
    ):
        yield Case("page", route, "GET", url + query, note="odd query")


def generic_form(route: str, url: str) -> Iterator[Case]:
    """A POST route whose form no page showed: the usual field names, hostile."""
    base = {"name": "x", "version": "1", "seed": "7", "a": "x", "b": "y"}
    yield from form_cases(route, url, base)
