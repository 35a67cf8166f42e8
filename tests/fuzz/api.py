"""The JSON API's fuzz cases: every route of docs/api.md, each valid body mutated field by
field, raw and empty bodies under every content type, odd tokens, etags, ids and deal numbers.
A route of the app that has no generator here gets the generic ones (``generic``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import values as v
from .cases import Case, json_case
from .world import GAMES, PLAYERS, World

API = "api"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _bodies(
    route: str,
    method: str,
    url: str,
    base: Any,
    headers: dict,
    order: int = 0,
    raw_types: bool = True,
    note: str = "",
) -> Iterator[Case]:
    """``base`` mutated field by field (JSON, and raw JSON text, also as text/plain), then the
    raw bodies under every content type. Each case is labelled with its class (and ``note``)."""
    if base is not None:
        yield json_case(
            API, route, method, url, base, headers=headers, order=order, note=f"as valid{note}"
        )
        for kind, body in v.mutations(base):
            yield json_case(
                API, route, method, url, body, headers=headers, order=order, note=kind + note
            )
            if isinstance(body, str):  # raw JSON text: under another content type too
                yield json_case(
                    API,
                    route,
                    method,
                    url,
                    body,
                    headers=headers,
                    order=order,
                    content_type="text/plain",
                    note=f"{kind}, text/plain{note}",
                )
    for raw in v.RAW_BODIES:
        for content_type in v.CONTENT_TYPES if raw_types else v.CONTENT_TYPES[:2]:
            yield Case(
                API,
                route,
                method,
                url,
                raw,
                content_type,
                headers=tuple(headers.items()),
                order=order,
                note=v.body_class(raw, content_type) + note,
            )


def _auth_class(header: str | None) -> str:
    if not header:
        return "no token"
    if not header.isascii():
        return "non-ASCII token"
    if len(header) > 100:
        return "long token"
    return "malformed or wrong token"


def _auths(route: str, method: str, url: str, body: Any, order: int = 0) -> Iterator[Case]:
    for header in v.AUTHORIZATION:
        headers = {} if header is None else {"Authorization": header}
        yield json_case(
            API, route, method, url, body, headers=headers, order=order, note=_auth_class(header)
        )


def _etag_class(etag: str) -> str:
    if etag in ("", "*"):
        return "etag empty or *"
    return "etag odd" if not etag.isascii() or len(etag) > 20 else "etag stale or malformed"


def matches(world: World) -> Iterator[Case]:
    route = "POST /api/v1/matches"
    for game, preset, players, _record in GAMES:
        setup = {
            "game": game,
            "preset": preset,
            "players": players,
            "options": {},
            "stake": "0.20",
            "currency": "CZK",
            "title": "Večer",
        }
        yield from _bodies(route, "POST", "/api/v1/matches", setup, {}, raw_types=game == "mariasz")
    for game, _preset, match_id, token, record in world.matches:
        base = f"/api/v1/matches/{match_id}"
        yield from _deal_cases(base, token, record, game)
        yield from _match_reads(base)
        for odd in v.ODD_IDS:
            yield Case(
                API,
                "GET /api/v1/matches/<match_id>",
                "GET",
                f"/api/v1/matches/{odd}",
                note="odd id",
            )
            url = f"/api/v1/matches/{odd}/deals"
            yield json_case(
                API,
                "POST /api/v1/matches/<match_id>/deals",
                "POST",
                url,
                record,
                headers=_auth(token),
                note="odd id",
            )


def _deal_cases(base: str, token: str, record: dict, game: str) -> Iterator[Case]:
    auth = _auth(token)
    route = "POST /api/v1/matches/<match_id>/deals"
    yield from _bodies(route, "POST", base + "/deals", record, auth, raw_types=game == "marias")
    yield from _auths(route, "POST", base + "/deals", record)
    for key in ("", "x" * 201, "é", "a b", "\t", "k" * 200):
        yield json_case(
            API,
            route,
            "POST",
            base + "/deals",
            record,
            headers={**auth, "Idempotency-Key": key},
            note="Idempotency-Key",
        )
    for prefer in ("return=minimal", "return=representation", "garbage", ";;", "x" * 3000):
        yield json_case(
            API,
            route,
            "POST",
            base + "/deals",
            record,
            headers={**auth, "Prefer": prefer},
            note="Prefer",
        )
    put = "PUT /api/v1/matches/<match_id>/deals/<int:n>"
    delete = "DELETE /api/v1/matches/<match_id>/deals/<int:n>"
    for n in v.DEAL_NUMBERS:
        url = f"{base}/deals/{n}"
        where = "" if n == 1 else ", a deal past the list" if n < 10**6 else ", a huge deal number"
        for kind, body in list(v.mutations(record))[:: 3 if n == 1 else 25]:
            yield json_case(API, put, "PUT", url, body, headers=auth, note=kind + where)
        for etag in v.IF_MATCH:
            note = _etag_class(etag) + where
            yield json_case(
                API, put, "PUT", url, record, headers={**auth, "If-Match": etag}, note=note
            )
            yield Case(
                API,
                delete,
                "DELETE",
                url,
                b"",
                "application/json",
                headers=tuple({**auth, "If-Match": etag}.items()),
                order=2,
                note=note,
            )
        yield from _auths(put, "PUT", url, record)
        yield from _bodies(delete, "DELETE", url, None, auth, order=2, raw_types=n == 2, note=where)
    for name, order in (("undo", 2), ("finish", 3), ("rematch", 1)):
        route = f"POST /api/v1/matches/<match_id>/{name}"
        yield from _bodies(
            route, "POST", f"{base}/{name}", None, auth, order=order, raw_types=game == "marias"
        )
        yield from _auths(route, "POST", f"{base}/{name}", {}, order=order)
        for etag in v.IF_MATCH:
            yield json_case(
                API,
                route,
                "POST",
                f"{base}/{name}",
                {},
                headers={**auth, "If-Match": etag},
                order=order,
                note=_etag_class(etag),
            )


def _match_reads(base: str) -> Iterator[Case]:
    for header in ("", "*", 'W/"1"', "x" * 5000, "é".encode().decode("latin-1")):
        yield Case(
            API,
            "GET /api/v1/matches/<match_id>",
            "GET",
            base,
            headers=(("If-None-Match", header),),
            note="If-None-Match",
        )
    for query in ("", "?lang=xx", "?lang=%00", "?lang=%FF", "?x=" + "y" * 3000):
        yield Case(
            API,
            "GET /api/v1/matches/<match_id>/history",
            "GET",
            base + "/history" + query,
            note="odd query",
        )
        yield Case(
            API,
            "GET /api/v1/matches/<match_id>/settlement",
            "GET",
            base + "/settlement" + query,
            note="odd query",
        )
    for accept in ("application/json", "text/html", "*/*;q=x", "é"):
        yield Case(
            API,
            "GET /api/v1/matches/<match_id>",
            "GET",
            base,
            headers=(("Accept", accept), ("Accept-Language", accept)),
            note="Accept",
        )


def tournaments(world: World) -> Iterator[Case]:
    t = world.tournament
    tid, auth = t["id"], _auth(t["token"])
    base = {
        "name": "Pohár",
        "game": "marias",
        "preset": "pub",
        "options": {},
        "players": PLAYERS[:7],
        "rounds": 4,
        "table_size": 3,
        "ranking": "balance",
        "seed": 7,
        "venue": "U Krále",
        "date": "2025-01-31",
        "round_minutes": 60,
        "deals_per_round": 12,
        "stake": "0.20",
        "currency": "CZK",
        "draw_method": "random",
        "drop_rounds": "none",
        "seeding": "random",
        "language": "cs",
    }
    yield from _bodies("POST /api/v1/tournaments", "POST", "/api/v1/tournaments", base, {})
    with_season = {**base, "season_id": world.season["id"]}
    yield from _auths("POST /api/v1/tournaments", "POST", "/api/v1/tournaments", with_season)
    show = "GET /api/v1/tournaments/<tournament_id>"
    for header in v.AUTHORIZATION:
        yield Case(
            API,
            show,
            "GET",
            f"/api/v1/tournaments/{tid}",
            headers=(("Authorization", header),) if header is not None else (),
            note=_auth_class(header),
        )
    for odd in v.ODD_IDS:
        yield Case(API, show, "GET", f"/api/v1/tournaments/{odd}", note="odd id")
        for tail in ("crosstable", "clubs", "payouts"):
            yield Case(
                API,
                f"GET /api/v1/tournaments/<tournament_id>/{tail}",
                "GET",
                f"/api/v1/tournaments/{odd}/{tail}",
                note="odd id",
            )
    for tail in ("crosstable", "clubs", "payouts"):
        for query in ("", "?lang=%FF", "?category=%00", "?x=" + "y" * 3000):
            yield Case(
                API,
                f"GET /api/v1/tournaments/<tournament_id>/{tail}",
                "GET",
                f"/api/v1/tournaments/{tid}/{tail}{query}",
                note="odd query",
            )
        yield Case(
            API,
            "GET /api/v1/tournaments/<tournament_id>/standings",
            "GET",
            f"/api/v1/tournaments/{odd}/standings",
            note="odd id",
        )
    url = f"/api/v1/tournaments/{tid}/players"
    yield from _bodies(
        "POST /api/v1/tournaments/<tournament_id>/players",
        "POST",
        url,
        {"name": "Pozdní", "members": None},
        auth,
    )
    withdraw = "DELETE /api/v1/tournaments/<tournament_id>/players/<player_id>"
    for pid in [*world.player_ids[-2:], *v.ODD_IDS]:
        real = pid in world.player_ids
        yield from _bodies(
            withdraw,
            "DELETE",
            f"{url}/{pid}",
            None,
            auth,
            order=2,
            raw_types=False,
            note="" if real else ", odd id",
        )
    yield from _auths(withdraw, "DELETE", f"{url}/{world.player_ids[-1]}", None, order=2)
    rounds = f"/api/v1/tournaments/{tid}/rounds"
    yield from _bodies(
        "POST /api/v1/tournaments/<tournament_id>/rounds",
        "POST",
        rounds,
        {"seed": 7},
        auth,
        order=1,
    )
    yield from _tables(tid, auth, world)
    for header in ("", "x" * 5000, 'W/"x"', "*"):
        yield Case(
            API,
            "GET /api/v1/tournaments/<tournament_id>/standings",
            "GET",
            f"/api/v1/tournaments/{tid}/standings?category=%FF",
            headers=(("If-None-Match", header),),
            note="If-None-Match",
        )


def _tables(tid: str, auth: dict, world: World) -> Iterator[Case]:
    result = "PUT /api/v1/tournaments/<tournament_id>/rounds/<int:r>/tables/<int:t>/result"
    confirm = "POST /api/v1/tournaments/<tournament_id>/rounds/<int:r>/tables/<int:t>/confirm"
    for r, t in ((1, 1), (1, 3), (1, 99), (2, 1), (10**30, 1)):
        url = f"/api/v1/tournaments/{tid}/rounds/{r}/tables/{t}"
        where = "" if (r, t) in ((1, 1), (1, 3)) else ", no such table"
        yield from _bodies(
            result,
            "PUT",
            url + "/result",
            {"scores": [2, -1, -1]},
            auth,
            raw_types=(r, t) == (1, 3),
            note=where,
        )
        yield from _bodies(
            confirm,
            "POST",
            url + "/confirm",
            {"by": "Jana"},
            auth,
            raw_types=(r, t) == (1, 1),
            note=where,
        )
        yield from _auths(confirm, "POST", url + "/confirm", {})
        yield json_case(
            API,
            confirm,
            "POST",
            url + "/confirm",
            {},
            headers=_auth(world.table_token),
            note="table token" + where,
        )


def seasons(world: World) -> Iterator[Case]:
    base = {"name": "Liga 2024/25", "scoring": "sum", "best_n": 8, "top": 50, "seed": 7}
    yield from _bodies("POST /api/v1/seasons", "POST", "/api/v1/seasons", base, {})
    sid = world.season["id"]
    for q in ("", "a", "%00", "%FF", "%ED%A0%80", "x" * 5000, "%25", "' OR 1=1"):
        yield Case(
            API,
            "GET /api/v1/seasons/<season_id>/players",
            "GET",
            f"/api/v1/seasons/{sid}/players?q={q}",
            note="odd query",
        )
    for odd in [sid, *v.ODD_IDS]:
        yield Case(
            API,
            "GET /api/v1/seasons/<season_id>/table",
            "GET",
            f"/api/v1/seasons/{odd}/table",
            note="odd id",
        )
    for pid in [*world.roster_ids[:2], *v.ODD_IDS]:
        yield Case(
            API, "GET /api/v1/players/<player_id>", "GET", f"/api/v1/players/{pid}", note="odd id"
        )
    for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        for path in ("nothing", "matches/x/deals/1/2", "tournaments/x/y/z", "%00", "%FF"):
            yield Case(
                API,
                f"{method} /api/v1/<path:_unknown>",
                method,
                f"/api/v1/{path}",
                b"{}",
                "application/json",
                note="unknown address",
            )


GENERIC_BODY = {
    "name": "x",
    "seed": 7,
    "scores": [1, 2],
    "rounds": [3],
    "player_id": "x",
    "table": 2,
    "swap": ["a", "b"],
    "move": "a",
    "categories": ["x"],
    "club": "x",
    "by": "x",
    "tiebreaks": ["table_wins"],
}


def generic(route: str, method: str, url: str, token: str) -> Iterator[Case]:
    """Cases for an API route without its own generator: hostile bodies and tokens."""
    yield from _bodies(
        route, method, url, GENERIC_BODY if method != "GET" else None, _auth(token), raw_types=False
    )
    yield from _auths(route, method, url, {})


def all_cases(world: World) -> Iterator[Case]:
    yield from matches(world)
    yield from tournaments(world)
    yield from seasons(world)
