"""A real `shinpan serve` in a subprocess on loopback, and websocket clients that speak Flet's protocol."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
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


