"""Build hook: a wheel carries the top-level templates/ and static/ inside the package.

In the repository they stay at the top level (designers find them there); ``scorekeeper.paths``
looks in the package first, then beside it. Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithAssets(build_py):
    """build_py, then copy templates/ and static/ into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the clone
        for name in ("templates", "static"):
            target = Path(self.build_lib) / "scorekeeper" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(HERE / name, target, ignore=shutil.ignore_patterns("screenshot.png"))


setup(cmdclass={"build_py": BuildWithAssets})
