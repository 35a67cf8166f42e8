"""Licitovaný mariáš (docs/rules.md §4a) through the app: the API, the pages and the deal form.

A licitovaný match is the ``marias`` game's ``licitovany`` preset, scored by its own package
(``get_game("marias", "licitovany")``). These tests go through the real app: records stored by
the API come back and sit in the database as the rules' canonical JSON, bad ones are refused
with field and code (422, never a 500), the match page and the rules page speak Czech, and what
is tapped on the deal form is what is stored.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

from scorekeeper.db import get_session
from scorekeeper.models.match import Deal
from scorekeeper.rules.licitovany import GAME
from tests.strategies import licitovany as strategy
from tests.strategies.licitovany import example
from tests.web.test_match_pages import form_data
from tests.web.test_roundtrip import roundtrip

SETTINGS = settings(
    deadline=None, max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
PLAYERS = ["Jana", "Petr", "Ota", "Eva"]
CS = {"Accept-Language": "cs"}


def _create(client, n_players: int = 3, options: dict | None = None, stake: str = "0.20"):
    created = client.post(
        "/api/v1/matches",
        json={"game": "marias", "preset": "licitovany", "players": PLAYERS[:n_players],
              "options": options or {}, "stake": stake, "currency": "CZK"},
    )  # fmt: skip
    assert created.status_code == 201, created.get_json()
    match = created.get_json()
    return match, {"Authorization": f"Bearer {match['token']}"}


def _stored(app, match_id: str) -> list[dict[str, Any]]:
    """The deals' records as the database holds them, in order."""
    with app.app_context():
        query = select(Deal).where(Deal.match_id == match_id).order_by(Deal.id)
        rows = get_session().exec(query).all()
        return [r.record if isinstance(r.record, dict) else json.loads(r.record) for r in rows]


def test_the_api_takes_the_preset_and_answers_in_money(client):
    # docs/rules.md §4a: the tariff in units, 0.20 Kč a unit; a sedma won with a flek from
    # one defender: hra 2 from him, 1 from the other, the sedma 2 from each
    match, auth = _create(client)
    assert match["preset"] == "licitovany" and match["options"]["limit"] == 500
    record = example("sedma", ("hra", True, [1, 0]), ("sedma", True, [0, 0]), trump="clubs")
    added = client.post(f"/api/v1/matches/{match['id']}/deals", json=record, headers=auth)
    assert added.status_code == 201, added.get_json()
    state = client.get(f"/api/v1/matches/{match['id']}").get_json()
    assert state["scores"] == [7, -4, -3]
    assert state["money"] == ["1.40", "-0.80", "-0.60"]
    settled = client.get(f"/api/v1/matches/{match['id']}/settlement").get_json()
    assert sorted((p["from"], p["to"], p["amount"]) for p in settled["payments"]) == [
        (1, 0, "0.80"),
        (2, 0, "0.60"),
    ]


@SETTINGS
@given(data=st.data(), n_players=st.sampled_from([3, 4]))
def test_records_go_through_the_api_into_the_database_unchanged(app, client, data, n_players):
    options = data.draw(strategy.all_options())
    records = data.draw(strategy.match_records(options, n_players, max_deals=4))
    match, auth = _create(client, n_players, GAME.options_to_json(options))
    for record in records:
        added = client.post(f"/api/v1/matches/{match['id']}/deals", json=record, headers=auth)
        assert added.status_code == 201, (record, added.get_json())
    expected = [GAME.record_to_json(GAME.parse_record(r, options, n_players)) for r in records]
    state = client.get(f"/api/v1/matches/{match['id']}").get_json()
    assert [d["record"] for d in state["deals"]] == expected
    assert _stored(app, match["id"]) == expected
    assert list(GAME.score(options, n_players, records).scores) == state["scores"]
    assert sum(state["scores"]) == 0  # RULES.md §4: every deal sums to zero


BAD = [
    # (what is wrong, the record's changes, the field refused, its code)
    ("a červená contract in acorns", {"contract": "sedma_cervena", "trump": "clubs"},
     "trump", "licit.hearts_only"),
    ("a flek above boty", {"parts": [{"kind": "hra", "won": True, "flek": [5, 0]},
                                     {"kind": "sedma", "won": True, "flek": [0, 0]}]},
     "parts.0.flek.0", None),
    ("a proti part", {"parts": [{"kind": "hra", "won": True, "flek": [0, 0]},
                                {"kind": "sedma_proti", "won": True, "flek": [0, 0]}]},
     "parts.1.kind", "licit.proti"),
    ("premium points below 0", {"pb": [0, -1, 0]}, "pb.1", "licit.pb_figure"),
    ("an unknown contract", {"contract": "kilo"}, "contract", "licit.unknown_contract"),
    ("omyl on a flekked sedma", {"omyl": True, "parts": [
        {"kind": "hra", "won": None, "flek": [1, 0]},
        {"kind": "sedma", "won": None, "flek": [0, 0]}]}, "parts.0.flek", "licit.omyl_flek"),
    ("a record that is no object", None, "", None),
]  # fmt: skip


def test_bad_records_are_refused_with_field_and_code(client):
    match, auth = _create(client)
    good = example("sedma", ("hra", True, [0, 0]), ("sedma", True, [0, 0]), trump="clubs")
    for why, change, field, code in BAD:
        record = [1, 2] if change is None else {**good, **change}
        answer = client.post(f"/api/v1/matches/{match['id']}/deals", json=record, headers=auth)
        assert answer.status_code == 422, why
        errors = answer.get_json()["errors"]
        assert any(e["field"] == field for e in errors), (why, errors)
        if code:
            assert any(e.get("code") == code for e in errors), (why, errors)
    assert client.get(f"/api/v1/matches/{match['id']}").get_json()["deals"] == []


@settings(SETTINGS, max_examples=30)
@given(record=st.dictionaries(
    st.sampled_from(["declarer", "contract", "trump", "second_suit", "parts", "pb", "omyl",
                     "silent", "renonc", "renonc_kind", "declarer_points", "dealer"]),
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=5)
    | st.lists(st.integers(-1, 5) | st.dictionaries(st.text(max_size=4), st.integers()),
               max_size=3)))  # fmt: skip
def test_no_record_makes_a_server_error(app, record):
    client = app.test_client()
    match, auth = _create(client)
    answer = client.post(f"/api/v1/matches/{match['id']}/deals", json=record, headers=auth)
    assert answer.status_code in (201, 422), answer.get_data(as_text=True)[:500]


def test_the_pages_speak_czech(client):
    page = client.get("/matches/new", headers=CS).text
    assert "/matches/new/marias/licitovany" in page and "Licitovaný mariáš" in page
    form = client.get("/matches/new/marias/licitovany", headers=CS).text
    assert "Nový zápas: Licitovaný mariáš" in form
    assert "opt_flek_per_defender" not in form  # docs/rules.md §4a: always on, not offered
    assert "Omyl (vzdaná sedma), jednotky" in form
    match, auth = _create(client)
    record = example("sto", ("sto", True, [0, 1]), trump="spades", declarer_points=110,
                     defender_points=20, pb=[0, 3, 0])  # fmt: skip
    added = client.post(f"/api/v1/matches/{match['id']}/deals", json=record, headers=auth)
    assert added.status_code == 201, added.get_json()
    edit = client.get(f"/m/{match['id']}/{match['token']}", headers=CS).text
    assert "Závazek" in edit and "sto a sedma červených" in edit and "Prémiové body (PB)" in edit
    assert "Flek, první obránce" in edit
    assert "Jana · sto · zelené" in edit and "PB Petr 3" in edit  # the deal's line
    assert "3,20" in edit  # sto 4 + 4 above 100, a flek from Ota: 8 + 16 = 24 units, 4,80 Kč
    assert re.search(r'class="pb">Prémiové body \(PB\): .*Petr <b>3</b>', edit)  # the board
    rules = client.get(f"/m/{match['id']}/rules", headers=CS).text
    assert "Žebříček závazků" in rules and "dvě sedmy a sto červených" in rules
    assert "omyl (sedma vzdaná před hrou)" in rules and "renonc, paušál 2" in rules


def _tap(page: str, taps: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = form_data(page, "deal-form")
    return data | {k: str(v) for k, v in taps.items()}


def test_the_form_stores_what_was_tapped(client):
    match, _auth = _create(client)
    url = f"/m/{match['id']}/{match['token']}"
    taps = {"declarer": 1, "contract": "dve_sedmy_sto", "trump": "diamonds",
            "second_suit": "hearts", "dve_sedmy_won": 1, "dve_sedmy_flek2": 2, "sto_won": 0,
            "sto_flek": 1, "declarer_points": 80, "defender_points": 30, "pb_1": 4,
            # tapped under another contract first: not this one's, so not recorded
            "ticha_sedma": "declarer", "omyl": "y"}  # fmt: skip
    saved = client.post(url, data=_tap(client.get(url).text, taps))
    assert saved.status_code == 302, saved.text[:3000]
    record = client.get(f"/api/v1/matches/{match['id']}").get_json()["deals"][0]["record"]
    assert record == {
        "declarer": 1, "dealer": None, "contract": "dve_sedmy_sto", "trump": "diamonds",
        "second_suit": "hearts",
        "parts": [{"kind": "dve_sedmy", "won": True, "flek": [0, 2]},
                  {"kind": "sto", "won": False, "flek": [1, 0]}],
        "declarer_points": 80, "defender_points": 30, "silent": [], "renonc": None,
        "renonc_kind": None, "omyl": False, "pb": [0, 4, 0],
    }  # fmt: skip


def test_a_refused_form_keeps_what_was_tapped_and_says_why_beside_it(client):
    match, _auth = _create(client)
    url = f"/m/{match['id']}/{match['token']}"
    taps = {"declarer": 0, "contract": "sto", "trump": "clubs", "sto_won": 0, "pb_2": 2}
    refused = client.post(url, data=_tap(client.get(url).text, taps), headers=CS)
    assert refused.status_code == 422
    # docs/rules.md §4a: a failed sto pays per 10 short, so it needs the declarer's points
    beside = re.search(r'class="num bad" id="f-declarer_points">.*?</label>\s*<p class="error"',
                       refused.text, re.S)  # fmt: skip
    assert beside, "the reason is not beside the declarer's points"
    for name, value in (("contract", "sto"), ("trump", "clubs"), ("sto_won", "0")):
        assert re.search(rf'<input checked[^>]*name="{name}"[^>]*value="{value}"', refused.text)
    assert re.search(r'id="pb_2"[^>]*value="2"', refused.text)
    assert client.get(f"/api/v1/matches/{match['id']}").get_json()["deals"] == []


@SETTINGS
@given(data=st.data(), n_players=st.sampled_from([3, 4]))
def test_a_record_survives_the_edit_form(client, data, n_players):
    options = data.draw(strategy.all_options())
    record = data.draw(strategy.records(options, n_players))
    before, after = roundtrip(client, "marias", "licitovany", options, PLAYERS[:n_players], record)
    assert after == before


def test_a_league_tables_deal_form_offers_the_leagues_pb_table(client):
    # RULES.md §6b: premium points come from the league's PB table, loaded as data; the deal
    # form of a league evening's table lists them and offers each figure on every PB field
    made = client.post(
        "/api/v1/tournaments",
        json={"name": "Pražská liga", "game": "marias", "preset": "licitovany",
              "players": ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída"], "rounds": 2,
              "seed": 3, "format": "league", "stake": "0.20", "currency": "CZK"},
    )  # fmt: skip
    assert made.status_code == 201, made.get_json()
    t = made.get_json()
    auth = {"Authorization": f"Bearer {t['token']}"}
    table = client.put(
        f"/api/v1/tournaments/{t['id']}/pb-table",
        data="sedma;na 3 trumfy;7\nsto;bez trumfové desítky;10\n".encode(),
        headers={**auth, "Content-Type": "text/csv; charset=utf-8"},
    )
    assert table.status_code == 200, table.get_json()
    drawn = client.post(f"/api/v1/tournaments/{t['id']}/rounds", headers=auth).get_json()
    seat = drawn["tables"][0]
    page = client.get(f"/m/{seat['match_id']}/{seat['token']}", headers=CS)
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert html.count('list="pb-choices"') == 3  # every player's PB field
    assert '<option value="7" label="sedma (na 3 trumfy)">' in html
    assert '<option value="10" label="sto (bez trumfové desítky)">' in html
    assert "sedma, na 3 trumfy: 7; sto, bez trumfové desítky: 10" in html
    # a licitovaný match outside a league has plain PB fields
    match, _auth = _create(client)
    plain = client.get(f"/m/{match['id']}/{match['token']}", headers=CS).get_data(as_text=True)
    assert "pb-choices" not in plain and "PB" in plain
