"""Pictures are read off the screen's thread (scan_panel.read_off_screen): a scene takes the scanner a
fifth of a second on this machine and longer on a phone, and the referee's taps must not wait for it.
A picture taken before the match moved on is not put into the play (its cards are the play before)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.app.components import scan_panel
from companion.app.scan_adapter import scan_picture
from companion.app.storage import MemoryStore
from companion.app.viewmodels.scan import ScanViewModel
from tests.app.helpers import press, start_kendo
from tests.app.tag_pictures import png_bytes, tag_frame

WAIT = 20.0  # seconds a held read waits for the screen before the test gives up on it


@pytest.fixture(autouse=True)
def own_face_gallery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHINPAN_FACES", str(tmp_path / "faces.npz"))


class TablePictures(scan_panel.CameraHolder):
    """The camera's side: the same picture of the table each time (what a still table shows)."""

    def __init__(self, picture: bytes) -> None:
        super().__init__()
        self.picture = picture

    async def take(self) -> bytes:
        return self.picture


class HeldScan:
    """The real scan, its first read held at its start until the screen has done something (`released`):
    a read run on the screen's own thread would hold the screen too, so `released` would never be set."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.released = threading.Event()
        self.reads = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.reads += 1
        if self.reads == 1:
            self.started.set()
            assert self.released.wait(WAIT), "the screen's thread waited for the picture to be read"
        return scan_picture(*args, **kwargs)


def test_a_tap_is_recorded_while_a_picture_is_read_and_the_older_picture_is_not_played() -> None:
    app = start_kendo(MemoryStore())
    assert app.live is not None
    live = app.live
    held = HeldScan()
    scan = ScanViewModel(live, scan=held)
    camera = TablePictures(png_bytes(tag_frame("kendo-taikai", "men")))
    redraws: list[str] = []

    async def referee() -> None:
        live.toggle_scanner()
        scan.start_continuous()
        scanning = asyncio.create_task(scan_panel._continuous(scan, camera, lambda: redraws.append(live.picker.text)))
        assert await asyncio.to_thread(held.started.wait, WAIT)
        steps = len(live.match.actions)
        press(live, "Aiko: offer MEN 4")  # a tap answered while the picture is being read
        assert len(live.match.actions) == steps + 1
        held.released.set()
        for _ in range(int(WAIT / 0.05)):  # the next picture, taken after the tap, is read too
            if redraws:
                break
            await asyncio.sleep(0.05)
        scan.stop_continuous()
        await asyncio.wait_for(scanning, WAIT)

    asyncio.run(referee())
    # the first picture showed the table before the offer: dropped; the one after it fills the play
    assert redraws == ["MEN"]
    assert live.picker.text == "MEN" and scan.awaiting_play


def test_a_picture_read_after_a_play_or_an_undo_asks_for_another() -> None:
    app = start_kendo(MemoryStore())
    assert app.scan is not None
    scan = app.scan
    read = scan.reading(png_bytes(tag_frame("kendo-taikai", "men")), "camera picture")
    scan.reading_started()  # the panel's Take picture and Choose a photo wait while it is read
    assert scan.reading_picture and scan.status == "Reading the picture..."
    press(scan.live, "Aiko: offer MEN 4")  # recorded while the picture was on its way
    assert not scan.show_picture(read())
    assert not scan.reading_picture
    assert scan.status == "The match moved on while the picture was read: take it again."
    assert scan.live.picker.text == ""
    assert scan.show_picture(scan.reading(png_bytes(tag_frame("kendo-taikai", "men")), "camera picture")())
    assert scan.live.picker.text == "MEN"
    kote = scan.reading(png_bytes(tag_frame("kendo-taikai", "kote")), "camera picture")
    scan.live.undo()  # an undo moves the match on too: the picture shows the table before it
    assert not scan.show_picture(kote())
    assert scan.live.picker.text == "MEN" and scan.status.startswith("The match moved on")


def test_cards_registered_by_photo_at_once_are_all_kept() -> None:
    """Registrations run off the screen's thread (the Decks screen), so two can overlap: each reads,
    changes and saves the one face gallery, and none may lose another's card."""
    import numpy as np

    from cardscans import synthetic
    from cardscans.recognizer import FaceGallery
    from companion.app.scan_adapter import faces_path, register_card_photo

    rng = np.random.default_rng(3)
    cards = {"kote": 5, "men": 9, "do": 3, "tsuki": 7}
    photos = {card: png_bytes(synthetic.photograph_card(synthetic.card_face(face), rng, 0.6)[0])
              for card, face in cards.items()}
    threads = [threading.Thread(target=register_card_photo, args=("kendo-taikai", card, photo))
               for card, photo in photos.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert sorted(card for _, card in FaceGallery.load(faces_path()).keys) == sorted(cards)
