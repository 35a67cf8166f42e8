"""What Polish Mariasz and German Mariage scoring share: card points, the deal record, options.

Both games (docs/rules.md §1, §2) use the same cards and the same deal record (docs/api.md
"Deal records"):
``{"trump", "points": [a, b | null], "marriages": [[suits], [suits]], "first_to_target"}``, plus
``"ace_kings"`` when the ace-king meld house rule is on and ``"closed_by"`` when closing is on.
This module parses and checks such a record on its own (docs/rules.md §5), turns it back into its
canonical JSON and adds up a deal's points; the game modules do the scoring in context.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from . import messages_twohand  # noqa: F401  (registers the codes below)
from .base import SUITS, FieldError, InvalidDeal, InvalidOptions, SheetColumn, negative_figures
from .messages import Msg

# docs/rules.md §1 "Card points".
CARD_POINTS: Mapping[str, int] = {
    "A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0,
}  # fmt: skip
PAMFIL_POINTS = 11  # the trump queen (ober) instead of 3
LAST_TRICK_POINTS = 10
TRUMP_MARRIAGE, PLAIN_MARRIAGE = 40, 20
TRUMP_ACE_KING, PLAIN_ACE_KING = 60, 30  # house rule ``ace_king`` 30/60 (docs/rules.md §1)
TRUMPS_ONLY_ACE_KING = 40  # v2 ``ace_king`` trumps_only (docs/rules.md §1): only in trumps, for 40
ACE_KING_MODES = ("off", "30/60", "trumps_only")
SEATS = (0, 1)


def card_points(rank: str, suit: str, trump: str | None, *, pamfil: bool = True) -> int:
    """Card points of one card taken in a trick; the trump queen is the pamfil (11)."""
    if rank == "Q" and pamfil and suit == trump:
        return PAMFIL_POINTS
    return CARD_POINTS[rank]


def trick_points(cards: list[tuple[str, str]], trump: str | None, *, pamfil: bool = True) -> int:
    """Card points of a trick given as (rank, suit) pairs."""
    return sum(card_points(rank, suit, trump, pamfil=pamfil) for rank, suit in cards)


def deal_total(pamfil: bool = True) -> int:
    """Card points in a played-out deal: 138 with the pamfil, 130 without (docs/rules.md §1, §2)."""
    extra = PAMFIL_POINTS - CARD_POINTS["Q"] if pamfil else 0
    return len(SUITS) * sum(CARD_POINTS.values()) + extra + LAST_TRICK_POINTS


def player(seat: int) -> str:
    """How explanations and messages name a seat: 'player 1' or 'player 2'."""
    return f"player {seat + 1}"


def is_int(value: Any) -> bool:
    """A JSON whole number (booleans are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


Melds = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class TwoHandRecord:
    """One deal of Mariasz or Mariage as the table reported it (``points[1]`` None = played out)."""

    trump: str | None
    points: tuple[int, int | None]
    marriages: Melds
    first_to_target: int | None = None
    ace_kings: Melds | None = None  # None: the ace_king option was off
    closed_by: int | None = None
    has_closed_by: bool = False  # the closing option was on, so the record carries closed_by
    ace_king_trumps_only: bool = False  # v2: the ace-king meld is allowed in trumps only, for 40

    def card_points(self, total: int) -> tuple[int, int]:
        """Both players' card points, filling in a played-out second value."""
        first, second = self.points
        return first, (total - first if second is None else second)

    def is_short(self, total: int) -> bool:
        """The deal stopped before all cards were played (someone claimed the target)."""
        return sum(self.card_points(total)) < total


def meld_value(
    suit: str, trump: str | None, *, ace_king: bool = False, trumps_only: bool = False
) -> int:
    """Points of one marriage (40 trump, 20 plain) or ace-king meld (60 / 30; trumps only 40)."""
    if ace_king and trumps_only:
        return TRUMPS_ONLY_ACE_KING
    if ace_king:
        return TRUMP_ACE_KING if suit == trump else PLAIN_ACE_KING
    return TRUMP_MARRIAGE if suit == trump else PLAIN_MARRIAGE


def deal_points(record: TwoHandRecord, total: int) -> tuple[int, int]:
    """Each player's points in the deal: card points + marriages (+ ace-kings)."""
    first, second = record.points
    cards = (first, total - first if second is None else second)
    trump, out = record.trump, [0, 0]
    for s in SEATS:
        points = cards[s]
        for m in record.marriages[s]:
            points += TRUMP_MARRIAGE if m == trump else PLAIN_MARRIAGE
        if record.ace_kings:
            for m in record.ace_kings[s]:
                points += meld_value(
                    m, trump, ace_king=True, trumps_only=record.ace_king_trumps_only
                )
        out[s] = points
    return out[0], out[1]


def _meld(suit: str, record: TwoHandRecord, *, ace_king: bool = False) -> Msg:
    """One meld of the explanation: 'trump marriage (hearts) 40'."""
    trump = record.trump
    if ace_king:
        value = meld_value(suit, trump, ace_king=True, trumps_only=record.ace_king_trumps_only)
        return Msg("twohand.ace_king", suit=suit, points=value)
    code = "twohand.trump_marriage" if suit == trump else "twohand.plain_marriage"
    return Msg(code, suit=suit, points=meld_value(suit, trump))


@lru_cache(maxsize=8192)
def describe_deal(record: TwoHandRecord, total: int, sums: tuple[int, int]) -> Msg:
    """'player 1: 75 card points + trump marriage (hearts) 40 = 115; player 2: 63 card points'.

    Memoised (records are frozen): a tournament repeats the same deals many times."""
    cards, parts = record.card_points(total), []
    for s in SEATS:
        melds = [_meld(m, record) for m in record.marriages[s]] + [
            _meld(m, record, ace_king=True) for m in (record.ace_kings or ((), ()))[s]
        ]
        if melds:
            parts.append(
                Msg("twohand.side_melds", player=s, cards=cards[s], melds=tuple(melds), sum=sums[s])
            )
        else:
            parts.append(Msg("twohand.side_cards", player=s, cards=cards[s]))
    return Msg("twohand.deal", first=parts[0], second=parts[1])


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


def _check_overrides(
    cls: type, title: str, presets: Mapping[str, Any], name: str, overrides: Any
) -> Mapping[str, Any]:
    """The preset exists, the overrides are an object naming only known options."""
    if name not in presets:
        raise InvalidOptions(
            "preset", Msg("twohand.no_preset", game=title, value=name, words=list(presets))
        )
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise InvalidOptions("options", Msg("twohand.options_object"))
    names = [f.name for f in fields(cls)]
    unknown = [k for k in overrides if k not in names]
    if unknown:
        raise InvalidOptions(
            [
                FieldError(f"options.{k}", Msg("twohand.no_option", game=title, value=k,
                                               words=names))
                for k in unknown
            ]
        )  # fmt: skip
    return overrides


def _how_it_ends(values: Mapping[str, Any]) -> list[FieldError]:
    """match_target XOR match_games."""
    if values["match_target"] is not None and values["match_games"] is not None:
        return [FieldError("options.match_games", Msg("twohand.target_and_games"))]
    if values["match_target"] is None and values["match_games"] is None:
        return [FieldError("options.match_target", Msg("twohand.target_or_games"))]
    return []


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
    values = {f.name: f.default for f in fields(cls)} | dict(presets[name])
    # One or the other: naming one of them alone switches the other off.
    if overrides.get("match_games") is not None and "match_target" not in overrides:
        values["match_target"] = None
    if overrides.get("match_target") is not None and "match_games" not in overrides:
        values["match_games"] = None
    values.update(overrides)
    errors = [FieldError(f"options.{k}", m) for k, c in checks.items() if (m := c(values[k]))]
    errors = errors or _how_it_ends(values)
    if errors:
        raise InvalidOptions(errors)
    return cls(**values)


# ---------------------------------------------------------------- the deal record


@dataclass(frozen=True)
class RecordRules:
    """What a game allows in its records: deal total, target, house-rule fields."""

    title: str
    total: int
    target: int | None  # None: no target (German scoring), so every deal is played out
    ace_king: bool = False
    closing: bool = False
    ace_king_trumps_only: bool = False  # v2 (docs/rules.md §1): ace-kings in trumps only, for 40
    no_trump: bool = False  # v2 (docs/rules.md §1): deals have no trump; naming one is refused


def _seat(value: Any, path: str, code: str, errors: list[FieldError]) -> int | None:
    if value is None:
        return None
    if not is_int(value) or value not in SEATS:
        errors.append(FieldError(path, Msg(code, player=0, other=1, value=value)))
        return None
    return value


def _melds(
    data: Any, key: str, taken: dict[str, tuple[str, int]], errors: list[FieldError]
) -> Melds:
    """Parse two lists of suits; ``taken`` maps suit -> (meld key, seat) that melded it."""
    if data is None:
        return ((), ())
    if not isinstance(data, list) or len(data) != 2 or not all(isinstance(x, list) for x in data):
        errors.append(FieldError(key, Msg("twohand.melds_shape", what=Msg(f"twohand.{key}"))))
        return ((), ())
    out: list[tuple[str, ...]] = []
    for s, suits in enumerate(data):
        good = []
        for i, suit in enumerate(suits):
            path = f"{key}.{s}.{i}"
            if suit not in SUITS:
                errors.append(FieldError(path, Msg("twohand.not_a_suit", value=suit, words=SUITS)))
            elif suit in taken:
                where, seat = taken[suit]
                code = (
                    "twohand.king_in_marriage"
                    if where == "marriages"
                    else ("twohand.king_in_ace_king")
                )
                errors.append(FieldError(path, Msg(code, suit=suit, player=seat)))
            else:
                taken[suit] = (key, s)
                good.append(suit)
        out.append(tuple(sorted(good, key=SUITS.index)))
    return out[0], out[1]


_OFF = {"ace_kings": "twohand.ace_king_off", "closed_by": "twohand.closing_off"}


def _unknown_keys(data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]) -> None:
    """Keys that are not part of the record under these options."""
    allowed = {"trump", "points", "marriages", "first_to_target"}
    allowed |= {"ace_kings"} if rules.ace_king else set()
    allowed |= {"closed_by"} if rules.closing else set()
    for key in data:
        if key not in allowed:
            msg = (
                Msg(_OFF[key])
                if key in _OFF
                else Msg("twohand.not_in_record", value=key, game=rules.title)
            )
            errors.append(FieldError(str(key), msg))


def _trump(data: Mapping[str, Any], rules: RecordRules, errors: list[FieldError]) -> str | None:
    trump = data.get("trump")
    if trump is not None and rules.no_trump:
        errors.append(FieldError("trump", Msg("twohand.no_trump_match")))
        return None
    if trump is not None and trump not in SUITS:
        errors.append(FieldError("trump", Msg("twohand.trump_suit", words=SUITS, value=trump)))
        return None
    return trump


def _all_melds(
    data: Mapping[str, Any], rules: RecordRules, trump: str | None, errors: list[FieldError]
) -> tuple[Melds, Melds | None]:
    """Marriages and (with the option) ace-kings, each suit melded once; trumps named."""
    taken: dict[str, tuple[str, int]] = {}
    marriages = _melds(data.get("marriages"), "marriages", taken, errors)
    count = sum(len(m) for m in marriages)
    raw = data.get("marriages")
    if isinstance(raw, list):
        recorded = sum(len(x) for x in raw if isinstance(x, list))
        if recorded > len(SUITS):
            errors.append(FieldError("marriages", Msg("twohand.too_many_marriages", n=recorded)))
    ace_kings = None
    if rules.ace_king:
        ace_kings = _melds(data.get("ace_kings"), "ace_kings", taken, errors)
        count += sum(len(m) for m in ace_kings)
        if rules.ace_king_trumps_only and trump is not None:
            errors.extend(
                FieldError(f"ace_kings.{s}.{i}", Msg("twohand.ace_king_trumps_only", suit=suit))
                for s, suits in enumerate(ace_kings)
                for i, suit in enumerate(suits)
                if suit != trump
            )
    if count and data.get("trump") is None and not rules.no_trump:
        errors.append(FieldError("trump", Msg("twohand.name_trump")))
    return marriages, ace_kings


def parse_two_hand(data: Any, rules: RecordRules, n_players: int) -> TwoHandRecord:
    """Check a deal record on its own (docs/rules.md §5) and return it in canonical order."""
    if n_players != 2:
        raise InvalidDeal("players", Msg("twohand.players", game=rules.title, n=n_players))
    if not isinstance(data, Mapping):
        raise InvalidDeal("record", Msg("twohand.record_object"))
    errors: list[FieldError] = []
    _unknown_keys(data, rules, errors)
    trump = _trump(data, rules, errors)
    points = _points(data.get("points"), rules, errors)
    marriages, ace_kings = _all_melds(data, rules, trump, errors)
    first = _seat(data.get("first_to_target"), "first_to_target", "twohand.first_seat", errors)
    if first is not None and rules.target is None:
        errors.append(FieldError("first_to_target", Msg("twohand.no_target")))
    closed_by = _seat(data.get("closed_by"), "closed_by", "twohand.closer_seat", errors)
    if errors:
        raise InvalidDeal(errors)
    return TwoHandRecord(
        trump=trump,
        points=points,  # type: ignore[arg-type]
        marriages=marriages,
        first_to_target=first,
        ace_kings=ace_kings,
        closed_by=closed_by,
        has_closed_by=rules.closing,
        ace_king_trumps_only=rules.ace_king_trumps_only,
    )


def _one_points(s: int, v: Any, total: int) -> Msg | None:
    """Why one player's card points are refused, or None."""
    if v is None:
        return Msg("twohand.enter_points", player=0)
    if not is_int(v):
        return Msg("twohand.points_whole", player=s, value=v)
    if not 0 <= v <= total:
        return Msg("twohand.points_range", player=s, total=total, n=v)
    return None


def _points(value: Any, rules: RecordRules, errors: list[FieldError]) -> tuple[Any, Any]:
    total = rules.total
    if not isinstance(value, list) or len(value) != 2:
        errors.append(FieldError("points", Msg("twohand.points_shape")))
        return (0, None)
    good = True
    for s, v in enumerate(value):
        if v is None and s == 1:
            continue
        why = _one_points(s, v, total)
        if why is not None:
            errors.append(FieldError(f"points.{s}", why))
            good = False
    if good and value[1] is not None:
        added = value[0] + value[1]
        if added > total:
            errors.append(FieldError("points", Msg("twohand.points_over", n=added, total=total)))
        elif added < total and rules.target is None:
            errors.append(FieldError("points", Msg("twohand.points_under", n=added, total=total)))
    return value[0], value[1]


def record_json(record: TwoHandRecord) -> dict[str, Any]:
    """The canonical JSON of a record (docs/api.md), the inverse of parse_two_hand."""
    data: dict[str, Any] = {
        "trump": record.trump,
        "points": list(record.points),
        "marriages": [list(m) for m in record.marriages],
        "first_to_target": record.first_to_target,
    }
    if record.ace_kings is not None:
        data["ace_kings"] = [list(m) for m in record.ace_kings]
    if record.has_closed_by:
        data["closed_by"] = record.closed_by
    return data


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
    tournament_rankings = ("wins",)
    tournament_table_sizes = (2,)
    deal_form = "twohand"
    short_title: str
    has_target = True
    carries_ties = False
    shows_current_game = False
    dealer_sits_out = False
    minimal_extra: tuple[str, ...] = ("current",)
    part_names: Mapping[str, str] = {}
    flek_names: tuple[str, ...] = ()
    tariff_names: tuple[str, ...] = ()
    sheet_seats = (2,)
    sheet_landscape = False
    preset_titles: Mapping[str, str] = {}
    preset_fixed: Mapping[str, frozenset[str]] = {}
    game_points_key = "game_points"
    sheet_legend: str

    def sheet_columns(self, n_players: int) -> tuple[SheetColumn, ...]:
        """Trump, card points, marriages, the game's result and the running score."""
        return (
            SheetColumn("n", "n"),
            SheetColumn("trump", "narrow"),
            SheetColumn("card_points", per_side=True),
            SheetColumn("marriages", per_side=True),
            SheetColumn("game_result", "wide"),
            SheetColumn(self.game_points_key, "strong", per_side=True),
        )

    def names_trump(self, options: Any) -> bool:
        """A deal names its trump (Mariasz without trumps overrides this)."""
        return True

    def ends_by_finish(self, options: Any) -> bool:
        """The match ends by its own target or number of games."""
        return False

    def plays_in_teams(self, options: Any) -> bool:
        """Two players, each on their own."""
        return False

    def standings_kind(self, options: Any) -> str:
        """Pairs: match wins, then match points and Buchholz."""
        return "twoplayer"

    def table_score(self, options: Any) -> str:
        """What the score column counts: match points (Mariasz) or game points (Mariage)."""
        return self.game_points_key

    def check_table_figures(
        self, options: Any, scores: Sequence[int]
    ) -> tuple[list[FieldError], list[FieldError]]:
        """Match or game points are never below 0 (docs/rules.md §6: typed figures)."""
        return negative_figures(scores), []

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
