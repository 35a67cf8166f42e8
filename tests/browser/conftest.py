"""Browser fixtures for the whole team: a real server in a thread and headless Chromium.

``live_server`` serves the real app (CSRF on) on a fresh SQLite database in tmp_path through
werkzeug's ``make_server`` on 127.0.0.1, port 0, and yields its base URL; ``whole_site`` serves
every page of the app filled by ``tests/browser/site.py``, once per session. ``browser`` is one
Chromium for the session (the Debian /usr/bin/chromium; never downloaded); ``page`` is a fresh
390×844 phone-sized page per test. Everything is skipped when Chromium or Playwright is missing.
Mark tests with ``@pytest.mark.browser``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from tests.conftest import fresh_database_url

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def live_app(tmp_path, tmp_path_factory):
    """The app behind ``live_server``: CSRF on, like production (browser tests run on SQLite)."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": (
                f"sqlite:///{tmp_path / 'live.sqlite3'}"
                if os.environ.get("TEST_DATABASE_URL")
                else fresh_database_url(tmp_path, tmp_path_factory, "live.sqlite3")
            ),
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SECRET_KEY": "live-test",
            "WTF_CSRF_ENABLED": True,
        }
    )
    yield app
    app.extensions["db_engine"].dispose()


@pytest.fixture
def live_server(live_app) -> Iterator[str]:
    """Base URL (``http://127.0.0.1:<port>``) of the app served in a background thread."""
    server = make_server("127.0.0.1", 0, live_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def whole_site(tmp_path_factory) -> Iterator[tuple[str, dict[str, str]]]:
    """Every page of the app with something on it (tests/browser/site.py), served once per test
    session (per xdist worker) for the whole-site checks: (base URL, {page name: path})."""
    from tests.browser import site

    folder = tmp_path_factory.mktemp("whole-site")
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{folder / 'site.sqlite3'}"
            if os.environ.get("TEST_DATABASE_URL")
            else fresh_database_url(folder, tmp_path_factory, "site.sqlite3"),
            "INSTANCE_PATH": str(folder / "instance"),
            "SECRET_KEY": "whole-site",
            "WTF_CSRF_ENABLED": True,
        }
    )
    built = site.build(app)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", built.pages()
    finally:
        server.shutdown()
        thread.join(timeout=5)
        app.extensions["db_engine"].dispose()


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the test session."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh 390×844 phone-sized page (its own cookies)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
