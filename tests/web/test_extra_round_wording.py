"""A Mariáš session decided by an extra round says so, with its deals (docs/rules.md §4 "The end
of a match"): not "finished by the table after deal 10" under 14 deals."""

from __future__ import annotations

import pytest

from scorekeeper.rules.marias import GAME

PLAYERS = ["Jana", "Petr", "Ota", "Eva"]


def _hra(declarer: int, dealer: int) -> dict:
    return {"declarer": declarer, "dealer": dealer, "trump": "spades",
            "parts": [{"kind": "hra", "won": True, "flek": 0}]}  # fmt: skip


# RULES.md §4: ten deals (Eva deals and sits out), Jana and Petr win five hry each: +5, +5, −10,
# 0; the table finishes after deal 10 with the top shared, so one extra round of four deals is
# played; after it Jana leads alone (+8).
TEN = [_hra(d, 3) for d in (0, 1) * 5]
ROUND = [_hra(0, 3), _hra(0, 1), _hra(2, 0), _hra(3, 2)]


def test_the_rules_count_the_extra_rounds():
    options = GAME.make_options("pub", {"finished_after": 10})
    open_ = GAME.score(options, 4, TEN)
    assert (open_.finished, open_.extra) == (False, {"extra_round": True})
    done = GAME.score(options, 4, TEN + ROUND)
    assert (done.finished, done.winner, done.scores) == (True, 0, (8, 2, -10, 0))
    assert done.extra == {"extra_rounds": 1}
    # decided at once (no shared top): no extra round to mention
    assert GAME.score(GAME.make_options("pub", {"finished_after": 1}), 4, TEN[:1]).extra == {}


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "finished by the table after deal 10, then 1 extra round: 14 deals in all"),
        ("cs", "ukončeno stolem po rozdání 10, pak 1 kolo navíc: celkem 14 rozdání"),
        ("de", "vom Tisch nach Spiel 10 beendet, dann 1 Zusatzrunde: 14 Spiele insgesamt"),
    ],
)
def test_the_board_and_rules_page_say_after_the_extra_round(client, lang, said):
    made = client.post("/api/v1/matches", json={"game": "marias", "players": PLAYERS})
    match_id = made.json["id"]
    headers = {"Authorization": f"Bearer {made.json['token']}"}
    url = f"/api/v1/matches/{match_id}"
    for record in TEN:
        assert client.post(f"{url}/deals", json=record, headers=headers).status_code == 201
    assert client.post(f"{url}/finish", headers=headers).json["extra_round"] is True
    for record in ROUND:
        assert client.post(f"{url}/deals", json=record, headers=headers).status_code == 201
    state = client.get(url).json
    assert (state["finished"], state["winner"], state["extra_rounds"]) == (True, 0, 1)
    for page in (f"/m/{match_id}?lang={lang}", f"/m/{match_id}/rules?lang={lang}"):
        text = " ".join(client.get(page).text.replace("\u00a0", " ").split())
        assert said in text
