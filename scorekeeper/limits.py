"""The limits of API.md v2, in one place for every module that checks them.

Beyond each limit the API answers 422 naming the field and the limit, and the pages say the
same beside the field.
"""

from __future__ import annotations

#: Names of players, entrants, matches: up to this many characters.
NAME_MAX = 80
#: Deals recorded in one match.
DEALS_PER_MATCH = 2_000
#: Players (entrants) registered in one tournament.
PLAYERS_PER_TOURNAMENT = 1_000
#: A stake as typed ("0.20"): up to this many characters (the column's width).
STAKE_MAX = 20
#: Login, in THROTTLE_WINDOW seconds (services/logins.py): failed tries allowed for one name from
#: one client address; failed tries (logins, and registrations of a name that is taken) from one
#: address, whatever the names; failed tries for one name from every address together. A
#: stranger's address runs out before the owner of a name is locked out: that takes
#: LOGIN_NAME_TRIES / LOGIN_TRIES addresses.
LOGIN_TRIES = 5
LOGIN_CLIENT_TRIES = 20
LOGIN_NAME_TRIES = 50
THROTTLE_WINDOW = 15 * 60
