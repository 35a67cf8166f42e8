"""Find a game's rules by name: ``get_game("marias").score(...)``."""

from __future__ import annotations

import importlib

from .base import GameRules, InvalidOptions

GAME_NAMES: tuple[str, ...] = ("mariasz", "mariage", "marianna", "marias")


def get_game(name: str) -> GameRules:
    """The GAME object of the module named ``name``; InvalidOptions for an unknown game."""
    if name not in GAME_NAMES:
        raise InvalidOptions(
            "game", f"unknown game {name!r}; choose one of {', '.join(GAME_NAMES)}"
        )
    module = importlib.import_module(f"scorekeeper.rules.{name}")
    return module.GAME
