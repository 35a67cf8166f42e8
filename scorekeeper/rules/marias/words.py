"""What Czech Mariáš says of itself to players: how it is scored, its presets' names and its
suits' names (each text ``N_`` marked in English; the pages translate them)."""

from __future__ import annotations

from ..base import N_, GameWords

#: The German-suited deck as Czech players say it ("červené" for hearts).
CZECH_SUITS = {
    "hearts": N_("červené"), "diamonds": N_("kule"), "clubs": N_("žaludy"), "spades": N_("zelené"),
}  # fmt: skip

#: Licitovaný mariáš is a preset of Mariáš with its own record (docs/rules.md §4a): both name it.
LICITOVANY_LABEL = N_("licitovaný (the leagues' auction game)")
LICITOVANY_DESCRIPTION = N_("Licitovaný mariáš: the association's tariff on a 0.20 Kč unit")

WORDS = GameWords(
    summary=N_(
        "Every part is settled between the declarer and each defender; flek doubles a part at "
        "every level, hearts double the trump-game parts, open cards double every part."
    ),
    preset_labels={
        "pub": N_("pub rules"),
        "csm": N_("ČSM association"),
        # docs/rules.md §4: the preset keeps the id krizovy, but it is a house tariff, not the
        # four-player Křížový mariáš with partners (an organiser running that would pick it)
        "krizovy": N_("house tariff (betl 10, durch 20)"),
        "licitovany": LICITOVANY_LABEL,
    },
    preset_descriptions={
        "pub": N_("Pub tariff (dvě sedmy 8: a house value)"),
        "csm": N_("Association values (house values: betl 15, durch 30, dvě sedmy 40)"),
        "krizovy": N_("House tariff: betl 10, durch 20"),
        "licitovany": LICITOVANY_DESCRIPTION,
    },
    german_suits=CZECH_SUITS,
    ending="session",
    tiles=(
        ("pub", N_("Mariáš"), N_("pub rules, 3–4 players")),
        ("csm", N_("Mariáš ČSM"), N_("association values")),
        # docs/rules.md v2 §4: kept under the id krizovy, but it is a house tariff
        ("krizovy", N_("Mariáš, house tariff"), N_("House tariff: betl 10, durch 20")),
        # docs/rules.md §4a: the auction game of the Czech association and its leagues
        ("licitovany", N_("Licitovaný mariáš"), N_("the leagues' auction game, 3–4 players")),
    ),
)
