"""The spectators' match page in real headless Chromium: it updates itself by fetching with its
ETag (live.js) instead of ``<meta refresh>``, and offers a plain link without JavaScript."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("SCOREKEEPER_SHOTS")
DEAL = {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True, "flek": 0}]}


def _call(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def test_spectators_page_updates_without_reloading(live_server, browser, monkeypatch):
    from scorekeeper.web import live

    monkeypatch.setattr(live, "MATCH_REFRESH_SECONDS", 1)
    match = _call(f"{live_server}/api/v1/matches",
                  {"game": "marias", "players": ["Jana", "Petr", "Ota"]})  # fmt: skip
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    fetched: list[int] = []
    page.on("response", lambda r: fetched.append(r.status) if "/m/" in r.url else None)
    page.goto(f"{live_server}/m/{match['id']}")
    assert page.locator("meta[http-equiv=refresh]").count() == 0
    assert page.locator("[data-live-link]").is_hidden()  # live.js keeps it fresh itself
    page.evaluate("window.stillHere = true")
    page.wait_for_timeout(1500)
    assert len(fetched) >= 2  # polled (the server answered 304: the browser shows its copy)
    _call(f"{live_server}/api/v1/matches/{match['id']}/deals", DEAL, match["token"])
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-live] .pts')]"
        ".some(e => e.innerText.trim() !== '0')",
        timeout=10_000,
    )
    assert page.evaluate("window.stillHere") is True  # swapped in, not reloaded
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / "match-spectators-live.png"), full_page=True)
    context.close()

    plain = browser.new_context(java_script_enabled=False).new_page()
    plain.goto(f"{live_server}/m/{match['id']}")
    link = plain.locator("a[data-live-link]")
    assert link.is_visible() and link.inner_text() == "Show the latest"
    if SHOTS:
        plain.screenshot(path=str(Path(SHOTS) / "match-spectators-no-js.png"), full_page=True)
    plain.context.close()
