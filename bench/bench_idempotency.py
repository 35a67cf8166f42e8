"""Benchmark: what the idempotency records of one long match weigh (each key keeps
the first answer, so a repeat gets it again: docs/api.md "Add a deal").

Plays a ``--deals`` Mariáš match through the match service on a fresh SQLite database, every deal
with an Idempotency-Key (as the phones send them), and prints the bytes the idempotency records
hold against the bytes of the deal records themselves, and the size of a full state and of the
``Prefer: return=minimal`` answer for the last deal. Version 1 stored the whole match state per
key (32.7 MB for 500 deals); version 2 stores the status and the deal.

    .venv/bin/python bench/bench_idempotency.py [--deals 500]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import sqlalchemy as sa
from sqlmodel import Session

from scorekeeper import create_app
from scorekeeper.models.match import Deal, IdempotencyKey
from scorekeeper.services import matches as svc

RECORDS = [
    {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True, "flek": 0}]},
    {"declarer": 1, "trump": "clubs", "parts": [{"kind": "hra", "won": False, "flek": 1}]},
    {"declarer": 2, "trump": None, "parts": [{"kind": "betl", "won": True, "flek": 0}]},
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", "INSTANCE_PATH": tmp}
        )
        with app.app_context(), Session(app.extensions["db_engine"]) as session:
            match = svc.create_match(
                session=session, game="marias", players=["Jana", "Petr", "Ota"]
            )
            minimal = {}
            for i in range(args.deals):
                minimal = svc.record_deal(
                    session=session,
                    match_id=match.id,
                    record=RECORDS[i % 3],
                    idempotency_key=f"key-{i}",
                    minimal=True,
                )
            keys = session.execute(
                sa.select(sa.func.sum(sa.func.length(IdempotencyKey.__table__.c.response)))
            ).scalar()
            deals = session.execute(
                sa.select(sa.func.sum(sa.func.length(sa.cast(Deal.__table__.c.record, sa.Text))))
            ).scalar()
            full = svc.match_state(session=session, match=match)
        app.extensions["db_engine"].dispose()
    print(f"deals: {args.deals}")
    print(f"idempotency records: {keys / 1024:.1f} KB ({keys / args.deals:.0f} bytes per deal)")
    print(f"deal records: {deals / 1024:.1f} KB")
    print(f"full state answer: {len(json.dumps(full)) / 1024:.1f} KB")
    print(f"minimal answer: {len(json.dumps(minimal))} bytes")


if __name__ == "__main__":
    main()
