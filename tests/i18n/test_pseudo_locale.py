"""Every page a player or organiser reaches shows only text marked for translation.

The app runs with the pseudo-locale of ``pseudo.py`` (each message bracketed) as its Italian
catalogue; a crawler follows the links of the match and tournament pages and every word left
outside brackets is reported with its page. Not counted: what the test typed (names, titles),
the languages' own names in the switcher, and the English prose of the scoring rules (deal
explanations, rule refusals) that comes from ``scorekeeper/rules`` as structured messages: their
words are taken from the API's ``explanation`` lists.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from babel.dates import get_month_names

from scorekeeper import create_app
from scorekeeper.i18n import LANGUAGES
from tests.i18n.pseudo import unmarked, write_pseudo
from tests.web.test_match_pages import HRA_WON, PLAYERS, start

TYPED = {name for names in PLAYERS.values() for name in names} | {
    "Posvícení", "Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Franta", "anna", "CZK",
    # the games' names (the rules' titles, the same in every language)
    "Mariáš", "ČSM", "Křížový", "mariáš", "Mariasz", "Mariage", "Marianna", "Cinquecento",
    "Briscola", "Letter",  # the paper size, as printers name it
}  # fmt: skip
LINK = re.compile(r'href="(/[^"#]*)"')
SKIP = (".pdf", "/language/", "/auth/logout", "/static/")


@pytest.fixture
def pseudo_app(tmp_path):
    write_pseudo(tmp_path / "pseudo", "it")
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'pseudo.sqlite3'}",
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "BABEL_TRANSLATION_DIRECTORIES": str(tmp_path / "pseudo"),
        }
    )
    # Flask-Babel caches catalogues per language for the whole process: start and end clean
    cache = app.extensions["babel"].instance.domain_instance.cache
    cache.clear()
    yield app
    cache.clear()
    app.extensions["db_engine"].dispose()


def _rules_words(client, edit_urls) -> set[str]:
    words: set[str] = set()
    for url in edit_urls:
        state = client.get(f"/api/v1/matches/{url.split('/')[2]}").get_json()
        for deal in state["deals"]:
            for line in deal.get("explanation") or []:
                words |= set(re.findall(r"[^\W\d_]{2,}", line))
    return words


def _crawl(client, seeds, limit=90) -> dict[str, set[str]]:
    """Pages reached from ``seeds`` by following links (one page per path shape)."""
    seen, shapes, todo, found = set(), set(), list(seeds), {}
    # the languages' own names in the switcher; month names come from Babel's locale data
    months = {
        m for style in ("abbreviated", "wide") for m in get_month_names(style, locale="it").values()
    }
    allowed = TYPED | set(LANGUAGES.values()) | months
    while todo and len(seen) < limit:
        url = todo.pop(0)
        shape = re.sub(r"/[A-Za-z0-9_-]{12,}", "/*", re.sub(r"\d+", "0", urlsplit(url).path))
        if url in seen or any(s in url for s in SKIP) or (shape, urlsplit(url).query) in shapes:
            continue
        seen.add(url)
        shapes.add((shape, urlsplit(url).query))
        page = client.get(url)
        if page.status_code != 200 or "html" not in page.content_type:
            continue
        words = unmarked(page.get_data(as_text=True), allowed)
        if words:
            found[url] = words
        todo += [m.replace("&amp;", "&") for m in LINK.findall(page.get_data(as_text=True))]
    return found


def test_every_reachable_page_is_marked(pseudo_app):
    client = pseudo_app.test_client()
    client.set_cookie("lang", "it")
    edits = [start(client, "marias", "pub"), start(client, "mariasz"), start(client, "mariage")]
    edits.append(start(client, "marianna", "marianna"))
    client.post(edits[0], data=HRA_WON | {"idem": "1"})
    client.post(edits[1], data={"trump": "hearts", "points_0": "80", "points_1": "58"})
    client.post(edits[2], data={"trump": "hearts", "points_0": "70", "points_1": "50"})
    client.post(edits[3], data={"points_0": "70", "declarations": "0:hearts"})
    # an organiser with a tournament in its first round
    client.post("/auth/register", data={"username": "anna", "password": "secret123"})
    answer = client.post(
        "/tournaments/new",
        data={
            "name": "Posvícení", "game": "marias:pub", "rounds": 2, "timing": "minutes",
            "length": 60, "ranking": "balance", "draw_method": "random", "seed": 7,
            "players": "\n".join(["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"]),
            "stake": "0,20", "currency": "CZK",
        },
    )  # fmt: skip
    tid = answer.location.split("/")[2]
    client.post(f"/tournaments/{tid}/draw", data={"seed": "7"})
    client.post(f"/tournaments/{tid}/rounds/1/start")
    seeds = ["/", "/matches/new", *edits, f"/tournaments/{tid}/manage", "/tournaments/"]
    found = _crawl(client, seeds)
    rules = _rules_words(client, edits)
    left = {url: words - rules for url, words in found.items() if words - rules}
    assert not left, "\n".join(f"{url}: {sorted(words)}" for url, words in left.items())
