"""``scorekeeper demo``'s league evening (RULES.md §6b): twelve players of Czech Mariáš in two
parts, the league's BP key and PB table loaded as CSV, both rounds typed from the tables' paper
sheets (ZB and PB per seat) and confirmed, part 2 drawn from part 1's results. Loaded once: a
second run finds it by its name and prints its links again."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

NAME = "Demo: ligový večer"
PLAYERS = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Franta", "Věra", "Bořivoj", "Zdena",
           "Milan", "Hana"]  # fmt: skip
KEY = "od;do;1.;2.;3.;4.;5.;6.;7.;8.;9.;10.;11.;12.\n9;12;30;25;21;18;15;12;10;8;6;4;2;1\n"
PB_TABLE = "pravidlo;podmínka;body\nsedma;na 3 trumfy;7\nsto;bez trumfové desítky;10\n"
# each round's tables of three: ZB (adding up to zero) and PB per seat, from the paper sheets
FIGURES = (
    [([12, -3, -9], [7, 0, 0]), ([6, 3, -9], [0, 10, 0]), ([9, 0, -9], [0, 0, 7]),
     ([3, 0, -3], [0, 0, 0])],
    [([15, -6, -9], [0, 7, 0]), ([9, -3, -6], [10, 0, 0]), ([6, 0, -6], [0, 0, 0]),
     ([6, -3, -3], [0, 7, 7])],
)  # fmt: skip


def league_evening(session: Session, actor: str = "demo") -> Any:
    """The demo league evening, made and played once (found again on a later run)."""
    from .models.tournament import Tournament
    from .services import tournament_league as league
    from .services import tournaments as ts

    found = session.exec(select(Tournament).where(Tournament.name == NAME)).first()
    if found is not None:
        return found
    tournament = ts.create_tournament(
        session=session, name=NAME, game="marias", preset="pub", players=PLAYERS, rounds=2,
        format="league", parts=2, seed=11, stake="0.20", currency="CZK", language="cs",
        venue="U Zlatého tygra",
    )  # fmt: skip
    league.set_bp_key(session=session, tournament_id=tournament.id, text=KEY, actor=actor)
    league.set_pb_table(session=session, tournament_id=tournament.id, text=PB_TABLE, actor=actor)
    for number, figures in enumerate(FIGURES, start=1):
        drawn = ts.confirm_round(session=session, tournament_id=tournament.id, seed=5, start=True)
        for table, (zb, pb) in zip(drawn["tables"], figures, strict=True):
            ts.set_manual_result(
                session=session, tournament_id=tournament.id, round=number,
                table=table["table"], scores=zb, pb=pb, confirm=True, actor=actor,
            )  # fmt: skip
        ts.close_round(session=session, tournament_id=tournament.id, number=number, actor=actor)
    return tournament
