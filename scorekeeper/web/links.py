"""Links for other phones: absolute addresses on the public URL the server announces."""

from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute link for other phones: on SCOREKEEPER_PUBLIC_URL when set (``scorekeeper
    serve`` sets the laptop's LAN address), so a page opened as 127.0.0.1 still shares a link
    the table's phones can open."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + url_for(endpoint, **values)
