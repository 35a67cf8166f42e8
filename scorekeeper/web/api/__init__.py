"""The JSON API (``docs/api.md``): three blueprints under ``/api/v1``.

``matches`` (blueprint ``api``: matches and deals), ``tournaments`` (``api_tournaments``) and
``seasons`` (``api_seasons``). They authenticate with bearer tokens, so
``scorekeeper.web.register`` exempts them from the CSRF check.
"""
