"""The commands on a database they cannot use say so in one line (no traceback), and an export
(it holds password hashes and every token) is readable by its owner only."""

from __future__ import annotations

import errno
import os
import stat

from scorekeeper import cli, db


def test_export_writes_a_file_only_its_owner_can_read(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    monkeypatch.setattr(os, "umask", os.umask)  # (restored: the umask below is the test's own)
    old = os.umask(0o022)
    try:
        assert cli.main(["export", str(tmp_path / "club.json")]) == 0
    finally:
        os.umask(old)
    mode = stat.S_IMODE((tmp_path / "club.json").stat().st_mode)
    assert mode == 0o600, oct(mode)
    assert "Exported" in capsys.readouterr().out
    # never over an existing file
    assert cli.main(["export", str(tmp_path / "club.json")]) == 1
    assert "Not done" in capsys.readouterr().err


def test_serve_on_a_database_it_cannot_write_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    database = tmp_path / "data" / "scorekeeper.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{database}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    real_open = os.open

    def read_only(path, flags, *args):  # as a chmod 444 file is to a user who is not root
        if str(path) == str(database) and flags & (os.O_RDWR | os.O_WRONLY):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    assert cli.main(["serve", "--port", "1", "--no-qr"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("Not started:") and str(database) in err and "Permission denied" in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_data_directory_under_a_file_is_one_line_too(tmp_path, monkeypatch, capsys):
    (tmp_path / "file").write_text("")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    assert cli.main(["db", "upgrade", "--data-dir", str(tmp_path / "file" / "data")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("Not done:") and len(err.splitlines()) == 1


def test_a_sqlite_database_that_refuses_writes_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")

    def refusing(engine):
        from sqlalchemy.exc import OperationalError

        raise OperationalError("CREATE", {}, Exception("attempt to write a readonly database"))

    monkeypatch.setattr(db, "_migrate", lambda engine, lock: refusing(engine))
    assert cli.main(["db", "upgrade"]) == 1
    err = capsys.readouterr().err
    assert "readonly database" in err and "Traceback" not in err
