"""Many rows written in one statement, their values worked out before the write begins.

SQLite has one write lock for the whole database: while a request holds it, every table's deal
save waits. A creation of a thousand entrants, or a draw of 333 tables, must therefore not build
a thousand ORM objects inside its transaction. The services build the objects (ids, defaults,
checks) first, turn them into rows here, and write each table's rows with one ``executemany``:
the lock is held for a few milliseconds (``bench/bench_write_lock.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, SQLModel


def rows(objects: Iterable[SQLModel]) -> list[dict[str, Any]]:
    """Each object's column values (its defaults filled in), ready for ``insert``; a primary
    key still None is left out, so the database numbers the row."""
    out = []
    for obj in objects:
        table = obj.__table__  # type: ignore[attr-defined]
        values = {}
        for column in table.columns:
            value = getattr(obj, column.key)
            if value is None and column.primary_key:
                continue
            values[column.key] = value
        out.append(values)
    return out


def insert(session: Session, model: type[SQLModel], values: list[dict[str, Any]]) -> None:
    """Write ``values`` (from ``rows``) into ``model``'s table with one statement."""
    if values:
        session.execute(sa.insert(model.__table__), values)  # type: ignore[attr-defined]
