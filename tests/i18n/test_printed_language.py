"""Printed sheets in the page's language, read back from the PDF with pypdf."""

from __future__ import annotations

from scorekeeper.db import get_session
from scorekeeper.i18n import collation
from scorekeeper.services import tournaments as ts
from tests.pdf.conftest import pdf_text

PLAYERS = ["Żaneta Łukasiewicz", "Łucja Żółć", "Lech Wałęsa", "Ludwik Ślęzak", "Zenon Ćwik", "Adam"]


def test_polish_standings_and_seating_pdf(app, client):
    with app.app_context():
        db = get_session()
        t = ts.create_tournament(
            session=db, name="Turniej w Łodzi", game="mariasz", players=PLAYERS, date="2026-11-23"
        )
        ts.draw_next_round(session=db, tournament_id=t.id, seed=3)
        tid = t.id
    answer = client.get(f"/tournaments/{tid}/standings.pdf?lang=pl")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = " ".join(pdf_text(answer.data))
    assert "Turniej w Łodzi" in text and "23 lis 2026" in text
    for word in ("Gracz", "Strona 1 z 1", *PLAYERS):
        assert word in text, word
    seating = " ".join(pdf_text(client.get(f"/tournaments/{tid}/print/seating.pdf?lang=pl").data))
    # by name in Polish order (ICU): Ł after L, Ś after S, Ż after Ź after Z
    order = [seating.index(name) for name in sorted(PLAYERS, key=_polish)]
    assert "Runda 1: gdzie siedzę?" in seating
    assert order == sorted(order) or not collation.HAVE_ICU


def _polish(name: str) -> tuple[int, str]:
    alphabet = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
    return tuple(alphabet.index(c) if c in alphabet else 99 for c in name.lower()), name
