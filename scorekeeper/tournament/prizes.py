"""Prizes from the standings (RULES.md §6): a category's own ranking, the club table and the
payout per place. Pure: API.md-shaped standings rows in, plain dicts out.

- :func:`within` ranks a category (women, seniors, a word the organiser typed) from the same
  standings: the rows of its players in the same order; rows the whole field ranks equal share a
  rank here too; places are 1…N within the category, and ``decided_by`` names the tie-break
  against the neighbour *within* it.
- :func:`club_table` ranks clubs by the sum of each club's best ``best_n`` players' totals (their
  best places). A club with more players counted ranks above one with fewer; then the sum (lower
  is better with table placings), then the best place of a counted player. A player with no
  result yet is not counted. "Sokol" and "sokol" are one club, named as most of its players
  wrote it.
- :func:`payouts`: the pool is the entry fee times the entrants; each place with a share gets
  the pool times its share, rounded down to the cent (what the rounding leaves stays in the
  pool). Places follow ``place``: where a shared rank covers a paid place, the lot decided it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import ROUND_DOWN, Decimal
from typing import Any

from .metrics import N_
from .standings import deciding
from .tiebreaks import sort_key

#: The categories every organiser knows: stored by key, shown in the reader's language. Any other
#: category is the organiser's own word, shown as typed.
BUILT_IN = {"women": N_("Women"), "senior": N_("Seniors"), "junior": N_("Juniors")}
CENT = Decimal("0.01")


def category_key(word: str) -> str:
    """The stored form of a category: a built-in key ("Women", "seniors" -> "women",
    "senior"), else the word with its spaces tidied (as typed)."""
    tidy = " ".join(word.split())
    folded = tidy.casefold()
    for key, label in BUILT_IN.items():
        if folded in (key, key + "s", label.casefold()):
            return key
    return tidy


def same(a: str, b: str) -> bool:
    """Whether two categories or clubs are one (case and spacing aside)."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def _key(row: Mapping[str, Any], keys: Sequence[str], placings: bool) -> tuple:
    total = row["total"]
    return (
        row.get("played", 1) == 0,
        total if placings else -total,
        *sort_key(keys, row.get("tiebreaks") or {}),
    )


def within(
    rows: Sequence[Mapping[str, Any]],
    keep: Callable[[Mapping[str, Any]], bool],
    keys: Sequence[str],
    *,
    placings: bool = False,
) -> list[dict[str, Any]]:
    """The rows ``keep`` picks, ranked among themselves (``overall_rank``/``overall_place`` keep
    the whole field's); ``keys``: the tie-breaks in force, in order."""
    picked = [dict(r) for r in rows if keep(r)]
    key = {i: _key(r, keys, placings) for i, r in enumerate(picked)}
    decided = deciding(list(key), key, keys)
    for i, row in enumerate(picked):
        row["overall_rank"], row["overall_place"] = row["rank"], row["place"]
        row["rank"] = _rank_among(key[i], key.values())
        row["place"] = i + 1
        row["decided_by"] = decided[i]
    return picked


def club_table(
    rows: Sequence[Mapping[str, Any]], best_n: int, *, placings: bool = False
) -> list[dict[str, Any]]:
    """Clubs ranked by their best ``best_n`` players (rows in standings order, each with its
    ``club``): rank (shared when equal on all), club, total, counted, players."""
    clubs, spellings = _clubs(rows, best_n)
    table = [
        _club_line(club, _spelling(spellings[key]), len(rows), placings)
        for key, club in clubs.items()
    ]
    table.sort(key=lambda c: c["key"])
    keys = [club["key"] for club in table]
    for club in table:
        club["rank"] = _rank_among(club.pop("key"), keys)
    return table


def _rank_among(key: tuple, keys: Iterable[tuple]) -> int:
    """The rank of ``key`` among ``keys``: one more than how many sort before it."""
    return 1 + sum(1 for other in keys if other < key)


def _clubs(rows: Sequence[Mapping[str, Any]], best_n: int) -> tuple[dict, dict]:
    """The clubs' players in standings order (each marked whether it counts), by folded club
    name, and every spelling of each club's name."""
    clubs: dict[str, dict[str, Any]] = {}
    spellings: dict[str, list[str]] = {}
    for row in rows:
        name = " ".join(str(row.get("club") or "").split())
        if not name:
            continue
        spellings.setdefault(name.casefold(), []).append(name)
        club = clubs.setdefault(name.casefold(), {"club": name, "players": []})
        club["players"].append(_member(row, _counts(row, club, best_n)))
    return clubs, spellings


def _counts(row: Mapping[str, Any], club: Mapping[str, Any], best_n: int) -> bool:
    """Whether a player counts for the club: has a result, and the club has fewer counted."""
    return row.get("played", 1) > 0 and sum(p["counted"] for p in club["players"]) < best_n


def _member(row: Mapping[str, Any], counted: bool) -> dict[str, Any]:
    return {
        "player_id": row.get("player_id"),
        "player": row.get("player"),
        "rank": row.get("rank"),
        "place": row.get("place"),
        "total": row.get("total"),
        "counted": counted,
    }


def _counted(club: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [p for p in club["players"] if p["counted"]]


def _club_line(club: dict[str, Any], name: str, field: int, placings: bool) -> dict[str, Any]:
    """A club's line, named ``name``, with its total and its sort key (the most players
    counted, the best total, the best place of a counted one; ``field`` rows in all)."""
    counted = _counted(club)
    total = sum(p["total"] for p in counted)
    best = min((p["place"] for p in counted), default=field + 1)
    key = (-len(counted), total if placings else -total, best)
    return {**club, "club": name, "total": total, "counted": len(counted), "key": key}


def _spelling(names: Sequence[str]) -> str:
    """A club's name as most of its players wrote it (a capital first letter where as many wrote
    it either way), whoever ranks first."""
    return max(set(names), key=lambda n: (names.count(n), n[:1].isupper(), n))


def money(value: Any) -> Decimal | None:
    """A stored decimal string as a Decimal (None for none)."""
    return None if value in (None, "") else Decimal(str(value))


def payouts(
    fee: Decimal | None, shares: Sequence[Decimal], entrants: int, rows: Sequence[Mapping]
) -> dict[str, Any]:
    """``{"pool", "rows": [{"place", "player", "player_id", "amount", "share", "by_lot",
    "provisional"}]}``: amounts as decimal strings to the cent; ``rows``: the standings rows."""
    pool = (fee or Decimal(0)) * entrants
    by_place = {r.get("place"): r for r in rows}
    ranks = [r.get("rank") for r in rows]
    out = [
        _payout(place, share, by_place.get(place), pool, ranks)
        for place, share in enumerate(shares, start=1)
    ]
    return _pool_figures(pool, fee, entrants, out)


def _pool_figures(pool: Decimal, fee: Decimal | None, entrants: int, out: list) -> dict:
    """The payout document: the pool, what is paid out in ``out`` and what stays in the pool."""
    paid = sum((Decimal(r["amount"]) for r in out), Decimal(0))
    return {
        "pool": str(pool.quantize(CENT)),
        "fee": None if fee is None else str(fee),
        "entrants": entrants,
        "paid": str(paid.quantize(CENT)),
        "kept": str((pool - paid).quantize(CENT)),
        "rows": out,
    }


def _payout(place: int, share: Decimal, row: Mapping | None, pool: Decimal, ranks: list) -> dict:
    """One paid place: its share of ``pool`` rounded down to the cent, and who holds it."""
    amount = (pool * share).quantize(CENT, rounding=ROUND_DOWN)
    holder = row or {}
    return {
        "place": place,
        "player": holder.get("player"),
        "player_id": holder.get("player_id"),
        "amount": str(amount),
        "share": str(share),
        "by_lot": bool(row and ranks.count(row.get("rank")) > 1),
        "provisional": bool(row and row.get("provisional")),
    }
