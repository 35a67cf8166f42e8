"""Organiser accounts (HTML): register, log in, log out; ``login_required`` for organiser pages.

The session cookie holds only the organiser's id; passwords are hashed by services.accounts.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Blueprint, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import PasswordField, StringField
from wtforms.validators import DataRequired, Length

from ..db import get_session
from ..rules.base import RuleError
from ..services import accounts
from ..services.errors import Conflict

bp = Blueprint("auth", __name__, url_prefix="/auth")


class LoginForm(FlaskForm):
    """Name and password."""

    username = StringField(_l("Name"), validators=[DataRequired(), Length(max=80)])
    password = PasswordField(_l("Password"), validators=[DataRequired(), Length(max=200)])


def current_organiser() -> Any:
    """The logged-in organiser, or None (cached on ``g``)."""
    if "organiser" not in g:
        g.organiser = accounts.get_organiser(
            session=get_session(), organiser_id=session.get("organiser_id")
        )
    return g.organiser


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


def _next_url() -> str:
    target = request.args.get("next") or ""
    # only paths on this site: never an open redirect
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return url_for("tournaments.index")
    return target


@bp.route("/register", methods=["GET", "POST"])
def register():
    """Create an organiser account and log in."""
    form = LoginForm()
    if form.validate_on_submit():
        try:
            organiser = accounts.create_organiser(
                session=get_session(), username=form.username.data, password=form.password.data
            )
        except RuleError as error:
            for e in error.errors:
                getattr(form, e.field, form.username).errors.append(e.message)
        except Conflict as error:
            form.username.errors.append(error.message)
        else:
            session.clear()
            session["organiser_id"] = organiser.id
            return redirect(_next_url())
    return render_template("auth/register.html", form=form)


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Log in with name and password."""
    form = LoginForm()
    if form.validate_on_submit():
        organiser = accounts.authenticate(
            session=get_session(), username=form.username.data, password=form.password.data
        )
        if organiser is None:
            form.password.errors.append(_("Wrong name or password."))
        else:
            session.clear()
            session["organiser_id"] = organiser.id
            return redirect(_next_url())
    return render_template("auth/login.html", form=form)


@bp.post("/logout")
def logout():
    """Forget the login."""
    session.clear()
    flash(_("Logged out."), "ok")
    return redirect(url_for("auth.login"))
