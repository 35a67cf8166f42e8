"""Find a game's rules by name: ``get_game("marias").score(...)``.

A preset that changes the record is a game object of its own (docs/architecture.md "adding a
game"): ``get_game("marias", "licitovany")`` is licitovaný mariáš (docs/rules.md §4a), whose
package lives beside Mariáš's. Every other preset is answered by its game's own object.
"""

from __future__ import annotations

import importlib

from .base import GameRules, InvalidOptions
from .messages import Msg

GAME_NAMES: tuple[str, ...] = ("mariasz", "mariage", "marianna", "marias")

#: The order the new-match page offers the games in (each game's own tiles in turn).
MENU: tuple[str, ...] = ("marias", "mariasz", "mariage", "marianna")

#: (game, preset) -> the package whose ``GAME`` scores that preset (it changes the record).
PRESET_GAMES: dict[tuple[str, str], str] = {("marias", "licitovany"): "licitovany"}


def get_game(name: str, preset: str | None = None) -> GameRules:
    """The GAME object of the module named ``name`` (of its package for ``preset`` when that
    preset has one); InvalidOptions for an unknown game."""
    key = (name, preset or "")
    game = _loaded.get(key)
    if game is None:
        if name not in GAME_NAMES:
            raise InvalidOptions("game", Msg("unknown_game", value=name, words=GAME_NAMES))
        module = PRESET_GAMES.get((name, preset or ""), name)
        game = _loaded[key] = importlib.import_module(f"scorekeeper.rules.{module}").GAME
    return game


_loaded: dict[tuple[str, str], GameRules] = {}  # (asked on every save: the import machinery once)
