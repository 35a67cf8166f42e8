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
