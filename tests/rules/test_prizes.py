"""Prizes from the standings (RULES.md §6): a category ranked alone, the club table, the payout."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournament import prizes
from scorekeeper.tournament.standings import RoundResult, TableResult, standings_json

KEYS = ["table_wins", "best_round", "last_places"]


def _rows(figures, players="abcdef"):
    rounds = [RoundResult(tuple(TableResult(tuple(ids), s) for ids, s in rnd)) for rnd in figures]
    return standings_json(
        kind="marias", rounds=rounds, players={p: p.upper() for p in players}, lot_seed=4
    )["rows"]


def test_category_keys_and_words():
    # the built-in categories are stored by key; any other word as typed
    assert prizes.category_key("Women") == "women"
    assert prizes.category_key(" seniors ") == "senior"
    assert prizes.category_key("Junior") == "junior"
    assert prizes.category_key("  U  Krále ") == "U Krále"
    assert prizes.same("u krále", "U Krále")


def test_a_category_is_ranked_from_the_same_standings():
    # RULES.md §6: the category's rows in the whole field's order; a shared rank stays shared
    rows = _rows([[("abc", (4, 4, -8)), ("def", (2, 0, -2))]])
    by = {r["player_id"]: r for r in rows}
    assert by["a"]["rank"] == by["b"]["rank"] == 1  # a and b level on everything
    women = {"b", "d", "f"}
    picked = prizes.within(rows, lambda r: r["player_id"] in women, KEYS)
    assert [r["player_id"] for r in picked] == ["b", "d", "f"]
    assert [(r["rank"], r["place"]) for r in picked] == [(1, 1), (2, 2), (3, 3)]
    assert picked[0]["overall_rank"] == 1 and picked[1]["overall_place"] == by["d"]["place"]
    pair = prizes.within(rows, lambda r: r["player_id"] in "ab", KEYS)
    assert [r["rank"] for r in pair] == [1, 1] and pair[0]["decided_by"] == "lot"


def test_the_club_table_counts_each_clubs_best_n():
    rows = _rows([[("abc", (6, 0, -6)), ("def", (3, 1, -4))]])
    clubs = {"a": "Sokol", "b": "Sokol", "c": "Sokol", "d": "U Krále", "e": "u krále", "f": ""}
    for row in rows:
        row["club"] = clubs[row["player_id"]]
    table = prizes.club_table(rows, best_n=2)
    # Sokol: a 6 + b 0 (c's -6 not counted); U Krále: d 3 + e 1 (same club, any case)
    assert [(c["club"], c["total"], c["counted"], c["rank"]) for c in table] == [
        ("Sokol", 6, 2, 1),
        ("U Krále", 4, 2, 2),
    ]
    assert [p["counted"] for p in table[0]["players"]] == [True, True, False]
    clubs["f"] = "u krále"  # two of three wrote it lower-case: so it is named
    for row in rows:
        row["club"] = clubs[row["player_id"]]
    assert {c["club"] for c in prizes.club_table(rows, best_n=2)} == {"Sokol", "u krále"}
    fewer = prizes.club_table(rows, best_n=3)
    assert fewer[0]["club"] == "Sokol"  # three counted rank above two: U Krále has only two


def test_payouts_follow_place_and_round_down_to_the_cent():
    # pool = fee × entrants; each share of it, rounded down: what is left stays in the pool
    rows = [
        {"place": i + 1, "rank": 1 if i < 2 else i + 1, "player": p} for i, p in enumerate("ABC")
    ]
    got = prizes.payouts(Decimal("10"), [Decimal("0.5"), Decimal("0.3"), Decimal("0.2")], 7, rows)
    assert got["pool"] == "70.00" and got["kept"] == "0.00"
    assert [(r["place"], r["player"], r["amount"], r["by_lot"]) for r in got["rows"]] == [
        (1, "A", "35.00", True),  # =1: the lot gave A the first prize
        (2, "B", "21.00", True),
        (3, "C", "14.00", False),
    ]
    thirds = prizes.payouts(Decimal("1"), [Decimal("0.333")] * 3, 10, rows)
    assert [r["amount"] for r in thirds["rows"]] == ["3.33"] * 3 and thirds["kept"] == "0.01"


@settings(max_examples=80, deadline=None)
@given(
    fee=st.decimals(0, 500, places=2),
    entrants=st.integers(0, 200),
    shares=st.lists(st.integers(1, 100), min_size=1, max_size=10),
)
def test_the_payout_never_exceeds_the_pool(fee, entrants, shares):
    total = sum(shares)
    parts = [Decimal(s) / Decimal(max(total, 100)) for s in shares]  # together at most 1
    got = prizes.payouts(fee, parts, entrants, [])
    paid = sum(Decimal(r["amount"]) for r in got["rows"])
    assert paid + Decimal(got["kept"]) == Decimal(got["pool"]) == fee * entrants
    assert Decimal(got["kept"]) >= 0
