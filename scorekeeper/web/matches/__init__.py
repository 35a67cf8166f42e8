"""The ``matches`` blueprint: casual matches on the phone (HTML pages).

``bp`` lives here; the views hang their routes on it from the modules beside it:
``pages`` (start a match, the match page, enter a deal), ``save`` (the background save and the
service worker), ``fix`` (edit, delete, undo, rematch, history), ``rules`` (the rules page and
finishing a match). ``view`` builds what the templates show; ``conflict`` explains a deal someone
else changed meanwhile. ``scorekeeper.web.register`` imports the view modules.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("matches", __name__)
