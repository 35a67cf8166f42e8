"""HTML to PDF through WeasyPrint: the only module that imports it.

Printable pages link their stylesheet and fonts under ``/static/``. WeasyPrint must not fetch
those over HTTP from our own server (slow, and a pub laptop may have no name resolution), so a
URL fetcher serves ``/static/...`` straight from disk (content-hashed names included) and
refuses every other address except ``data:`` URIs: a printable never reaches out to the network
(DESIGN.md principle 6).

Rendering is bounded and cached (``PdfRenderer``): at most ``slots`` renders run at once and at
most ``queue`` more wait their turn (for ``wait`` seconds); any further one is answered ``Busy``
at once, so a burst of PDF downloads can never hold every server thread and pages stay quick.
A PDF is kept by the hash of its HTML, so a match or tournament that has not changed since
(same version, same sheet) is answered from memory.
"""

from __future__ import annotations

import hashlib
import mimetypes
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

from ..paths import HASHED
from ..paths import STATIC as STATIC_ROOT

mimetypes.add_type("font/ttf", ".ttf")


@lru_cache(maxsize=64)
def _static_bytes(relative: str) -> tuple[bytes, str]:
    path = _static_path(relative)
    if not path.is_relative_to(STATIC_ROOT) or not path.is_file():
        raise URLFetchingError(f"no static file {relative!r}")
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return path.read_bytes(), mime


def _static_path(relative: str) -> Path:
    """The file ``relative`` names under static/, as it is or (the name with its content hash,
    as url_for('static') writes it: <hash>/css/print.css) without the hash."""
    path = (STATIC_ROOT / relative).resolve()
    if path.is_file():
        return path
    hashed = HASHED.match(relative)
    return (STATIC_ROOT / hashed["name"]).resolve() if hashed else path


class StaticFetcher(URLFetcher):
    """Serves ``/static/…`` from disk, passes ``data:`` through, refuses everything else."""

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:  # noqa: D102
        if url.startswith("data:"):
            return super().fetch(url, headers)
        relative = _static_relative(url)
        if relative is None:
            raise URLFetchingError(f"printables fetch nothing outside /static/: {url}")
        body, mime = _static_bytes(relative)
        return URLFetcherResponse(url, body, {"Content-Type": mime})


def _static_relative(url: str) -> str | None:
    """The file under static/ that ``url`` names (``/static/…``, or a ``file:`` URL there), or
    None."""
    path = unquote(urlsplit(url).path)
    if path.startswith("/static/"):
        return path.removeprefix("/static/")
    if url.startswith("file:") and Path(path).resolve().is_relative_to(STATIC_ROOT):
        return str(Path(path).resolve().relative_to(STATIC_ROOT))
    return None


def render_pdf(html: str, *, base_url: str) -> bytes:
    """The PDF bytes of ``html``; relative links resolve against ``base_url``."""
    fonts = FontConfiguration()
    document = HTML(string=html, base_url=base_url, url_fetcher=StaticFetcher())
    return document.write_pdf(font_config=fonts)


class Busy(Exception):
    """Every render slot stayed taken for the whole wait."""


class PdfRenderer:
    """At most ``slots`` renders at once; the last ``keep`` PDFs kept by the hash of their HTML."""

    def __init__(self, slots: int = 1, wait: float = 20.0, keep: int = 32, queue: int = 1) -> None:
        self.slots = threading.BoundedSemaphore(max(1, slots))
        self.wait, self.keep = wait, keep
        self.places = threading.BoundedSemaphore(max(1, slots) + max(0, queue))
        self.cache: OrderedDict[str, bytes] = OrderedDict()
        self.lock = threading.Lock()
        self.renders = 0  # how many PDFs were really rendered (the rest came from the cache)

    @staticmethod
    def key(html: str, base_url: str) -> str:
        """The cache key (and ETag) of a printable: the hash of what would be rendered."""
        return hashlib.sha256(f"{base_url}\n{html}".encode()).hexdigest()

    def _cached(self, key: str) -> bytes | None:
        with self.lock:
            found = self.cache.get(key)
            if found is not None:
                self.cache.move_to_end(key)
            return found

    def render(self, html: str, *, base_url: str) -> bytes:
        """The PDF of ``html``: from the cache, else rendered in a free slot (Busy if none)."""
        key = self.key(html, base_url)
        found = self._cached(key)
        if found is not None:
            return found
        if not self.places.acquire(blocking=False):  # the queue is full: do not hold a thread
            raise Busy
        try:
            document, fresh = self._render_in_slot(html, base_url, key)
        finally:
            self.places.release()
        if fresh:
            self._keep(key, document)
        return document

    def _render_in_slot(self, html: str, base_url: str, key: str) -> tuple[bytes, bool]:
        """(the PDF, whether it was rendered now): a free slot waited for (Busy after ``wait``),
        then the PDF the request we waited behind rendered, else rendered here."""
        if not self.slots.acquire(timeout=self.wait):
            raise Busy
        try:
            found = self._cached(key)  # rendered by the request we waited behind
            if found is not None:
                return found, False
            document = render_pdf(html, base_url=base_url)
            self.renders += 1
            return document, True
        finally:
            self.slots.release()

    def _keep(self, key: str, document: bytes) -> None:
        """Cache ``document``, dropping the least recently used beyond ``keep``."""
        with self.lock:
            self.cache[key] = document
            while len(self.cache) > self.keep:
                self.cache.popitem(last=False)
