"""Invariants of the match service on a real database, for random valid matches of every game.

- A valid record survives POST -> DB -> GET unchanged (in its canonical form), and the totals the
  API shows are exactly the rules' own score of the records.
- Editing a deal and then putting the old record back restores every total; adding a deal and
  undoing it does too; a refused change leaves everything as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from sqlmodel import Session

from scorekeeper.rules.base import RuleError
from scorekeeper.rules.registry import get_game
from scorekeeper.services import matches as svc
from tests.strategies import mariage, marianna, marias, mariasz

NAMES = ["Jana", "Petr", "Ota", "Eva"]
SETTINGS = settings(
    deadline=None,
    max_examples=15,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@st.composite
def setups(draw: st.DrawFn, game: str) -> dict[str, Any]:
    """A match setup, the records of a valid match, and a strategy for one more record."""
    preset = None
    if game == "marias":
        options, n = draw(marias.all_options()), draw(st.sampled_from([3, 4]))
        deals, one = draw(marias.match_records(options, n, max_deals=6)), marias.records(options, n)
    elif game in ("mariasz", "mariage"):
        module = mariasz if game == "mariasz" else mariage
        options, n = draw(module.all_options()), 2
        deals, one = draw(module.match_records(options, max_deals=6)), module.records(options)
    else:
        preset = draw(st.sampled_from(["marianna", "cinquecento", "briscola151"]))
        options = marianna.options_for(preset)
        n = options.players
        deals, one = draw(marianna.match_records(preset, max_deals=5)), marianna.records(preset)
    return {
        "game": game,
        "preset": preset,
        "options": get_game(game).options_to_json(options),
        "players": NAMES[:n],
        "deals": deals,
        "one": one,
    }


def canonical(game: str, options: Any, n: int, record: dict) -> dict:
    rules = get_game(game)
    return rules.record_to_json(rules.parse_record(record, options, n))


def totals(state: dict) -> dict:
    """Everything derived in a state (versions and etags left out: they count changes)."""
    keep = {k: v for k, v in state.items() if k != "version"}
    keep["deals"] = [
        {k: v for k, v in d.items() if k not in ("version", "etag")} for d in state["deals"]
    ]
    return keep


@pytest.fixture
def session(app):
    with app.app_context(), Session(app.extensions["db_engine"], expire_on_commit=False) as s:
        yield s


def start(session, setup: dict):
    match = svc.create_match(
        session=session,
        game=setup["game"],
        preset=setup["preset"],
        players=setup["players"],
        options=setup["options"],
    )
    for record in setup["deals"]:
        svc.record_deal(session=session, match_id=match.id, record=record)
    return match


@pytest.mark.parametrize("game", ["marias", "mariasz", "mariage", "marianna"])
def test_records_survive_post_db_get_and_totals_are_the_rules_own(client, game):
    @SETTINGS
    @given(setup=setups(game))
    def check(setup: dict) -> None:
        body = {k: setup[k] for k in ("game", "preset", "options", "players")}
        created = client.post("/api/v1/matches", json=body)
        assert created.status_code == 201, created.json
        match_id, token = created.json["id"], created.json["token"]
        for record in setup["deals"]:
            answer = client.post(
                f"/api/v1/matches/{match_id}/deals",
                json=record,
                headers={"Authorization": f"Bearer {token}"},
            )
            assert answer.status_code == 201, (answer.json, record)
        got = client.get(f"/api/v1/matches/{match_id}").json
        rules = get_game(game)
        options = rules.make_options(got["preset"], got["options"])
        n = len(setup["players"])
        stored = [d["record"] for d in got["deals"]]
        assert stored == [canonical(game, options, n, r) for r in setup["deals"]]
        assert stored == [canonical(game, options, n, r) for r in stored]  # a fixed point
        score = rules.score(options, n, [rules.parse_record(r, options, n) for r in stored])
        assert got["scores"] == list(score.scores) and got["finished"] == score.finished
        assert [d["delta"] for d in got["deals"]] == [list(d.delta) for d in score.deals]

    check()


@pytest.mark.parametrize("game", ["marias", "mariasz", "mariage", "marianna"])
def test_edit_then_revert_restores_every_total(session, game):
    @SETTINGS
    @given(setup=setups(game), data=st.data())
    def check(setup: dict, data: st.DataObject) -> None:
        assume(setup["deals"])
        match = start(session, setup)
        before = svc.match_state(session=session, match=match)
        n = data.draw(st.integers(1, len(before["deals"])))
        original = before["deals"][n - 1]["record"]
        try:
            svc.replace_deal(
                session=session, match_id=match.id, n=n, record=data.draw(setup["one"])
            )
        except RuleError:  # the new record breaks a later deal: refused, nothing changed
            assert totals(svc.match_state(session=session, match=match)) == totals(before)
            return
        after = svc.replace_deal(session=session, match_id=match.id, n=n, record=original)
        assert totals(after) == totals(before)
        assert after["deals"][n - 1]["version"] == 3

    check()


@pytest.mark.parametrize("game", ["marias", "mariasz", "mariage", "marianna"])
def test_add_then_undo_restores_every_total(session, game):
    @SETTINGS
    @given(setup=setups(game), data=st.data())
    def check(setup: dict, data: st.DataObject) -> None:
        match = start(session, setup)
        before = svc.match_state(session=session, match=match)
        try:
            svc.record_deal(session=session, match_id=match.id, record=data.draw(setup["one"]))
        except RuleError:  # e.g. the match is already decided: refused, nothing changed
            assert totals(svc.match_state(session=session, match=match)) == totals(before)
            return
        assert totals(svc.undo_last_deal(session=session, match_id=match.id)) == totals(before)
        actions = [h["action"] for h in svc.history(session=session, match_id=match.id)]
        assert actions[-2:] == ["add", "undo"] or actions[-3:] == ["add", "undo", "reopen"]

    check()
