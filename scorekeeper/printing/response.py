"""How a printable is answered: as a page whose own <style> blocks the CSP allows by hash, or
as a PDF from the app's bounded, cached renderer (scorekeeper.pdf.PdfRenderer) with an ETag,
a 304 when the browser already has this very PDF, and a 503 saying why when every slot is busy.
"""

from __future__ import annotations

import base64
import hashlib
import re
from io import BytesIO
from typing import Any

from flask import Response, current_app, request, send_file
from flask_babel import gettext as _

from ..config import CSP


def html_response(html: str) -> Response:
    """The printable as a page; its own <style> blocks (paper size, footer) are allowed by hash."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode() + "'"
        for block in re.findall(r"<style>(.*?)</style>", html, flags=re.S)
    )
    policy = CSP.replace("style-src 'self'", f"style-src 'self' {hashes}".rstrip())
    return Response(html, mimetype="text/html", headers={"Content-Security-Policy": policy})


def renderer() -> Any:
    """The app's PdfRenderer (bounded, cached): PDF_RENDERS at once, PDF_QUEUE more waiting
    up to PDF_WAIT_SECONDS."""
    found = current_app.extensions.get("pdf_renderer")
    if found is None:
        from .pdf import PdfRenderer

        config = current_app.config
        slots, wait = config.get("PDF_RENDERS", 1), config.get("PDF_WAIT_SECONDS", 20)
        found = PdfRenderer(int(slots), float(wait), queue=int(config.get("PDF_QUEUE", 1)))
        current_app.extensions["pdf_renderer"] = found
    return found


def pdf_response(html: str, filename: str) -> Response:
    """The PDF of ``html``: 304 when the browser has this one, 503 when every slot stays busy."""
    from .pdf import Busy

    pdfs = renderer()
    etag = pdfs.key(html, request.url_root)
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    try:
        document = pdfs.render(html, base_url=request.url_root)
    except Busy:
        message = _("Other sheets are being printed; try again in a minute.")
        return Response(message, status=503, headers={"Retry-After": "30"}, mimetype="text/plain")
    response = send_file(
        BytesIO(document),
        mimetype="application/pdf",
        as_attachment=True,
        download_name=f"{filename}.pdf",
        max_age=0,
        etag=False,
    )
    response.set_etag(etag)
    return response
