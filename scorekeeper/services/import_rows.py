"""The first half of checking a scorekeeper export before anything is loaded: its shape, and
every row against the tables it is going into (``scorekeeper import``; docs/saving.md).

``rows(data, tables, known_revisions)`` answers each table's rows as the database takes them
(times as datetimes), or raises ``Refused`` with every problem found, each starting with where it
is (``tables.deal[3] (id 4): record: …``). Checked from the models' own columns, so a column or
table another change adds is checked without a line here: known tables and columns only, a value
of the column's kind and size (whole numbers that fit PostgreSQL's ``integer``, text no longer
than its column, without NUL or invalid Unicode, which PostgreSQL refuses), a value where one is
needed, no primary or unique key twice, and every reference to a row the file holds (the
database is empty). What the values mean is ``import_rules``' half.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, Integer, String, Table

FORMAT = "scorekeeper-export"
VERSION = 1
INT_RANGE = (-(2**31), 2**31 - 1)  # PostgreSQL's integer, the columns' type
LIMIT = 200  # problems listed before "… and N more"
BAD = "\x00bad"  # marks a row with a refused value (no column has this name)


class Refused(Exception):
    """An export that cannot be loaded; ``problems`` says what and where, one line each."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__(f"{len(self.problems)} problem(s)")


class Problems(list):
    """The problems found so far; past ``LIMIT`` only counted."""

    def __init__(self) -> None:
        super().__init__()
        self.more = 0

    def add(self, where: str, what: str) -> None:
        if len(self) < LIMIT:
            self.append(f"{where}: {what}" if where else what)
        else:
            self.more += 1

    @property
    def found(self) -> int:
        """How many problems were found (listed or only counted)."""
        return len(self) + self.more

    def raise_any(self) -> None:
        if self or self.more:
            tail = [f"… and {self.more} more"] if self.more else []
            raise Refused([*self, *tail])


def document(data: Any, known_revisions: Sequence[str]) -> Mapping[str, Any]:
    """The export's ``tables``, once its format, version and revision are ones this app reads."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise Refused(
            [f'this is not a scorekeeper export (a JSON object with "format": "{FORMAT}")']
        )
    problems = Problems()
    _check_version(data.get("version"), problems)
    _check_revision(data.get("revision"), known_revisions, problems)
    tables = data.get("tables")
    if not isinstance(tables, Mapping):
        problems.add("tables", "must be an object holding each table's rows as a list")
    problems.raise_any()
    return tables  # type: ignore[return-value]


def _check_version(version: Any, problems: Problems) -> None:
    if type(version) is not int or version != VERSION:
        problems.add(
            "version",
            f"{_short(version)} is not an export version this scorekeeper reads ({VERSION})",
        )


def _check_revision(revision: Any, known_revisions: Sequence[str], problems: Problems) -> None:
    if revision not in known_revisions:
        problems.add(
            "revision",
            f"{_short(revision)} is no database revision this scorekeeper knows (it is at "
            f"{known_revisions[-1]}): the file comes from a newer scorekeeper or another program; "
            "import it with the scorekeeper that wrote it",
        )


def rows(
    tables: Mapping[str, Any], known: Sequence[Table], problems: Problems
) -> dict[str, list[dict[str, Any]]]:
    """Each known table's rows, checked column by column and key by key into ``problems``; a row
    with a problem is ``None`` in its list (the rules' half skips it). Refused at once when the
    tables themselves are not lists of rows."""
    _unknown_tables(tables, known, problems)
    out = _table_rows(tables, known, problems)
    if len(out) < len(known):
        problems.raise_any()
    for table in known:
        _keys(table, out[table.name], problems)
    _references(known, out, problems)
    return out


def _unknown_tables(tables: Mapping[str, Any], known: Sequence[Table], problems: Problems) -> None:
    names = {table.name for table in known}
    for name in tables:
        if name not in names:
            problems.add(f"tables.{_short(name)}", "there is no such table in this scorekeeper")


def _table_rows(
    tables: Mapping[str, Any], known: Sequence[Table], problems: Problems
) -> dict[str, list[dict[str, Any]]]:
    """The rows of each known table that is a list (checked, ``_row``); the others are left out
    (a problem)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for table in known:
        raw = tables.get(table.name, [])
        if not isinstance(raw, list):
            problems.add(f"tables.{table.name}", "must be a list of rows")
            continue
        out[table.name] = [_row(table, i, row, problems) for i, row in enumerate(raw)]
    return out


def where(table: str, index: int, row: Mapping[str, Any], key: str = "id") -> str:
    """How a problem names a row: ``tables.deal[3] (id 4)``."""
    ident = row.get(key) if isinstance(row, Mapping) else None
    return f"tables.{table}[{index}]" + (f" ({key} {_short(ident)})" if ident is not None else "")


def _short(value: Any, limit: int = 60) -> str:
    """A value as a problem shows it: its JSON-ish text, cut to ``limit`` characters."""
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _row(table: Table, index: int, row: Any, problems: Problems) -> dict[str, Any]:
    """The row as the table takes it, marked ``BAD`` when a value of it is refused."""
    at = where(table.name, index, row, _pk(table))
    if not isinstance(row, Mapping):
        problems.add(at, "a row must be an object of columns and their values")
        return {BAD: True}
    _unknown_columns(table, row, at, problems)
    before = problems.found  # a refused value (not an unknown column) marks it
    values = _values(table, row, at, problems)
    if problems.found > before:
        values[BAD] = True
    return values


def _unknown_columns(table: Table, row: Mapping[str, Any], at: str, problems: Problems) -> None:
    columns = {c.name for c in table.columns}
    for name in row:
        if name not in columns:
            problems.add(at, f"there is no column {_short(name)} in table {table.name}")


def _values(table: Table, row: Mapping[str, Any], at: str, problems: Problems) -> dict[str, Any]:
    """The row's value of each column it has, as the column takes it; a refused value and a
    missing one that is needed are problems."""
    values: dict[str, Any] = {}
    for column in table.columns:
        if column.name in row:
            value, why = _value(column, row[column.name])
            if why:
                problems.add(f"{at}.{column.name}", why)
            values[column.name] = value
        elif _needs_value(column):
            problems.add(f"{at}.{column.name}", "missing; this column needs a value")
    return values


def _needs_value(column: Any) -> bool:
    """Whether a row must give the column a value (it has no default and takes no null)."""
    return not column.nullable and column.server_default is None and column.default is None


def good(values: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """(index, row) of the rows whose values all passed (the rules' half checks these)."""
    return [(i, row) for i, row in enumerate(values) if BAD not in row]


def strip(values: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows as they go into the database (without the mark of a refused value)."""
    return [{k: v for k, v in row.items() if k != BAD} for row in values]


def _pk(table: Table) -> str:
    keys = [c.name for c in table.primary_key.columns]
    return keys[0] if len(keys) == 1 else "id"


def _value(column: Any, value: Any) -> tuple[Any, str]:
    """The value as the column takes it, and why not ("" when it is fine)."""
    if value is None:
        return None, "" if column.nullable else "needs a value, not null"
    kind = getattr(column.type, "impl_instance", column.type)  # AutoString: a String inside
    for column_type, check in _CHECKS:
        if isinstance(kind, column_type):
            return check(value, kind)
    return value, ""


def _time(value: Any, _kind: Any) -> tuple[Any, str]:
    why = "must be a date and time in ISO 8601 with its time zone, e.g. 2026-11-21T18:00:00+00:00"
    if not isinstance(value, str):
        return value, why
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return value, why
    if moment.tzinfo is None:
        return value, why
    return moment, ""


def _boolean(value: Any, _kind: Any) -> tuple[Any, str]:
    return value, "" if type(value) is bool else "must be true or false"


def _integer(value: Any, _kind: Any) -> tuple[Any, str]:
    low, high = INT_RANGE
    ok = type(value) is int and low <= value <= high
    return value, "" if ok else f"must be a whole number from {low} to {high}"


def _float(value: Any, _kind: Any) -> tuple[Any, str]:
    ok = type(value) in (int, float) and math.isfinite(value)
    return value, "" if ok else "must be a number"


def _json(value: Any, _kind: Any) -> tuple[Any, str]:
    return value, _clean_json(value)


def _string(value: Any, kind: Any) -> tuple[Any, str]:
    return value, _text(value, kind.length)


#: Each column type's check of a value (the first type the column is an instance of): the value
#: as the column takes it, and why not ("" when it is fine).
_CHECKS: tuple[tuple[type, Callable[[Any, Any], tuple[Any, str]]], ...] = (
    (DateTime, _time),
    (Boolean, _boolean),
    (Integer, _integer),
    (Float, _float),
    (JSON, _json),
    (String, _string),
)


def _text(value: Any, length: int | None) -> str:
    if not isinstance(value, str):
        return "must be text"
    if length is not None and len(value) > length:
        return f"must be text of at most {length} characters, not {len(value)}"
    return _bad_characters(value)


def _bad_characters(text: str) -> str:
    if "\x00" in text:
        return "text may not hold the NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "text holds invalid Unicode (a lone surrogate)"
    return ""


def _clean_json(value: Any, depth: int = 0) -> str:
    """Why a JSON value cannot be stored (NUL, invalid Unicode, absurd nesting), or ""."""
    if depth > 64:
        return "nests deeper than any stored value does"
    if why := _clean_scalar(value):
        return why
    for item in _children(value):
        if why := _clean_json(item, depth + 1):
            return why
    return ""


def _clean_scalar(value: Any) -> str:
    """Why a text or a number in a JSON value cannot be stored, or "" (anything else)."""
    if isinstance(value, str):
        return _bad_characters(value)
    if isinstance(value, float) and not math.isfinite(value):
        return "holds a number that is not finite"
    return ""


def _children(value: Any) -> Iterable[Any]:
    """The keys and values of a JSON object, the items of a list; nothing of anything else."""
    if isinstance(value, Mapping):
        return [*value.keys(), *value.values()]
    if isinstance(value, list):
        return value
    return ()


def _keys(table: Table, values: list[dict[str, Any]], problems: Problems) -> None:
    """No primary key and no unique key twice (a key with a null in it is not compared)."""
    for key in _unique_keys(table):
        _key_once(table, key, values, problems)


def _unique_keys(table: Table) -> list[tuple[str, ...]]:
    """The columns of the table's primary key, unique constraints and unique indexes, each once."""
    keys = [_names(table.primary_key)]
    keys += [
        _names(constraint)
        for constraint in table.constraints
        if constraint.__class__.__name__ == "UniqueConstraint"
    ]
    keys += [_names(index) for index in table.indexes if index.unique]
    return list(dict.fromkeys(keys))


def _names(columns_of: Any) -> tuple[str, ...]:
    """The names of a key's, constraint's or index's columns."""
    return tuple(c.name for c in columns_of.columns)


def _key_once(
    table: Table, key: tuple[str, ...], values: list[dict[str, Any]], problems: Problems
) -> None:
    """No two rows with the same value of ``key`` (the columns' names)."""
    pk = _pk(table)
    seen: dict[Any, int] = {}
    for i, row in enumerate(values):
        value = _key_value(row, key)
        if value is None:
            continue
        if value in seen:
            problems.add(where(table.name, i, row, pk), _twice(table.name, key, value, seen[value]))
        else:
            seen[value] = i


def _key_value(row: Mapping[str, Any], key: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The row's value of the key, or None when a column of it is null (not compared)."""
    value = tuple(_hashable(row.get(name)) for name in key)
    return None if any(v is None for v in value) else value


def _twice(table: str, key: tuple[str, ...], value: tuple[Any, ...], first: int) -> str:
    shown = _short(value if len(value) > 1 else value[0])
    return f"{', '.join(key)} {shown} is there twice (also tables.{table}[{first}])"


def _hashable(value: Any) -> Any:
    return repr(value) if isinstance(value, list | dict) else value


def _references(
    known: Sequence[Table], out: Mapping[str, list[dict[str, Any]]], problems: Problems
) -> None:
    """Every foreign key names a row of the file (the database it goes into is empty)."""
    present: dict[tuple[str, str], set[Any]] = {}
    for table in known:
        for fk in table.foreign_keys:
            target = (fk.column.table.name, fk.column.name)
            if target not in present:
                present[target] = {_hashable(row.get(target[1])) for row in out.get(target[0], [])}
            _check_reference(table, fk, out[table.name], present[target], problems)


def _check_reference(
    table: Table, fk: Any, values: list[dict[str, Any]], present: set[Any], problems: Problems
) -> None:
    """Each row's value of the foreign key ``fk`` is one of the ``present`` ones (or null)."""
    for i, row in enumerate(values):
        value = row.get(fk.parent.name)
        if value is not None and _hashable(value) not in present:
            problems.add(
                f"{where(table.name, i, row, _pk(table))}.{fk.parent.name}",
                f"{_short(value)} is no row of table {fk.column.table.name} in this file",
            )
