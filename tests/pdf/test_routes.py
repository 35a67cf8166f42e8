"""Printables end to end: the real app, database and services behind every printing route."""

from __future__ import annotations

import re

import pytest
from conftest import NAMES, pdf_text

from scorekeeper.db import get_session
from scorekeeper.services import matches, tournaments
from scorekeeper.services import tournament_rounds as rounds

ENTRANTS = [*NAMES, "Jana Nováková", "Petr Malý"]
HRA = {
    "declarer": 0,
    "dealer": None,
    "trump": "hearts",
    "parts": [{"kind": "hra", "won": True, "flek": 0}],
    "declarer_points": None,
    "defender_points": None,
    "silent": [],
    "renonc": None,
}


def text_of(response) -> str:
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
    return " ".join(" ".join(pdf_text(response.data)).split())


@pytest.fixture
def tournament(app):
    """A marias tournament of six with round 1 confirmed and round 2 drawn."""
    with app.app_context():
        session = get_session()
        t = tournaments.create_tournament(
            session=session,
            name="Posvícenský turnaj",
            game="marias",
            players=ENTRANTS,
            rounds=3,
            table_size=3,
            venue="U Zlatého tygra",
            date="2026-11-21",
            seed=3,
        )
        first = rounds.draw_next_round(session=session, tournament_id=t.id, seed=1)
        for table in first["tables"]:
            rounds.set_manual_result(
                session=session,
                tournament_id=t.id,
                round=1,
                table=table["table"],
                scores=[4, -2, -2],
                confirm=True,
            )
        second = rounds.draw_next_round(session=session, tournament_id=t.id, seed=2)
        standing = tournaments.standings(session=session, tournament_id=t.id)
        return {"id": t.id, "token": t.token, "round": second, "standings": standing}


def test_standings_pdf_lists_the_service_rows_in_rank_order(client, tournament):
    text = text_of(client.get(f"/tournaments/{tournament['id']}/standings.pdf"))
    names = [row["player"] for row in tournament["standings"]["rows"]]
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions) and len(names) == 6
    assert "after round 1 of 3" in text and "Page 1 of 1" in text
    html = client.get(f"/tournaments/{tournament['id']}/print/standings?large=1")
    assert html.status_code == 200 and "large" in html.get_data(as_text=True)


def test_printed_standings_mark_a_withdrawn_player(app, client, tournament):
    # a withdrawal counts from the next round on; the player stays ranked, marked
    from scorekeeper.services import tournament_players

    gone = tournament["standings"]["rows"][0]
    with app.app_context():
        tournament_players.withdraw_player(
            session=get_session(), tournament_id=tournament["id"], player_id=gone["player_id"]
        )
    text = text_of(client.get(f"/tournaments/{tournament['id']}/standings.pdf"))
    assert f"{gone['player']} (withdrawn)" in text and text.count("(withdrawn)") == 1


def test_seating_of_the_latest_round(client, tournament):
    text = text_of(client.get(f"/tournaments/{tournament['id']}/print/seating.pdf"))
    assert "Round 2" in text
    for name in ENTRANTS:
        assert name in text


def test_tickets_only_for_the_organiser(client, tournament):
    base = f"/tournaments/{tournament['id']}/print/tickets"
    assert client.get(base).status_code == 403
    assert client.get(base + ".pdf?token=wrong").status_code == 403
    text = text_of(client.get(f"{base}.pdf?token={tournament['token']}&round=2"))
    # The QR links open the table's own page (deal entry + confirm), as on the organiser page.
    for table in tournament["round"]["tables"]:
        path = f"/tournaments/{tournament['id']}/table/2/{table['table']}/{table['token']}"
        assert path in text.replace(" ", "").replace("\n", "")
    ok = client.get(base, headers={"Authorization": f"Bearer {tournament['token']}"})
    assert ok.status_code == 200


def test_score_sheet_prefilled_from_a_tournament_table(client, tournament):
    table = tournament["round"]["tables"][0]
    url = f"/sheets/marias.pdf?tournament={tournament['id']}&round=2&table={table['table']}"
    text = text_of(client.get(url))
    for name in table["players"]:
        assert name in text


@pytest.mark.parametrize(
    "game, players",
    [
        ("marias", "Grzegorz Brzęczyszczykiewicz,Zofia Jędrzejczak,Radek Řezníček"),
        ("marias", "Günther Müller,Kateřina Hůlková,Radek Řezníček,Zofia Jędrzejczak"),
        ("mariasz", "Małgorzata Ślusarczyk,Bohuslav Těšínský"),
        ("marianna", "Jana,Ota,Petr,Eva"),
    ],
)
def test_score_sheet_with_names_fits_one_page(client, game, players):
    # a table's pre-filled sheet is one sheet of paper (its legend must not spill onto page 2);
    # with room for 30 deals, that may take both its sides, the second one filled
    response = client.get(f"/sheets/{game}.pdf?players={players}")
    assert response.status_code == 200
    pages = pdf_text(response.data)
    assert len(pages) <= 2, pages[-1][:200]
    numbers = re.findall(r"^(\d+)$", "\n".join(pages), flags=re.M)
    assert max(map(int, numbers)) >= 30
    if len(pages) == 2:  # the back is no stub: it carries at least half as many rows
        back = re.findall(r"^(\d+)$", pages[1], flags=re.M)
        assert len(back) >= len(re.findall(r"^(\d+)$", pages[0], flags=re.M)) // 2
    assert players.split(",")[0] in " ".join(pages[0].split())


def test_prefilled_marias_sheet_carries_the_tournament_stake(app, client):
    # RULES.md §6: every table plays for the tournament's stake; the sheet says which
    with app.app_context():
        session = get_session()
        t = tournaments.create_tournament(
            session=session,
            name="Stake",
            game="marias",
            players=ENTRANTS,
            rounds=1,
            table_size=3,
            stake="0.20",
            currency="CZK",
            seed=3,
        )
        rounds.draw_next_round(session=session, tournament_id=t.id, seed=1)
    text = text_of(client.get(f"/sheets/marias.pdf?tournament={t.id}&round=1&table=1"))
    assert "Stake per unit: CZK 0.20" in text.replace("\u00a0", " ")  # as English writes it


def test_certificates_for_the_top_three(app, client, tournament):
    # RULES.md §6 v2: while round 2 is played everyone is provisional: no certificate yet
    url = f"/tournaments/{tournament['id']}/print/certificates.pdf"
    waiting = text_of(client.get(url))
    assert "No certificate yet for" in waiting and "Certificate" not in waiting.split("No")[0]
    with app.app_context():
        session = get_session()
        for table in tournament["round"]["tables"]:
            rounds.set_manual_result(
                session=session, tournament_id=tournament["id"], round=2,
                table=table["table"], scores=[2, -1, -1], confirm=True,
            )  # fmt: skip
        rows = tournaments.standings(session=session, tournament_id=tournament["id"])["rows"]
    text = text_of(client.get(url))
    top = [r["player"] for r in rows if r["place"] <= 3]
    positions = [text.index(name) for name in top]
    assert positions == sorted(positions)  # in place order
    assert "Posvícenský turnaj" in text and "November 21, 2026" in text  # English date
    assert "No certificate yet" not in text


def test_match_record_of_a_casual_match(app, client):
    with app.app_context():
        session = get_session()
        match_id = matches.create_match(session=session, game="marias", players=NAMES[:3]).id
        for _ in range(3):
            matches.record_deal(session=session, match_id=match_id, record=HRA)
    text = text_of(client.get(f"/m/{match_id}/record.pdf"))
    for name in NAMES[:3]:
        assert name in text
    assert text.count("hra won") == 3
    # each deal says who declared what, as on the match page (QA: the declarer was missing)
    # API.md v2 option deck: the German-suited deck is drawn as its pictures, never as French
    # symbols
    assert text.count(f"{NAMES[0]} · červené · hra ✓") == 3, text
    assert "♥" not in text
    html = client.get(f"/m/{match_id}/record").get_data(as_text=True)
    assert "<svg" in html  # the running-score chart


@pytest.mark.parametrize(
    "url",
    [
        "/tournaments/nope/standings.pdf",
        "/tournaments/nope/print/seating",
        "/tournaments/nope/print/tickets",
        "/m/nope/record",
        "/m/nope/record.pdf",
        "/sheets/skat",
    ],
)
def test_unknown_ids_are_404(client, url):
    assert client.get(url).status_code == 404


def test_pdfs_render_without_css_warnings(client, tournament, caplog):
    # every PDF of an evening used to log two WeasyPrint warnings (a phone-only media query)
    import logging

    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        text_of(client.get(f"/tournaments/{tournament['id']}/standings.pdf"))
    assert not [r for r in caplog.records if r.name.startswith("weasyprint")], caplog.text
    phone = client.get(f"/tournaments/{tournament['id']}/print/standings").get_data(as_text=True)
    assert 'css/print-phone.css" media="screen and (max-width: 640px)"' in phone


def test_record_of_a_tournament_table_says_its_result(app, client, tournament):
    # a table's match never "finishes" (the round ends it): the record says the round, the
    # table and whether its result is confirmed, not "Not finished yet"
    first = tournament["round"]["tables"][0]
    with app.app_context():
        matches.record_deal(session=get_session(), match_id=first["match_id"], record=HRA)
    text = text_of(client.get(f"/m/{first['match_id']}/record.pdf"))
    assert "Posvícenský turnaj · round 2 · table 1: result not confirmed yet" in text
    assert "Not finished yet" not in text and "Scores so far" in text
    with app.app_context():
        tournaments.confirm_table(
            session=get_session(), tournament_id=tournament["id"], round=2, table=1,
            organiser=True,
        )  # fmt: skip
    text = text_of(client.get(f"/m/{first['match_id']}/record.pdf"))
    assert "table 1: result confirmed" in text and "Final scores" in text


def test_record_of_a_table_typed_from_its_sheet_heads_with_that_result(app, client, tournament):
    # round 1's tables were typed from paper (4 / -1 / -3) and confirmed by the organiser: the
    # record heads with the result that counts, not the sum of the (here: no) deals
    with app.app_context():
        state = tournaments.tournament_state(session=get_session(), tournament_id=tournament["id"])
    table = state["rounds"][0]["tables"][0]
    text = text_of(client.get(f"/m/{table['match_id']}/record.pdf"))
    assert "round 1 · table 1: result confirmed by the organiser" in text
    assert "Result counted" in text and "typed from the paper sheet" in text
    names = table["players"]
    assert f"{names[0]} 4" in text and f"{names[1]} -2" in text and f"{names[2]} -2" in text
