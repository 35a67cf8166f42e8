"""What licitovaný mariáš says of itself to players (docs/rules.md §4a): how it is scored, and
its name as a preset of Mariáš; its suits are Mariáš's (each text ``N_`` marked in English)."""

from __future__ import annotations

from ..base import N_, GameWords
from ..marias.words import CZECH_SUITS, LICITOVANY_DESCRIPTION, LICITOVANY_LABEL
from .options import PRESET

WORDS = GameWords(
    summary=N_(
        "The auction ends on a contract of the ladder below; the table records the declarer and "
        "that contract. Each part of it is settled between the declarer and each defender; a flek "
        "(up to boty) binds only the defender who said it; a contract in hearts (červené) doubles "
        "every part. No player pays another more than the limit in one deal. Premium points (PB) "
        "are written per player and never change the balance: a league adds them to the ranking."
    ),
    preset_labels={PRESET: LICITOVANY_LABEL},
    preset_descriptions={PRESET: LICITOVANY_DESCRIPTION},
    german_suits=CZECH_SUITS,
    ending="session",
)
