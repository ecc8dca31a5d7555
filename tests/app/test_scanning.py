"""Scanning in the real web build: Chromium's fake camera plays a video of a real Shinpan tag;
flet-camera takes the picture, cardscans decodes it, and the rules accept the play. Photos of a
foreign tag and of nothing leave the match untouched."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.app.conftest import AppPage
from tests.app.tag_pictures import blank_frame, png_bytes, tag_frame, write_y4m

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]


def FAKE_CAMERA_VIDEO() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="shinpan-camera-"))
    return write_y4m([tag_frame("kendo-taikai", "men")], folder / "men-tag.y4m")


def test_a_tag_seen_by_the_camera_becomes_a_play_once_the_rules_accept_it(app: AppPage,
                                                                          tmp_path: Path) -> None:
    app.start_kendo_match("Chika", "Daisuke")
    app.see("Chika (red) to start a round")

    app.open_panel("Scan cards", shows_button="Start camera")
    app.click("Start camera")
    app.see("Camera ready", timeout=30_000)
    app.click("Take picture")
    app.see("Scanned: MEN", timeout=30_000)
    app.shot("10-scan-camera")
    app.see("Chika (red) to start a round")  # nothing is recorded before the rules say yes
    app.see("In the play: MEN", exact=True)  # beside the picture, with its own play button (issue 19)
    app.click("Play the scanned cards")
    app.see("Daisuke (white) to answer Chika's attack on MEN")
    app.see("On the table: Chika: MEN")
    app.see("Recorded. Scan the next play, or pick it by hand.", exact=True)  # the prompt is not left behind
    app.gone("Check it and tap Play the scanned cards")
    app.shot("12-scan-recorded")

    foreign = tmp_path / "kenpo-tag.png"
    foreign.write_bytes(png_bytes(tag_frame("kenpo-masters", "jab")))
    app.choose_photo(foreign)
    app.see("Seen only a code that is not this game's card", timeout=30_000)
    app.see("The match is unchanged.")
    app.shot("11-scan-foreign-tag")

    nothing = tmp_path / "table.png"
    nothing.write_bytes(png_bytes(blank_frame()))
    app.choose_photo(nothing)
    app.see("Nothing recognised", timeout=30_000)
    app.see("Daisuke (white) to answer Chika's attack on MEN")


def test_continuous_scanning_fills_the_play_by_itself_and_stops_on_request(app: AppPage) -> None:
    app.start_kendo_match("Kei", "Lin")
    app.see("Kei (red) to start a round")
    app.open_panel("Scan cards", shows_button="Start camera")
    app.click("Start camera")
    app.see("Camera ready", timeout=30_000)
    app.click("Scan continuously")
    app.see("Scanned: MEN", timeout=30_000)  # no tap on Take picture
    app.click("Stop scanning")
    app.see("Stopped scanning. Check the play below.")
    app.click("Play these cards")
    app.see("Lin (white) to answer Kei's attack on MEN")
