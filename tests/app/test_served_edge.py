"""`shinpan serve` itself, over real sockets on loopback: a websocket from another origin or under
another host name is refused with 403 before any session exists; the app's own page and a native
client (no Origin) reach a Flet session; junk frames cost one log line each, rate-limited; SIGTERM
stops the server within 2 s with clients connected (issue 20, docs/security.md)."""

from __future__ import annotations

import contextlib
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest
from websockets.exceptions import InvalidStatus

from companion.cli.main import main
from tests.app.conftest import free_port, stop
from tests.app.served import Served, flet_session_answers, login, open_ws, start_server

CLUB_ORIGIN = "https://club.example.org"
CLUB_HOST = "club.example.org"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = start_server(tmp_path_factory.mktemp("edge"))
    try:
        yield server
    finally:
        stop(server.process)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, str]]:
    """Behind a TLS proxy named club.example.org: reached under that name, so a club server with a PIN."""
    server = start_server(tmp_path_factory.mktemp("proxied"), "--allow-origin", CLUB_ORIGIN,
                          "--allow-host", CLUB_HOST)
    try:
        pin = re.search(r"Club PIN: (\d{6})", server.log.read_text())
        assert pin, server.log.read_text()
        yield server, pin.group(1)
    finally:
        stop(server.process)


def refused_status(url: str, origin: str | None, *, host: str | None = None) -> int:
    """The HTTP status a websocket handshake gets; 101 when it opens."""
    sock = None
    if host is not None:  # what a DNS-rebinding page sends: its own name, resolved to 127.0.0.1
        sock = socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1].split("/")[0])), timeout=5)
        url = url.replace("127.0.0.1", host)
    try:
        with open_ws(url, origin, via=sock):
            return 101
    except InvalidStatus as refused:
        return refused.response.status_code


def test_the_apps_own_page_reaches_a_session(served: Served) -> None:
    with open_ws(served.ws, served.own_origin) as ws:
        assert flet_session_answers(ws)


def test_a_native_client_with_no_origin_reaches_a_session(served: Served) -> None:
    # The desktop and phone builds connect with no Origin header; a browser always sends one.
    with open_ws(served.ws) as ws:
        assert flet_session_answers(ws)


def test_an_origin_named_with_allow_origin_reaches_a_session_after_the_pin(proxied: tuple[Served, str]) -> None:
    served, pin = proxied
    url = served.ws.replace("127.0.0.1", CLUB_HOST)
    with pytest.raises(InvalidStatus), open_ws(url, CLUB_ORIGIN,
                                               via=socket.create_connection(("127.0.0.1", served.port), timeout=5)):
        pass  # reachable under another name means other people: no session without the PIN
    status, cookie = login(served, pin, host=CLUB_HOST, origin=CLUB_ORIGIN)
    assert status == 303 and cookie
    with open_ws(url, CLUB_ORIGIN, cookie=cookie,
                 via=socket.create_connection(("127.0.0.1", served.port), timeout=5)) as ws:
        assert flet_session_answers(ws)


@pytest.mark.parametrize("origin", ["http://127.0.0.1:{other}", "http://127.0.0.1:{port}.evil.com",
                                    "https://127.0.0.1:{port}", "null", "http://localhost:{other}",
                                    "https://club.example.org.evil.com"])
def test_a_page_from_any_other_origin_is_refused_with_403(served: Served, origin: str) -> None:
    assert refused_status(served.ws, origin.format(port=served.port, other=served.port + 1)) == 403


def test_a_dns_rebinding_page_is_refused_on_websocket_and_http(served: Served) -> None:
    evil = f"evil.example:{served.port}"
    assert refused_status(served.ws, f"http://{evil}", host="evil.example") == 403
    request = urllib.request.Request(f"http://127.0.0.1:{served.port}/", headers={"Host": evil})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403


def test_no_response_invites_other_sites_to_read_it(served: Served) -> None:
    with urllib.request.urlopen(f"http://127.0.0.1:{served.port}/", timeout=5) as page:
        assert page.status == 200
        assert page.headers.get("access-control-allow-origin") is None


def test_a_state_changing_request_from_another_origin_is_refused(served: Served) -> None:
    request = urllib.request.Request(f"http://127.0.0.1:{served.port}/upload", data=b"x", method="PUT",
                                     headers={"Origin": "http://evil.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403


def test_junk_frames_cost_a_few_single_log_lines_and_the_server_keeps_serving(served: Served) -> None:
    junk = [b"\x00\xc1\xc1", "text frame", b"\x00" + msgpack.packb([99, {}]), b"\x07",
            b"\x00" + msgpack.packb([1, {"nonsense": True}])]
    deadline = time.monotonic() + 60
    for round_ in range(40):
        assert time.monotonic() < deadline
        with open_ws(served.ws, served.own_origin) as ws:
            for frame in junk if round_ % 2 else junk[:2]:
                try:
                    ws.send(frame)
                except Exception:  # the server closes the connection at the first junk
                    break
    with open_ws(served.ws, served.own_origin) as ws:
        assert flet_session_answers(ws)
    text = served.log.read_text()
    assert "Traceback" not in text
    closed = [line for line in text.splitlines() if "closed a websocket" in line]
    assert 1 <= len(closed) <= 10, text[-3000:]


def test_sigterm_stops_the_server_within_two_seconds_with_clients_connected(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        with contextlib.ExitStack() as clients:
            for _ in range(4):
                ws = clients.enter_context(open_ws(server.ws, server.own_origin))
                assert flet_session_answers(ws)
            for _ in range(2):  # connected, no session yet
                clients.enter_context(open_ws(server.ws))
            started = time.monotonic()
            server.process.terminate()
            server.process.wait(10)
            assert time.monotonic() - started <= 2.0
    finally:
        stop(server.process)


@pytest.mark.parametrize(("flag", "value"), [("--allow-origin", "*.example.org"), ("--allow-host", "*")])
def test_a_bad_allow_flag_is_one_line(flag: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", str(free_port()), flag, value]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"shinpan: {flag} ") and len(err.splitlines()) == 1
