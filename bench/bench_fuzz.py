"""The long run of the suite's fuzz (tests/fuzz): every case of every route, on SQLite and, with
``--postgres URL`` (or TEST_DATABASE_URL), on PostgreSQL; prints the requests and 5xx answers per
surface and per route, and the first 5xx cases. The bar is 0 × 5xx.

    .venv/bin/python bench/bench_fuzz.py [--postgres postgresql://…] [--per-class N] [--pdfs]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.run import Tally, collect, run, sample  # noqa: E402
from tests.fuzz.world import build  # noqa: E402


def database(kind: str, postgres: str | None, tmp: str) -> str:
    if kind == "SQLite":
        return f"sqlite:///{tmp}/fuzz.sqlite3"
    from sqlalchemy import create_engine, text

    name = f"fuzz_{os.getpid()}"
    admin = create_engine(
        postgres.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return postgres.rsplit("/", 1)[0] + "/" + name


def fuzz(url: str, tmp: str, per_class: int | None, pdfs: bool) -> tuple[Tally, float]:
    from scorekeeper import create_app

    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": url,
            "INSTANCE_PATH": tmp,
            "SECRET_KEY": "fuzz",
            "WTF_CSRF_ENABLED": False,
        }
    )
    app.logger.setLevel(logging.CRITICAL)  # the 5xx are counted; their tracebacks are noise
    client = app.test_client()
    started = time.perf_counter()
    tally = Tally()
    for surface in ("api", "form", "page"):  # each surface on a world of its own, as the tests
        world = build(client := app.test_client())
        cases = [c for c in collect(app, client, world, pdfs=pdfs) if c.surface == surface]
        run(client, world, cases if per_class is None else sample(cases, per_class), tally)
    app.extensions["db_engine"].dispose()
    return tally, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--per-class", type=int, default=None, help="a sample, not every case")
    parser.add_argument("--pdfs", action="store_true", help="every case of the PDF pages too")
    parser.add_argument("--routes", action="store_true", help="print every route's counts")
    args = parser.parse_args()
    kinds = ["SQLite"] + (["PostgreSQL"] if args.postgres else [])
    results = {}
    for kind in kinds:
        with tempfile.TemporaryDirectory() as tmp:
            results[kind] = fuzz(database(kind, args.postgres, tmp), tmp, args.per_class, args.pdfs)
    header = f"{'surface':8}" + "".join(f" {k + ' requests':>20} {k + ' 5xx':>15}" for k in kinds)
    print(header)
    for surface in ("api", "form", "page"):
        line = f"{surface:8}"
        for kind in kinds:
            tally = results[kind][0]
            requests = sum(n for (s, _r), n in tally.requests.items() if s == surface)
            errors = sum(n for (s, _r), n in tally.errors.items() if s == surface)
            line += f" {requests:20d} {errors:15d}"
        print(line)
    for kind in kinds:
        tally, took = results[kind]
        statuses = Counter({s: n for s, n in tally.statuses.items()})
        print(
            f"{kind}: {sum(tally.requests.values())} requests in {took:.0f} s, "
            f"{sum(tally.errors.values())} × 5xx; statuses {dict(sorted(statuses.items()))}"
        )
        if args.routes or tally.errors:
            for (surface, route), n in sorted(tally.requests.items()):
                errors = tally.errors[(surface, route)]
                print(f"  {surface:5} {route:86} {n:6d} {errors:4d}")
        for status, case in tally.failures:
            print(
                f"  {status} {case.method} {case.url[:100]} {case.note} "
                f"{str(case.body or case.data)[:160]!r}"
            )


if __name__ == "__main__":
    main()
