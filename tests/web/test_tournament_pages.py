"""Tournament pages with the Flask test client: login, organiser desk, draws, tables, standings."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from scorekeeper.db import get_session
from scorekeeper.services import matches
from scorekeeper.services import tournaments as ts

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Franta"]
HRA = {
    "declarer": 0,
    "dealer": None,
    "trump": "clubs",
    "parts": [{"kind": "hra", "won": True, "flek": 0}],
}


def _login(client, name="anna"):
    answer = client.post("/auth/register", data={"username": name, "password": "secret123"})
    assert answer.status_code == 302


def _create(client, **extra):
    data = {
        "name": "Posvícení",
        "game": "marias:pub",
        "rounds": 2,
        "timing": "minutes",
        "length": 60,
        "ranking": "balance",
        "draw_method": "random",
        "seed": 7,
        "players": "\n".join(SEVEN),
        **extra,
    }
    answer = client.post("/tournaments/new", data=data)
    assert answer.status_code == 302, answer.data
    return answer.location.split("/")[2]


@pytest.fixture
def organiser(client):
    _login(client)
    return client


def _state(app, tid):
    with app.app_context():
        return ts.tournament_state(session=get_session(), tournament_id=tid)


def test_no_organiser_action_without_login(app, client):
    assert client.get("/tournaments/new").status_code == 302
    with app.app_context():
        t = ts.create_tournament(session=get_session(), name="T", game="marias", players=SEVEN)
    for url in (f"/tournaments/{t.id}/manage", f"/tournaments/{t.id}/draw"):
        assert client.get(url).status_code == 302  # to the login page
    assert client.post(f"/tournaments/{t.id}/players", data={"name": "X"}).status_code == 302
    # the organiser link asks for a login too
    assert "/auth/login" in client.get(f"/tournaments/{t.id}/o/{t.token}").location


def test_login_wrong_password_and_logout(client):
    _login(client)
    client.post("/auth/logout")
    wrong = client.post("/auth/login", data={"username": "anna", "password": "nope-nope"})
    assert wrong.status_code == 422 and b"Wrong name or password" in wrong.data
    ok = client.post(
        "/auth/login?next=/tournaments/new", data={"username": "anna", "password": "secret123"}
    )
    assert ok.location == "/tournaments/new"
    evil = client.post(
        "/auth/login?next=//evil.example", data={"username": "anna", "password": "secret123"}
    )
    assert evil.location == "/tournaments/"


def test_password_is_hashed(app, client):
    _login(client)
    from sqlmodel import select

    from scorekeeper.models.tournament import Organiser

    with app.app_context():
        stored = get_session().exec(select(Organiser)).one()
    assert stored.password_hash != "secret123" and stored.password_hash.startswith(
        ("scrypt", "pbkdf2")
    )


def test_another_organiser_needs_the_link(app, organiser):
    tid = _create(organiser)
    token = _state(app, tid)  # noqa: F841 (tournament exists)
    organiser.post("/auth/logout")
    _login(organiser, "bob")
    assert organiser.get(f"/tournaments/{tid}/manage").status_code == 403
    with app.app_context():
        secret = ts.get_tournament(session=get_session(), tournament_id=tid).token
    assert organiser.get(f"/tournaments/{tid}/o/wrong").status_code == 404
    assert organiser.get(f"/tournaments/{tid}/o/{secret}").status_code == 302
    assert organiser.get(f"/tournaments/{tid}/manage").status_code == 200
    assert "Posvícení" in organiser.get("/tournaments/").get_data(as_text=True)


def test_create_form_shows_errors(organiser):
    answer = organiser.post(
        "/tournaments/new",
        data={
            "name": "X",
            "game": "marias:pub",
            "rounds": 2,
            "timing": "minutes",
            "length": 60,
            "ranking": "balance",
            "draw_method": "random",
            "options": "nonsense = 1\nflek_max = banana",
        },
    )
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert "nonsense: is not a Mariáš option" in page  # the error names the house rule
    assert "flek_max: must be a whole number or empty" in page


def test_players_paste_fix_withdraw_keep_apart(app, organiser):
    tid = _create(organiser, players="Jana\nPetr")
    organiser.post(f"/tournaments/{tid}/players", data={"name": "Ota"})
    organiser.post(f"/tournaments/{tid}/players/paste", data={"names": "Eva\nKarel\nLída"})
    page = organiser.get(f"/tournaments/{tid}/manage")
    assert all(name.encode() in page.data for name in ["Jana", "Ota", "Lída"])
    dup = organiser.post(
        f"/tournaments/{tid}/players", data={"name": "jana"}, follow_redirects=True
    )
    assert "already registered" in dup.get_data(as_text=True)
    players = _state(app, tid)["players"]
    organiser.post(
        f"/tournaments/{tid}/players/{players[0]['id']}/rename", data={"name": "Jana N."}
    )
    organiser.post(f"/tournaments/{tid}/players/{players[1]['id']}/withdraw")
    organiser.post(
        f"/tournaments/{tid}/keep-apart", data={"a": players[2]["id"], "b": players[3]["id"]}
    )
    state = _state(app, tid)
    assert state["players"][0]["name"] == "Jana N."
    assert state["players"][1]["active"] is False
    assert state["keep_apart"][0]["players"] == ["Ota", "Eva"]


def test_draw_preview_redraw_confirm_start_and_tables(app, organiser):
    tid = _create(organiser)
    preview = organiser.get(f"/tournaments/{tid}/draw?seed=42").get_data(as_text=True)
    assert "Seed 42" in preview and "repeat meetings: 0" in preview
    assert _state(app, tid)["rounds"] == []  # a preview stores nothing
    redraw = re.search(r'href="([^"]*/draw\?seed=\d+)"', preview).group(1)
    assert organiser.get(redraw).status_code == 200
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "42"})
    organiser.post(f"/tournaments/{tid}/rounds/1/start")
    state = _state(app, tid)
    rnd = state["rounds"][0]
    assert rnd["seed"] == 42 and rnd["status"] == "playing" and rnd["ends_at"]
    desk = organiser.get(f"/tournaments/{tid}/manage").get_data(as_text=True)
    assert "<svg" in desk  # QR codes for the tables
    assert f"/m/{rnd['tables'][0]['match_id']}/{rnd['tables'][0]['token']}" in desk
    assert 'class="timer' in desk
    # every printable the desk links to answers (the organiser prints from the desk)
    printables = set(re.findall(r'href="(/(?:tournaments/[^"]*/print/|sheets/)[^"]*)"', desk))
    assert len(printables) >= 5
    for href in printables:
        assert organiser.get(html.unescape(href)).status_code == 200, href


def test_table_page_confirmation_by_a_second_player(app, client):
    with app.app_context():
        db = get_session()
        t = ts.create_tournament(session=db, name="T", game="marias", players=SEVEN[:6], seed=1)
        rnd = ts.confirm_round(session=db, tournament_id=t.id, start=True)
        table = rnd["tables"][0]
        matches.record_deal(session=db, match_id=table["match_id"], record=HRA)
    url = f"/tournaments/{t.id}/table/1/1/{table['token']}"
    assert client.get(f"/tournaments/{t.id}/table/1/1/wrong").status_code == 404
    page = client.get(url).get_data(as_text=True)
    assert f"/m/{table['match_id']}/{table['token']}" in page and "Confirm these figures" in page
    assert "Choose your name" in client.post(url, data={}).get_data(as_text=True)
    done = client.post(url, data={"by": table["players"][1]}, follow_redirects=True)
    # the page says who confirmed in words ("confirmed by Ota", not "by table 1: Ota")
    assert f"confirmed by {html.escape(table['players'][1])}" in done.get_data(as_text=True)
    assert _state(app, t.id)["rounds"][0]["tables"][0]["confirmed"] is True
    with app.app_context():  # a deal added after the confirmation: confirm again
        matches.record_deal(session=get_session(), match_id=table["match_id"], record=HRA)
    page = client.get(url).get_data(as_text=True)
    who = html.escape(table["players"][1])
    assert f"confirmed earlier by {who}, before the last change" in page
    assert f"· confirmed by {who}" not in page


def test_sheet_figures_and_organiser_confirm_and_audit(app, organiser):
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    url = f"/tournaments/{tid}/rounds/1/tables/1/sheet"
    bad = organiser.post(url, data={"scores-0": "5", "scores-1": "1", "scores-2": "x"})
    assert "Enter a whole number" in bad.get_data(as_text=True)
    bad = organiser.post(url, data={"scores-0": "5", "scores-1": "1", "scores-2": "1"})
    assert "add up to zero" in bad.get_data(as_text=True)
    organiser.post(url, data={"scores-0": "4", "scores-1": "-2", "scores-2": "-2"})
    assert _state(app, tid)["rounds"][0]["tables"][0]["confirmed"] is False
    organiser.post(f"/tournaments/{tid}/rounds/1/tables/1/confirm")
    assert _state(app, tid)["rounds"][0]["tables"][0]["confirmed"] is True
    log = organiser.get(f"/tournaments/{tid}/audit").get_data(as_text=True)
    assert "organiser anna" in log and "confirm" in log and "result" in log


def test_public_standings_and_tv_update_by_etag_and_hide_tokens(app, organiser):
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    organiser.post(
        f"/tournaments/{tid}/rounds/1/tables/1/sheet",
        data={"scores-0": "4", "scores-1": "-2", "scores-2": "-2", "confirm": "1"},
    )
    token = _state(app, tid)["rounds"][0]["tables"][0]["token"]
    organiser.post("/auth/logout")
    for path in (f"/tournaments/{tid}", f"/tournaments/{tid}/tv"):
        response = organiser.get(path)
        page = response.get_data(as_text=True)
        # no <meta refresh> (axe-core: critical); live.js fetches with the ETag and a
        # plain link shows the latest without JavaScript
        assert 'http-equiv="refresh"' not in page and token not in page
        assert "timer.js" in page and "live.js" in page and "data-live-every" in page
        assert f'href="{path}"' in page
        etag = response.headers["ETag"]
        again = organiser.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b""
    before = organiser.get(f"/tournaments/{tid}").headers["ETag"]
    with app.app_context():
        from scorekeeper.services import tournament_rounds

        tournament_rounds.set_manual_result(
            session=get_session(), tournament_id=tid, round=1, table=2, scores=[2, -1, -1],
            confirm=True,
        )  # fmt: skip
    changed = organiser.get(f"/tournaments/{tid}", headers={"If-None-Match": before})
    assert changed.status_code == 200 and changed.headers["ETag"] != before
    page = organiser.get(f"/tournaments/{tid}").get_data(as_text=True)
    first = _state(app, tid)["rounds"][0]["tables"][0]["players"][0]
    assert page.index(first) < page.index("Balance") + 2000
    assert organiser.get("/tournaments/nope").status_code == 404


def test_round_close_then_next_draw(app, organiser):
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7"})
    blocked = organiser.get(f"/tournaments/{tid}/draw", follow_redirects=True)
    assert "Close round 1" in blocked.get_data(as_text=True)
    organiser.post(f"/tournaments/{tid}/rounds/1/close")
    assert organiser.get(f"/tournaments/{tid}/draw").status_code == 200
    # the closed round's seating still prints from the desk (e.g. after the last round)
    desk = organiser.get(f"/tournaments/{tid}/manage").get_data(as_text=True)
    assert f"/tournaments/{tid}/print/seating?round=1" in desk


def test_csrf_is_enforced(app, client):
    app.config["WTF_CSRF_ENABLED"] = True
    page = client.get("/auth/register").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    missing = client.post("/auth/register", data={"username": "anna", "password": "secret123"})
    assert missing.status_code in (200, 400) and missing.status_code != 302
    ok = client.post(
        "/auth/register", data={"username": "anna", "password": "secret123", "csrf_token": token}
    )
    assert ok.status_code == 302
    tid = None
    form = client.get("/tournaments/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form).group(1)
    made = client.post(
        "/tournaments/new",
        data={
            "name": "T",
            "game": "marias:pub",
            "rounds": 2,
            "timing": "minutes",
            "length": 60,
            "ranking": "balance",
            "draw_method": "random",
            "players": "A\nB\nC",
            "csrf_token": token,
        },
    )
    tid = made.location.split("/")[2]
    assert client.post(f"/tournaments/{tid}/players", data={"name": "D"}).status_code == 400
    assert (
        client.post(
            f"/tournaments/{tid}/players", data={"name": "D", "csrf_token": token}
        ).status_code
        == 302
    )


def test_marianna_teams_from_the_pages(app, organiser):
    # RULES.md §6: Marianna is played by fixed teams of two, paired like two-player games
    tid = _create(
        organiser, game="marianna:marianna", players="Jana & Ota\nEva & Petr\nLída & Karel"
    )
    organiser.post(f"/tournaments/{tid}/players", data={"name": "Věra & Josef"})
    solo = organiser.post(
        f"/tournaments/{tid}/players", data={"name": "Solo"}, follow_redirects=True
    )
    assert "two players" in solo.get_data(as_text=True)
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3", "start": "1"})
    rnd = _state(app, tid)["rounds"][0]
    assert len(rnd["tables"]) == 2 and all(len(x["player_ids"]) == 2 for x in rnd["tables"])
    assert len(rnd["tables"][0]["seats"]) == 4  # the match seats both teams' players
    organiser.post(
        f"/tournaments/{tid}/rounds/1/tables/1/sheet",
        data={"scores-0": "41", "scores-1": "30", "confirm": "1"},
    )
    page = organiser.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert "Team" in page and html.escape(rnd["tables"][0]["players"][0]) in page


def test_cancel_a_draw_from_the_desk(app, organiser):
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7"})
    assert "Cancel this draw" in organiser.get(f"/tournaments/{tid}/manage").get_data(as_text=True)
    organiser.post(f"/tournaments/{tid}/rounds/1/cancel")
    assert _state(app, tid)["rounds"] == []


def test_two_player_standings_show_their_tie_breaks(app, organiser):
    # RULES.md §6: two-player games rank by wins, then match points, then Buchholz, then the lot
    tid = _create(organiser, game="mariasz:standard", players="\n".join(SEVEN[:5]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3", "start": "1"})
    for table in _state(app, tid)["rounds"][0]["tables"]:
        organiser.post(
            f"/tournaments/{tid}/rounds/1/tables/{table['table']}/sheet",
            data={"scores-0": "2", "scores-1": "1", "confirm": "1"},
        )
    form = organiser.get(f"/tournaments/{tid}/rounds/1/tables/1/sheet").get_data(as_text=True)
    assert "match points; the higher wins" in html.unescape(form)  # which figure to type
    page = organiser.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert ">MP<" in page and ">Buchh.<" in page  # one label per metric everywhere
    # the legend under the table: the tie-breaks in force, in order (tournament/standings.py)
    assert "Ties are broken by: 1. more match points (MP); 2. higher Buchholz" in page
    tv = organiser.get(f"/tournaments/{tid}/tv").get_data(as_text=True)
    # the pub TV names the deciding tie-break beside rows with the same wins: here every winner
    # has 2 match points and Buchholz 0 (the bye too), so the lot orders them
    assert ">Tie-break</th>" in tv and re.search(r">Lot\xa0\d+<", tv)


def test_standings_mark_a_withdrawn_player(app, organiser):
    # withdrawals count from the next round on; the standings keep them, marked
    tid = _create(organiser)
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3", "start": "1"})
    for table in _state(app, tid)["rounds"][0]["tables"]:
        n = len(table["player_ids"])
        scores = {f"scores-{i}": str(x) for i, x in enumerate([2, -1, -1, 0][:n])}
        organiser.post(
            f"/tournaments/{tid}/rounds/1/tables/{table['table']}/sheet",
            data={**scores, "confirm": "1"},
        )
    organiser.post(f"/tournaments/{tid}/rounds/1/close")
    gone = _state(app, tid)["players"][0]
    organiser.post(f"/tournaments/{tid}/players/{gone['id']}/withdraw")
    page = organiser.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert f'{html.escape(gone["name"])} <small class="muted">(withdrawn)</small>' in page
    assert page.count("(withdrawn)") == 1


def _six_confirmed_by_sheet(app, organiser) -> str:
    """Six players, round 1 drawn and started, each table's figures typed and confirmed."""
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3", "start": "1"})
    for table in _state(app, tid)["rounds"][0]["tables"]:
        organiser.post(
            f"/tournaments/{tid}/rounds/1/tables/{table['table']}/sheet",
            data={"scores-0": "2", "scores-1": "-1", "scores-2": "-1", "confirm": "1"},
        )
    return tid


def test_table_page_of_a_closed_round_says_the_result_is_final(app, organiser):
    # after the round closes, corrections go through the organiser (audited)
    tid = _six_confirmed_by_sheet(app, organiser)
    organiser.post(f"/tournaments/{tid}/rounds/1/close")
    table = _state(app, tid)["rounds"][0]["tables"][0]
    page = organiser.get(f"/tournaments/{tid}/table/1/1/{table['token']}").get_data(as_text=True)
    assert "this result is final" in page and "Enter deals" not in page


def test_table_cards_show_whole_names():
    # the desk cut "Lubomír Ďurica" to "Lubomír …" in a table of three at 1366 px, and later
    # broke names mid-word ("Jaroslav/a"): names wrap between words only (each word one box)
    static = Path(__file__).parents[2] / "static/css"
    rules = [line for line in (static / "tournament.css").read_text().splitlines()]
    seats = [line for line in rules if line.startswith("table.seats .who")]
    assert "nowrap" not in seats[-1] and "ellipsis" not in seats[-1]
    for sheet in ("app.css", "tournament.css"):
        assert "overflow-wrap: anywhere" not in (static / sheet).read_text().replace(
            "details.qr .hint { overflow-wrap: anywhere; }", ""
        )


def test_a_closed_rounds_match_takes_no_more_deals(app, organiser):
    # the table's QR code stays on the table; once the round is closed its match is
    # final: no deal form, no edit links, and a deal sent anyway is refused and not stored
    tid = _six_confirmed_by_sheet(app, organiser)
    table = _state(app, tid)["rounds"][0]["tables"][0]
    url = f"/m/{table['match_id']}/{table['token']}"
    assert 'id="deal-form"' in organiser.get(url).get_data(as_text=True)
    organiser.post(f"/tournaments/{tid}/rounds/1/close")
    page = organiser.get(url).get_data(as_text=True)
    assert "Round 1 is closed" in page and 'id="deal-form"' not in page
    hra = {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "won": True, "flek": 0}]}
    api = organiser.post(
        f"/api/v1/matches/{table['match_id']}/deals",
        json=hra,
        headers={"Authorization": f"Bearer {table['token']}"},
    )
    assert api.status_code == 409 and "Round 1 is closed" in api.get_json()["errors"][0]["message"]
    state = organiser.get(f"/api/v1/matches/{table['match_id']}").get_json()
    assert state["deals"] == []


def test_refused_entrants_are_shown_beside_the_form_as_typed(app, organiser):
    # bad input is answered next to the field and loses nothing
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    dup = organiser.post(f"/tournaments/{tid}/players", data={"name": "  Jana "})
    page = dup.get_data(as_text=True)
    assert dup.status_code == 422
    assert re.search(r'<input name="name"[^>]*value="  Jana "', page)
    assert re.search(r'class="error" role="alert">[^<]*Jana is already registered', page)
    lower = organiser.post(f"/tournaments/{tid}/players", data={"name": "jana"})
    assert "Jana is already registered" in lower.get_data(as_text=True)  # named as registered
    pasted = organiser.post(f"/tournaments/{tid}/players/paste", data={"names": "Zdeněk\nPetr"})
    page = pasted.get_data(as_text=True)
    assert pasted.status_code == 422 and "Zdeněk\nPetr</textarea>" in page
    assert "already registered" in page
    first = _state(app, tid)["players"][0]
    renamed = organiser.post(
        f"/tournaments/{tid}/players/{first['id']}/rename", data={"name": "x" * 81}
    )
    assert renamed.status_code == 422 and "at most 80" in renamed.get_data(as_text=True)
    assert [p["name"] for p in _state(app, tid)["players"]] == SEVEN[:6]  # nothing stored


LONG = "Karl Friedrich Wilhelm Ludwig Leopold Anton Fürst von Hohenzollern-Sigmaringen"


def test_names_up_to_80_characters_and_refusals_name_the_entrant(app, organiser):
    # 80 characters fit (the single "Add" box does not cut them); a longer name or a
    # control or direction mark is refused beside the players' box, naming the entrant
    assert 70 < len(LONG) <= 80
    tid = _create(organiser, players="\n".join(SEVEN[:5]))
    added = organiser.post(f"/tournaments/{tid}/players", data={"name": LONG})
    assert added.status_code == 302
    assert LONG in [p["name"] for p in _state(app, tid)["players"]]
    page = organiser.get(f"/tournaments/{tid}/manage").get_data(as_text=True)
    assert 'maxlength="40"' not in page
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "3"})  # the 80-character seat draws
    seats = [n for t in _state(app, tid)["rounds"][0]["tables"] for n in t["players"]]
    assert LONG in seats
    for bad, says in ((LONG + " II.", "at most 80"), ("Ota\u202eevil", "direction")):
        refused = organiser.post(f"/tournaments/{tid}/players", data={"name": bad})
        text = html.unescape(refused.get_data(as_text=True))
        assert refused.status_code == 422 and says in text
        assert re.search(r'class="error" role="alert">[^<]*(Hohenzollern|Ota)', text)
    new = organiser.post(
        "/tournaments/new",
        data={"name": "Večer", "game": "marias:pub", "rounds": "3", "seed": "1",
              "timing": "minutes", "length": "60", "draw_method": "random",
              "players": "Jana\nPetr\n" + LONG + "XXXXXXXXX"},
    )  # fmt: skip
    text = html.unescape(new.get_data(as_text=True))
    assert "Player 3:" in text and "Hohenzollern" in text
    name_box = text.index('name="name"')
    players_box = text.index('name="players"')
    assert text.index("Player 3:") > players_box > name_box  # beside the players, not the name


def test_a_double_tapped_add_registers_once(app):
    # two requests adding one name at once: the unique name key lets one in
    import threading

    from scorekeeper.services import tournament_players

    with app.app_context():
        t = ts.create_tournament(session=get_session(), name="Dvojklik", game="marias",
                                 players=SEVEN[:3])  # fmt: skip
    answers = []

    def tap():
        with app.app_context():
            try:
                tournament_players.add_player(session=get_session(), tournament_id=t.id, name="Eva")
                answers.append("added")
            except Exception as error:  # noqa: BLE001
                answers.append(type(error).__name__)

    taps = [threading.Thread(target=tap) for _ in range(4)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()
    with app.app_context():
        names = [
            p["name"]
            for p in ts.tournament_state(session=get_session(), tournament_id=t.id)["players"]
        ]
    assert names.count("Eva") == 1
    assert answers.count("added") == 1 and set(answers) <= {"added", "RuleError"}


def test_a_rename_reaches_drawn_matches_and_sheets(app, organiser):
    # renaming an entrant reaches every drawn match and its pre-filled sheet
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    state = _state(app, tid)
    jana = next(p for p in state["players"] if p["name"] == "Jana")
    table = next(t for t in state["rounds"][0]["tables"] if "Jana" in t["players"])
    answer = organiser.post(
        f"/tournaments/{tid}/players/{jana['id']}/rename", data={"name": "Jana Nováková"}
    )
    assert answer.status_code == 302
    match = organiser.get(f"/api/v1/matches/{table['match_id']}").get_json()
    assert "Jana Nováková" in match["players"] and "Jana" not in match["players"]
    sheet = organiser.get(f"/sheets/marias?tournament={tid}&round=1&table={table['table']}")
    assert "Jana Nováková" in html.unescape(sheet.get_data(as_text=True))


def test_a_tournament_table_offers_no_rematch_and_says_which_figures_count(app, organiser):
    # a finished table's match page links back to the table instead of "Rematch"
    # (the service refuses one: 409); after the organiser types the sheet's figures the match
    # page says those count
    tid = _create(organiser, players="\n".join(SEVEN[:6]), **{"timing": "deals", "length": 1})
    organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
    table = _state(app, tid)["rounds"][0]["tables"][0]
    url = f"/m/{table['match_id']}/{table['token']}"
    with app.app_context():
        record = {"declarer": 0, "dealer": None, "trump": "clubs",
                  "parts": [{"kind": "hra", "won": True, "flek": 0}]}  # fmt: skip
        matches.record_deal(session=get_session(), match_id=table["match_id"], record=record)
    page = html.unescape(organiser.get(url).get_data(as_text=True))
    assert "Rematch" not in page and "Back to the tournament table" in page
    refused = organiser.post(f"/api/v1/matches/{table['match_id']}/rematch",
                             headers={"Authorization": f"Bearer {table['token']}"})  # fmt: skip
    assert refused.status_code == 409
    organiser.post(
        f"/tournaments/{tid}/rounds/1/tables/1/sheet",
        data={"scores-0": "4", "scores-1": "-2", "scores-2": "-2", "confirm": "1"},
    )
    page = html.unescape(organiser.get(url).get_data(as_text=True))
    assert "The organiser entered this table's result" in page and "+4" in page


def test_season_roster_and_player_pages(app, organiser):
    # RULES.md §6a: a season made on its page; two evenings in it reuse the roster; the roster page
    # merges a duplicate; the player page shows evenings, places, balance and rating
    made = organiser.post("/tournaments/seasons", data={"name": "Zima", "scoring": "sum"})
    assert made.status_code == 302
    season_id = made.location.rstrip("/").split("/")[-1]
    new_form = organiser.get("/tournaments/new").get_data(as_text=True)
    assert f'value="{season_id}"' in new_form
    first = _create(organiser, players="\n".join(SEVEN[:6]), season=season_id)
    second = _create(organiser, players="\n".join([*SEVEN[1:6], "Jani"]), season=season_id,
                     seeding="season")  # fmt: skip
    for tid in (first, second):
        organiser.post(f"/tournaments/{tid}/draw", data={"seed": "7", "start": "1"})
        for t in (1, 2):
            organiser.post(
                f"/tournaments/{tid}/rounds/1/tables/{t}/sheet",
                data={"scores-0": "4", "scores-1": "-2", "scores-2": "-2", "confirm": "1"},
            )
    desk = organiser.get(f"/tournaments/{second}/manage").get_data(as_text=True)
    assert '<option value="Jana">' in desk  # type-ahead: the roster's names not yet registered
    page = organiser.get(f"/tournaments/seasons/{season_id}").get_data(as_text=True)
    assert "Zima" in page and "Petr" in page and "Jani" in page
    with app.app_context():
        from scorekeeper.services import tournament_roster

        people = {
            p.name: p.id for p in tournament_roster.roster(get_session(), {"organiser_id": 1})
        }
    assert len(people) == 7  # six and Jani: Petr…Karel are one person each across evenings
    merged = organiser.post("/tournaments/roster",
                            data={"keep": people["Jana"], "drop": people["Jani"]})  # fmt: skip
    assert merged.status_code == 302
    player = organiser.get(f"/tournaments/players/{people['Jana']}").get_data(as_text=True)
    assert "Rating" in player and player.count("/tournaments/") >= 2
    roster_page = organiser.get("/tournaments/roster").get_data(as_text=True)
    assert "Jani" not in roster_page
    assert organiser.get("/tournaments/players/nope").status_code == 404
    assert organiser.get(f"/tournaments/seasons/{season_id}/tv").status_code == 200


def test_the_organiser_desk_updates_itself_by_etag(app, organiser):
    # the organiser desk refreshes itself: live.js fetches it with its ETag
    tid = _create(organiser, players="\n".join(SEVEN[:6]))
    desk = organiser.get(f"/tournaments/{tid}/manage")
    page = desk.get_data(as_text=True)
    assert "live.js" in page and 'data-live-every="20"' in page
    again = organiser.get(
        f"/tournaments/{tid}/manage", headers={"If-None-Match": desk.headers["ETag"]}
    )
    assert again.status_code == 304
    refused = organiser.post(f"/tournaments/{tid}/players", data={"name": "Jana"})
    assert 'data-live-every="0"' in refused.get_data(as_text=True)  # the error stays in view
