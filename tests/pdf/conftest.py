"""Fixture dicts shaped like API.md (standings, rounds, match state) and PDF helpers."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

NAMES = ["Řehoř Šťastný", "Łucja Żółć", "Jürgen Weiß", "Niccolò Ferrà"]
FIRST = [
    "Jana",
    "Petr",
    "Ota",
    "Eva",
    "Tomáš",
    "Zdeňka",
    "Marek",
    "Hana",
    "Ondřej",
    "Věra",
    "Karel",
    "Lenka",
    "Paweł",
    "Agnieszka",
    "Grzegorz",
    "Małgorzata",
    "Lukas",
    "Anna",
    "Giulia",
    "Matteo",
]
LAST = [
    "Novák",
    "Dvořák",
    "Černý",
    "Procházka",
    "Kučera",
    "Wiśniewski",
    "Kowalczyk",
    "Müller",
    "Schäfer",
    "Bianchi",
    "Romano",
    "Esposito",
    "Horák",
    "Němec",
    "Pokorný",
]


def player_names(n: int) -> list[str]:
    """``n`` distinct names, the four diacritics test names first."""
    names = list(NAMES)
    i = 0
    while len(names) < n:
        first, last = FIRST[i % len(FIRST)], LAST[(i // len(FIRST)) % len(LAST)]
        lap = i // (len(FIRST) * len(LAST))  # past 300 names: a middle initial keeps them unique
        names.append(f"{first} {chr(ord('A') + lap - 1)}. {last}" if lap else f"{first} {last}")
        i += 1
    return names[:n]


def make_standings(n: int = 12, rounds: int = 3, planned: int = 4) -> dict:
    """Standings JSON (API.md) for ``n`` players after ``rounds`` rounds, with some ties."""
    rows = []
    for i, name in enumerate(player_names(n)):
        results = [((i * 7 + r * 5) % 11) - 5 for r in range(rounds)]
        rows.append(
            {
                "player_id": f"p{i}",
                "player": name,
                "rounds": results,
                "total": 3000 - 3 * i + (3 if i % 4 == 1 else 0),
                "tiebreaks": {"buchholz": 40 - i // 3, "wins": rounds - i % 3},
            }
        )
    rows.sort(key=lambda r: -r["total"])
    for i, row in enumerate(rows):
        tied = i > 0 and rows[i - 1]["total"] == row["total"]
        row["rank"] = rows[i - 1]["rank"] if tied else i + 1
    return {
        "after_round": rounds,
        "rows": rows,
        "tournament": {
            "name": "Posvícenský turnaj v mariáši",
            "venue": "U Zlatého tygra",
            "date": "2026-11-21",
            "rounds_planned": planned,
            "game": "marias",
        },
    }


def make_round(n_players: int = 12, size: int = 3, r: int = 2) -> dict:
    """A drawn round (API.md shape) with tables of ``size``."""
    names = player_names(n_players)
    tables = []
    for t in range(0, n_players, size):
        tables.append(
            {
                "table": t // size + 1,
                "players": names[t : t + size],
                "player_ids": [f"p{i}" for i in range(t, t + size)],
                "match_id": f"m{t // size + 1}abc",
                "token": f"tok{t // size + 1}xyz",
            }
        )
    return {"round": r, "repeats": 0, "tables": tables}


@pytest.fixture
def standings_data():
    return make_standings()


def pdf_text(data: bytes) -> list[str]:
    """The text of each page of a PDF (pypdf)."""
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def to_png(data: bytes, out: Path, *, dpi: int = 30, first: int = 1, last: int = 1) -> list[Path]:
    """Render pages of a PDF to PNG with pdftoppm; returns the files written."""
    pdf = out.with_suffix(".pdf")
    pdf.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(dpi), "-f", str(first), "-l", str(last), str(pdf), str(out)],
        check=True,
        timeout=60,
    )
    return sorted(out.parent.glob(out.name + "-*.png"))


MATCH_STATE = {
    "id": "m1",
    "game": "marias",
    "preset": "pub",
    "players": NAMES[:3],
    "sides": NAMES[:3],
    "title": "Pátek u Tygra",
    "deals": [
        {"n": 1, "delta": [2, -1, -1], "explanation": ["hra won: 1 from each defender"]},
        {"n": 2, "delta": [-4, 2, 2], "explanation": ["sedma lost: 2 to each defender"]},
        {"n": 3, "delta": [-1, 2, -1], "explanation": ["hra won: 1 from each defender"]},
    ],
    "scores": [-3, 3, 0],
    "money": ["-0.60", "0.60", "0.00"],
    "currency": "CZK",
    "finished": True,
    "winner": 1,
}


def build_print_app(mp: pytest.MonkeyPatch, **data):
    """Only the printing blueprint, its loaders fed from fixture dicts (no database needed)."""
    from flask import Flask

    from scorekeeper import ROOT, i18n
    from scorekeeper.extensions import babel
    from scorekeeper.web import suits
    from scorekeeper.web.printing import pages as printing

    app = Flask(
        "print_test", template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static")
    )
    app.config.update(TESTING=True, SECRET_KEY="test", PAPER="A4")
    babel.init_app(app)
    i18n.init_app(app)  # the language, the local formats' filters (as create_app does)
    suits.init_app(app)  # the deck's names and pictures (as create_app does)
    app.register_blueprint(printing.bp)
    data = {
        "standings": make_standings(),
        "round": make_round(13, 3),
        "match": MATCH_STATE,
        "organiser": True,
        **data,
    }
    state = {
        "id": "t1",
        "name": "Posvícenský turnaj",
        "venue": "U Zlatého tygra",
        "date": "2026-11-21",
        "rounds_planned": 4,
        "game": "marias",
    }
    mp.setattr(printing, "load_standings", lambda tid: data["standings"])
    mp.setattr(printing, "_tournament_round", lambda tid: (state, data["round"]))
    mp.setattr(printing, "_is_organiser", lambda s: data["organiser"])
    mp.setattr(printing, "load_match_state", lambda mid: data["match"])
    app.fixture_data = data
    return app


@pytest.fixture
def print_app(monkeypatch):
    return build_print_app(monkeypatch)
