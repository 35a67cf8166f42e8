"""Rules are pure: nothing under scorekeeper/rules imports web, database or PDF code (DESIGN §3),
but a game's deal form (``rules/<game>/form.py``), the one module of its package that belongs to
the pages (docs/architecture.md "Adding a game"; pyproject's import contracts say the same)."""

import ast
import pathlib

FORBIDDEN = {"flask", "flask_wtf", "flask_babel", "sqlmodel", "sqlalchemy", "wtforms", "weasyprint"}
PKG = pathlib.Path(__file__).resolve().parents[2] / "scorekeeper"
#: What a game's deal form may import besides the rules: the translations and the form fields.
FORM_MAY = {"flask_babel", "wtforms"}


def _imports(path: pathlib.Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_rules_import_nothing_impure():
    offenders = []
    for path in [*(PKG / "rules").rglob("*.py"), *(PKG / "tournament").rglob("*.py")]:
        allowed = (
            FORM_MAY if path.name == "form.py" and path.parent.parent.name == "rules" else set()
        )
        offenders += [
            f"{path.relative_to(PKG)}: {n}"
            for n in _imports(path)
            if n.split(".")[0] in FORBIDDEN - allowed
        ]
    assert offenders == []


def test_every_game_package_holds_its_deal_form_and_template():
    forms = sorted(p.parent.name for p in (PKG / "rules").glob("*/form.py"))
    templates = sorted(p.parent.name for p in (PKG / "rules").glob("*/deal.html"))
    assert forms == templates == ["licitovany", "marianna", "marias", "twohand"]


def test_every_game_package_has_its_tests_beside_the_shared_ones():
    """docs/architecture.md "A new game": a game's rule tests live in ``tests/rules/<package>/``,
    named after the package, so what a game is and how it is checked are found in one place."""
    here = pathlib.Path(__file__).parent
    games = sorted(p.parent.name for p in (PKG / "rules").glob("*/__init__.py"))
    with_tests = sorted(p.name for p in here.iterdir() if p.is_dir() and any(p.glob("test_*.py")))
    assert games == with_tests
