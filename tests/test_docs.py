"""The product's own documents: README and code point at docs/, never at a ../shared folder a
user's clone does not have."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_nothing_points_outside_the_project():
    files = [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("scorekeeper/**/*.py")]
    files += [*ROOT.glob("templates/**/*.html"), *ROOT.glob("scorekeeper/**/*.html")]
    offenders = [str(f.relative_to(ROOT)) for f in files if "../shared" in f.read_text("utf-8")]
    assert offenders == []


def test_docs_cover_every_game_and_the_api_contract():
    rules = (ROOT / "docs" / "rules.md").read_text("utf-8")
    for heading in (
        "## 1. Polish Mariasz",
        "## 2. German Mariage",
        "## 3. Italian Marianna",
        "## 4. Czech Mariáš",
        "## 5. What the app refuses",
        "## 6. Tournaments",
    ):
        assert heading in rules
    api = (ROOT / "docs" / "api.md").read_text("utf-8")
    for endpoint in (
        "POST /api/v1/matches",
        "/finish",
        "If-Match",
        "Prefer: return=minimal",
        "standings.csv",
        "/api/v1/seasons",
        "Accept-Language",
    ):
        assert endpoint in api
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "docs/rules.md" in readme and "docs/api.md" in readme


def test_the_api_lists_every_refusal_code_of_the_app():
    """docs/api.md "Refusals of the app" names each code of services/messages.py with its
    English text (the made-up match titles are no refusal: not listed)."""
    from scorekeeper.services.messages import MESSAGES

    api = (ROOT / "docs" / "api.md").read_text("utf-8")
    listed = set(re.findall(r"^- `([a-z_]+\.[a-z_0-9]+)`: ", api, re.MULTILINE))
    assert listed == set(MESSAGES) - {"match.table_title", "match.default_title"}
