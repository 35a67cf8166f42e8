"""The club's ratings table (HTML): the organiser's roster by rating (RULES.md §6a, openskill's
conservative ordinal), with μ, σ and the tables counted; printable as a list and as a wall list
in large type (``web/printing``). Routes hang on the ``tournaments`` blueprint; login needed.
"""

from __future__ import annotations

from flask import render_template

from ...db import get_session
from ...services import club_ratings
from ...standings_table import rank_labels
from ..auth import current_organiser, login_required
from . import bp


@bp.get("/ratings")
@login_required
def ratings_page():
    """Everyone on the roster, strongest first; players with no confirmed table at the end."""
    owner = {"organiser_id": current_organiser().id}
    table = club_ratings.ratings_table(get_session(), owner)
    for row, label in zip(
        table["rows"], rank_labels([r["rank"] for r in table["rows"]]), strict=True
    ):
        row["label"] = label
    return render_template("tournaments/ratings.html", table=table)
