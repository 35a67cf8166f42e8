"""Benchmark of the seating draw over field sizes: time and repeat meetings per schedule.

Draws find a perfect plan where one exists (15 players x 7 rounds of 3, 9 players x 4 rounds
of 3) in a few seconds, the fewest repeats where none is possible (12 x 5: 3 repeated pairs),
and are no slower for other sizes. Each row draws a whole schedule round by round with lookahead
(``draw_schedule``, as a tournament does), for several seeds, and prints the mean and slowest
schedule, the slowest schedule's time per draw, and the repeats (worst seed). Times are wall
clock: run it on a quiet machine.

    .venv/bin/python bench/bench_draw_sizes.py [--seeds 5] [--sizes 9x4,15x7,...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.tournament.draw import draw_schedule  # noqa: E402

SIZES = "9x4,12x5,12x6,13x4,15x7,16x5,18x6,18x8,21x8,24x12,30x6,60x6,120x6,240x8,500x6"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--sizes", default=SIZES)
    args = parser.parse_args()
    print(
        f"{'field':>8} {'seeds':>6} {'mean s':>8} {'max s':>8} {'s/draw':>7} "
        f"{'repeats (worst)':>16}"
    )
    for spec in args.sizes.split(","):
        n, rounds = (int(x) for x in spec.split("x"))
        players = [f"p{i:03d}" for i in range(n)]
        times, repeats = [], []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            t0 = time.perf_counter()
            draws = draw_schedule(players=players, rounds=rounds, seed=seed)
            times.append(time.perf_counter() - t0)
            repeats.append(sum(d.repeats for d in draws))
        print(
            f"{spec:>8} {args.seeds:>6} {statistics.mean(times):8.2f} {max(times):8.2f} "
            f"{max(times) / rounds:7.2f} {max(repeats):>16}   per seed {repeats}",
            flush=True,
        )


if __name__ == "__main__":
    main()
