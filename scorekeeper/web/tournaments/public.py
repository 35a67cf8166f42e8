"""Tournaments (HTML), the pages for everyone: live standings, the pub-TV view, a table's page.

A table's page (its link and QR code carry the table's token) leads to the match page where the
players enter deals, and lets a second player at the table confirm the result. Routes hang on
the ``tournaments`` blueprint. The live pages update themselves: live.js fetches them again with
their ``ETag`` (a ``304`` while nothing changed) and swaps the new part in; timer.js ticks.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import segno
from flask import Response, abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from ...db import get_session
from ...i18n import use_page_language
from ...i18n.games import game_title
from ...i18n.rule_messages import render
from ...rules.base import RuleError
from ...services import tournament_prizes as desk_prizes
from ...services import tournaments as svc
from ...services.errors import ServiceError
from ...standings_table import category_label, present
from ..auth import current_organiser
from ..links import public_url
from . import bp, forms, tv_fit
from .helpers import get_or_404, payout_shown, table_or_404

REFRESH_SECONDS = 20
TV_ROWS = 12  # rows in a TV column: names at 4.2vh type (33-px capitals at 1080 p, read at 5 m)
TV_TURN_SECONDS = 12  # a TV page of standings stays this long before the next turns up


def table_url(tournament_id: str, r: int, table: dict[str, Any]) -> str:
    """The table's own page, absolute (SCOREKEEPER_PUBLIC_URL if the laptop has another name)."""
    return public_url(
        "tournaments.table",
        tournament_id=tournament_id,
        r=r,
        t=table["table"],
        token=table["token"],
    )


def qr_svg(url: str) -> Markup:
    """An inline SVG QR code for ``url`` (no image files, works offline)."""
    svg = segno.make(url, error="m").svg_inline(scale=3, border=2, title=url)
    return Markup(svg)  # segno escapes the title; the rest is its own markup


def timer(rnd: dict[str, Any] | None) -> dict[str, Any] | None:
    """Seconds left in a running round with a time limit (negative: time was called)."""
    if not rnd or rnd["status"] != "playing" or not rnd.get("ends_at"):
        return None
    ends = datetime.strptime(rnd["ends_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    return {"remaining": int((ends - datetime.now(UTC)).total_seconds()), "ends_at": rnd["ends_at"]}


def _finished(state: dict[str, Any], current: dict[str, Any] | None) -> tuple[bool, bool]:
    """(the last planned round is closed, and every table of every round is confirmed too)."""
    finished = bool(
        current and current["status"] == "closed" and current["round"] >= state["rounds_planned"]
    )
    return finished, finished and _all_confirmed(state)


def _all_confirmed(state: dict[str, Any]) -> bool:
    """Whether every table of every round has its result confirmed."""
    return all(t["confirmed"] for r in state["rounds"] for t in r["tables"])


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    """``items`` cut into runs of ``size`` (the last one shorter)."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def tv_pages(rows: list[Any], *, show_tables: bool) -> dict[str, Any]:
    """The TV's rows in pages of one or two columns of ``TV_ROWS`` rows each (one beside the
    seating, ``show_tables``); the season's TV pages its league table so too."""
    cols = 1 if show_tables or len(rows) <= TV_ROWS else 2
    columns = [_chunks(page, TV_ROWS) for page in _chunks(rows, TV_ROWS * cols)]
    return {"tv_pages": columns, "tv_cols": cols, "tv_tables": show_tables}


def _live(tournament_id: str, *, tv: bool = False) -> dict[str, Any]:
    """What the standings page and the TV show (the TV: the deciding tie-break in one cell);
    ``?category=women``: that category ranked alone."""
    tournament = get_or_404(tournament_id)
    use_page_language(getattr(tournament, "language", None))  # the TV speaks the tournament's
    seen = svc.live(session=get_session(), tournament_id=tournament.id)
    state = seen["state"]
    _hide_tokens(state)
    current = state["rounds"][-1] if state["rounds"] else None
    finished, settled = _finished(state, current)
    shown = _standings_shown(seen["standings"], tv=tv)
    return {
        "t": state,
        **_tv_view(shown["standings_table"].rows, current),
        "finished": finished,
        "tournament": tournament,
        "current": current,
        **shown,
        "title": game_title(tournament.game),
        # nothing more can change once every result of the last round is in: no refreshing
        "refresh": None if settled else REFRESH_SECONDS,
        "timer": timer(current),
    }


def _hide_tokens(state: dict[str, Any]) -> None:
    """Take every table's secret token out of ``state``: the public pages never show one."""
    for rnd in state["rounds"]:
        for table in rnd["tables"]:
            table.pop("token", None)


def _standings_shown(standings: dict[str, Any], *, tv: bool) -> dict[str, Any]:
    """The standings as the live pages show them: ranked in the asked category, with their
    categories, clubs and the prize money (of the whole field)."""
    prizes = payout_shown(standings)
    standings = _in_category(standings)
    return {
        "standings": standings,
        "standings_table": present(standings, tiebreaks=0 if tv else None, decider=tv),
        "category": standings.get("category"),
        "categories": standings["tournament"].get("categories") or [],
        "has_clubs": standings["tournament"].get("clubs"),
        "prizes": prizes,
    }


def _in_category(standings: dict[str, Any]) -> dict[str, Any]:
    """The standings of ``?category=`` ranked alone (404 for a category the tournament has
    not); all of them without one."""
    category = request.args.get("category")
    if not category:
        return standings
    try:
        return desk_prizes.in_category(standings, category)
    except ServiceError:
        abort(404)


def _tv_view(rows: list[Any], current: dict[str, Any] | None) -> dict[str, Any]:
    """The TV's standings pages, and beside them the current round's seating while it fits."""
    seating = _seating(current)
    return {
        **tv_pages(rows, show_tables=seating is not None),
        "tv_seating": seating or "",
        "turn": TV_TURN_SECONDS,
    }


def _seating(current: dict[str, Any] | None) -> str | None:
    """The seating list's size class for a round being played with at most 12 tables (None
    when there is none or it would not fit)."""
    if not current or current["status"] == "closed" or len(current["tables"]) > 12:
        return None
    return tv_fit.seating_size([t["players"] for t in current["tables"]])


def etag_of(tournament_id: str, *, fresh: bool = False) -> str:
    """The live pages' ETag: the standings' (anything shown changed), the language, the login."""
    base = svc.standings_etag(session=get_session(), tournament_id=tournament_id, fresh=fresh)
    organiser = current_organiser()
    who = organiser.id if organiser is not None else 0
    return f'{base[:-1]}.{who}.{get_locale() or ""}"'


def _live_page(template: str, tournament_id: str, *, tv: bool = False) -> Response:
    """Render a live page with its ETag; ``304`` while nothing it shows has changed."""
    try:
        etag = etag_of(tournament_id)
    except ServiceError:
        abort(404)
    if etag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    etag = etag_of(tournament_id, fresh=True)
    response = make_response(render_template(template, etag=etag, **_live(tournament_id, tv=tv)))
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/<tournament_id>")
def show(tournament_id: str):
    """Live standings and the current round, for phones; updates itself (live.js)."""
    return _live_page("tournaments/show.html", tournament_id)


@bp.get("/<tournament_id>/tv")
def tv(tournament_id: str):
    """The big-screen view for a pub TV: standings in pages, round and timer, large type."""
    return _live_page("tournaments/tv.html", tournament_id, tv=True)


@bp.route("/<tournament_id>/table/<int:r>/<int:t>/<token>", methods=["GET", "POST"])
def table(tournament_id: str, r: int, t: int, token: str):
    """A table's page: enter deals (the match page), see the result, confirm it."""
    tournament = get_or_404(tournament_id)
    rnd = table_or_404(tournament.id, r, t)
    row = rnd["tables"][0]
    if not svc.check_table_token(row, token):
        abort(404)
    form = forms.ActionForm()
    error = None
    if form.validate_on_submit():
        error = _confirm(tournament.id, r, t, token)
        if error is None:
            flash(_("Result confirmed. Thank you!"), "ok")
            return redirect(request.path)
    return render_template(
        "tournaments/table.html",
        tournament=tournament,
        t=tournament,
        rnd=rnd,
        row=row,
        match_url=url_for("matches.edit", match_id=row["match_id"], token=token),
        form=form,
        error=error,
        title=game_title(tournament.game),
        timer=timer(rnd),
    )


def _confirm(tournament_id: str, r: int, t: int, token: str) -> str | None:
    """A player at the table confirms its result by name; None once confirmed, else why not."""
    by = request.form.get("by") or ""
    if not by:
        return _("Choose your name first.")
    db = get_session()
    try:
        svc.confirm_table(
            session=db, tournament_id=tournament_id, round=r, table=t, token=token, by=by
        )
    except (RuleError, ServiceError) as problem:
        db.rollback()
        return render(
            problem.errors[0].message if isinstance(problem, RuleError) else problem.message
        )
    return None


bp.app_template_filter("category_label")(category_label)


@bp.app_template_filter("confirmer")
def confirmer(stored: Any) -> str:
    """Who confirmed a table, in words: "table 1: Ota" -> "Ota", "organiser:anna" -> "the
    organiser (anna)"."""
    text = str(stored or "")
    if text.startswith("organiser"):
        login = text.partition(":")[2].strip()
        return _("the organiser (%(login)s)", login=login) if login else _("the organiser")
    return text.split(": ", 1)[-1]


@bp.app_template_global("tournament_table_link")
def tournament_table_link(match_id: str, token: str | None) -> str | None:
    """For the match page: the tournament table page of this match (None for casual matches)."""
    if not token:
        return None
    found = svc.table_of_match(session=get_session(), match_id=match_id)
    if found is None:
        return None
    tournament_id, r, t = found
    return url_for("tournaments.table", tournament_id=tournament_id, r=r, t=t, token=token)


@bp.app_template_global("tournament_table_note")
def tournament_table_note(match_id: str) -> str | None:
    """For the match page of a tournament table whose counted result is not these deals' totals
    (the organiser typed the sheet's figures or corrected a closed round): which figures count."""
    found = svc.table_of_match(session=get_session(), match_id=match_id)
    if found is None:
        return None
    tournament_id, r, t = found
    rnd = svc.tournament_table(session=get_session(), tournament_id=tournament_id, round=r, table=t)
    row = rnd["tables"][0]
    if row["source"] != "sheet" and not row.get("late_deals"):
        return None
    figures = _figures(row)
    if row["source"] != "sheet":
        return _(
            "This table's result was confirmed as %(figures)s when its round closed; deals "
            "entered here since then do not count.",
            figures=figures,
        )
    return _(
        "The organiser entered this table's result: %(figures)s. Those figures count in the "
        "tournament, not the totals of the deals below.",
        figures=figures,
    )


def _figures(row: dict[str, Any]) -> str:
    """A table's counted figures by player: "Ota +12, Eva -12"."""
    return ", ".join(
        f"{name} {score:+d}" if isinstance(score, int) else f"{name} {score}"
        for name, score in zip(row["players"], row["scores"], strict=False)
    )
