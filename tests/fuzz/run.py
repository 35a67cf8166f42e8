"""Collect the fuzz cases of every route, pick a sample, send them and count the answers."""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from . import api, forms
from .cases import Case, send
from .world import World, top_up

#: Version fields of the fix pages: (value, class).
VERSIONS = [
    ("", "empty"),
    ("0", "stale number"),
    ("1", "stale number"),
    ("²", "odd digit"),
    ("9" * 30, "huge number"),
    ("1-1", "etag"),
    ("99-1", "etag"),
]
SKIP = {"static", "favicon", "matches.service_worker"}
PDF = re.compile(r"\.pdf|/print/")


def route_of(app: Any, method: str, url: str) -> str | None:
    """The app's URL rule for ``method`` ``url`` ("POST /m/<match_id>/<token>"), or None."""
    adapter = app.url_map.bind("localhost")
    try:
        rule, _args = adapter.match(url.split("?")[0], method=method, return_rule=True)
    except Exception:  # noqa: BLE001 - not a route of the app (an odd id is one, mostly)
        return None
    return f"{method} {rule.rule}"


def fill(rule: Any, world: World) -> str | None:
    """A URL for ``rule`` with every part taken from the world (None: nothing to fill it)."""
    game, _preset, match_id, token, _record = world.matches[0]
    api_side = rule.rule.startswith("/api/")
    t = world.tournament
    values = {
        "match_id": match_id,
        "token": token,
        "tournament_id": t["id"] if api_side or "/table/" in rule.rule else world.page_tournament,
        "season_id": t.get("season_id") or world.season["id"] if api_side else world.page_season,
        "player_id": (world.player_ids if api_side else world.page_player_ids)[0],
        "r": 1,
        "t": 1,
        "n": 1,
        "pair_id": 1,
        "game": game,
        "preset": "pub",
        "code": "cs",
        "kind": "csv",
    }
    if "/o/<token>" in rule.rule:
        values["token"] = world.page_token
    if "/table/" in rule.rule:
        values["token"] = world.table_token
    try:
        defaults = rule.defaults or {}
        wanted = {**defaults, **{k: values[k] for k in rule.arguments if k not in defaults}}
        built = rule.build(wanted, append_unknown=False)
        return built[1] if built else None
    except KeyError:
        return None


def collect(app: Any, client: Any, world: World, pdfs: bool = False) -> list[Case]:
    """Every case of every route: the API's own generators, the pages and the forms found on
    them, and the generic cases for any route nothing else reached. Sorted: cases that end
    things (finish, delete, log out) come last."""
    cases = list(api.all_cases(world))
    found_forms: dict[str, tuple[str, dict, set]] = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint in SKIP or rule.rule.startswith("/api/"):
            continue
        if "GET" in rule.methods:
            url = fill(rule, world)
            if url is None:
                continue
            if PDF.search(rule.rule) and not pdfs:  # a PDF takes a second to draw: once
                cases.append(Case("page", f"GET {rule.rule}", "GET", url, note="as linked"))
                continue
            cases += forms.page_cases(f"GET {rule.rule}", url)
            page = client.get(url)
            if page.status_code == 200 and "html" in page.mimetype:
                for action, fields, numeric in forms.forms_of(page.text):
                    target = action or url
                    route = route_of(app, "POST", target)
                    if route and route not in found_forms:
                        found_forms[route] = (target, fields, numeric)
    for route, (url, fields, numeric) in found_forms.items():
        cases += forms.form_cases(route, url, fields, numeric)
    cases += _more_pages(world)
    covered = {case.route for case in cases}
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            route = f"{method} {rule.rule}"
            if route in covered or rule.endpoint in SKIP or method == "GET":
                continue
            url = fill(rule, world)
            if url is None:
                continue
            if rule.rule.startswith("/api/"):
                cases += api.generic(route, method, url, world.tournament["token"])
            else:
                cases += forms.generic_form(route, url)
    return sorted(cases, key=lambda case: case.order)


def _more_pages(world: World) -> list[Case]:
    """Deal numbers past the list and odd versions, on the edit and delete pages of every
    match."""
    out = []
    for _game, _preset, match_id, token, _record in world.matches:
        for n in (1, 2, 99, 10**30):
            for end, order in (("", 0), ("/delete", 2)):
                url = f"/m/{match_id}/{token}/deals/{n}{end}"
                route = f"POST /m/<match_id>/<token>/deals/<int:n>{end}"
                where = "a deal past the list" if n > 1 else "the first deal"
                for version, kind in VERSIONS:
                    note = f"{where}, version {kind}"
                    data = {"version": version}
                    out.append(Case("form", route, "POST", url, data=data, order=order, note=note))
    return out


def sample(cases: list[Case], per_class: int = 1, seed: int = 0) -> list[Case]:
    """``per_class`` cases of each route and class of input (a lone surrogate, an odd number,
    an empty body under a JSON type…), the same ones on every run, in their order."""
    by_class: dict[tuple[str, str], list[int]] = defaultdict(list)
    for index, case in enumerate(cases):
        by_class[(case.route, case.note)].append(index)
    rng = random.Random(seed)
    keep = set()
    for key in sorted(by_class):
        indexes = by_class[key]
        keep.update(rng.sample(indexes, min(per_class, len(indexes))))
    return [case for index, case in enumerate(cases) if index in keep]


@dataclass
class Tally:
    """Requests and 5xx answers per (surface, route), and the first few 5xx cases."""

    requests: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)

    def add(self, case: Case, status: int) -> None:
        self.requests[(case.surface, case.route)] += 1
        self.statuses[status] += 1
        if status >= 500:
            self.errors[(case.surface, case.route)] += 1
            if len(self.failures) < 20:
                self.failures.append((status, case))


def run(client: Any, world: World, cases: Iterable[Case], tally: Tally | None = None) -> Tally:
    """Send every case; after a case that takes deals away, give that match deals again."""
    tally = tally or Tally()
    ids = {match[2]: index for index, match in enumerate(world.matches)}
    for case in cases:
        tally.add(case, send(client, case))
        if case.order >= 2:
            for match_id, index in ids.items():
                if match_id in case.url:
                    top_up(client, world, index)
    return tally
