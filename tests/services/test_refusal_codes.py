"""Every refusal of the services is a coded message (services/messages.py), found by its code.

One table: each row makes a service refuse and names the code it must refuse with (a nested
message's code too, e.g. "Player 2: Enter a name."). The services run here with no Flask app and
no Babel at all: they say nothing in a language, the pages and the API do (docs/api.md "Refusals
of the services"). A last test checks the table leaves no code of the catalogue out.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from scorekeeper.db import make_engine
from scorekeeper.limits import PLAYERS_PER_TOURNAMENT
from scorekeeper.rules.base import MatchFinished, RuleError
from scorekeeper.rules.messages import Msg, from_json
from scorekeeper.services import (
    accounts,
    match_finish,
    scoring,
    tournament_roster,
    tournament_rounds,
)
from scorekeeper.services import matches as ms
from scorekeeper.services import tournament_league as league
from scorekeeper.services import tournament_prizes as prizes
from scorekeeper.services import tournament_seasons as seasons
from scorekeeper.services import tournament_settings as desk
from scorekeeper.services import tournaments as ts
from scorekeeper.services.errors import ServiceError
from scorekeeper.services.messages import MESSAGES
from tests.conftest import _drop_database, fresh_database_url
from tests.fakegame import TALLY
from tests.rules.test_messages import params_for

SEVEN = ["Jana", "Petr", "Ota", "Eva", "Karel", "Lída", "Franta"]
HRA = {"declarer": 0, "dealer": None, "trump": "clubs", "parts": [{"kind": "hra", "won": True}]}
MARIAGE_TIE = {"trump": "hearts", "points": [69, None], "marriages": [[], []],
               "first_to_target": None}  # fmt: skip
# codes that are never a refusal of their own: titles, and words inside another message
NOT_REFUSALS = {"match.table_title", "match.default_title", "match.one_deal", "match.deal_range"}
NOT_REFUSALS |= {"draw.this_player"}


@pytest.fixture(scope="module")
def w(tmp_path_factory):
    """One database for the whole table: a few matches and tournaments in the states the
    refusals need. Each row's refusal is rolled back, so the rows do not disturb each other."""
    url = fresh_database_url(tmp_path_factory.mktemp("codes"), tmp_path_factory)
    engine = make_engine(url)
    ts.register_guards()  # what create_app does: a closed round's deals are final
    with Session(engine, expire_on_commit=False) as session:
        yield _world(session)
    engine.dispose()
    _drop_database(url)


def _world(session: Session) -> SimpleNamespace:
    w = SimpleNamespace(s=session)
    w.anna = accounts.create_organiser(session=session, username="anna", password="12345678")
    bob = accounts.create_organiser(session=session, username="bob", password="12345678")
    w.match = ms.create_match(session=session, game="marias", players=SEVEN[:3])
    ms.record_deal(session=session, match_id=w.match.id, record=HRA)
    w.deal = ms.match_state(session=session, match=w.match)["deals"][0]
    w.empty = ms.create_match(session=session, game="marias", players=SEVEN[:3])
    w.finished = ms.create_match(session=session, game="marias", players=SEVEN[:3])
    ms.record_deal(session=session, match_id=w.finished.id, record=HRA)
    match_finish.finish_match(session=session, match_id=w.finished.id)
    # a drawn round (not started) of seven: tables of 4 and 3, one entrant added after it
    w.drawn = _marias(session, "Drawn", organiser_id=w.anna.id)
    w.drawn_round = ts.confirm_round(session=session, tournament_id=w.drawn.id)
    w.late = ts.add_player(session=session, tournament_id=w.drawn.id, name="Late")
    w.withdrawn = ts.add_player(session=session, tournament_id=w.drawn.id, name="Gone")
    ts.withdraw_player(session=session, tournament_id=w.drawn.id, player_id=w.withdrawn.id)
    w.players = {p["name"]: p["id"] for p in _state(w, w.drawn)["players"]}
    # a started round with a deal at its first table
    w.playing = _marias(session, "Playing")
    w.playing_round = ts.confirm_round(session=session, tournament_id=w.playing.id, start=True)
    _play(session, w.playing_round["tables"][0])
    # a closed round (the only one planned)
    w.closed = _marias(session, "Closed", rounds=1)
    w.closed_round = ts.confirm_round(session=session, tournament_id=w.closed.id, start=True)
    ts.close_round(session=session, tournament_id=w.closed.id, number=1)
    # a German Mariage evening: one table whose only deal is a tie (0:0)
    w.pairs = ts.create_tournament(
        session=session, name="Pairs", game="mariage", players=SEVEN[:2], rounds=1, seed=7
    )
    w.pairs_round = ts.confirm_round(session=session, tournament_id=w.pairs.id, start=True)
    pair_table = w.pairs_round["tables"][0]
    ms.record_deal(session=session, match_id=pair_table["match_id"], record=MARIAGE_TIE)
    w.teams = ts.create_tournament(
        session=session, name="Teams", game="marianna", players=["Jana & Ota"], seed=7
    )
    w.bobs = ts.create_tournament(
        session=session, name="Bob's", game="marias", players=["Bobby"], organiser_id=bob.id
    )
    w.bobs_entry = tournament_roster.roster(session, {"organiser_id": bob.id})[0]
    # a league evening of six (RULES.md §6b), its first round started
    w.league = _marias(session, "Liga", players=SEVEN[:6], format="league")
    ts.confirm_round(session=session, tournament_id=w.league.id, start=True)
    return w


def _play(session: Session, table: dict[str, Any]) -> None:
    """One deal at a tournament table (a table of four has a dealer who sits out)."""
    record = dict(HRA, dealer=3 if len(table["player_ids"]) == 4 else None)
    ms.record_deal(session=session, match_id=table["match_id"], record=record)


def _marias(session: Session, name: str, players=SEVEN, **kw: Any):
    kw.setdefault("rounds", 2)
    return ts.create_tournament(
        session=session, name=name, game="marias", players=players, seed=7, **kw
    )


def _state(w, tournament) -> dict:
    return ts.tournament_state(session=w.s, tournament_id=tournament.id)


def _by_size(w, size: int) -> dict[str, Any]:
    return next(t for t in w.drawn_round["tables"] if len(t["player_ids"]) == size)


def _new_tournament(w, **kw: Any):
    setup = {"name": "X", "game": "marias", "players": SEVEN[:3]}
    return ts.create_tournament(session=w.s, **{**setup, **kw})


def _new_match(w, **kw: Any):
    setup = {"game": "marias", "players": SEVEN[:3]}
    return ms.create_match(session=w.s, **{**setup, **kw})


def _crashing(method: str):
    """The stand-in game with one method that crashes (a rules engine must never do that)."""

    def crash(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("boom")

    game = SimpleNamespace(name="tally", state_format=1)
    setattr(game, method, crash)
    return game


def _ends_earlier(w) -> None:
    """The stand-in game to 10 points: 5:0, 0:5, 4:4 leaves it open; deal 1 made 10:0 decides
    it at deal 1, so the deals after it would come after its end."""
    with pytest.MonkeyPatch.context() as mp:
        real = scoring.get_game
        mp.setattr(
            scoring,
            "get_game",
            lambda name, preset=None: TALLY if name == "tally" else real(name, preset),
        )
        mp.setattr(ms.match_setup, "get_game", scoring.get_game)
        scoring._options.cache_clear()
        try:
            match = _new_match(w, game="tally", preset="short", players=SEVEN[:2])
            for points in ([5, 0], [0, 5], [4, 4]):
                ms.record_deal(session=w.s, match_id=match.id, record={"points": points})
            ms.replace_deal(session=w.s, match_id=match.id, n=1, record={"points": [10, 0]})
        finally:
            scoring._options.cache_clear()


Case = tuple[str, Callable[[Any], Any]]
CASES: list[Case] = [
    # organiser accounts
    ("account.name_missing", lambda w: accounts.create_organiser(session=w.s, username=" ",
                                                                  password="12345678")),
    ("account.password_short", lambda w: accounts.create_organiser(session=w.s, username="ota",
                                                                    password="short")),
    ("account.name_taken", lambda w: accounts.create_organiser(session=w.s, username="anna",
                                                                password="12345678")),
    # a match's setup
    ("setup.choose_game", lambda w: _new_match(w, game=7)),
    ("setup.choose_preset", lambda w: _new_match(w, preset="nope")),
    ("setup.options_object", lambda w: _new_match(w, options=[1])),
    ("setup.players_list", lambda w: _new_match(w, players="Jana")),
    ("setup.name_missing", lambda w: _new_match(w, players=["Jana", " ", "Ota"])),
    ("setup.name_control", lambda w: _new_match(w, players=["Jana", "O\x00ta", "Eva"])),
    ("setup.name_twice", lambda w: _new_match(w, players=["Jana", "jana", "Ota"])),
    ("setup.player_count", lambda w: _new_match(w, players=["Jana", "Ota"])),
    ("setup.stake", lambda w: _new_match(w, stake="a lot")),
    ("setup.text_long", lambda w: _new_match(w, currency="CZK CZK CZK")),
    ("setup.text_control", lambda w: _new_match(w, title="Pub\x07")),
    ("setup.name_long", lambda w: _new_match(w, players=["J" * 81, "Petr", "Ota"])),
    # a match and its deals
    ("match.not_found", lambda w: ms.get_match(session=w.s, match_id="nope")),
    ("match.no_deal", lambda w: ms.delete_deal(session=w.s, match_id=w.match.id, n=9)),
    ("match.no_deal_to_undo", lambda w: ms.undo_last_deal(session=w.s, match_id=w.empty.id)),
    ("match.not_the_deal_seen", lambda w: ms.delete_deal(session=w.s, match_id=w.match.id, n=1,
                                                         expected_etag="1-99")),
    ("match.deal_changed", lambda w: ms.delete_deal(session=w.s, match_id=w.match.id, n=1,
                                                    expected_version=99)),
    ("match.deals_added", lambda w: ms.record_deal(session=w.s, match_id=w.match.id,
                                                   record=HRA, expected_n=1)),
    ("match.deals_changed", lambda w: ms.record_deal(session=w.s, match_id=w.match.id,
                                                     record=HRA, expected_n=5)),
    ("match.idempotency_key", lambda w: ms.record_deal(session=w.s, match_id=w.match.id,
                                                       record=HRA, idempotency_key="")),
    ("match.deals_limit", lambda w: _limited(w)),
    ("match.ends_earlier", _ends_earlier),
    ("match.record_not_object", lambda w: ms.record_deal(session=w.s, match_id=w.match.id,
                                                         record=[1])),
    ("match.record_unreadable", lambda w: scoring.parse(_crashing("parse_record"), None, 2,
                                                        {}, 1)),
    ("match.not_scored", lambda w: scoring.score(_crashing("score"), None, 2, [])),
    ("match.finish_not_open", lambda w: match_finish.finish_match(
        session=w.s, match_id=_new_match(w, options={"deals": 3}).id)),
    ("match.finished_already", lambda w: match_finish.finish_match(session=w.s,
                                                                   match_id=w.finished.id)),
    ("match.finish_no_deals", lambda w: match_finish.finish_match(session=w.s,
                                                                  match_id=w.empty.id)),
    ("match.round_closed", lambda w: ms.record_deal(
        session=w.s, match_id=w.closed_round["tables"][0]["match_id"], record=HRA)),
    ("match.table_no_rematch", lambda w: ms.rematch(
        session=w.s, match_id=w.playing_round["tables"][0]["match_id"])),
    # whole numbers
    ("number.whole", lambda w: _new_tournament(w, rounds="four")),
    ("number.from_1_to_1000", lambda w: _new_tournament(w, rounds=0)),
    ("number.between", lambda w: seasons.create_season(session=w.s, name="S", best_n=0)),
    # a tournament's set-up
    ("tournament.not_found", lambda w: ts.get_tournament(session=w.s, tournament_id="nope")),
    ("tournament.name_missing", lambda w: _new_tournament(w, name=" ")),
    ("tournament.choose_game", lambda w: _new_tournament(w, game="chess")),
    ("tournament.draw_method", lambda w: _new_tournament(w, draw_method="swiss")),
    ("tournament.table_size", lambda w: _new_tournament(w, table_size=5)),
    ("tournament.ranking", lambda w: _new_tournament(w, ranking="luck")),
    ("tournament.entrant", lambda w: _new_tournament(w, players=["Jana", ""])),
    ("tournament.drop_rounds", lambda w: _new_tournament(w, drop_rounds="all")),
    ("tournament.seeding", lambda w: _new_tournament(w, seeding="age")),
    ("tournament.seeding_season", lambda w: _new_tournament(w, seeding="season")),
    ("tournament.language", lambda w: _new_tournament(w, language="xx")),
    # entrants
    ("player.not_found", lambda w: ts.withdraw_player(session=w.s, tournament_id=w.drawn.id,
                                                      player_id="nope")),
    ("player.limit", lambda w: _new_tournament(
        w, players=[f"P{i}" for i in range(PLAYERS_PER_TOURNAMENT + 1)])),
    ("player.name_missing", lambda w: ts.add_player(session=w.s, tournament_id=w.drawn.id,
                                                    name=" ")),
    ("player.name_control", lambda w: ts.add_player(session=w.s, tournament_id=w.drawn.id,
                                                    name="Ota\u202e")),
    ("player.name_long", lambda w: ts.add_player(session=w.s, tournament_id=w.drawn.id,
                                                 name="O" * 81)),
    ("player.team", lambda w: ts.add_player(session=w.s, tournament_id=w.teams.id,
                                            name="Jana")),
    ("player.registered", lambda w: ts.add_player(session=w.s, tournament_id=w.drawn.id,
                                                  name="jana")),
    ("player.line", lambda w: ts.add_players(session=w.s, tournament_id=w.drawn.id,
                                             text="Nový\n" + "O" * 81)),
    ("player.none_pasted", lambda w: ts.add_players(session=w.s, tournament_id=w.drawn.id,
                                                    text="\n \n")),
    ("player.withdrawn", lambda w: ts.withdraw_player(session=w.s, tournament_id=w.drawn.id,
                                                      player_id=w.withdrawn.id)),
    ("player.round_drawn", lambda w: ts.set_absent(session=w.s, tournament_id=w.drawn.id,
                                                   player_id=w.players["Jana"], rounds=[1])),
    ("player.rounds_list", lambda w: ts.set_absent(session=w.s, tournament_id=w.drawn.id,
                                                   player_id=w.players["Jana"], rounds="2")),
    ("player.rounds_range", lambda w: ts.set_absent(session=w.s, tournament_id=w.drawn.id,
                                                    player_id=w.players["Jana"], rounds=[9])),
    ("player.two_different", lambda w: ts.add_keep_apart(
        session=w.s, tournament_id=w.drawn.id, a_id=w.players["Jana"], b_id=w.players["Jana"])),
    ("player.no_pair", lambda w: ts.remove_keep_apart(session=w.s, tournament_id=w.drawn.id,
                                                      pair_id=999)),
    # rounds and draws
    ("round.not_found", lambda w: ts.start_round(session=w.s, tournament_id=w.drawn.id,
                                                 number=9)),
    ("round.close_first", lambda w: ts.preview_draw(session=w.s, tournament_id=w.drawn.id)),
    ("round.all_drawn", lambda w: ts.preview_draw(session=w.s, tournament_id=w.closed.id)),
    ("round.cannot_seat", lambda w: ts.preview_draw(
        session=w.s, tournament_id=_new_tournament(w, players=SEVEN[:2]).id)),
    ("round.seed", lambda w: ts.preview_draw(session=w.s, tournament_id=w.bobs.id, seed="x")),
    ("round.drawn_elsewhere", lambda w: _drawn_twice(w)),
    ("round.started", lambda w: ts.start_round(session=w.s, tournament_id=w.playing.id,
                                               number=1)),
    ("round.closed", lambda w: ts.close_round(session=w.s, tournament_id=w.closed.id, number=1)),
    ("round.unconfirmed", lambda w: ts.draw_next_round(session=w.s, tournament_id=w.playing.id)),
    ("round.cancel_latest", lambda w: ts.cancel_round(session=w.s, tournament_id=w.closed.id,
                                                      number=1)),
    ("round.cancel_results", lambda w: ts.cancel_round(session=w.s, tournament_id=w.playing.id,
                                                       number=1)),
    # changing a drawn round by hand
    ("draw.started", lambda w: ts.edit_draw(session=w.s, tournament_id=w.playing.id, number=1,
                                            move="x", table=1)),
    ("draw.swap_or_move", lambda w: _edit(w)),
    ("draw.player_id", lambda w: _edit(w, swap=[1, 2])),
    ("draw.swap_two", lambda w: _edit(w, swap=["a"])),
    ("draw.same_table", lambda w: _edit(w, swap=[_seated(w, 3)[0], _seated(w, 3)[1]])),
    ("draw.sits_there", lambda w: _edit(w, move=_seated(w, 3)[0],
                                        table=_by_size(w, 3)["table"])),
    ("draw.table_number", lambda w: _edit(w, move=_seated(w, 3)[0], table=[1])),
    ("draw.table_size", lambda w: _edit(w, move=_seated(w, 3)[0],
                                        table=_by_size(w, 4)["table"])),
    ("draw.not_drawn", lambda w: _edit(w, swap=[_seated(w, 3)[0], w.withdrawn.id])),
    ("draw.table_played", lambda w: _table_played(w)),
    # tables and their results
    ("table.not_found", lambda w: ts.set_manual_result(session=w.s, tournament_id=w.playing.id,
                                                       round=1, table=99, scores=[1, 2])),
    ("table.figure_count", lambda w: _figures(w, [1, -1])),
    ("table.figures_level", lambda w: ts.set_manual_result(
        session=w.s, tournament_id=w.pairs.id, round=1, table=1, scores=[3, 3])),
    ("table.balances_sum", lambda w: _figures(w, [1, 1, 1])),
    ("table.wrong_link", lambda w: ts.confirm_table(session=w.s, tournament_id=w.playing.id,
                                                    round=1, table=1, token="not it")),
    ("table.nothing_to_confirm", lambda w: ts.confirm_table(
        session=w.s, tournament_id=w.drawn.id, round=1, table=1, organiser=True)),
    ("table.level", lambda w: ts.confirm_table(session=w.s, tournament_id=w.pairs.id, round=1,
                                               table=1, organiser=True)),
    ("table.choose_name", lambda w: ts.confirm_table(
        session=w.s, tournament_id=w.playing.id, round=1, table=1,
        token=w.playing_round["tables"][0]["token"], by="Nobody")),
    # the roster
    ("roster.not_owned", lambda w: ts.new_player(w.s, w.drawn, "Bobby", None, w.bobs_entry.id)),
    ("roster.not_found", lambda w: tournament_roster.get_entry(w.s, "nope")),
    ("roster.merge_same", lambda w: tournament_roster.merge(
        w.s, {"organiser_id": w.bobs.organiser_id}, w.bobs_entry.id, w.bobs_entry.id)),
    # seasons
    ("season.not_found", lambda w: seasons.get_season(w.s, "nope")),
    ("season.name_missing", lambda w: seasons.create_season(session=w.s, name=" ")),
    ("season.scoring", lambda w: seasons.create_season(session=w.s, name="S", scoring="luck")),
    # the desk: ranking and prize settings, categories and clubs
    ("desk.tiebreaks_list", lambda w: desk.check_tiebreaks("marias", "balance", "table_wins")),
    ("desk.tiebreak_choose", lambda w: desk.check_tiebreaks("marias", "balance", ["luck"])),
    ("desk.tiebreak_once", lambda w: desk.check_tiebreaks(
        "marias", "balance", ["table_wins", "best_round", "table_wins"])),
    ("desk.tiebreaks_fixed", lambda w: desk.update_settings(
        session=w.s, tournament_id=w.drawn.id, actor="t", tiebreaks=["wins"])),
    ("desk.fee", lambda w: desk.check_fee("fifty")),
    ("desk.payout_list", lambda w: desk.check_payout({"1": 0.5})),
    ("desk.payout_share", lambda w: desk.check_payout([0.5, 2])),
    ("desk.payout_sum", lambda w: desk.check_payout([0.6, 0.6])),
    ("desk.whole_number", lambda w: desk.check_best_n("0")),
    ("desk.categories_list", lambda w: desk.check_categories(7)),
    ("desk.text", lambda w: desk.check_club(7)),
    ("desk.category_word", lambda w: desk.check_categories(["x" * 41])),
    ("desk.categories_max", lambda w: desk.check_categories([f"c{i}" for i in range(11)])),
    ("desk.club_long", lambda w: desk.check_club("x" * 81)),
    ("desk.category_empty", lambda w: prizes.category_standings(
        session=w.s, tournament_id=w.drawn.id, category="nobody")),
    # league evenings: the format, typed PB, the PB table and BP key as CSV
    ("league.format", lambda w: _new_tournament(w, format="cup")),
    ("league.parts", lambda w: _new_tournament(w, format="league", rounds=2, parts=0)),
    ("league.parts_rounds", lambda w: _new_tournament(w, format="league", rounds=2, parts=3)),
    ("league.chips", lambda w: _new_tournament(w, game="mariasz", players=SEVEN[:4],
                                               format="league")),
    ("league.ranking", lambda w: _new_tournament(w, format="league", ranking="placings")),
    ("league.drop_rounds", lambda w: _new_tournament(w, format="league", drop_rounds="worst")),
    ("league.not_league", lambda w: league.set_bp_key(session=w.s, tournament_id=w.drawn.id,
                                                      text="", actor="t")),
    ("league.pb_standard", lambda w: _figures(w, [1, 0, -1], pb=[0, 0, 0])),
    ("league.pb_count", lambda w: _league_figures(w, pb=[1])),
    ("league.pb_whole", lambda w: _league_figures(w, pb=[1, -1, 0])),
    ("league.line", lambda w: _bp_key(w, "3;5;10;6;x\n")),
    ("league.csv_not_text", lambda w: _bp_key(w, 7)),
    ("league.csv_too_long", lambda w: _bp_key(w, "1" * 100_001)),
    ("league.csv_too_many_lines", lambda w: _bp_key(w, "1;1;1\n" * 501)),
]  # fmt: skip
# a bad CSV line's reason (RULES.md §6b), said inside "Line n: …" (league.line)
LINE_REASONS: list[tuple[str, str, str]] = [
    ("league.csv_not_whole", "bp_key", "3;x;10;6;3\n"),
    ("league.csv_points_range", "bp_key", "1;2;10;-1\n"),
    ("league.csv_key_columns", "bp_key", "3;5\n"),
    ("league.csv_key_range", "bp_key", "5;3;10;6;3\n"),
    ("league.csv_key_places", "bp_key", "3;5;10;6;3\n"),
    ("league.csv_key_rising", "bp_key", "1;3;10;6;7\n"),
    ("league.csv_key_overlap", "bp_key", "1;3;10;6;3\n3;4;9;5;1;0\n"),
    ("league.csv_pb_columns", "pb_table", "sedma;na 3 trumfy\n"),
    ("league.csv_pb_twice", "pb_table", "sedma;a;7\nSedma;A;8\n"),
    ("league.csv_cell_long", "pb_table", "sedma;" + "a" * 201 + ";7\n"),
    ("league.csv_control", "pb_table", "sedma;a\x07;7\n"),
]


def _bp_key(w, text: Any) -> Any:
    return league.set_bp_key(session=w.s, tournament_id=w.league.id, text=text, actor="t")


def _league_figures(w, pb: Any) -> Any:
    return ts.set_manual_result(session=w.s, tournament_id=w.league.id, round=1, table=1,
                                scores=[1, 0, -1], pb=pb)  # fmt: skip


def _limited(w) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ms, "DEALS_PER_MATCH", 1)
        ms.record_deal(session=w.s, match_id=w.match.id, record=HRA)


def _drawn_twice(w) -> None:
    def clash(*_args: Any) -> Any:
        raise IntegrityError("INSERT", {}, Exception("the same round twice"))

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tournament_rounds, "_confirm_round", clash)
        ts.confirm_round(session=w.s, tournament_id=w.bobs.id)


def _edit(w, **change: Any) -> Any:
    return ts.edit_draw(session=w.s, tournament_id=w.drawn.id, number=1, **change)


def _seated(w, size: int) -> list[str]:
    return list(_by_size(w, size)["player_ids"])


def _table_played(w) -> None:
    """A drawn round of its own, where a deal was entered at one table before the start."""
    tournament = _marias(w.s, "Early")
    first, second = ts.confirm_round(session=w.s, tournament_id=tournament.id)["tables"]
    _play(w.s, first)
    ts.edit_draw(session=w.s, tournament_id=tournament.id, number=1,
                 swap=[first["player_ids"][0], second["player_ids"][0]])  # fmt: skip


def _figures(w, scores: list[Any], **more: Any) -> Any:
    table = next(t for t in w.playing_round["tables"] if len(t["player_ids"]) == 3)
    return ts.set_manual_result(session=w.s, tournament_id=w.playing.id, round=1,
                                table=table["table"], scores=scores, **more)  # fmt: skip


def _raise(error: Exception) -> None:
    raise error


def _refusal(error: Exception) -> Any:
    if isinstance(error, RuleError):
        return error.errors[0].message
    return error.message


@pytest.mark.parametrize(("code", "refuse"), CASES, ids=[code for code, _ in CASES])
def test_each_refusal_is_coded(w, code, refuse):
    with pytest.raises((RuleError, ServiceError)) as caught:
        refuse(w)
    w.s.rollback()
    message = _refusal(caught.value)
    assert isinstance(message, Msg), f"{code}: plain text {message!r}"
    assert message.code == code, str(message)
    assert "%(" not in message
    assert message.to_json()["code"] == code


def test_a_nested_message_is_coded_too(w):
    """Every part of a message made of messages is coded: "Player 2: Enter a name.", "Line 2:
    …", "deals 2 to 3", "This player is not in the draw…"."""
    cases = [
        (lambda: _new_tournament(w, players=["Jana", ""]), "message", "player.name_missing"),
        (lambda: ts.add_players(session=w.s, tournament_id=w.drawn.id, text="Nový\n" + "O" * 81),
         "message", "player.name_long"),
        (lambda: _ends_earlier(w), "deals", "match.one_deal"),
        (lambda: _raise(ms._ends_earlier(MatchFinished("n", "x", deal=2, total=3))), "deals",
         "match.deal_range"),
        (lambda: _edit(w, swap=[_seated(w, 3)[0], "nope"]), "name", "draw.this_player"),
    ]  # fmt: skip
    for refuse, key, code in cases:
        with pytest.raises((RuleError, ServiceError)) as caught:
            refuse()
        w.s.rollback()
        nested = _refusal(caught.value).params.get(key)
        assert isinstance(nested, Msg) and nested.code == code, nested


@pytest.mark.parametrize(("code", "what", "text"), LINE_REASONS, ids=[c for c, *_ in LINE_REASONS])
def test_each_bad_csv_line_says_its_coded_reason(w, code, what, text):
    # RULES.md §6b: the league's tables are loaded as data, a bad line refused by number and reason
    load = league.set_bp_key if what == "bp_key" else league.set_pb_table
    with pytest.raises(RuleError) as caught:
        load(session=w.s, tournament_id=w.league.id, text=text, actor="t")
    w.s.rollback()
    error = caught.value.errors[-1]
    assert error.field.startswith(f"{what}.") and error.message.code == "league.line"
    assert error.message.params["reason"].code == code, str(error.message)


def test_the_table_covers_every_refusal_of_the_catalogue():
    tested = {code for code, _ in CASES}
    assert len(tested) == len(CASES), "a code is in the table twice"
    assert set(MESSAGES) - NOT_REFUSALS == tested | {code for code, *_ in LINE_REASONS}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_code_makes_its_english_and_survives_its_json(code):
    """As the games' codes do (tests/rules/test_messages.py): complete params make the English,
    and ``{"code", "params"}`` makes the same message again."""
    params = params_for(code)
    message = Msg(code, **params)
    assert message.strip() and "%(" not in message
    again = from_json(message.to_json())
    assert again == message and isinstance(again, Msg) and again.code == code
