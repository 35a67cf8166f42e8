"""The checks of docs/rules.md §5 between the fields of one Mariáš deal record.

Called by ``marias_parse.parse_record`` once every field has the right type and range. Raises
InvalidDeal listing every problem found, each with the JSON path of the field it is about.
"""

from __future__ import annotations

from ..base import FieldError, InvalidDeal
from ..messages import Msg
from . import messages as _catalogue  # noqa: F401  (registers the codes used below)
from .record import (
    CARD_POINTS,
    GAME_KINDS,
    MAX_POINTS,
    NO_TRUMP_GAMES,
    SEVEN_KINDS,
    MariasRecord,
    Part,
    Silent,
)

_GAMES = frozenset(GAME_KINDS)
_SEVENS = frozenset(SEVEN_KINDS)


def _played_out(total: int) -> bool:
    """Whether both sides' points can add up to ``total`` in a played-out deal: all 90 card
    points, and marriages in twenties up to MAX_POINTS."""
    return CARD_POINTS <= total <= MAX_POINTS and not (total - CARD_POINTS) % 20


def _points_and_games(record: MariasRecord, errors: list[FieldError]) -> None:
    """Both sides' points must add up to a played-out deal (unless a renonc stopped it)."""
    dp, fp = record.declarer_points, record.defender_points
    if dp is None or fp is None:
        return
    total = dp + fp
    if record.renonc is not None:
        ok, code = total <= MAX_POINTS, "marias.renonc_total"
    else:
        ok, code = _played_out(total), "marias.points_total"
    if not ok:
        errors.append(FieldError("defender_points", Msg(code, n=total)))


def _under_100(points: int | None) -> bool:
    """Recorded points, too few for a hundred."""
    return points is not None and points < 100


def _hra_undecided(record: MariasRecord) -> Msg | None:
    """Why a hra left without ``won`` cannot be decided: no silent hundred and no points."""
    if any(s.kind == "tiche_sto" for s in record.silent):
        return None
    if record.declarer_points is None or record.defender_points is None:
        return Msg("marias.hra_won_or_points")
    return None


def _hra_against_points(record: MariasRecord, won: bool) -> Msg | None:
    """Why a hra's ``won`` contradicts the recorded points (None: it does not)."""
    dp, fp = record.declarer_points, record.defender_points
    if dp is None or fp is None or won == (dp > fp):
        return None
    code = "marias.hra_won_against" if won else "marias.hra_lost_against"
    return Msg(code, dp=dp, fp=fp)


def _hra_won(record: MariasRecord, part: Part, field: str, errors: list[FieldError]) -> None:
    """The hra says won or lost (or the points decide it), and agrees with the points."""
    if part.won is None:
        problem = _hra_undecided(record)
    else:
        problem = _hra_against_points(record, part.won)
    if problem is not None:
        errors.append(FieldError(field, problem))


def _won_missing(kind: str) -> Msg:
    """A part other than the hra left without ``won``."""
    if kind == "sto_proti":
        return Msg("marias.sto_proti_made")
    return Msg("marias.part_won", part=kind)


def _hundred_short(record: MariasRecord, kind: str) -> Msg | None:
    """Why a hundred marked won cannot be: its side has under 100 points (None: it can)."""
    dp, fp = record.declarer_points, record.defender_points
    if kind == "sto" and _under_100(dp):
        return Msg("marias.sto_short", dp=dp)
    if kind == "sto_proti" and _under_100(fp):
        return Msg("marias.sto_proti_short", fp=fp)
    return None


def _part_won(record: MariasRecord, part: Part, field: str, errors: list[FieldError]) -> None:
    """Another part says won or lost; a hundred marked won has its 100 points."""
    if part.won is None:
        errors.append(FieldError(field, _won_missing(part.kind)))
    elif part.won:
        short = _hundred_short(record, part.kind)
        if short is not None:
            errors.append(FieldError(field, short))


def _won(record: MariasRecord, errors: list[FieldError]) -> None:
    """Every part says won or lost, and nothing contradicts the recorded points (no renonc)."""
    for i, part in enumerate(record.parts):
        check = _hra_won if part.kind == "hra" else _part_won
        check(record, part, f"parts.{i}.won", errors)


def _hundred_decides_hra(
    record: MariasRecord, silent: Silent, field: str, errors: list[FieldError]
) -> None:
    """A silent hundred decides the hra: a hra marked won or lost must agree with its side."""
    hra = record.game
    if hra.won is not None and hra.won != (silent.side == "declarer"):
        said = "won" if hra.won else "lost"
        code = f"marias.silent_hundred_{silent.side}_{said}"
        errors.append(FieldError(f"{field}.side", Msg(code)))


# The codes about a silent hundred's points, by whether the declarer's side made it:
# (too few for a hundred, not the points the hundred says).
_HUNDRED_POINTS_CODES = {
    True: ("marias.declarer_needs_100", "marias.declarer_points_differ"),
    False: ("marias.defenders_need_100", "marias.defenders_points_differ"),
}


def _hundred_points(
    record: MariasRecord, silent: Silent, field: str, errors: list[FieldError]
) -> None:
    """The side of a silent hundred has its 100 points, and the points the hundred says."""
    mine = silent.side == "declarer"
    pts = record.declarer_points if mine else record.defender_points
    too_few, differ = _HUNDRED_POINTS_CODES[mine]
    if pts is None:
        return
    if pts < 100:
        errors.append(FieldError(f"{field}.side", Msg(too_few, n=pts)))
    elif silent.points not in (None, pts):
        errors.append(FieldError(f"{field}.points", Msg(differ, points=silent.points, n=pts)))


def _silent_hundred(
    record: MariasRecord, silent: Silent, field: str, errors: list[FieldError]
) -> None:
    """A silent hundred with the hra: it decides the hra, and its side has the 100 points."""
    _hundred_decides_hra(record, silent, field, errors)
    _hundred_points(record, silent, field, errors)


def _silent_kind_problem(kind: str, game: str, sevens: list[int]) -> Msg | None:
    """Why a silent part cannot come with this game: no trumps, the seven announced, or a
    hundred without a hra (None: it can)."""
    if game in NO_TRUMP_GAMES:
        return Msg("marias.silent_no_trumps", part=game)
    if kind == "ticha_sedma":
        return Msg("marias.seven_announced") if sevens else None
    if kind == "tiche_sto" and game != "hra":
        return Msg("marias.silent_hundred_game", part=game)
    return None


def _silent(record: MariasRecord, game: str, sevens: list[int], errors: list[FieldError]) -> None:
    """Silent parts need trumps, no announced seven (the seven) or a hra (the hundred)."""
    for i, silent in enumerate(record.silent):
        field = f"silent.{i}"
        problem = _silent_kind_problem(silent.kind, game, sevens)
        if problem is not None:
            errors.append(FieldError(f"{field}.kind", problem))
        elif silent.kind == "tiche_sto":
            _silent_hundred(record, silent, field, errors)


def _sitter(record: MariasRecord, n_players: int, errors: list[FieldError]) -> None:
    """With four, the dealer sits out: he neither declares nor revokes."""
    if n_players != 4 or record.dealer is None:
        return
    if record.declarer == record.dealer:
        errors.append(FieldError("declarer", Msg("marias.dealer_declares", sitter=record.dealer)))
    if record.renonc == record.dealer:
        errors.append(FieldError("renonc", Msg("marias.dealer_revokes", sitter=record.dealer)))


def _one_game(record: MariasRecord, games: list[int], sevens: list[int]) -> list[FieldError]:
    """One game part and at most one seven."""
    errors = []
    kinds = [p.kind for p in record.parts]
    if not games:
        errors.append(FieldError("parts", Msg("marias.no_game")))
    errors += [
        FieldError(f"parts.{i}.kind", Msg("marias.two_games", part=kinds[games[0]], part2=kinds[i]))
        for i in games[1:]
    ]
    errors += [
        FieldError(
            f"parts.{i}.kind", Msg("marias.two_sevens", part=kinds[sevens[0]], part2=kinds[i])
        )
        for i in sevens[1:]
    ]
    return errors


def _trumps(record: MariasRecord, game: str, sevens: list[int], errors: list[FieldError]) -> None:
    """Betl and durch have no trumps (nor a seven); every other game names them."""
    if game in NO_TRUMP_GAMES:
        if record.trump is not None:
            errors.append(FieldError("trump", Msg("marias.no_trump_game", part=game)))
        errors.extend(
            FieldError(
                f"parts.{i}.kind",
                Msg("marias.seven_needs_trump", part=record.parts[i].kind, part2=game),
            )
            for i in sevens
        )
    elif record.trump is None:
        errors.append(FieldError("trump", Msg("marias.name_trump", part=game)))


def _indexes(record: MariasRecord, kinds: frozenset[str]) -> list[int]:
    """Where the parts of these kinds are in the record's list."""
    return [i for i, p in enumerate(record.parts) if p.kind in kinds]


def _game_checks(record: MariasRecord, errors: list[FieldError]) -> str | None:
    """One game and at most one seven, and the trumps and silent parts the game allows; the
    game's kind (None: there is no game)."""
    games = _indexes(record, _GAMES)
    sevens = _indexes(record, _SEVENS)
    errors.extend(_one_game(record, games, sevens))
    if not games:
        return None
    game = record.parts[games[0]].kind
    _trumps(record, game, sevens, errors)
    _silent(record, game, sevens, errors)
    return game


def check_record(record: MariasRecord, n_players: int) -> None:
    """Raise InvalidDeal for every docs/rules.md §5 contradiction between the record's fields."""
    errors: list[FieldError] = []
    _sitter(record, n_players, errors)
    game = _game_checks(record, errors)
    _points_and_games(record, errors)
    if record.renonc is None and game is not None:
        _won(record, errors)
    if errors:
        raise InvalidDeal(errors)
