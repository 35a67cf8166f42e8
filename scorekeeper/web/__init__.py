"""Blueprints: thin views (form or JSON -> service -> redirect or JSON). ``register`` wires them,
with the security checks and headers (``security``) and the static files (``assets``).

``match_rules`` adds its routes to the ``matches`` blueprint, so it is imported before that is
registered.
"""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Attach the extensions and every blueprint to ``app``."""
    from ..extensions import babel, csrf
    from . import (  # noqa: F401  (match_rules: routes on matches.bp)
        api,
        api_seasons,
        api_tournaments,
        assets,
        auth,
        match_rules,
        matches,
        printing,
        security,
        tournament_exports,
        tournaments,
    )

    security.init_app(app)
    assets.init_app(app)
    csrf.init_app(app)
    babel.init_app(app)
    app.register_blueprint(matches.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(api_tournaments.bp)
    app.register_blueprint(api_seasons.bp)
    app.register_blueprint(tournament_exports.bp)
    csrf.exempt(api.bp)  # the JSON API authenticates with bearer tokens, not cookies
    csrf.exempt(api_tournaments.bp)
    csrf.exempt(api_seasons.bp)
