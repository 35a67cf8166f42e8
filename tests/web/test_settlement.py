"""Who pays whom at the end of a Mariáš session with a stake (docs/rules.md §4 "Money";
docs/api.md "Settlement"): the API, the match page and the printed match record."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

PLAYERS = ["Šárka", "Jiří", "Řehoř"]


def _deal(declarer, kind, won=True, flek=0, trump="spades"):
    trump = None if kind in ("betl", "durch") else trump
    part = {"kind": kind, "won": won, "flek": flek}
    return {"declarer": declarer, "dealer": None, "trump": trump, "parts": [part]}


# RULES.md §4 settlement, by hand (units): Šárka's sto lost at tutti (4 × 8 = 32 to each),
# Jiří's durch at flek (20 from each) and hra at flek (2 from each), Řehoř's durch (10 from
# each): Šárka −64 − 20 − 2 − 10 = −96, Jiří 32 + 40 + 4 − 10 = 66, Řehoř 32 − 20 − 2 + 20 = 30.
# At 0.20 Kč a unit: Šárka pays Jiří 13.20 and Řehoř 6.00.
DEALS = [
    _deal(0, "sto", won=False, flek=3),
    _deal(1, "durch", flek=1),
    _deal(1, "hra", flek=1),
    _deal(2, "durch"),
]


def _session(client, *, stake="0.20", deals=DEALS):
    made = client.post(
        "/api/v1/matches",
        json={"game": "marias", "players": PLAYERS, "stake": stake, "currency": "CZK"},
    )
    match_id, token = made.json["id"], made.json["token"]
    headers = {"Authorization": f"Bearer {token}"}
    for record in deals:
        answer = client.post(f"/api/v1/matches/{match_id}/deals", json=record, headers=headers)
        assert answer.status_code == 201, answer.text
    return match_id, token, headers


def _text(html: str) -> str:
    return " ".join(html.replace("\u00a0", " ").replace("\u202f", " ").split())


def test_api_settlement_is_the_fewest_payments_in_money(client):
    match_id, _token, headers = _session(client)
    state = client.get(f"/api/v1/matches/{match_id}").json
    assert state["scores"] == [-96, 66, 30] and state["money"] == ["-19.20", "13.20", "6.00"]
    answer = client.get(f"/api/v1/matches/{match_id}/settlement")
    assert answer.status_code == 200
    assert answer.json == {
        "currency": "CZK",
        "finished": False,  # an open session: what the table pays if it stops now
        "payments": [
            {"from": 0, "to": 1, "amount": "13.20", "units": 66},
            {"from": 0, "to": 2, "amount": "6.00", "units": 30},
        ],
    }
    assert client.post(f"/api/v1/matches/{match_id}/finish", headers=headers).status_code == 200
    assert client.get(f"/api/v1/matches/{match_id}/settlement").json["finished"] is True


def test_api_settlement_without_a_stake_or_money(client):
    # no stake: the payments in units only; a game not played for money: no payments
    match_id, _token, _headers = _session(client, stake=None)
    answer = client.get(f"/api/v1/matches/{match_id}/settlement").json
    assert answer["currency"] is None
    assert [(p["from"], p["to"], p["amount"], p["units"]) for p in answer["payments"]] == [
        (0, 1, None, 66),
        (0, 2, None, 30),
    ]
    made = client.post("/api/v1/matches", json={"game": "mariage", "players": ["Hans", "Grete"]})
    empty = client.get(f"/api/v1/matches/{made.json['id']}/settlement").json
    assert empty == {"currency": None, "finished": False, "payments": []}
    assert client.get("/api/v1/matches/nope/settlement").status_code == 404


@pytest.mark.parametrize(
    "lang, line",
    [
        ("cs", "Šárka platí: Jiří 13,20 Kč a Řehoř 6,00 Kč"),
        ("de", "Šárka zahlt Jiří 13,20 CZK und Řehoř 6,00 CZK"),
        ("it", "Šárka paga 13,20 CZK a Jiří e 6,00 CZK a Řehoř"),
        ("en", "Šárka pays Jiří CZK 13.20 and Řehoř CZK 6.00"),
    ],
)
def test_the_finished_match_page_says_who_pays_whom(client, lang, line):
    match_id, token, headers = _session(client)
    page = _text(client.get(f"/m/{match_id}?lang={lang}").text)
    assert line not in page  # open: a link to the record's "if you stop now"
    assert f"/m/{match_id}/record#settlement" in page
    client.post(f"/api/v1/matches/{match_id}/finish", headers=headers)
    for url in (f"/m/{match_id}?lang={lang}", f"/m/{match_id}/{token}?lang={lang}"):
        assert line in _text(client.get(url).text)


def test_the_match_record_prints_the_settlement(client):
    match_id, _token, headers = _session(client)
    record = _text(client.get(f"/m/{match_id}/record?lang=cs").text)
    assert "Kdo komu platí, když teď skončíte" in record
    assert "Šárka platí: Jiří 13,20 Kč a Řehoř 6,00 Kč" in record
    client.post(f"/api/v1/matches/{match_id}/finish", headers=headers)
    pdf = client.get(f"/m/{match_id}/record.pdf?lang=cs")
    assert pdf.status_code == 200
    text = _text(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages))
    assert "Kdo komu platí" in text and "13,20 Kč" in text and "6,00 Kč" in text


def test_no_settlement_before_the_first_deal_or_when_all_are_even(client):
    match_id, _token, headers = _session(client, deals=[])
    page = client.get(f"/m/{match_id}").text
    assert "settlement" not in page
    # a hra won by each: everyone back at 0; finished: nobody owes anything
    even = [_deal(0, "hra"), _deal(1, "hra"), _deal(2, "hra")]
    match_id, _token, headers = _session(client, deals=even)
    client.post(f"/api/v1/matches/{match_id}/finish", headers=headers)
    assert client.get(f"/api/v1/matches/{match_id}/settlement").json["payments"] == []
