"""Benchmark: Lighthouse (mobile) scores and the weight of every page as a phone loads it.

Fills a fresh SQLite database with ``tests/browser/site.py`` (one match of each game, a season of
evenings of ``--players`` people plus one evening of ``--season-players`` more, so the season
table has their sum of rows) and serves it with waitress in this process. Then:

1. **Weight**: every page of the site in headless Chromium at 390×844 with an empty cache:
   bytes received (compressed, headers included, as Chromium counts them), requests, and
   whether a font file was loaded. The printable standings must stay under 30 KB on screen.
2. **Lighthouse** (``--lighthouse``): the mobile preset (simulated 4× slower CPU and a slow
   network) on home, new match, the Mariáš board, the standings, the TV and the season table,
   ``--runs`` times each; the median of each category is printed. Lighthouse is not a
   dependency of the project: install it outside the repository, e.g.
   ``npm i -E lighthouse@12.2.3`` in some folder, and pass its CLI with ``--lighthouse
   /that/folder/node_modules/.bin/lighthouse`` (or set LIGHTHOUSE). It drives Debian's
   /usr/bin/chromium (CHROME_PATH). Without it only the weights are measured.

    .venv/bin/python bench/bench_screens.py [--lighthouse PATH] [--runs 3]

Scores on a busy 2-core machine vary by a few points of performance (total blocking time is
measured under the 4× CPU slowdown): run it on a quiet machine, or take the median of runs.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
LIGHTHOUSE_PAGES = ["home", "new match", "deal marias", "standings", "tv", "season table"]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]


def serve(players: int, season_players: int, folder: str) -> tuple[str, dict[str, str]]:
    """Start the filled app on a free port in a thread: (base URL, page addresses)."""
    from waitress.server import create_server

    from scorekeeper import create_app
    from tests.browser import site

    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
            "INSTANCE_PATH": folder,
            "SECRET_KEY": "bench-screens",
        }
    )
    built = site.build(app, players=players, season_players=season_players)
    logging.getLogger("waitress").setLevel(logging.ERROR)  # no "task queue depth" lines
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    return f"http://127.0.0.1:{server.effective_port}", built.pages()


def weigh(base: str, pages: dict[str, str]) -> dict[str, tuple[int, int, bool]]:
    """{page: (bytes received, requests, a font was loaded)} with an empty cache, logged in."""
    from playwright.sync_api import sync_playwright

    from tests.browser import site

    found = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox"], headless=True
        )
        login = browser.new_context()
        site.log_in(login.new_page(), base)
        cookies = login.cookies()
        for name, path in pages.items():
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, has_touch=True, service_workers="block"
            )
            context.add_cookies(cookies)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            got: dict[str, int] = {}
            fonts: list[str] = []
            cdp.on(
                "Network.loadingFinished",
                lambda e, got=got: got.__setitem__(e["requestId"], int(e["encodedDataLength"])),
            )
            cdp.on(
                "Network.responseReceived",
                lambda e, fonts=fonts: (
                    fonts.append(e["response"]["url"]) if e["type"] == "Font" else None
                ),
            )
            page.goto(base + path, wait_until="networkidle")
            found[name] = (sum(got.values()), len(got), bool(fonts))
            context.close()
        browser.close()
    return found


def lighthouse(cli: str, url: str) -> dict[str, float]:
    """One Lighthouse run (mobile preset): {category: score 0–100, and a few metrics}."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(
            [
                cli,
                url,
                "--quiet",
                "--chrome-flags=--headless=new --no-sandbox",
                f"--only-categories={','.join(CATEGORIES)}",
                "--output=json",
                f"--output-path={out.name}",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        report = json.loads(Path(out.name).read_text())
    scores = {k: round(v["score"] * 100) for k, v in report["categories"].items()}
    audits = report["audits"]
    scores["TBT ms"] = audits["total-blocking-time"]["numericValue"]
    scores["CLS"] = audits["cumulative-layout-shift"]["numericValue"]
    scores["KB"] = audits["total-byte-weight"]["numericValue"] / 1024
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lighthouse", default=os.environ.get("LIGHTHOUSE"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--season-players", type=int, default=120)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base, pages = serve(args.players, args.season_players, folder)
        print(f"{len(pages)} pages, 390×844, empty cache (bytes received, compressed)")
        for name, (size, requests, font) in weigh(base, pages).items():
            mark = "  font!" if font else ""
            print(f"  {name:20} {size / 1024:7.1f} KB {requests:3} requests{mark}")
        if not args.lighthouse:
            print("Lighthouse: not run (pass --lighthouse PATH to its CLI, or set LIGHTHOUSE)")
            return
        print(f"Lighthouse mobile, median of {args.runs} runs")
        print(f"  {'page':14} {'perf':>4} {'a11y':>4} {'best':>4} {'seo':>4} "
              f"{'TBT ms':>7} {'CLS':>6} {'KB':>6}")  # fmt: skip
        for name in LIGHTHOUSE_PAGES:
            runs = [lighthouse(args.lighthouse, base + pages[name]) for _ in range(args.runs)]
            median = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            print(
                f"  {name:14} {median['performance']:>4.0f} {median['accessibility']:>4.0f} "
                f"{median['best-practices']:>4.0f} {median['seo']:>4.0f} {median['TBT ms']:>7.0f} "
                f"{median['CLS']:>6.3f} {median['KB']:>6.1f}"
            )


if __name__ == "__main__":
    main()
