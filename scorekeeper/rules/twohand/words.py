"""What Polish Mariasz and German Mariage say of themselves to players: how each is scored, its
preset's name and its suits' names (each text ``N_`` marked in English; the pages translate
them)."""

from __future__ import annotations

from ..base import N_, GameWords

MARIASZ = GameWords(
    summary=N_(
        "Each game (partia) is won by the first to reach the target with card points and "
        "marriages: in the game's first deal a dubla (2 match points), later a sympla (1). Every "
        "player also gets 1 match point per plain marriage and 2 per trump marriage."
    ),
    preset_labels={"standard": N_("standard")},
    preset_descriptions={"standard": N_("Standard")},
    #: the German-suited deck as Polish players say it ("czerwień" for hearts)
    german_suits={
        "hearts": N_("czerwień"),
        "diamonds": N_("dzwonki"),
        "clubs": N_("żołędzie"),
        "spades": N_("wino"),
    },  # fmt: skip
    ending="games",
    tiles=((None, N_("Mariasz"), N_("Polish, 2 players, to 131")),),
)

MARIAGE = GameWords(
    summary=N_(
        "Every deal is a game, won by the player with more points: 1 game point, or 2 when the "
        "loser has fewer than 33. A tie goes to the winner of the next decided game."
    ),
    preset_labels={"standard": N_("standard")},
    preset_descriptions={"standard": N_("Standard")},
    ending="game_points",
    tiles=((None, N_("German Mariage"), N_("2 players, each deal a game")),),
)
