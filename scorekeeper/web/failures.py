"""What a server error means for the people waiting: the words and the status of an error no
view answered. The pages (``trouble``) and the JSON API (``api.answers``) both ask here, so a
full disk, a read-only or locked database reads the same everywhere: a 503 "try again"
(nothing was stored), anything else a 500.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

DISK_FULL = ("database or disk is full", "no space left", "disk full", "diskfull")
READ_ONLY = ("readonly database", "read-only", "readonlysqltransaction", "read only")
LOCKED = ("database is locked", "locknotavailable", "lock timeout", "querycanceled")

#: Database trouble that may pass (a 503: try again later): what the error's text says, in the
#: order they are looked for, and the words for the players.
PASSING = (
    (DISK_FULL, _l("The server's disk is full, so nothing could be stored.")),
    (READ_ONLY, _l("The server's database is read-only just now, so nothing could be stored.")),
    (
        (*LOCKED, "operationalerror"),
        _l("The server's database did not answer, so nothing was stored."),
    ),
)


def what_happened(error: BaseException) -> tuple[str, int]:
    """What the players are told, and the status: 503 (try again later) for the database."""
    text = f"{type(error).__name__} {error}".lower()
    for signs, reason in PASSING:
        if any(words in text for words in signs):
            return str(reason), 503
    return _("Something went wrong on the server, so nothing was stored."), 500
