"""The checks of docs/rules.md §5 between the fields of one Mariáš deal record.

Called by ``marias_parse.parse_record`` once every field has the right type and range. Raises
InvalidDeal listing every problem found, each with the JSON path of the field it is about.
"""

from __future__ import annotations

from ..base import FieldError, InvalidDeal
from .record import (
    CARD_POINTS,
    GAME_KINDS,
    MAX_POINTS,
    NAMES,
    NO_TRUMP_GAMES,
    SEVEN_KINDS,
    MariasRecord,
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
            errors.append(
                FieldError("defender_points", f"Points add up to {total}; a deal holds at most 190")
            )
        return
    if not CARD_POINTS <= total <= MAX_POINTS or (total - CARD_POINTS) % 20:
        errors.append(
            FieldError(
                "defender_points",
                f"Points add up to {total}; a played-out deal holds 90 card points "
                "plus the marriages (20 or 40 each, at most 190 in all)",
            )
        )


def _won(record: MariasRecord, errors: list[FieldError]) -> None:
    """Every part says won or lost, and nothing contradicts the recorded points."""
    dp, fp = record.declarer_points, record.defender_points
    silent_hundred = next((s for s in record.silent if s.kind == "tiche_sto"), None)
    for i, part in enumerate(record.parts):
        field = f"parts.{i}.won"
        if part.kind == "hra":
            if part.won is None:
                if silent_hundred is None and (dp is None or fp is None):
                    errors.append(
                        FieldError(
                            field, "Say whether the hra was won or lost, or give both sides' points"
                        )
                    )
            elif dp is not None and fp is not None and part.won != (dp > fp):
                said = "won" if part.won else "lost"
                errors.append(
                    FieldError(
                        field,
                        f"The hra is marked {said} but the declarer has {dp} points against "
                        f"{fp} (the declarer needs more than the defenders; a tie loses)",
                    )
                )
            continue
        if part.won is None:
            if record.renonc is None and part.kind == "sto_proti":
                errors.append(
                    FieldError(field, "Say whether the defenders' hundred was made or failed")
                )
            elif record.renonc is None:
                errors.append(FieldError(field, f"Say whether {NAMES[part.kind]} was won or lost"))
            continue
        if part.kind == "sto" and part.won and dp is not None and dp < 100:
            errors.append(
                FieldError(
                    field, f"sto is marked won but the declarer has only {dp} points; it needs 100"
                )
            )
        if part.kind == "sto_proti" and part.won and fp is not None and fp < 100:
            errors.append(
                FieldError(
                    field,
                    f"sto proti is marked won but the defenders have only {fp} points; "
                    "it needs 100",
                )
            )


def _silent(record: MariasRecord, game: str, sevens: list[int], errors: list[FieldError]) -> None:
    """Silent parts need trumps, no announced seven (the seven) or a hra (the hundred)."""
    for i, silent in enumerate(record.silent):
        field = f"silent.{i}"
        if game in NO_TRUMP_GAMES:
            errors.append(
                FieldError(f"{field}.kind", f"{game} has no trumps: nothing is silent in it")
            )
        elif silent.kind == "ticha_sedma" and sevens:
            errors.append(
                FieldError(
                    f"{field}.kind", "A seven was announced in this deal, so it can't be silent"
                )
            )
        elif silent.kind == "tiche_sto":
            if game != "hra":
                errors.append(
                    FieldError(
                        f"{field}.kind",
                        f"A silent hundred changes the hra; with {NAMES[game]} "
                        "the hundred was announced",
                    )
                )
                continue
            hra = record.game
            if hra.won is not None and hra.won != (silent.side == "declarer"):
                said = "won" if hra.won else "lost"
                errors.append(
                    FieldError(
                        f"{field}.side",
                        f"A silent hundred of the {silent.side} decides the hra, "
                        f"but it is marked {said}",
                    )
                )
            pts = record.declarer_points if silent.side == "declarer" else record.defender_points
            who = "declarer has" if silent.side == "declarer" else "defenders have"
            if pts is not None and pts < 100:
                errors.append(
                    FieldError(
                        f"{field}.side", f"The {who} {pts} points; a silent hundred needs 100"
                    )
                )
            elif pts is not None and silent.points is not None and silent.points != pts:
                errors.append(
                    FieldError(
                        f"{field}.points",
                        f"{silent.points} points here, but the {who} {pts} points",
                    )
                )


def check_record(record: MariasRecord, n_players: int) -> None:
    """Raise InvalidDeal for every docs/rules.md §5 contradiction between the record's fields."""
    errors: list[FieldError] = []
    if n_players == 4 and record.dealer is not None:
        sitter = f"Player {record.dealer + 1} deals and sits this deal out"
        if record.declarer == record.dealer:
            errors.append(FieldError("declarer", f"{sitter}; choose one of the other three"))
        if record.renonc == record.dealer:
            errors.append(FieldError("renonc", f"{sitter}, so can't revoke"))
    games = [i for i, p in enumerate(record.parts) if p.kind in _GAMES]
    sevens = [i for i, p in enumerate(record.parts) if p.kind in _SEVENS]
    if not games:
        errors.append(
            FieldError("parts", "Every deal has a game: hra, sto, sto proti, betl or durch")
        )
    for i in games[1:]:
        first, this = NAMES[record.parts[games[0]].kind], NAMES[record.parts[i].kind]
        errors.append(
            FieldError(
                f"parts.{i}.kind",
                f"{first} and {this} can't both be played: a deal has one game "
                "(sto and sto proti replace the hra)",
            )
        )
    for i in sevens[1:]:
        first, this = NAMES[record.parts[sevens[0]].kind], NAMES[record.parts[i].kind]
        errors.append(
            FieldError(
                f"parts.{i}.kind",
                f"{first} and {this} can't both be announced: there is one trump seven",
            )
        )
    game = record.parts[games[0]].kind if games else None
    if game in NO_TRUMP_GAMES:
        if record.trump is not None:
            errors.append(
                FieldError("trump", f"{game} is played without trumps; leave the trump empty")
            )
        for i in sevens:
            this = NAMES[record.parts[i].kind]
            errors.append(
                FieldError(f"parts.{i}.kind", f"{this} needs a trump seven; {game} has no trumps")
            )
    elif game is not None and record.trump is None:
        errors.append(FieldError("trump", f"Name the trump suit of the {NAMES[game]}"))
    if game is not None:
        _silent(record, game, sevens, errors)
    _points_and_games(record, errors)
    if record.renonc is None and game is not None:
        _won(record, errors)
    if errors:
        raise InvalidDeal(errors)
