"""The ``scorekeeper`` command: ``serve`` (waitress on the LAN), ``demo`` (sample matches),
``db upgrade``, ``backup``, ``export`` and ``import`` (scorekeeper.transfer).

Every command takes ``--data-dir`` (else ``SCOREKEEPER_DATA``, see scorekeeper.paths); the
database is ``DATABASE_URL`` or the SQLite file in the data directory."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Callable, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

SIOCGIFADDR = 0x8915  # Linux ioctl: an interface's IPv4 address


def _interface_addresses() -> list[str]:
    """The IPv4 address of every network interface (Linux; nothing elsewhere)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = [_ipv4_of(name, fcntl.ioctl, struct.pack) for name in _interface_names()]
    return [address for address in found if address is not None]


def _interface_names() -> list[str]:
    try:
        return [name for _i, name in socket.if_nameindex()]
    except OSError:
        return []


def _ipv4_of(name: str, ioctl: Callable[..., bytes], pack: Callable[..., bytes]) -> str | None:
    """The IPv4 address of the interface ``name`` (None where it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            packed = ioctl(s.fileno(), SIOCGIFADDR, pack("256s", name[:15].encode()))
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def lan_addresses() -> list[str]:
    """Every non-loopback IPv4 address of this machine, found without sending anything."""
    found = _interface_addresses() + _host_addresses() + _outgoing_address()
    return _unique_lan(found)


def _host_addresses() -> list[str]:
    """The addresses this machine's host name resolves to."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def _outgoing_address() -> list[str]:
    """The address traffic would leave by (none where there is no route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:  # connecting a UDP socket only picks the outgoing address; no packet is sent
            s.connect(("10.255.255.255", 1))
            return [s.getsockname()[0]]
        except OSError:
            return []


def _unique_lan(found: list[str]) -> list[str]:
    """``found`` without loopback or unset addresses, each once, in order."""
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


def serve(host: str, port: int, threads: int, qr: bool = True, data_dir: str | None = None) -> int:
    """Serve the app with waitress and say where players find it."""
    import waitress

    from . import create_app

    app = create_app({"DATA_DIR": data_dir} if data_dir else None)
    addresses = urls(host, port)
    if len(addresses) > 1 and not app.config.get("PUBLIC_URL"):
        # QR codes on table tickets must open on the phones, even when the organiser's own
        # browser uses localhost: links default to the LAN address printed below.
        app.config["PUBLIC_URL"] = addresses[0]
    with app.app_context():
        _announce(app.instance_path, addresses, qr=qr)
    from .db import checkpoint_in_background

    checkpoint_in_background(app.extensions["db_engine"])  # (SQLite: off the saves' path)
    waitress.serve(app, host=host, port=port, threads=threads, ident="scorekeeper")
    return 0


def _announce(data_path: str, addresses: list[str], *, qr: bool) -> None:
    """Say where players open the app (and draw the first LAN address's QR code) and where its
    data is."""
    print(_("Scorekeeper is running. Players open:"))
    for url in addresses:
        print(f"  {url}")
    if qr and len(addresses) > 1:  # the first LAN address, for phones to scan
        _draw_qr(addresses[0])
    print(_("Data: %(path)s", path=data_path))
    print(_("Stop it with Ctrl+C."), flush=True)


def _draw_qr(url: str) -> None:
    try:
        drawing = qr_code(url)
        sys.stdout.write(_("or scan:") + "\n" + drawing)
    except UnicodeEncodeError:  # a terminal that cannot draw blocks: the URLs will do
        pass


def qr_code(url: str) -> str:
    """``url`` as a QR code drawn with block characters for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def _engine(data_dir: str | None, migrate: bool = True):  # noqa: ANN202 - sqlalchemy Engine
    """The configured database's engine (migrated to the newest revision unless told not to)."""
    from . import config, db, paths

    settings = config.load(str(paths.data_dir(data_dir)))
    engine = db.make_engine(settings["DATABASE_URL"])
    if migrate:
        db.upgrade(engine)
    return engine


def transfer(command: str, file: str, data_dir: str | None) -> int:
    """``backup FILE``, ``export [FILE]`` (``-`` or nothing: standard output), ``import FILE``."""
    from . import transfer as t
    from .services.import_rows import Refused

    engine = _engine(data_dir)
    try:
        TRANSFERS.get(command, _import)(engine, file)
    except Refused as refused:  # an import: every problem on its own line, nothing loaded
        print(_("Not done: nothing was loaded. The file has these problems:"), file=sys.stderr)
        for problem in refused.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    except (t.TransferError, OSError, ValueError) as error:
        print(_("Not done: %(why)s", why=error), file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    return 0


def _backup(engine: Any, file: str) -> None:
    from pathlib import Path

    from . import transfer as t

    pages = t.backup(engine, Path(file))
    print(
        ngettext(
            "Backed up %(pages)s page to %(file)s.",
            "Backed up %(pages)s pages to %(file)s.",
            pages,
            pages=pages,
            file=file,
        )
    )


def _export(engine: Any, file: str) -> None:
    """Export to ``file``, or to standard output (``-`` or nothing)."""
    from . import transfer as t

    if file in ("", "-"):
        t.export(engine, sys.stdout)
        return
    # it holds password hashes and every token: readable by its owner only (as backup)
    private = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(private, "w", encoding="utf-8") as out:
        counts = t.export(engine, out)
    rows = sum(counts.values())
    print(
        ngettext(
            "Exported %(rows)s row to %(file)s.",
            "Exported %(rows)s rows to %(file)s.",
            rows,
            rows=rows,
            file=file,
        )
    )


def _import(engine: Any, file: str) -> None:
    from . import transfer as t

    with open(file, encoding="utf-8") as source:
        counts = t.import_(engine, source)
    rows = sum(counts.values())
    print(ngettext("Imported %(rows)s row.", "Imported %(rows)s rows.", rows, rows=rows))


#: The transfer commands by name (``transfer`` takes any other for ``import``).
TRANSFERS: dict[str, Callable[[Any, str], None]] = {
    "backup": _backup,
    "export": _export,
    "import": _import,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` command."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,  # given before or after a sub-command, never reset by it
        help=_("folder of the database and secret key (default: SCOREKEEPER_DATA)"),
    )
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description=_("Score keeper for the Mariage family of card games.")
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", parents=[common], help=_("serve the app on the LAN"))
    run.add_argument("--host", default="0.0.0.0", help=_("address to listen on"))
    run.add_argument("--port", type=int, default=5000, help=_("port to listen on"))
    run.add_argument("--threads", type=int, default=4, help=_("worker threads"))
    run.add_argument("--no-qr", action="store_true", help=_("do not draw the QR code"))
    commands.add_parser("demo", parents=[common], help=_("load sample matches of each game"))
    database = commands.add_parser("db", parents=[common], help=_("database commands"))
    database.add_subparsers(dest="db_command", required=True).add_parser(
        "upgrade", parents=[common], help=_("migrate the database to the newest revision")
    )
    for name, text in (
        ("backup", _("copy the SQLite database to FILE, safe while serving")),
        ("export", _("write everything as portable JSON to FILE (or standard output)")),
        ("import", _("load an export FILE into a new, empty database")),
    ):
        sub = commands.add_parser(name, parents=[common], help=text)
        sub.add_argument("file", nargs="?" if name == "export" else None, default="")
    args = parser.parse_args(argv)
    args.data_dir = getattr(args, "data_dir", None)
    from .db import StorageTrouble

    try:
        return _run(args)
    except (StorageTrouble, OSError) as error:  # a read-only database or data folder, a port in
        # use: one line saying what and where, no traceback
        if args.command == "serve":
            print(_("Not started: %(why)s", why=error), file=sys.stderr)
        else:
            print(_("Not done: %(why)s", why=error), file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    """Run the parsed command."""
    if args.command == "serve":
        return serve(args.host, args.port, args.threads, not args.no_qr, args.data_dir)
    if args.command == "demo":
        from .demo import demo

        return demo({"DATA_DIR": args.data_dir} if args.data_dir else None)
    if args.command in ("backup", "export", "import"):
        return transfer(args.command, args.file, args.data_dir)
    _engine(args.data_dir).dispose()
    print(_("The database is up to date."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
