"""A phone's network dropped for 30 s mid-match (issue 15): the phone reconnects by itself and shows the
match where it was, every acknowledged tap is stored, and refereeing goes on. The phone reaches the
server through a loopback proxy the test cuts (tests/app/cuttable_proxy.py)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.cli.main import main
from tests.app.conftest import DRIVE, AppPage, stop
from tests.app.cuttable_proxy import CuttableProxy
from tests.app.served import Served, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]
DROPPED_FOR = 30.0
RETRIES = 15


@pytest.fixture
def server(chromium_path: Path, tmp_path: Path) -> Iterator[tuple[Served, Path]]:
    served = start_server(tmp_path)
    try:
        yield served, tmp_path / "shinpan.db"
    finally:
        stop(served.process)


def test_a_phone_whose_network_drops_for_30_seconds_reconnects_and_resumes_where_it_was(
        browser: Any, server: tuple[Served, Path], capsys: pytest.CaptureFixture[str]) -> None:
    served, database = server
    proxy = CuttableProxy(served.port)
    try:
        context = browser.new_context(viewport=DRIVE, device_scale_factor=1)
        phone = AppPage(context.new_page(), f"http://127.0.0.1:{proxy.port}/")
        phone.page.set_default_timeout(15_000)
        phone.open()
        phone.start_kendo_match("Emi", "Fumio")
        phone.click("Emi: KOTE")
        phone.see("Fumio (white) to answer Emi's attack on KOTE")
        phone.gone("Saving...")  # acknowledged: stored

        proxy.cut()
        time.sleep(DROPPED_FOR)
        proxy.restore()

        # The phone comes back by itself at the address it was on (/match/N), drawn whole as stored now:
        # the answer is recorded and shown (S2), refereeing goes on.
        phone.page.wait_for_url("**/match/*")
        answered = False
        for _ in range(RETRIES):  # until the new session has drawn, a tap lands on the old drawing and is lost
            phone.button("Fumio: KOTE").first.click(timeout=5_000)
            try:
                phone.see("Emi (red) to start a round", timeout=3_000)
            except PlaywrightTimeout:
                continue
            answered = True
            break
        assert answered, "the phone did not come back to the match"
        phone.gone("Saving...")
        phone.shot("phone-after-network-drop")
        context.close()
    finally:
        proxy.close()
    capsys.readouterr()
    assert main(["history", "--database", str(database), "--json"]) == 0
    stored = json.loads(capsys.readouterr().out)["matches"]
    assert len(stored) == 1 and stored[0]["actions"] == 4  # two offers, KOTE, and the answer after the drop
