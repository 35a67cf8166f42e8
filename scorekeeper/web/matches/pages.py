"""Casual matches: start a match, enter and fix deals, see the scores (HTML).

Thin views: form -> record dict -> the same match services the JSON API uses -> redirect.
Edit pages live under ``/m/<id>/<token>`` (the secret token is the edit link); ``/m/<id>`` is
the read-only page for spectators. Rules errors come back next to the fields they name and
nothing is stored; the entered values stay in the form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import (
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from ...db import get_session
from ...i18n import rule_messages
from ...rules.base import MatchFinished, RuleError
from ...rules.registry import GAME_NAMES, get_game
from ...services import matches as svc
from ...services.errors import Conflict, NotFound, StaleAdd
from .. import deal_words, forms, live
from ..forms import new as forms_new
from . import bp
from . import view as match_view

ACTOR = "web"


#: Views without a form of their own to fail the token check again: they are not run again.
FORMLESS = ("matches.rematch", "matches.finish")


def _view_to_run_again() -> Any:
    """The view whose form expired, to run once more; None when it has no form of its own."""
    if request.endpoint in FORMLESS:
        return None
    return current_app.view_functions.get(request.endpoint or "")


def _try_again() -> Any:
    """Nothing was done: say so and send the player where to try again, the match page after
    *Finish*, else the home page (never to a Referer: it may be another site)."""
    flash(_("This page was open too long; please try again."), "bad")
    if request.endpoint == "matches.finish":
        return redirect(url_for(".edit", **(request.view_args or {})))
    return redirect(url_for(".home"))


@bp.errorhandler(CSRFError)
def stale_form(_error: CSRFError) -> Any:
    """A form left open past its token's life: show it again, values kept, nothing stored.

    The view runs once more; its form fails the same check, says so next to Save and comes
    back with a fresh token, so the next tap saves. Views without a form of their own
    (rematch, finish) are not run: the player is sent back to try again.
    """
    view = _view_to_run_again()
    if view is None:
        return _try_again()
    try:
        return view(**(request.view_args or {}))
    except HTTPException as error:  # e.g. an unknown match: its 404, not a 500
        return error


def load_match(match_id: str, token: str | None = None) -> Any:
    """The match, 404 when unknown or when ``token`` does not open it."""
    try:
        match = svc.get_match(session=get_session(), match_id=match_id)
    except NotFound:
        abort(404)
    if token is not None and not svc.check_token(match, token):
        abort(404)
    return match


@bp.get("/")
def home() -> str:
    """'New match' and the matches started or opened on this device."""
    return render_template("matches/home.html", recent=match_view.recent_matches())


@bp.get("/matches/new")
def new() -> str:
    """Pick the game and preset (one tap)."""
    return render_template("matches/new.html", tiles=forms_new.tiles())


@dataclass(frozen=True)
class NewSetup:
    """What a new-match form is built from: the rules (of the preset), the preset, the option
    defaults offered, the seats and how many players are required."""

    rules: Any
    preset: str
    defaults: dict[str, Any]
    seats: int
    required: int


def _new_setup(game: str, preset: str) -> NewSetup:
    """The new-match form's setup for this game and preset; 404 when unknown."""
    if game not in GAME_NAMES:
        abort(404)
    rules = get_game(game)
    preset = rules.default_preset if preset == "default" else preset
    if preset not in rules.presets and preset != rules.default_preset:
        abort(404)
    rules = get_game(game, preset)  # a preset with a record of its own is a game of its own
    options = rules.make_options(preset)
    defaults = forms_new.offered_options(game, preset, rules.options_to_json(options))
    counts = rules.player_counts(options)
    return NewSetup(rules, preset, defaults, max(counts), min(counts))


def _players(form: Any, seats: int) -> list[str]:
    """The names typed into the player fields, in seat order, blanks left out."""
    names = ((form[f"player_{i}"].data or "").strip() for i in range(seats))
    return [name for name in names if name]


def _stake(form: Any, rules: Any) -> dict[str, str | None]:
    """The stake and currency typed, where the game is played for money (else none)."""
    if not rules.has_stake:
        return {"stake": None, "currency": None}
    return {"stake": form.stake.data or None, "currency": form.currency.data or None}


def _create(form: Any, setup: NewSetup) -> Any:
    """Create the match the new-match form describes (RuleError when the rules refuse it)."""
    players = _players(form, setup.seats)
    match = svc.create_match(
        session=get_session(),
        game=setup.rules.name,
        preset=setup.preset,
        players=players,
        options=forms_new.option_overrides(form, setup.defaults),
        **_stake(form, setup.rules),
        title=form.title.data or None,
    )
    match_view.remember(match, players)
    return match


def _tile_title(game: str, preset: str, default: str) -> str:
    """The new-match page's heading: the tile's label for this game and preset."""
    labels = (t[2] for t in forms_new.tiles() if t[0] == game and t[1] in (preset, None))
    return next(labels, default)


def _options_open(form: Any, defaults: dict[str, Any]) -> bool:
    """Whether an option's field holds an error (the options are then shown unfolded)."""
    return any(form[f"opt_{k}"].errors for k in defaults if f"opt_{k}" in form)


def _new_form_page(game: str, setup: NewSetup, form: Any, box: list[str]) -> tuple[str, int]:
    """The new-match form; after a POST (422) with what refused it."""
    rules, seats = setup.rules, setup.seats
    page = render_template(
        "matches/new_form.html",
        form=form,
        game=game,
        rules=rules,
        teams=rules.plays_in_teams({"players": seats}),
        preset=setup.preset,
        title=_tile_title(game, setup.preset, rules.title),
        seats=seats,
        required=setup.required,
        defaults=setup.defaults,
        box=box,
        names=session.get("names", []),
        options_open=_options_open(form, setup.defaults),
    )
    return page, 422 if request.method == "POST" else 200


@bp.route("/matches/new/<game>/<preset>", methods=["GET", "POST"])
def new_form(game: str, preset: str) -> Any:
    """Players, stake and options of a new match; creates it and opens its edit page."""
    setup = _new_setup(game, preset)
    form = forms_new.new_match_form(
        setup.seats, setup.required, setup.defaults,
        data=match_view.remembered_setup(game, setup.seats),
    )  # fmt: skip
    box: list[str] = []
    if form.validate_on_submit():
        try:
            match = _create(form, setup)
        except RuleError as error:
            box = match_view.new_match_errors(form, error.errors)
        else:
            return redirect(url_for(".edit", match_id=match.id, token=match.token, new=1))
    elif request.method == "POST":
        box = match_view.wtf_errors(form)
    return _new_form_page(game, setup, form, box)


@bp.get("/m/<match_id>")
def show(match_id: str) -> Any:
    """The read-only page for spectators: scores, deals, chart; live.js fetches it again with
    its ETag (``304`` while nothing changed)."""
    match = load_match(match_id)
    etag = live.match_etag(match)
    unchanged = live.not_modified(etag)
    if unchanged is not None:
        return unchanged
    match_view.remember(match, None, editor=False)  # listed under "Recent matches", read-only
    state = svc.match_state(session=get_session(), match=match)
    ctx = match_view.context(match, state, None)
    page = render_template("matches/match.html", etag=etag, refresh=live.MATCH_REFRESH_SECONDS,
                           **ctx)  # fmt: skip
    return live.with_etag(make_response(page), etag)


def _table_page(match: Any, token: str, form: Any) -> Any:
    """The table's page as opened or refreshed.

    static/js/refresh.js asks again every few seconds: 304 while nothing changed (a page
    opened by the player is made afresh: its forms get a fresh CSRF token)."""
    etag = live.match_etag(match)
    unchanged = None if live.navigating() else live.not_modified(etag)
    if unchanged is not None:
        return unchanged
    match_view.remember(match, None)
    state = svc.match_state(session=get_session(), match=match)
    match_view.preselect(form, state)
    form.after.data = str(len(state["deals"]))
    ctx = match_view.context(match, state, token, form=form)
    refresh = live.editor_refresh_seconds()
    page = render_template("matches/match.html", refresh=refresh, page_etag=etag, **ctx)
    return live.with_etag(make_response(page), etag)


def _add_deal(match: Any, module: Any, form: Any) -> list[str] | None:
    """Add the posted deal: None when it landed, else the messages saying why not."""
    record = module.to_record(form, match.players, match.options)
    try:
        svc.record_deal(
            session=get_session(),
            match_id=match.id,
            record=record,
            idempotency_key=form.idempotency_key(),
            actor=ACTOR,
            expected_n=form.expected_n(),
        )
    except StaleAdd as error:
        form.after.data = str(error.deals)  # saving again adds it after them
        return [rule_messages.render(error.message)]
    except MatchFinished as error:
        return deal_words.finished_box(form, match, error)
    except RuleError as error:
        return deal_words.form_errors(form, match, error.errors)
    except Conflict as error:
        return [rule_messages.render(error.message)]
    return None


def _form_again(match: Any, token: str, form: Any, box: list[str], status: int) -> Any:
    """The table's page with the posted form as it was, and what refused it."""
    state = svc.match_state(session=get_session(), match=match)
    ctx = match_view.context(match, state, token, form=form, box=box)
    page = render_template("matches/match.html", refresh=live.editor_refresh_seconds(), **ctx)
    return page, status


@bp.route("/m/<match_id>/<token>", methods=["GET", "POST"])
def edit(match_id: str, token: str) -> Any:
    """The table's page: scores plus the deal form; POST adds a deal."""
    match = load_match(match_id, token)
    module = forms.deal_form(match.game, match.players, match.options, match.preset)
    form = module.build(match.game, match.players, match.options)
    if request.method == "GET":
        return _table_page(match, token, form)
    if match_view.declaration_tap(form):
        # marianna without JavaScript: a team+suit button appended a declaration
        return _form_again(match, token, form, [], 200)
    if not form.validate_on_submit():
        return _form_again(match, token, form, match_view.wtf_errors(form), 422)
    box = _add_deal(match, module, form)
    if box is None:
        return redirect(url_for(".edit", match_id=match.id, token=token))
    return _form_again(match, token, form, box, 422)
