"""The corner reader under the light and blur of a real table: a shadow's edge across an index or
across the pips, glare that pales the pips, light falling off across a face, a deck printed light
on dark paper, and a print blurred past its suit's shape, which is refused, never guessed.

Drawn cards need nothing else; one real photo is from the tune half of the committed CC BY 4.0 set
(benchmarks/data/cards-ammememe/manifest.json).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from cardscans.balanced_face import balance
from cardscans.card_drawing import blank_face, playing_card_face
from cardscans.card_glyphs import SHADED_LEVEL
from cardscans.pips import count_pips
from cardscans.playing_cards import CornerReader
from tests.cardscans.conftest import AMMEMEME_PHOTOS, WHOLE_FACE, cached_set, grey, named_in


@pytest.mark.parametrize("card", ["10H", "7S", "QD"])
def test_an_index_half_in_a_shadow_is_read_against_its_own_paper(card: str) -> None:
    """A shadow's edge across a corner index (Ammememe tune: a 10H's lower index by the counter's
    shadow): one cut for the whole corner takes the shaded paper for ink; cut against the paper
    around each glyph, it reads."""
    from cardscans.balanced_face import balance_by_corner

    face = playing_card_face(card).astype(np.float32)
    face[60:, :] *= 0.4  # the shadow's edge runs between the rank and the suit
    shaded = balance_by_corner(np.asarray(face, np.uint8))
    reader = CornerReader.standard()
    assert reader.read_corner(shaded, (0,)).card_id is None
    assert reader.read_index(shaded).card_id == card


@pytest.mark.parametrize("card", ["10D", "9C", "8H"])
def test_pips_that_glare_has_paled_are_counted_at_a_looser_cut(card: str) -> None:
    """Glare pales the upper pips beside dark ones (Ammememe tune: a 10D counted 9): the plain cut
    breaks them apart, so the index is refuted; counted again at the looser cut, they number it."""
    face = playing_card_face(card).astype(np.float32)
    face[40:180, 60:200] = 255 - (255 - face[40:180, 60:200]) * 0.4
    paled = np.asarray(face, np.uint8)
    rank = int(card[:-1])
    assert count_pips(balance(paled)) != rank
    assert count_pips(balance(paled), 1) == rank
    assert CornerReader.standard().examine(paled, WHOLE_FACE).card_id == card


@pytest.mark.parametrize("card", ["6H", "8C", "10D"])
def test_pips_half_in_a_shadow_are_counted_against_their_own_paper(card: str) -> None:
    """A shadow across the lower half of a card under a bright light (Ammememe tune: a 6H counted as
    a picture): the shaded pips set the cut, the pale lit ones fall short of it even at the looser
    cut, so the index is refuted; cut against the paper around each pip, they number it."""
    face = playing_card_face(card).astype(np.float32)
    face[:176, 40:212] = 255 - (255 - face[:176, 40:212]) * 0.3  # lit and pale
    face[176:] *= 0.45  # in the shadow, paper and print alike
    lit_and_shaded = np.asarray(face, np.uint8)
    rank = int(card[:-1])
    assert count_pips(balance(lit_and_shaded)) != rank
    assert count_pips(balance(lit_and_shaded), 1) != rank
    assert count_pips(balance(lit_and_shaded), SHADED_LEVEL) == rank
    assert CornerReader.standard().examine(lit_and_shaded, WHOLE_FACE).card_id == card


@pytest.mark.parametrize("card", ["7H", "10D", "AS", "5C", "QH", "KS"])
def test_a_card_printed_in_light_ink_on_dark_paper_is_read_as_its_negative(card: str) -> None:
    """A black deck prints gold hearts and diamonds and white spades and clubs on black paper: the
    face reads nothing as printed, so it is read as dark ink on light paper in grey, its suit's
    colour told by shape. A dark face with no print (a card's back) stays unrecognised."""
    reader = CornerReader.standard()
    face = playing_card_face(card)
    light_on_dark = np.asarray(255 - face, dtype=np.uint8)
    light_on_dark[..., 0] = np.minimum(light_on_dark[..., 0], 255 - face[..., 2] // 2)  # red ink as gold, not cyan
    assert light_on_dark[5, 126].max() < 80  # the paper is dark
    assert reader.examine(light_on_dark, WHOLE_FACE).card_id == card
    back = np.full_like(face, 30)
    seen = reader.examine(back, WHOLE_FACE)
    assert seen.kind == "unrecognised" and seen.card_id is None


def _in_falling_light(face: np.ndarray[Any, Any], darkest: float) -> np.ndarray[Any, Any]:
    """The face under a light that falls off towards its top right corner, to `darkest` of itself
    there (a phone's shadow, a lamp at one side)."""
    height, width = face.shape[:2]
    down, across = np.mgrid[0:height, 0:width].astype(np.float32)
    light = 1.0 - (1.0 - darkest) * (across / width + (1.0 - down / height)) / 2.0
    return np.asarray(face.astype(np.float32) * light[..., None], dtype=np.uint8)


@pytest.mark.parametrize("card", ["AH", "AC", "3S", "6C", "KS"])
def test_a_face_in_light_falling_off_across_it_is_read_by_a_white_that_follows_the_light(card: str) -> None:
    """Ammememe tune photos under a phone's shadow: one white for the whole face took the darker
    half's paper for ink (an AH's upper half read as a picture, a 6C's pips as one blob). The paper
    of the face's border ring, fitted by a plane, gives the white across the face (with one white,
    the aces and the 3S here are unread)."""
    reader = CornerReader.standard()
    assert reader.examine(_in_falling_light(playing_card_face(card), 0.2), WHOLE_FACE).card_id == card


def test_a_blank_card_in_falling_light_shows_no_print() -> None:
    """A card's back or a blank card under a shadow is no card: the shadow is not ink."""
    seen = CornerReader.standard().examine(_in_falling_light(blank_face(), 0.2), WHOLE_FACE)
    assert seen.kind == "unrecognised" and (seen.reason or "").startswith("no print")


def test_the_blur_measure_grows_with_the_blur_whatever_the_ink_cut() -> None:
    """A glyph's spread is measured against its ink's mass, which a blur keeps, so the tighter and
    looser cuts of one blurred suit measure alike, and a sharp print far under the limit."""
    from cardscans.card_glyphs import blur_spread, each_corner_cut
    from cardscans.corner_index import MAX_BLUR

    def spreads(sigma: float) -> list[float]:
        face = playing_card_face("4C")
        balanced = balance(cv2.GaussianBlur(face, (0, 0), sigma) if sigma else face)
        return [blur_spread(balanced, suit) for level in (0, -1, 1)
                for _, suit in each_corner_cut(balanced, level) if suit is not None]

    sharp, soft, shapeless = spreads(0), spreads(2), spreads(6)
    assert max(sharp) < MAX_BLUR / 2 < min(soft) <= max(soft) < MAX_BLUR < min(shapeless)


@pytest.mark.parametrize("card", ["4C", "7S", "KD"])
def test_a_face_blurred_past_its_suits_shape_is_never_named(card: str) -> None:
    """Blurred by a quarter of its suit's size, a club reads as a spade and a king's or a seven's
    lettering as a joker's: such an index is too blurred to read, and a joker over a number card's
    pips is refused by them."""
    seen = CornerReader.standard().examine(cv2.GaussianBlur(playing_card_face(card), (0, 0), 6), WHOLE_FACE)
    assert seen.kind == "unrecognised", seen.card_id


def test_two_blurred_indices_misread_alike_do_not_overrule_the_pips_the_face_shows(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Ammememe's 3H (its larger tune set) at half size, blurred by two pixels, in grey: both its
    indices read 5H (its flat-topped 3), and the examination of the outline they give refuses that
    for the three pips it shows. The two indices' agreement alone must not name the 5H either."""
    photo = cv2.imread(str(cached_set(photos, "ammememe-white-singles-more") / "IMG_20220921_194607.jpg"))
    blurred = cv2.GaussianBlur(cv2.resize(photo, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), (0, 0), 2.0)
    cv2.imwrite(str(tmp_path / "blurred_grey.png"), grey(blurred))
    [named] = named_in([tmp_path / "blurred_grey.png"], capsys)
    assert "5H" not in named


def test_a_real_photo_blurred_past_its_suits_shape_is_not_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Ammememe's 4C (tune half) at half size, blurred by two pixels: its club read as a spade, in
    colour and in grey."""
    photo = cv2.imread(str(AMMEMEME_PHOTOS / "IMG_20220921_200450.jpg"))
    blurred = cv2.GaussianBlur(cv2.resize(photo, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), (0, 0), 2.0)
    cv2.imwrite(str(tmp_path / "blurred.png"), blurred)
    cv2.imwrite(str(tmp_path / "blurred_grey.png"), grey(blurred))
    assert named_in([tmp_path / "blurred.png", tmp_path / "blurred_grey.png"], capsys) == [[], []]
