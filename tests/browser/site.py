"""Every page of the app with something on it, for the whole-site browser checks.

``build(app)`` fills a fresh database the way a pub uses it: one match of each game with deals
(Mariáš, Mariasz, Marianna, Briscola 151, Mariage), an organiser with a season of two Mariáš
evenings (the first finished, the second in its second round with tables still playing, so some
rows are provisional) and a third evening waiting for its first draw. The names are the long
and accented ones that break layouts: "Chrudoš Wąsowicz-Przybyłowski", "Ömer Übermann".
It adds the demo's league evening (RULES.md §6b: twelve players in two parts, ZB and PB typed,
owned by the organiser). ``Site.pages()`` then gives each of the 34 pages, a tournament table's
match, licitovaný mariáš's deal form and rules page, and the league evening's standings, TV,
settings, table sheet and printed standings its address;
``log_in`` opens the organiser's login in a browser context. Used by ``test_axe_pages.py`` and
``test_screens.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NAMES = [
    "Chrudoš Wąsowicz-Przybyłowski",
    "Ömer Übermann",
    "Jaroslava Čížková",
    "Dobroslav Vlček",
    "Šimůnek",
    "Małgorzata Schönberger-Ölmüller",
    "Řehoř Ďurák",
    "Žofie Ďurová",
    "Ľudmila Šťastná",
    "Zbyněk Kůň",
    "Ülrich Łasica",
    "Vojtěch Posledníček",
    "Radoslav Hrbáček",
]
ORGANISER = ("hospodsky", "pivo-a-karty")
FIRST = ["Jiří", "Ludmila", "Ondřej", "Zdeňka", "Matěj", "Šárka", "Květoslav", "Anežka", "Łucja"]
LAST = ["Novák", "Hohenzollern-Sigmaringen", "Čížková", "Dvořák", "Schönberger", "Ďurovič"]


def names(n: int) -> list[str]:
    """``n`` different names: ``NAMES`` first, then made-up long and accented ones."""
    made = [f"{a} {b} {i}" for i in range(1, n + 1) for a in FIRST for b in LAST]
    return (NAMES + made)[:n]


def _hra(declarer: int, trump: str, won: bool, flek: int = 0) -> dict[str, Any]:
    parts = [{"kind": "hra", "won": won, "flek": flek}]
    return {"declarer": declarer, "dealer": None, "trump": trump, "parts": parts}


def _two(trump: str, first: int, marriages: tuple[list, list]) -> dict[str, Any]:
    return {
        "trump": trump,
        "points": [first, None],
        "marriages": list(marriages),
        "first_to_target": None,
    }


MATCHES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "marias": (
        {"game": "marias", "players": NAMES[:3], "stake": "0.20", "currency": "CZK"},
        [_hra(0, "hearts", True), _hra(1, "clubs", False, 1), _hra(2, "spades", True)],
    ),
    "mariasz": (
        {"game": "mariasz", "players": [NAMES[5], NAMES[10]]},
        [_two("hearts", 95, (["hearts"], [])), _two("clubs", 60, ([], ["spades"]))],
    ),
    "marianna": (
        {"game": "marianna", "players": ["Giulia Šťastná", "Bruno", "Carla", "Dario"]},
        [
            {"points": [70, None], "declarations": [{"side": 0, "suit": "hearts"}]},
            {"points": [40, None], "declarations": [{"side": 1, "suit": "spades"}]},
        ],
    ),
    "briscola": (
        {"game": "marianna", "preset": "briscola151", "players": ["Giulia Šťastná", "Bruno"]},
        [{"trump": "diamonds", "points": [70, None], "declarations": []}],
    ),
    "mariage": (
        {"game": "mariage", "players": ["Hans Übermann", "Grete"]},
        [_two("hearts", 95, (["hearts"], [])), _two("clubs", 30, ([], []))],
    ),
    # docs/rules.md §4a: a sedma with a flek from one defender and premium points, a betl
    "licitovany": (
        {"game": "marias", "preset": "licitovany", "players": NAMES[2:5], "stake": "0.20",
         "currency": "CZK"},
        [
            {"declarer": 0, "dealer": None, "contract": "sedma", "trump": "clubs",
             "parts": [{"kind": "hra", "won": True, "flek": [1, 0]},
                       {"kind": "sedma", "won": False, "flek": [0, 0]}], "pb": [2, 0, 0]},
            {"declarer": 1, "dealer": None, "contract": "betl", "trump": None,
             "parts": [{"kind": "betl", "won": True, "flek": [0, 1]}]},
        ],
    ),
}  # fmt: skip


@dataclass
class Site:
    """What ``build`` made: ids and tokens the page addresses need."""

    matches: dict[str, tuple[str, str]] = field(default_factory=dict)  # game: (id, token)
    season: str = ""
    finished: str = ""  # the first evening, all rounds played
    running: str = ""  # the second evening, round 2 playing
    waiting: str = ""  # the third, no round drawn yet
    table_token: str = ""  # round 2, table 1 of the running evening
    table_match: str = ""  # that table's match, as its phone opens it (a Confirm link on top)
    player: str = ""  # a roster entry
    league: str = ""  # the league evening (two parts, both rounds closed)

    def pages(self) -> dict[str, str]:
        """The 34 pages of the front-end review, a tournament table's match, licitovaný
        mariáš's deal form and rules page and the league evening's five, by name."""
        mid, token = self.matches["marias"]
        t, s = self.running, self.season
        found = {
            "home": "/",
            "new match": "/matches/new",
            "new-match form": "/matches/new/marias/pub",
        }
        for game, (i, k) in self.matches.items():
            found[f"deal {game}"] = f"/m/{i}/{k}"
        found |= {
            "spectator": f"/m/{mid}",
            "edit deal": f"/m/{mid}/{token}/deals/1",
            "history": f"/m/{mid}/{token}/history",
            "rules": f"/m/{mid}/rules",
            "rules licitovany": "/m/{}/rules".format(self.matches["licitovany"][0]),
            "print record": f"/m/{mid}/record",
            "blank sheet": "/sheets/marias",
            "login": "/auth/login",
            "register": "/auth/register",
            "tournaments": "/tournaments/",
            "new tournament": "/tournaments/new",
            "desk": f"/tournaments/{t}/manage",
            "draw": f"/tournaments/{self.waiting}/draw",
            "results entry": f"/tournaments/{t}/rounds/2/tables/1/sheet",
            "table page": f"/tournaments/{t}/table/2/1/{self.table_token}",
            "table match": self.table_match,
            "standings": f"/tournaments/{t}",
            "tv": f"/tournaments/{t}/tv",
            "audit": f"/tournaments/{t}/audit",
            "seasons": "/tournaments/seasons",
            "season table": f"/tournaments/seasons/{s}",
            "season tv": f"/tournaments/seasons/{s}/tv",
            "roster": "/tournaments/roster",
            "player": f"/tournaments/players/{self.player}",
            "print standings": f"/tournaments/{t}/print/standings",
            "print seating": f"/tournaments/{t}/print/seating?round=2",
            "print tickets": f"/tournaments/{t}/print/tickets?round=2",
            "print certificates": f"/tournaments/{self.finished}/print/certificates",
            "league standings": f"/tournaments/{self.league}",
            "league settings": f"/tournaments/{self.league}/settings",
            "league sheet": f"/tournaments/{self.league}/rounds/2/tables/1/sheet",
            "league print standings": f"/tournaments/{self.league}/print/standings",
            "league tv": f"/tournaments/{self.league}/tv",
        }
        return found


def _matches(session: Any, site: Site) -> None:
    from scorekeeper.services import matches

    for key, (setup, deals) in MATCHES.items():
        match = matches.create_match(session=session, actor="site", **setup)
        for record in deals:
            matches.record_deal(session=session, match_id=match.id, record=record, actor="site")
        site.matches[key] = (match.id, match.token)


def _play(session: Any, tournament_id: str, *, confirm_all: bool) -> dict[str, Any]:
    """Draw the next round and type every table's figures; the last table left unconfirmed
    unless ``confirm_all``."""
    from scorekeeper.services import tournament_rounds

    drawn = tournament_rounds.draw_next_round(session=session, tournament_id=tournament_id, seed=1)
    for number, table in enumerate(drawn["tables"]):
        n = len(table["players"])
        last = number == len(drawn["tables"]) - 1
        k = number + 1  # figures a table can produce: at three, any two differ by 3's
        tournament_rounds.set_manual_result(
            session=session, tournament_id=tournament_id, round=drawn["round"],
            table=table["table"], scores=[(n - 1) * k, *([-k] * (n - 1))],
            confirm=confirm_all or not last,
        )  # fmt: skip
    return drawn


def _big_evening(session: Any, owner_id: int, season_id: str, players: int) -> None:
    """One more finished evening of the season with ``players`` more people (a long table)."""
    from scorekeeper.services import tournament_rounds, tournaments

    t = tournaments.create_tournament(
        session=session, name="Velký večer", game="marias", players=names(players)[-players:],
        rounds=1, seed=9, date="2025-12-20", season_id=season_id, organiser_id=owner_id,
    )  # fmt: skip
    _play(session, t.id, confirm_all=True)
    tournament_rounds.close_round(session=session, tournament_id=t.id, number=1)


def build(app: Any, *, players: int = len(NAMES), season_players: int = 0) -> Site:
    """Fill the app's database (see the module's docstring) and say where everything is;
    ``players`` at each evening, ``season_players`` more in one more evening of the season."""
    from scorekeeper.db import get_session
    from scorekeeper.services import accounts, tournament_rounds, tournament_seasons, tournaments

    site = Site()
    field_ = names(players)
    with app.app_context():
        session = get_session()
        _matches(session, site)
        owner = accounts.create_organiser(
            session=session, username=ORGANISER[0], password=ORGANISER[1]
        )
        season = tournament_seasons.create_season(
            session=session, name="Zimní liga U Krále 2025/26", organiser_id=owner.id, best_n=1
        )
        site.season = season.id
        if season_players:
            _big_evening(session, owner.id, season.id, season_players)
        made = []
        for number, (name, rounds) in enumerate((("Večer 1", 1), ("Večer 2", 2), ("Večer 3", 2))):
            made.append(
                tournaments.create_tournament(
                    session=session,
                    name=name,
                    game="marias",
                    players=field_,
                    rounds=rounds,
                    seed=number + 1,
                    date=f"2026-01-0{number + 1}",
                    venue="U Krále",
                    season_id=season.id,
                    organiser_id=owner.id,
                    stake="0.20",
                    currency="CZK",
                )  # fmt: skip
            )
        site.finished, site.running, site.waiting = (t.id for t in made)
        _play(session, site.finished, confirm_all=True)
        tournament_rounds.close_round(
            session=session, tournament_id=site.finished, number=1, require_confirmed=True
        )
        _play(session, site.running, confirm_all=True)
        drawn = _play(session, site.running, confirm_all=False)
        site.table_token = drawn["tables"][0]["token"]
        site.table_match = f"/m/{drawn['tables'][-1]['match_id']}/{drawn['tables'][-1]['token']}"
        state = tournaments.tournament_state(session=session, tournament_id=site.running)
        site.player = state["players"][0]["player_id"]
        site.league = _league(session, owner.id)
    return site


def _league(session: Any, owner_id: int) -> str:
    """The demo's league evening, handed to the site's organiser (its desk pages are theirs)."""
    from scorekeeper.demo_league import league_evening

    evening = league_evening(session, actor="site")
    evening.organiser_id = owner_id
    session.add(evening)
    session.commit()
    return evening.id


def log_in(page: Any, server: str) -> None:
    """Log the page's browser context in as the site's organiser (the login form, CSRF and all)."""
    page.goto(f"{server}/auth/login")
    page.fill("input[name=username]", ORGANISER[0])
    page.fill("input[name=password]", ORGANISER[1])
    page.locator("form button.save").click()
    page.wait_for_url(f"{server}/tournaments/")
