"""Scorekeeper: score keeping and pub tournaments for the Mariage family of card games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app; ``config`` overrides everything else (tests pass DATABASE_URL here)."""
    from . import config as config_module
    from . import db, i18n
    from .web import register

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=(config or {}).get("INSTANCE_PATH") or str(ROOT / "instance"),
    )
    app.config.update(config_module.load(app.instance_path, config))
    db.init_app(app)
    register(app)
    i18n.init_app(app)
    return app
