"""The served app's edge, decided without a network: which Origin and Host may reach a session,
which websocket frames are Flet's, and how the log holds up under a flood (docs/security.md)."""

from __future__ import annotations

import logging

import msgpack
import pytest

from companion.app.server.edge import BadEdgeOption, EdgePolicy, Origin, origin_option, parse_origin
from companion.app.server.guard import malformed_frame
from companion.app.server.quiet_log import OneLineRateLimit

LOOPBACK = EdgePolicy.make("127.0.0.1")
CLUB = EdgePolicy.make("0.0.0.0", allow_hosts=("club.example.org",),
                       allow_origins=("https://club.example.org",))


@pytest.mark.parametrize(("host", "origin"), [
    ("127.0.0.1:8550", "http://127.0.0.1:8550"),
    ("localhost:8550", "http://localhost:8550"),
    ("[::1]:8550", "http://[::1]:8550"),
    ("127.0.0.1:8550", None),  # a native client: the desktop and phone builds send no Origin
])
def test_the_servers_own_pages_and_native_clients_are_let_in(host: str, origin: str | None) -> None:
    assert LOOPBACK.refusal(host, origin) is None


@pytest.mark.parametrize("origin", [
    "http://127.0.0.1:9999",              # another server on this machine
    "http://127.0.0.1:8550.evil.com",     # a prefix match would pass this
    "http://evil.com/http://127.0.0.1:8550",
    "http://127.0.0.1:85500",
    "https://127.0.0.1:8550",             # another scheme is another origin
    "http://user@127.0.0.1:8550",
    "http://127.0.0.1:8550/",             # browsers never send a path: not an origin
    "null",                               # sandboxed frames and file:// pages
    "",
    "http://127.0.0.2:8550",
])
def test_any_other_origin_is_refused_on_loopback(origin: str) -> None:
    refusal = LOOPBACK.refusal("127.0.0.1:8550", origin)
    assert refusal is not None and "Origin" in refusal


@pytest.mark.parametrize("host", ["evil.example:8550", "evil.example", "127.0.0.1.nip.io:8550", "", "a b"])
def test_a_host_name_that_is_not_this_server_is_refused_dns_rebinding(host: str) -> None:
    # The rebinding page's own origin matches its Host, so only the Host check stops it.
    refusal = LOOPBACK.refusal(host, f"http://{host}")
    assert refusal is not None and "Host" in refusal


def test_a_club_server_answers_its_own_name_and_origin_and_its_addresses_on_every_interface() -> None:
    assert CLUB.refusal("club.example.org", "https://club.example.org") is None
    assert CLUB.refusal("club.example.org:8550", "http://club.example.org:8550") is None
    assert CLUB.refusal("127.0.0.1:8550", "http://127.0.0.1:8550") is None
    refused = CLUB.refusal("club.example.org", "https://club.example.org.evil.com")
    assert refused is not None and "--allow-origin" in refused
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: bound to 0.0.0.0 is not "any name at all".
    assert CLUB.refusal("192.0.2.1:8550", "http://192.0.2.1:8550") is not None


def test_origins_are_compared_as_browsers_serialize_them() -> None:
    assert parse_origin("HTTP://LocalHost:80") == Origin("http", "localhost", 80)
    assert parse_origin("https://club.example.org") == Origin("https", "club.example.org", 443)
    assert str(Origin("https", "club.example.org", 443)) == "https://club.example.org"
    assert str(Origin("http", "::1", 8550)) == "http://[::1]:8550"


@pytest.mark.parametrize("text", ["club.example.org", "https://*.example.org", "https://club.example.org/app",
                                  "ftp://club.example.org", "https://club.example.org:99999"])
def test_an_allow_origin_that_is_not_exactly_an_origin_is_one_clear_message(text: str) -> None:
    with pytest.raises(BadEdgeOption, match=r"give scheme://host\[:port\]"):
        origin_option(text)


def _frame(action: object, body: object) -> dict[str, object]:
    return {"type": "websocket.receive", "bytes": b"\x00" + msgpack.packb([action, body])}


def test_flet_frames_pass_and_junk_is_named() -> None:
    assert malformed_frame(_frame(1, {"session_id": "", "page_name": "", "page": {}})) is None
    assert malformed_frame({"type": "websocket.receive", "bytes": b"\x01\x00\x00\x00\x00data"}) is None
    assert malformed_frame({"type": "websocket.receive", "text": "hello"}) == "a text frame"
    assert malformed_frame({"type": "websocket.receive", "bytes": b"\x07abc"}) == "frame type 0x07"
    assert malformed_frame({"type": "websocket.receive", "bytes": b"\x00\xc1"}) == "not msgpack (FormatError)"
    assert malformed_frame(_frame(99, {})) == "not a Flet message"
    assert malformed_frame(_frame(1, "body")) == "not a Flet message"


def test_a_flood_of_errors_is_a_few_single_lines_then_a_count() -> None:
    now = [0.0]
    limiter = OneLineRateLimit(burst=3, interval=10.0, clock=lambda: now[0])
    records = []
    for _ in range(500):
        try:
            raise ValueError("bad frame\nwith a second line")
        except ValueError as error:
            record = logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1,
                                       "Receive loop error: %s", (error,), exc_info=(type(error), error, None))
        if limiter.filter(record):
            records.append(record)
    assert len(records) == 3
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in records)
    assert records[0].getMessage().endswith("[ValueError: bad frame with a second line]")
    now[0] = 11.0
    later = logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1, "Receive loop error: %s",
                              ("again",), None)
    assert limiter.filter(later)
    assert "497 similar lines held back" in later.getMessage()


@pytest.mark.parametrize("name", ["*.example.org", "club.example.org:443", "http://club.example.org"])
def test_an_allow_host_that_is_not_a_host_name_is_one_clear_message(name: str) -> None:
    with pytest.raises(BadEdgeOption, match="is not a host name"):
        EdgePolicy.make("0.0.0.0", allow_hosts=(name,))
