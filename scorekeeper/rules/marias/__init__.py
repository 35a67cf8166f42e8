"""Czech Mariáš (docs/rules.md §4): the ``GAME`` object the registry hands out, and ``money``.

The work is split over small modules: ``options`` (options and presets), ``record`` (the record
dataclasses and canonical JSON), ``parse`` and ``checks`` (docs/rules.md §5), ``settle`` (one
deal's payments), ``family`` (what Mariáš and licitovaný mariáš answer alike, and ``money``),
``words`` (what it says of itself to players). This module scores a whole match: the running
balances in units, and the end of a match (docs/rules.md §4 v2 "The end of a match"): after
``deals`` deals, after the deal in which a balance reaches ``chip_target``, or after the deals an
open session was finished at (``finished_after``, the *Finish* action). The highest balance wins; a
shared top balance plays one more round (one deal per player at the table) and again until one
player leads, so there is no draw. Version 2's refusals of a record on its own (``v2``) are listed
in each deal's ``refusals`` rather than raised, so records stored before version 2 still score as
recorded.

Where docs/rules.md is silent this engine decides (tests pin each choice):
- points are at most 190 a side (90 card points + 40 + 3 × 20 in marriages); both sides
  together 90…190 in a played-out deal, the part above 90 in twenties (so a tie can't happen);
- for sto the recorded ``declarer_points`` are the points that count for the hundred;
- a made ``sto`` and (v2.1) a made ``sto_proti`` scale above 100 by ``sto_scaling``, the silent
  hundred too; only a failed ``sto`` pays by ``sto_failure`` (a failed ``sto_proti`` is flat);
- a silent hundred with no points recorded counts as exactly 100;
- silent parts are never flekked, but are doubled in hearts (they are trump-game parts);
- a renonc is paid between the three active players only, never by the sitter;
- with ``flek_per_defender`` and ``sitter_pays`` the sitter pays at level 0 (he never flekked);
- ``limit`` caps the net amount two players settle in one deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..base import (
    N_,
    DealScore,
    FieldError,
    Figures,
    GameForm,
    GameSheet,
    InvalidDeal,
    InvalidOptions,
    MatchFinished,
    MatchScore,
    SheetColumn,
    State,
    fold,
    option,
    with_refusals,
)
from ..messages import Msg
from .family import MariasFamily, chip_tournament, money
from .options import (
    DEFAULT_PRESET,
    PART_VALUE_NAMES,
    PRESETS,
    MariasOptions,
    make_options,
    options_to_json,
)
from .parse import parse_record
from .record import FLEK_NAMES, MariasRecord, Part, Silent, record_to_json
from .record import NAMES as PART_NAMES
from .settle import settle
from .v2 import refusals
from .words import WORDS

__all__ = [
    "GAME",
    "MariasOptions",
    "MariasRecord",
    "MariasRules",
    "Part",
    "Silent",
    "money",
]

LICITOVANY = "licitovany"  # docs/rules.md §4a: a preset whose record is its own


def _check_players(n_players: int) -> None:
    if n_players not in (3, 4):
        raise InvalidOptions("players", Msg("marias.players", n=n_players))


def _beyond(seat: int | None, n_players: int) -> bool:
    """A seat the table does not have (None: no seat named)."""
    return seat is not None and seat >= n_players


def _sits_out(record: MariasRecord) -> bool:
    """With four, the dealer is named and neither declares nor revokes."""
    dealer = record.dealer
    return dealer is not None and dealer != record.declarer and dealer != record.renonc


def _dealer_problem(record: MariasRecord, n_players: int) -> Msg | None:
    """Why the dealer cannot be: with four, not sitting out; with three, at a seat the table
    does not have (None: the dealer fits)."""
    if n_players == 4:
        return None if _sits_out(record) else Msg("marias.four_dealer")
    return Msg("marias.wrong_table", n=n_players) if _beyond(record.dealer, n_players) else None


def _check_seats(record: MariasRecord, n_players: int, n: int) -> None:
    """A record parsed for another table size must not slip through (e.g. 3 → 4 players)."""
    if record.declarer >= n_players or _beyond(record.renonc, n_players):
        raise InvalidDeal("declarer", Msg("marias.wrong_table", n=n_players), deal=n)
    problem = _dealer_problem(record, n_players)
    if problem is not None:
        raise InvalidDeal("dealer", problem, deal=n)


def _checked_record(record: Any, options: MariasOptions, n_players: int, n: int) -> MariasRecord:
    """Deal ``n`` as a checked record: parsed from JSON, or a record made for this table."""
    if isinstance(record, MariasRecord):
        _check_seats(record, n_players, n)
        return record
    try:
        return parse_record(record, options, n_players)
    except InvalidDeal as exc:
        raise InvalidDeal(exc.errors, deal=n) from None


def _may_end(options: MariasOptions, state: State) -> bool:
    """Whether the match can end: its end is due already, or it has one (agreed deals, the
    table's Finish, a chip target). An open session without a target never ends."""
    o = options
    has_end = not (o.deals is None and o.finished_after is None and o.chip_target is None)
    return state["extra_round_from"] is not None or has_end


def _amended(deal: DealScore, line: Msg | None, extra: Mapping[str, Any]) -> DealScore:
    """The deal's score with the line saying the match ended (if it did) and the ``extra``
    the refusals left."""
    if not line and extra == deal.extra:
        return deal
    lines = deal.explanation + ((line,) if line else ())
    return replace(deal, explanation=lines, extra=extra)


def _thirds(options: Any, scores: Sequence[int]) -> Figures:
    """At a table of three every deal moves the balances by (2x, −x, −x), a renonc and the
    ``limit`` too, so all three balances are alike modulo 3; figures that are not are
    unusual (a typo on the sheet), unless a flek binds one defender only
    (``flek_per_defender``). Four at a table, whose sitter changes, have no such pattern.
    (That balances add up to zero is the tournament's own check.)"""
    if len(scores) != 3 or option(options, "flek_per_defender", False):
        return [], []
    for a, b in ((0, 1), (0, 2), (1, 2)):
        if (scores[a] - scores[b]) % 3:
            why = Msg("marias.figures_thirds", player=a, other=b, a=scores[a], b=scores[b])
            return [], [FieldError("scores", why)]
    return [], []


class MariasRules(MariasFamily):
    """Czech Mariáš for 3 players, or 4 with the dealer sitting out each deal."""

    words = WORDS
    tournament = chip_tournament(_thirds)
    default_preset = DEFAULT_PRESET
    #: the presets of this object, and ``licitovany`` (docs/rules.md §4a), whose record is its own:
    #: ``registry.get_game("marias", "licitovany")`` scores it (``rules.licitovany``)
    presets: Mapping[str, Mapping[str, Any]] = {**PRESETS, LICITOVANY: {}}
    short_title = "Mariáš"
    minimal_extra = ("money",)
    form = GameForm("marias", PART_NAMES, FLEK_NAMES)
    tariff_names = PART_VALUE_NAMES
    preset_titles: Mapping[str, str] = {LICITOVANY: N_("Licitovaný mariáš")}
    preset_fixed: Mapping[str, frozenset[str]] = {LICITOVANY: frozenset({"flek_per_defender"})}
    #: who declared what, its flek and result, then each player's change and balance (at four,
    #: who dealt and sat out)
    sheet = GameSheet(
        columns={
            n: (
                SheetColumn("n", "n"),
                *((SheetColumn("dealer", "narrow"),) if n == 4 else ()),
                SheetColumn("declarer", "name"),
                SheetColumn("trump", "narrow"),
                SheetColumn("game_parts", "wide"),
                SheetColumn("flek", "narrow"),
                SheetColumn("won_lost", "narrow"),
                SheetColumn("this_deal", per_side=True),
                SheetColumn("balance", "strong", per_side=True),
            )
            for n in (3, 4)
        },
        landscape=True,
        legend=N_(
            "Units (pub): hra 1 · sto 4 · sedma 2 · dvě sedmy 8 · betl 5 · durch 10 · "
            "each flek doubles"
        ),
    )

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> Any:
        """Options for a preset with overrides applied. Raises InvalidOptions. The
        ``licitovany`` preset's are its own package's (``LicitovanyOptions``)."""
        if preset == LICITOVANY:  # its own package, found as every layer finds a game
            from ..registry import get_game

            return get_game(self.name, preset).make_options(preset, overrides)
        return make_options(preset, overrides)

    def check_new_options(self, options: MariasOptions) -> None:
        """A new match starts unfinished: ``finished_after`` is set by the Finish action only."""
        if options.finished_after is not None:
            raise InvalidOptions("options.finished_after", Msg("marias.new_not_finished"))

    def options_to_json(self, options: MariasOptions) -> dict[str, Any]:
        """Every effective option by its docs/rules.md name."""
        return options_to_json(options)

    def player_counts(self, options: MariasOptions) -> tuple[int, ...]:
        """Three players, or four with the dealer sitting out."""
        return (3, 4)

    def side_names(self, players: Sequence[str], options: MariasOptions) -> list[str]:
        """Everyone plays for themselves: the sides are the players."""
        return list(players)

    def parse_record(
        self, data: Mapping[str, Any], options: MariasOptions, n_players: int
    ) -> MariasRecord:
        """Check a record on its own (docs/rules.md §5). Raises InvalidDeal."""
        return parse_record(data, options, n_players)

    def record_to_json(self, record: MariasRecord) -> dict[str, Any]:
        """The canonical JSON form of a record."""
        return record_to_json(record)

    def score(self, options: MariasOptions, n_players: int, records: Sequence[Any]) -> MatchScore:
        """Balances in units after every deal; MatchFinished for a deal after the end."""
        _check_players(n_players)
        return fold(self, options, n_players, records)

    state_format = 1

    def start(self, options: MariasOptions, n_players: int) -> State:
        """No deals yet: every balance 0, the end not due."""
        _check_players(n_players)
        return {
            "n": 0,
            "players": n_players,
            "totals": [0] * n_players,
            "extra_round_from": None,  # the deal after which the end was due
            "winner": None,
            "over_at": 0,  # the deal that ended the match
            "shared": False,  # over with the top shared (no extra rounds): no winner
        }

    def step(self, options: MariasOptions, state: State, record: Any) -> tuple[State, DealScore]:
        """Settle the next deal; the new state and the deal's score."""
        n, n_players = state["n"] + 1, state["players"]
        if state["winner"] is not None or state["shared"]:
            raise MatchFinished("deal", Msg("marias.ended", n=state["over_at"]), deal=n)
        record = _checked_record(record, options, n_players, n)
        deal = settle(record, options, n_players)
        new = dict(state)
        new["n"] = n
        new["totals"] = totals = [t + d for t, d in zip(state["totals"], deal.delta)]  # noqa: B905
        line = None
        if _may_end(options, new):
            end = _End(options, n_players, new)
            line = end.after(n, totals)
            new.update(end.state())
        extra = with_refusals(deal.extra, refusals(record, options))
        return new, _amended(deal, line, extra)

    def totals(self, options: MariasOptions, state: State) -> MatchScore:
        """The balances in units, the end and (while it is due but open) the extra round; a match
        decided by extra rounds says how many (``extra_rounds``)."""
        finished = state["winner"] is not None or state["shared"]
        extra = _extra_rounds(state, finished)
        return MatchScore((), tuple(state["totals"]), finished, state["winner"], extra)


def _extra_rounds(state: State, finished: bool) -> dict[str, Any]:
    """``extra_round`` while the end is due but the match open; ``extra_rounds``: how many a
    match decided by extra rounds took."""
    due = state["extra_round_from"]
    if due is None:
        return {}
    if not finished:
        return {"extra_round": True}
    if state["over_at"] > due:
        return {"extra_rounds": (state["over_at"] - due) // state["players"]}
    return {}


class _End:
    """When a Mariáš match ends (docs/rules.md §4 v2): the agreed deals, the chip target or the
    table's Finish, then extra rounds of one deal per player while the top balance is shared."""

    def __init__(self, options: MariasOptions, n_players: int, state: State):
        self.o = options
        self.round = n_players
        self.extra_round_from: int | None = state["extra_round_from"]
        self.winner: int | None = state["winner"]
        self.over_at: int = state["over_at"]
        self.shared: bool = state["shared"]

    def state(self) -> dict[str, Any]:
        """The end's part of the running state."""
        return {
            "extra_round_from": self.extra_round_from,
            "winner": self.winner,
            "over_at": self.over_at,
            "shared": self.shared,
        }

    def _due(self, n: int, totals: list[int]) -> Msg | None:
        """Why the end is due after deal n: the agreed deals, the table's Finish or the chip
        target (None: not yet)."""
        o = self.o
        if _reached(n, o.deals):
            return Msg("marias.due_deals", n=o.deals)
        if _reached(n, o.finished_after):
            return Msg("marias.due_finished")
        if _reached(max(totals), o.chip_target):
            return Msg("marias.due_chips", n=o.chip_target)
        return None

    def _why_now(self, n: int, totals: list[int]) -> Msg | None:
        """Why the match is decided after deal n: its end came due, or an extra round is
        complete (None: play on)."""
        if self.extra_round_from is None:
            why = self._due(n, totals)
            if why is not None:
                self.extra_round_from = n
            return why
        if (n - self.extra_round_from) % self.round:
            return None
        return Msg("marias.due_extra")

    def _decide(self, n: int, totals: list[int], why: Msg) -> Msg:
        """The top balance wins; shared, the tournament's ranking decides or an extra round is
        played. The line saying so."""
        best = max(totals)
        if totals.count(best) == 1:
            self.winner, self.over_at = totals.index(best), n
            return Msg("marias.over_leads", why=why, player=self.winner, n=best)
        if not self.o.extra_rounds:  # a tournament table: the tournament's ranking decides
            self.over_at, self.shared = n, True
            return Msg("marias.over_shared", why=why, n=best)
        tied = [i for i, t in enumerate(totals) if t == best]
        return Msg("marias.extra_round", why=why, players=tied, n=best, deals=self.round)

    def after(self, n: int, totals: list[int]) -> Msg | None:
        """Called after deal n: decide the match if it is due; the line saying so, or None."""
        if self.shared:
            return None
        why = self._why_now(n, totals)
        if why is None:
            return None
        return self._decide(n, totals, why)


def _reached(value: int, limit: int | None) -> bool:
    """Whether a limit the match has is reached."""
    return limit is not None and value >= limit


GAME = MariasRules()
