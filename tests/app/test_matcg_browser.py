"""Martial Arts TCG in the real web build at phone size (issue 12): a card entered in the deck editor,
the deck chosen on New match, and a few turns refereed with the health, ADR and combo shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import DRIVE, AppPage, stop
from tests.app.served import Served, start_server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


@pytest.fixture
def app(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppPage]:
    monkeypatch.setenv("SHINPAN_DECKS", str(tmp_path / "decks"))  # the served app's own deck folder
    served: Served = start_server(tmp_path)
    context = browser.new_context(viewport=DRIVE, device_scale_factor=1)
    page = AppPage(context.new_page(), f"http://127.0.0.1:{served.port}/")
    page.page.set_default_timeout(15_000)
    try:
        page.open()
        yield page
    finally:
        page.shot("last-test_matcg")
        context.close()
        stop(served.process)


def test_a_card_entered_in_the_deck_editor_is_played_in_a_refereed_match(app: AppPage) -> None:
    app.click("Decks and tags")
    app.click("Martial Arts TCG: your decks")
    app.fill("New deck name", "Dojo")
    app.click("Start from an example deck")
    app.see("ready to play (T6)", exact=False)
    for field, value in (("name", "Dojo Kick"), ("ATK", "5"), ("DEF", "0"), ("LNK", "3"), ("CPT", "1")):
        app.fill(f"Attack card {field}", value)
    app.click("Add this card")
    app.see("Dojo Kick · Attack · ATK 5 DEF 0 LNK 3 CPT 1 · x1")
    app.see("59 cards in the deck: ready to play (T6).")
    app.click("Save deck")
    app.see("Saved Dojo", exact=False)
    app.shot("40-matcg-deck-editor")

    app.click("Home")
    app.new_match("Martial Arts: The Trading Card Game", {"Player 1 name": "Ann", "Player 2 name": "Ben"},
                  "Deck 1: Dojo (59 cards)")
    for tap in ("Ann: shuffle", "Ben: shuffle", "Ann: starts"):
        app.click(tap)
    app.fill("Filter responses", "Dojo Kick")
    app.click("Ann: attack Dojo Kick")
    app.see("Ben to answer Ann's Dojo Kick (ATK 5)")
    app.click("Ben: no block")
    app.see("Health 25 of 30")  # ATK 5 against no defence (T1)
    app.see("combo chain 1 · next link needs CPT <= 3", exact=False)  # the Dojo Kick's LNK (T2)
    app.shot("41-matcg-after-a-hit")
