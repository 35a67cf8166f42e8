"""Scorekeeper: score keeping and pub tournaments for the Mariage family of card games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from .paths import REPOSITORY as ROOT  # noqa: F401  (the clone's root, for scripts and tests)


class App(Flask):
    """Flask, remembering what ``ensure_sync`` answered for each hook and view (Flask asks
    ``inspect`` again on every call: several times per request, for the same few functions)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._sync: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:  # noqa: D102
        try:
            return self._sync[func]
        except KeyError:
            found = self._sync[func] = super().ensure_sync(func)
            return found
        except TypeError:  # an unhashable callable: ask every time, as Flask does
            return super().ensure_sync(func)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app; ``config`` overrides everything else (tests pass DATABASE_URL here).

    ``INSTANCE_PATH`` (or ``DATA_DIR``) in ``config`` names the data directory; otherwise
    ``scorekeeper.paths.data_dir`` picks it.
    """
    from . import config as config_module
    from . import db, i18n, paths
    from .services import tournaments
    from .web import register

    overrides = config or {}
    data = overrides.get("INSTANCE_PATH") or overrides.get("DATA_DIR")
    app = App(
        __name__,
        instance_relative_config=True,
        template_folder=str(paths.TEMPLATES),
        static_folder=str(paths.STATIC),
        instance_path=str(paths.data_dir(data)),
    )
    app.config.update(config_module.load(app.instance_path, config))
    db.init_app(app)
    tournaments.register_guards()  # the closed-round lock on the match services
    register(app)
    i18n.init_app(app)
    return app
