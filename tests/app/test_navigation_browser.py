"""Back, reload and a link to one match do what a web user expects (issue 19): each screen has its
address, the browser's Back moves between screens inside the app, a reload shows the same screen, and
/match/ID opens that match as stored."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.app.conftest import DRIVE, START_TIMEOUT, AppPage

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def reopen(app: AppPage, url: str) -> None:
    app.page.goto(url)
    app.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT * 1000)
    app.page.evaluate("document.querySelector('flt-semantics-placeholder').click()")


def test_back_reload_and_a_link_to_a_match_stay_in_the_app(app: AppPage, browser: Any) -> None:
    app.start_kendo_match("Rin", "Sora")
    app.see("Rin (red) to start a round")
    app.page.wait_for_url(re.compile(r"/match/\d+$"))
    match_url = app.page.url

    app.page.go_back()  # to New match, not out of the app
    app.button("Start match").wait_for()
    assert app.page.url.endswith("/new")
    app.page.go_forward()
    app.see("Rin (red) to start a round")

    app.page.reload()
    reopen(app, match_url)
    app.see("Rin (red) to start a round")  # the same screen after a reload

    app.click("Home")
    app.click("History")
    app.page.wait_for_url(re.compile(r"/history$"))
    app.page.go_back()
    app.button("New match").wait_for()  # Home

    other = AppPage(browser.new_context(viewport=DRIVE, device_scale_factor=1).new_page(), match_url)
    try:
        reopen(other, match_url)  # a link to the match, opened in another browser
        other.see("Rin (red) to start a round")
        reopen(other, match_url.rsplit("/", 1)[0] + "/99999")
        other.see("match 99999", exact=False)  # a match that is not there: Home says so
        other.button("New match").wait_for()
    finally:
        other.page.context.close()
