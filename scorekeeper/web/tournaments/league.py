"""Tournaments (HTML), a league evening's tables (RULES.md §6b): the forms with which the organiser
loads the league's PB table (rule, condition, points) and BP key (players from, players to,
points for places 1, 2, …) on the tournament's settings page, pasted or uploaded as a CSV file,
and the text they send. A bad line is refused beside the field by its number and reason, and
nothing of that table is taken; an empty text clears the table. The route that loads them is the
settings page's (``desk_settings.league_table``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField
from wtforms import TextAreaField
from wtforms.validators import Length, Optional

from ...i18n import rule_messages
from ...rules.base import RuleError
from ...services import tournament_league as league
from ..forms.base import Form
from ..security import text_trouble

#: what each table's address loads: (the service's field, its loader)
TABLES = {"pb-table": ("pb_table", league.set_pb_table), "bp-key": ("bp_key", league.set_bp_key)}


class LeagueTableForm(Form):
    """One of the league's tables: the CSV pasted, or a CSV file (the file wins)."""

    csv = TextAreaField(_l("CSV"), validators=[Optional(), Length(max=100_000)])
    upload = FileField(_l("or a CSV file"))


def as_csv(field: str, lines: list[dict[str, Any]]) -> str:
    """A table as stored, written back as the CSV the organiser loads (";"-separated)."""
    if field == "pb_table":
        return "\n".join(f"{x['rule']};{x['condition']};{x['points']}" for x in lines)
    return "\n".join(
        ";".join(str(v) for v in [x["players_from"], x["players_to"], *x["points"]]) for x in lines
    )


def league_forms(tournament: Any, posted: dict[str, LeagueTableForm] | None = None) -> dict:
    """The settings page's league part: each table's form (a posted one with its refusals)."""
    posted = posted or {}
    return {
        field: _league_part(tournament, field, address, posted.get(field))
        for address, (field, _load) in TABLES.items()
    }


def _league_part(
    tournament: Any, field: str, address: str, posted: LeagueTableForm | None
) -> dict[str, Any]:
    """One table's part of the page: its form (the posted one, else the stored table as CSV),
    where it posts to and the stored lines."""
    stored = list(getattr(tournament, field) or [])
    form = posted or _stored_form(field, stored)
    return {"form": form, "address": address, "stored": stored}


def _stored_form(field: str, stored: list[dict[str, Any]]) -> LeagueTableForm:
    """A table's form showing the table as stored."""
    form = LeagueTableForm(prefix=field, formdata=None)
    form.csv.data = as_csv(field, stored)
    return form


def sent_text(form: LeagueTableForm) -> str:
    """The CSV sent: the uploaded file's (UTF-8, a byte-order mark dropped), else the text."""
    text = _sent(form)
    trouble = text_trouble(text)
    if trouble:
        raise RuleError("csv", trouble)
    return text


def _sent(form: LeagueTableForm) -> str:
    """The uploaded file's text, else the text pasted (not yet checked)."""
    upload = form.upload.data
    if upload is None or not getattr(upload, "filename", ""):
        return form.csv.data or ""
    try:
        return upload.read(200_001).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RuleError("csv", _("Send the table as CSV text in UTF-8.")) from None


def reasons(error: Exception) -> list[str]:
    """Each refusal in the page's language ("Line 3: …" for a bad line)."""
    if isinstance(error, RuleError):
        return [rule_messages.render(e.message) for e in error.errors]
    return [rule_messages.render(getattr(error, "message", str(error)))]
