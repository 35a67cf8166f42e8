"""Tournaments: set-up, entrants, keep-apart pairs, state and standings for the pages and API.

Draws, rounds and table results live in ``tournament_rounds`` (re-exported here). Every change is
audited in ``TournamentAudit``; nothing derived is stored (standings come from the tables'
confirmed results through the pure ``rules.standings``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from flask_babel import gettext as _
from sqlmodel import Session, select

from ..models.tournament import (
    KeepApart,
    Tournament,
    TournamentAudit,
    TournamentPlayer,
    TournamentRound,
    TournamentTable,
)
from ..rules.base import RuleError
from ..rules.registry import GAME_NAMES, get_game
from . import tournament_common as common
from . import tournament_standings
from .errors import Conflict, NotFound
from .tournament_common import get_tournament, is_team_game, load_players, load_rounds
from .tournament_rounds import (  # noqa: F401  (the public face of the tournament services)
    _round_seed,
    close_round,
    confirm_round,
    confirm_table,
    draw_next_round,
    new_seed,
    preview_draw,
    set_manual_result,
    start_round,
    table_result,
)

RANKINGS = ("balance", "placings", "wins")
DRAW_METHODS = ("random", "standings")

__all__ = [
    "add_keep_apart", "add_player", "add_players", "audit_log", "check_table_token",
    "check_token", "close_round", "confirm_round", "confirm_table", "create_tournament",
    "draw_next_round", "get_tournament", "preview_draw", "remove_keep_apart", "rename_player",
    "reinstate_player", "set_manual_result", "standings", "start_round", "table_of_match",
    "table_result", "tournament_state", "withdraw_player",
]


def _positive(value: Any, field: str, *, allow_none: bool = False) -> int | None:
    if value in (None, "") and allow_none:
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RuleError(field, _("Enter a whole number.")) from None
    if isinstance(value, bool) or number < 1 or number > 1000:
        raise RuleError(field, _("Enter a whole number from 1 to 1000."))
    return number


def create_tournament(
    *,
    session: Session,
    name: str,
    game: str,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    players: Iterable[str | Mapping[str, Any]] = (),
    rounds: int = 4,
    table_size: int | None = None,
    ranking: str | None = None,
    seed: int | None = None,
    venue: str = "",
    date: str = "",
    round_minutes: int | None = 60,
    deals_per_round: int | None = None,
    stake: str | None = None,
    currency: str | None = None,
    draw_method: str = "random",
    organiser_id: int | None = None,
) -> Tournament:
    """A new tournament with its first entrants; RuleError (field per input) for bad input."""
    name = (name or "").strip()
    if not name:
        raise RuleError("name", _("Give the tournament a name."))
    if game not in GAME_NAMES:
        raise RuleError("game", _("Choose one of: %(games)s.", games=", ".join(GAME_NAMES)))
    rules = get_game(game)
    if options is not None and not isinstance(options, Mapping):
        raise RuleError("options", _("Options must be a JSON object."))
    overrides = dict(options or {})
    deals_per_round = _positive(deals_per_round, "deals_per_round", allow_none=True)
    if deals_per_round and "deals" in rules.options_to_json(rules.make_options(preset, {})):
        overrides["deals"] = deals_per_round  # the match itself then stops after that many
    effective = rules.make_options(preset, overrides)
    preset = preset or rules.default_preset
    stake = _stake(stake)
    rounds = _positive(rounds, "rounds")
    round_minutes = _positive(round_minutes, "round_minutes", allow_none=True)
    if game == "marias":
        table_size = table_size or 3
        if table_size not in (3, 4):
            raise RuleError("table_size",
                            _("Mariáš tables seat 3 (or 4 where the count needs it)."))
        ranking = ranking or "balance"
        if ranking not in ("balance", "placings"):
            raise RuleError("ranking", _("Choose balance or placings."))
    else:
        table_size = 2  # two-player games, and Marianna's fixed teams, meet in pairs
        ranking = "wins"
    if draw_method not in DRAW_METHODS:
        raise RuleError("draw_method", _("Choose random or standings."))
    seed = new_seed() if seed in (None, "") else _round_seed(Tournament(seed=0), seed)
    tournament = Tournament(
        name=name[:200], game=game, preset=preset, options=rules.options_to_json(effective),
        rounds_planned=rounds, table_size=table_size, ranking=ranking, seed=int(seed),
        venue=(venue or "").strip()[:200], date=(date or "").strip()[:10],
        round_minutes=round_minutes, deals_per_round=deals_per_round,
        stake=stake, currency=(str(currency).strip()[:8] or None) if currency else None,
        draw_method=draw_method, organiser_id=organiser_id,
    )
    session.add(tournament)
    session.flush()
    for entry in players:
        if isinstance(entry, Mapping):
            _new_player(session, tournament, entry.get("name", ""), entry.get("members"))
        else:
            _new_player(session, tournament, entry, None)
    common.audit(session, tournament, "organiser", "create", after={"name": tournament.name})
    session.commit()
    session.refresh(tournament)
    return tournament


def _stake(stake: Any) -> str | None:
    if stake in (None, ""):
        return None
    try:
        value = Decimal(str(stake).strip().replace(",", "."))
    except InvalidOperation:
        value = Decimal(-1)
    if isinstance(stake, bool) or not value.is_finite() or value < 0 or value > 1_000_000:
        raise RuleError("stake", _("The stake is an amount such as 0.20."))
    return str(value)


def check_table_token(table: Mapping[str, Any], token: str | None) -> bool:
    """True when ``token`` opens this table (a table dict of tournament_state)."""
    return bool(token) and secrets.compare_digest(str(table.get("token", "")), str(token))


def check_token(tournament: Tournament, token: str | None) -> bool:
    """True when ``token`` is the organiser's secret (constant-time compare)."""
    return bool(token) and secrets.compare_digest(tournament.token, str(token))


def _clean_name(name: Any, field: str = "name") -> str:
    text = " ".join(str(name or "").split())
    if not text:
        raise RuleError(field, _("Enter a name."))
    if len(text) > 40:
        raise RuleError(field, _("A name may have at most 40 characters."))
    return text


def _new_player(
    session: Session, tournament: Tournament, name: Any, members: Any
) -> TournamentPlayer:
    if is_team_game(tournament):
        if members is None and isinstance(name, str) and "&" in name:
            members = [part for part in name.split("&")]
        if not isinstance(members, list | tuple) or len(members) != 2:
            raise RuleError("members", _("A Marianna team is two players: write “Jana & Ota”."))
        members = [_clean_name(m, "members") for m in members]
        name = f"{members[0]} & {members[1]}"
    else:
        members = None
    name = _clean_name(name)
    existing = load_players(session, tournament.id)
    if any(p.name.casefold() == name.casefold() for p in existing):
        raise RuleError("name", _("%(name)s is already registered.", name=name))
    player = TournamentPlayer(
        tournament_id=tournament.id, name=name, members=members, position=len(existing) + 1
    )
    session.add(player)
    session.flush()
    return player


def add_player(
    *, session: Session, tournament_id: str, name: str, members: list[str] | None = None,
    actor: str = "organiser",
) -> TournamentPlayer:
    """Register one entrant (a late entry once rounds have begun: plays from the next draw)."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = _new_player(session, tournament, name, members)
    common.audit(session, tournament, actor, "add_player", after={"id": player.id,
                                                                   "name": player.name})
    session.commit()
    return player


def add_players(
    *, session: Session, tournament_id: str, text: str, actor: str = "organiser"
) -> list[TournamentPlayer]:
    """Register a pasted list, one entrant a line; all or nothing (RuleError names the line)."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    added = []
    lines = [line.strip() for line in (text or "").splitlines()]
    for number, line in enumerate(lines, start=1):
        if not line:
            continue
        try:
            added.append(_new_player(session, tournament, line, None))
        except RuleError as error:
            session.rollback()
            raise RuleError(
                "names", _("Line %(n)s: %(message)s", n=number, message=error.errors[0].message)
            ) from None
    if not added:
        raise RuleError("names", _("Paste at least one name, one a line."))
    common.audit(session, tournament, actor, "add_players",
                 after=[{"id": p.id, "name": p.name} for p in added])
    session.commit()
    return added


def _player(session: Session, tournament_id: str, player_id: str) -> TournamentPlayer:
    player = session.get(TournamentPlayer, player_id)
    if player is None or player.tournament_id != tournament_id:
        raise NotFound(_("There is no such player in this tournament."), field="player_id")
    return player


def rename_player(
    *, session: Session, tournament_id: str, player_id: str, name: str, actor: str = "organiser"
) -> TournamentPlayer:
    """Fix a typo in an entrant's name (teams: "Jana & Ota")."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = _player(session, tournament_id, player_id)
    before = player.name
    if is_team_game(tournament):
        parts = [_clean_name(m, "name") for m in str(name).split("&")]
        if len(parts) != 2:
            raise RuleError("name", _("A Marianna team is two players: write “Jana & Ota”."))
        player.members = parts
        new = f"{parts[0]} & {parts[1]}"
    else:
        new = _clean_name(name)
    others = [p for p in load_players(session, tournament_id) if p.id != player.id]
    if any(p.name.casefold() == new.casefold() for p in others):
        raise RuleError("name", _("%(name)s is already registered.", name=new))
    player.name = new
    session.add(player)
    common.audit(session, tournament, actor, "rename_player", before={"name": before},
                 after={"id": player.id, "name": new})
    session.commit()
    return player


def withdraw_player(
    *, session: Session, tournament_id: str, player_id: str, actor: str = "organiser"
) -> TournamentPlayer:
    """Withdraw an entrant from the next round on (rounds already drawn stand)."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = _player(session, tournament_id, player_id)
    if player.withdrawn_after is not None:
        raise Conflict(_("%(name)s has already withdrawn.", name=player.name), field="player_id")
    rounds = load_rounds(session, tournament_id)
    player.withdrawn_after = rounds[-1].number if rounds else 0
    session.add(player)
    common.audit(session, tournament, actor, "withdraw", after={"id": player.id,
                 "name": player.name, "after_round": player.withdrawn_after})
    session.commit()
    return player


def reinstate_player(
    *, session: Session, tournament_id: str, player_id: str, actor: str = "organiser"
) -> TournamentPlayer:
    """Undo a withdrawal: the entrant is drawn again from the next round."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    player = _player(session, tournament_id, player_id)
    player.withdrawn_after = None
    session.add(player)
    common.audit(session, tournament, actor, "reinstate", after={"id": player.id})
    session.commit()
    return player


def add_keep_apart(
    *, session: Session, tournament_id: str, a_id: str, b_id: str, actor: str = "organiser"
) -> KeepApart:
    """Ask the draw to seat two entrants at different tables."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    a = _player(session, tournament_id, a_id)
    b = _player(session, tournament_id, b_id)
    if a.id == b.id:
        raise RuleError("b_id", _("Choose two different players."))
    pair = KeepApart(tournament_id=tournament_id, a_id=a.id, b_id=b.id)
    session.add(pair)
    common.audit(session, tournament, actor, "keep_apart", after=[a.name, b.name])
    session.commit()
    return pair


def remove_keep_apart(
    *, session: Session, tournament_id: str, pair_id: int, actor: str = "organiser"
) -> None:
    """Forget a keep-apart pair."""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    pair = session.get(KeepApart, pair_id)
    if pair is None or pair.tournament_id != tournament_id:
        raise NotFound(_("There is no such pair."), field="pair_id")
    common.audit(session, tournament, actor, "keep_apart_removed", before=[pair.a_id, pair.b_id])
    session.delete(pair)
    session.commit()


def audit_log(*, session: Session, tournament_id: str) -> list[dict[str, Any]]:
    """Every recorded change, oldest first: when, actor, action, round, table, before, after."""
    rows = session.exec(
        select(TournamentAudit).where(TournamentAudit.tournament_id == tournament_id)
        .order_by(TournamentAudit.id)
    ).all()
    return [
        {"when": common.iso(r.at), "actor": r.actor, "action": r.action,
         "round": r.round, "table": r.table, "before": r.before, "after": r.after}
        for r in rows
    ]


def table_of_match(*, session: Session, match_id: str) -> tuple[str, int, int] | None:
    """(tournament id, round, table) of the tournament table played as this match, or None."""
    row = session.exec(
        select(TournamentRound.tournament_id, TournamentRound.number, TournamentTable.number)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentTable.match_id == match_id)
    ).first()
    return tuple(row) if row else None


def tournament_state(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """The tournament as plain JSON: set-up, entrants, rounds with their tables and results."""
    return common.state(session, get_tournament(session=session, tournament_id=tournament_id))


def standings(*, session: Session, tournament_id: str) -> dict[str, Any]:
    """API.md standings (confirmed tables only) plus "tournament": name, venue, date, …"""
    tournament = get_tournament(session=session, tournament_id=tournament_id)
    return tournament_standings.standings_of(session, tournament)
