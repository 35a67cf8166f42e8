"""Organiser accounts (HTML): register, log in, log out; ``login_required`` for organiser pages.

The session cookie holds only the id of an open login (services.logins): logging out ends it
for good. Failed tries are throttled across processes; passwords are hashed by services.accounts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, Length

from ..db import get_session
from ..i18n.rule_messages import render
from ..rules.base import RuleError
from ..services import accounts, logins
from ..services.errors import Conflict
from .forms.base import Form

bp = Blueprint("auth", __name__, url_prefix="/auth")


class LoginForm(Form):
    """Name and password."""

    username = StringField(_l("Name"), validators=[DataRequired(), Length(max=80)])
    password = PasswordField(_l("Password"), validators=[DataRequired(), Length(max=200)])


def current_organiser() -> Any:
    """The logged-in organiser, or None (cached on ``g``)."""
    if "organiser" not in g:
        g.organiser = logins.organiser_of(session=get_session(), login_id=session.get("login"))
    return g.organiser


def is_organiser(tournament: Any) -> bool:
    """Whether the logged-in organiser may run ``tournament`` (its owner, or it was opened with its
    organiser link in this browser session)."""
    organiser = current_organiser()
    return organiser is not None and (
        tournament.organiser_id == organiser.id or tournament.id in session.get("runs", [])
    )


def _log_in(organiser: Any) -> None:
    session.clear()
    session["login"] = logins.open_login(session=get_session(), organiser=organiser)


def login_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Send visitors who are not logged in to the login page, then back."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if current_organiser() is None:
            note = _("Tournaments are run from an organiser account: log in, or register one.")
            flash(note, "info")
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return wrapper


#: What a path to go back to may not hold: a control character, a space or a backslash.
_UNSAFE = re.compile(r"[\x00-\x20\x7f\\]")


def local_path(target: str) -> bool:
    """Whether ``target`` is a path on this site (``/…``), never a way to another site.

    Browsers drop tabs and newlines and read ``\\`` as ``/``, so ``/\t/evil.example`` would
    become ``//evil.example``: any control character, space or backslash is refused outright.
    """
    if not target.startswith("/") or target.startswith("//"):
        return False
    if _UNSAFE.search(target):
        return False
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc


def _next_url() -> str:
    target = request.args.get("next") or ""
    return target if local_path(target) else url_for("tournaments.index")


def _too_many(wait: int) -> str:
    minutes = max(1, round(wait / 60))
    return ngettext(
        "Too many wrong tries: wait %(num)s minute, then try again.",
        "Too many wrong tries: wait %(num)s minutes, then try again.",
        minutes,
    )


def _client() -> str:
    """The client's address (behind SCOREKEEPER_PROXIES trusted proxies: the one they name)."""
    return request.remote_addr or ""


def _new_organiser(form: LoginForm, db: Any, client: str) -> Any:
    """The organiser account the form describes, created; None when it is refused (the
    reasons beside the fields; a name taken counts as a failed try of the address)."""
    try:
        return accounts.create_organiser(
            session=db, username=form.username.data, password=form.password.data
        )
    except RuleError as error:
        for e in error.errors:
            getattr(form, e.field, form.username).errors.append(render(e.message))
    except Conflict as error:
        logins.record_failure(session=db, username=None, client=client)
        form.username.errors.append(render(error.message))
    return None


@bp.route("/register", methods=["GET", "POST"])
def register():
    """Create an organiser account and log in. "That name is taken" is how names could be
    listed, so each such answer counts as a failed try of the address (services.logins)."""
    form = LoginForm()
    if not form.validate_on_submit():
        return render_template("auth/register.html", form=form), 200
    db, client = get_session(), _client()
    wait = logins.client_wait(session=db, client=client)
    if wait:
        form.username.errors.append(_too_many(wait))
        return render_template("auth/register.html", form=form), 429
    organiser = _new_organiser(form, db, client)
    if organiser is None:
        return render_template("auth/register.html", form=form), 422
    _log_in(organiser)
    return redirect(_next_url())


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in with name and password (throttled: services.logins)."""
    form = LoginForm()
    status = 200
    if form.validate_on_submit():
        db, name, client = get_session(), form.username.data, _client()
        wait = logins.wait_seconds(session=db, username=name, client=client)
        organiser = None
        if wait:
            form.password.errors.append(_too_many(wait))
            status = 429
        else:
            password = form.password.data
            organiser = accounts.authenticate(session=db, username=name, password=password)
            if organiser is None:
                logins.record_failure(session=db, username=name, client=client)
                form.password.errors.append(_("Wrong name or password."))
                status = 422
        if organiser is not None:
            logins.forget_failures(session=db, username=name, client=client)
            _log_in(organiser)
            return redirect(_next_url())
    return render_template("auth/login.html", form=form), status


@bp.post("/logout")
def logout():
    """End the login: this cookie, even a copy saved earlier, opens nothing any more."""
    logins.close_login(session=get_session(), login_id=session.get("login"))
    session.clear()
    flash(_("Logged out."), "ok")
    return redirect(url_for("auth.login"))
