"""scorekeeper.printing.pdf: the only WeasyPrint importer, fetching nothing outside /static/."""

from __future__ import annotations

import re

import pytest
from weasyprint.urls import URLFetchingError

from scorekeeper import ROOT
from scorekeeper.printing.pdf import StaticFetcher, render_pdf


def test_only_pdf_module_imports_weasyprint():
    # CONTRACT.md: scorekeeper/printing/pdf.py is the ONLY module importing WeasyPrint
    importers = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "scorekeeper").rglob("*.py")
        if re.search(r"^\s*(from|import)\s+weasyprint", path.read_text(), re.M)
    ]
    assert importers == ["scorekeeper/printing/pdf.py"]


@pytest.mark.parametrize(
    ("url", "mime"),
    [
        ("http://localhost/static/fonts/DejaVuSans.ttf", "font/ttf"),
        ("http://pub.local:5000/static/css/print.css", "text/css"),
        (f"file://{ROOT}/static/fonts/DejaVuSans-Bold.ttf", "font/ttf"),
    ],
)
def test_static_files_come_from_disk(url, mime):
    response = StaticFetcher().fetch(url)
    assert response.content_type == mime and len(response.read()) > 1000


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/logo.png",  # DESIGN.md principle 6: a printable never goes online
        "http://localhost/static/../scorekeeper/config.py",
        "http://localhost/static/%2e%2e/pyproject.toml",
        "file:///etc/passwd",
        "http://localhost/tournaments/x/standings",
    ],
)
def test_everything_else_is_refused(url):
    with pytest.raises(URLFetchingError):
        StaticFetcher().fetch(url)


def test_render_pdf_ignores_unreachable_images():
    html = '<p>Řehoř Šťastný</p><img src="http://example.com/x.png">'
    assert render_pdf(html, base_url="http://localhost/").startswith(b"%PDF")
