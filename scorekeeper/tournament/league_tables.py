"""A league's own tables, loaded as CSV (RULES.md §6b, §4a): the BP key and the PB table. Pure.

API::

    parse_bp_key(text) -> BPKey            parse_pb_table(text) -> tuple[PBLine, ...]
    BPKey.points(field, place) -> int | None      placing_points(place, top=50) -> int
    TableProblems(problems)   # raised with every bad line: Problem(line, code, params)

**BP key** (*body za pořadí*): one line per range of field sizes, ``players from, players to,
points for place 1, place 2, …``. A line names points for at least as many places as its
``players to`` (every player who plays scores), whole numbers ≥ 0 that never rise from one place
to the next; ranges neither overlap nor run backwards. A field size no line covers has no key
(``BPKey.points`` answers None; the caller falls back to §6a's placing points with top 50).

**PB table** (*prémiové body*): ``rule, condition, points`` per line (the association revises
its table; the app stores what the league loads), points a whole number ≥ 0; a rule and
condition named twice is refused.

Either text may start with a heading line (its number cells are words) and may hold empty lines
and ``#`` comments; cells are split on ``;`` where a line holds one (Czech, Polish, German and
Italian spreadsheets write that), else on tabs, else on commas, with CSV quoting. A problem is
a ``Problem``: the line number (1 = the text's first line), a code and its parameters, for the
caller to say in the reader's language.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_CHARS = 100_000
MAX_LINES = 500
MAX_POINTS = 1_000_000
MAX_CELL = 200  # a PB rule's or condition's characters
TOP = 50  # RULES.md §6b: without a key, §6a's placing points with top 50


@dataclass(frozen=True)
class Problem:
    """Why one line (``line`` 0: the whole text) was refused: a code and its parameters."""

    line: int
    code: str
    params: dict[str, Any] = field(default_factory=dict)


class TableProblems(ValueError):
    """Every problem found in a loaded table (nothing of it is taken)."""

    def __init__(self, problems: Sequence[Problem]):
        super().__init__("; ".join(f"line {p.line}: {p.code}" for p in problems))
        self.problems = list(problems)


@dataclass(frozen=True)
class KeyLine:
    """Field sizes ``players_from``..``players_to`` and the points for places 1, 2, …"""

    players_from: int
    players_to: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class BPKey:
    """The league's key from field size to placing points (RULES.md §6b)."""

    lines: tuple[KeyLine, ...]

    def line_for(self, field_size: int) -> KeyLine | None:
        return next((k for k in self.lines if k.players_from <= field_size <= k.players_to), None)

    def points(self, field_size: int, place: int) -> int | None:
        """BP for ``place`` (1 = the winner) in a field of ``field_size``; None: no line."""
        line = self.line_for(field_size)
        if line is None:
            return None
        return line.points[place - 1] if 0 < place <= len(line.points) else 0

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {"players_from": k.players_from, "players_to": k.players_to, "points": list(k.points)}
            for k in self.lines
        ]

    @classmethod
    def from_json(cls, data: Any) -> BPKey | None:
        """A stored key (``to_json``'s lines), None for none."""
        if not data:
            return None
        return cls(
            tuple(
                KeyLine(int(k["players_from"]), int(k["players_to"]), tuple(k["points"]))
                for k in data
            )
        )


@dataclass(frozen=True)
class PBLine:
    """One line of a league's premium-point table."""

    rule: str
    condition: str
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "condition": self.condition, "points": self.points}


def placing_points(place: int, top: int = TOP) -> int:
    """RULES.md §6a: ``top`` for the winner, one fewer a place, at least 1."""
    return max(top - place + 1, 1)


def _rows(text: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every line that holds something (comments left out)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        yield number, _cells(line)


def _cells(line: str) -> list[str]:
    """A line's cells, stripped, without a spreadsheet's trailing empty cells."""
    reader = csv.reader([line], delimiter=_delimiter(line), skipinitialspace=True)
    cells = [c.strip() for c in next(reader, [])]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _delimiter(line: str) -> str:
    """``;`` where the line holds one, else a tab where it holds one, else a comma."""
    if ";" in line:
        return ";"
    return "\t" if "\t" in line else ","


def _whole(text: str) -> int | None:
    """A whole number written as a spreadsheet may write it ("12", "−3", "7,0"), else None."""
    cleaned = text.replace("\u2212", "-").replace("\u00a0", "").replace(" ", "")
    for tail in (",0", ".0", ",00", ".00"):
        if cleaned.endswith(tail):
            cleaned = cleaned[: -len(tail)]
    try:
        return int(cleaned)
    except ValueError:
        return None


def _checked_text(text: Any) -> str:
    if not isinstance(text, str):
        raise TableProblems([Problem(0, "not_text")])
    if len(text) > MAX_CHARS:
        raise TableProblems([Problem(0, "too_long", {"n": MAX_CHARS})])
    return text


def _body(text: Any, heading_cell: int) -> list[tuple[int, list[str]]]:
    """The lines that hold data: a first line whose ``heading_cell`` is a word is a heading."""
    rows = list(_rows(_checked_text(text)))
    if _has_heading(rows, heading_cell):
        rows = rows[1:]
    if len(rows) > MAX_LINES:
        raise TableProblems([Problem(0, "too_many_lines", {"n": MAX_LINES})])
    return rows


def _has_heading(rows: list[tuple[int, list[str]]], heading_cell: int) -> bool:
    """Whether the first line's ``heading_cell`` is a word, not a number."""
    return (
        bool(rows) and len(rows[0][1]) > heading_cell and _whole(rows[0][1][heading_cell]) is None
    )


def _points(number: int, cells: Sequence[str], problems: list[Problem]) -> list[int] | None:
    """Whole numbers from 0 to MAX_POINTS, each cell named where it is not."""
    out = []
    for cell in cells:
        value = _whole(cell)
        if value is None:
            problems.append(Problem(number, "not_whole", {"cell": cell[:20]}))
            return None
        if not 0 <= value <= MAX_POINTS:
            problems.append(Problem(number, "points_range", {"cell": cell[:20]}))
            return None
        out.append(value)
    return out


def _key_line(number: int, cells: list[str], problems: list[Problem]) -> KeyLine | None:
    if len(cells) < 3:
        problems.append(Problem(number, "key_columns"))
        return None
    bounds = _key_bounds(number, cells, problems)
    if bounds is None:
        return None
    points = _points(number, cells[2:], problems)
    if points is None or not _key_points_fit(number, points, bounds[1], problems):
        return None
    return KeyLine(*bounds, tuple(points))


def _key_bounds(number: int, cells: list[str], problems: list[Problem]) -> tuple[int, int] | None:
    """A key line's range of field sizes (its first two cells), if sane."""
    low, high = _whole(cells[0]), _whole(cells[1])
    if low is None or high is None:
        bad = cells[0] if low is None else cells[1]
        problems.append(Problem(number, "not_whole", {"cell": bad[:20]}))
        return None
    if not 1 <= low <= high <= MAX_LINES * 10:
        problems.append(Problem(number, "key_range", {"a": low, "b": high}))
        return None
    return low, high


def _key_points_fit(number: int, points: list[int], high: int, problems: list[Problem]) -> bool:
    """Whether a key line names points for every place up to ``high``, never rising."""
    if len(points) < high:
        problems.append(Problem(number, "key_places", {"need": high, "got": len(points)}))
        return False
    rising = next((i for i in range(1, len(points)) if points[i] > points[i - 1]), None)
    if rising is not None:
        problems.append(Problem(number, "key_rising", {"place": rising + 1, "above": rising}))
        return False
    return True


def parse_bp_key(text: Any) -> BPKey | None:
    """The BP key in ``text`` (None: no lines, the key is cleared); TableProblems lists every
    bad line."""
    problems: list[Problem] = []
    found = _key_lines(text, problems)
    if problems:
        raise TableProblems(problems)
    if not found:
        return None
    return BPKey(tuple(sorted((k for _n, k in found), key=lambda k: k.players_from)))


def _key_lines(text: Any, problems: list[Problem]) -> list[tuple[int, KeyLine]]:
    """The good key lines (with their line numbers); every bad one goes to ``problems``."""
    found: list[tuple[int, KeyLine]] = []
    for number, cells in _body(text, 0):
        line = _key_line(number, cells, problems)
        if line is None:
            continue
        clash = _overlap(found, line)
        if clash is not None:
            problems.append(Problem(number, "key_overlap", {"other": clash}))
            continue
        found.append((number, line))
    return found


def _overlap(found: list[tuple[int, KeyLine]], line: KeyLine) -> int | None:
    """The number of a line in ``found`` whose range of field sizes meets ``line``'s."""
    return next(
        (n for n, k in found
         if k.players_from <= line.players_to and line.players_from <= k.players_to),
        None,
    )  # fmt: skip


def parse_pb_table(text: Any) -> tuple[PBLine, ...]:
    """The PB table in ``text`` (empty: cleared); TableProblems lists every bad line."""
    problems: list[Problem] = []
    found: dict[tuple[str, str], int] = {}
    lines: list[PBLine] = []
    for number, cells in _body(text, 2):
        line = _pb_line(number, cells, problems)
        if line is None:
            continue
        same = (line.rule.casefold(), line.condition.casefold())
        if same in found:
            problems.append(Problem(number, "pb_twice", {"other": found[same]}))
            continue
        found[same] = number
        lines.append(line)
    if problems:
        raise TableProblems(problems)
    return tuple(lines)


def _pb_line(number: int, cells: list[str], problems: list[Problem]) -> PBLine | None:
    """One PB line, if good; else its problem goes to ``problems``."""
    wrong = _pb_cells_wrong(cells)
    if wrong is not None:
        problems.append(Problem(number, *wrong))
        return None
    points = _points(number, cells[2:], problems)
    if points is None:
        return None
    return PBLine(cells[0], cells[1], points[0])


def _pb_cells_wrong(cells: list[str]) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with a PB line's columns, rule and condition: (code, params), or None."""
    if len(cells) != 3 or not cells[0]:
        return "pb_columns", {}
    if max(len(cells[0]), len(cells[1])) > MAX_CELL:
        return "cell_long", {"n": MAX_CELL}
    if not (cells[0] + cells[1]).isprintable():
        return "control", {}
    return None
