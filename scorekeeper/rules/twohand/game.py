"""What the Mariasz and Mariage GameRules share beyond the deal record: their options (checks,
presets and overrides, docs/rules.md §1–§2) and ``TwoHandGame``, the base of both games (two
players, the sheet's columns, the record's JSON through ``twohand``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import cached_property
from typing import Any

from ..base import (
    FieldError,
    GameForm,
    GameSheet,
    GameTournament,
    InvalidDeal,
    InvalidOptions,
    SheetColumn,
    negative_figures,
)
from ..messages import Msg
from . import (
    ACE_KING_MODES,
    TwoHandRecord,
    is_int,
    parse_two_hand,
    record_json,
)

# ---------------------------------------------------------------- options


def check_int(lo: int, hi: int | None = None, *, optional: bool = False) -> Callable[[Any], str]:
    """A check that an option is a whole number in lo..hi (or empty when ``optional``)."""

    def check(value: Any) -> str:
        if value is None and optional:
            return ""
        if not is_int(value):
            return Msg("twohand.whole_number", value=value)
        if value < lo or (hi is not None and value > hi):
            if hi is None:
                return Msg("twohand.at_least", low=lo)
            return Msg("twohand.between", low=lo, high=hi)
        return ""

    return check


def check_ace_king(value: Any) -> str:
    """The ace-king meld: off, 30/60 or (v2) trumps_only; stored true/false mean 30/60 / off."""
    if value in ACE_KING_MODES or isinstance(value, bool):
        return ""
    return Msg("twohand.ace_king_mode", words=ACE_KING_MODES, value=value)


def ace_king_mode(value: Any) -> str:
    """The ace_king option as one of ACE_KING_MODES (a stored ``true`` reads as ``30/60``)."""
    if isinstance(value, bool):
        return "30/60" if value else "off"
    return value


def check_bool(value: Any) -> str:
    """A check that an option is true or false."""
    return "" if isinstance(value, bool) else Msg("twohand.bool", value=value)


def _check_preset(title: str, presets: Mapping[str, Any], name: str) -> None:
    """The preset is one of the game's."""
    if name not in presets:
        raise InvalidOptions(
            "preset", Msg("twohand.no_preset", game=title, value=name, words=list(presets))
        )


def _check_option_names(cls: type, title: str, overrides: Mapping[str, Any]) -> None:
    """The overrides name only options of the game (all unknown ones are refused at once)."""
    names = [f.name for f in fields(cls)]
    unknown = [k for k in overrides if k not in names]
    if unknown:
        raise InvalidOptions(_no_option_errors(title, unknown, names))


def _no_option_errors(title: str, unknown: list[str], names: list[str]) -> list[FieldError]:
    """Each option the game does not have, with the ones it has."""
    return [
        FieldError(f"options.{k}", Msg("twohand.no_option", game=title, value=k, words=names))
        for k in unknown
    ]


def _check_overrides(
    cls: type, title: str, presets: Mapping[str, Any], name: str, overrides: Any
) -> Mapping[str, Any]:
    """The preset exists, the overrides are an object naming only known options."""
    _check_preset(title, presets, name)
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise InvalidOptions("options", Msg("twohand.options_object"))
    _check_option_names(cls, title, overrides)
    return overrides


def _how_it_ends(values: Mapping[str, Any]) -> list[FieldError]:
    """match_target XOR match_games."""
    if values["match_target"] is not None and values["match_games"] is not None:
        return [FieldError("options.match_games", Msg("twohand.target_and_games"))]
    if values["match_target"] is None and values["match_games"] is None:
        return [FieldError("options.match_target", Msg("twohand.target_or_games"))]
    return []


#: a match ends at a target or after a number of games: naming one alone switches the other off
_ONE_OR_OTHER = (("match_games", "match_target"), ("match_target", "match_games"))


def _switch_off_other(values: dict[str, Any], overrides: Mapping[str, Any]) -> None:
    """A match_games override alone switches match_target off, and the other way round."""
    for named, other in _ONE_OR_OTHER:
        if overrides.get(named) is not None and other not in overrides:
            values[other] = None


def _option_errors(
    values: Mapping[str, Any], checks: Mapping[str, Callable[[Any], str]]
) -> list[FieldError]:
    """Each checked option whose value is refused, with the reason."""
    return [FieldError(f"options.{k}", m) for k, c in checks.items() if (m := c(values[k]))]


def _preset_values(cls: type, preset: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's default, with the preset's settings on top."""
    return {f.name: f.default for f in fields(cls)} | dict(preset)


def build_options(
    cls: type,
    title: str,
    presets: Mapping[str, Mapping[str, Any]],
    preset: str | None,
    overrides: Mapping[str, Any] | None,
    checks: Mapping[str, Callable[[Any], str]],
) -> Any:
    """Options dataclass from defaults, a preset and overrides; match_target XOR match_games."""
    name = next(iter(presets)) if preset is None else preset
    overrides = _check_overrides(cls, title, presets, name, overrides)
    values = _preset_values(cls, presets[name])
    _switch_off_other(values, overrides)
    values.update(overrides)
    errors = _option_errors(values, checks) or _how_it_ends(values)
    if errors:
        raise InvalidOptions(errors)
    return cls(**values)


def options_json(options: Any) -> dict[str, Any]:
    """Every effective option by its docs/rules.md name."""
    out = {f.name: getattr(options, f.name) for f in fields(options)}
    if "ace_king" in out:
        out["ace_king"] = ace_king_mode(out["ace_king"])
    return out


def parse_all(game: Any, options: Any, n_players: int, records: Sequence[Any]) -> list[Any]:
    """Records as TwoHandRecords: raw dicts are parsed, so bad ones are refused with their deal."""
    parsed = []
    for n, record in enumerate(records, 1):
        if not isinstance(record, TwoHandRecord):
            try:
                record = game.parse_record(record, options, n_players)
            except InvalidDeal as exc:
                raise InvalidDeal(exc.errors, deal=n) from None
        parsed.append(record)
    return parsed


def two_hand_sheet(game_points_key: str, legend: str) -> GameSheet:
    """The blank sheet of two players: trump, card points, marriages, the game's result and the
    running score (match or game points)."""
    columns = (
        SheetColumn("n", "n"),
        SheetColumn("trump", "narrow"),
        SheetColumn("card_points", per_side=True),
        SheetColumn("marriages", per_side=True),
        SheetColumn("game_result", "wide"),
        SheetColumn(game_points_key, "strong", per_side=True),
    )
    return GameSheet(columns={2: columns}, landscape=False, legend=legend)


def two_hand_tournament(game_points_key: str) -> GameTournament:
    """A tournament of two players a table, paired Swiss-style: match wins, then match points and
    Buchholz; a table's figure is each player's match points (Mariasz) or game points (Mariage),
    never below 0 (docs/rules.md §6: typed figures)."""
    return GameTournament(
        rankings=("wins",),
        table_sizes=(2,),
        standings_kind=lambda options: "twoplayer",
        table_score=lambda options: game_points_key,
        check_table_figures=lambda options, scores: (negative_figures(scores), []),
    )


class TwoHandGame:
    """What the Mariasz and Mariage GameRules share: options, two players, the record's JSON.

    A subclass sets ``name``, ``title``, ``options_class``, ``checks`` and defines
    ``record_rules(options) -> RecordRules`` (what a record may say under those options)."""

    name: str
    title: str
    default_preset = "standard"
    presets: Mapping[str, Mapping[str, Any]] = {"standard": {}}
    options_class: type
    checks: Mapping[str, Callable[[Any], str]]
    has_stake = False
    default_currency = ""
    zero_sum = False
    short_title: str
    has_target = True
    carries_ties = False
    shows_current_game = False
    dealer_sits_out = False
    minimal_extra: tuple[str, ...] = ("current",)
    form = GameForm("twohand")
    tariff_names: tuple[str, ...] = ()
    preset_titles: Mapping[str, str] = {}
    preset_fixed: Mapping[str, frozenset[str]] = {}
    game_points_key = "game_points"
    sheet: GameSheet  # ``two_hand_sheet``

    @cached_property
    def tournament(self) -> GameTournament:
        """Pairs, Swiss-style; a table's figure in the game's own points (``game_points_key``)."""
        return two_hand_tournament(self.game_points_key)

    def names_trump(self, options: Any) -> bool:
        """A deal names its trump (Mariasz without trumps overrides this)."""
        return True

    def ends_by_finish(self, options: Any) -> bool:
        """The match ends by its own target or number of games."""
        return False

    def plays_in_teams(self, options: Any) -> bool:
        """Two players, each on their own."""
        return False

    def make_options(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> Any:
        """Options for a preset with overrides applied; InvalidOptions names 'options.x'."""
        return build_options(
            self.options_class, self.title, self.presets, preset, overrides, self.checks
        )

    def options_to_json(self, options: Any) -> dict[str, Any]:
        """Every effective option by its docs/rules.md name."""
        return options_json(options)

    def player_counts(self, options: Any) -> tuple[int, ...]:
        """These games are for two."""
        return (2,)

    def side_names(self, players: Sequence[str], options: Any) -> list[str]:
        """Each player keeps their own score."""
        if len(players) != 2:
            raise InvalidOptions("players", Msg("twohand.two_players", game=self.title))
        return list(players)

    def parse_record(self, data: Mapping[str, Any], options: Any, n_players: int) -> TwoHandRecord:
        """Check a record on its own (docs/rules.md §5); InvalidDeal names the field."""
        return parse_two_hand(data, self.record_rules(options), n_players)

    def record_to_json(self, record: TwoHandRecord) -> dict[str, Any]:
        """The canonical JSON form of a record."""
        return record_json(record)
