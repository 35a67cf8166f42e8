"""How a match's deals and the rules' refusals read on its pages: the rules' coded messages
in the reader's language (``i18n.rule_messages``), naming the players and teams instead of seats
and the suits as the match's deck calls them, plus each deal's one-line summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from ..i18n import rule_messages
from ..rules.base import FieldError, MatchFinished
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


def finished_box(form: Any, match: Any, error: MatchFinished) -> list[str]:
    """A deal added to a match that is over: what the table may do instead, plus the deal's
    own errors (those naming a field) beside its fields."""
    box = [_("The match is over: edit or delete a deal to reopen it, or start a rematch.")]
    return box + form_errors(form, match, [e for e in error.errors if e.field])


def with_names(match: Any, state: Mapping[str, Any], deal: Mapping[str, Any]) -> dict[str, Any]:
    """The deal with a one-line summary and its explanation naming the players, not seats."""
    players = list(match.players)
    return dict(
        deal,
        summary=summarize(match.game, deal["record"], players, match.options, match.preset),
        explanation=rule_messages.explanation(deal, names(match, state["sides"])),
    )
