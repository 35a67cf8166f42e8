"""How a printable is answered: rendered from its template on the paper asked for (``respond``),
as a page whose own <style> blocks the CSP allows by hash, or as a PDF from the app's bounded,
cached renderer (scorekeeper.pdf.PdfRenderer) with an ETag, a 304 when the browser already has
this very PDF, and a 503 saying why when every slot is busy.
"""

from __future__ import annotations

import base64
import hashlib
import re
from io import BytesIO
from typing import Any

from flask import Response, current_app, render_template, request, send_file, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ..config import CSP
from .contexts import paper


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


def css_string(text: Any) -> Markup:
    """``text`` as a quoted CSS string, safe inside a <style> element."""
    escaped = re.sub(r'[\\"<>\n\r]', lambda m: f"\\{ord(m.group()):x} ", str(text or ""))
    return Markup(f'"{escaped}"')


COUNTERS = {"{page}": "counter(page)", "{pages}": "counter(pages)"}  # the placeholders' CSS


def page_counter_css() -> Markup:
    """CSS ``content`` for the translated "Page X of Y" built from the page counters."""
    text = _("Page {page} of {pages}")
    parts = re.split(r"(\{page\}|\{pages\})", text)
    out = [COUNTERS[part] if part in COUNTERS else str(css_string(part)) for part in parts if part]
    return Markup(" ".join(out))


def _view_args() -> dict[str, Any]:
    return {k: v for k, v in (request.view_args or {}).items() if k != "pdf"}


def _toggle_url(**changes: Any) -> str:
    """The current page's URL with some query arguments changed (None drops one)."""
    args = request.args.to_dict()
    for key, value in changes.items():
        if value is None:
            args.pop(key, None)
        else:
            args[key] = str(value)
    return url_for(request.endpoint, **_view_args(), **args)


def current_paper() -> dict[str, Any]:
    """The paper asked for (?paper=), else the configured default (SCOREKEEPER_PAPER)."""
    return paper(request.args.get("paper"), current_app.config.get("PAPER", "A4"))


def respond(
    template: str,
    context: dict[str, Any],
    *,
    pdf: bool,
    filename: str,
    footer: str = "",
    pdf_endpoint: str | None = None,
) -> Response | str:
    """Render a printable as HTML, or as a PDF download when ``pdf``."""
    endpoint = pdf_endpoint or (request.endpoint or "").removesuffix("_pdf") + "_pdf"
    html = render_template(
        template,
        paper=current_paper(),
        page_counter=Markup("none") if context.get("no_footer") else page_counter_css(),
        footer=footer,
        toggle_url=_toggle_url,
        pdf_url=url_for(endpoint, **_view_args(), **request.args.to_dict()),
        for_pdf=pdf,
        **{"landscape": False, **context},
    )
    if not pdf:
        return html_response(html)
    return pdf_response(html, filename)
