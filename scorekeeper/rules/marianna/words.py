"""What Italian Marianna (with Cinquecento and Briscola 151) says of itself to players: how it
is scored and its presets' names (each text ``N_`` marked in English; the pages translate them).
German-suited cards keep the German names."""

from __future__ import annotations

from ..base import N_, GameWords

WORDS = GameWords(
    summary=N_(
        "Each side scores its card points (120 a deal, always played out) and its "
        "declarations; the match is played to the target."
    ),
    preset_labels={
        "marianna": N_("Marianna"),
        "cinquecento": N_("Cinquecento"),
        "briscola151": N_("Briscola 151"),
    },
    preset_descriptions={
        "marianna": N_("Marianna"),
        "cinquecento": N_("Cinquecento"),
        "briscola151": N_("Briscola 151 (two players)"),
    },
    tiles=(
        ("marianna", N_("Marianna"), N_("4 players in teams, to 501")),
        ("cinquecento", N_("Cinquecento"), N_("4 players, to 500")),
        ("briscola151", N_("Briscola 151"), N_("2 players, to 151")),
    ),
)
