"""Where data and assets are: --data-dir, SCOREKEEPER_DATA, instance/ in a clone, else the
user's data directory; templates and static from the package when a wheel carries them."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from scorekeeper import cli, create_app, paths


def test_data_dir_precedence(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "env"))
    assert paths.data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert paths.data_dir() == tmp_path / "env"
    monkeypatch.delenv("SCOREKEEPER_DATA")
    assert paths.in_repository() and paths.data_dir() == paths.REPOSITORY / "instance"
    monkeypatch.setattr(paths, "in_repository", lambda: False)  # as installed from a wheel
    outside = paths.data_dir()
    assert outside == Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))
    assert "site-packages" not in str(outside)


def test_assets_come_from_the_package_when_it_carries_them(tmp_path, monkeypatch):
    assert paths.resource("templates") == paths.REPOSITORY / "templates"  # a clone
    package = tmp_path / "scorekeeper"
    (package / "templates").mkdir(parents=True)
    monkeypatch.setattr(paths, "PACKAGE", package)
    assert paths.resource("templates") == package / "templates"


def test_the_app_keeps_its_data_in_the_data_directory(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "club"))
    app = create_app()
    assert app.instance_path == str(tmp_path / "club")
    assert app.config["DATABASE_URL"] == f"sqlite:///{tmp_path / 'club' / 'scorekeeper.sqlite3'}"
    assert (tmp_path / "club" / "secret_key").is_file()
    app.extensions["db_engine"].dispose()
    assert cli.main(["db", "upgrade", "--data-dir", str(tmp_path / "other")]) == 0
    assert (tmp_path / "other" / "scorekeeper.sqlite3").is_file()
