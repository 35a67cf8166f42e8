"""Entering a deal record on the phone's deal form by tapping, as the table would.

``enter(page, game, record, n_players)`` taps (and types the numbers) on the match page's form
what the record says, starting from the form as the page shows it for a new deal: it never
clears or resets anything itself, so a field carried over from the deal before would end up
in the stored record. The test then compares what the server stored (docs/api.md "Deal
records") with the record. Used by test_entry_properties_browser.py.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.licitovany.contracts import CONTRACTS

SUITS = ("hearts", "diamonds", "clubs", "spades")
PREFIX = {"sedma": "seven", "dve_sedmy": "seven", "sedma_proti": "sp", "dve_sedmy_proti": "sp"}
PART_ORDER = {"game": 0, "seven": 1, "sp": 2}
SILENT_ORDER = {"ticha_sedma": 0, "tiche_sto": 1}


def tap_choice(page, name: str, value: Any) -> None:
    """Tap the label of the radio (or checkbox) ``name`` with ``value``."""
    text = "" if value is None else str(value)
    found = page.locator(f"#deal-form input[name='{name}'][value='{text}']")
    page.tap(f"label[for='{found.get_attribute('id')}']")


def open_more(page) -> None:
    """Unfold "Sevens, points…" (or "Claim, or both reached the target?") when it is folded."""
    more = page.locator("#deal-form details.more")
    if more.count() and not more.evaluate("d => d.open"):
        more.locator("summary").tap()


def fill(page, selector: str, value: Any) -> None:
    page.fill(selector, "" if value is None else str(value))


def flek(page, prefix: str, levels: Any) -> None:
    for _ in range(levels if isinstance(levels, int) else 0):
        page.tap(f"#f-{prefix}_flek button:text-is('+')")


def enter(page, game: str, record: dict, n_players: int) -> None:
    """Tap the record into the deal form (Save not included); a record with a ``contract`` is
    licitovaný mariáš's (docs/rules.md §4a)."""
    if "contract" in record:
        _licit(page, record, n_players)
        return
    {"marias": _marias, "marianna": _marianna}.get(game, _twohand)(page, record, n_players)


def _points(page, points: list) -> None:
    fill(page, "#points_0", points[0])  # the other one fills itself in...
    fill(page, "#points_1", points[1])  # ...and is typed (or emptied) as recorded


def _twohand(page, record: dict, _n: int) -> None:
    if record.get("trump"):
        tap_choice(page, "trump", record["trump"])
    _points(page, record["points"])
    for key, prefix in (("marriages", "m"), ("ace_kings", "ak")):
        for seat, suits in enumerate(record.get(key) or []):
            for suit in suits:
                page.tap(f"label[for='{prefix}_{seat}_{suit}']")
    if record.get("first_to_target") is not None:
        open_more(page)
        tap_choice(page, "first_to_target", record["first_to_target"])
    if record.get("closed_by") is not None:
        open_more(page)
        tap_choice(page, "closed_by", record["closed_by"])


def _marianna(page, record: dict, n_players: int) -> None:
    if n_players == 2:
        tap_choice(page, "trump", record["trump"])
    _points(page, record["points"])
    for decl in record["declarations"]:
        kind = (decl.get("kind") or "marianna") + ("*" if decl.get("covered") else "")
        if page.locator("#deal-form input[name=kind]").count():
            tap_choice(page, "kind", kind)
        page.tap(f"button[name=add][value='{decl['side']}:{decl.get('suit') or 'hearts'}']")
    if record.get("first_to_target") is not None:
        open_more(page)
        tap_choice(page, "first_to_target", record["first_to_target"])
    if n_players == 2 and record.get("claim") is not None:
        open_more(page)
        tap_choice(page, "claim", record["claim"])


def in_form_order(record: dict) -> dict:
    """The record with its parts and silent parts in the order the form lists them (the order
    of parts in a record means nothing to the rules, and a new deal's form has one order)."""
    parts = sorted(record["parts"], key=lambda p: PART_ORDER[PREFIX.get(p["kind"], "game")])
    silent = sorted(record.get("silent") or [], key=lambda s: SILENT_ORDER[s["kind"]])
    return {**record, "parts": parts, "silent": silent}


def _marias(page, record: dict, n_players: int) -> None:
    if n_players == 4:
        tap_choice(page, "dealer", record["dealer"])
    tap_choice(page, "declarer", record["declarer"])
    for part in record["parts"]:
        if part["kind"] in ("betl", "durch"):
            tap_choice(page, "trump", part["kind"])
    if record.get("trump"):
        tap_choice(page, "trump", record["trump"])
    for part in record["parts"]:
        _marias_part(page, part)
    _marias_more(page, record, n_players)


def _marias_part(page, part: dict) -> None:
    kind, won = part["kind"], part.get("won")
    prefix = PREFIX.get(kind, "game")
    if kind in ("hra", "sto", "sto_proti"):
        tap_choice(page, "game", kind)
    elif prefix == "seven":
        open_more(page)
        tap_choice(page, "seven", kind)
    elif prefix == "sp":
        open_more(page)
        tap_choice(page, "sp", kind)
    if kind == "sto_proti":
        tap_choice(page, "proti_won", "" if won is None else int(won))
    elif won is None:
        open_more(page)  # "Or let the points decide the game"
        tap_choice(page, f"{prefix}_won", "")
    elif not won:
        tap_choice(page, f"{prefix}_won", 0)
    flek(page, prefix, part.get("flek", 0))


def _marias_more(page, record: dict, n_players: int) -> None:
    more = [
        record.get("declarer_points") is not None,
        bool(record.get("silent")),
        bool(record.get("open")),
        record.get("renonc") is not None,
        n_players == 3 and record.get("dealer") is not None,
    ]
    if any(more):
        open_more(page)
    if record.get("declarer_points") is not None:
        fill(page, "#declarer_points", record["declarer_points"])
        fill(page, "#defender_points", record["defender_points"])
    for item in record.get("silent") or []:
        tap_choice(page, item["kind"], item["side"])
        if "points" in item:
            fill(page, "#tiche_sto_points", item["points"])
    if record.get("open"):
        page.tap("label[for='open']")
    if record.get("renonc") is not None:
        tap_choice(page, "renonc", record["renonc"])
    if n_players == 3 and record.get("dealer") is not None:
        tap_choice(page, "dealer", record["dealer"])


def licit_form_order(record: dict) -> dict:
    """A licitovaný record with its parts in the order its contract names them (the order a new
    deal's form sends them in; the order means nothing to the rules)."""
    named = CONTRACTS[record["contract"]].parts
    return {**record, "parts": sorted(record["parts"], key=lambda p: named.index(p["kind"]))}


def _unfold(page, index: int) -> None:
    """Unfold the form's ``index``-th folded section (0: points, renonc, dealer; 1: PB)."""
    more = page.locator("#deal-form details.more").nth(index)
    if not more.evaluate("d => d.open"):
        more.locator("summary").tap()


def _licit(page, record: dict, n_players: int) -> None:
    if n_players == 4:
        tap_choice(page, "dealer", record["dealer"])
    tap_choice(page, "declarer", record["declarer"])
    tap_choice(page, "contract", record["contract"])  # first: it shows what it needs
    if record.get("trump") and not CONTRACTS[record["contract"]].hearts:
        tap_choice(page, "trump", record["trump"])
    if record.get("second_suit"):
        tap_choice(page, "second_suit", record["second_suit"])
    if record.get("omyl"):
        page.tap("label[for='omyl']")
    for part in [] if record.get("omyl") else record["parts"]:
        kind, won = part["kind"], part.get("won")
        if won is None:
            _unfold(page, 0)  # "Or let the points decide the game"
            tap_choice(page, f"{kind}_won", "")
        elif not won:
            tap_choice(page, f"{kind}_won", 0)
        for field, level in zip((f"{kind}_flek", f"{kind}_flek2"), part["flek"], strict=True):
            for _ in range(level):  # each defender's own stepper
                page.tap(f"#f-{field} button:text-is('+')")
    for item in record.get("silent") or []:
        tap_choice(page, item["kind"], item["side"])
        if "points" in item:
            fill(page, "#tiche_sto_points", item["points"])
    _licit_more(page, record, n_players)


def _licit_more(page, record: dict, n_players: int) -> None:
    typed = {
        key: record.get(key)
        for key in ("declarer_points", "defender_points", "defender_marriages")
        if record.get(key) is not None
    }
    three_dealer = n_players == 3 and record.get("dealer") is not None
    if typed or record.get("renonc") is not None or three_dealer:
        _unfold(page, 0)
    for key, value in typed.items():
        fill(page, f"#{key}", value)
    if record.get("renonc") is not None:
        tap_choice(page, "renonc", record["renonc"])
        if record.get("renonc_kind") == 2:
            tap_choice(page, "renonc_kind", 2)
    if three_dealer:
        tap_choice(page, "dealer", record["dealer"])
    if record.get("pb") is not None:
        _unfold(page, 1)
        for seat, figure in enumerate(record["pb"]):
            fill(page, f"#pb_{seat}", figure)
