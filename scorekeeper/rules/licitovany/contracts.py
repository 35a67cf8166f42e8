"""The ladder of licitovaný mariáš (docs/rules.md §4a): the twelve contracts an auction can end
on, the parts each one settles, and what each allows beside them.

The auction itself is not recorded; a deal names the rung it ended on. "Červená" / "červených"
means hearts are trumps (every part doubled); betl and durch have no trumps; dvě sedmy name a
second suit. A silent hundred stands only beside the hra of a sedma contract, a silent seven only
in a plain sto (a contract with an announced seven has no silent one).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import N_
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)

HEARTS = "hearts"


@dataclass(frozen=True, slots=True)
class Contract:
    """One rung: its record name, place on the ladder, parts (in the order players say them),
    whether hearts are its trumps, whether it has trumps at all, whether it names a second suit,
    and the silent parts that may stand beside it."""

    name: str
    rung: int
    parts: tuple[str, ...]
    hearts: bool = False
    trumps: bool = True
    second_suit: bool = False
    silent: frozenset[str] = frozenset()

    @property
    def may_give_up(self) -> bool:
        """Whether the declarer may give it up before play (omyl: rung 1 only, docs/rules.md
        §4a)."""
        return self.rung == 1

    @property
    def words(self) -> Msg:
        """The contract as players say it ("sto a sedma contract")."""
        return Msg(f"licit.c.{self.name}")


_HUNDRED = frozenset(("tiche_sto",))
_SEVEN = frozenset(("ticha_sedma",))

LADDER: tuple[Contract, ...] = (
    Contract("sedma", 1, ("hra", "sedma"), silent=_HUNDRED),
    Contract("sedma_cervena", 2, ("hra", "sedma"), hearts=True, silent=_HUNDRED),
    Contract("sto", 3, ("sto",), silent=_SEVEN),
    Contract("sto_sedma", 4, ("sto", "sedma")),
    Contract("sto_cervene", 5, ("sto",), hearts=True, silent=_SEVEN),
    Contract("sto_sedma_cervene", 6, ("sto", "sedma"), hearts=True),
    Contract("betl", 7, ("betl",), trumps=False),
    Contract("durch", 8, ("durch",), trumps=False),
    Contract("dve_sedmy", 9, ("dve_sedmy",), second_suit=True),
    Contract("dve_sedmy_sto", 10, ("dve_sedmy", "sto"), second_suit=True),
    Contract("dve_sedmy_cervene", 11, ("dve_sedmy",), hearts=True, second_suit=True),
    Contract("dve_sedmy_sto_cervene", 12, ("dve_sedmy", "sto"), hearts=True, second_suit=True),
)
CONTRACTS: dict[str, Contract] = {c.name: c for c in LADDER}
CONTRACT_NAMES: tuple[str, ...] = tuple(CONTRACTS)
#: The contracts by record name as the deal form shows them (Mariáš's names stay Czech in every
#: language, docs/glossary-*.md).
CONTRACT_LABELS: dict[str, str] = {
    "sedma": N_("sedma"),
    "sedma_cervena": N_("sedma červená"),
    "sto": N_("sto"),
    "sto_sedma": N_("sto a sedma"),
    "sto_cervene": N_("sto červených"),
    "sto_sedma_cervene": N_("sto a sedma červených"),
    "betl": N_("betl"),
    "durch": N_("durch"),
    "dve_sedmy": N_("dvě sedmy"),
    "dve_sedmy_sto": N_("dvě sedmy a sto"),
    "dve_sedmy_cervene": N_("dvě sedmy červené"),
    "dve_sedmy_sto_cervene": N_("dvě sedmy a sto červených"),
}
#: Every part kind a contract settles.
PART_KINDS: tuple[str, ...] = ("hra", "sedma", "sto", "betl", "durch", "dve_sedmy")
#: The defenders' parts of plain Mariáš (docs/rules.md §4), which licitovaný mariáš does not have.
PROTI_KINDS: tuple[str, ...] = ("sto_proti", "sedma_proti", "dve_sedmy_proti")


def in_hearts(contract: Contract) -> Contract:
    """The same contract with hearts as trumps (sto -> sto_cervene); itself when it has none."""
    if contract.hearts or not contract.trumps:
        return contract
    for other in LADDER:
        if other.hearts and other.parts == contract.parts:
            return other
    return contract  # every trump rung has its hearts rung; kept total for safety
