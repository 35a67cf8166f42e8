"""Benchmark: bytes transferred for the deal entry page, as a phone loads it (target: under 60 KB).

Starts the real app under waitress (as ``scorekeeper serve``) on a fresh SQLite database, makes
one match of each game through the JSON API with 0, 15 and 40 deals, and opens each match's
edit page (the deal entry page) in headless Chromium at 390×844 with an empty cache. It sums
what Chromium reports as received over the network for every request of the page (HTML, CSS,
JavaScript, images; headers included) and prints it per game and deal count, with the HTML
alone beside it. A second load with the browser's cache shows what each later deal costs.

    .venv/bin/python bench/bench_page_weight.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_deal_post import free_port, wait_for  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

GAMES = {
    "marias": (
        {"game": "marias", "preset": "pub", "players": ["Jana", "Petr", "Ota"], "stake": "0.20"},
        lambda i: {
            "declarer": i % 3,
            "trump": ["hearts", "clubs", "spades", "diamonds"][i % 4],
            "parts": [{"kind": "hra", "won": i % 4 != 1, "flek": i % 2}],
        },
    ),
    "mariasz": (
        # sympla/dubla after each deal or two; a match to 1000 match points does not end early
        {"game": "mariasz", "players": ["Ania", "Bartek"], "options": {"match_target": 1000}},
        lambda i: {"trump": "hearts", "points": [80 + i % 3 * 10, None], "marriages": [[], []]},
    ),
    "mariage": (
        {"game": "mariage", "players": ["Anke", "Bernd"], "options": {"match_target": 1000}},
        lambda i: {"trump": "hearts", "points": [70 + i % 2 * 10, None], "marriages": [[], []]},
    ),
    "marianna": (
        {
            "game": "marianna",
            "players": ["Anna", "Bruno", "Carla", "Dario"],
            "options": {"target": 10000},
        },
        lambda i: {"points": [70, None], "declarations": [{"side": i % 2, "suit": "hearts"}]},
    ),
}


def api(base: str, path: str, body: dict, token: str | None = None) -> dict:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {token}"} if token else {}),
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def measure(browser, url: str) -> tuple[int, int, int, int]:
    """(bytes received, HTML bytes, requests) with an empty cache, and bytes on a reload."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    got: dict[str, int] = {}
    kinds: dict[str, str] = {}
    cdp.on("Network.responseReceived", lambda e: kinds.__setitem__(e["requestId"], e["type"]))
    cdp.on(
        "Network.loadingFinished",
        lambda e: got.__setitem__(e["requestId"], int(e["encodedDataLength"])),
    )
    page.goto(url, wait_until="networkidle")
    first = sum(got.values())
    html = sum(n for rid, n in got.items() if kinds.get(rid) == "Document")
    requests = len(got)
    got.clear()
    page.reload(wait_until="networkidle")
    again = sum(got.values())
    context.close()
    return first, html, requests, again


def main() -> None:
    from playwright.sync_api import sync_playwright

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [
                sys.executable,
                str(root / "bench" / "bench_deal_post.py"),
                "--serve",
                f"{tmp}/bench.sqlite3",
                str(port),
                tmp,
                "4",
            ],
            cwd=root,
        )
        try:
            wait_for(port)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=ARGS, headless=True
                )
                print("deal entry page (the match's edit link), 390×844, empty cache; target 60 KB")
                print(f"{'game':9} {'deals':>5} {'received':>10} {'HTML':>9} {'requests':>8} "
                      f"{'reload':>9}")  # fmt: skip
                worst = 0
                for game, (setup, record) in GAMES.items():
                    for deals in (0, 15, 40):
                        match = api(base, "/api/v1/matches", setup)
                        for i in range(deals):
                            api(base, f"/api/v1/matches/{match['id']}/deals", record(i),
                                match["token"])  # fmt: skip
                        url = f"{base}/m/{match['id']}/{match['token']}"
                        first, html, requests, again = measure(browser, url)
                        worst = max(worst, first)
                        print(f"{game:9} {deals:>5} {first / 1024:>7.1f} KB {html / 1024:>6.1f} KB "
                              f"{requests:>8} {again / 1024:>6.1f} KB")  # fmt: skip
                browser.close()
            print(f"heaviest: {worst / 1024:.1f} KB ({worst} bytes)")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
