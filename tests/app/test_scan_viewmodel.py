"""Scanning through the real decoders, without a browser: real tag pictures in, the play out."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cardscans import synthetic
from companion.app.storage import MemoryStore
from companion.app.viewmodels.decks import DecksViewModel
from companion.app.viewmodels.scan import ScanViewModel
from tests.app.helpers import press, start_kendo
from tests.app.tag_pictures import blank_frame, png_bytes, tag_frame


@pytest.fixture(autouse=True)
def own_face_gallery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no card registered by photo (not the user's own gallery)."""
    monkeypatch.setenv("SHINPAN_FACES", str(tmp_path / "faces.npz"))


def scanner() -> ScanViewModel:
    app = start_kendo(MemoryStore())
    assert app.scan is not None
    return app.scan


def test_a_tag_fills_the_play_but_records_nothing() -> None:
    scan = scanner()
    before = scan.live.match.actions
    assert scan.picture(png_bytes(tag_frame("kendo-taikai", "men-kote")))
    assert scan.live.picker.text == "MEN>KOTE" and scan.live.picker_open
    assert scan.status.startswith("Scanned: MEN>KOTE.")
    assert scan.outlined_png.startswith(b"\x89PNG")
    assert scan.live.match.actions == before


def test_continuous_scanning_changes_the_play_only_when_the_cards_in_view_change() -> None:
    scan = scanner()
    scan.start_continuous()
    men = png_bytes(tag_frame("kendo-taikai", "men"))
    assert scan.continuous_picture(men)
    scan.live.picker.edit("MEN + JODAN NO KAMAE")  # the referee adds what the camera did not see
    assert not scan.continuous_picture(men)
    assert scan.live.picker.text == "MEN + JODAN NO KAMAE"
    assert not scan.continuous_picture(png_bytes(blank_frame()))
    assert scan.continuous_picture(png_bytes(tag_frame("kendo-taikai", "kote")))
    assert scan.live.picker.text == "KOTE"


def test_foreign_tags_blank_pictures_and_broken_files_are_said_plainly() -> None:
    scan = scanner()
    assert not scan.picture(png_bytes(tag_frame("kenpo-masters", "jab")))
    assert scan.status.startswith("Seen only a code that is not this game's card")
    assert not scan.picture(png_bytes(blank_frame()))
    assert scan.status.startswith("Nothing recognised.")
    assert not scan.picture(b"\x89PNG\r\n\x1a\n broken", "photo.png")
    assert scan.status.endswith("The match is unchanged.") and "photo.png" in scan.status
    assert scan.live.picker.text == ""


def test_the_desktop_camera_says_plainly_when_there_is_none() -> None:
    import os

    from companion.app.components.scan_panel import opencv_picture

    if os.path.exists("/dev/video0"):
        pytest.skip("this machine has a camera: the no-camera message cannot be seen here")
    with pytest.raises(RuntimeError, match="this device reports no camera"):
        opencv_picture(0)


def test_a_card_registered_by_photo_is_recognised_untagged() -> None:
    rng = np.random.default_rng(1)
    kote, men = synthetic.card_face(5), synthetic.card_face(9)
    decks = DecksViewModel()
    decks.open("kendo-taikai")
    assert [name for _, name in decks.register_choices("kote")][:1] == ["KOTE"]
    assert decks.register_photo("kote", png_bytes(synthetic.photograph_card(kote, rng, 0.6)[0]))
    assert decks.message == "Registered KOTE: an untagged KOTE is now recognised by its face."
    assert decks.register_photo("men", png_bytes(synthetic.photograph_card(men, rng, 0.6)[0]))
    assert not decks.register_photo("do", png_bytes(blank_frame()), "table.png")
    assert decks.message.startswith("DO not registered: no card outline found")

    scan = scanner()
    assert scan.picture(png_bytes(synthetic.photograph_card(kote, rng, 0.5)[0]))  # another photo, no tag
    assert scan.live.picker.text == "KOTE"


def test_a_face_gallery_that_cannot_be_written_is_one_message(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the gallery's folder should be")
    monkeypatch.setenv("SHINPAN_FACES", str(blocker / "faces.npz"))
    rng = np.random.default_rng(2)
    decks = DecksViewModel()
    decks.open("kendo-taikai")
    assert not decks.register_photo("kote", png_bytes(synthetic.photograph_card(synthetic.card_face(5), rng, 0.6)[0]))
    assert decks.message.startswith("KOTE not registered:") and "cannot be written" in decks.message
    assert blocker.read_text() == "a file where the gallery's folder should be"


def test_a_damaged_face_gallery_still_lets_tags_be_read_and_says_so(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    faces = tmp_path / "faces.npz"
    faces.write_bytes(b"not a zip: half-written by a phone that died")
    monkeypatch.setenv("SHINPAN_FACES", str(faces))
    scan = scanner()
    before = scan.live.match.actions
    assert scan.picture(png_bytes(tag_frame("kendo-taikai", "men")), "camera picture")
    assert scan.live.picker.text == "MEN"
    assert "registered by photo cannot be read" in scan.status
    assert scan.live.match.actions == before


def test_scanned_cards_are_played_beside_the_scan_and_the_prompt_then_says_recorded() -> None:
    scan = scanner()
    press(scan.live, "Aiko: offer MEN 4")
    press(scan.live, "Ben: offer none")
    assert scan.picture(png_bytes(tag_frame("kendo-taikai", "men")), "photo")
    assert scan.awaiting_play and scan.shown_status().startswith("Scanned: MEN.")
    assert scan.play_scanned()
    assert not scan.awaiting_play
    assert scan.shown_status() == "Recorded. Scan the next play, or pick it by hand."
    assert scan.live.picker.text == "" and scan.outlined_png == b""
