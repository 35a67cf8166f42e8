"""What a server error means for the people waiting: the words and the status of an error no
view answered. The pages (``trouble``) and the JSON API (``api.answers``) both ask here, so a
full disk, a read-only or locked database reads the same everywhere: a 503 "try again"
(nothing was stored), anything else a 500.
"""

from __future__ import annotations

from flask_babel import gettext as _

DISK_FULL = ("database or disk is full", "no space left", "disk full", "diskfull")
READ_ONLY = ("readonly database", "read-only", "readonlysqltransaction", "read only")
LOCKED = ("database is locked", "locknotavailable", "lock timeout", "querycanceled")


def what_happened(error: BaseException) -> tuple[str, int]:
    """What the players are told, and the status: 503 (try again later) for the database."""
    text = f"{type(error).__name__} {error}".lower()
    if any(words in text for words in DISK_FULL):
        return _("The server's disk is full, so nothing could be stored."), 503
    if any(words in text for words in READ_ONLY):
        return _("The server's database is read-only just now, so nothing could be stored."), 503
    if any(words in text for words in LOCKED) or "operationalerror" in text:
        return _("The server's database did not answer, so nothing was stored."), 503
    return _("Something went wrong on the server, so nothing was stored."), 500
