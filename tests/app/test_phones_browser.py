"""Two phones (browsers) on one served app (issue 15): a database locked by another program holds one
phone's tap as "Saving..." without freezing the other phone; once stored, the other phone that follows
the same match sees the change by itself, and a tap made on an older version is refused with what was
recorded first. Screenshots land in test-artifacts/app/."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import DRIVE, AppPage, stop
from tests.app.served import Served, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


@pytest.fixture
def server(chromium_path: Path, tmp_path: Path) -> Iterator[tuple[Served, Path]]:
    served = start_server(tmp_path)
    try:
        yield served, tmp_path / "shinpan.db"
    finally:
        stop(served.process)


def phone(browser: Any, served: Served) -> AppPage:
    context = browser.new_context(viewport=DRIVE, device_scale_factor=1)
    page = AppPage(context.new_page(), f"http://127.0.0.1:{served.port}/")
    page.page.set_default_timeout(15_000)
    page.open()
    return page


def test_a_locked_database_never_freezes_another_phone_and_phones_follow_each_other(
        browser: Any, server: tuple[Served, Path]) -> None:
    served, database = server
    aiko = phone(browser, served)
    aiko.start_kendo_match("Emi", "Fumio")
    aiko.see("Emi (red) to start a round")
    ben = phone(browser, served)
    try:
        lock = sqlite3.connect(database, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")  # another program holds the database
        try:
            aiko.click("Emi: KOTE")
            aiko.see("Fumio (white) to answer Emi's attack on KOTE")  # the tap shows at once...
            aiko.see("Saving... (1 change not yet stored)")  # ...and says it is not stored yet
            aiko.shot("phones-saving")
            ben.click("New match")  # the other phone is not frozen by the lock
            ben.button("Start match").wait_for()
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        aiko.gone("Saving...")
        ben.click("Home")
        ben.click("Resume match")
        ben.see("Fumio (white) to answer Emi's attack on KOTE")
        ben.fill("Filter responses", "no answer")
        ben.click("Fumio: no answer", exact=False)  # Ben's phone records the next step...
        aiko.see("Updated from another phone", timeout=10_000)  # ...and Aiko's phone shows it by itself
        aiko.shot("phones-followed")
    finally:
        aiko.page.context.close()
        ben.page.context.close()
