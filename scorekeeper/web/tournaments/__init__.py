"""The ``tournaments`` blueprint (``/tournaments``): the organiser's pages and the public ones.

``bp`` lives here; the views hang their routes on it from the modules beside it: ``pages``
(list, create, manage, the table and TV pages), ``players`` (roster changes), ``rounds`` (draw,
results, closing a round), ``seasons`` (season pages), ``public`` (what players and spectators
see). ``forms`` holds the WTForms classes. ``exports`` is a blueprint of its own (``exports``:
CSV, JSON, XLSX and the printable bundle). ``scorekeeper.web.register`` imports the view modules.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("tournaments", __name__, url_prefix="/tournaments")
