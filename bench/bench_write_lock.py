"""Benchmark: does a big creation stall the tables' deal saves? (no request may hold the SQLite
write lock for more than a fraction of a second; target: a deal save's p95 under 100 ms while
1,000-player tournaments are being created).

Through the real HTTP server (waitress, 4 threads, as ``scorekeeper serve``) on SQLite:

1. quiet: 4 phones save deals (each its own match, one after the other, as fast as answered);
2. busy: the same phones while another client, one request after the other, creates
   ``--creations`` tournaments of 1,000 players (unauthenticated, as anyone may), pastes 1,000
   names into an empty tournament and draws round 1 of a 999-player tournament (333 tables).

Prints each big request's time, and the deal saves' p50 / p95 / max in both phases.

    .venv/bin/python bench/bench_write_lock.py [--creations 3] [--phones 4]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench_deal_post import RECORDS, free_port, pct, wait_for

PLAYERS = ["Jana", "Petr", "Ota"]


def call(port: int, method: str, path: str, body: object = None, token: str = "") -> tuple:
    """One request: (status, JSON answer, milliseconds)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    started = time.perf_counter()
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = conn.getresponse()
    payload = response.read()
    took = (time.perf_counter() - started) * 1000
    conn.close()
    return response.status, json.loads(payload or b"null"), took


def phone(port: int, stop: threading.Event, out: list[float], refused: list[int]) -> None:
    """Save deals on a match of its own until told to stop; each save's latency in ``out``,
    each save not stored (a 503 "try again" after waiting for the lock) in ``refused``."""
    _status, match, _ms = call(port, "POST", "/api/v1/matches", {"game": "marias",
                                                                 "players": PLAYERS})  # fmt: skip
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    path = f"/api/v1/matches/{match['id']}/deals"
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {match['token']}",
               "Prefer": "return=minimal"}  # fmt: skip
    i = 0
    while not stop.is_set() and i < 1900:
        started = time.perf_counter()
        conn.request("POST", path, body=json.dumps(RECORDS[i % len(RECORDS)]), headers=headers)
        response = conn.getresponse()
        response.read()
        out.append((time.perf_counter() - started) * 1000)
        if response.status != 201:
            refused.append(response.status)
        i += 1
    conn.close()


def names(prefix: str, n: int) -> list[str]:
    return [f"{prefix} Hráč {i:04d}" for i in range(n)]


def big_requests(port: int, creations: int) -> list[tuple[str, int, float]]:
    """The big requests, one after the other: (what, status, ms)."""
    done = []
    for k in range(creations):
        body = {"name": f"Velký turnaj {k}", "game": "marias", "players": names(f"T{k}", 1000)}
        status, _answer, ms = call(port, "POST", "/api/v1/tournaments", body)
        done.append(("create a 1,000-player tournament", status, ms))
    status, empty, _ms = call(port, "POST", "/api/v1/tournaments",
                              {"name": "Prázdný", "game": "marias", "players": []})  # fmt: skip
    assert status == 201, empty
    started = time.perf_counter()
    added = 0
    for chunk in range(10):  # the API adds one entrant a request: 100 late entries
        for i in range(10):
            status, _a, _ms = call(port, "POST", f"/api/v1/tournaments/{empty['id']}/players",
                                   {"name": f"Pozdní {chunk}-{i}"}, empty["token"])  # fmt: skip
            added += status == 201
    done.append(("100 late entries, one request each", 201 if added == 100 else 500,
                 (time.perf_counter() - started) * 1000))  # fmt: skip
    body = {"name": "Draw", "game": "marias", "players": names("D", 999)}
    status, big, ms = call(port, "POST", "/api/v1/tournaments", body)
    status, _answer, ms = call(port, "POST", f"/api/v1/tournaments/{big['id']}/rounds", {},
                               big["token"])  # fmt: skip
    done.append(("draw round 1 of 999 players (333 tables)", status, ms))
    return done


def phase(port: int, phones: int, work) -> tuple[list[float], list, list]:  # noqa: ANN001
    stop, latencies, refused = threading.Event(), [[] for _ in range(phones)], []
    threads = [threading.Thread(target=phone, args=(port, stop, latencies[i], refused))
               for i in range(phones)]  # fmt: skip
    for thread in threads:
        thread.start()
    result = work()
    stop.set()
    for thread in threads:
        thread.join()
    return [ms for one in latencies for ms in one], result, refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--creations", type=int, default=3, help="1,000-player creations")
    parser.add_argument("--phones", type=int, default=4, help="phones saving deals meanwhile")
    parser.add_argument("--threads", type=int, default=4, help="waitress threads (as serve)")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, str(here / "bench_deal_post.py"), "--serve", f"{tmp}/app.sqlite3",
             str(port), tmp, str(args.threads)],
            cwd=here.parent,
        )  # fmt: skip
        try:
            wait_for(port)
            quiet, _none, quiet_refused = phase(port, args.phones, lambda: time.sleep(8))
            busy, done, busy_refused = phase(
                port, args.phones, lambda: big_requests(port, args.creations)
            )
        finally:
            server.terminate()
            server.wait(10)
    print(
        f"SQLite, waitress threads={args.threads}, {args.phones} phones saving deals; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    for what, status, ms in done:
        print(f"{what:44} {ms:9.0f} ms  (status {status})")
    print(f"{'deal saves':44} {'count':>6} {'p50':>8} {'p95':>8} {'max':>8} {'refused':>8}")
    for label, values, refused in (
        ("quiet", quiet, quiet_refused),
        ("while the big requests run", busy, busy_refused),
    ):
        print(
            f"{label:44} {len(values):6d} {pct(values, 50):6.1f}ms {pct(values, 95):6.1f}ms "
            f"{max(values):6.1f}ms {len(refused):8d}"
        )
    print(f"target: p95 under 100 ms while the big requests run: {pct(busy, 95) < 100}")


if __name__ == "__main__":
    main()
