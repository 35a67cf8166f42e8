"""No layer outside the games' package branches on a game's name (docs/architecture.md).

What a page, a service or a sheet needs to know about a game is an attribute or a method of the
game object in the registry (``scorekeeper.rules.base.GameRules``), its words included
(``GameWords``: summary, presets' names, suits, tiles, how a match ends); a line like
``if game == "marias":`` outside ``scorekeeper/rules/`` fails this test, and so does a table keyed
by a game's name there (``{"marias": …}``, ``("marias", "pub"): …``, a row ``("marias", …)``).
"""

from __future__ import annotations

import re
from collections.abc import Collection
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
#: A table keyed by a game's name: a dict key "marias": …, or a tuple (not a call) starting
#: ("marias", …).
TABLE = re.compile(rf"""(["']({GAME_NAMES})["']\s*:|(?<![\w.])\(\s*["']({GAME_NAMES})["']\s*,)""")
GAMES_PACKAGE = "scorekeeper/rules/"
ALLOWED: set[str] = set()  # no exceptions: keep it empty
#: Tables keyed by something else that is spelled like a game: path -> why.
OTHER_KEYS = {
    # a game's ``form.package`` names its form and template (marias, marianna, twohand, licitovany)
    "scorekeeper/web/forms/__init__.py": "keyed by GameRules.form.package",
    # a game's ``standings_kind`` names how its tournaments rank (RULES.md §6)
    "scorekeeper/tournament/standings.py": "keyed by GameRules.tournament.standings_kind",
}


def _matches(pattern: re.Pattern[str], skip: Collection[str] = ()) -> list[str]:
    """'path:line: text' of every line outside the games' package (and ``skip``) that matches."""
    found = []
    for folder, glob in SCANNED:
        for path in sorted((ROOT / folder).rglob(glob)):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(GAMES_PACKAGE) or "/vendor/" in name or name in skip:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    return found


def branches() -> list[str]:
    """Every game-name branch outside the games' package."""
    return _matches(BRANCH)


def tables() -> list[str]:
    """Every table keyed by a game's name outside the games' package."""
    return _matches(TABLE, OTHER_KEYS)


def test_no_table_is_keyed_by_a_game_outside_the_games():
    found = tables()
    assert not found, (
        "Give the game an attribute (rules/base.py GameRules, GameWords) instead of a table "
        "keyed by its name:\n" + "\n".join(found)
    )


def test_the_table_pattern_finds_what_it_is_for():
    for line in (
        '    "marias": _l("Czech Mariáš"),',
        "    ('marias', 'pub'): _l(\"Pub tariff\"),",
        '    ("mariasz", None, _l("Mariasz"), _l("Polish, 2 players")),',
        "GERMAN = {'mariage': {...}}",
    ):
        assert TABLE.search(line), line
    for line in ('get_game("marias", "licitovany")', 'title = N_("Czech Mariáš")', '"pub": 1'):
        assert not TABLE.search(line), line


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
