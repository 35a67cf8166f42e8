"""``scorekeeper backup`` (SQLite's online backup while the server writes) and ``export`` /
``import`` round trips: SQLite to SQLite, and SQLite to PostgreSQL and back when
TEST_DATABASE_URL names a PostgreSQL server."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import threading

import pytest

from scorekeeper import cli, create_app, transfer
from tests.conftest import _database_url, _drop_database

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Marek"]
DEAL = {
    "declarer": 0,
    "dealer": None,
    "trump": "hearts",
    "parts": [{"kind": "hra", "won": True, "flek": 0}],
}


def _club(client) -> None:
    """A club's evening: an organiser, casual matches with deals, a tournament with a round."""
    client.post("/auth/register", data={"username": "anna", "password": "secret123"})
    for game, players in (("marias", ["Jana", "Petr", "Ota"]), ("mariage", ["Hans", "Grete"])):
        created = client.post("/api/v1/matches", json={"game": game, "players": players})
        assert created.status_code == 201, created.text
        if game == "marias":
            url = f"/api/v1/matches/{created.json['id']}/deals"
            headers = {"Authorization": f"Bearer {created.json['token']}"}
            for _ in range(3):
                assert client.post(url, json=DEAL, headers=headers).status_code == 201
    made = client.post(
        "/api/v1/tournaments",
        json={"name": "Posvícení", "game": "marias", "players": SEVEN, "stake": "0.20"},
    )
    assert made.status_code == 201
    headers = {"Authorization": f"Bearer {made.json['token']}"}
    assert (
        client.post(f"/api/v1/tournaments/{made.json['id']}/rounds", headers=headers).status_code
        == 201
    )


def _export(app) -> dict:
    out = io.StringIO()
    transfer.export(app.extensions["db_engine"], out)
    return json.loads(out.getvalue())


def _fresh_app(url: str, tmp_path, name: str):
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": url,
            "SECRET_KEY": "t",
            "INSTANCE_PATH": str(tmp_path / name),
            "WTF_CSRF_ENABLED": False,
        }
    )


def _round_trip(source_app, target_url: str, tmp_path, name: str):
    exported = _export(source_app)
    target = _fresh_app(target_url, tmp_path, name)
    counts = transfer.import_(target.extensions["db_engine"], io.StringIO(json.dumps(exported)))
    assert counts["match"] >= 3 and counts["deal"] >= 3 and counts["tournament"] == 1
    assert _export(target)["tables"] == exported["tables"]
    return target


def test_export_import_round_trip_and_the_copy_keeps_working(app, client, tmp_path):
    _club(client)
    target = _round_trip(app, _database_url(tmp_path / "copy"), tmp_path, "copy")
    copy = target.test_client()
    # new rows after the import get fresh ids (PostgreSQL's sequences were moved on)
    assert (
        copy.post("/auth/register", data={"username": "bob", "password": "secret123"}).status_code
        == 302
    )
    assert (
        copy.post("/auth/login", data={"username": "anna", "password": "secret123"}).status_code
        == 302
    )
    made = copy.post("/api/v1/matches", json={"game": "marias", "players": ["A", "B", "C"]})
    assert made.status_code == 201
    # importing twice is refused: the database is not empty
    with pytest.raises(transfer.TransferError):
        transfer.import_(target.extensions["db_engine"], io.StringIO(json.dumps(_export(app))))
    target.extensions["db_engine"].dispose()
    _drop_database(target.config["DATABASE_URL"])


@pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="needs PostgreSQL")
def test_a_club_moves_from_sqlite_to_postgresql_and_back(tmp_path, monkeypatch):
    lite = _fresh_app(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path, "lite")
    _club(lite.test_client())
    postgres = _round_trip(lite, _database_url(tmp_path), tmp_path, "pg")
    back = _round_trip(postgres, f"sqlite:///{tmp_path / 'back.sqlite3'}", tmp_path, "back")
    assert _export(back)["tables"] == _export(lite)["tables"]
    for app in (lite, postgres, back):
        app.extensions["db_engine"].dispose()
    _drop_database(postgres.config["DATABASE_URL"])


def test_backup_is_consistent_while_the_server_writes(tmp_path, monkeypatch):
    data = tmp_path / "data"
    app = create_app({"INSTANCE_PATH": str(data), "SECRET_KEY": "t"})
    client = app.test_client()
    for i in range(30):
        client.post("/api/v1/matches", json={"game": "mariage", "players": [f"A{i}", "B"]})
    stop = threading.Event()

    def keep_writing() -> None:
        writer = app.test_client()
        while not stop.is_set():
            writer.post("/api/v1/matches", json={"game": "mariage", "players": ["C", "D"]})

    thread = threading.Thread(target=keep_writing)
    thread.start()
    try:
        monkeypatch.setenv("SCOREKEEPER_DATA", str(data))
        monkeypatch.delenv("DATABASE_URL", raising=False)
        assert cli.main(["backup", str(tmp_path / "copy.sqlite3")]) == 0
    finally:
        stop.set()
        thread.join()
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    copied = copy.execute("SELECT count(*) FROM match").fetchone()[0]
    assert copied >= 30  # every committed match, the ones still in the WAL included
    assert (tmp_path / "copy.sqlite3").stat().st_mode & 0o077 == 0
    # a second backup never overwrites the first
    assert cli.main(["backup", str(tmp_path / "copy.sqlite3")]) == 1
    app.extensions["db_engine"].dispose()


def test_cli_export_then_import_into_another_data_dir(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "t")
    first = tmp_path / "first"
    assert cli.main(["demo", "--data-dir", str(first)]) == 0
    assert cli.main(["export", "--data-dir", str(first), str(tmp_path / "club.json")]) == 0
    assert (
        cli.main(["import", "--data-dir", str(tmp_path / "second"), str(tmp_path / "club.json")])
        == 0
    )
    capsys.readouterr()
    assert cli.main(["export", "--data-dir", str(tmp_path / "second")]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["tables"] == json.loads((tmp_path / "club.json").read_text())["tables"]
    # the demo's five samples and its league evening's eight tables (RULES.md §6b), which comes
    # across with its format, parts, BP key and PB table
    assert len(again["tables"]["match"]) == 5 + 2 * 4  # licitovaný mariáš among the samples
    (evening,) = again["tables"]["tournament"]
    assert evening["format"] == "league" and evening["parts"] == 2
    assert evening["bp_key"] and evening["pb_table"]
