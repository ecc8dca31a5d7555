"""The club server's own routes in front of the Flet app: the PIN form, the signed-in check, the board.

    /board, /board.json   read-only, no PIN: every match in progress (board.py)
    /club/login           the PIN form; a right PIN sets the session cookie (club_access.py)
    everything else       with a PIN required: the app's pages redirect to the form and its websocket
                          is refused (403) until the browser holds a valid cookie

It sits inside the edge guard, so Origin and Host were checked before anything here runs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from urllib.parse import parse_qs, quote, urlsplit

from sqlalchemy.engine import Engine

from companion.app.server.board import BoardSource
from companion.app.server.club_access import (
    COOKIE,
    SESSION_SECONDS,
    Lockout,
    SessionSigner,
    cookie_value,
    new_session_key,
    pin_matches,
)
from companion.app.server.guard import ASGIApp, Receive, Scope, Send, header
from companion.app.server.pages import BOARD_PAGE, login_page
from db.club import PIN_HASH, SESSION_KEY, read_setting, setting_or_create

log = logging.getLogger("shinpan.edge")
MAX_FORM_BYTES = 2048


def _safe_next(path: str) -> str:
    """Only a path on this server: never `//elsewhere` or a full URL (an open redirect)."""
    parts = urlsplit(path)
    if parts.scheme or parts.netloc or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return path


def _is_page(path: str) -> bool:
    """An app route (`/`, `/history`) rather than a file of the web build (`/main.dart.js`)."""
    return "." not in path.rsplit("/", 1)[-1]


async def _respond(send: Send, status: int, body: str | bytes, content_type: str,
                   extra: list[tuple[bytes, bytes]] | None = None) -> None:
    data = body.encode() if isinstance(body, str) else body
    headers = [(b"content-type", content_type.encode()), (b"content-length", str(len(data)).encode()),
               (b"cache-control", b"no-store"), *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


async def _read_form(receive: Receive) -> dict[str, str] | None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > MAX_FORM_BYTES:
            return None
        if not message.get("more_body"):
            break
    fields = parse_qs(body.decode("utf-8", "replace"), max_num_fields=4)
    return {key: values[0] for key, values in fields.items()}


class ClubGate:
    def __init__(self, app: ASGIApp, engine: Engine, *, pin_required: bool,
                 clock: Callable[[], float] = time.time) -> None:
        self.app, self.engine, self.pin_required, self.clock = app, engine, pin_required, clock
        self.board = BoardSource(engine)
        self.lockout = Lockout()
        # The key is in the database, so a browser signed in on one server process is on every one.
        self.signer = SessionSigner(bytes.fromhex(setting_or_create(engine, SESSION_KEY, new_session_key()))) \
            if pin_required else None

    def signed_in(self, scope: Scope) -> bool:
        if self.signer is None:
            return True
        return self.signer.valid(cookie_value(header(scope, b"cookie")), self.clock())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = scope["path"]
            if path == "/board":
                return await _respond(send, 200, BOARD_PAGE, "text/html; charset=utf-8")
            if path == "/board.json":
                snapshot = await asyncio.to_thread(self.board.snapshot, datetime.now(UTC))
                return await _respond(send, 200, json.dumps(snapshot), "application/json")
            if path == "/club/login":
                return await self._login(scope, receive, send)
            if not self.signed_in(scope) and _is_page(path):
                target = quote(_safe_next(path), safe="/")
                return await _respond(send, 303, "", "text/plain",
                                      [(b"location", f"/club/login?next={target}".encode())])
        elif scope["type"] == "websocket" and not self.signed_in(scope):
            log.warning("refused websocket from %s: no club session (enter the PIN)", (scope.get("client") or "?")[0])
            await receive()
            await send({"type": "websocket.close", "code": 1008})
            return None
        return await self.app(scope, receive, send)

    async def _login(self, scope: Scope, receive: Receive, send: Send) -> None:
        page = "text/html; charset=utf-8"
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if scope.get("method") != "POST":
            return await _respond(send, 200, login_page("", _safe_next(query.get("next", ["/"])[0])), page)
        client = (scope.get("client") or ("?", 0))[0]
        form = await _read_form(receive)
        next_path = _safe_next((form or {}).get("next", "/"))
        wait = self.lockout.wait_seconds(client)
        if wait > 0:
            return await _respond(send, 429, login_page(
                f"Too many wrong PINs from this device: wait {wait:.0f} s, then try again.", next_path), page)
        stored = await asyncio.to_thread(read_setting, self.engine, PIN_HASH)
        pin = (form or {}).get("pin", "")
        if stored is None:
            return await _respond(send, 503, login_page(
                "This server has no club PIN yet: set one with `shinpan club pin` on the server.", next_path), page)
        if not await asyncio.to_thread(pin_matches, pin, stored):
            left = self.lockout.failed(client)
            log.warning("wrong club PIN from %s (%d tries left)", client, left)
            message = ("Wrong PIN. Too many wrong PINs: this device waits one minute." if left == 0
                       else f"Wrong PIN. {left} tries left before a one-minute pause.")
            return await _respond(send, 429 if left == 0 else 401, login_page(message, next_path), page)
        self.lockout.succeeded(client)
        assert self.signer is not None  # a login is only asked for where a PIN is required
        cookie = (f"{COOKIE}={self.signer.issue(self.clock())}; Max-Age={SESSION_SECONDS}; Path=/; "
                  "HttpOnly; SameSite=Strict")
        return await _respond(send, 303, "", "text/plain",
                              [(b"location", next_path.encode()), (b"set-cookie", cookie.encode())])
