"""Configuration: defaults, the instance folder, the environment, then the caller's overrides.

Environment: ``DATABASE_URL`` and any ``SCOREKEEPER_<NAME>`` (e.g. ``SCOREKEEPER_SECRET_KEY``).
The secret key is never in the repo: it comes from the environment or is generated once into
``instance/secret_key`` (mode 0600).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {
    "WTF_CSRF_ENABLED": True,
    "WTF_CSRF_TIME_LIMIT": None,  # a deal form may stay open all evening at the table
    "BABEL_DEFAULT_LOCALE": "en",
    "SCOREKEEPER_AUTO_MIGRATE": True,
    "SCOREKEEPER_PAPER": "A4",
    "MAX_CONTENT_LENGTH": 1_000_000,
}


def _secret_key(instance: Path) -> str:
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    path.write_text(key)
    path.chmod(0o600)
    return key


def load(instance_path: str, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The effective configuration for an app whose instance folder is ``instance_path``."""
    instance = Path(instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    config = dict(DEFAULTS)
    config["DATABASE_URL"] = f"sqlite:///{instance / 'scorekeeper.sqlite3'}"
    for name, value in os.environ.items():
        if name.startswith("SCOREKEEPER_"):
            config[name.removeprefix("SCOREKEEPER_")] = value
    if os.environ.get("DATABASE_URL"):
        config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    config.update(overrides or {})
    if not config.get("SECRET_KEY"):
        config["SECRET_KEY"] = _secret_key(instance)
    return config
