"""Benchmark: a season of 40 evenings x 60 players, league table and ratings recomputed.

The target: under 1 s for the league table (RULES.md §6a) and the openskill ratings
replayed over every confirmed table in the fixed order, from a cold start (no standings, evening
results, tables or ratings cached). Each evening has 3 rounds of 20 tables of three, results
typed from the paper sheets; setting it up is not timed. "warm" repeats it with everything cached
per standings fingerprint, as a server would (a changed evening is read again). Wall and CPU.

    .venv/bin/python bench/bench_season.py [--evenings 40] [--players 60] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(app, evenings: int, players: int, rounds: int) -> tuple[str, int]:
    from scorekeeper.db import get_session
    from scorekeeper.models.tournament import Organiser
    from scorekeeper.services import tournament_rounds, tournament_seasons, tournaments

    rng = random.Random(1)
    club = [f"Hráč {i:03d}" for i in range(players + 20)]
    with app.app_context():
        session = get_session()
        organiser = Organiser(username="club", password_hash="-")
        session.add(organiser)
        session.commit()
        season = tournament_seasons.create_season(
            session=session, name="Bench", scoring="placing_points", best_n=30,
            organiser_id=organiser.id,
        )  # fmt: skip
        for e in range(evenings):
            t = tournaments.create_tournament(
                session=session, name=f"Evening {e + 1}", game="marias", rounds=rounds,
                seed=e, date=f"2026-{1 + e // 28:02d}-{1 + e % 28:02d}", season_id=season.id,
                organiser_id=organiser.id, players=rng.sample(club, players),
            )  # fmt: skip
            for r in range(1, rounds + 1):
                drawn = tournament_rounds.draw_next_round(session=session, tournament_id=t.id,
                                                          seed=r)  # fmt: skip
                for table in drawn["tables"]:
                    a, b = rng.randint(-6, 6), rng.randint(-6, 6)
                    tournament_rounds.set_manual_result(
                        session=session, tournament_id=t.id, round=r, table=table["table"],
                        scores=[a, b, -a - b], confirm=True,
                    )  # fmt: skip
        return season.id, organiser.id


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--evenings", type=int, default=40)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from scorekeeper import create_app
    from scorekeeper.db import get_session
    from scorekeeper.services import tournament_common, tournament_seasons, tournament_standings

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "TESTING": True,
                          "INSTANCE_PATH": tmp, "SECRET_KEY": "bench"})  # fmt: skip
        t0 = time.perf_counter()
        season_id, organiser_id = setup(app, args.evenings, args.players, args.rounds)
        print(f"set up {args.evenings} evenings x {args.players} players x {args.rounds} rounds "
              f"in {time.perf_counter() - t0:.0f} s (not timed)")  # fmt: skip
        for attempt in ("cold", "warm"):
            if attempt == "cold":
                tournament_standings._CACHE.clear()
                tournament_common.POLL_MARKS.clear()
                tournament_seasons.clear_caches()
            with app.app_context():
                session = get_session()
                start, cpu = time.perf_counter(), time.process_time()
                table = tournament_seasons.season_table(session, season_id)
                mid = time.perf_counter()
                rated = tournament_seasons.ratings(session, {"organiser_id": organiser_id})
                end, cpu = time.perf_counter(), time.process_time() - cpu
            print(f"{attempt}: league table {mid - start:.3f} s ({len(table['rows'])} rows), "
                  f"ratings {end - mid:.3f} s ({len(rated)} players), "
                  f"together {end - start:.3f} s wall, {cpu:.3f} s CPU (target < 1 s)")  # fmt: skip


if __name__ == "__main__":
    main()
