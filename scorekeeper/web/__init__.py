"""Blueprints: thin views (form or JSON -> service -> redirect or JSON). ``register`` wires them,
with the security checks and headers (``security``) and the static files (``assets``).

Each blueprint package keeps ``bp`` in its ``__init__.py``; the view modules hang their routes on
it, so ``register`` imports them before the blueprint is registered.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

from .. import rules as _rules

#: Where a game's own templates are found: ``games/<package>/deal.html`` is the deal form kept
#: in the game's package beside its rules and its form module (``rules/<package>/``).
GAME_TEMPLATES = Path(_rules.__file__).parent


def game_templates(app: Flask) -> None:
    """Let templates include a game's own template (``games/marias/deal.html``) besides the
    top-level ``templates/``."""
    app.jinja_loader = ChoiceLoader(  # type: ignore[method-assign]
        [app.jinja_loader, PrefixLoader({"games": FileSystemLoader(str(GAME_TEMPLATES))})]
    )


def register(app: Flask) -> None:
    """Attach the extensions and every blueprint to ``app``."""
    from ..extensions import babel, csrf
    from . import assets, auth, security, suits, trouble
    from .api import matches as api
    from .api import seasons as api_seasons
    from .api import tournament_desk as api_desk  # noqa: F401  (routes on api_tournaments.bp)
    from .api import tournament_league as api_league  # noqa: F401  (routes on api_tournaments.bp)
    from .api import tournaments as api_tournaments
    from .matches import bp as matches_bp
    from .matches import fix, pages, rules, save  # noqa: F401  (their routes hang on matches.bp)
    from .printing import bp as printing_bp
    from .printing import pages as printing_pages  # noqa: F401  (routes on printing.bp)
    from .tournaments import bp as tournaments_bp
    from .tournaments import (  # noqa: F401  (routes on bp)
        crosstable,
        desk,
        desk_settings,
        exports,
        players,
        public,
        rounds,
        seasons,
    )
    from .tournaments import pages as tournament_pages  # noqa: F401  (routes on tournaments.bp)
    from .tournaments import ratings as tournament_ratings  # noqa: F401  (routes on the bp)

    game_templates(app)
    security.init_app(app)
    trouble.register(app)  # server trouble: the app's own page, never a bare 500
    assets.init_app(app)
    suits.init_app(app)
    csrf.init_app(app)
    babel.init_app(app)
    app.register_blueprint(matches_bp)
    app.register_blueprint(tournaments_bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(printing_bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(api_tournaments.bp)
    app.register_blueprint(api_seasons.bp)
    app.register_blueprint(exports.bp)
    csrf.exempt(api.bp)  # the JSON API authenticates with bearer tokens, not cookies
    csrf.exempt(api_tournaments.bp)
    csrf.exempt(api_seasons.bp)
