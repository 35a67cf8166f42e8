"""Configuration: defaults, the data directory, the environment, then the caller's overrides.

Environment: ``DATABASE_URL`` and any ``SCOREKEEPER_<NAME>`` (e.g. ``SCOREKEEPER_SECRET_KEY``).
The secret key is never in the repo: it comes from the environment or is generated once into
``<data dir>/secret_key`` (mode 0600, create-if-absent so two processes starting together
agree on one key). ``SCOREKEEPER_SESSION_COOKIE_SECURE`` is read as a real boolean.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

# The Content-Security-Policy of every answer (web/security.py sends it; printing/response.py
# adds the hashes of a printable's own <style> blocks).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)

DEFAULTS: dict[str, Any] = {
    "WTF_CSRF_ENABLED": True,
    "WTF_CSRF_TIME_LIMIT": None,  # a deal form may stay open all evening at the table
    # Pages are sent with Referrer-Policy: no-referrer (edit tokens are in URLs), so browsers
    # send no Referer for Flask-WTF to compare over HTTPS; the CSRF token and the SameSite
    # cookie still protect every form.
    "WTF_CSRF_SSL_STRICT": False,
    "BABEL_DEFAULT_LOCALE": "en",
    "SCOREKEEPER_AUTO_MIGRATE": True,
    "SCOREKEEPER_PAPER": "A4",
    "MAX_CONTENT_LENGTH": 1_000_000,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SECURE": False,
    "PDF_RENDERS": 1,  # PDFs rendered at once; the rest wait (pages stay responsive)
    "PDF_QUEUE": 1,  # PDFs waiting for a render slot; more answer 503 at once
    "PDF_WAIT_SECONDS": 20,  # a PDF that cannot start rendering by then answers 503
}

BOOLEANS = ("SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "WTF_CSRF_ENABLED")
TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off", "")


def boolean(value: Any) -> bool:
    """``value`` from the environment as a real boolean ("false" is False); ValueError else."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise ValueError(f"not a boolean: {value!r}")


def _secret_key(folder: Path) -> str:
    """The key in ``folder/secret_key``, written once: the first process to link it wins."""
    path = folder / "secret_key"
    if not path.exists():
        draft = folder / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(draft, path)  # atomic create-if-absent: never a half-written key
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


def load(data_path: str, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The effective configuration for an app whose data directory is ``data_path``."""
    folder = Path(data_path)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    config = dict(DEFAULTS)
    config["DATABASE_URL"] = f"sqlite:///{folder / 'scorekeeper.sqlite3'}"
    config.update(_environment())
    config.update(overrides or {})
    _read_booleans(config)
    if not config.get("SECRET_KEY"):
        config["SECRET_KEY"] = _secret_key(folder)
    return config


def _environment() -> dict[str, str]:
    """The settings in the environment: each ``SCOREKEEPER_<NAME>``, and ``DATABASE_URL``."""
    found = {
        name.removeprefix("SCOREKEEPER_"): value
        for name, value in os.environ.items()
        if name.startswith("SCOREKEEPER_")
    }
    if os.environ.get("DATABASE_URL"):
        found["DATABASE_URL"] = os.environ["DATABASE_URL"]
    return found


def _read_booleans(config: dict[str, Any]) -> None:
    """The BOOLEANS given as text made real booleans: SCOREKEEPER_SESSION_COOKIE_SECURE=false
    really means no."""
    for name in BOOLEANS:
        if isinstance(config.get(name), str):
            config[name] = boolean(config[name])
