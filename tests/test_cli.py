"""The ``scorekeeper`` command: LAN URLs, ``db upgrade`` and ``demo`` on a scratch database."""

from __future__ import annotations

import ipaddress

import pytest
from sqlalchemy import create_engine, inspect

from scorekeeper import cli


def test_urls_name_every_lan_address_and_this_machine():
    urls = cli.urls("0.0.0.0", 5000)
    assert urls[-1] == "http://127.0.0.1:5000/"
    for url in urls:
        host = url.removeprefix("http://").rsplit(":", 1)[0]
        assert ipaddress.ip_address(host).version == 4
    assert cli.urls("192.168.1.5", 8080) == ["http://192.168.1.5:8080/"]
    assert all(not a.startswith("127.") for a in cli.lan_addresses())


def test_db_upgrade_and_demo(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    assert cli.main(["db", "upgrade"]) == 0
    assert {"match", "deal"} <= set(inspect(create_engine(url)).get_table_names())
    assert "up to date" in capsys.readouterr().out
    assert cli.main(["demo"]) == 0
    out = capsys.readouterr()
    assert "skipped" not in out.err
    lines = out.out.splitlines()[1:]
    assert [line.split()[0] for line in lines[:6]] == [
        "marias",
        "mariasz",
        "mariage",
        "marianna",
        "licitovany",  # RULES.md §4a: the marias preset licitovany
        "league",  # RULES.md §6b: a league evening of twelve in two parts, played
    ]
    assert "/o/" in lines[6]  # the organiser's link to the league evening
    matches = create_engine(url).connect().exec_driver_sql("select count(*) from match").scalar()
    # the README's one command runs demo at every start: the same samples, not more
    assert cli.main(["demo"]) == 0
    assert capsys.readouterr().out == out.out
    again = create_engine(url).connect().exec_driver_sql("select count(*) from match").scalar()
    assert again == matches == 5 + 2 * 4  # five samples and the evening's eight tables


def test_unknown_command_exits_with_usage():
    with pytest.raises(SystemExit):
        cli.main(["dance"])


def test_qr_code_is_drawn_for_the_terminal():
    drawing = cli.qr_code("http://192.168.1.5:5000/")
    assert len(drawing.splitlines()) > 10 and "█" in drawing
