"""Benchmark: deal POSTs through the real HTTP server (waitress, as `scorekeeper serve`), SQLite.

Starts the app in a child process on 127.0.0.1 with a fresh SQLite database in a temp dir, then
``--clients`` threads (http.client, keep-alive), each scoring its own Mariáš match, POST deals
(with an Idempotency-Key, as the phones do) for ``--seconds`` or until ``--requests``. A client
starts a fresh match every ``--deals-per-match`` deals (an evening's match, not an endless one).

Prints server time (the ``X-Server-Time-Ms`` header the API adds: request start to response
built, excluding waitress queueing), the server CPU time of the request thread (``Server-Timing:
cpu``; wall time minus waiting for the GIL, the database or other processes), client latency at
p50/p95/p99, throughput, and the machine's load average (other processes inflate wall times).
Target: p95 server time < 25 ms with 20 clients.

    .venv/bin/python bench/bench_deal_post.py [--clients 20] [--seconds 10]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

RECORDS = [
    {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True, "flek": 0}]},
    {"declarer": 1, "trump": "clubs", "parts": [{"kind": "hra", "won": False, "flek": 1}]},
    {
        "declarer": 2,
        "trump": "spades",
        "parts": [
            {"kind": "hra", "won": True, "flek": 0},
            {"kind": "sedma", "won": True, "flek": 0},
        ],
    },
    {"declarer": 0, "trump": None, "parts": [{"kind": "betl", "won": False, "flek": 0}]},
    {
        "declarer": 1,
        "trump": "diamonds",
        "parts": [{"kind": "hra", "won": None, "flek": 0}],
        "declarer_points": 60,
        "defender_points": 30,
    },
]


def serve(db: str, port: int, instance: str, threads: int = 8) -> None:
    """Child process: the real app under waitress."""
    import logging

    import waitress

    from scorekeeper import create_app

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # 20 clients > threads: expected

    app = create_app(
        {"DATABASE_URL": f"sqlite:///{db}", "INSTANCE_PATH": instance, "SECRET_KEY": "bench"}
    )
    from scorekeeper.db import checkpoint_in_background

    checkpoint_in_background(app.extensions["db_engine"])  # as ``scorekeeper serve`` does
    waitress.serve(app, host="127.0.0.1", port=port, threads=threads, _quiet=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def call(
    conn: http.client.HTTPConnection, method: str, path: str, body: object, headers: dict[str, str]
) -> tuple[int, dict, float, float]:
    data = json.dumps(body).encode()
    started = time.perf_counter()
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **headers})
    response = conn.getresponse()
    payload = response.read()
    latency = (time.perf_counter() - started) * 1000
    server = float(response.getheader("X-Server-Time-Ms", "nan"))
    timing = response.getheader("Server-Timing", "")
    cpu = float(timing.partition("cpu;dur=")[2] or "nan")
    body = json.loads(payload) if method == "POST" and path.endswith("/matches") else None
    return response.status, body, latency, (server, cpu)  # deal answers: read, not decoded


def client(
    port: int,
    args: argparse.Namespace,
    deadline: float,
    budget: list[int],
    lock: threading.Lock,
    out: dict,
) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    rng = random.Random()
    match, done = None, 0
    while time.monotonic() < deadline:
        with lock:
            if budget[0] <= 0:
                break
            budget[0] -= 1
        if match is None or done >= args.deals_per_match:
            status, match, _lat, _srv = call(
                conn,
                "POST",
                "/api/v1/matches",
                {"game": "marias", "players": ["Jana", "Petr", "Ota"], "stake": "0.20"},
                {},
            )
            assert status == 201, match
            done = 0
        status, _body, latency, (server, cpu) = call(
            conn,
            "POST",
            f"/api/v1/matches/{match['id']}/deals",
            rng.choice(RECORDS),
            {"Authorization": f"Bearer {match['token']}", "Idempotency-Key": uuid.uuid4().hex},
        )
        done += 1
        with lock:
            out["latency"].append(latency)
            out["server"].append(server)
            out["cpu"].append(cpu)
            out["status"][status] = out["status"].get(status, 0) + 1
    conn.close()


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--deals-per-match", type=int, default=60)
    parser.add_argument(
        "--threads", type=int, default=4, help="waitress threads (as scorekeeper serve)"
    )
    parser.add_argument(
        "--serve", nargs=4, metavar=("DB", "PORT", "INSTANCE", "THREADS"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]), args.serve[2], int(args.serve[3]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        root = Path(__file__).resolve().parent.parent
        server = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--serve",
                f"{tmp}/bench.sqlite3",
                str(port),
                tmp,
                str(args.threads),
            ],
            cwd=root,
        )
        try:
            wait_for(port)
            out: dict = {"latency": [], "server": [], "cpu": [], "status": {}}
            lock, budget = threading.Lock(), [args.requests]
            started = time.monotonic()
            deadline = started + args.seconds
            threads = [
                threading.Thread(target=client, args=(port, args, deadline, budget, lock, out))
                for _ in range(args.clients)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.monotonic() - started
        finally:
            server.terminate()
            server.wait(10)
    n = len(out["server"])
    print(
        f"deal POSTs: {n} in {elapsed:.1f} s with {args.clients} clients "
        f"({n / elapsed:.0f}/s); statuses {out['status']}; "
        f"SQLite, waitress threads={args.threads}; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    labels = {
        "server": "server time (X-Server-Time-Ms)",
        "cpu": "server CPU (thread_time)",
        "latency": "client latency",
    }
    for name, label in labels.items():
        values = out[name]
        print(
            f"{label:32} p50 {pct(values, 50):6.2f} ms  p95 {pct(values, 95):6.2f} ms  "
            f"p99 {pct(values, 99):6.2f} ms  max {max(values):6.2f} ms"
        )


if __name__ == "__main__":
    main()
