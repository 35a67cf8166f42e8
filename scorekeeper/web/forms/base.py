"""The one base of every form of the pages: WTForms speaks the app's own words.

WTForms refuses a field in its own English ("This field is required.", "Not a valid integer
value.", "Field cannot be longer than 80 characters.") and Flask-WTF would translate that from
WTForms' catalogues, which miss Czech (theirs is ``cs_CZ``) and speak another register than the
page. ``Form`` sends those texts through the app's catalogue instead: the msgids below are
extracted like every other text (docs/translating.md) and translated in cs, pl, de and it with
the rest of the page.
"""

from __future__ import annotations

from typing import Any

from flask_babel import get_translations
from flask_wtf import FlaskForm

from ...rules.messages import N_, Nn_

#: The WTForms texts the app's fields and validators can show (WTForms 3: validators.py,
#: fields/numeric.py, fields/choices.py), so ``pybabel extract`` puts them in the catalogue.
WTFORMS_WORDS = (
    N_("This field is required."),
    Nn_(
        "Field cannot be longer than %(max)d character.",
        "Field cannot be longer than %(max)d characters.",
    ),
    Nn_(
        "Field must be at least %(min)d character long.",
        "Field must be at least %(min)d characters long.",
    ),
    N_("Field must be between %(min)d and %(max)d characters long."),
    N_("Number must be at least %(min)s."),
    N_("Number must be at most %(max)s."),
    N_("Number must be between %(min)s and %(max)s."),
    N_("Not a valid integer value."),
    N_("Not a valid choice."),
    N_("Invalid Choice: could not coerce."),
)


class _Catalogue:
    """The request's catalogue, asked each time (a form may outlive a language switch)."""

    def gettext(self, text: str) -> str:
        return get_translations().gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return get_translations().ngettext(singular, plural, n)


CATALOGUE = _Catalogue()


class Form(FlaskForm):
    """FlaskForm (CSRF and all) whose WTForms messages come from the app's catalogue."""

    class Meta(FlaskForm.Meta):
        def get_translations(self, form: Any) -> Any:
            return CATALOGUE
