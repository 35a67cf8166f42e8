"""The rules speak in coded messages (rules/messages.py): every code of every game's catalogue
makes its English from its params, every refusal and explanation line the engines produce is
such a message, and a message survives its JSON form (a deal state's ``messages``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.rules.base import InvalidDeal, InvalidOptions, RuleError
from scorekeeper.rules.marianna import messages as _marianna  # noqa: F401
from scorekeeper.rules.marias import messages as _marias  # noqa: F401
from scorekeeper.rules.messages import CATALOGUE, Msg, from_json, pick
from scorekeeper.rules.registry import get_game
from scorekeeper.rules.twohand import messages as _twohand  # noqa: F401

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
NESTED_LISTS = {"melds", "parts", "each", "factors", "sides"}


def sample(key: str) -> Any:
    """A value of the kind a param named ``key`` carries (see rules/messages.py)."""
    key = key[:1].lower() + key[1:]
    if key in ("player", "other", "winner", "loser", "closer", "sitter", "offender", "payer"):
        return 1
    if key == "payee":
        return 0
    if key in ("players", "choices"):
        return [0, 2]
    if key == "team":
        return 1
    if key == "suit":
        return "hearts"
    if key in ("part", "part2"):
        return "sto_proti"
    if key == "value":
        return "x"
    if key == "words":
        return ["off", "30/60"]
    if key == "game":
        return "Polish Mariasz"
    if key in NESTED_LISTS:
        return [Msg("mariasz.swatowe", points=5), Msg("mariasz.dubla")]
    if key in ("why", "what", "kind", "ordinal", "label", "expr", "text", "won", "first"):
        return Msg("mariasz.second")
    if key in ("second", "side", "other_side", "name", "flek"):
        return Msg("marianna.team_side", team=0)
    return 3


def params_for(code: str) -> dict[str, Any]:
    entry = CATALOGUE[code]
    texts = [entry] if isinstance(entry, str) else list(entry[:2])
    keys = {k[:1].lower() + k[1:] for text in texts for k in PLACEHOLDER.findall(text)}
    if not isinstance(entry, str):
        keys.add(entry[2])
    return {k: sample(k) for k in sorted(keys)}


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_every_code_makes_its_english_from_complete_params(code):
    params = params_for(code)
    message = Msg(code, **params)
    assert message.code == code and message.params == params
    assert "%(" not in message and message.strip()
    template = pick(CATALOGUE[code], params)
    # a capitalised placeholder starts the sentence with a capital
    if template.startswith("%(") and template[2].isupper():
        assert message[0].isupper()
    again = from_json(message.to_json())
    assert again == message and isinstance(again, Msg) and again.code == code


def test_a_message_is_its_english_text_and_its_json():
    message = Msg("marias.dealer_declares", sitter=2)
    assert message == "Player 3 deals and sits this deal out; choose one of the other three"
    assert message.to_json() == {"code": "marias.dealer_declares", "params": {"sitter": 2}}
    nested = Msg("marias.over_leads", why=Msg("marias.due_deals", n=12), player=0, n=14)
    assert nested == "Match over (the agreed 12 deals are played): player 1 leads with 14"
    assert nested.to_json()["params"]["why"] == {"code": "marias.due_deals", "params": {"n": 12}}


def test_unknown_code_from_json_keeps_the_plain_message():
    assert from_json({"field": "x", "message": "Old text"}) == "Old text"
    assert from_json({"code": "nope", "params": {}, "message": "kept"}) == "kept"


def _marias_deals() -> list[dict[str, Any]]:
    part = {"kind": "hra", "won": True, "flek": 1}
    seven = {"kind": "sedma", "won": False, "flek": [1, 0]}
    return [
        {"declarer": 1, "dealer": 0, "trump": "hearts", "parts": [part],
         "declarer_points": 60, "defender_points": 30, "silent": [], "renonc": None},
        {"declarer": 2, "dealer": 1, "trump": "hearts", "parts": [{"kind": "sto", "won": True},
         {"kind": "sedma", "won": True}], "declarer_points": 130, "defender_points": 20,
         "silent": [], "renonc": None, "open": True},
        {"declarer": 3, "dealer": 2, "trump": None, "parts": [{"kind": "betl", "won": False}],
         "silent": [], "renonc": None},
        {"declarer": 0, "dealer": 3, "trump": "spades", "parts": [{"kind": "hra", "won": None}],
         "declarer_points": 40, "defender_points": 50,
         "silent": [{"kind": "ticha_sedma", "side": "defenders"}], "renonc": None},
        {"declarer": 1, "dealer": 0, "trump": "clubs", "parts": [part], "renonc": 2},
        {"declarer": 2, "dealer": 3, "trump": "diamonds",
         "parts": [{"kind": "hra", "won": True}, seven], "declarer_points": 70,
         "defender_points": 40, "silent": [], "renonc": None},
    ]  # fmt: skip


MATCHES = [
    ("marias", "pub", {"deals": 6, "limit": 6}, 4, _marias_deals()[:5]),
    ("marias", "pub", {"flek_per_defender": True, "sitter_pays": True, "deals": 1}, 4,
     [_marias_deals()[5]]),
    ("mariasz", "standard", {"swatowe": 5}, 2, [
        {"trump": "hearts", "points": [100, 38], "marriages": [["hearts"], []]},
        {"trump": "clubs", "points": [60, None], "marriages": [[], ["spades"]]},
        {"trump": "clubs", "points": [90, None], "marriages": [[], []], "first_to_target": 0},
    ]),
    ("mariage", "standard", {"match_games": 2, "match_target": None}, 2, [
        {"trump": "hearts", "points": [69, 69], "marriages": [[], []]},
        {"trump": "hearts", "points": [108, 30], "marriages": [[], []]},
    ]),
    ("marianna", "marianna", {}, 4, [
        {"points": [70, 50], "declarations": [{"side": 0, "suit": "hearts"},
                                              {"side": 1, "suit": "spades"}]},
        {"points": [60, 60], "declarations": [{"side": 1, "kind": "mariannone"}]},
    ]),
    ("marianna", "briscola151", {}, 2, [
        {"points": [80, 40], "declarations": [{"side": 0, "suit": "hearts"}], "trump": "hearts",
         "claim": None},
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "preset", "overrides", "n", "records"), MATCHES)
def test_every_explanation_line_is_a_coded_message(name, preset, overrides, n, records):
    game = get_game(name)
    options = game.make_options(preset, overrides)
    result = game.score(options, n, records)
    lines = [line for deal in result.deals for line in deal.explanation]
    assert lines
    plain = [line for line in lines if not isinstance(line, Msg)]
    assert not plain, plain
    for line in lines:
        assert from_json(line.to_json()) == line


REFUSED = [
    ("marias", "pub", {}, 4, {"declarer": None, "dealer": 1, "parts": []}),
    ("marias", "pub", {}, 3, {"declarer": 0, "parts": [{"kind": "hra", "won": True}],
                              "declarer_points": 55, "defender_points": 41}),
    ("marias", "pub", {"flek_max": 1}, 3, {"declarer": 0, "trump": "hearts",
                                           "parts": [{"kind": "hra", "flek": 2}]}),
    ("mariasz", "standard", {}, 2, {"trump": "x", "points": [200, None], "marriages": [["a"], []]}),
    ("mariage", "standard", {}, 2, {"points": [60, 60], "marriages": [[], []], "foo": 1}),
    ("marianna", "marianna", {}, 4, {"points": [70, 50], "declarations": [{"side": 3}]}),
    ("marianna", "briscola151", {}, 2, {"points": [70, 50], "declarations": []}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "preset", "overrides", "n", "record"), REFUSED)
def test_every_refusal_is_a_coded_message(name, preset, overrides, n, record):
    game = get_game(name)
    options = game.make_options(preset, overrides)
    with pytest.raises(InvalidDeal) as raised:
        game.score(options, n, [game.parse_record(record, options, n)])
    for error in raised.value.errors:
        assert isinstance(error.message, Msg), error
        data = error.to_json()
        assert data["code"] == error.message.code and data["message"] == str(error.message)


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("marias", {"flek_max": -1, "bogus": 1}),
        ("mariasz", {"target": "x", "no_trump": True, "ace_king": "trumps_only"}),
        ("mariage", {"match_target": None}),
        ("marianna", {"players": 3, "values": "1"}),
    ],
)
def test_every_option_refusal_is_a_coded_message(name, overrides):
    with pytest.raises(InvalidOptions) as raised:
        get_game(name).make_options(None, overrides)
    assert all(isinstance(e.message, Msg) for e in raised.value.errors)


def test_four_players_the_declarer_is_chosen_among_the_three_who_play():
    game = get_game("marias")
    options = game.make_options("pub", {})
    with pytest.raises(RuleError) as raised:
        game.parse_record({"dealer": 1, "parts": [{"kind": "hra"}]}, options, 4)
    error = next(e for e in raised.value.errors if e.field == "declarer")
    assert error.message.params == {"choices": [0, 2, 3]}
    assert error.message == "Choose the declarer: player 1, player 3 or player 4"
