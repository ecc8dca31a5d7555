"""The served pages load the trigger sound's script (companion/app/server/sound.py): the tag goes into a
whole HTML page with its length put right, and nothing else is changed."""

from __future__ import annotations

import asyncio
from typing import Any

from companion.app.server.sound import SCRIPT_PATH, SCRIPT_TAG, TriggerSound

PAGE = b"<html><head><title>Shinpan</title></head><body></body></html>"


def app_sending(*messages: dict[str, Any]) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        for message in messages:
            await send(message)
    return app


def start(content_type: bytes, length: int, status: int = 200, **extra: bytes) -> dict[str, Any]:
    headers = [(b"content-type", content_type), (b"content-length", str(length).encode())]
    headers += [(key.replace("_", "-").encode(), value) for key, value in extra.items()]
    return {"type": "http.response.start", "status": status, "headers": headers}


def served(app: Any, method: str = "GET", path: str = "/") -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
    asyncio.run(TriggerSound(app)({"type": "http", "method": method, "path": path}, receive, send))
    return sent


def length(message: dict[str, Any]) -> int:
    return int(dict(message["headers"])[b"content-length"])


def test_a_page_in_two_pieces_gets_the_tag_before_its_head_ends_and_the_right_length() -> None:
    half = len(PAGE) // 2
    sent = served(app_sending(start(b"text/html; charset=utf-8", len(PAGE)),
                              {"type": "http.response.body", "body": PAGE[:half], "more_body": True},
                              {"type": "http.response.body", "body": PAGE[half:]}))
    head, body = sent
    assert body["body"] == PAGE.replace(b"</head>", SCRIPT_TAG + b"</head>")
    assert length(head) == len(body["body"])


def test_the_script_is_served_from_this_server() -> None:
    head, body = served(app_sending(), path=SCRIPT_PATH)
    assert head["status"] == 200 and b"text/javascript" in dict(head["headers"])[b"content-type"]
    assert b"AudioContext" in body["body"] and length(head) == len(body["body"])


def test_head_other_files_errors_and_compressed_pages_pass_untouched() -> None:
    cases = [
        ("HEAD", [start(b"text/html", len(PAGE)), {"type": "http.response.body", "body": b""}]),
        ("GET", [start(b"text/javascript", 4), {"type": "http.response.body", "body": b"x=1;"}]),
        ("GET", [start(b"text/html", len(PAGE), status=404), {"type": "http.response.body", "body": PAGE}]),
        ("GET", [start(b"text/html", 9, content_encoding=b"gzip"),
                 {"type": "http.response.body", "body": b"\x1f\x8b"}]),
    ]
    for method, messages in cases:
        assert served(app_sending(*messages), method) == messages, (method, messages[0])


def test_a_page_sent_another_way_goes_out_as_it_came() -> None:
    messages = [start(b"text/html", len(PAGE)), {"type": "http.response.pathsend", "path": "/srv/index.html"}]
    assert served(app_sending(*messages)) == messages
