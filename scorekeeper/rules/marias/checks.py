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


def _points_and_games(record: MariasRecord, errors: list[FieldError]) -> None:
    """Both sides' points must add up to a played-out deal (unless a renonc stopped it)."""
    dp, fp = record.declarer_points, record.defender_points
    if dp is None or fp is None:
        return
    total = dp + fp
    if record.renonc is not None:
        if total > MAX_POINTS:
            errors.append(FieldError("defender_points", Msg("marias.renonc_total", n=total)))
        return
    if not CARD_POINTS <= total <= MAX_POINTS or (total - CARD_POINTS) % 20:
        errors.append(FieldError("defender_points", Msg("marias.points_total", n=total)))


def _hra_won(record: MariasRecord, part: Part, field: str, errors: list[FieldError]) -> None:
    """The hra says won or lost (or the points decide it), and agrees with the points."""
    dp, fp = record.declarer_points, record.defender_points
    if part.won is None:
        silent_hundred = any(s.kind == "tiche_sto" for s in record.silent)
        if not silent_hundred and (dp is None or fp is None):
            errors.append(FieldError(field, Msg("marias.hra_won_or_points")))
    elif dp is not None and fp is not None and part.won != (dp > fp):
        code = "marias.hra_won_against" if part.won else "marias.hra_lost_against"
        errors.append(FieldError(field, Msg(code, dp=dp, fp=fp)))


def _part_won(record: MariasRecord, part: Part, field: str, errors: list[FieldError]) -> None:
    """Another part says won or lost; a hundred marked won has its 100 points."""
    dp, fp = record.declarer_points, record.defender_points
    if part.won is None:
        if part.kind == "sto_proti":
            errors.append(FieldError(field, Msg("marias.sto_proti_made")))
        else:
            errors.append(FieldError(field, Msg("marias.part_won", part=part.kind)))
    elif part.kind == "sto" and part.won and dp is not None and dp < 100:
        errors.append(FieldError(field, Msg("marias.sto_short", dp=dp)))
    elif part.kind == "sto_proti" and part.won and fp is not None and fp < 100:
        errors.append(FieldError(field, Msg("marias.sto_proti_short", fp=fp)))


def _won(record: MariasRecord, errors: list[FieldError]) -> None:
    """Every part says won or lost, and nothing contradicts the recorded points (no renonc)."""
    for i, part in enumerate(record.parts):
        check = _hra_won if part.kind == "hra" else _part_won
        check(record, part, f"parts.{i}.won", errors)


def _silent_hundred(
    record: MariasRecord, silent: Silent, field: str, errors: list[FieldError]
) -> None:
    """A silent hundred with the hra: it decides the hra, and its side has the 100 points."""
    side = silent.side
    hra = record.game
    if hra.won is not None and hra.won != (side == "declarer"):
        said = "won" if hra.won else "lost"
        errors.append(FieldError(f"{field}.side", Msg(f"marias.silent_hundred_{side}_{said}")))
    pts = record.declarer_points if side == "declarer" else record.defender_points
    if pts is not None and pts < 100:
        code = "marias.declarer_needs_100" if side == "declarer" else "marias.defenders_need_100"
        errors.append(FieldError(f"{field}.side", Msg(code, n=pts)))
    elif pts is not None and silent.points is not None and silent.points != pts:
        code = (
            "marias.declarer_points_differ"
            if side == "declarer"
            else "marias.defenders_points_differ"
        )
        errors.append(FieldError(f"{field}.points", Msg(code, points=silent.points, n=pts)))


def _silent(record: MariasRecord, game: str, sevens: list[int], errors: list[FieldError]) -> None:
    """Silent parts need trumps, no announced seven (the seven) or a hra (the hundred)."""
    for i, silent in enumerate(record.silent):
        field = f"silent.{i}"
        if game in NO_TRUMP_GAMES:
            errors.append(FieldError(f"{field}.kind", Msg("marias.silent_no_trumps", part=game)))
        elif silent.kind == "ticha_sedma" and sevens:
            errors.append(FieldError(f"{field}.kind", Msg("marias.seven_announced")))
        elif silent.kind == "tiche_sto":
            if game != "hra":
                errors.append(
                    FieldError(f"{field}.kind", Msg("marias.silent_hundred_game", part=game))
                )
                continue
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


def check_record(record: MariasRecord, n_players: int) -> None:
    """Raise InvalidDeal for every docs/rules.md §5 contradiction between the record's fields."""
    errors: list[FieldError] = []
    _sitter(record, n_players, errors)
    games = [i for i, p in enumerate(record.parts) if p.kind in _GAMES]
    sevens = [i for i, p in enumerate(record.parts) if p.kind in _SEVENS]
    errors += _one_game(record, games, sevens)
    game = record.parts[games[0]].kind if games else None
    if game is not None:
        _trumps(record, game, sevens, errors)
        _silent(record, game, sevens, errors)
    _points_and_games(record, errors)
    if record.renonc is None and game is not None:
        _won(record, errors)
    if errors:
        raise InvalidDeal(errors)
