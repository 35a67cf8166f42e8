"""``scorekeeper import`` refuses every bad file with the list of what is wrong and where, loads
nothing, and never ends in a traceback (docs/saving.md "Moving a club"). The 24 kinds of file a
hostile test once fed it, on SQLite and (with TEST_DATABASE_URL) PostgreSQL."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import func, select

from scorekeeper import cli, transfer
from scorekeeper.services.import_rows import Refused
from tests.conftest import _database_url, _drop_database
from tests.test_transfer import _club, _export, _fresh_app

Change = Callable[[dict[str, Any]], Any]


def _set(table: str, column: str, value: Any, index: int = 0) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["tables"][table][index][column] = value

    return change


def _deal_record(data: dict[str, Any]) -> None:
    # RULES.md §5: a hra marked won although the declarer has 30 points against 60
    deal = data["tables"]["deal"][1]
    deal["record"] = {**deal["record"], "declarer_points": 30, "defender_points": 60}


def _orphan(data: dict[str, Any]) -> None:
    data["tables"]["deal"].append({**data["tables"]["deal"][0], "id": 999, "match_id": "nope"})


def _twice(table: str, index: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        data["tables"][table].append(copy.deepcopy(data["tables"][table][index]))

    return change


def _unknown_table(data: dict[str, Any]) -> None:
    data["tables"]["idempotency_key"] = []


def _unknown_column(data: dict[str, Any]) -> None:
    data["tables"]["match"][0]["colour"] = "red"


# (what the file is, how it is made from a valid export or its raw text, what the refusal says)
CASES: list[tuple[str, Any, str]] = [
    ("not JSON", b"this is not json", "the file is not JSON"),
    ("empty", b"", "the file is not JSON"),
    ("invalid UTF-8", b'{"format": "\xff\xfe"}', "the file is not UTF-8 text"),
    ("a JSON list", b"[1, 2]", "this is not a scorekeeper export"),
    ("wrong format", lambda d: d.update(format="other"), "this is not a scorekeeper export"),
    ("bad date", _set("organiser", "created_at", "yesterday"), ".created_at: must be a date"),
    ("tables a list", lambda d: d.update(tables=[]), "tables: must be an object"),
    ("tables missing", lambda d: d.pop("tables"), "tables: must be an object"),
    ("a table an object", lambda d: d["tables"].update(match={}), "must be a list of rows"),
    ("a row a string", lambda d: d["tables"]["match"].append("x"), "a row must be an object"),
    ("duplicate match id", _twice("match", 0), "is there twice"),
    ("duplicate last row", _twice("deal", -1), "is there twice (also tables.deal["),
    ("int as id", _set("match", "id", 5), "tables.match[0] (id 5).id: must be text"),
    ("orphan deal", _orphan, '.match_id: "nope" is no row of table match'),
    ("100,000-deep nesting", b"[" * 100_000, "nests deeper than a scorekeeper export"),
    ("10^30 as a version", _set("match", "version", 10**30), ".version: must be a whole number"),
    ("a list as a username", _set("organiser", "username", ["a", "b"]), ".username: must be text"),
    ("'many' as a match version", _set("match", "version", "many"), ".version: must be a whole"),
    ("NUL in an organiser name", _set("organiser", "username", "an\x00na"), "NUL character"),
    ("bidi in a player name", _set("tournament_player", "name", "Jana\u202e"), "direction"),
    ("ANSI in a match player", _set("match", "players", ["J\x1b[31m", "P", "O"]), "control"),
    ("unknown table", _unknown_table, 'tables."idempotency_key": there is no such table'),
    ("unknown column", _unknown_column, 'there is no column "colour" in table match'),
    ("revision from a future schema", lambda d: d.update(revision="0099_future"), "newer"),
    ("a deal record that does not validate", _deal_record, "The hra is marked won"),
]


@pytest.fixture(scope="module")
def valid(tmp_path_factory) -> dict[str, Any]:
    """A club's export (organiser, matches with deals, a tournament with a round)."""
    tmp = tmp_path_factory.mktemp("club")
    app = _fresh_app(f"sqlite:///{tmp / 'club.sqlite3'}", tmp, "club")
    _club(app.test_client())
    exported = _export(app)
    app.extensions["db_engine"].dispose()
    return exported


def _file(case: Any, valid: dict[str, Any]) -> bytes:
    if isinstance(case, bytes):
        return case
    data = copy.deepcopy(valid)
    case(data)
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _rows(engine) -> int:
    with engine.connect() as connection:
        return sum(
            connection.execute(select(func.count()).select_from(t)).scalar()
            for t in transfer._tables()
        )


def test_every_bad_file_is_refused_with_where_and_nothing_is_loaded(valid, tmp_path):
    # one empty database for every case: a refused import leaves it empty for the next one
    target = _fresh_app(_database_url(tmp_path / "target"), tmp_path, "target")
    engine = target.extensions["db_engine"]
    try:
        for name, case, said in CASES:
            source = io.TextIOWrapper(io.BytesIO(_file(case, valid)), encoding="utf-8")
            with pytest.raises((Refused, transfer.TransferError)) as caught:
                transfer.import_(engine, source)
            problems = getattr(caught.value, "problems", [str(caught.value)])
            assert any(said in p for p in problems), (name, problems)
            assert _rows(engine) == 0, name
        counts = transfer.import_(engine, io.StringIO(json.dumps(valid)))  # and the good file
        assert counts["deal"] == len(valid["tables"]["deal"]) and _rows(engine) > 0
    finally:
        engine.dispose()
        _drop_database(target.config["DATABASE_URL"])


def test_every_problem_is_listed_line_by_line_by_the_command(valid, tmp_path, monkeypatch, capsys):
    # several problems at once: each on its own line with its place; no traceback, rc 1
    data = copy.deepcopy(valid)
    _deal_record(data)
    _unknown_column(data)
    _set("organiser", "username", "an\x00na")(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert cli.main(["import", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.startswith("Not done: nothing was loaded.")
    lines = err.splitlines()[1:]
    first = [line.strip() for line in lines if "colour" in line]
    assert first and first[0].startswith("tables.match[0] (id ")
    assert any("tables.organiser[0]" in line and "NUL" in line for line in lines)
    # the deal's place: its row, its number in its match, the record's field
    deal = next(line for line in lines if "The hra is marked won" in line)
    assert "tables.deal[1] (id 2) (deal 2 of match " in deal and ").record.parts.0.won:" in deal
    # nothing was loaded: the same database takes the good file afterwards
    good = tmp_path / "good.json"
    good.write_text(json.dumps(valid), encoding="utf-8")
    assert cli.main(["import", str(good)]) == 0
    for name, case, _said in CASES:  # and every bad one, as a file, ends in "Not done"
        if isinstance(case, bytes):
            path.write_bytes(case)
            assert cli.main(["import", str(path)]) == 1, name
            assert "Not done" in capsys.readouterr().err
