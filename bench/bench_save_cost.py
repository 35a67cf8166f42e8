"""Benchmark: does saving a deal cost more the longer the match is?

Everything through the real HTTP server (waitress, as ``scorekeeper serve``) on SQLite, side by
side in one run, with a bare Flask + SQLite insert app as the floor:

1. one phone: the median POST for deals 351–400 of one match against deals 1–50 of another,
   posted one after the other (target: within 1.5×);
2. 20 phones, each on its own match: p95 (target: within 1.5× of the bare app's p95);
3. 20 phones on one 500-deal match: p95 (target: within 2× of the bare app's p95);
4. the bare app: 20 phones inserting a JSON row each: p95.

Measures 2–4 run in ``--rounds`` interleaved rounds (bare, own matches, one match; each round
its own 500-deal match), and the p95s are over all rounds' POSTs: on a shared machine the
bare app's p95 alone swings 16–50 ms from one run to the next, and interleaving makes such drift
hit the app and its floor alike. Each round's ratios are printed too, and the server CPU time
per POST of both servers (from /proc), which is what the p95s mostly follow.

The app's POSTs carry ``Prefer: return=minimal`` and an ``Idempotency-Key``, as the phones' pages
send them (``static/js/queue.js``); ``--full`` asks for the whole match state instead.

    .venv/bin/python bench/bench_save_cost.py [--threads 4] [--posts 50] [--rounds 3] [--full]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from bench_deal_post import RECORDS, free_port, pct, wait_for

PLAYERS = ["Jana", "Petr", "Ota"]


def bare_app(db: str) -> Any:
    """The floor: a Flask app whose POST /deals inserts one JSON row into SQLite."""
    import sqlite3

    from flask import Flask, jsonify, request

    app = Flask("bare")
    local = threading.local()
    setup = sqlite3.connect(db)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute("CREATE TABLE IF NOT EXISTS deal (id INTEGER PRIMARY KEY, record TEXT)")
    setup.close()

    @app.post("/deals")
    def insert():  # noqa: ANN202
        if not hasattr(local, "db"):
            local.db = sqlite3.connect(db, timeout=30)
            local.db.execute("PRAGMA synchronous=NORMAL")
        with local.db:
            cursor = local.db.execute(
                "INSERT INTO deal (record) VALUES (?)", (json.dumps(request.get_json()),)
            )
        return jsonify({"id": cursor.lastrowid}), 201

    return app


def bare(db: str, port: int, threads: int) -> None:
    """Child process: the floor under waitress, as the app is served."""
    import logging

    import waitress

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # 20 phones > threads: expected
    waitress.serve(bare_app(db), host="127.0.0.1", port=port, threads=threads, _quiet=True)


MINIMAL = {"Prefer": "return=minimal"}  # what the pages send; --full: {}


def post(conn: http.client.HTTPConnection, path: str, body: object, token: str = "") -> float:
    """One POST; its latency in ms (asserts it was stored)."""
    headers = {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex}
    if token:
        headers["Authorization"] = f"Bearer {token}"
        headers.update(MINIMAL)
    started = time.perf_counter()
    conn.request("POST", path, body=json.dumps(body).encode(), headers=headers)
    response = conn.getresponse()
    payload = response.read()
    assert response.status == 201, (response.status, payload[:300])
    return (time.perf_counter() - started) * 1000


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far; NaN where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def new_match(port: int) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(
        "POST",
        "/api/v1/matches",
        body=json.dumps({"game": "marias", "players": PLAYERS}).encode(),
        headers={"Content-Type": "application/json"},
    )
    match = json.loads(conn.getresponse().read())
    conn.close()
    return match


def deals(port: int, match: dict, count: int, offset: int = 0) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    path = f"/api/v1/matches/{match['id']}/deals"
    out = [
        post(conn, path, RECORDS[(offset + i) % len(RECORDS)], match["token"]) for i in range(count)
    ]
    conn.close()
    return out


def phones(work: list, posts: int) -> list[float]:
    """Run each phone (a function of (phone, posts) -> latencies) in its own thread."""
    results: list[float] = []
    lock = threading.Lock()

    def run(job) -> None:  # noqa: ANN001
        found = job(posts)
        with lock:
            results.extend(found)

    threads = [threading.Thread(target=run, args=(job,)) for job in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=4, help="waitress threads (as serve)")
    parser.add_argument("--posts", type=int, default=50, help="POSTs per phone and round")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of bare, own matches, one match"
    )
    parser.add_argument("--full", action="store_true", help="answer the whole state, not minimal")
    parser.add_argument("--bare", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.full:
        MINIMAL.clear()
    if args.bare:
        bare(args.bare[0], int(args.bare[1]), int(args.bare[2]))
        return
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        app_port, bare_port = free_port(), free_port()
        servers = [
            subprocess.Popen(
                [sys.executable, str(here / "bench_deal_post.py"), "--serve",
                 f"{tmp}/app.sqlite3", str(app_port), tmp, str(args.threads)],
                cwd=here.parent,
            ),
            subprocess.Popen(
                [sys.executable, __file__, "--bare", f"{tmp}/bare.sqlite3", str(bare_port),
                 str(args.threads)],
            ),
        ]  # fmt: skip
        try:
            wait_for(app_port)
            wait_for(bare_port)
            long_match = new_match(app_port)
            deals(app_port, long_match, 350)
            # deals 351-400 of the long match and 1-50 of a new one, one after the other (so
            # that a slow second of the machine slows both alike)
            fresh, conn = new_match(app_port), http.client.HTTPConnection("127.0.0.1", app_port)
            early_ms, late_ms = [], []
            for i in range(50):
                record = RECORDS[i % len(RECORDS)]
                early_ms.append(
                    post(conn, f"/api/v1/matches/{fresh['id']}/deals", record, fresh["token"])
                )
                late_ms.append(post(conn, f"/api/v1/matches/{long_match['id']}/deals", record,
                                    long_match["token"]))  # fmt: skip
            conn.close()
            early, late = statistics.median(early_ms), statistics.median(late_ms)
            deals(app_port, long_match, 100)  # the long match now holds 500 deals
            floor, own, shared, app_cpu, bare_cpu = [], [], [], [], []
            per_round = []
            for turn in range(args.rounds):  # interleaved: drift hits all three alike
                if turn:  # each round's 20 phones add 20 x posts deals: a fresh 500-deal match
                    long_match = new_match(app_port)
                    deals(app_port, long_match, 500)

                def bare_phone(n: int) -> list[float]:
                    conn = http.client.HTTPConnection("127.0.0.1", bare_port, timeout=60)
                    return [post(conn, "/deals", RECORDS[i % len(RECORDS)]) for i in range(n)]

                before = cpu_seconds(servers[1].pid)
                floor_now = phones([bare_phone] * 20, args.posts)
                bare_cpu.append((cpu_seconds(servers[1].pid) - before) / len(floor_now) * 1000)
                own_matches = [new_match(app_port) for _ in range(20)]
                before = cpu_seconds(servers[0].pid)
                own_now = phones(
                    [lambda n, m=m: deals(app_port, m, n) for m in own_matches], args.posts
                )
                app_cpu.append((cpu_seconds(servers[0].pid) - before) / len(own_now) * 1000)
                shared_now = phones(
                    [lambda n, i=i, m=long_match: deals(app_port, m, n, i) for i in range(20)],
                    args.posts,
                )
                floor += floor_now
                own += own_now
                shared += shared_now
                base_now = pct(floor_now, 95)
                per_round.append(
                    (pct(own_now, 95) / base_now, pct(shared_now, 95) / base_now, base_now)
                )
        finally:
            for server in servers:
                server.terminate()
                server.wait(10)
    base = pct(floor, 95)
    print(
        f"SQLite, waitress threads={args.threads}, {args.rounds} rounds of {args.posts} POSTs "
        "per phone, "
        f"{'whole state' if args.full else 'Prefer: return=minimal'}; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    print(f"{'measure':44} {'value':>10} {'ratio':>7} {'target':>7}")
    rows = [
        ("median POST, deals 1-50 of a new match", early, None, None),
        ("median POST, deals 351-400 of a long match", late, late / early, 1.5),
        ("bare Flask + SQLite insert, 20 phones, p95", base, None, None),
        ("20 phones, each its own match, p95", pct(own, 95), pct(own, 95) / base, 1.5),
        ("20 phones, one 500-deal match, p95", pct(shared, 95), pct(shared, 95) / base, 2.0),
    ]
    for label, value, ratio, target in rows:
        shown = f"{ratio:6.1f}x" if ratio else ""
        goal = f"{target:5.1f}x" if target else ""
        print(f"{label:44} {value:7.2f} ms {shown:>7} {goal:>7}")
    app_ms, bare_ms = statistics.median(app_cpu), statistics.median(bare_cpu)
    print(
        f"server CPU per POST (20 phones, median of rounds): app {app_ms:.2f} ms (own matches), "
        f"bare {bare_ms:.2f} ms ({app_ms / bare_ms:.1f}x)"
    )
    for turn, (own_ratio, shared_ratio, base_now) in enumerate(per_round, 1):
        print(
            f"round {turn}: bare p95 {base_now:.2f} ms; own matches {own_ratio:.1f}x, "
            f"one match {shared_ratio:.1f}x"
        )


if __name__ == "__main__":
    main()
