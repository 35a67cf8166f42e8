"""Printed in Czech: a certificate, a match record and a blank sheet, read back from the
PDF with pypdf (words and names with their diacritics, the vendored font embedded) and rendered
to PNG with pdftoppm (saved to $SCOREKEEPER_SHOTS when set, to be looked at).
"""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from conftest import MATCH_STATE, make_standings, pdf_text, to_png
from pypdf import PdfReader

from scorekeeper.web.printing import pages as printing

CZECH = ["Řehoř Šťastný", "Žofie Ďurová", "Šárka Žáková", "Ondřej Čermák"]
EVENT = {
    "name": "Posvícenský turnaj v Řevnicích",
    "venue": "Hospoda U Žíznivého Čerta",
    "date": "2026-11-21",
    "rounds_planned": 4,
    "game": "marias",
}


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("SCOREKEEPER_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def czech_standings() -> dict:
    """Standings after round 3 with the four Czech names on top (no ties: one per place)."""
    data = make_standings(8)
    for row, name in zip(data["rows"], CZECH, strict=False):
        row["player"] = name
    for i, row in enumerate(data["rows"]):
        row["rank"] = i + 1
    data["tournament"] = EVENT
    return data


def fonts(data: bytes) -> set[str]:
    """The BaseFont of every font the PDF's pages use."""
    found = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            found.add(str(font.get_object()["/BaseFont"]))
    return found


def red_and_green(data: bytes, page: int = 1) -> tuple[int, int]:
    """Pixels of the page (pdftoppm at 72 dpi) in the hearts' red and the leaves' green: the
    deck's SVGs are drawn into the page itself (not as images), so they are counted on paper."""
    ppm = subprocess.run(
        ["pdftoppm", "-r", "72", "-f", str(page), "-l", str(page)],
        input=data,
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout
    head = ppm.split(b"\n", 3)  # P6, width height, maxval, pixels
    pixels = head[3]
    red = green = 0
    for i in range(0, len(pixels) - 2, 3):
        r, g, b = pixels[i], pixels[i + 1], pixels[i + 2]
        red += r > 150 and g < 90 and b < 90
        green += g > 100 and r < 90 and b < 100
    return red, green


def test_czech_certificate(monkeypatch, client, shots):
    monkeypatch.setattr(printing, "load_standings", lambda tournament_id: czech_standings())
    response = client.get("/tournaments/t1/print/certificates.pdf?lang=cs")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pages = [" ".join(text.split()) for text in pdf_text(response.data)]
    assert len(pages) == 3  # places 1, 2 and 3: one certificate a page
    for place, (page, name) in enumerate(zip(pages, CZECH, strict=False), start=1):
        assert "DIPLOM" in page.replace(" ", ""), page  # letter-spaced capitals
        assert f"{place}. místo" in page, page
        assert name in page, page  # Ř, Š, Ť, Ž, Ď, á, ý: every mark kept
        assert "Posvícenský turnaj v Řevnicích" in page, page
        assert "Hospoda U Žíznivého Čerta" in page and "21. listopadu 2026" in page, page
    assert CZECH[3] not in " ".join(pages)  # fourth place gets no certificate
    # the vendored DejaVu Sans (print.css names it Scorekeeper Sans), embedded as a subset:
    # no host font standing in for the marks
    assert fonts(response.data) and all("Scorekeeper-Sans" in f for f in fonts(response.data))
    png = to_png(response.data, shots / "deck-cs-certificate", dpi=40)
    assert png and png[0].stat().st_size > 5_000


def test_czech_match_record_draws_the_deck(monkeypatch, client, shots):
    state = dict(MATCH_STATE, players=CZECH[:3], sides=CZECH[:3])
    state["options"] = {"deck": "german"}
    state["deals"] = [
        dict(deal, summary=f"{CZECH[0]} · červené ♥ · hra ✓") for deal in MATCH_STATE["deals"]
    ]
    monkeypatch.setattr(printing, "load_match_state", lambda match_id: state)
    response = client.get("/m/m1/record.pdf?lang=cs")
    assert response.status_code == 200
    text = " ".join(" ".join(pdf_text(response.data)).split())
    assert f"{CZECH[0]} · červené · hra ✓" in text  # the name stays, the French ♥ does not
    assert "♥" not in text
    assert red_and_green(response.data)[0] > 20  # the German hearts, drawn three times
    to_png(response.data, shots / "deck-cs-record", dpi=50)


@pytest.mark.parametrize(
    ("game", "deck", "words"),
    [
        ("marias", None, ["červené", "kule", "žaludy", "zelené"]),
        ("marianna", None, ["poháry", "mince", "hole", "meče"]),
        ("mariasz", "french", ["srdce", "káry", "kříže", "piky"]),
    ],
)
def test_czech_blank_sheet_names_the_decks_suits(client, shots, game, deck, words):
    query = f"?lang=cs&deck={deck}" if deck else "?lang=cs"
    response = client.get(f"/sheets/{game}.pdf{query}")
    assert response.status_code == 200
    text = " ".join(" ".join(pdf_text(response.data)).split())
    assert " · ".join(words) in text, text
    last = len(PdfReader(io.BytesIO(response.data)).pages)  # the key is under the last rows
    red, green = red_and_green(response.data, last)
    assert red > 5
    if game == "marias":
        assert green > 5  # the German deck's leaves (zelené)
    if game == "marias":
        to_png(response.data, shots / "deck-cs-sheet", dpi=50, first=last, last=last)
