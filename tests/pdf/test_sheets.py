"""Every printable as HTML and as PDF (fixture dicts): text, order, pages, paper, fonts, PNG."""

from __future__ import annotations

import io
import re

import pytest
from conftest import NAMES, build_print_app, make_standings, pdf_text, player_names, to_png
from pypdf import PdfReader

from scorekeeper.printing import contexts as pv

# (name, HTML URL) of every printable; the PDF is the same URL with ".pdf".
SHEETS = [
    ("standings", "/tournaments/t1/print/standings"),
    ("standings-large", "/tournaments/t1/print/standings?large=1"),
    ("seating", "/tournaments/t1/print/seating"),
    ("seating-by-table", "/tournaments/t1/print/seating?by=table"),
    ("tickets", "/tournaments/t1/print/tickets"),
    ("certificates", "/tournaments/t1/print/certificates"),
    ("sheet-marias", "/sheets/marias?players=" + ",".join(NAMES[:3])),
    ("sheet-mariasz", "/sheets/mariasz?players=" + ",".join(NAMES[:2])),
    ("sheet-mariage", "/sheets/mariage?players=" + ",".join(NAMES[2:])),
    ("sheet-marianna", "/sheets/marianna?players=" + ",".join(NAMES)),
    ("record", "/m/m1/record"),
]


def pdf_url(url: str) -> str:
    path, _, query = url.partition("?")
    return path + ".pdf" + ("?" + query if query else "")


def get_pdf(client, url: str) -> bytes:
    response = client.get(pdf_url(url))
    assert response.status_code == 200, response.data[:500]
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("attachment")
    return response.data


@pytest.mark.parametrize(("name", "url"), SHEETS)
def test_html_view(print_app, name, url):
    response = print_app.test_client().get(url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "css/print.css" in html and pdf_url(url).split("?")[0] in html
    assert "@bottom-right" in html


@pytest.mark.parametrize(("name", "url"), SHEETS)
def test_pdf_has_every_name_with_its_diacritics_and_renders_to_png(rendered, tmp_path, name, url):
    data = rendered[name]
    text = " ".join(" ".join(pdf_text(data)).split())  # names may wrap in narrow columns
    shown = {
        "certificates": NAMES[:2],
        "sheet-mariasz": NAMES[:2],
        "sheet-mariage": NAMES[2:],
        "record": NAMES[:3],
        "sheet-marias": NAMES[:3],
    }.get(name, NAMES)
    for who in shown:
        assert who in text, f"{who} missing from {name}"
    pngs = to_png(data, tmp_path / name, dpi=20)
    assert pngs and all(p.stat().st_size > 500 for p in pngs)


@pytest.mark.parametrize(("name", "url"), [s for s in SHEETS if s[0] != "certificates"])
def test_every_page_says_page_x_of_y(rendered, name, url):
    pages = pdf_text(rendered[name])
    for number, page in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in page


def test_standings_names_in_rank_order_with_tied_ranks(print_app):
    data = make_standings(12)
    print_app.fixture_data["standings"] = data
    text = "\n".join(pdf_text(get_pdf(print_app.test_client(), SHEETS[0][1])))
    positions = [text.index(row["player"]) for row in data["rows"]]
    assert positions == sorted(positions)
    assert "=1" in text and "after round 3 of 4" in text
    assert "Posvícenský turnaj v mariáši" in text and "U Zlatého tygra" in text


@pytest.fixture(scope="module")
def rendered():
    """Every printable's PDF, rendered once for the module (WeasyPrint is the slow part)."""
    with pytest.MonkeyPatch.context() as mp:
        client = build_print_app(mp).test_client()
        return {name: get_pdf(client, url) for name, url in SHEETS}


@pytest.fixture(scope="module")
def five_hundred():
    """Standings PDFs for 500 players (normal and large type), rendered once for the module."""
    data = make_standings(500, rounds=4, planned=4)
    with pytest.MonkeyPatch.context() as mp:
        client = build_print_app(mp, standings=data).test_client()
        normal = get_pdf(client, "/tournaments/t1/print/standings")
        large = get_pdf(client, "/tournaments/t1/print/standings?large=1")
    return data, normal, large


def rows_per_page(pages: list[str]) -> list[int]:
    """How many standings rows each page of a PDF's text holds (a line starting with a rank)."""
    return [len(re.findall(r"^=?\d+ \D", page, flags=re.M)) for page in pages]


def test_500_players_fill_their_pages_and_keep_the_last_rows(five_hundred, tmp_path):
    # printing/paging.py: each page filled in turn, the last keeps at least three rows, and the
    # pages printed are the pages planned (the font's widths foretell every wrapped name)
    data, normal, _large = five_hundred
    pages = pdf_text(normal)
    assert len(pages) == pv.standings_context(data)["pages"]
    assert to_png(normal, tmp_path / "p500", dpi=20, first=len(pages), last=len(pages))
    counts = rows_per_page(pages)
    assert sum(counts) == 500 and counts[-1] >= 3, counts
    assert min(counts[1:-1]) >= max(counts) - 3, counts  # full pages: a wrapped name or two
    text = " ".join(" ".join(pages).split())
    positions = [text.index(name) for name in player_names(500)]
    assert positions == sorted(positions)
    for page in pages:  # the header row is repeated on every page
        assert re.search(r"#\s*Player\s*R1\s*R2\s*R3\s*R4\s*Total", page), page[:200]


def test_500_players_large_type_has_fewer_rows_a_page(five_hundred):
    _data, normal, large = five_hundred
    n_normal, n_large = (
        len(PdfReader(io.BytesIO(normal)).pages),
        len(PdfReader(io.BytesIO(large)).pages),
    )
    assert n_large > 1.8 * n_normal
    assert all("Player" in page for page in pdf_text(large))


@pytest.mark.parametrize(
    ("query", "width", "height"),
    [("", 595, 842), ("?paper=letter", 612, 792), ("?paper=a4", 595, 842)],
)
def test_paper_size(print_app, query, width, height):
    data = get_pdf(print_app.test_client(), "/sheets/mariasz" + query)
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (width, height)


def test_contract_url_for_the_standings_pdf(print_app):
    response = print_app.test_client().get("/tournaments/t1/standings.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


def test_vendored_font_is_embedded(rendered):
    data = rendered["sheet-marias"]
    fonts = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    # the @font-face family from static/fonts (DejaVu Sans), not whatever the host has
    assert {f.split("+")[-1] for f in fonts} == {"Scorekeeper-Sans", "Scorekeeper-Sans-Bold"}


def test_unknown_sheet_is_404(print_app):
    assert print_app.test_client().get("/sheets/poker").status_code == 404


def test_tickets_need_the_organiser(print_app):
    print_app.fixture_data["organiser"] = False
    client = print_app.test_client()
    assert client.get("/tournaments/t1/print/tickets").status_code == 403
    assert client.get("/tournaments/t1/print/tickets.pdf").status_code == 403


def test_ticket_links_use_the_public_url(print_app):
    print_app.config["PUBLIC_URL"] = "http://pub.local:5000/"
    html = print_app.test_client().get("/tournaments/t1/print/tickets").get_data(as_text=True)
    assert "http://pub.local:5000/tournaments/t1/table/2/1/tok1xyz" in html
