"""The other screens at phone size, and a match surviving a closed browser tab."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardscans import synthetic
from tests.app.conftest import DRIVE, AppPage
from tests.app.tag_pictures import png_bytes

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(180)]


def test_an_unfinished_match_is_offered_first_after_the_page_is_closed(app: AppPage, browser: Any,
                                                                       served_app: str) -> None:
    app.start_kendo_match("Emi", "Fumio")
    app.see("Emi (red) to start a round")
    app.click("Emi: KOTE")
    app.see("Fumio (white) to answer Emi's attack on KOTE")

    app.page.context.close()  # the phone's browser is closed; a new one opens the app
    context = browser.new_context(viewport=DRIVE, device_scale_factor=1)
    app = AppPage(context.new_page(), served_app)
    app.page.set_default_timeout(15_000)
    app.open()
    app.see("Emi vs Fumio, 3 actions so far")
    app.shot("16-home-resume")
    app.click("Resume match")
    app.see("Fumio (white) to answer Emi's attack on KOTE")
    app.see("On the table: Emi: KOTE")
    app.see("Undo step 3: Emi: KOTE")
    context.close()


def test_settings_and_decks_screens(app: AppPage, tmp_path: Path) -> None:
    app.click("Settings")
    app.see("Matches are stored")
    app.see("shinpan.db", exact=False)  # the database file the server was given
    app.click("Back up now")
    app.see("Backed up to", exact=False)
    app.click("150%")
    app.button("150% (chosen)").wait_for()
    app.click("dark")
    app.button("dark (chosen)").wait_for()
    app.shot("17-settings")
    app.click("200%")
    app.button("200% (chosen)").wait_for()
    app.click("Home")
    app.click("New match")
    app.button("Start match").wait_for()
    app.shot("19-new-match-text-200")
    app.click("Home")
    app.click("Settings")
    app.click("100%")  # the server's settings file is shared by the other tests' sessions
    app.click("system")
    app.button("system (chosen)").wait_for()
    app.click("Home")
    app.click("Decks and tags")
    app.click("Kendo Taikai playing cards")
    app.see("owner values still to enter", exact=False)
    app.see("MUSHIN · green", exact=False)
    app.shot("18-decks")
    with app.page.expect_download(timeout=30_000) as download:
        app.click("Print the tag sheet (PDF)")
    assert download.value.path().read_bytes().startswith(b"%PDF")

    photo = tmp_path / "kote-card.png"
    photo.write_bytes(png_bytes(synthetic.photograph_card(synthetic.card_face(5), np.random.default_rng(1), 0.6)[0]))
    app.fill("Card to register", "kote")
    with app.page.expect_file_chooser(timeout=15_000) as chooser:
        app.click("Register KOTE by photo", redraws=False)
    chooser.value.set_files(str(photo))
    app.see("Registered KOTE: an untagged KOTE is now recognised by its face.", timeout=30_000)

    # a standard deck's index corners, beside its letters: chosen on the Decks screen, kept in Settings
    app.click("Standard playing cards: 52 cards and 2 Jokers")
    app.button("All four corners (chosen)").wait_for()
    app.click("Two corners")
    app.button("Two corners (chosen)").wait_for()
    app.shot("18b-decks-index-corners")
    app.click("All four corners")  # the server's settings file is shared by the other tests' sessions
    app.button("All four corners (chosen)").wait_for()


def test_every_control_on_the_referee_screen_has_an_accessible_name(app: AppPage) -> None:
    app.start_kendo_match("Gin", "Hana")
    app.click("Gin: MEN")
    app.click("Pick a card")
    app.click("Scan cards")
    app.see("Hana (white) to answer Gin's attack on MEN")
    # The accessibility tree as a screen reader gets it (once it has settled): every button and text
    # box must have a name.
    snapshot, previous = "", None
    for _ in range(10):
        snapshot = app.page.locator("body").aria_snapshot()
        if snapshot == previous:
            break
        previous = snapshot
        app.page.wait_for_timeout(300)
    controls = [line.strip(" -'") for line in snapshot.splitlines()
                if re.match(r"^\s*- '?(button|textbox|slider|checkbox)\b", line)]
    assert len(controls) > 30, snapshot
    nameless = [c for c in controls if not re.match(r'^(button|textbox|slider|checkbox) "[^"]+"', c)]
    assert nameless == [], snapshot
    assert 'textbox "Search cards"' in controls and 'button "Take picture"' in controls


def test_without_a_camera_the_scanner_says_so_and_offers_the_other_ways(app: AppPage) -> None:
    # This file's Chromium has no camera at all (no fake device): the phone-without-camera case.
    app.start_kendo_match("Iori", "Jun")
    app.see("Iori (red) to start a round")
    app.click("Scan cards")
    app.click("Start camera")
    app.see("No camera: this device has no camera.", timeout=30_000)
    app.see("Choose a photo instead, or pick the cards by hand.")
    assert app.button("Take picture (no camera)").is_disabled()  # what cannot work says why, and is off
    assert app.button("Scan continuously (no camera)").is_disabled()
    app.button("Choose a photo").wait_for()
    app.see("Iori (red) to start a round")  # the match is untouched
    app.button("Pick a card").wait_for()
    app.shot("20-no-camera")


def test_a_mace_match_for_three_fighters_shows_each_fighter_and_the_hex_map(app: AppPage) -> None:
    app.click("New match")
    app.click("MACE: Martial Arts Card Engine")
    app.click("Add a player")
    app.fill("Player 1 name", "Kai")
    app.fill("Player 2 name", "Lea")
    app.fill("Player 3 name", "Mio")
    app.click("Start match")
    app.see("Kai, Lea and Mio to act")  # each fighter plays a momentum card first
    app.see("1. Kai · standing")
    app.see("3. Mio · standing")
    app.see("health 5 cards · charges 0", exact=False)
    app.see("Filled: a fighter (by number); rings: the hexes he reaches.")
    app.shot("21-mace-three-fighters")
