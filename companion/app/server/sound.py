"""The served web build plays a short sound on a trigger (issue 17).

Flet 1.0.5's prebuilt web client has no audio extension (flet-audio works only in an app built with
`flet build`, which needs the Flutter SDK), and the app cannot run JavaScript in it. So the app writes a
trigger into the page title ("♪ IPPON #3 · Shinpan", `companion/app/viewmodels/triggers.py`) and every
HTML page this server sends loads `trigger_sound.js`, served from here, which hears the title change and
plays a tone with the Web Audio API. Nothing is fetched from elsewhere and no audio file is needed.
"""

from __future__ import annotations

from importlib.resources import files

from companion.app.server.guard import ASGIApp, Message, Receive, Scope, Send

SCRIPT_PATH = "/shinpan-trigger-sound.js"
SCRIPT_TAG = f'<script src="{SCRIPT_PATH}" defer></script>'.encode()
HEAD_END = b"</head>"


def script() -> bytes:
    return files("companion.app.server").joinpath("trigger_sound.js").read_bytes()


class TriggerSound:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._script = script()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if scope.get("path") == SCRIPT_PATH:
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-type", b"text/javascript; charset=utf-8"),
                                    (b"cache-control", b"no-cache"),
                                    (b"content-length", str(len(self._script)).encode())]})
            await send({"type": "http.response.body", "body": self._script if scope["method"] == "GET" else b""})
            return
        await self._with_script_tag(scope, receive, send)

    async def _with_script_tag(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pages pass through with the script tag added; everything else is sent on as it comes. A HEAD
        answer goes out untouched (its length is the file's; the tag is the GET page's business)."""
        if scope.get("method") == "HEAD":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def forward(message: Message) -> None:
            nonlocal start
            kind = message["type"]
            if kind == "http.response.start" and _is_html(message):
                start = message  # held until the whole page is here, to add the tag
                return
            if start is not None and kind == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))
                if not message.get("more_body", False):
                    await _send_page(send, start, b"".join(chunks))
                return
            if start is not None:  # the page comes another way (a server's pathsend): as it is, no tag
                await send(start)
                start = None
            await send(message)
        await self.app(scope, receive, forward)


def _is_html(start: Message) -> bool:
    headers = {bytes(k).lower(): bytes(v) for k, v in start.get("headers", ())}
    return start.get("status") == 200 and headers.get(b"content-type", b"").startswith(b"text/html") \
        and b"content-encoding" not in headers


async def _send_page(send: Send, start: Message, body: bytes) -> None:
    if HEAD_END in body and SCRIPT_TAG not in body:
        body = body.replace(HEAD_END, SCRIPT_TAG + HEAD_END, 1)
    headers = [(k, v) for k, v in start.get("headers", ()) if bytes(k).lower() != b"content-length"]
    await send(dict(start, headers=[*headers, (b"content-length", str(len(body)).encode())]))
    await send({"type": "http.response.body", "body": body})
