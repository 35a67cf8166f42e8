"""Static files under content-hashed names, cached for a year; the favicon; compression.

At start-up every file in ``static/`` is hashed once (a manifest kept in memory, no build
step). ``url_for('static', filename='css/app.css')`` then gives ``/static/<hash>/css/app.css``
(the file keeps its own name under a folder named by its content), so templates need no change;
that address is served with a year-long, immutable cache, since a changed file gets a new one.
The plain address still works (revalidated every time).
Flask-Compress gzips or brotli-compresses HTML, JSON, CSS and JavaScript.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, current_app, request, send_from_directory
from flask_compress import Compress

from ..paths import HASHED

YEAR = 365 * 24 * 3600
FAVICON = "img/favicon.ico"
compress = Compress()


def manifest(folder: Path) -> dict[str, str]:
    """{relative name: the first 12 hex digits of its SHA-256} for every file in ``folder``."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
            found[path.relative_to(folder).as_posix()] = digest
    return found


def hashed_name(name: str, digest: str) -> str:
    """``css/app.css`` with digest ``abc`` → ``abc/css/app.css``."""
    return f"{digest}/{name}"


def original_name(name: str) -> tuple[str, bool]:
    """(the file's own name, whether ``name`` carried the file's current hash)."""
    files = current_app.extensions["static_manifest"]
    found = HASHED.match(name)
    if found and found["name"] in files:
        return found["name"], files[found["name"]] == found["hash"]
    if found:  # e.g. ../fonts/x.ttf written in a hashed stylesheet: the folder is the sheet's
        return found["name"], False
    return name, False


def _add_hash(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint != "static" or "filename" not in values:
        return
    digest = current_app.extensions["static_manifest"].get(values["filename"])
    if digest:
        values["filename"] = hashed_name(values["filename"], digest)


def _static(filename: str) -> Response:
    name, current = original_name(filename)
    response = send_from_directory(current_app.static_folder or "", name, max_age=0)
    if current:
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def _favicon() -> Response:
    if request.method not in ("GET", "HEAD"):
        abort(405)
    response = _static(FAVICON)
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


def init_app(app: Flask) -> None:
    """Hash the static files, serve them by hashed name, add /favicon.ico and compression."""
    app.extensions["static_manifest"] = manifest(Path(app.static_folder or ""))
    app.view_functions["static"] = _static
    app.url_defaults(_add_hash)
    app.add_url_rule("/favicon.ico", "favicon", _favicon)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config["COMPRESS_REGISTER"] = False  # registered below, behind a size check
    compress.init_app(app)
    app.after_request(_compress)


def _too_short(response: Response) -> bool:
    """Whether the answer is shorter than Flask-Compress's minimum (a streamed one: unknown)."""
    length = response.content_length if not response.is_streamed else None
    return length is not None and length < current_app.config["COMPRESS_MIN_SIZE"]


def _has_vary(headers: Any) -> bool:
    """Whether the answer already names a ``Vary`` header (in any case)."""
    return any(name == "Vary" or name.lower() == "vary" for name, _value in headers)


def _compress(response: Response) -> Response:
    """Flask-Compress for answers worth compressing; an answer shorter than its minimum (a
    phone's saved deal, a 304) only gets the ``Vary`` Flask-Compress would add, without the
    header look-ups and the Accept-Encoding parsing (a few percent of a deal save)."""
    if _too_short(response) and not _has_vary(response.headers):
        response.headers.add("Vary", "Accept-Encoding")
        return response
    return compress.after_request(response)


COMPRESSED = [
    "text/html",
    "text/css",
    "text/plain",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
    "image/x-icon",
    "image/vnd.microsoft.icon",
]
