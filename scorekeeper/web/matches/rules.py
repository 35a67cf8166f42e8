"""The rules inside the product: a match's "How this match is scored" page, what the board says
about the match's end, and the *Finish* action of an open Mariáš session.

Routes on the ``matches`` blueprint (imported at the end of matches.py, like matches_fix):
``GET /m/<id>/rules`` (anyone holding the id) and ``POST /m/<id>/<token>/finish``. The board
asks ``match_terms(match, state)`` (a template global) for its lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _

from ...db import get_session
from ...i18n import rule_messages
from ...i18n.games import game_title
from ...i18n.settlement import payment_lines
from ...rules.base import REFUSALS
from ...services import matches as svc
from ...services import scoring
from ...services.errors import Conflict
from ...services.match_finish import finish_match
from ...services.match_settlement import settlement
from .. import deal_words, rules_words
from ..forms.new import OPTION_LABELS
from . import bp
from .pages import ACTOR, load_match


def _effective(match: Any) -> tuple[Any, dict[str, Any]]:
    game, options = scoring.rules(match)
    return game, game.options_to_json(options)


def refused_deals(state: Mapping[str, Any], match: Any = None) -> list[dict[str, Any]]:
    """Deals stored before rules version 2 (or 2.1) that the rules now refuse: number and
    reasons (in the page's language, naming the players)."""
    names = deal_words.names(match, state["sides"]) if match is not None else rule_messages.PLAIN
    return [
        {"n": d["n"], "reasons": [rule_messages.render_json(e, names) for e in d[REFUSALS]]}
        for d in state["deals"]
        if d.get(REFUSALS)
    ]


def _pending_ties(game: Any, state: Mapping[str, Any]) -> int:
    """How many of the latest games were ties still to be settled (a game that carries ties)."""
    if not game.carries_ties:
        return 0
    pending = 0
    for item in reversed(state.get("games") or []):
        if item.get("kind") != "tie":
            break
        pending += 1
    return pending


def _can_finish(game: Any, options: Mapping[str, Any], state: Mapping[str, Any]) -> bool:
    """Whether the table may end the match with *Finish*: an open session with deals, not
    finished yet."""
    return (
        game.ends_by_finish(options)
        and options.get("finished_after") is None
        and not state.get("finished")
        and bool(state["deals"])
    )


@bp.app_template_global()
def match_terms(match: Any, state: Mapping[str, Any]) -> dict[str, Any]:
    """What the board shows about the rules: played to, a pending tie, an extra round, the
    deals version 2 refuses, whether the table may finish it, the rules page's link and who
    pays whom."""
    game, options = _effective(match)
    return {
        "played_to": rules_words.played_to(match.game, options, state),
        "pending_ties": _pending_ties(game, state),
        "extra_round": bool(state.get("extra_round")),
        "refused": refused_deals(state, match),
        "can_finish": _can_finish(game, options, state),
        "rules_url": url_for("matches.rules_page", match_id=match.id),
        "settlement": _settlement(state),
    }


def _settlement(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """Who pays whom (docs/rules.md §4 "Money"): shown on the board once the match is over; an
    open match links to the match record, which shows it as "if you stop now" (the board is
    updated in place after a save, a list there would fall behind)."""
    if not state["deals"]:
        return None
    settled = settlement(state)
    if settled is None:
        return None
    return {"finished": settled["finished"], "lines": payment_lines(settled, state["sides"])}


def _own_tariff(game: Any) -> tuple[str, ...]:
    """The tariff in the game's own order where it is a preset's of its own (licitovaný);
    plain Mariáš keeps the rules page's order of parts."""
    return game.tariff_names if getattr(game, "ladder", ()) else ()


@bp.get("/m/<match_id>/rules")
def rules_page(match_id: str) -> str:
    """How this match is scored: game, preset, every effective option, the Mariáš tariff."""
    match = load_match(match_id)
    game, options = _effective(match)
    state = svc.match_state(session=get_session(), match=match)
    return render_template(
        "matches/rules.html",
        match=match,
        state=state,
        title=game_title(match.game, game.title),
        preset=rules_words.preset_name(match.game, match.preset),
        summary=rules_words.summary(match.game, match.preset),
        rows=rules_words.describe(
            match.game, match.preset, options, rules_words.labels(OPTION_LABELS)
        ),
        tariff=rules_words.tariff(options, _own_tariff(game)) if game.tariff_names else [],
        ladder=rules_words.ladder(game),
        raw_options=options,  # the API's names and values, in the page's developer box
        played_to=rules_words.played_to(match.game, options, state),
        refused=refused_deals(state, match),
        stake=match.stake,
        currency=match.currency,
    )


@bp.post("/m/<match_id>/<token>/finish")
def finish(match_id: str, token: str) -> Any:
    """The table ends an open Mariáš session (docs/rules.md §4 v2 "The end of a match")."""
    match = load_match(match_id, token)
    try:
        state = finish_match(session=get_session(), match_id=match.id, actor=ACTOR)
    except Conflict as error:
        flash(rule_messages.render(error.message))
    else:
        if not state["finished"]:
            flash(
                _(
                    "The top balance is shared: one more round is played, one deal per player, "
                    "until one player leads."
                )
            )
    return redirect(url_for("matches.edit", match_id=match.id, token=token))
