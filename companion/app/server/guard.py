"""The ASGI layer in front of Flet's web app: Origin and Host checked before any session exists.

It also keeps what a remote client sends from costing more than one log line: a malformed websocket
frame closes that connection (Flet would log a traceback and, before a session exists, keep the
handler waiting forever), and a handler still running after its client left is cancelled after a
short grace, so the server stops within its shutdown budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgpack
from starlette.websockets import WebSocketDisconnect

from companion.app.server.edge import EdgePolicy

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("shinpan.edge")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Flet's frames: [type u8][payload]; type 0 is msgpack [action, body], type 1 a data channel.
FLET_MESSAGE, FLET_DATA_CHANNEL = 0x00, 0x01
FLET_ACTIONS = range(1, 16)
FLET_REGISTER_CLIENT = 1
REGISTER_FRAME_START = bytes([FLET_MESSAGE, 0x92, FLET_REGISTER_CLIENT])  # msgpack [1, {...}]
UNSUPPORTED_DATA = 1003
HANDLER_GRACE = 1.0  # seconds a Flet handler may take to end after its client has gone
DROPPED_HEADERS = frozenset({b"access-control-allow-origin"})


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def without_session_resume(message: Message) -> Message:
    """Flet's registration frame with the session id taken out, so a returning phone gets a new session.

    Flet 1.0.5 keeps a dropped phone's session for an hour and reattaches it when the phone returns, but
    the web client then applies none of the session's changes (every change made while it was away is
    dropped, and the later ones are diffs against a drawing the phone never got): the phone would show
    a stale screen whose taps are recorded unseen. A new session draws the screen whole, at the address
    the phone was on (`/match/12`), so the phone comes back where it was, as stored now."""
    data = message.get("bytes")
    if not data or data[:3] != REGISTER_FRAME_START:  # every other frame passes undecoded
        return message
    action, body = msgpack.unpackb(data[1:], strict_map_key=False)
    if action != FLET_REGISTER_CLIENT or not body.get("session_id"):
        return message
    body["session_id"] = None
    return dict(message, bytes=bytes([FLET_MESSAGE]) + msgpack.packb([action, body]))


def malformed_frame(message: Message) -> str | None:
    """Why a received websocket message is not a Flet frame, or None when it is one."""
    if message.get("text") is not None:
        return "a text frame"
    data = message.get("bytes")
    if not data:
        return None
    if data[0] == FLET_DATA_CHANNEL:
        return None
    if data[0] != FLET_MESSAGE:
        return f"frame type 0x{data[0]:02x}"
    try:
        decoded = msgpack.unpackb(data[1:], strict_map_key=False)
    except Exception as error:  # msgpack raises a dozen types for junk; all mean "not a frame"
        return f"not msgpack ({type(error).__name__})"
    if not (isinstance(decoded, list) and len(decoded) == 2 and isinstance(decoded[0], int)
            and decoded[0] in FLET_ACTIONS and isinstance(decoded[1], dict)):
        return "not a Flet message"
    return None


class EdgeGuard:
    def __init__(self, app: ASGIApp, policy: EdgePolicy) -> None:
        self.app, self.policy = app, policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            await self._http(scope, receive, send)
        elif kind == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    def _refusal(self, scope: Scope) -> str | None:
        origin = header(scope, b"origin")
        if scope["type"] == "http" and scope.get("method", "GET") in SAFE_METHODS:
            origin = None  # reading the page is fine from anywhere the Host check lets through
        return self.policy.refusal(header(scope, b"host"), origin)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = self._refusal(scope)
        if refusal is not None:
            log.warning("refused %s %s: %s", scope.get("method"), scope.get("path"), refusal)
            body = b"Forbidden: this Shinpan server does not answer this address or page.\n"
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return

        async def send_without_wildcard_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [(k, v) for k, v in message.get("headers", ())
                                      if bytes(k).lower() not in DROPPED_HEADERS]
            await send(message)

        await self.app(scope, receive, send_without_wildcard_cors)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = self._refusal(scope)
        if refusal is not None:
            log.warning("refused websocket: %s", refusal)
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        await WebsocketSession(self.app, scope, receive, send).run()


class WebsocketSession:
    """One websocket through the guard: frames checked, the handler bounded once the client is gone."""

    def __init__(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
        self.app, self.scope, self._receive, self._send = app, scope, receive, send
        self.client_gone = asyncio.Event()
        self.closed_here = False

    async def receive(self) -> Message:
        if self.closed_here:
            await self.client_gone.wait()
            return {"type": "websocket.disconnect", "code": UNSUPPORTED_DATA}
        message = await self._receive()
        if message["type"] == "websocket.receive":
            problem = malformed_frame(message)
            if problem is not None:
                client = self.scope.get("client") or ("?", 0)
                log.warning("closed a websocket from %s: %s", client[0], problem)
                self.closed_here = True
                await self._send({"type": "websocket.close", "code": UNSUPPORTED_DATA})
                message = {"type": "websocket.disconnect", "code": UNSUPPORTED_DATA}
            else:
                message = without_session_resume(message)
        if message["type"] == "websocket.disconnect":
            self.client_gone.set()
        return message

    async def send(self, message: Message) -> None:
        if self.closed_here:
            return  # the connection is closed; Flet's queued patches have nowhere to go
        await self._send(message)

    async def run(self) -> None:
        handler = asyncio.ensure_future(self.app(self.scope, self.receive, self.send))
        gone = asyncio.ensure_future(self.client_gone.wait())
        try:
            await asyncio.wait({handler, gone}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                await asyncio.wait({handler}, timeout=HANDLER_GRACE)
        finally:
            gone.cancel()
            if not handler.done():
                handler.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
                await handler  # Flet raises WebSocketDisconnect when its client has gone: not an error
