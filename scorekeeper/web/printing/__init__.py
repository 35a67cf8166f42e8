"""The ``printing`` blueprint: the routes of every printable (HTML with print CSS, or PDF).

``bp`` lives here and its views in ``pages``; what they print is made by the
``scorekeeper.printing`` package (contexts, chart, PDF renderer, response).
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("printing", __name__)
