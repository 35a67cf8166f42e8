"""Benchmark: the Python work of one deal save, counted in bytecode instructions.

Timings on a shared machine swing by a third from one run to the next (other machines' load
steals the CPU), so a change worth 5% cannot be seen in them. The number of bytecode
instructions the interpreter runs per request does not swing: this counts them, in-process (no
HTTP server), for

1. a deal POST as the phones send it (``Prefer: return=minimal``, an ``Idempotency-Key``, the
   bearer token) to one of 20 Mariáš matches;
2. the same request with the save itself left out (Flask, the hooks and the view only);
3. the bare Flask + SQLite insert of ``bench_save_cost.py``.

It also prints where the save's instructions go, by package or module. C code (SQLite, orjson,
the standard library's C parts) is not counted: ``bench_save_cost.py`` measures the whole.

    .venv/bin/python bench/bench_save_opcodes.py [--posts 100] [--top 15]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
import uuid
from collections.abc import Callable
from typing import Any

from bench_deal_post import RECORDS
from bench_save_cost import bare_app
from werkzeug.test import EnvironBuilder


def count(
    app: Any, environs: list[dict], by_place: bool = False
) -> tuple[float, collections.Counter]:
    """Instructions per request of ``app`` over ``environs`` (and by file when asked)."""
    places: collections.Counter = collections.Counter()
    total = [0]

    def tracer(frame: Any, event: str, _arg: Any) -> Callable:
        frame.f_trace_opcodes = True
        if event == "opcode":
            total[0] += 1
            if by_place:
                places[frame.f_code.co_filename] += 1
        return tracer

    def start(status: str, _headers: Any, _exc: Any = None) -> None:
        assert status[:1] == "2", status

    sys.settrace(tracer)
    try:
        for environ in environs:
            b"".join(app(environ, start))
    finally:
        sys.settrace(None)
    return total[0] / len(environs), places


def place(filename: str) -> str:
    if "site-packages/" in filename:
        return filename.split("site-packages/")[1].split("/")[0]
    if "/scorekeeper/" in filename:
        return "scorekeeper/" + filename.split("/scorekeeper/")[1]
    return "python: " + filename.rsplit("/", 1)[-1]


def the_app(tmp: str, posts: int, save: bool) -> tuple[Any, list[dict]]:
    from scorekeeper import create_app
    from scorekeeper.services import matches

    app = create_app(
        {"DATABASE_URL": f"sqlite:///{tmp}/app.sqlite3", "INSTANCE_PATH": tmp, "SECRET_KEY": "x"}
    )
    client = app.test_client()
    body = {"game": "marias", "players": ["Jana", "Petr", "Ota"]}
    games = [client.post("/api/v1/matches", json=body).get_json() for _ in range(20)]
    if not save:  # the view, the hooks and Flask, answering as a save would
        matches.record_deal = lambda **kw: {  # type: ignore[assignment]
            "match_id": kw["match_id"],
            "version": 2,
            "deal": {"n": 1},
            "scores": [0, 0, 0],
            "finished": False,
            "winner": None,
        }
    environs = [
        EnvironBuilder(
            path=f"/api/v1/matches/{games[i % 20]['id']}/deals",
            method="POST",
            data=json.dumps(RECORDS[i % len(RECORDS)]),
            headers={
                "Content-Type": "application/json",
                "Authorization": "Bearer " + games[i % 20]["token"],
                "Prefer": "return=minimal",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        ).get_environ()
        for i in range(posts + 40)
    ]
    return app, environs


def bare_environs(posts: int) -> list[dict]:
    """POSTs to the floor of bench_save_cost.py (a Flask POST inserting one JSON row)."""
    return [
        EnvironBuilder(
            path="/deals",
            method="POST",
            data=json.dumps(RECORDS[i % len(RECORDS)]),
            headers={"Content-Type": "application/json"},
        ).get_environ()
        for i in range(posts + 40)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=100)
    parser.add_argument("--top", type=int, default=15, help="places to list")
    args = parser.parse_args()
    results = {}
    for name in ("save", "no save", "bare"):
        with tempfile.TemporaryDirectory() as tmp:
            if name == "bare":
                app, environs = bare_app(f"{tmp}/bare.sqlite3"), bare_environs(args.posts)
            else:
                app, environs = the_app(tmp, args.posts, save=name == "save")
            count(app, environs[:40])  # warm: first requests compile, cache and connect
            results[name] = count(app, environs[40:], by_place=name == "save")
    bare = results["bare"][0]
    print(f"bytecode instructions per deal POST, {args.posts} POSTs (in-process, SQLite)")
    labels = {
        "save": "deal POST (Prefer: return=minimal)",
        "no save": "the same, the save left out",
        "bare": "bare Flask + SQLite insert",
    }
    for name, (per_post, _places) in results.items():
        print(f"  {labels[name]:38} {per_post:8.0f}  {per_post / bare:4.1f}x bare")
    places: collections.Counter = collections.Counter()
    for filename, n in results["save"][1].items():
        places[place(filename)] += n
    print(f"where the deal POST's instructions go (top {args.top}):")
    for name, n in places.most_common(args.top):
        print(f"  {n / args.posts:8.0f}  {name}")


if __name__ == "__main__":
    main()
