"""Backup, export and import: keeping a club's data safe and moving it between databases.

- ``backup``: a consistent copy of a SQLite database through SQLite's online backup API, safe
  while the server runs (rows still in the write-ahead log are included). PostgreSQL has
  ``pg_dump`` for that.
- ``export``: every table as portable JSON (rows by column name; times in ISO 8601), the same
  from SQLite and PostgreSQL.
- ``import_``: such a file into an empty, migrated database of either kind, tables in
  foreign-key order, then PostgreSQL's id sequences moved past the imported ids.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy import DateTime, Engine, Integer, func, insert, select, text
from sqlmodel import SQLModel

import scorekeeper.models  # noqa: F401  (registers every table)

from .db import sqlite_path

FORMAT = "scorekeeper-export"
VERSION = 1
#: Open logins and failed tries belong to one server's sessions: not moved with the club.
SKIPPED = {"login_failure", "organiser_login"}


class TransferError(Exception):
    """A backup, export or import that cannot be done; the message says why."""


def backup(engine: Engine, target: Path) -> int:
    """Copy a SQLite database to ``target`` while it may be in use; the pages copied."""
    source = sqlite_path(engine)
    if source is None:
        raise TransferError("backup copies SQLite databases; for PostgreSQL use pg_dump")
    if target.exists():
        raise TransferError(f"{target} exists; choose a new file name")
    with sqlite3.connect(source, timeout=30) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
        pages = copy.execute("PRAGMA page_count").fetchone()[0]
    copy.close()
    live.close()
    target.chmod(0o600)
    return int(pages)


def _tables() -> list[Any]:
    return [t for t in SQLModel.metadata.sorted_tables if t.name not in SKIPPED]


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def export(engine: Engine, out: TextIO) -> dict[str, int]:
    """Write every table as JSON to ``out``; {table: rows written}."""
    counts, tables = {}, {}
    with engine.connect() as connection:
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        for table in _tables():
            key = [c for c in table.primary_key.columns]
            rows = connection.execute(select(table).order_by(*key)).mappings().all()
            tables[table.name] = [{k: _plain(v) for k, v in row.items()} for row in rows]
            counts[table.name] = len(rows)
    json.dump(
        {"format": FORMAT, "version": VERSION, "revision": revision, "tables": tables},
        out,
        ensure_ascii=False,
        indent=1,
    )
    return counts


def _is_time(column: Any) -> bool:
    kind = getattr(column.type, "impl", column.type)
    return isinstance(kind, DateTime) or isinstance(column.type, DateTime)


def _restore(table: Any, row: dict[str, Any]) -> dict[str, Any]:
    values = {}
    for column in table.columns:
        if column.name not in row:
            continue
        value = row[column.name]
        if value is not None and _is_time(column):
            value = datetime.fromisoformat(value)
        values[column.name] = value
    return values


def import_(engine: Engine, source: TextIO) -> dict[str, int]:
    """Load an export into this (migrated, empty) database; {table: rows loaded}."""
    data = json.load(source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("this is not a scorekeeper export")
    counts = {}
    with engine.begin() as connection:
        for table in _tables():
            if connection.execute(select(func.count()).select_from(table)).scalar():
                raise TransferError(f"the database already holds {table.name} rows; use a new one")
        for table in _tables():
            rows = [_restore(table, row) for row in data["tables"].get(table.name, [])]
            if rows:
                connection.execute(insert(table), rows)
            counts[table.name] = len(rows)
        if connection.dialect.name == "postgresql":
            for table in _tables():
                _move_sequence(connection, table)
    return counts


def _move_sequence(connection: Any, table: Any) -> None:
    """Let PostgreSQL's next generated id follow the largest imported one."""
    for column in table.primary_key.columns:
        if isinstance(column.type, Integer) and column.autoincrement in (True, "auto"):
            sequence = connection.execute(
                text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": table.name, "c": column.name}
            ).scalar()
            if sequence:
                largest = f'SELECT MAX("{column.name}") FROM "{table.name}"'
                connection.execute(
                    text(f"SELECT setval(:s, COALESCE(({largest}), 0) + 1, false)"),
                    {"s": sequence},
                )
