"""Find a game's rules by name: ``get_game("marias").score(...)``."""

from __future__ import annotations

import importlib

from .base import GameRules, InvalidOptions
from .messages import Msg

GAME_NAMES: tuple[str, ...] = ("mariasz", "mariage", "marianna", "marias")


def get_game(name: str) -> GameRules:
    """The GAME object of the module named ``name``; InvalidOptions for an unknown game."""
    game = _loaded.get(name)
    if game is None:
        if name not in GAME_NAMES:
            raise InvalidOptions("game", Msg("unknown_game", value=name, words=GAME_NAMES))
        game = _loaded[name] = importlib.import_module(f"scorekeeper.rules.{name}").GAME
    return game


_loaded: dict[str, GameRules] = {}  # (asked on every save: the import machinery once)
