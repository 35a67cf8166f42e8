"""``scorekeeper demo``: one sample match of each game and a league evening (``demo_league``),
loaded once, their links printed."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _


def _two(trump: str, first: int, marriages: tuple[list, list]) -> dict:
    return {
        "trump": trump,
        "points": [first, None],
        "marriages": list(marriages),
        "first_to_target": None,
    }


def _hra(declarer: int, trump: str, won: bool, flek: int = 0, *extra: dict) -> dict:
    return {
        "declarer": declarer,
        "dealer": None,
        "trump": trump,
        "parts": [{"kind": "hra", "won": won, "flek": flek}, *extra],
    }


def _licit(declarer: int, contract: str, trump: str | None, *parts: tuple, **more: object) -> dict:
    """A licitovaný deal (docs/api.md): ``parts`` as (kind, won, [flek, flek])."""
    return {
        "declarer": declarer,
        "dealer": None,
        "contract": contract,
        "trump": trump,
        "parts": [{"kind": k, "won": won, "flek": list(flek)} for k, won, flek in parts],
        **more,
    }


#: Licitovaný mariáš (docs/rules.md §4a) at the association's 0.20 Kč a unit.
LICIT_DEALS = [
    _licit(0, "sedma", "clubs", ("hra", True, (1, 0)), ("sedma", True, (0, 0)), pb=[2, 0, 0]),
    _licit(1, "betl", None, ("betl", True, (0, 0))),
    _licit(2, "sto", "spades", ("sto", True, (0, 1)), declarer_points=110, defender_points=20),
    _licit(0, "sedma_cervena", "hearts", ("hra", False, (1, 1)), ("sedma", False, (0, 0))),
    _licit(1, "sedma", "diamonds", ("hra", None, (0, 0)), ("sedma", None, (0, 0)), omyl=True),
]

DEMO: tuple[tuple[dict, list[dict]], ...] = (
    (
        {"game": "marias", "players": ["Jana", "Petr", "Ota"], "stake": "0.20", "currency": "CZK"},
        [
            _hra(0, "hearts", True),
            _hra(1, "clubs", False, 1),
            _hra(2, "spades", True, 0, {"kind": "sedma", "won": True, "flek": 0}),
            {
                "declarer": 0,
                "dealer": None,
                "trump": None,
                "parts": [{"kind": "betl", "won": True, "flek": 0}],
            },
        ],
    ),
    (
        {"game": "mariasz", "players": ["Ala", "Ola"]},
        [
            _two("hearts", 95, (["hearts"], [])),
            _two("clubs", 60, ([], ["spades"])),
            {**_two("spades", 80, ([], [])), "first_to_target": 1},
        ],
    ),
    (
        {"game": "mariage", "players": ["Hans", "Grete"]},
        [
            _two("hearts", 95, (["hearts"], [])),
            _two("clubs", 30, ([], [])),
            _two("diamonds", 69, ([], [])),
        ],
    ),
    (
        {"game": "marianna", "players": ["Anna", "Bruno", "Carla", "Dario"]},
        [
            {
                "points": [70, None],
                "declarations": [{"side": 0, "suit": "hearts"}],
                "first_to_target": None,
            },
            {
                "points": [40, None],
                "declarations": [{"side": 1, "suit": "spades"}],
                "first_to_target": None,
            },
        ],
    ),
    # last: a data folder that holds the four samples before it gets this one only
    (
        {
            "game": "marias",
            "preset": "licitovany",
            "players": ["Jana", "Petr", "Ota"],
            "stake": "0.20",
            "currency": "CZK",
        },
        LICIT_DEALS,
    ),
)


def _label(setup: dict) -> str:
    """The sample's name in the list: its game, or its preset where it has one."""
    return str(setup.get("preset") or setup["game"])


def demo(app_config: dict | None = None) -> int:
    """Load one sample match of each game and print their links."""
    from flask import url_for

    from . import create_app
    from .db import get_session

    app = create_app(app_config)
    with app.test_request_context("/"):
        print(_("Sample matches (add each link to the address `scorekeeper serve` prints):"))
        session = get_session()
        # Run again (the README's one command does, at every start): the same samples, not more.
        loaded = _loaded(session)
        for match, (setup, _records) in zip(loaded, DEMO, strict=False):
            link = url_for("matches.edit", match_id=match.id, token=match.token)
            print(f"{_label(setup):10} {link}")
        for setup, records in DEMO[len(loaded) :]:  # the samples not loaded yet
            match = _load(session, setup, records)
            print(f"{_label(setup):10} {_link(match)}")
        _league(session)
    return 0


def _loaded(session) -> list:  # noqa: ANN001 - a sqlmodel Session
    """The sample matches an earlier run loaded, in the order it loaded them (not the league
    evening's tables)."""
    from sqlmodel import select

    from .models.match import AuditEntry, Match

    loaded = session.exec(
        select(Match)
        .join(AuditEntry, AuditEntry.match_id == Match.id)
        .where(AuditEntry.actor == "demo", AuditEntry.action == "create")
        .order_by(AuditEntry.id)
    ).all()
    return [m for m in loaded if not m.title_parts]


def _load(session, setup: dict, records: Sequence[dict]) -> Any:  # noqa: ANN001 - a Session
    """Create one sample match and record its deals (a deal the rules refuse is skipped)."""
    from .rules.base import RuleError
    from .services import matches

    match = matches.create_match(session=session, actor="demo", **setup)
    for record in records:
        try:
            matches.record_deal(session=session, match_id=match.id, record=record, actor="demo")
        except RuleError as error:
            print(_("(skipped a sample deal: %(error)s)", error=error), file=sys.stderr)
    return match


def _link(match: Any) -> str:
    """A new sample's page, or its API address where the HTML pages are not there."""
    from flask import url_for

    try:
        return url_for("matches.edit", match_id=match.id, token=match.token)
    except Exception:  # noqa: BLE001 - the HTML pages may not be there yet
        return url_for("api.get_match", match_id=match.id)


def _league(session) -> None:
    """The demo league evening (RULES.md §6b): its standings page and the organiser's link."""
    from flask import url_for

    from .demo_league import league_evening

    evening = league_evening(session)
    print(f"{'league':10} {url_for('tournaments.show', tournament_id=evening.id)}")
    desk = url_for("tournaments.organiser_link", tournament_id=evening.id, token=evening.token)
    print(f"{'':10} {desk}")
