"""Benchmark: do pages stay responsive while PDFs render (``printing/pdf.py``'s bounded queue)?

Starts the real server (waitress, 4 threads as ``scorekeeper serve``) on SQLite, fills one
Mariáš match with ``--deals`` deals, then sends ``--pdfs`` requests at once for its record PDF
(each with a different query, so none comes from the cache) while a probe fetches the home page
every 50 ms. Run twice: bounded (the defaults: one render at a time, one waiting, the rest 503)
and unbounded (``SCOREKEEPER_PDF_RENDERS`` and ``..._QUEUE`` large: how it was before).
Prints the probe's median and worst latency and what the PDF requests got (status 0: no
answer within two minutes).

    .venv/bin/python bench/bench_pdf_load.py [--deals 200] [--pdfs 4]
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench_deal_post import free_port, wait_for
from bench_save_cost import deals, new_match

TIMEOUT = 120.0


def get(port: int, path: str) -> tuple[int, float]:
    """(status, ms); status 0 when no answer came within TIMEOUT seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    started = time.perf_counter()
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        status = response.status
    except TimeoutError:
        status = 0
    finally:
        conn.close()
    return status, (time.perf_counter() - started) * 1000


def run(label: str, env: dict[str, str], args: argparse.Namespace) -> None:
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, str(here / "bench_deal_post.py"), "--serve",
             f"{tmp}/app.sqlite3", str(port), tmp, "4"],
            cwd=here.parent,
            env={**os.environ, **env},
        )  # fmt: skip
        try:
            wait_for(port)
            match = new_match(port)
            deals(port, match, args.deals)
            path = f"/m/{match['id']}/record.pdf"
            single = get(port, path + "?v=warm")[1]
            answers: list[tuple[int, float]] = []
            probes: list[float] = []
            done = threading.Event()

            def fetch(i: int) -> None:
                answers.append(get(port, f"{path}?v={i}"))

            def probe() -> None:
                while not done.is_set():
                    probes.append(get(port, "/")[1])
                    time.sleep(0.05)

            prober = threading.Thread(target=probe)
            prober.start()
            time.sleep(0.3)
            workers = [threading.Thread(target=fetch, args=(i,)) for i in range(args.pdfs)]
            started = time.perf_counter()
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            elapsed = time.perf_counter() - started
            done.set()
            prober.join()
        finally:
            server.terminate()
            server.wait(10)
    statuses: dict[int, int] = {}
    for status, _ms in answers:
        statuses[status] = statuses.get(status, 0) + 1
    rendered = [ms for status, ms in answers if status == 200] or [float("nan")]
    print(
        f"{label:10} one PDF alone {single / 1000:5.2f} s | {args.pdfs} at once: {statuses}, "
        f"slowest PDF {max(rendered) / 1000:5.2f} s, all done in {elapsed:5.2f} s | "
        f"home page meanwhile: median {statistics.median(probes):7.1f} ms, "
        f"worst {max(probes):7.1f} ms ({len(probes)} fetches)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--pdfs", type=int, default=4)
    args = parser.parse_args()
    print(f"{args.deals}-deal match record; load average {os.getloadavg()[0]:.1f}")
    run("bounded", {}, args)
    run("unbounded", {"SCOREKEEPER_PDF_RENDERS": "64", "SCOREKEEPER_PDF_QUEUE": "64"}, args)


if __name__ == "__main__":
    main()
