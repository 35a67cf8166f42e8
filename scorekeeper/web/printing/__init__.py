"""The ``printing`` blueprint: the routes of every printable (HTML with print CSS, or PDF).

``bp`` lives here and its views in ``pages`` and ``desk`` (the organiser's other sheets); what
they print is made by the ``scorekeeper.printing`` package (contexts, chart, PDF renderer,
response).
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("printing", __name__)

# the views hang their routes on ``bp``: importing the package brings them all (an app that
# registers only this blueprint, as the printing tests do, gets every printable)
from . import desk, pages  # noqa: E402, F401
