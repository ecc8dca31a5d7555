"""The corner indices of the playing cards in hand (issue 16), chosen on the Decks screen, reach the scanner:
a German jack (a B in its corners) is named by a German reader and left unrecognised by an English one;
a four-index card whose lower half lies under another is outlined whole by its top indices only while
the deck is said to print all four corners (said to print two, it is named by one index, at its corner)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from cardscans import synthetic
from cardscans.card_drawing import draw_suit, playing_card_face
from companion.app.db_adapter import DbStore
from companion.app.scan_adapter import OUTLINE_CARD
from companion.app.viewmodels.app import AppViewModel
from companion.app.viewmodels.settings import SettingsViewModel
from companion.rules.registry import get_ruleset
from db.engine import open_database


def german_jack_of_spades_on_a_table() -> bytes:
    """A drawn jack of spades lettered the German way (B for Bube) lying on a dark table."""
    face = playing_card_face("2S")
    face[4:60, 4:48] = 250
    face[-60:-4, -48:-4] = 250
    cv2.putText(face, "B", (10, 46), cv2.FONT_HERSHEY_TRIPLEX, 1.3, (20, 20, 20), 3, cv2.LINE_AA)
    draw_suit(face, "S", (22, 70), 26)
    face[-90:, -60:] = face[:90, :60][::-1, ::-1]
    face[100:260, 80:180] = (60, 140, 200)  # a picture, not pips
    table = np.full((720, 960, 3), (40, 70, 30), dtype=np.uint8)
    top, left = (720 - face.shape[0]) // 2, (960 - face.shape[1]) // 2
    table[top:top + face.shape[0], left:left + face.shape[1]] = face
    ok, png = cv2.imencode(".png", table)
    assert ok
    return png.tobytes()


def queen_of_diamonds_under_the_seven_of_spades() -> bytes:
    """A four-index QD on a mat, its lower half under a 7S turned across it: only its two top indices show."""
    ok, png = cv2.imencode(".png", synthetic.trick(playing_card_face("QD", four_indices=True), playing_card_face("7S")))
    assert ok
    return png.tobytes()


def card_outline_pixels(outlined_png: bytes) -> int:
    """How much of the scanned picture is drawn in the named cards' outline colour."""
    picture = cv2.imdecode(np.frombuffer(outlined_png, np.uint8), cv2.IMREAD_COLOR)
    return int(np.all(picture == np.array(OUTLINE_CARD, np.uint8), axis=2).sum())


def mace_app(tmp_path: Path) -> AppViewModel:
    store = DbStore(open_database(f"sqlite:///{tmp_path / 'shinpan.db'}"), "test database")
    app = AppViewModel(store, tmp_path / "settings.json")
    match_id, _ = store.start(get_ruleset("mace").make_setup(["Ann", "Ben"]))
    app.go("live", match_id)
    return app


def test_the_decks_screens_corner_letters_reach_the_scanner(tmp_path: Path) -> None:
    app = mace_app(tmp_path)
    app.go("decks")
    app.decks.open("mace-standard")
    assert app.decks.plays_with_playing_cards()
    picture = german_jack_of_spades_on_a_table()

    app.go("live", app.live.match_id if app.live else None)
    assert app.scan is not None and app.scan.card_print.letters == "english"
    assert not app.scan.picture(picture)  # an English reader never names a B
    assert app.scan.last_seen == ()

    app.settings.set_card_indices("german")
    app.go("live", app.live.match_id if app.live else None)
    assert app.scan is not None and app.scan.card_print.letters == "german"
    assert app.scan.picture(picture)
    assert list(map(str.upper, app.scan.last_seen)) == ["JS"]  # () above: mypy types no item
    assert SettingsViewModel.load(tmp_path / "settings.json").card_indices == "german"  # kept for next time


def test_the_decks_screens_index_corners_reach_the_scanner(tmp_path: Path) -> None:
    app = mace_app(tmp_path)
    picture = queen_of_diamonds_under_the_seven_of_spades()
    assert app.settings.card_corners == 4  # the default reads a four-index deck whole
    assert app.scan is not None and app.scan.picture(picture)
    assert sorted(card.upper() for card in app.scan.last_seen) == ["7S", "QD"]
    whole = card_outline_pixels(app.scan.outlined_png)

    app.settings.set_card_corners(2)  # "Two corners" on the Decks screen
    app.go("live", app.live.match_id if app.live else None)
    assert app.scan is not None and app.scan.picture(picture)
    # the QD's top-right index is not looked at as a corner: its one top-left index names it, and the
    # picture outlines it at that corner, not round the whole card
    assert sorted(card.upper() for card in app.scan.last_seen) == ["7S", "QD"]
    assert card_outline_pixels(app.scan.outlined_png) < 0.85 * whole
    assert SettingsViewModel.load(tmp_path / "settings.json").card_corners == 2  # kept for next time
    app.settings.set_card_corners(3)  # no deck prints three: refused, the choice kept
    assert app.settings.card_corners == 2
