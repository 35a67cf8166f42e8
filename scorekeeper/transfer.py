"""Backup, export and import: keeping a club's data safe and moving it between databases.

- ``backup``: a consistent copy of a SQLite database through SQLite's online backup API, safe
  while the server runs (rows still in the write-ahead log are included). PostgreSQL has
  ``pg_dump`` for that.
- ``export``: every table as portable JSON (rows by column name; times in ISO 8601), the same
  from SQLite and PostgreSQL.
- ``import_``: such a file into an empty, migrated database of either kind, tables in
  foreign-key order, then PostgreSQL's id sequences moved past the imported ids. Every row is
  checked first (its table's columns and keys, and the rules of a live save); a file with any
  problem loads nothing and is refused with the list of them, each saying where it is.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy import Engine, Integer, func, insert, select, text
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


def read(source: TextIO) -> Any:
    """The export's JSON, or TransferError saying why the file is not one (never a traceback:
    text that is not UTF-8, not JSON, nested past any export, numbers past any column)."""
    try:
        return json.load(source)
    except UnicodeDecodeError:
        raise TransferError("the file is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise TransferError(
            f"the file is not JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise TransferError("the file nests deeper than a scorekeeper export ever does") from None
    except ValueError as error:  # e.g. a number of more than 4,300 digits
        raise TransferError(f"the file holds a value no export holds ({error})") from None


def import_(engine: Engine, source: TextIO) -> dict[str, int]:
    """Load an export into this (migrated, empty) database; {table: rows loaded}.

    Every row is checked first, against its table and by the rules a live save goes through
    (``services.import_rows``, ``services.import_rules``); with any problem nothing is loaded
    and ``import_rows.Refused`` lists them all."""
    data = read(source)
    with engine.begin() as connection:
        _refuse_if_not_empty(connection)
        rows = _checked_rows(connection, data)
        counts = _insert(connection, rows)
        _move_sequences(connection)
    return counts


def _refuse_if_not_empty(connection: Any) -> None:
    """TransferError where any table already holds rows: an import goes to a new database."""
    for table in _tables():
        if connection.execute(select(func.count()).select_from(table)).scalar():
            raise TransferError(f"the database already holds {table.name} rows; use a new one")


def _checked_rows(connection: Any, data: Any) -> dict[str, list]:
    """The export's rows by table, every one checked (``import_rows.Refused`` lists every
    problem)."""
    from .services import import_rows, import_rules

    tables = import_rows.document(data, _known_revisions(connection))
    problems = import_rows.Problems()
    rows = import_rows.rows(tables, _tables(), problems)
    import_rules.check(rows, problems)
    problems.raise_any()
    return rows


def _insert(connection: Any, rows: dict[str, list]) -> dict[str, int]:
    """Insert the checked rows, table by table; {table: rows loaded}."""
    from .services import import_rows

    counts = {}
    for table in _tables():
        if rows[table.name]:
            connection.execute(insert(table), import_rows.strip(rows[table.name]))
        counts[table.name] = len(rows[table.name])
    return counts


def _move_sequences(connection: Any) -> None:
    """On PostgreSQL, let each table's next generated id follow the rows imported."""
    if connection.dialect.name != "postgresql":
        return
    for table in _tables():
        _move_sequence(connection, table)


def _known_revisions(connection: Any) -> list[str]:
    """The migrations this app knows, oldest first (the database's own is the last that ran)."""
    from alembic.script import ScriptDirectory

    from .db import alembic_config

    script = ScriptDirectory.from_config(alembic_config(str(connection.engine.url)))
    known = [r.revision for r in reversed(list(script.walk_revisions()))]
    current = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return known[: known.index(current) + 1] if current in known else known


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
