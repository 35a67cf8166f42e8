"""HTML to PDF through WeasyPrint: the only module that imports it.

Printable pages link their stylesheet and fonts under ``/static/``. WeasyPrint must not fetch
those over HTTP from our own server (slow, and a pub laptop may have no name resolution), so a
URL fetcher serves ``/static/...`` straight from disk and refuses every other address except
``data:`` URIs: a printable never reaches out to the network (DESIGN.md principle 6).
"""

from __future__ import annotations

import mimetypes
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

STATIC_ROOT = Path(__file__).resolve().parent.parent / "static"
#: The vendored font (DejaVu Sans, with its LICENSE) that has every Czech/Polish/German/Italian
#: letter; print.css declares it with @font-face so the host's fonts do not matter.
FONT_FILES = ("fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf")

mimetypes.add_type("font/ttf", ".ttf")


@lru_cache(maxsize=64)
def _static_bytes(relative: str) -> tuple[bytes, str]:
    path = (STATIC_ROOT / relative).resolve()
    if not path.is_relative_to(STATIC_ROOT) or not path.is_file():
        raise URLFetchingError(f"no static file {relative!r}")
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return path.read_bytes(), mime


class StaticFetcher(URLFetcher):
    """Serves ``/static/…`` from disk, passes ``data:`` through, refuses everything else."""

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:  # noqa: D102
        if url.startswith("data:"):
            return super().fetch(url, headers)
        path = unquote(urlsplit(url).path)
        if path.startswith("/static/"):
            body, mime = _static_bytes(path.removeprefix("/static/"))
            return URLFetcherResponse(url, body, {"Content-Type": mime})
        if url.startswith("file:") and Path(path).resolve().is_relative_to(STATIC_ROOT):
            relative = str(Path(path).resolve().relative_to(STATIC_ROOT))
            body, mime = _static_bytes(relative)
            return URLFetcherResponse(url, body, {"Content-Type": mime})
        raise URLFetchingError(f"printables fetch nothing outside /static/: {url}")


def render_pdf(html: str, *, base_url: str) -> bytes:
    """The PDF bytes of ``html``; relative links resolve against ``base_url``."""
    fonts = FontConfiguration()
    document = HTML(string=html, base_url=base_url, url_fetcher=StaticFetcher())
    return document.write_pdf(font_config=fonts)
