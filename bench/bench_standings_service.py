"""Benchmark: live standings of a 500-player Mariáš tournament through the service and database.

The target: standings for 500 players after 6 rounds (about 15,000 deals), recomputed from
the raw deal records, under 1 s. ``bench_tournament.py`` times the pure maths; this one times
what the standings page does: load every table's stored deal records from SQLite, re-score each
match with the rules engine, rank with the RULES §6 tie-breaks (``services.tournaments.standings``).

Setting up stores real deal rows (canonical records, as the match pages would) and confirms every
table; that takes a while and is not timed.

    .venv/bin/python bench/bench_standings_service.py [--players 500] [--rounds 6] [--deals 15]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SUITS = ("hearts", "diamonds", "clubs", "spades")


def deal(rng: random.Random, n: int, number: int) -> dict:
    """A plausible Mariáš deal record for a table of ``n`` (the dealer sits out with four)."""
    dealer = number % n if n == 4 else None
    seats = [s for s in range(n) if s != dealer]
    kind = rng.random()
    if kind < 0.08:
        return {"declarer": rng.choice(seats), "dealer": dealer, "trump": None,
                "parts": [{"kind": "betl", "won": rng.random() < 0.6, "flek": 0}]}  # fmt: skip
    parts = [{"kind": "hra", "won": rng.random() < 0.65, "flek": rng.choice((0, 0, 0, 1, 2))}]
    if kind > 0.8:
        parts.append({"kind": "sedma", "won": rng.random() < 0.5, "flek": 0})
    return {"declarer": rng.choice(seats), "dealer": dealer, "trump": rng.choice(SUITS),
            "parts": parts}  # fmt: skip


def build(app, players: int, rounds: int, deals: int) -> str:  # noqa: ANN001
    """A tournament with every round played deal by deal and confirmed; answers its id."""
    from sqlmodel import Session

    from scorekeeper.models import Deal
    from scorekeeper.rules.registry import get_game
    from scorekeeper.services import tournament_rounds as tr
    from scorekeeper.services import tournaments as ts

    game = get_game("marias")
    options = game.make_options("pub")
    rng = random.Random(11)
    with app.app_context(), Session(app.extensions["db_engine"]) as session:
        tournament = ts.create_tournament(
            session=session, name="Bench", game="marias",
            players=[f"Player {i:03d}" for i in range(players)], rounds=rounds, seed=7,
        )  # fmt: skip
        for r in range(1, rounds + 1):
            drawn = tr.draw_next_round(session=session, tournament_id=tournament.id, seed=r)
            for table in drawn["tables"]:
                n = len(table["players"])
                for k in range(deals):
                    raw = deal(rng, n, k)
                    record = game.record_to_json(game.parse_record(raw, options, n))
                    session.add(Deal(match_id=table["match_id"], record=record))
            session.commit()
            for table in drawn["tables"]:
                tr.confirm_table(
                    session=session, tournament_id=tournament.id, round=r,
                    table=table["table"], organiser=True,
                )  # fmt: skip
        return tournament.id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--deals", type=int, default=15)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from sqlmodel import Session

    from scorekeeper import create_app
    from scorekeeper.services import tournaments as ts

    tmp = tempfile.mkdtemp(prefix="bench_standings_")
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3", "INSTANCE_PATH": tmp})
    started = time.perf_counter()
    tid = build(app, args.players, args.rounds, args.deals)
    print(f"set up {args.players} players, {args.rounds} rounds in "
          f"{time.perf_counter() - started:.1f} s (not timed)")  # fmt: skip
    times = []
    with app.app_context():
        for _ in range(args.repeat):
            with Session(app.extensions["db_engine"]) as session:  # cold session: nothing cached
                t0 = time.perf_counter()
                result = ts.standings(session=session, tournament_id=tid)
                times.append(time.perf_counter() - t0)
    from sqlalchemy import func, select

    from scorekeeper.models import Deal

    with Session(app.extensions["db_engine"]) as session:
        n_deals = session.exec(select(func.count()).select_from(Deal)).one()[0]
    rows = result["rows"]
    print(
        f"standings through the service (SQLite): {len(rows)} players, {n_deals} stored deals, "
        f"after round {result['after_round']}: best {min(times):.3f} s, "
        f"median {sorted(times)[len(times) // 2]:.3f} s of {args.repeat} (target < 1 s); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"leader: {rows[0]['player']} {rows[0]['total']:+d}")


if __name__ == "__main__":
    main()
