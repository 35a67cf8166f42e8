"""Licitovaný mariáš on paper (docs/rules.md §4a): the printed match record and the blank score
sheet, read back from the PDF with pypdf."""

from __future__ import annotations

import re

from conftest import pdf_text

from scorekeeper.db import get_session
from scorekeeper.demo import LICIT_DEALS
from scorekeeper.services import matches

PLAYERS = ["Jana Nováková", "Petr Malý", "Ota Šťastný"]


def _text(response) -> str:
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
    return " ".join(" ".join(pdf_text(response.data)).split())


def test_printed_record_of_a_licitovany_match(app, client):
    with app.app_context():
        session = get_session()
        match = matches.create_match(
            session=session, game="marias", preset="licitovany", players=PLAYERS,
            stake="0.20", currency="CZK",
        )  # fmt: skip
        for record in LICIT_DEALS:
            matches.record_deal(session=session, match_id=match.id, record=record)
    text = _text(client.get(f"/m/{match.id}/record.pdf", headers={"Accept-Language": "cs"}))
    text = text.replace("/ ", "/")  # pypdf breaks a line after the slash of "flek/bez fleku"
    # each deal as the match page says it: declarer, contract, trump, parts with fleks, PB
    assert "Jana Nováková · sedma · žaludy · hra ✓ flek/bez fleku · sedma ✓ · PB Jana" in text
    assert "Petr Malý · betl · betl ✓" in text
    assert "Ota Šťastný · sto · zelené · sto ✓ bez fleku/flek · 110:20" in text
    assert "Petr Malý · sedma · kule · omyl" in text
    # the explanations: a flek binds one defender, hearts double every part of a červená
    # contract, premium points stay out of the balance (docs/rules.md §4a)
    assert "1 × flek 2 = 2 od Petr Malý; 1 od Ota Šťastný" in text
    assert "hra (prohra): 1 × flek 2 × červené 2 = 4 každému obránci" in text
    assert "prémiové body, vedené mimo bilanci: Jana Nováková získává 2 prémiové body" in text
    # the balances in units and in money (0.20 Kč a unit), and who pays whom
    # premium points beside the balance, never in it (Jana's 2 from the first deal)
    assert "Jana Nováková -26 -5,20 2 Petr Malý 6 1,20 0 Ota Šťastný 20 4,00 0" in text, text[:400]
    assert "Jana Nováková platí: Petr Malý 1,20 Kč a Ota Šťastný 4,00 Kč" in text


def test_blank_licitovany_score_sheet(client):
    response = client.get(
        "/sheets/marias.pdf?preset=licitovany&players=Jana,Petr,Ota",
        headers={"Accept-Language": "cs"},
    )
    pages = pdf_text(response.data)
    assert response.status_code == 200 and len(pages) <= 2
    text = " ".join(" ".join(pages).split())
    assert "Licitovaný" in text  # the sheet's title: its game of its own
    for heading in ("Závazek", "Flek", "PB", "Bilance"):
        assert heading in text, heading
    assert "betl 15" in text and "limit 500" in text  # the association's tariff, the limit
    assert max(map(int, re.findall(r"^(\d+)$", "\n".join(pages), flags=re.M))) >= 30


def test_a_sheet_for_an_unknown_preset_is_404(client):
    assert client.get("/sheets/marias?preset=nope").status_code == 404
