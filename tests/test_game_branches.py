"""No layer outside the games' package branches on a game's name (docs/architecture.md).

What a page, a service or a sheet needs to know about a game is an attribute or a method of the
game object in the registry (``scorekeeper.rules.base.GameRules``); a line like
``if game == "marias":`` outside ``scorekeeper/rules/`` fails this test.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_NAMES = "marias|mariasz|mariage|marianna"
#: A comparison with (or membership in a literal of) a game's name: == "marias", != 'mariage',
#: in ("mariasz", "mariage"), === "marianna" in JavaScript.
BRANCH = re.compile(rf"""(==|!=|in)\s*[\(\["']+({GAME_NAMES})["']""")
SCANNED = (
    ("scorekeeper", "*.py"),
    ("scorekeeper", "*.html"),
    ("scorekeeper", "*.js"),
    ("templates", "*.html"),
    ("static/js", "*.js"),
)
GAMES_PACKAGE = "scorekeeper/rules/"
ALLOWED: set[str] = set()  # no exceptions: keep it empty


def branches() -> list[str]:
    """'path:line: text' of every game-name branch outside the games' package."""
    found = []
    for folder, pattern in SCANNED:
        for path in sorted((ROOT / folder).rglob(pattern)):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(GAMES_PACKAGE) or "/vendor/" in name:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if BRANCH.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_no_game_name_branches_outside_the_games():
    outside = [b for b in branches() if b.split(":", 1)[0] not in ALLOWED]
    assert not outside, (
        "Ask the game object (rules/base.py GameRules) instead of branching on its name:\n"
        + "\n".join(outside)
    )


def test_the_pattern_finds_what_it_is_for():
    for line in (
        'if game == "marias":',
        "{% if game == 'mariasz' %}",
        'x = 1 if match.game != "mariage" else 2',
        'if game in ("mariasz", "mariage"):',
        'k === "marianna" ? "" : k',
    ):
        assert BRANCH.search(line), line
    for line in ('GAME_NAMES = ("mariasz",)', 'get_game("marias")', "kind = PLAIN"):
        assert not BRANCH.search(line), line
