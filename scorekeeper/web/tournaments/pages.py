"""Tournaments (HTML): the organiser's pages. Public pages are in ``public``.

Organiser pages need a login (``auth.login_required``) and either owning the tournament or having
opened its organiser link (the secret token) while logged in. Thin views: form -> service ->
redirect; service errors come back as messages.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Response,
    abort,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _

from ...db import get_session
from ...i18n import rule_messages
from ...i18n.games import game_title
from ...rules.base import RuleError
from ...services import tournaments as svc
from ...standings_table import present
from ..auth import current_organiser, login_required
from . import bp, forms
from .desk_forms import tiebreak_menu
from .helpers import back, get_or_404, organised, payout_shown


@bp.get("/")
@login_required
def index():
    """The organiser's tournaments."""
    rows = svc.common.tournaments_of(
        get_session(),
        current_organiser().id,
        session.get("runs", []),  # opened with its organiser link
    )
    return render_template(
        "tournaments/index.html", tournaments=list(rows), form=forms.ActionForm()
    )


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new():
    """Create a tournament."""
    form = forms.NewTournamentForm()
    from .seasons import season_choices

    form.season.choices = season_choices(current_organiser().id)
    if form.validate_on_submit():
        try:
            tournament = svc.create_tournament(session=get_session(), **_create_fields(form))
        except RuleError as error:
            get_session().rollback()
            _errors_beside_fields(form, error)
        else:
            flash(_("Tournament created. Keep the organiser link safe."), "ok")
            return back(tournament.id)
    return render_template("tournaments/new.html", form=form, tiebreak_menu=tiebreak_menu())


def _create_fields(form: forms.NewTournamentForm) -> dict[str, Any]:
    """``create_tournament``'s arguments: the new tournament's fields and the desk's (a fee in
    any game has a currency)."""
    fields = {**_new_fields(form), **form.desk_fields()}
    if fields["fee"] and "currency" not in fields:
        fields["currency"] = form.currency.data
    return fields


def _new_fields(form: forms.NewTournamentForm) -> dict[str, Any]:
    """``create_tournament``'s arguments from the form (a ranking choice, stake and currency
    only where the game has them)."""
    game, _sep, preset = form.game.data.partition(":")
    return {
        "name": form.name.data,
        "game": game,
        "preset": preset or None,
        "options": forms.parse_options(form.options.data),
        "rounds": form.rounds.data,
        "seed": form.seed.data,
        **_where_and_when(form),
        "draw_method": form.draw_method.data,
        "organiser_id": current_organiser().id,
        "drop_rounds": form.drop_rounds.data,
        "seeding": form.seeding.data,
        "language": form.language.data or None,
        "season_id": form.season.data or None,
        "players": _lines(form.players.data),
        **_game_fields(form, game),
    }


def _where_and_when(form: forms.NewTournamentForm) -> dict[str, Any]:
    """The venue, the date and a round's length: minutes on the clock or a number of deals
    (the other one None)."""
    timing = form.timing.data
    return {
        "venue": form.venue.data or "",
        "date": form.date.data or "",
        "round_minutes": form.length.data if timing == "minutes" else None,
        "deals_per_round": form.length.data if timing == "deals" else None,
    }


def _lines(text: str | None) -> list[str]:
    """The lines of a text box that hold something (one player a line)."""
    return [line for line in (text or "").splitlines() if line.strip()]


def _game_fields(form: forms.NewTournamentForm, game: str) -> dict[str, Any]:
    """The fields only some games have: the format and its parts (RULES.md §6b: a league
    evening, for a game played for chips), the ranking, the stake and its currency."""
    league = form.format.data == "league"
    return svc.game_fields(
        game,
        format=form.format.data,
        parts=form.parts.data if league else None,
        ranking=form.ranking.data,
        stake=form.stake.data,
        currency=form.currency.data,
    )


def _errors_beside_fields(form: forms.NewTournamentForm, error: RuleError) -> None:
    """Each refusal beside its field; a house rule's beside the options, naming the rule."""
    for e in error.errors:
        field = _field_beside(form, e.field)
        field.errors = [*field.errors, _refusal_text(e.field, e.message)]


def _field_beside(form: forms.NewTournamentForm, name: str) -> Any:
    """The field a refusal of ``name`` goes beside: its own; a house rule's ("options.x") beside
    the options; one the form has not beside the name."""
    field = None if name.startswith("options.") else getattr(form, _form_name(form, name), None)
    if field is None:
        field = form.options if name.startswith("options") else form.name
    return field


def _form_name(form: forms.NewTournamentForm, name: str) -> str:
    """The form's field for a refusal's field name: "rounds" for "rounds", a tie-break menu
    for "tiebreaks.N"."""
    first = name.split(".")[0]
    return form.slot_of(name).name if first == "tiebreaks" else first


def _refusal_text(name: str, message: Any) -> str:
    """A refusal in words; a house rule's names the rule ("options.x": "x: ...")."""
    text = rule_messages.render(message)
    if name.startswith("options.") and not text.startswith(name[8:]):
        return f"{name[8:]}: {text}"  # which house rule is wrong
    return text


@bp.get("/<tournament_id>/o/<token>")
def organiser_link(tournament_id: str, token: str):
    """The organiser's secret link: lets a logged-in organiser run this tournament."""
    tournament = get_or_404(tournament_id)
    if not svc.check_token(tournament, token):
        abort(404)
    if current_organiser() is None:
        flash(_("Log in as an organiser to run this tournament."), "bad")
        return redirect(url_for("auth.login", next=request.path))
    session["runs"] = [*session.get("runs", []), tournament.id][-20:]
    return back(tournament.id)


def _tables_with_links(state: dict[str, Any]) -> None:
    from .public import qr_svg, table_url

    for rnd in state["rounds"]:
        for table in rnd["tables"]:
            table["url"] = table_url(state["id"], rnd["round"], table)
            table["match_url"] = url_for(
                "matches.edit", match_id=table["match_id"], token=table["token"]
            )
            if rnd is state["rounds"][-1] and rnd["status"] != "closed":
                table["qr"] = qr_svg(table["url"])


@bp.get("/<tournament_id>/manage")
@login_required
def manage(tournament_id: str):
    """The organiser's desk: players, the current round's tables, draws, standings. It updates
    itself like the public pages (live.js, ETag), leaving alone a form being filled in."""
    from .public import etag_of

    organised(tournament_id)
    etag = etag_of(tournament_id)
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    g.desk_etag = etag_of(tournament_id, fresh=True)
    page, status = desk(tournament_id)
    response = make_response(page, status)
    response.headers["ETag"] = g.desk_etag
    response.headers["Cache-Control"] = "no-cache"
    return response


def desk(tournament_id: str, status: int = 200, **refused: Any) -> Any:
    """The desk; ``refused``: what an entrant form sent and why it was refused (``add``,
    ``paste`` or ``rename``: {"value", "errors"[, "player_id"]}), shown beside that form."""
    tournament = organised(tournament_id)
    seen = svc.live(session=get_session(), tournament_id=tournament.id)
    state, standings = seen["state"], seen["standings"]
    _tables_with_links(state)
    link = url_for(
        "tournaments.organiser_link",
        tournament_id=tournament.id,
        token=tournament.token,
        _external=True,
    )
    from .public import timer

    current = state["rounds"][-1] if state["rounds"] else None
    return render_template(
        "tournaments/manage.html",
        t=state,
        timer=timer(current),
        tournament=tournament,
        link=link,
        standings=standings,
        standings_table=present(standings),
        prizes=payout_shown(standings),
        teams=standings["tournament"]["teams"],
        current=current,
        title=game_title(tournament.game),
        player_form=forms.PlayerForm(),
        paste_form=forms.PasteForm(),
        pair_form=_pair_form(state),
        form=forms.ActionForm(),
        refused=refused,
        roster_names=_roster_names(tournament),
        etag=None if refused else g.get("desk_etag"),
    ), status


def _pair_form(state: dict[str, Any]) -> forms.KeepApartForm:
    """The "keep apart" form, its menus of the active players (the second one preselected)."""
    pair_form = forms.KeepApartForm()
    active = [(p["id"], p["name"]) for p in state["players"] if p["active"]]
    pair_form.a.choices = pair_form.b.choices = forms.choices(active)
    if len(active) > 1:
        pair_form.b.data = active[1][0]
    return pair_form


def _roster_names(tournament: Any) -> list[str]:
    """Type-ahead for "Add": the roster's names not yet registered in this evening."""
    from ...services import tournament_roster

    owner = tournament_roster.owner_of(get_session(), tournament)
    if owner is None:
        return []
    taken = {p.name.casefold() for p in svc.common.load_players(get_session(), tournament.id)}
    people = tournament_roster.roster(get_session(), owner)
    return [p.name for p in people if p.name.casefold() not in taken]
