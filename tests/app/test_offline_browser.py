"""Offline means offline (issue 19): the served app, opened and used in Chromium, requests nothing from
any host but the server itself, Flet's own client included."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.app.conftest import DRIVE, AppPage

pytestmark = [pytest.mark.browser]


def test_the_served_app_requests_nothing_from_another_host(browser: Any, served_app: str) -> None:
    context = browser.new_context(viewport=DRIVE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(15_000)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    app = AppPage(page, served_app)
    try:
        app.open()
        app.start_kendo_match("Hana", "Iori")
        app.see("Hana (red) to start a round")
        page.wait_for_timeout(1_000)  # late loads (fonts, the client's extras) have had their chance
    finally:
        context.close()
    own = urlsplit(served_app).netloc
    elsewhere = [url for url in requested if urlsplit(url).scheme in ("http", "https", "ws", "wss")
                 and urlsplit(url).netloc != own]
    assert requested and elsewhere == []
