"""Benchmark of the tournament maths against its quality targets; prints the figures.

Run: ``.venv/bin/python bench/bench_tournament.py`` (add ``--quick`` to skip the slow extras).

1. 9 players, 4 rounds of tables of 3, drawn round by round from the history alone: repeat
   meetings (target 0; the affine plane of order 3 has none), over several seeds.
2. 240 players, 8 rounds of Mariáš: repeat meetings (target 0) and draw time (target < 2 s each).
3. Standings of 500 players after 6 rounds (about 15,000 Mariáš deals) recomputed from the raw
   deal records with ``scorekeeper.rules.marias`` (parse_record + score per table): target < 1 s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations

from scorekeeper.tournament.draw import Draw, add_to_history, draw_round, draw_schedule
from scorekeeper.tournament.standings import RoundResult, TableResult, standings


def ids(n: int) -> list[str]:
    return [f"p{i:03d}" for i in range(n)]


def max_meetings(draws: list[Draw]) -> int:
    met = Counter(frozenset(p) for d in draws for t in d.tables for p in combinations(t, 2))
    return max(met.values())


def timed_schedule(players: list[str], rounds: int, seed: int, **kw) -> tuple[list[Draw], list]:
    """Draw round after round from the history so far, timing each draw."""
    draws, times, history, byes = [], [], {}, set()
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        d = draw_round(players=players, round_no=r, seed=seed, history=history, byes_had=byes, **kw)
        times.append(time.perf_counter() - t0)
        draws.append(d)
        history = add_to_history(history, d)
        byes |= {d.bye} if d.bye else set()
    return draws, times


def bench_nine(seeds: int = 20) -> None:
    for total, how in ((None, "round by round from the history alone"), (4, "with lookahead")):
        results, times = [], []
        for seed in range(seeds):
            draws, took = timed_schedule(ids(9), 4, seed=seed, rounds_total=total)
            results.append(sum(d.repeats for d in draws))
            times.append(max(took))
        print(
            f"9 players, 4 rounds of 3, {how}, seeds 0..{seeds - 1}: repeats found "
            f"{max(results)} (target 0; per seed {results}), slowest draw {max(times):.3f} s"
        )


def bench_240() -> None:
    for method in ("random", "standings"):
        kw = {"ranking": ids(240)[::-1]} if method == "standings" else {}
        draws, times = timed_schedule(ids(240), 8, seed=1, method=method, **kw)
        print(
            f"240 players, 8 rounds of Mariáš ({method}): repeats {sum(d.repeats for d in draws)} "
            f"(target 0), most meetings of one pair {max_meetings(draws)}, draw time max "
            f"{max(times):.3f} s, mean {statistics.mean(times):.3f} s (target < 2 s)"
        )


def deal(rng: random.Random, n_players: int, k: int) -> dict:
    """A random valid Mariáš deal record (API.md shape)."""
    dealer = k % n_players if n_players == 4 else None
    declarer = rng.choice([s for s in range(n_players) if s != dealer])
    roll = rng.random()
    flek = rng.choice([0] * 8 + [1, 1, 2])
    if roll < 0.1:
        parts, trump = [{"kind": "betl", "won": rng.random() < 0.6, "flek": flek}], None
    elif roll < 0.14:
        parts, trump = [{"kind": "durch", "won": rng.random() < 0.7, "flek": 0}], None
    else:
        trump = rng.choice(["hearts", "diamonds", "clubs", "spades"])
        parts = [{"kind": "hra", "won": rng.random() < 0.55, "flek": flek}]
        if rng.random() < 0.15:
            parts.append(
                {"kind": "sedma", "won": rng.random() < 0.5, "flek": rng.choice([0, 0, 1])}
            )
    return {
        "declarer": declarer, "dealer": dealer, "trump": trump, "parts": parts,
        "declarer_points": None, "defender_points": None, "silent": [], "renonc": None,
    }  # fmt: skip


def bench_standings(n: int = 500, rounds: int = 6, deals_per_table: int = 15) -> None:
    try:
        from scorekeeper.rules.marias import GAME
    except ImportError:
        print("standings bench skipped: scorekeeper.rules.marias is not in the tree yet")
        return
    options = GAME.make_options("pub")
    rng = random.Random(2026)
    draws = draw_schedule(players=ids(n), rounds=rounds, seed=7)
    raw = [
        [(t, [deal(rng, len(t), k) for k in range(deals_per_table)]) for t in d.tables]
        for d in draws
    ]
    n_deals = sum(len(recs) for rnd in raw for _, recs in rnd)
    players = {p: f"Player {p}" for p in ids(n)}

    t0 = time.perf_counter()
    results = []
    for rnd in raw:
        tables = []
        for seats, records in rnd:
            parsed = [GAME.parse_record(r, options, len(seats)) for r in records]
            score = GAME.score(options, len(seats), parsed)
            tables.append(TableResult(seats, score.scores))
        results.append(RoundResult(tuple(tables)))
    t1 = time.perf_counter()
    rows = standings(kind="marias", rounds=results, players=players, lot_seed=1)
    t2 = time.perf_counter()
    shared = sum(1 for i, r in enumerate(rows) if i and rows[i - 1].rank == r.rank)
    print(
        f"standings, {n} players after {rounds} rounds, {n_deals} Mariáš deals from raw records: "
        f"{t2 - t0:.3f} s (target < 1 s; parse+score {t1 - t0:.3f} s, ranking {t2 - t1:.3f} s); "
        f"leader {rows[0].player_id} {rows[0].total:+d}, rows sharing a rank {shared}"
    )


def bench_extras() -> None:
    """Harder small fields, for information: repeats per round and the slowest draw, drawn
    round by round from the history alone and with lookahead (rounds_total)."""
    for n, rounds in ((13, 5), (15, 6), (15, 7), (16, 5), (21, 8), (21, 10), (27, 13)):
        for total in (None, rounds):
            draws, times = timed_schedule(ids(n), rounds, seed=1, rounds_total=total)
            how = "with lookahead" if total else "round by round"
            print(
                f"  {n} players, {rounds} rounds, {how}: repeats per round "
                f"{[d.repeats for d in draws]}, slowest draw {max(times):.2f} s"
            )
    kw = {"table_size": 2, "method": "standings", "ranking": ids(64)}
    draws, times = timed_schedule(ids(64), 6, seed=1, **kw)
    rematches = sum(d.repeats for d in draws)
    print(f"  Swiss, 64 players, 6 rounds: rematches {rematches}, slowest {max(times):.3f} s")
    draws, times = timed_schedule(ids(500), 8, seed=1)
    print(
        f"  500 players, 8 rounds of Mariáš: repeats {sum(d.repeats for d in draws)}, "
        f"slowest {max(times):.3f} s"
    )


if __name__ == "__main__":
    bench_nine()
    bench_240()
    bench_standings()
    if "--quick" not in sys.argv:
        print("extras:")
        bench_extras()
