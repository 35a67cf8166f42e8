"""How a match's deals and the rules' refusals read on its pages: the rules' coded messages
in the reader's language (``i18n.rule_messages``), naming the players and teams instead of seats
and the suits as the match's deck calls them, plus each deal's one-line summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import rule_messages
from ..rules.base import FieldError
from ..services import scoring
from . import forms
from .forms import summarize


def names(match: Any, sides: Sequence[str] | None = None) -> rule_messages.Names:
    """How this match's pages name the rules' seats, teams and suits (RULES.md preamble: the
    players' names and the game's own deck)."""
    if sides is None:
        game, options = scoring.rules(match)
        teams = game.side_names(match.players, options) if game.plays_in_teams(options) else []
    else:
        teams = list(sides) if len(sides) == 2 and len(match.players) == 4 else []
    return rule_messages.Names(
        list(match.players),
        teams,
        lambda suit: forms.suit_label(match.game, suit, match.options.get("deck")),
    )


def form_errors(form: Any, match: Any, errors: Sequence[FieldError]) -> list[str]:
    """The rules' errors beside the form's fields, in the page's language, naming players and
    teams (not seats) and the suits as this game's deck calls them."""
    words = names(match)
    return form.form_errors_from(
        [FieldError(e.field, rule_messages.render(e.message, words)) for e in errors]
    )


def with_names(match: Any, state: Mapping[str, Any], deal: Mapping[str, Any]) -> dict[str, Any]:
    """The deal with a one-line summary and its explanation naming the players, not seats."""
    players = list(match.players)
    return dict(
        deal,
        summary=summarize(match.game, deal["record"], players, match.options, match.preset),
        explanation=rule_messages.explanation(deal, names(match, state["sides"])),
    )
