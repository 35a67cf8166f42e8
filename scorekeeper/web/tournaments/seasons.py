"""Seasons and the club roster (HTML): the organiser's seasons and roster, a season's league table
(page, TV, printed sheet), a player's page, merging duplicates (RULES.md §6a).

Routes hang on the ``tournaments`` blueprint under ``/tournaments/seasons`` and
``/tournaments/roster``; a season's table and a player's page are open to anyone with the link.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from flask import Response, abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from ...db import get_session
from ...i18n.rule_messages import render
from ...rules.base import RuleError
from ...services import tournament_roster as roster
from ...services import tournament_seasons as seasons
from ...services.errors import ServiceError
from ...standings_table import order_lines, tiebreak_label
from ...tournament import season as season_rules
from ...tournament.metrics import metric
from ..auth import current_organiser, login_required
from . import bp, forms
from .public import TV_TURN_SECONDS, tv_pages

SEASON_TV_REFRESH = 60  # the league table changes when an evening's tables are confirmed


def season_choices(organiser_id: int) -> list[Any]:
    """The organiser's seasons for the new-tournament form ("" = no season)."""
    owned = seasons.seasons_of(get_session(), organiser_id)
    return forms.choices([("", _("no season")), *((s.id, s.name) for s in owned)])


def _owner() -> dict[str, Any]:
    return {"organiser_id": current_organiser().id}


@bp.route("/seasons", methods=["GET", "POST"])
@login_required
def seasons_index():
    """The organiser's seasons and a form for a new one."""
    form = forms.SeasonForm()
    if form.validate_on_submit():
        season = _create(form)
        if season is not None:
            flash(_("Season created: choose it when you create each evening."), "ok")
            return redirect(url_for("tournaments.season", season_id=season.id))
    owned = seasons.seasons_of(get_session(), current_organiser().id)
    status = 422 if form.errors else 200
    return render_template("tournaments/seasons.html", form=form, seasons=owned), status


def _create(form: forms.SeasonForm) -> Any | None:
    """The new season; None with the refusals beside their fields."""
    session = get_session()
    try:
        return seasons.create_season(
            session=session,
            name=form.name.data,
            scoring=form.scoring.data,
            best_n=form.best_n.data,
            top=form.top.data,
            seed=form.seed.data,
            organiser_id=current_organiser().id,
        )
    except RuleError as error:
        session.rollback()
        for e in error.errors:
            field = getattr(form, e.field, form.name)
            field.errors = [*field.errors, render(e.message)]
        return None


def _table(season_id: str) -> dict[str, Any]:
    try:
        return seasons.season_table(get_session(), season_id)
    except ServiceError:
        abort(404)


@bp.get("/seasons/<season_id>")
def season(season_id: str):
    """A season's league table, with the legend written from the season's tie-breaks."""
    table = _table(season_id)
    legend = order_lines(table.get("tiebreaks") or season_rules.TIEBREAKS, table["season"]["seed"])
    return render_template(
        "tournaments/season.html", table=table, legend=legend, heads=_heads(table)
    )


def _heads(table: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The tie-break columns (key, label, name): a season of league evenings shows its
    tie-breaks (SB, ZB) as columns (RULES.md §6b); other seasons none."""
    if table.get("ranked_on") != "bp":
        return []
    return [(k, tiebreak_label(k), _(metric(k).name)) for k in table.get("tiebreaks") or []]


@bp.get("/seasons/<season_id>/tv")
def season_tv(season_id: str):
    """The league table for the pub TV: large rows in pages that turn by themselves, fetched
    again every ``SEASON_TV_REFRESH`` seconds with its ETag (``304`` while nothing changed)."""
    table = _table(season_id)
    etag = _season_etag(table)
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    response = make_response(
        render_template(
            "tournaments/season_tv.html",
            table=table,
            etag=etag,
            refresh=SEASON_TV_REFRESH,
            turn=TV_TURN_SECONDS,
            **tv_pages(table["rows"], show_tables=False),
            tied=_tied(table["rows"]),
        )
    )
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


def _season_etag(table: dict[str, Any]) -> str:
    """The season TV's ETag: its league table's digest and the language."""
    digest = hashlib.sha256(json.dumps(table, sort_keys=True).encode()).hexdigest()[:20]
    return f'"season-{digest}.{get_locale() or ""}"'


def _tied(rows: list[dict[str, Any]]) -> set[int]:
    """The ranks more than one player shares."""
    ranks = Counter(r["rank"] for r in rows)
    return {rank for rank, n in ranks.items() if n > 1}


@bp.route("/roster", methods=["GET", "POST"])
@login_required
def roster_page():
    """The organiser's roster: everyone once, with a form to merge two entries."""
    people = roster.roster(get_session(), _owner())
    form = forms.MergeForm()
    form.keep.choices = form.drop.choices = forms.choices([(p.id, p.name) for p in people])
    if form.validate_on_submit():
        kept = _merge(form)
        if kept is not None:
            flash(_("Merged: %(name)s keeps every evening of both.", name=kept.name), "ok")
            return redirect(url_for("tournaments.roster_page"))
    status = 422 if form.errors else 200
    return render_template("tournaments/roster.html", people=people, form=form), status


def _merge(form: forms.MergeForm) -> Any | None:
    """Merge the roster entry ``drop`` into ``keep``: the one kept, or None with the reason
    beside ``drop``."""
    session = get_session()
    try:
        return roster.merge(session, _owner(), form.keep.data, form.drop.data)
    except (RuleError, ServiceError) as error:
        session.rollback()
        message = error.errors[0].message if isinstance(error, RuleError) else error.message
        form.drop.errors = [render(message)]
        return None


@bp.get("/players/<player_id>")
def player_page(player_id: str):
    """A player's evenings, places, balance and rating."""
    try:
        player = seasons.player_json(get_session(), player_id)
    except ServiceError:
        abort(404)
    return render_template("tournaments/player.html", player=player)
