"""Where things are: the package's templates and static files, and the data directory.

Inside the repository (a clone, ``pip install -e .``) templates and static files are the
top-level ``templates/`` and ``static/``; a wheel carries copies inside the package (see
``setup.py``). Data (the SQLite database, the secret key) lives in the data directory:
``--data-dir``, else ``SCOREKEEPER_DATA``, else ``instance/`` for a run inside the repository,
else the user's data directory (platformdirs) — never inside ``site-packages``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPOSITORY = PACKAGE.parent


def in_repository() -> bool:
    """True when running from a clone (the package sits beside pyproject.toml and templates/)."""
    return (REPOSITORY / "pyproject.toml").is_file() and (REPOSITORY / "templates").is_dir()


def resource(name: str) -> Path:
    """The folder ``name`` ("templates" or "static"): the package's copy, else the clone's."""
    packaged = PACKAGE / name
    return packaged if packaged.is_dir() else REPOSITORY / name


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data directory (not created here)."""
    chosen = explicit or os.environ.get("SCOREKEEPER_DATA")
    if chosen:
        return Path(chosen).expanduser().resolve()
    if in_repository():
        return REPOSITORY / "instance"
    import platformdirs

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


TEMPLATES = resource("templates")
STATIC = resource("static")
# A static file served under a content-hashed name: "<12 hex digits>/<its own name>" (web/assets.py
# makes such names; the PDF renderer reads them back).
HASHED = re.compile(r"^(?P<hash>[0-9a-f]{12})/(?P<name>.+)$")
