"""Benchmark: the standings PDF for 500 players through the app vs bare WeasyPrint.

The app path is the real route, ``GET /tournaments/<id>/standings.pdf`` through Flask's test
client: load the tournament from the database, compute the standings, build the context, render
the Jinja template and run ``scorekeeper.printing.pdf.render_pdf``. Bare WeasyPrint renders the
very same HTML (taken from the HTML view, its ``/static/`` links pointed at the files on disk) with
``HTML(string=…).write_pdf(font_config=FontConfiguration())`` and nothing else.
Target: app time <= 1.5 x bare time.

    .venv/bin/python bench/bench_pdf.py [--players 500] [--rounds 4] [--repeat 3]
    .venv/bin/python bench/bench_pdf.py --fixture   # standings dict in memory, no database

Each side runs ``--repeat`` times, interleaved (alternating which goes first); the best wall and
CPU time of each are compared (the machine is shared, so the minimum is the least noisy figure).
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def names(n: int) -> list[str]:
    """``n`` distinct player names with Czech, Polish, German and Italian letters."""
    first = [
        "Řehoř",
        "Łucja",
        "Jürgen",
        "Niccolò",
        "Jana",
        "Petr",
        "Zdeňka",
        "Paweł",
        "Věra",
        "Małgorzata",
        "Lukas",
        "Giulia",
        "Tomáš",
        "Agnieszka",
        "Matteo",
        "Ota",
    ]
    last = [
        "Šťastný",
        "Żółć",
        "Weiß",
        "Ferrà",
        "Novák",
        "Dvořák",
        "Wiśniewski",
        "Müller",
        "Bianchi",
        "Kučera",
        "Němec",
        "Schäfer",
        "Romano",
        "Horák",
        "Pokorný",
        "Černý",
    ]
    out = [f"{first[i % len(first)]} {last[(i // len(first)) % len(last)]}" for i in range(n)]
    return [f"{name} {i // 256 + 1}" if i >= 256 else name for i, name in enumerate(out)]


def build_tournament(app, players: int, rounds: int) -> str:  # noqa: ANN001
    """A marias tournament with ``rounds`` confirmed rounds; answers its id."""
    from sqlmodel import Session

    from scorekeeper.services import tournament_rounds as tr
    from scorekeeper.services import tournaments as ts

    with app.app_context(), Session(app.extensions["db_engine"]) as session:
        tournament = ts.create_tournament(
            session=session,
            name="Posvícenský turnaj v mariáši",
            game="marias",
            players=names(players),
            rounds=rounds,
            table_size=3,
            venue="U Zlatého tygra",
            date="2026-11-21",
            seed=7,
        )
        for r in range(rounds):
            drawn = tr.draw_next_round(session=session, tournament_id=tournament.id, seed=r + 1)
            for t in drawn["tables"]:
                n = len(t["players"])
                scores = [(t["table"] * 7 + r * 3 + s * 5) % 9 - 4 for s in range(n - 1)]
                scores.append(-sum(scores))
                tr.set_manual_result(
                    session=session,
                    tournament_id=tournament.id,
                    round=r + 1,
                    table=t["table"],
                    scores=scores,
                    confirm=True,
                )
        return tournament.id


def make_app(fixture: bool, players: int, rounds: int):  # noqa: ANN201
    """(app, standings URL): the real app and database, or only the printing blueprint."""
    tmp = tempfile.mkdtemp(prefix="bench_pdf_")
    if fixture:
        from flask import Flask

        from scorekeeper.extensions import babel
        from scorekeeper.web.printing import pages as printing

        sys.path.insert(0, str(ROOT / "tests" / "pdf"))
        from conftest import make_standings

        data = make_standings(players, rounds=rounds, planned=rounds)
        printing.load_standings = lambda tournament_id: data
        app = Flask(
            "bench", template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static")
        )
        babel.init_app(app)
        app.register_blueprint(printing.bp)
        return app, "/tournaments/t1"
    from scorekeeper import create_app

    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
            "INSTANCE_PATH": tmp,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
        }
    )
    started = time.perf_counter()
    tournament_id = build_tournament(app, players, rounds)
    print(
        f"set-up: {players} players, {rounds} confirmed rounds "
        f"in {time.perf_counter() - started:.1f} s"
    )
    return app, f"/tournaments/{tournament_id}"


def main() -> None:
    """Run the benchmark and print both times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--fixture", action="store_true", help="no database: a standings dict")
    args = parser.parse_args()

    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    app, base = make_app(args.fixture, args.players, args.rounds)
    client = app.test_client()
    html = client.get(f"{base}/print/standings").get_data(as_text=True)
    bare_html = html.replace('"/static/', f'"{ROOT}/static/')

    def app_path() -> int:
        response = client.get(f"{base}/standings.pdf")
        assert response.status_code == 200, response.status
        return 0

    def bare() -> int:
        document = HTML(string=bare_html, base_url=str(ROOT)).render(
            font_config=FontConfiguration()
        )
        document.write_pdf()
        return len(document.pages)

    times: dict[str, list[tuple[float, float]]] = {"app": [], "bare": []}
    pages = 0
    order = [("app", app_path), ("bare", bare)]
    for i in range(args.repeat):
        for label, run in order if i % 2 == 0 else order[::-1]:  # alternate who goes first
            gc.collect()
            wall, cpu = time.perf_counter(), time.process_time()
            pages = run() or pages
            times[label].append((time.perf_counter() - wall, time.process_time() - cpu))

    print(
        f"standings PDF, {args.players} players, {pages} pages "
        f"({'fixture dict' if args.fixture else 'database'}), best of {args.repeat}:"
    )
    best = {label: (min(w for w, _ in ts), min(c for _, c in ts)) for label, ts in times.items()}
    for label, title in (
        ("app", "app path (route, services, template, render_pdf)"),
        ("bare", "bare WeasyPrint on the same HTML"),
    ):
        wall, cpu = best[label]
        print(f"  {title:<50} wall {wall:6.2f} s   cpu {cpu:6.2f} s")
    for i, name in enumerate(("wall", "cpu")):
        ratio = best["app"][i] / best["bare"][i]
        print(
            f"  ratio ({name}): {ratio:.2f}x (target <= 1.5x): {'OK' if ratio <= 1.5 else 'OVER'}"
        )


if __name__ == "__main__":
    main()
