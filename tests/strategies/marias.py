"""Hypothesis strategies: valid Czech Mariáš deal records (API.md JSON) and whole matches.

Every record drawn here is accepted by ``GAME.parse_record(record, options, n_players)``:
one game part, at most one seven, trumps only in trump games, points that add up, ``won``
consistent with the points, silent parts only where they can happen, flek within ``flek_max``
(a pair of levels with ``flek_per_defender``).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules.base import SUITS
from scorekeeper.rules.marias import GAME, MariasOptions

GAMES = ("hra", "hra", "hra", "sto", "sto_proti", "betl", "durch")
SEVENS = ("sedma", "dve_sedmy", "sedma_proti", "dve_sedmy_proti")


@st.composite
def all_options(draw: st.DrawFn) -> MariasOptions:
    """Any valid option set: every preset, house rules on and off."""
    overrides: dict[str, Any] = {
        "flek_max": draw(st.none() | st.integers(0, 5)),
        "flek_per_defender": draw(st.booleans()),
        "hearts_double": draw(st.booleans()),
        "sto_scaling": draw(st.sampled_from(["linear", "doubling"])),
        "sto_failure": draw(st.sampled_from(["flat", "per_ten_short"])),
        "sitter_pays": draw(st.booleans()),
        "renonc": draw(st.integers(0, 20)),
        "limit": draw(st.none() | st.integers(1, 100)),
    }
    return GAME.make_options(draw(st.sampled_from(["pub", "csm", "krizovy"])), overrides)


def _flek(draw: st.DrawFn, options: MariasOptions) -> int | list[int]:
    top = 3 if options.flek_max is None else min(options.flek_max, 3)
    levels = st.integers(0, top) if draw(st.integers(0, 3)) == 0 else st.just(0)
    if options.flek_per_defender:
        return [draw(levels), draw(levels)]
    return draw(levels)


@st.composite
def records(
    draw: st.DrawFn, options: MariasOptions | None = None, n_players: int = 3
) -> dict[str, Any]:
    """One deal record valid on its own for ``n_players`` (3, or 4 with the dealer sitting out)."""
    options = options or GAME.make_options()
    if n_players == 4:
        dealer = draw(st.integers(0, 3))
    else:
        dealer = draw(st.none() | st.integers(0, 2))
    active = [s for s in range(n_players) if n_players == 3 or s != dealer]
    declarer = draw(st.sampled_from(active))
    game = draw(st.sampled_from(GAMES))
    trump = None if game in ("betl", "durch") else draw(st.sampled_from(SUITS))
    renonc = draw(st.sampled_from(active)) if draw(st.integers(0, 9)) == 0 else None
    dp = fp = None
    if trump and draw(st.booleans()):
        cards = draw(st.integers(0, 9)) * 10
        marriages = draw(st.integers(0, 5)) * 20
        mine = draw(st.integers(0, marriages // 20)) * 20
        dp, fp = cards + mine, 90 - cards + marriages - mine
    parts: list[dict[str, Any]] = []
    silent: list[dict[str, Any]] = []
    won = draw(st.booleans())
    if game == "hra":
        hundred = draw(st.integers(0, 4)) == 0
        if hundred:
            side = draw(st.sampled_from(["declarer", "defenders"]))
            points = dp if side == "declarer" else fp
            if points is not None and points < 100:
                dp = fp = None
            item: dict[str, Any] = {"kind": "tiche_sto", "side": side}
            if draw(st.booleans()):
                # RULES.md v2 §4: a hundred counts the trump marriage only: 100…130
                own = dp if side == "declarer" else fp
                if own is not None and own > 130:
                    dp = fp = own = None
                item["points"] = own or draw(st.integers(10, 13).map(lambda t: t * 10))
            silent.append(item)
            won = draw(st.sampled_from([None, side == "declarer"]))
        elif dp is not None:
            won = draw(st.sampled_from([None, dp > fp]))
    elif game == "sto" and dp is not None and dp <= 130:  # RULES.md v2 §4, §5: won agrees
        won = dp >= 100
    elif game == "sto" and not won and options.sto_failure == "per_ten_short":
        dp, fp = 60, 30  # RULES.md v2.1 §4: a failed sto paid per 10 short needs the points
    elif game == "sto":  # RULES.md v2 §4: a hundred's figure is at most 130
        dp = fp = None
    elif game == "sto_proti" and fp is not None:
        if fp > 130:
            dp = fp = None
        else:
            won = fp >= 100
    parts.append({"kind": game, "won": won, "flek": _flek(draw, options)})
    if trump and draw(st.integers(0, 2)) == 0:
        kind = draw(st.sampled_from(SEVENS))
        parts.append({"kind": kind, "won": draw(st.booleans()), "flek": _flek(draw, options)})
    elif trump and draw(st.integers(0, 4)) == 0:
        side = draw(st.sampled_from(["declarer", "defenders"]))
        silent.append({"kind": "ticha_sedma", "side": side})
    if draw(st.booleans()):
        parts.reverse()
    record = {
        "declarer": declarer,
        "dealer": dealer,
        "trump": trump,
        "parts": parts,
        "declarer_points": dp,
        "defender_points": fp,
        "silent": silent,
        "renonc": renonc,
    }
    if draw(st.integers(0, 9)) == 0:  # RULES.md v2 §4: open play
        record["open"] = True
    return record


@st.composite
def match_records(
    draw: st.DrawFn,
    options: MariasOptions | None = None,
    n_players: int = 3,
    min_deals: int = 0,
    max_deals: int = 20,
) -> list[dict[str, Any]]:
    """Records of a whole match; never more deals than the match was agreed at (``deals``)."""
    options = options or GAME.make_options()
    if options.deals is not None:
        max_deals = min(max_deals, options.deals)
        min_deals = min(min_deals, max_deals)
    return draw(st.lists(records(options, n_players), min_size=min_deals, max_size=max_deals))
