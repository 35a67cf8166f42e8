"""Between the stored rows and the pure rules: parse records, score them, shape the match state.

Also the running state a match stores (a new deal is scored from it, not with all the others):
``score_with_state`` gives it after a whole rescoring, ``running`` says whether the stored one
may be used, ``step`` scores one deal from it.

Nothing here touches the database. A rules engine that crashes on odd input (instead of raising
a RuleError) is logged and the input refused like any bad record, so a client never gets a 500.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .. import json_text
from ..rules.base import InvalidDeal, MatchScore, RuleError, fold_state
from ..rules.messages import to_json as message_json
from ..rules.registry import get_game
from . import match_setup
from .messages import Msg

log = logging.getLogger(__name__)


@lru_cache(maxsize=256)
def _options(game_name: str, preset: str, options_json: str) -> Any:
    return get_game(game_name, preset).make_options(preset, json.loads(options_json))


def rules(match: Any) -> tuple[Any, Any]:
    """The match's game and its options object (cached: options are frozen dataclasses)."""
    options_json = json.dumps(match.options, sort_keys=True)
    return get_game(match.game, match.preset), _options(match.game, match.preset, options_json)


def rules_from_json(game_name: str, preset: str, options_json: str) -> tuple[Any, Any]:
    """``rules`` for a match read as columns, its options as the stored JSON text."""
    return get_game(game_name, preset), _options(game_name, preset, options_json)


def parse(game: Any, options: Any, n_players: int, data: Any, n: int) -> Any:
    """Parse deal ``n``'s record; InvalidDeal (with ``deal=n``) when it is impossible."""
    if not isinstance(data, Mapping):
        raise InvalidDeal("", Msg("match.record_not_object"), deal=n)
    try:
        return game.parse_record(data, options, n_players)
    except RuleError as error:
        _number(error, n)
        raise
    except Exception as error:  # the rules must refuse bad input, never crash on it
        log.exception("rules %s crashed parsing deal %s: %r", game.name, n, data)
        raise InvalidDeal("", Msg("match.record_unreadable"), deal=n) from error


def _number(error: RuleError, n: int) -> None:
    """An InvalidDeal that does not say which deal it is gets deal ``n``'s number."""
    if isinstance(error, InvalidDeal) and error.deal is None:
        error.deal = n


def score(game: Any, options: Any, n_players: int, records: Sequence[Any]) -> MatchScore:
    """Score the whole record list with the game's rules."""
    try:
        return game.score(options, n_players, list(records))
    except RuleError:
        raise
    except Exception as error:
        log.exception("rules %s crashed scoring %d deals", game.name, len(records))
        raise InvalidDeal("", Msg("match.not_scored")) from error


def score_with_state(
    game: Any, options: Any, n_players: int, records: Sequence[Any]
) -> tuple[MatchScore, dict[str, Any] | None]:
    """Score the whole record list, and the running state to store after it (None for a game
    without one)."""
    if getattr(game, "state_format", None) is None:
        return score(game, options, n_players, records), None
    try:
        result, state = fold_state(game, options, n_players, list(records))
    except RuleError:
        raise
    except Exception as error:
        log.exception("rules %s crashed scoring %d deals", game.name, len(records))
        raise InvalidDeal("", Msg("match.not_scored")) from error
    return result, stored(game, state)


def start_running(match: Any) -> None:
    """Give a new match (no deals yet) the running state after no deals, at its version: its
    first deal is appended like every other, not rescored."""
    game, options = rules(match)
    state = score_with_state(game, options, len(match.players), [])[1]
    match.running_state = state
    match.running_version = match.version if state is not None else None


def stored(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    """A running state as the match keeps it: tagged with the game and the state's shape."""
    return {"rules": f"{game.name}/{game.state_format}", "state": state}


def running(game: Any, match: Any, version: int) -> dict[str, Any] | None:
    """The match's stored running state if it is the one after its deals at ``version`` and of
    this game's current shape; None when the deals must be rescored instead."""
    kept = match.running_state
    if kept is None or match.running_version != version or not isinstance(kept, dict):
        return None
    if kept.get("rules") != f"{game.name}/{getattr(game, 'state_format', None)}":
        return None
    return kept.get("state")


def step(game: Any, options: Any, state: dict[str, Any], record: Any) -> tuple[dict, Any]:
    """Score one more deal from a running state: the new state and the deal's score."""
    try:
        return game.step(options, state, record)
    except RuleError:
        raise
    except Exception as error:
        log.exception("rules %s crashed scoring deal %s", game.name, state.get("n", 0) + 1)
        raise InvalidDeal("", Msg("match.not_scored")) from error


class EncodedState(dict):
    """A match state that also carries its JSON text (``encoded``), so it is encoded once."""

    def __init__(self, state: dict, encoded: str):
        super().__init__(state)
        self.encoded = encoded


def etag(deal_id: int, version: int) -> str:
    """A deal's etag (API.md v2 "Which deal"): its never-reused id and its revision."""
    return f"{deal_id}-{version}"


def deal_item(n: int, row: Any, record: Any, scored: Any) -> dict[str, Any]:
    """One entry of the state's ``deals``: n, record, delta, explanation, id, etag, version."""
    item = {
        "n": n,
        "id": row.id,
        "etag": etag(row.id, row.version),
        "record": record,
        "delta": list(scored.delta),
        "explanation": list(scored.explanation),
        "messages": [message_json(line) for line in scored.explanation],
        "version": row.version,
    }
    for key, value in scored.extra.items():
        item.setdefault(key, value)
    return item


def state(match: Any, game: Any, options: Any, rows: Sequence[Any], result: MatchScore) -> dict:
    """The API.md match state (+ version, stake, currency, title; money for marias)."""
    # Copies: the rows may be shared with the record cache, and callers may change the state.
    records = json_text.loads("[" + ",".join(row.text for row in rows) + "]")
    deals = [
        deal_item(n, row, record, scored)
        for n, (row, record, scored) in enumerate(zip(rows, records, result.deals, strict=True), 1)
    ]
    out: dict[str, Any] = {
        "id": match.id,
        "game": match.game,
        "preset": match.preset,
        "options": match.options,
        "players": list(match.players),
        "sides": list(game.side_names(match.players, options)),
        "deals": deals,
        "scores": list(result.scores),
        "finished": bool(result.finished),
        "winner": result.winner,
    }
    for key, value in result.extra.items():
        out.setdefault(key, value)
    if game.has_stake:
        out["money"] = match_setup.money(game, list(result.scores), match.stake)
    out["version"] = match.version
    out["stake"] = match.stake
    out["currency"] = match.currency
    out["title"] = match_setup.title(match, game)
    return out


def minimal(match: Any, deal: dict[str, Any], result: MatchScore) -> dict[str, Any]:
    """The answer to a deal POST with ``Prefer: return=minimal``: the deal and the totals."""
    out: dict[str, Any] = {
        "match_id": match.id,
        "version": match.version,
        "deal": deal,
        "scores": list(result.scores),
        "finished": bool(result.finished),
        "winner": result.winner,
    }
    game = get_game(match.game, match.preset)
    if game.has_stake:
        out["money"] = match_setup.money(game, list(result.scores), match.stake)
    for key in game.minimal_extra:  # what it answers besides the deal (API.md v2)
        if key in result.extra:
            out[key] = result.extra[key]
    return out


def minimal_from_state(state: dict[str, Any], deal: dict[str, Any]) -> dict[str, Any]:
    """The minimal answer cut from a whole state (a repeated key: the match as it is now)."""
    out = {"match_id": state["id"], "version": state["version"], "deal": deal}
    out.update({k: state[k] for k in ("scores", "finished", "winner")})
    for key in get_game(state["game"], state.get("preset")).minimal_extra:
        if key in state:
            out[key] = state[key]
    return out
