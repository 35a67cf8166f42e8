"""Functions stay plain (docs/architecture.md "Modules stay small and functions plain"), measured
as ``radon cc -a scorekeeper`` measures them: the average cyclomatic complexity of every block
(function, method, class) at most 3.0, and no block worse than radon's grade B (10)."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parents[1]
AVERAGE = 3.0
WORST = 10  # radon grade B; C starts at 11


def _blocks() -> list[tuple[str, str, int]]:
    """(module, block, complexity) of every block radon lists for the app."""
    blocks = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        for block in cc_visit(path.read_text(encoding="utf-8")):
            blocks.append((name, block.fullname, block.complexity))
    return blocks


def test_the_average_complexity_is_at_most_three() -> None:
    blocks = _blocks()
    average = sum(c for *_, c in blocks) / len(blocks)
    worst = sorted(blocks, key=lambda b: -b[2])[:10]
    assert average <= AVERAGE, f"radon average {average:.2f} > {AVERAGE}; worst: {worst}"


def test_no_function_is_worse_than_grade_b() -> None:
    assert [b for b in _blocks() if b[2] > WORST] == []


def test_the_measure_can_fail() -> None:
    """A tangled function is seen: nested branches and boolean operators count as radon counts."""
    code = "def f(a, b):\n" + "".join(
        f"    if a == {i} and b:\n        return {i}\n" for i in range(6)
    )
    assert [block.complexity for block in cc_visit(code)] == [13]
