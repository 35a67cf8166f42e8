"""Licitovaný mariáš (docs/rules.md §4a), the Czech leagues' auction game: the ``GAME`` object,
ready to be registered as the ``licitovany`` preset of Czech Mariáš (``marias``).

It answers everything ``rules.base.GameRules`` asks of a game, so the layers outside need no
rule of their own. The work is split over small modules: ``contracts`` (the ladder of twelve
contracts and the parts each settles), ``options`` (the association's tariff and limit, and
docs/rules.md §4's sitter and end of a match), ``record`` (the frozen record and its canonical
JSON), ``parse`` and ``checks`` (every refusal of §4a and the §5 ones that apply), ``values`` and
``settle`` (one deal's payments), ``messages`` (the codes of its refusals and lines).

A match is scored deal by deal in ``match`` as Czech Mariáš scores one (docs/rules.md §4, with
Mariáš's own end of a match), its state adding each seat's premium points (``pb``), which never
move a balance.

Where docs/rules.md §4a is silent this engine decides (tests pin each choice):
- a renonc with no ``renonc_kind`` is of kind 1 (the paušál of 10);
- a deal given up (omyl) or stopped by a renonc may leave its parts out: the contract's stand;
- the player sitting a deal out earns no premium points in it;
- a figure above the limit is capped in both directions, the silent seven and omyl included;
- the defenders' announced marriages, which a failed sto pays for, are a record field of their
  own (``defender_marriages``, none when left out): the two points figures cannot tell them from
  the cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    N_,
    DealScore,
    Figures,
    GameForm,
    GameSheet,
    InvalidOptions,
    MatchScore,
    SheetColumn,
    State,
    fold,
)
from ..marias.family import MariasFamily, chip_tournament, money
from ..marias.record import FLEK_NAMES, NAMES
from ..messages import Msg
from .contracts import CONTRACT_LABELS, CONTRACTS, LADDER, PART_KINDS, Contract
from .match import check_players, start, step, totals
from .options import PRESET, TARIFF_NAMES, LicitovanyOptions, make_options, options_to_json
from .parse import parse_record
from .record import LicitRecord, Part, Silent, record_to_json
from .settle import settle
from .words import WORDS

__all__ = [
    "CONTRACTS",
    "GAME",
    "LADDER",
    "Contract",
    "LicitRecord",
    "LicitovanyOptions",
    "LicitovanyRules",
    "Part",
    "Silent",
    "make_options",
    "money",
    "options_to_json",
    "parse_record",
    "record_to_json",
    "settle",
    "start",
    "step",
    "totals",
]


def _no_pattern(options: Any, scores: Sequence[int]) -> Figures:
    """A flek binds one defender only, so balances follow no pattern a typo would break."""
    return [], []


class LicitovanyRules(MariasFamily):
    """Licitovaný mariáš for 3 players, or 4 with the dealer sitting out each deal."""

    preset = PRESET
    words = WORDS
    tournament = chip_tournament(_no_pattern)
    default_preset = PRESET
    presets: Mapping[str, Mapping[str, Any]] = {PRESET: {}}
    preset_titles: Mapping[str, str] = {PRESET: N_("Licitovaný mariáš")}
    #: a flek binds only the defender who said it: the new-match form does not offer the switch
    preset_fixed: Mapping[str, frozenset[str]] = {PRESET: frozenset({"flek_per_defender"})}
    short_title = "Licitovaný"
    minimal_extra = ("money", "pb")
    #: the contracts by record name, as the deal form names them (N_ marked), ladder order
    contract_names: Mapping[str, str] = CONTRACT_LABELS
    ladder: tuple[Contract, ...] = LADDER  # the rules page lists it, rung by rung
    #: its parts as players say them; fleks up to boty (docs/rules.md §4a: four levels)
    form = GameForm("licitovany", {kind: NAMES[kind] for kind in PART_KINDS}, FLEK_NAMES[:5])
    tariff_names = TARIFF_NAMES
    state_format = 1
    #: who declared which contract, each defender's flek, the result, then each player's change,
    #: balance and premium points (at four, who dealt and sat out)
    sheet = GameSheet(
        columns={
            n: (
                SheetColumn("n", "n"),
                *((SheetColumn("dealer", "narrow"),) if n == 4 else ()),
                SheetColumn("declarer", "name"),
                SheetColumn("contract", "wide"),
                SheetColumn("trump", "narrow"),
                SheetColumn("flek", "narrow"),
                SheetColumn("won_lost", "narrow"),
                SheetColumn("this_deal", per_side=True),
                SheetColumn("balance", "strong", per_side=True),
                SheetColumn("pb", "narrow", per_side=True),
            )
            for n in (3, 4)
        },
        landscape=True,
        legend=N_(
            "Units: hra 1 · sedma 2 · sto 4 · betl 15 · durch 30 · dvě sedmy 40 · omyl 6 · "
            "each flek doubles for the defender who said it · limit 500 (750)"
        ),
    )

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> LicitovanyOptions:
        """Options of the preset with overrides applied. Raises InvalidOptions."""
        return make_options(preset, overrides)

    def check_new_options(self, options: LicitovanyOptions) -> None:
        """A new match starts unfinished: ``finished_after`` is set by the Finish action only."""
        if options.finished_after is not None:
            raise InvalidOptions("options.finished_after", Msg("marias.new_not_finished"))

    def options_to_json(self, options: LicitovanyOptions) -> dict[str, Any]:
        """Every effective option by its docs/rules.md name."""
        return options_to_json(options)

    def player_counts(self, options: LicitovanyOptions) -> tuple[int, ...]:
        """Three players, or four with the dealer sitting out."""
        return (3, 4)

    def side_names(self, players: Sequence[str], options: LicitovanyOptions) -> list[str]:
        """Everyone plays for themselves: the sides are the players."""
        return list(players)

    def parse_record(
        self, data: Mapping[str, Any], options: LicitovanyOptions, n_players: int
    ) -> LicitRecord:
        """Check a record on its own (docs/rules.md §4a, §5). Raises InvalidDeal."""
        return parse_record(data, options, n_players)

    def record_to_json(self, record: LicitRecord) -> dict[str, Any]:
        """The canonical JSON form of a record."""
        return record_to_json(record)

    def score(
        self, options: LicitovanyOptions, n_players: int, records: Sequence[Any]
    ) -> MatchScore:
        """Balances in units after every deal; MatchFinished for a deal after the end."""
        check_players(n_players)
        return fold(self, options, n_players, records)

    def start(self, options: LicitovanyOptions, n_players: int) -> State:
        """No deals yet: every balance 0, the end not due, no premium points."""
        return start(options, n_players)

    def step(
        self, options: LicitovanyOptions, state: State, record: Any
    ) -> tuple[State, DealScore]:
        """Settle the next deal; the new state and the deal's score."""
        return step(options, state, record)

    def totals(self, options: LicitovanyOptions, state: State) -> MatchScore:
        """Balances, the end, an extra round due, and each seat's premium points (``pb``)."""
        return totals(options, state)


GAME = LicitovanyRules()
