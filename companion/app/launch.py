"""Start the app: a desktop window where a display and Flet's desktop client exist, else the web build.

The web build is always served offline (`no_cdn=True`): a referee's table often has no network.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import os
import platform
import socket
import sys
from pathlib import Path

import flet as ft

from companion.app.db_adapter import open_store
from companion.app.server.club_setup import club_store, ensure_pin, print_join_code
from companion.app.server.edge import EdgePolicy
from companion.app.server.run import ClubOptions, serve_forever
from companion.app.shell import make_main
from companion.rules.files import assets_dir

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def app_assets() -> Path:
    """The app's own assets (fonts) inside the assets folder the catalogs live in."""
    return assets_dir() / "app"


def has_desktop() -> bool:
    if importlib.util.find_spec("flet_desktop") is None:
        return False
    if platform.system() == "Linux":
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


class PortUnavailable(OSError):
    """The address cannot be listened on (in use, or not an address of this machine)."""


def check_port(host: str, port: int) -> int:
    """Bind and release `host:port` (0: any free port) before Flet does, so a busy port is one clear line."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise PortUnavailable(f"{host!r} is not an address of this machine ({error.strerror})") from None
    family, kind, _, _, address = infos[0]
    with socket.socket(family, kind) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise PortUnavailable(f"cannot listen on {host}:{port} ({error.strerror}); "
                                  "another Shinpan may be running there: try another --port") from None
        return int(probe.getsockname()[1])


def lan_address() -> str | None:
    """This machine's address on its local network (no packet is sent), or None when it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def is_loopback(host: str) -> bool:
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, allow_hosts: tuple[str, ...] = (),
          allow_origins: tuple[str, ...] = (), database: str | None = None) -> int:
    """Serve the web build until interrupted; prints the address to open.

    Beyond loopback, or behind a proxy (--allow-host/--allow-origin), the server is a club server: it needs
    its database (NoDatabase otherwise) and a PIN (made and printed when none is set).
    Raises PortUnavailable, BadEdgeOption or NoDatabase.
    """
    policy = EdgePolicy.make(host, allow_hosts, allow_origins)
    port = check_port(host, port)
    # Reached under another name (a reverse proxy) or beyond loopback: other people reach it, so a PIN.
    club = not is_loopback(host) or bool(allow_hosts) or bool(allow_origins)
    store = club_store(database) if club or database is not None else open_store()
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")
    shown = f"[{host}]" if ":" in host else host
    print(f"Shinpan is served at http://{shown}:{port}/ (Ctrl+C stops it)", flush=True)
    engine = getattr(store, "engine", None)
    if engine is not None:
        store.background_writes = True  # type: ignore[attr-defined]  # phones share this loop: no write on it
    lan = lan_address() if host in ("0.0.0.0", "::") else None
    if lan:
        print(f"Phones on this network open http://{lan}:{port}/", flush=True)
        print_join_code(f"http://{lan}:{port}/")
    if club and engine is not None:
        new = ensure_pin(engine)
        if new is not None:
            print(f"Club PIN: {new} (phones enter it once; set your own with `shinpan club pin`)", flush=True)
        print(f"Spectator board (no PIN): http://{lan or shown}:{port}/board", flush=True)
    options = ClubOptions(engine, pin_required=club) if engine is not None else None
    serve_forever(make_main(store), host=host, port=port, assets_dir=str(app_assets()), policy=policy,
                  club=options)
    return 0


def launch() -> int:
    if has_desktop():
        try:
            ft.run(make_main(open_store()), assets_dir=str(app_assets()))
            return 0
        except Exception as error:  # the desktop client downloads itself on first run; offline it cannot
            print(f"shinpan: no desktop window ({error}); serving the web build instead", file=sys.stderr)
    try:
        return serve()
    except PortUnavailable:
        return serve(DEFAULT_HOST, 0)  # the usual port is taken (another Shinpan?): any free one
