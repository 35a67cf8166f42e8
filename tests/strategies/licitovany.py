"""Hypothesis strategies: valid licitovaný mariáš deal records (docs/api.md "marias, preset
licitovany") and whole matches.

Every record drawn here is accepted by ``GAME.parse_record(record, options, n_players)``: a rung
of the ladder with exactly its parts, hearts for a červená rung and another trump otherwise,
no trump in betl or durch, a second suit for dvě sedmy, a flek level per defender within
``flek_max``, points that add up (a sto's figure holding one marriage at most), ``won`` agreeing
with them, a silent hundred only beside a sedma contract's hra and a silent seven only in a plain
sto, omyl only on an unflekked sedma, premium points for the players in the deal.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules.base import SUITS
from scorekeeper.rules.licitovany import GAME, LADDER, Contract, LicitovanyOptions

OTHER_SUITS = tuple(s for s in SUITS if s != "hearts")


@st.composite
def all_options(draw: st.DrawFn) -> LicitovanyOptions:
    """Any valid option set: the house's limit, fleks capped lower, failure flat, sitter pays."""
    overrides: dict[str, Any] = {
        "flek_max": draw(st.integers(0, 4)),
        "sto_failure": draw(st.sampled_from(["flat", "per_ten_short"])),
        "sitter_pays": draw(st.booleans()),
        "renonc": draw(st.integers(0, 20)),
        "renonc_heavy": draw(st.integers(0, 80)),
        # small limits often, so that deals reach them
        "limit": draw(st.none() | st.integers(1, 80) | st.just(500)),
        "limit_flekked": draw(st.none() | st.integers(1, 160) | st.just(750)),
    }
    return GAME.make_options("licitovany", overrides)


def _trumps(draw: st.DrawFn, contract: Contract) -> tuple[str | None, str | None]:
    if not contract.trumps:
        return None, None
    trump = "hearts" if contract.hearts else draw(st.sampled_from(OTHER_SUITS))
    second = None
    if contract.second_suit:
        second = draw(st.sampled_from([s for s in SUITS if s != trump]))
    return trump, second


def _points(draw: st.DrawFn, contract: Contract) -> tuple[int | None, int | None, int | None]:
    """(declarer's figure, defenders' figure, the defenders' marriages when recorded)."""
    if not contract.trumps or not draw(st.booleans()):
        return None, None, None
    cards = draw(st.integers(0, 9)) * 10
    if "sto" in contract.parts:  # docs/rules.md §4a: the first marriage announced only
        own = draw(st.sampled_from([0, 20, 40]))
        theirs = draw(st.integers(0, (100 - own) // 20)) * 20
        dp, fp = cards + own, 90 - cards + theirs
        return dp, fp, draw(st.sampled_from([None, theirs]))
    marriages = draw(st.integers(0, 5)) * 20
    mine = draw(st.integers(0, marriages // 20)) * 20
    return cards + mine, 90 - cards + marriages - mine, None


def _flek(draw: st.DrawFn, options: LicitovanyOptions) -> list[int]:
    if not draw(st.integers(0, 2)):
        return [0, 0]
    levels = st.integers(0, options.flek_max)
    return [draw(levels), draw(levels)]


def _won(draw: st.DrawFn, kind: str, dp: int | None, fp: int | None, options) -> bool | None:
    if kind == "hra" and dp is not None:
        return draw(st.sampled_from([None, dp > fp]))
    if kind == "sto":
        if dp is not None:
            return dp >= 100
        return True if options.sto_failure == "per_ten_short" else draw(st.booleans())
    return draw(st.booleans())


def _silent(draw: st.DrawFn, contract: Contract, record: dict[str, Any]) -> None:
    """Maybe a silent part where the contract allows one, the record kept consistent."""
    if "tiche_sto" in contract.silent and not draw(st.integers(0, 3)):
        side = draw(st.sampled_from(["declarer", "defenders"]))
        own = record["declarer_points"] if side == "declarer" else record["defender_points"]
        item: dict[str, Any] = {"kind": "tiche_sto", "side": side}
        if own is None or not 100 <= own <= 130:
            record["declarer_points"] = record["defender_points"] = None
            if draw(st.booleans()):
                item["points"] = draw(st.integers(10, 13)) * 10
        record["parts"][0]["won"] = draw(st.sampled_from([None, side == "declarer"]))
        record["silent"] = [item]
    elif "ticha_sedma" in contract.silent and not draw(st.integers(0, 3)):
        side = draw(st.sampled_from(["declarer", "defenders"]))
        record["silent"] = [{"kind": "ticha_sedma", "side": side}]


def _pb(draw: st.DrawFn, n_players: int, sitter: int | None) -> list[int] | None:
    if draw(st.booleans()):
        return None
    return [0 if s == sitter else draw(st.integers(0, 12)) for s in range(n_players)]


@st.composite
def records(
    draw: st.DrawFn, options: LicitovanyOptions | None = None, n_players: int = 3
) -> dict[str, Any]:
    """One deal record valid on its own for ``n_players`` (3, or 4 with the dealer sitting out)."""
    options = options or GAME.make_options()
    dealer = draw(st.integers(0, 3)) if n_players == 4 else draw(st.none() | st.integers(0, 2))
    active = [s for s in range(n_players) if n_players == 3 or s != dealer]
    contract = draw(st.sampled_from(LADDER))
    trump, second = _trumps(draw, contract)
    renonc = draw(st.sampled_from(active)) if not draw(st.integers(0, 9)) else None
    omyl = renonc is None and contract.name == "sedma" and not draw(st.integers(0, 5))
    dp, fp, married = (None, None, None) if omyl else _points(draw, contract)
    parts = [
        {"kind": k, "won": None, "flek": [0, 0]}
        if omyl
        else {"kind": k, "won": _won(draw, k, dp, fp, options), "flek": _flek(draw, options)}
        for k in contract.parts
    ]
    record: dict[str, Any] = {
        "declarer": draw(st.sampled_from(active)),
        "dealer": dealer,
        "contract": contract.name,
        "trump": trump,
        "second_suit": second,
        "parts": parts,
        "declarer_points": dp,
        "defender_points": fp,
        "silent": [],
        "renonc": renonc,
        "renonc_kind": draw(st.sampled_from([None, 1, 2])) if renonc is not None else None,
        "omyl": omyl,
        "pb": _pb(draw, n_players, dealer if n_players == 4 else None),
    }
    if married is not None:
        record["defender_marriages"] = married
    if not omyl:
        _silent(draw, contract, record)
    if draw(st.booleans()):
        record["parts"].reverse()
    return record


@st.composite
def match_records(
    draw: st.DrawFn,
    options: LicitovanyOptions | None = None,
    n_players: int = 3,
    max_deals: int = 12,
) -> list[dict[str, Any]]:
    """Records of a whole match; never more deals than the match was agreed at (``deals``)."""
    options = options or GAME.make_options()
    if options.deals is not None:
        max_deals = min(max_deals, options.deals)
    return draw(st.lists(records(options, n_players), max_size=max_deals))


def example(contract: str, *parts: tuple[str, bool | None, list[int]], **fields: Any) -> dict:
    """A hand-written record for worked examples: the contract, its parts as (kind, won, flek),
    declarer 0 at a table of three unless ``fields`` say otherwise."""
    record: dict[str, Any] = {
        "declarer": 0,
        "dealer": None,
        "contract": contract,
        "trump": None,
        "second_suit": None,
        "parts": [{"kind": k, "won": w, "flek": f} for k, w, f in parts],
        "declarer_points": None,
        "defender_points": None,
        "silent": [],
        "renonc": None,
        "renonc_kind": None,
        "omyl": False,
        "pb": None,
    }
    record.update(fields)
    return record
