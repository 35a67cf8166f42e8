"""A reproducible install: constraints.txt pins every dependency (and every extra for the tests)
at one version inside pyproject.toml's range, and the README's two commands and CI install with
it; the suite keeps no Hypothesis example database."""

from __future__ import annotations

import tomllib

from hypothesis import settings
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from scorekeeper import ROOT


def _pins() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _sep, version = line.partition("==")
            assert version, f"not an exact pin: {line}"
            pins[canonicalize_name(name)] = Version(version)
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    found = [Requirement(r) for r in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        found += [Requirement(r) for r in extra]
    return found


def test_every_dependency_is_pinned_inside_its_range():
    pins = _pins()
    for requirement in _requirements():
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in constraints.txt (run bash .ci/lock)"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"{name}=={pins[name]} is outside {requirement.specifier}"
        )
        assert not requirement.specifier.contains(Version("9999")), f"{name}: no upper bound"


def test_the_readme_and_ci_install_with_the_constraints():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "pip install -c constraints.txt -e . &&" in readme
    assert "pip install -c constraints.txt -e '.[test]' && .venv/bin/pytest -n auto" in readme
    assert "bash .ci/lock" in readme
    assert "-c constraints.txt -e '.[test]'" in (ROOT / ".ci" / "run").read_text("utf-8")
    assert "constraints.txt" in (ROOT / ".ci" / "check-wheel").read_text("utf-8")


def test_the_suite_keeps_no_hypothesis_database_and_no_deadline():
    assert settings().database is None and settings().deadline is None
