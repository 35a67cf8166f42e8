"""How large the TV's list of the round's tables can be and still fit beside the standings.

The TV (``tv.html``, 16:9, read from 5 m) shows the running round's tables in a column beside
the standings. Names wrap, so whether the list fits depends on them: the type size is worked out
from the vendored DejaVu Sans widths (``printing.paging``, the font the TV falls back to and
wider than most system fonts, so the estimate errs on the safe side) at 1920×1080, where 1vh is
10.8 px. The largest size that fits is chosen: the standings' own 4.2vh (capitals 33 px high)
when the tables are few or short, else 3.2vh, else 2.6vh; a list that fits at none of them is
not shown (the seating sheet and each table's page have it).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...printing.paging import PT_MM, lines

VH = 10.8  # px at 1080 p
#: (class of the list, type size in vh), largest first
SIZES = (("few", 4.2), ("", 3.2), ("many", 2.6))
#: The list's column: 2 of 5 parts of the width inside 3vw margins and a 3vw gap, less the table
#: number's 3vw and a 1vw gap, and (less ``TICK_EM`` of the type) a confirmed table's tick with
#: its 1vw gap; in px at 1920 wide.
COLUMN_PX = (1920 - 2 * 57.6 - 57.6) * 2 / 5 - 57.6 - 19.2 - 19.2
TICK_EM = 0.8
ROOM_PX = 78 * VH  # below the header and the list's heading, above the footer
LINE_HEIGHT = 1.2  # .seating li line-height; each row adds .24em of padding and a 1-px rule


def seating_size(tables: Sequence[Sequence[str]]) -> str | None:
    """The list's class ("few", "" or "many") for these tables' players, or None when the list
    would not fit at any size."""
    for name, size in SIZES:
        font = size * VH
        width = (COLUMN_PX - TICK_EM * font) * PT_MM  # ``lines`` counts in mm at ``pt``: px as pt
        height = sum(
            lines(", ".join(players), width, font) * font * LINE_HEIGHT + 0.24 * font + 1
            for players in tables
        )
        if height <= ROOM_PX:
            return name
    return None
