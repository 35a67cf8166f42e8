"""The ``scorekeeper`` command: ``serve`` (waitress on the LAN), ``demo`` (sample matches),
``db upgrade`` (migrate the database of DATABASE_URL or the instance folder)."""

from __future__ import annotations

import argparse
import socket
import sys
from collections.abc import Sequence

from flask_babel import gettext as _

SIOCGIFADDR = 0x8915  # Linux ioctl: an interface's IPv4 address


def _interface_addresses() -> list[str]:
    """The IPv4 address of every network interface (Linux; nothing elsewhere)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = []
    try:
        names = [name for _i, name in socket.if_nameindex()]
    except OSError:
        return []
    for name in names:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                request = struct.pack("256s", name[:15].encode())
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, request)
            except OSError:
                continue  # no IPv4 address on this interface
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def lan_addresses() -> list[str]:
    """Every non-loopback IPv4 address of this machine, found without sending anything."""
    found = _interface_addresses()
    try:
        found += [
            info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        ]
    except OSError:
        pass
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:  # connecting a UDP socket only picks the outgoing address; no packet is sent
            s.connect(("10.255.255.255", 1))
            found.append(s.getsockname()[0])
        except OSError:
            pass
    unique = []
    for address in found:
        if not address.startswith(("127.", "0.")) and address not in unique:
            unique.append(address)
    return unique


def urls(host: str, port: int) -> list[str]:
    """The URLs players should open for a server bound to ``host``:``port``."""
    if host in ("0.0.0.0", "", "::"):
        return [f"http://{a}:{port}/" for a in lan_addresses()] + [f"http://127.0.0.1:{port}/"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def serve(host: str, port: int, threads: int, qr: bool = True) -> int:
    """Serve the app with waitress and say where players find it."""
    import waitress

    from . import create_app

    app = create_app()
    addresses = urls(host, port)
    if len(addresses) > 1 and not app.config.get("PUBLIC_URL"):
        # QR codes on table tickets must open on the phones, even when the organiser's own
        # browser uses localhost: links default to the LAN address printed below.
        app.config["PUBLIC_URL"] = addresses[0]
    with app.app_context():
        print(_("Scorekeeper is running. Players open:"))
        for url in addresses:
            print(f"  {url}")
        if qr and len(addresses) > 1:  # the first LAN address, for phones to scan
            try:
                drawing = qr_code(addresses[0])
                sys.stdout.write(_("or scan:") + "\n" + drawing)
            except UnicodeEncodeError:  # a terminal that cannot draw blocks: the URLs will do
                pass
        print(_("Stop it with Ctrl+C."), flush=True)
    waitress.serve(app, host=host, port=port, threads=threads, ident="scorekeeper")
    return 0


def qr_code(url: str) -> str:
    """``url`` as a QR code drawn with block characters for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def db_upgrade() -> int:
    """Migrate the configured database to the newest revision."""
    from . import ROOT, config, db

    settings = config.load(str(ROOT / "instance"))
    engine = db.make_engine(settings["DATABASE_URL"])
    db.upgrade(engine)
    engine.dispose()
    print(_("The database is up to date."))
    return 0


def _two(trump: str, first: int, marriages: tuple[list, list]) -> dict:
    return {
        "trump": trump,
        "points": [first, None],
        "marriages": list(marriages),
        "first_to_target": None,
    }


def _hra(declarer: int, trump: str, won: bool, flek: int = 0, *extra: dict) -> dict:
    return {
        "declarer": declarer,
        "dealer": None,
        "trump": trump,
        "parts": [{"kind": "hra", "won": won, "flek": flek}, *extra],
    }


DEMO: tuple[tuple[dict, list[dict]], ...] = (
    (
        {"game": "marias", "players": ["Jana", "Petr", "Ota"], "stake": "0.20", "currency": "CZK"},
        [
            _hra(0, "hearts", True),
            _hra(1, "clubs", False, 1),
            _hra(2, "spades", True, 0, {"kind": "sedma", "won": True, "flek": 0}),
            {
                "declarer": 0,
                "dealer": None,
                "trump": None,
                "parts": [{"kind": "betl", "won": True, "flek": 0}],
            },
        ],
    ),
    (
        {"game": "mariasz", "players": ["Ala", "Ola"]},
        [
            _two("hearts", 95, (["hearts"], [])),
            _two("clubs", 60, ([], ["spades"])),
            {**_two("spades", 80, ([], [])), "first_to_target": 1},
        ],
    ),
    (
        {"game": "mariage", "players": ["Hans", "Grete"]},
        [
            _two("hearts", 95, (["hearts"], [])),
            _two("clubs", 30, ([], [])),
            _two("diamonds", 69, ([], [])),
        ],
    ),
    (
        {"game": "marianna", "players": ["Anna", "Bruno", "Carla", "Dario"]},
        [
            {
                "points": [70, None],
                "declarations": [{"side": 0, "suit": "hearts"}],
                "first_to_target": None,
            },
            {
                "points": [40, None],
                "declarations": [{"side": 1, "suit": "spades"}],
                "first_to_target": None,
            },
        ],
    ),
)


def demo() -> int:
    """Load one sample match of each game and print their links."""
    from flask import url_for
    from sqlmodel import select

    from . import create_app
    from .db import get_session
    from .models.match import AuditEntry, Match
    from .rules.base import RuleError
    from .services import matches

    app = create_app()
    with app.test_request_context("/"):
        print(_("Sample matches (add each link to the address `scorekeeper serve` prints):"))
        session = get_session()
        # Run again (the README's one command does, at every start): the same samples, not more.
        loaded = session.exec(
            select(Match)
            .join(AuditEntry, AuditEntry.match_id == Match.id)
            .where(AuditEntry.actor == "demo", AuditEntry.action == "create")
            .order_by(AuditEntry.id)
        ).all()
        if len(loaded) >= len(DEMO):
            for match in loaded[: len(DEMO)]:
                link = url_for("matches.edit", match_id=match.id, token=match.token)
                print(f"{match.game:9} {link}")
            return 0
        for setup, records in DEMO:
            match = matches.create_match(session=session, actor="demo", **setup)
            for record in records:
                try:
                    matches.record_deal(
                        session=session, match_id=match.id, record=record, actor="demo"
                    )
                except RuleError as error:
                    print(_("(skipped a sample deal: %(error)s)", error=error), file=sys.stderr)
            try:
                link = url_for("matches.edit", match_id=match.id, token=match.token)
            except Exception:  # noqa: BLE001 - the HTML pages may not be there yet
                link = url_for("api.get_match", match_id=match.id)
            print(f"{setup['game']:9} {link}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` command."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description=_("Score keeper for the Mariage family of card games.")
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help=_("serve the app on the LAN (waitress)"))
    run.add_argument("--host", default="0.0.0.0", help=_("address to listen on"))
    run.add_argument("--port", type=int, default=5000, help=_("port to listen on"))
    run.add_argument("--threads", type=int, default=4, help=_("worker threads"))
    run.add_argument("--no-qr", action="store_true", help=_("do not draw the QR code"))
    commands.add_parser("demo", help=_("load sample matches of each game"))
    database = commands.add_parser("db", help=_("database commands"))
    database.add_subparsers(dest="db_command", required=True).add_parser(
        "upgrade", help=_("migrate the database to the newest revision")
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args.host, args.port, args.threads, qr=not args.no_qr)
    if args.command == "demo":
        return demo()
    return db_upgrade()


if __name__ == "__main__":
    sys.exit(main())
