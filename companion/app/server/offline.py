"""The served web build fetches nothing from outside this server.

Flet 1.0.5's prebuilt client (`main.dart.js`) loads Rive's WebAssembly runtime from a public CDN on every
start, although Shinpan draws no Rive animation: at a club without internet that is a failed request,
and anywhere it tells a third party who opened the app. The client is served with that address pointed
at this server's own `/offline-…/`, where nothing is served (404): the runtime is never loaded, nothing
else changes, and no request leaves the server (`tests/app/test_offline_browser.py`).
"""

from __future__ import annotations

from companion.app.server.guard import ASGIApp, Message, Receive, Scope, Send

OFFLINE_PATH = "/offline/"
RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
# What the prebuilt client would fetch from elsewhere, by the file that names it: the JavaScript build
# and the WebAssembly one (which browsers with WasmGC run), where a string's length is fixed.
OUTSIDE_ADDRESSES = {"/main.dart.js": (RIVE_CDN,), "/main.dart.wasm": (RIVE_CDN,)}


def local_address(address: bytes) -> bytes:
    """`/offline/` padded to the outside address's length, so the WebAssembly build's offsets hold."""
    prefix = OFFLINE_PATH.encode()
    return prefix[:-1] + b"-" * (len(address) - len(prefix)) + b"/"
NOT_SERVED = b"Not served: this Shinpan server works offline and loads nothing from other sites.\n"


class OfflineAssets:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path.startswith(OFFLINE_PATH[:-1]):  # `/offline/` and its padded forms
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(NOT_SERVED)).encode())]})
            await send({"type": "http.response.body", "body": NOT_SERVED})
            return
        addresses = OUTSIDE_ADDRESSES.get(path)
        if addresses is None:
            await self.app(scope, receive, send)
            return
        await self._rewritten(scope, receive, send, addresses)

    async def _rewritten(self, scope: Scope, receive: Receive, send: Send, addresses: tuple[bytes, ...]) -> None:
        start: Message | None = None
        chunks: list[bytes] = []

        async def collect(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))
        await self.app(scope, receive, collect)
        if start is None:
            return
        body = b"".join(chunks)
        if start.get("status") == 200:
            for address in addresses:
                body = body.replace(address, local_address(address))
            headers = [(k, v) for k, v in start.get("headers", ()) if bytes(k).lower() != b"content-length"]
            start = dict(start, headers=[*headers, (b"content-length", str(len(body)).encode())])
        await send(start)
        await send({"type": "http.response.body", "body": body if scope.get("method") != "HEAD" else b""})
