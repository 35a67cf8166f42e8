"""Shared vocabulary of the scoring engines: errors, scored results and the game interface.

Every game module under ``scorekeeper.rules`` implements :class:`GameRules` and nothing here
knows about the web, the database or PDFs (a test enforces that no such import appears under
``rules/``). Records cross the boundary as plain JSON-able dicts; inside, each game parses them
into its own frozen dataclasses.

Field names in errors are JSON paths into the deal record (``"points.1"``,
``"parts.0.flek"``, ``"declarations.2.suit"``) or into the options (``"options.flek_max"``), so the
HTML form and the API can show each message next to the field it is about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .messages import Msg, from_json

SUITS: tuple[str, ...] = ("hearts", "diamonds", "clubs", "spades")

#: The match option ``deck`` (API.md v2): which cards the table holds, so which suit names and
#: symbols the pages and sheets show. It changes no score; the data keeps the four SUITS above.
#: ``german``: hearts, bells, acorns, leaves; ``italian``: cups, coins, batons, swords;
#: ``french``: ♥ ♦ ♣ ♠. Each game's options default to the deck its players hold.
DECKS: tuple[str, ...] = ("german", "italian", "french")


def check_deck(value: object) -> str:
    """Why ``value`` is not a deck (the reason for ``options.deck``), or "" when it is one."""
    return "" if value in DECKS else Msg("choice", words=DECKS)


@dataclass(frozen=True)
class FieldError:
    """One reason a record or option set was refused: the field it concerns and why."""

    field: str
    message: str

    def to_json(self) -> dict[str, Any]:
        """``{"field", "message"}``, plus ``code`` and ``params`` for a rule message."""
        out: dict[str, Any] = {"field": self.field, "message": self.message}
        if isinstance(self.message, Msg):
            out.update(self.message.to_json())
        return out


class RuleError(ValueError):
    """Something a player or client sent breaks the rules. Carries one or more FieldErrors."""

    def __init__(self, errors: FieldError | Sequence[FieldError] | str, message: str | None = None):
        self.errors: tuple[FieldError, ...] = _field_errors(errors, message)
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in self.errors))


def _field_errors(
    errors: FieldError | Sequence[FieldError] | str, message: str | None
) -> tuple[FieldError, ...]:
    """A RuleError's errors, given as a field's name (with the message, else "is not allowed"),
    one FieldError or several."""
    if isinstance(errors, str):
        return (FieldError(errors, Msg("not_allowed") if message is None else message),)
    if isinstance(errors, FieldError):
        return (errors,)
    return tuple(errors)


class InvalidOptions(RuleError):
    """The options (or the preset, or the number of players) are not valid for the game."""


class InvalidDeal(RuleError):
    """A deal record is impossible. ``deal`` is its 1-based number in the match, when known."""

    def __init__(
        self,
        errors: FieldError | Sequence[FieldError] | str,
        message: str | None = None,
        *,
        deal: int | None = None,
    ):
        super().__init__(errors, message)
        self.deal = deal


class MatchFinished(InvalidDeal):
    """A deal was added after the match was already decided (the API answers 409).

    ``total``: how many deals the scored list held, so an edit that ends the match earlier can
    say which later deals stand after the end (deals ``deal``…``total``)."""

    def __init__(
        self,
        errors: FieldError | Sequence[FieldError] | str,
        message: str | None = None,
        *,
        deal: int | None = None,
        total: int | None = None,
    ):
        super().__init__(errors, message, deal=deal)
        self.total = total


#: The key of ``DealScore.extra`` (and of a deal in the API's match state) listing what version 2
#: of the rules refuses in a deal stored before it: ``[{"field", "message"}]``. Such a deal still
#: scores as recorded; a deal being added or edited with any of these is refused instead
#: (:func:`refuse_new`), so only records stored before version 2 ever carry the key.
REFUSALS = "refusals"


def with_refusals(extra: Mapping[str, Any], errors: Sequence[FieldError]) -> dict[str, Any]:
    """``extra`` plus the v2 refusals of a deal (nothing added when there are none)."""
    out = dict(extra)
    if errors:
        out[REFUSALS] = [e.to_json() for e in errors]
    return out


def refuse_new(result: MatchScore, n: int) -> None:
    """Raise InvalidDeal when deal ``n`` (1-based), being added or edited, breaks a v2 rule."""
    if 1 <= n <= len(result.deals):
        refuse_new_deal(result.deals[n - 1], n)


def refuse_new_deal(deal: DealScore, n: int) -> None:
    """Raise InvalidDeal when ``deal``, number ``n`` and being added or edited, breaks a v2 rule."""
    found = deal.extra.get(REFUSALS)
    if found:
        raise InvalidDeal([FieldError(e["field"], _message(e)) for e in found], deal=n)


def _message(error: Mapping[str, Any]) -> str:
    """A stored refusal's message: the rule message again when its code is known."""
    return from_json(error) if error.get("code") else error["message"]


@dataclass(frozen=True)
class DealScore:
    """What one deal changed for each side, and why, in the players' words."""

    delta: tuple[int, ...]
    explanation: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchScore:
    """Everything computed from a match's records.

    ``scores`` and every ``delta`` are indexed by side (``side_count`` of them). ``extra`` holds
    the game-specific parts of the API's match state: ``games`` and ``current`` for mariasz and
    mariage, ``money`` for marias (added by the caller, who knows the stake), and so on; it must be
    JSON-serialisable.
    """

    deals: tuple[DealScore, ...]
    scores: tuple[int, ...]
    finished: bool
    winner: int | None
    extra: Mapping[str, Any] = field(default_factory=dict)


def option(options: Any, name: str, default: Any = None) -> Any:
    """One option's value, read from a game's options object or from their JSON form."""
    if isinstance(options, Mapping):
        return options.get(name, default)
    return getattr(options, name, default)


def N_(text: str) -> str:  # noqa: N802  (the gettext convention for "mark, translate later")
    """Mark a player-facing word for translation; the rules keep it as it is (no i18n here), the
    pages translate it (pybabel extracts ``N_`` by default)."""
    return text


@dataclass(frozen=True)
class SheetColumn:
    """One column of a blank paper score sheet: ``key`` names its heading (the printing layer
    translates it), ``per_side`` makes it one narrow column per player or team."""

    key: str
    cls: str = ""
    per_side: bool = False


#: The German-suited deck's suits as German players say them; a game whose players have names
#: of their own (Mariáš, Mariasz) gives its own in ``GameWords.german_suits``.
GERMAN_SUITS: Mapping[str, str] = {
    "hearts": N_("Herz"), "diamonds": N_("Schellen"), "clubs": N_("Eichel"), "spades": N_("Grün"),
}  # fmt: skip


@dataclass(frozen=True)
class GameForm:
    """What the pages' deal form asks of a game: which package's form (``rules/<package>/form.py``)
    and template (``deal.html``) a deal is entered with, and the names players give the deal's
    parts and the flek levels (``N_`` marked, English; the form translates them)."""

    package: str  # marias | licitovany | marianna | twohand
    part_names: Mapping[str, str] = field(default_factory=dict)  # record kind -> its name
    flek_names: tuple[str, ...] = ()  # flek level -> its name ("" for none); empty: no flek


@dataclass(frozen=True)
class GameSheet:
    """How a game's blank score sheet is laid out (``printing`` draws it): the columns for each
    number of players it is printed for, the usual number first; across or down the page; and a
    one-line reminder under it (``N_`` marked, English)."""

    columns: Mapping[int, tuple[SheetColumn, ...]]
    landscape: bool
    legend: str

    @property
    def seats(self) -> tuple[int, ...]:
        """The numbers of players a blank sheet is for, the usual one first."""
        return tuple(self.columns)


@dataclass(frozen=True)
class GameWords:
    """What a game says of itself to players, each text ``N_`` marked in English (the pages
    translate them): one place per game, beside its rules."""

    summary: str  # how a match is scored: the rules page's opening paragraph
    preset_labels: Mapping[str, str]  # each preset's short name ("pub rules"), for menus
    preset_descriptions: Mapping[str, str]  # each preset as players know it (the rules page)
    german_suits: Mapping[str, str] = field(default_factory=lambda: GERMAN_SUITS)
    #: its tiles on the new-match page, in order: (preset or None for the default, name, blurb)
    tiles: tuple[tuple[str | None, str, str], ...] = ()
    #: how a match ends, as the board says it: "target" (a points target), "games" (games each to
    #: a target, then match points or a number of games), "game_points" (game points or a number
    #: of games), "session" (agreed deals, a balance, or the table's Finish)
    ending: str = "target"


#: A table's typed figures: (what no play can give: refused, what the options make unusual).
Figures = tuple[list["FieldError"], list["FieldError"]]


@dataclass(frozen=True)
class GameTournament:
    """What a tournament asks of a game (RULES.md §6); the tournament side never branches on the
    game's name either. ``standings_kind``, ``table_score`` and ``check_table_figures`` take the
    match options (object or JSON form)."""

    rankings: tuple[str, ...]  # what its standings may rank by; the first is the default
    table_sizes: tuple[int, ...]  # seats at a tournament table; the first is the default
    #: how ``tournament.standings`` ranks it: "marias" (balances at tables of 3 or 4),
    #: "marianna" (fixed teams of two) or "twoplayer" (pairs)
    standings_kind: Callable[[Any], str]
    #: what one figure of a table's result is: "balance" (zero-sum), "team_points",
    #: "match_points" or "game_points" (the organiser types it from a sheet)
    table_score: Callable[[Any], str]
    #: a table's figures typed from its paper sheet (whole numbers, one per seat): what no play
    #: can give (refused) and what play gives only in ways the options rule out for the usual
    #: table (unusual: stored once the organiser confirms them); paths ``scores.i``
    check_table_figures: Callable[[Any, Sequence[int]], Figures]


class GameRules(Protocol):
    """The interface every game module exposes as its module-level ``GAME`` object."""

    name: str  # "mariasz" | "mariage" | "marianna" | "marias"
    title: str  # shown to players, e.g. "Czech Mariáš" (N_ marked: the pages translate it)
    words: GameWords  # its summary, its presets' names and its suit names, for the pages
    default_preset: str
    presets: Mapping[str, Mapping[str, Any]]  # preset name -> option overrides

    # What the other layers ask of a game. They never branch on ``name``: a new question about a
    # game becomes an attribute or a method here, answered by every game.
    has_stake: bool  # played for money: a stake per unit and a currency (marias)
    default_currency: str  # the currency a new match offers ("" when has_stake is False)
    zero_sum: bool  # every deal's deltas (and so every table's results) sum to zero
    state_format: int  # the shape of the running state (see ``State``): bumped when it changes
    short_title: str  # the game's name on paper ("Mariáš")
    has_target: bool  # a deal may say who reached the target first (not German Mariage)
    carries_ties: bool  # a tied game waits for the next decided one (German Mariage)
    shows_current_game: bool  # games are played to a target: the board shows the one in progress
    dealer_sits_out: bool  # with one player more than a deal needs, the dealer sits each deal out
    minimal_extra: tuple[str, ...]  # state keys a ``Prefer: return=minimal`` answer carries too
    form: GameForm  # the deal form it is entered with, its parts' and flek levels' names
    tariff_names: tuple[str, ...]  # options that are a part's value in units (the tariff table)
    sheet: GameSheet  # the blank score sheet: columns per number of players, layout, reminder
    game_points_key: str  # heading key of the games' score column: match_points | game_points
    #: presets players know as games of their own, by their name ("Cinquecento")
    preset_titles: Mapping[str, str]
    #: per preset, the options it leaves no room for: a new-match form does not offer them
    preset_fixed: Mapping[str, frozenset[str]]

    # A game with ``has_stake`` also answers ``money(scores, stake) -> list[str]``: each
    # balance times the stake per unit, as a decimal string.

    def names_trump(self, options: Any) -> bool:
        """Whether a deal names a trump under these options (object or JSON form)."""
        ...

    def ends_by_finish(self, options: Any) -> bool:
        """Whether the table ends the match with *Finish* (an open Mariáš session)."""
        ...

    def plays_in_teams(self, options: Any) -> bool:
        """Whether scores belong to teams of two (marianna for four) rather than to players."""
        ...

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> Any:
        """Options for a preset with overrides applied; InvalidOptions names "options.x"."""
        ...

    def options_to_json(self, options: Any) -> dict[str, Any]:
        """Every effective option by its docs/rules.md name; make_options(preset, that)
        rebuilds it."""
        ...

    def player_counts(self, options: Any) -> tuple[int, ...]:
        """How many players may sit at the table with these options, e.g. (3, 4)."""
        ...

    def side_names(self, players: Sequence[str], options: Any) -> list[str]:
        """Whom scores belong to: the players, or the teams ("Jana & Ota") in marianna."""
        ...

    def parse_record(self, data: Mapping[str, Any], options: Any, n_players: int) -> Any:
        """Check a record on its own and return the game's frozen record. Raises InvalidDeal."""
        ...

    def record_to_json(self, record: Any) -> dict[str, Any]:
        """The canonical JSON form; parse_record(record_to_json(r)) == r."""
        ...

    def score(self, options: Any, n_players: int, records: Sequence[Any]) -> MatchScore:
        """Score a whole match, checking each record in context (e.g. after the end: MatchFinished,
        with ``deal`` set). Deterministic and pure: ``fold(self, options, n_players, records)``."""
        ...

    def start(self, options: Any, n_players: int) -> State:
        """The running state of a match with no deals yet (JSON-serialisable)."""
        ...

    def step(self, options: Any, state: State, record: Any) -> tuple[State, DealScore]:
        """Score the next deal (a parsed record or its JSON) in context: the new state (``state``
        itself is left as it was) and the deal's score. Raises InvalidDeal / MatchFinished with
        ``deal`` set to the deal's number, ``state["n"] + 1``."""
        ...

    def totals(self, options: Any, state: State) -> MatchScore:
        """The match's totals in a running state: scores, finished, winner, extra (no deals)."""
        ...

    tournament: GameTournament  # what a tournament asks of it (RULES.md §6)


def negative_figures(scores: Sequence[int]) -> list[FieldError]:
    """Typed figures below 0 where points are never negative (two-player and team games)."""
    return [
        FieldError(f"scores.{i}", Msg("figure_negative", n=value))
        for i, value in enumerate(scores)
        if value < 0
    ]


# ---------------------------------------------------------------- the running state

#: A game's running state: everything scoring the next deal needs to know about the deals before
#: it, as plain JSON (so a match can store it and append a deal without rescoring the others).
#: Every state holds ``"n"``, the number of deals folded into it. A game that changes the shape of
#: its state bumps its ``state_format``, so a stored state of another shape is never used.
State = dict[str, Any]


def fold(game: Any, options: Any, n_players: int, records: Sequence[Any]) -> MatchScore:
    """Score a whole match as a fold of ``game.step`` over its records (``score`` of every game)."""
    return fold_state(game, options, n_players, records)[0]


def fold_state(
    game: Any, options: Any, n_players: int, records: Sequence[Any]
) -> tuple[MatchScore, State]:
    """The match's score and its running state after the last record."""
    state, step = game.start(options, n_players), game.step
    deals = []
    try:
        for record in records:
            state, deal = step(options, state, record)
            deals.append(deal)
    except MatchFinished as error:
        error.total = len(records)  # which later deals stand after the end (deal…total)
        raise
    end = game.totals(options, state)
    return MatchScore(tuple(deals), end.scores, end.finished, end.winner, end.extra), state
