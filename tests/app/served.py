"""A real `shinpan serve` in a subprocess on loopback, and websocket clients that speak Flet's protocol."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import msgpack
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin as WsOrigin

from tests.app.conftest import REPO, free_port, wait_until_served

REGISTER = b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": {"route": "/"}}])


@dataclass
class Served:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def own_origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def start_server(folder: Path, *extra: str, database: str | None = None) -> Served:
    """`shinpan serve` on a free port with its own database (a SQLite file in `folder` unless named)."""
    port = free_port()
    log = folder / f"serve-{port}.log"
    env = dict(os.environ, SHINPAN_DATABASE_URL=database or str(folder / "shinpan.db"),
               SHINPAN_SETTINGS=str(folder / "settings.json"), PYTHONUNBUFFERED="1")
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port), *extra],
                                   cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    wait_until_served(f"http://127.0.0.1:{port}/", process, log)
    return Served(port, process, log)


def open_ws(url: str, origin: str | None = None, *, via: socket.socket | None = None,
            cookie: str | None = None) -> ClientConnection:
    """A websocket client; `via` is a socket already connected to 127.0.0.1 when `url` names another host."""
    return connect(url, origin=WsOrigin(origin) if origin is not None else None, sock=via, open_timeout=10,
                   additional_headers={"Cookie": cookie} if cookie else None)


def flet_session_answers(ws: ClientConnection) -> bool:
    """Register as Flet's client does; True when the app answers with a session of its own."""
    ws.send(REGISTER)
    reply = ws.recv(timeout=20)
    assert isinstance(reply, bytes) and reply[:1] == b"\x00"
    action, body = msgpack.unpackb(reply[1:], strict_map_key=False)
    return action == 1 and bool(body.get("session_id"))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_: object, **__: object) -> None:
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(served: Served, path: str, *, data: dict[str, str] | None = None, cookie: str | None = None,
            host: str | None = None, origin: str | None = None) -> tuple[int, dict[str, str], str]:
    """One HTTP request to the server on 127.0.0.1 (redirects not followed): status, headers, body.
    A form is posted from the server's own origin unless `origin` says another; `host` names the server."""
    headers = {"Origin": origin or served.own_origin} if data is not None else {}
    if host:
        headers["Host"] = host
    if cookie:
        headers["Cookie"] = cookie
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    try:
        with OPENER.open(urllib.request.Request(f"http://127.0.0.1:{served.port}{path}", data=body,
                                                headers=headers), timeout=20) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def login(served: Served, pin: str, *, host: str | None = None, origin: str | None = None) -> tuple[int, str | None]:
    """Enter the club PIN; the status and the session cookie (`shinpan_club=...`) when one was set."""
    status, headers, _ = request(served, "/club/login", data={"pin": pin, "next": "/"}, host=host, origin=origin)
    cookie = headers.get("set-cookie") or headers.get("Set-Cookie")
    return status, cookie.split(";", 1)[0] if cookie else None
