"""Rules are pure: nothing under scorekeeper/rules imports web, database or PDF code (DESIGN §3)."""

import ast
import pathlib

FORBIDDEN = {"flask", "flask_wtf", "flask_babel", "sqlmodel", "sqlalchemy", "wtforms", "weasyprint"}
PKG = pathlib.Path(__file__).resolve().parents[2] / "scorekeeper"


def test_rules_import_nothing_impure():
    offenders = []
    for path in [*(PKG / "rules").rglob("*.py"), *(PKG / "tournament").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
