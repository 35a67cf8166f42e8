"""Lighter pages: content-hashed static addresses cached for a year, compression, a favicon."""

from __future__ import annotations

import gzip
import re

import brotli


def _asset_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


def test_static_files_have_content_hashed_addresses_cached_for_a_year(client):
    urls = _asset_urls(client.get("/").text)
    assert any(u.endswith("/css/app.css") for u in urls)
    for url in urls:
        assert re.fullmatch(r"/static/[0-9a-f]{12}/[\w/.-]+", url), url
        answer = client.get(url)
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = client.get("/static/css/app.css")
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    stale = client.get("/static/000000000000/css/app.css")  # an old page's address
    assert stale.status_code == 200 and stale.headers["Cache-Control"] == "no-cache"
    assert client.get("/static/000000000000/css/nothing.css").status_code == 404


def test_a_changed_file_gets_a_new_address(app, tmp_path):
    from scorekeeper.web.assets import manifest

    (tmp_path / "a.css").write_text("body{}")
    before = manifest(tmp_path)["a.css"]
    (tmp_path / "a.css").write_text("body{color:red}")
    assert manifest(tmp_path)["a.css"] != before


def test_html_json_and_css_are_compressed(client):
    page = client.get("/", headers={"Accept-Encoding": "br, gzip"})
    assert page.headers["Content-Encoding"] == "br"
    assert b"<html" in brotli.decompress(page.data)
    json = client.get("/api/v1/games", headers={"Accept-Encoding": "gzip"})
    if json.status_code == 200 and json.headers.get("Content-Encoding"):
        assert json.headers["Content-Encoding"] == "gzip" and gzip.decompress(json.data)
    css_url = next(u for u in _asset_urls(client.get("/").text) if u.endswith(".css"))
    css = client.get(css_url, headers={"Accept-Encoding": "gzip, br"})
    assert css.headers["Content-Encoding"] == "br"
    plain = client.get(css_url).data
    assert len(css.data) < len(plain) / 2
    assert brotli.decompress(css.data) == plain


def test_json_is_compressed(client):
    players = [f"Player {i}" for i in range(30)]
    made = client.post(
        "/api/v1/tournaments", json={"name": "T", "game": "marias", "players": players}
    )
    answer = client.get(
        f"/api/v1/tournaments/{made.json['id']}", headers={"Accept-Encoding": "gzip"}
    )
    assert answer.headers["Content-Encoding"] == "gzip"
    assert b'"players"' in gzip.decompress(answer.data)


def test_favicon(client):
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.mimetype in (
        "image/vnd.microsoft.icon",
        "image/x-icon",
    )
    assert answer.data[:4] == b"\x00\x00\x01\x00"  # an ICO file
