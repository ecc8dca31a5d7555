"""A club server in Chromium: a phone enters the PIN once and referees; the board on a "TV" follows a
match as it is played, with no PIN (issue 15). Screenshots land in test-artifacts/app/."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app.viewmodels.triggers import trigger_title
from companion.rules.registry import get_ruleset
from db.engine import open_database
from db.live import DurableMatch
from tests.app.conftest import ARTIFACTS, PHONE, START_TIMEOUT, stop
from tests.app.served import Served, start_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def club(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, str, Path]]:
    folder = tmp_path_factory.mktemp("club-browser")
    served = start_server(folder, "--host", "0.0.0.0")
    try:
        pin = re.search(r"Club PIN: (\d{6})", served.log.read_text())
        assert pin, served.log.read_text()
        yield served, pin.group(1), folder / "shinpan.db"
    finally:
        stop(served.process)


def test_a_phone_enters_the_pin_once_and_referees(browser: Any, club: tuple[Served, str, Path]) -> None:
    served, pin, _ = club
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{served.port}/")
        page.get_by_label("Club PIN").fill("0000" if pin != "000000" else "1111")
        page.get_by_role("button", name="Enter").click()
        page.get_by_text("Wrong PIN. 9 tries left").wait_for()
        page.get_by_label("Club PIN").fill(pin)
        page.get_by_role("button", name="Enter").click()
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT * 1000)
        page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
        page.get_by_role("button", name="New match").wait_for(timeout=START_TIMEOUT * 1000)
        page.reload()  # the cookie stays: no second PIN
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT * 1000)
        assert "/club/login" not in page.url
    finally:
        context.close()


def test_the_board_follows_a_match_without_a_pin(browser: Any, club: tuple[Served, str, Path]) -> None:
    served, _, database = club
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    engine = open_database(str(database))
    try:
        board = context.new_page()
        board.goto(f"http://127.0.0.1:{served.port}/board")
        board.get_by_text("Matches in progress").wait_for()
        with DurableMatch.start(engine, get_ruleset("kendo-shiai").make_setup(["Aiko", "Ben"], seed=3)) as live:
            board.get_by_text("Aiko").first.wait_for(timeout=5_000)
            rng = random.Random(3)
            for _ in range(500):  # random play until the first trigger (an IPPON, a HANSOKU)
                if any(e.is_trigger for e in live.match.events):
                    break
                live.push(rng.choice(live.match.legal_responses()).action)
            trigger = next(e for e in live.match.events if e.is_trigger)
            words = trigger_title(trigger)
            board.get_by_text(f"Last: {words}").first.wait_for(timeout=5_000)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(ARTIFACTS / "club-board.png"))
    finally:
        engine.dispose()
        context.close()
