"""No 5xx for anything a client sends (docs/api.md "Errors"; docs/architecture.md "Bad input"):
every route of the JSON API, every page and every form, on SQLite and on PostgreSQL.

Each run sends a fixed sample: one case of each class of input for each route (a lone
surrogate, an odd number, an empty body under a JSON type…; the same cases every time);
``SCOREKEEPER_FUZZ=all`` sends every case, and ``bench/bench_fuzz.py`` does that and
prints the counts per surface and route."""

from __future__ import annotations

import os

import pytest

from .forms import page_cases
from .run import SKIP, Tally, collect, run, sample
from .world import build

PER_CLASS = int(os.environ.get("SCOREKEEPER_FUZZ_PER_CLASS", "1"))
EVERY_CASE = os.environ.get("SCOREKEEPER_FUZZ") == "all"


def report(tally: Tally) -> str:
    lines = [
        f"{status} {case.method} {case.url[:120]} {case.note} "
        f"body={str(case.body or case.data)[:200]!r} headers={case.headers}"
        for status, case in tally.failures
    ]
    return "\n".join(lines)


@pytest.mark.parametrize("surface", ["api", "form", "page"])
def test_no_request_of_the_fuzz_gets_a_5xx(app, client, surface):
    world = build(client)
    cases = [case for case in collect(app, client, world) if case.surface == surface]
    chosen = cases if EVERY_CASE else sample(cases, PER_CLASS)
    tally = run(client, world, chosen)
    assert sum(tally.requests.values()) == len(chosen)
    assert not tally.failures, report(tally)


def test_every_route_of_the_app_is_fuzzed(app, client):
    world = build(client)
    routes = {case.route for case in collect(app, client, world)}
    for rule in app.url_map.iter_rules():
        if rule.endpoint in SKIP:
            continue
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert f"{method} {rule.rule}" in routes, f"{method} {rule.rule} is not fuzzed"


def test_the_licitovany_match_is_fuzzed_on_every_route(app, client):
    # docs/rules.md §4a: the preset's own record, form and pages get the same hostile input
    world = build(client)
    match_id, token = next(m[2:4] for m in world.matches if m[1] == "licitovany")
    cases = [case for case in collect(app, client, world) if match_id in case.url]
    pages = {  # its pages, and the blank sheet of its own columns
        "GET /m/<match_id>": f"/m/{match_id}",
        "GET /m/<match_id>/<token>": f"/m/{match_id}/{token}",
        "GET /m/<match_id>/rules": f"/m/{match_id}/rules",
        "GET /m/<match_id>/record": f"/m/{match_id}/record",
        "GET /sheets/<game>": "/sheets/marias?preset=licitovany",
    }
    for route, url in pages.items():
        cases += page_cases(route, url)
    chosen = sample(cases, PER_CLASS)
    assert {"api", "form", "page"} <= {case.surface for case in chosen}
    tally = run(client, world, chosen)
    assert not tally.failures, report(tally)
