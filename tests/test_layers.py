"""The layers of docs/architecture.md, checked by import-linter's contracts in pyproject.toml.

Pure games and tournament maths, services below the pages, pages reaching the models only
through services, blueprints that do not import each other, and no import circles.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter import cli as importlinter_cli

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert importlinter_cli.lint_imports(config_filename=str(ROOT / "pyproject.toml")) == 0


def test_a_broken_contract_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a contract the code breaks (services may not import the models)."""
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "scorekeeper"\n\n'
        "[[tool.importlinter.contracts]]\n"
        'name = "broken on purpose"\ntype = "forbidden"\n'
        'source_modules = ["scorekeeper.services"]\nforbidden_modules = ["scorekeeper.models"]\n'
    )
    monkeypatch.chdir(ROOT)
    assert importlinter_cli.lint_imports(config_filename=str(config)) != 0


MODULE_LINES = 400  # docs/architecture.md: small modules, each with one concern


def test_no_module_of_the_app_is_longer_than_400_lines() -> None:
    """A module past 400 lines holds more than one concern: split it (migrations excepted)."""
    long = {
        str(path.relative_to(ROOT)): n
        for path in (ROOT / "scorekeeper").rglob("*.py")
        if "migrations" not in path.parts
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert long == {}


def test_no_rule_lives_in_the_css_or_the_scripts():
    # A rule of a game (which contract names no trump, what sto proti replaces, which seven shows a
    # part, which declaration names no suit) is written by the game's form as data-gives words;
    # the style sheets and scripts know only the generic data-when / data-unless mechanism
    # (static/js/deal.js) and never a choice's value.
    words = ("betl", "durch", "sto_proti", "sedma", "mariannone", "mariannino")
    css = ("name=trump", "name=game", "name=seven")
    files = sorted(ROOT.joinpath("static", "css").glob("*.css"))
    files += sorted(ROOT.joinpath("static", "js").glob("*.js"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        found = [w for w in (*words, *css) if w in text]
        assert not found, f"{path.name} knows a rule: {found}"
