"""In a real browser: a page served from another origin on loopback tries the app's websocket and is
refused, while the app's own page works; a DNS-rebinding page (another name resolved to 127.0.0.1)
cannot even load the app (issue 20, docs/security.md)."""

from __future__ import annotations

import contextlib
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import AppPage

pytestmark = pytest.mark.browser

HOSTILE_PAGE = """<!doctype html><title>waiting</title><script>
const ws = new WebSocket("{ws}");
let opened = false;
ws.onopen = () => {{ opened = true; document.title = "opened"; }};
ws.onclose = (event) => {{ if (!opened) document.title = "refused " + event.code; }};
</script>"""


@contextlib.contextmanager
def hostile_site(folder: Path, app_url: str) -> Iterator[str]:
    """Another web site on this machine (another port is another origin) with a page that attacks."""
    ws = app_url.replace("http://", "ws://").rstrip("/") + "/ws"
    (folder / "index.html").write_text(HOSTILE_PAGE.format(ws=ws))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *_: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_from_another_origin_cannot_open_the_apps_websocket(browser: Any, served_app: str,
                                                                   tmp_path: Path) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        with hostile_site(tmp_path, served_app) as hostile_url:
            page.goto(hostile_url)
            page.wait_for_function("document.title !== 'waiting'", timeout=15_000)
            assert page.title() == "refused 1006"  # the handshake got 403: the page learns nothing more
        AppPage(page, served_app).open()  # the app's own page still gets its session
        page.get_by_role("button", name="New match").wait_for()
    finally:
        context.close()


def test_a_dns_rebinding_page_cannot_load_the_app(browser: Any, chromium_path: Path, served_app: str) -> None:
    port = served_app.rstrip("/").rsplit(":", 1)[1]
    # A second Chromium whose resolver answers rebind.example with 127.0.0.1, as a rebinding DNS would.
    rebound = browser.browser_type.launch(
        executable_path=str(chromium_path), timeout=60_000,
        args=["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP rebind.example 127.0.0.1"])
    try:
        page = rebound.new_page()
        response = page.goto(f"http://rebind.example:{port}/")
        assert response is not None and response.status == 403
        assert "Forbidden" in page.content()
    finally:
        rebound.close()
