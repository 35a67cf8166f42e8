"""Benchmark: 500 phones polling the standings of a 500-player, 6-round event every 20 s.

The target: the server's CPU spent on polling under 5% of one core, the phones getting
``304 Not Modified`` while nothing changed (the ETag is two small aggregate queries; nothing is
ranked or rendered). 500 phones every 20 s are 25 requests a second; the figure printed is the
CPU time of one request times 25. Results are typed from paper sheets (setting up is not timed).

    .venv/bin/python bench/bench_standings_polling.py [--players 500] [--rounds 6] [--n 1000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(app, players: int, rounds: int) -> str:
    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_rounds, tournaments

    with app.app_context():
        session = get_session()
        t = tournaments.create_tournament(
            session=session, name="Bench", game="marias", rounds=rounds, seed=1,
            players=[f"Player {i:03d}" for i in range(players)],
        )  # fmt: skip
        for r in range(1, rounds + 1):
            drawn = tournament_rounds.draw_next_round(session=session, tournament_id=t.id, seed=r)
            for table in drawn["tables"]:
                n = len(table["players"])
                tournament_rounds.set_manual_result(
                    session=session, tournament_id=t.id, round=r, table=table["table"],
                    scores=[n - 1] + [-1] * (n - 1), confirm=True,
                )  # fmt: skip
        return t.id


def cpu_per_request(client, url: str, n: int, headers: dict | None = None) -> tuple[float, int]:
    status = 0
    start = time.process_time()
    for _ in range(n):
        status = client.get(url, headers=headers or {}).status_code
    return (time.process_time() - start) / n, status


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--n", type=int, default=1000)
    args = parser.parse_args()
    from scorekeeper import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "TESTING": True,
                          "INSTANCE_PATH": tmp, "SECRET_KEY": "bench"})  # fmt: skip
        t0 = time.perf_counter()
        tid = setup(app, args.players, args.rounds)
        print(f"set up {args.players} players x {args.rounds} rounds "
              f"in {time.perf_counter() - t0:.1f} s (not timed below)")  # fmt: skip
        client = app.test_client()
        rate = args.players / 20  # phones polling every 20 s
        bare, _s = cpu_per_request(client, "/static/css/app.css", args.n)
        print(f"for scale, a static file through the same stack: {bare * 1000:.2f} ms CPU")
        for label, url in (("API standings", f"/api/v1/tournaments/{tid}/standings"),
                           ("standings page", f"/tournaments/{tid}")):  # fmt: skip
            first = client.get(url)
            etag = first.headers["ETag"]
            cold, _s = cpu_per_request(client, url, 5)  # a changed result: a full answer
            warm, status = cpu_per_request(client, url, args.n, {"If-None-Match": etag})
            print(f"{label}: full answer {cold * 1000:.1f} ms CPU; {status} answer "
                  f"{warm * 1000:.2f} ms CPU -> {rate:.0f} polls/s use {warm * rate * 100:.1f}% "
                  f"of one core (target < 5%)")  # fmt: skip


if __name__ == "__main__":
    main()
