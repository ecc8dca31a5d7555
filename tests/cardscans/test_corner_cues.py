"""The corner reader's cheap cross-checks: pips that confirm or refute an index, the other corner's
rank, a letter broken in two, and greyscale photos, where only a suit's shape tells red from black;
and the ink cuts: washed-out prints, and the tighter and looser cuts tried when the plain one reads
nothing, which never overrule it; a small card's colour a frame's sample misses; a rank that a blur
paled or that a letter and a number fit alike. Shadows, glare, falling light, light-on-dark decks
and blur past reading are test_light_and_blur.py's.

The real photos come from the local cache (benchmarks/data/cards-real/SOURCE.md); those tests skip
without it. Drawn cards need no cache, nor the Ammememe photos (committed, CC BY 4.0; only photos of
its tune half, benchmarks/data/cards-ammememe/manifest.json).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from cardscans.balanced_face import balance, is_colourless
from cardscans.card_drawing import RANK_BOX, SUIT_BOX, blank_face, draw_rank, draw_suit, playing_card_face
from cardscans.card_glyphs import SHADED_LEVEL
from cardscans.card_indices import NUMBERS, SUITS, IndexSet
from cardscans.corner_index import PLAYING_CARD_IDS
from cardscans.pipeline import Scanner
from cardscans.pips import count_pips
from cardscans.playing_cards import CornerReader, frame_is_colourless
from cardscans.top_indices import examine_top
from tests.cardscans.conftest import AMMEMEME_PHOTOS, WHOLE_FACE, cached_set, grey, named_in


def half_size(source: Path, target: Path, scale: float = 0.5) -> Path:
    image = cv2.imread(str(source))
    cv2.imwrite(str(target), cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA))
    return target


def test_a_greyscale_face_is_read_by_its_suits_shape_and_never_given_the_other_colour() -> None:
    reader = CornerReader.standard()
    read = {card: reader.examine_face(grey(playing_card_face(card)), colourless=True).card_id
            for card in PLAYING_CARD_IDS}
    assert all(name in (card, None) for card, name in read.items()), read
    assert {"5H", "QD", "10H", "AD", "8C", "JC"} <= {card for card, name in read.items() if name == card}


def test_a_black_card_drawn_in_neutral_ink_is_not_taken_for_a_greyscale_photo() -> None:
    reader = CornerReader.standard()
    assert all(reader.examine_face(playing_card_face(card)).card_id == card for card in ("7S", "AS", "10C"))
    assert is_colourless(grey(playing_card_face("5H")))
    assert not is_colourless(playing_card_face("5H"))


def test_a_lone_corner_is_confirmed_by_the_pips_or_the_other_corners_rank(
        photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rdpong's 7H: the outline cuts the other 7, and 7 hearts confirm the one left; pstephenwille's
    KS: the other corner's suit reads as no suit, its K agrees."""
    results = named_in([photos / "rdpong-singles" / "7hearts.jpg",
                        photos / "pstephenwille-singles" / "cards-SK-001.jpg"], capsys)
    assert results == [["7H"], ["KS"]]


def test_pips_settle_corners_that_disagree_and_refute_a_letter(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A low camera cuts off the "1" of rdpong's 10H, whose "0" then reads as a Q: ten pips say 10.
    Blurred, a 9D reads as a Q in both corners: a court card never shows nine pips."""
    blurred = tmp_path / "green_many_blurred.png"
    cv2.imwrite(str(blurred), cv2.GaussianBlur(cv2.imread(str(photos / "rdpong-scenes" / "green_many.jpg")),
                                               (0, 0), 2.0))
    extreme, soft = named_in([photos / "rdpong-scenes" / "3cards_extreme.jpg", blurred], capsys)
    assert "10H" in extreme and "QH" not in extreme
    assert set(soft) <= {"9D", "4H", "5C", "JS", "AC", "2C"}


def test_glyphs_cut_from_photos_of_an_english_deck_read_english_decks_alone() -> None:
    # cut from photos of a casino deck (cardscans/glyphs/english-photographed.npz): a German or
    # French deck prints its tens and figures otherwise, and is read by the art's glyphs alone; the
    # suits are the art's for every deck (suits cut from the tune hands' photos invented cards, stop 40)
    cases: tuple[tuple[IndexSet, int], ...] = (("english", 6), ("german", 0), ("french", 0))
    for indices, more in cases:
        read = CornerReader.standard(indices)
        art_only = CornerReader.standard(indices, photographed=False)
        assert {rank: len(masks) - len(art_only.ranks[rank]) for rank, masks in read.ranks.items()} == {
            rank: more if rank in (*NUMBERS, "A", "Q", "K") else 0 for rank in read.ranks}
        assert {suit: len(masks) - len(art_only.suits[suit]) for suit, masks in read.suits.items()} == {
            suit: 0 for suit in SUITS}


def test_a_german_dame_broken_in_two_is_a_queen_never_a_ten(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The D's stem parts from its bowl and the two blobs side by side looked like a "10"; a glyph
    in two pieces read as one letter must not show pips (a blurred 10H's "1" once read as a K)."""
    blurred = tmp_path / "Herz_Zehn_blurred.png"
    cv2.imwrite(str(blurred), cv2.GaussianBlur(cv2.imread(str(photos / "anima-german-singles" / "Herz_Zehn.JPG")),
                                               (0, 0), 2.0))
    dame, ten = named_in([photos / "anima-german-singles" / "Karo_Dame.JPG", blurred], capsys, "--indices", "german")
    assert dame == ["QD"]
    assert ten in ([], ["10H"])


def test_a_rank_printed_against_a_pip_is_taken_off_it(photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """anima's 10H prints its "0" touching a heart: the "1" alone read as a 4 (which the ten pips
    refused); the "0" taken off the heart makes the index a 10 again."""
    assert named_in([photos / "anima-german-singles" / "Herz_Zehn.JPG"], capsys, "--indices", "german") == [["10H"]]


def test_greyscale_photos_are_named_right_or_not_at_all(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ["5diamonds", "Qhearts", "7spades", "9clubs", "Adiamonds", "Kclubs", "3hearts", "10spades"]
    ids = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
    paths = []
    for name in names:
        path = tmp_path / f"{name}.png"
        cv2.imwrite(str(path), grey(cv2.imread(str(photos / "rdpong-singles" / f"{name}.jpg"))))
        paths.append(path)
    results = named_in(paths, capsys)
    truths = [next(name[: -len(suit)] + ids[suit] for suit in ids if name.endswith(suit)) for name in names]
    assert all(named in ([truth], []) for truth, named in zip(truths, results, strict=True)), results
    assert sum(named == [truth] for truth, named in zip(truths, results, strict=True)) >= 6


def test_a_court_cards_suit_marks_tell_spade_from_club(photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At a low angle the queen of spades' index spade loses its stem and matches a club as well; the
    large spades beside her picture tell."""
    [named] = named_in([photos / "rdpong-scenes" / "8card_slight.jpg"], capsys)
    assert "QS" in named and "QC" not in named


def test_a_washed_out_pink_print_is_read(capsys: pytest.CaptureFixture[str]) -> None:
    """Ammememe's pale AD and 4H (tune half): the face's contrast measured 0.32-0.34, under the blank
    face's old 0.35; the ink, darkest at 0.6-0.76 of the paper, is cut halfway to its own paper; and
    its red, 0.10-0.16 above the other channels, is red for how pale it is."""
    photos = [AMMEMEME_PHOTOS / "IMG_20220921_200516.jpg", AMMEMEME_PHOTOS / "IMG_20220921_200553.jpg"]
    assert named_in(photos, capsys) == [["AD"], ["4H"]]


def test_a_blurred_glyph_is_cut_tighter_and_a_thin_one_looser(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At half size the greyscale AS of Ammememe's tune half fills its A's counter at the plain cut
    (it read an A at 0.58), and the serif A of anima's Herz_Ass loses its thin left leg to the heart
    that sets the cut: a tighter cut and a looser one read them."""
    spade = half_size(AMMEMEME_PHOTOS / "IMG_20220921_201437.jpg", tmp_path / "ace_of_spades.png")
    heart = half_size(photos / "anima-german-singles" / "Herz_Ass.JPG", tmp_path / "Herz_Ass.png")
    assert named_in([spade], capsys) == [["AS"]]
    assert named_in([heart], capsys, "--indices", "german") == [["AH"]]


def test_a_corner_read_at_another_ink_cut_never_overrules_the_plain_one(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """anima's Kreuz_Dame darkened: one corner reads QC at the plain cut; the other, read only at the
    tighter cut, breaks the D's thin stem off and reads a "10". The plain corner is kept, and
    confirmed by the deck's third index."""
    dark = tmp_path / "Kreuz_Dame_dark.png"
    image = cv2.imread(str(photos / "anima-german-singles" / "Kreuz_Dame.JPG")).astype(np.float32)
    cv2.imwrite(str(dark), np.clip(image * 0.45, 0, 255).astype(np.uint8))
    assert named_in([dark], capsys, "--indices", "german") == [["QC"]]


def test_a_small_spade_too_like_a_club_is_told_by_the_court_cards_suit_marks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Ammememe's QS (tune half) at 0.7 of its size: one corner reads QS, not clear-cut alone; the
    other reads the Q, its spade matching a club as well as a spade. The large spades beside the
    queen's picture side with the first corner."""
    small = half_size(AMMEMEME_PHOTOS / "IMG_20220921_194451.jpg", tmp_path / "queen_of_spades.png", scale=0.7)
    assert named_in([small], capsys) == [["QS"]]


def stemmed_pips_face(count: int, stray: bool = False) -> np.ndarray[Any, Any]:
    """A drawn face of `count` round pips, each with its stem parted from it by a pixel or two (as
    blur parts a small spade's); `stray`: one more such bit lying apart from every pip."""
    canvas = np.full((352, 252, 3), 250, np.uint8)
    for index in range(count):
        x, y = (90, 160)[index % 2], 70 + 45 * (index // 2)
        cv2.circle(canvas, (x, y), 14, (20, 20, 20), -1)
        cv2.rectangle(canvas, (x - 2, y + 16), (x + 2, y + 25), (20, 20, 20), -1)
    if stray:
        cv2.rectangle(canvas, (123, 250), (127, 259), (20, 20, 20), -1)
    return canvas


def test_a_pips_stem_parted_by_blur_belongs_to_its_pip_on_a_face_of_many_pips() -> None:
    """rdpong's 9S at a third of its size: each spade's stem parts from its pip, and the little blobs
    beside pips twenty times larger made the face "a picture", so a 9S whose index read as a Q in
    both corners went unrefuted. Stems hugging pips count with them, from three pips; a face of two
    pips with bits beside them stays a picture (a court card's two suit marks must never confirm a
    2), and so does a face with a bit lying apart from every pip."""
    counted = {count: count_pips(balance(stemmed_pips_face(count))) for count in (2, 3, 4, 9)}
    assert counted == {2: -1, 3: 3, 4: 4, 9: 9}  # three: a small 3S of the Ammememe tune photos
    assert count_pips(balance(stemmed_pips_face(9, stray=True))) == -1


def test_a_small_nine_of_spades_is_never_named_a_queen(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rdpong's 8cards_top at 0.35 of its size: the 9S read QS in both corners (0.79, 0.77), and its
    pips, their stems parted, counted as a picture. Now nine pips refute the queen."""
    small = half_size(photos / "rdpong-scenes" / "8cards_top.jpg", tmp_path / "8cards_top_small.png", scale=0.35)
    [named] = named_in([small], capsys)
    labelled = ["AD", "7C", "AC", "9S", "6C", "10H", "4S", "QS"]
    assert sorted(named) == sorted(set(named)) and set(named) <= set(labelled), named
    assert len(named) >= 6


def _with_index(face: np.ndarray[Any, Any], rank: str, suit: str | None, corner: str) -> np.ndarray[Any, Any]:
    """`face` with the index at `corner` (top-left; top-right, printed upright as a four-index deck
    prints it; or bottom-right, upside down) replaced by another rank and suit (None: no suit, as
    where another card covers it)."""
    height, width = SUIT_BOX[1] + SUIT_BOX[3] + 4, RANK_BOX[0] + RANK_BOX[2] + 6
    index = blank_face()[:height, :width].copy()
    draw_rank(index, rank, RANK_BOX, suit in ("H", "D"))
    if suit is not None:
        x, y, w, _ = SUIT_BOX
        draw_suit(index, suit, (x + w // 2, y + w // 2), int(w * 0.8))
    changed = face.copy()
    if corner == "top-left":
        changed[:height, :width] = index
    elif corner == "top-right":
        changed[:height, -width:] = index
    else:
        changed[-height:, -width:] = index[::-1, ::-1]
    return changed


def test_pips_settle_two_corners_that_read_different_numbers() -> None:
    """A small 8S of the Ammememe tune photos read 10 in one corner: eight pips say which corner is
    right. Pips that number neither leave the card unrecognised."""
    reader = CornerReader.standard()
    assert reader.examine_face(_with_index(playing_card_face("8S"), "10", "S", "bottom-right")).card_id == "8S"
    neither = _with_index(_with_index(playing_card_face("8S"), "7", "S", "top-left"), "10", "S", "bottom-right")
    assert reader.examine_face(neither).card_id is None


def test_two_top_indices_that_read_a_number_and_a_court_card_are_settled_by_what_lies_between() -> None:
    """A German B whose stem parts from its bowls reads as a 10 in one of the two top indices left
    in view: a picture below them makes it the court card, pips the number."""
    reader = CornerReader.standard()
    jack = _with_index(playing_card_face("JD", four_indices=True), "10", "D", "top-right")
    ten = _with_index(playing_card_face("10D", four_indices=True), "J", "D", "top-right")
    assert examine_top(reader, jack, WHOLE_FACE, None, False).card_id == "JD"
    assert examine_top(reader, ten, WHOLE_FACE, None, False).card_id == "10D"
    # a number read from both top indices over a picture is a court card's lower half, never named
    fours = _with_index(_with_index(jack, "4", "D", "top-left"), "4", "D", "top-right")
    assert examine_top(reader, fours, WHOLE_FACE, None, False).kind == "unrecognised"
    # and a court card read from both over pips is a 10 misread (a German 10's "1" and "0" as a K)
    ten_of_kings = _with_index(playing_card_face("10D", four_indices=True), "K", "D", "top-left")
    kings = _with_index(ten_of_kings, "K", "D", "top-right")
    assert examine_top(reader, kings, WHOLE_FACE, None, False).kind == "unrecognised"


def test_a_third_corner_never_confirms_where_the_opposite_one_prints_another_rank() -> None:
    """One outline round a German trick's two taped cards: the back card's KC at the top, the front
    card's A at the bottom, its suit under the back card's edge. The top right K used to confirm the
    top left one; the A now refuses it."""
    reader = CornerReader.standard()
    king = playing_card_face("KC", four_indices=True)
    assert reader.examine(king, WHOLE_FACE).card_id == "KC"
    over_an_ace = _with_index(king, "A", None, "bottom-right")
    assert reader.examine(over_an_ace, WHOLE_FACE).kind == "unrecognised"


def test_blobs_cut_by_the_middles_sides_are_never_counted_as_pips() -> None:
    """A trick's back AH, its top strip found as an outline and read turned a quarter: its other
    A's two legs, cut by the middle's side, counted as two pips and confirmed a 2H read at 0.53."""

    def two_strokes(x: int) -> np.ndarray[Any, Any]:
        canvas = np.full((352, 252, 3), 250, np.uint8)
        for y in (150, 210):
            cv2.rectangle(canvas, (x, y), (x + 10, y + 35), (20, 20, 20), -1)
        return canvas

    assert count_pips(balance(two_strokes(120))) == 2
    assert count_pips(balance(two_strokes(203))) == -1  # across the middle's right side (209)


def test_a_court_cards_top_index_whose_suit_is_crowded_takes_the_other_top_indexs_suit() -> None:
    """A German D's small suit crowded by the large one its picture holds beside it: the letter
    still reads, and the other top index gives the suit. A number's lone rank never borrows one."""
    reader = CornerReader.standard()
    queen = _with_index(playing_card_face("QC", four_indices=True), "Q", None, "top-left")
    assert examine_top(reader, queen, WHOLE_FACE, None, False).card_id == "QC"
    ten = _with_index(playing_card_face("10C", four_indices=True), "10", None, "top-left")
    assert examine_top(reader, ten, WHOLE_FACE, None, False).kind == "unrecognised"


def test_an_ace_over_a_picture_is_refused_and_one_with_a_flourish_named() -> None:
    """A crown's rim over a court card's large heart read as an A (a German trick's back card whose
    outline cut off its own index): an ace prints nothing that wide above its middle."""
    reader = CornerReader.standard()
    over_a_picture = playing_card_face("AH").copy()
    cv2.rectangle(over_a_picture, (50, 30), (202, 320), (60, 50, 150), -1)  # 0.6 of the face wide
    seen = reader.examine(over_a_picture, WHOLE_FACE)
    assert seen.kind == "unrecognised" and "a picture" in (seen.reason or "")
    with_a_flourish = playing_card_face("AH").copy()
    cv2.circle(with_a_flourish, (126, 70), 25, (60, 50, 150), -1)
    assert reader.examine(with_a_flourish, WHOLE_FACE).card_id == "AH"


def test_court_cards_pictures_and_number_cards_pips_stand_either_side_of_the_picture_minimum() -> None:
    """A court card named by its two top indices needs a print wider than MIN_PICTURE_SIDE above its
    middle (a German D's head over a trick's front card measured 0.34); no number card's pips reach it."""
    from cardscans.card_indices import NUMBERS
    from cardscans.pips import widest_print_above_middle
    from cardscans.top_indices import MIN_PICTURE_SIDE

    def widest(card: str) -> float:
        return widest_print_above_middle(balance(playing_card_face(card, four_indices=True)))

    assert max(widest(rank + suit) for rank in NUMBERS for suit in "HDSC") < MIN_PICTURE_SIDE
    assert min(widest(rank + suit) for rank in "JQK" for suit in "HDSC") > MIN_PICTURE_SIDE


def with_a_picture(face: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """`face` with a court card's picture in its middle: blobs of several sizes and colours."""
    pictured = face.copy()
    cv2.rectangle(pictured, (70, 80), (182, 160), (60, 50, 150), -1)  # a head and a crown
    cv2.rectangle(pictured, (100, 190), (150, 230), (30, 160, 200), -1)  # a hand
    cv2.circle(pictured, (126, 262), 7, (40, 40, 40), -1)  # a brooch
    return pictured


def test_a_number_read_in_one_corner_of_a_face_that_shows_a_picture_leaves_the_court_card_named() -> None:
    """A far QD (tune photo) whose blurred bottom "Q" read as a 4: the face shows a picture, not four
    pips, so the 4 is a misread and the clear Q names the card, its suit seen in both corners. A 4
    of another suit does not confirm the Q, so on an outline not found alone the card stays
    unrecognised; and a face of four pips is the 4, whichever corner reads a Q."""
    reader = CornerReader.standard()
    queen = with_a_picture(playing_card_face("QD"))
    assert reader.examine(_with_index(queen, "4", "D", "bottom-right"), WHOLE_FACE).card_id == "QD"
    assert reader.examine(_with_index(queen, "4", "S", "bottom-right"), WHOLE_FACE).kind == "unrecognised"
    four = _with_index(playing_card_face("4D"), "Q", "D", "top-left")
    assert reader.examine(four, WHOLE_FACE).card_id == "4D"


def printed_pips(suit: str) -> np.ndarray[Any, Any]:
    """A greyscale number card's middle as a real deck prints it: four pips upright above the
    middle and four turned upside down below it (the drawn faces print every pip upright)."""
    face = blank_face()
    for x in (90, 162):
        for y in (70, 130):
            draw_suit(face, suit, (x, y), 44)
    below = blank_face()
    for x in (90, 162):
        for y in (70, 130):
            draw_suit(below, suit, (x, y), 44)
    face[176:] = np.minimum(face[176:], below[::-1, ::-1][176:])
    return grey(face)


def test_a_greyscale_suits_colour_left_in_doubt_by_the_index_is_told_by_the_pips() -> None:
    """A small club or spade in a greyscale photo matches the diamond templates nearly as well as its
    own (tune photos: 0.73 against 0.80), so its colour is in doubt; the pips, the suit printed large,
    lean plainly one way. A face with no pips tells nothing."""
    from cardscans.pips import pip_colour

    suits = CornerReader.standard()._bank("suit")
    assert {suit: pip_colour(balance(printed_pips(suit), True), suits) for suit in "HDSC"} == {
        "H": True, "D": True, "S": False, "C": False}
    assert pip_colour(balance(grey(blank_face()), True), suits) is None


def test_a_greyscale_nine_of_diamonds_under_glare_is_named_by_its_pips_colour(
        photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tune photo IMG_20220921_201330 (the larger tune set, cached): a 9D under a glossy sheet, in a
    monochrome photo; its index's diamond leads the black suits by under 0.1, its nine pips decide."""
    path = photos / "ammememe-white-singles-more" / "IMG_20220921_201330.jpg"
    if not path.is_file():
        pytest.skip(f"{path} is missing: run benchmarks/data/cards-ammememe/more_tune.py")
    assert named_in([path], capsys) == [["9D"]]


@pytest.mark.parametrize("card", ["6H", "9S", "3C"])
def test_a_joker_read_over_a_number_cards_pips_is_refused_and_a_joker_named(card: str) -> None:
    """A joker prints a picture or its name across its middle, never a number card's pips above and
    below it: a number card whose indices read as the joker's lettering (a 2C blurred until its 2
    and club ran into one tall blob) is refused; a joker whose name stands in its middle is still a
    joker."""
    reader = CornerReader.standard()
    lettered = _with_index(_with_index(playing_card_face(card), "JK", None, "top-left"), "JK", None, "bottom-right")
    seen = reader.examine(lettered, WHOLE_FACE)
    assert seen.kind == "unrecognised" and f"shows {card[:-1]} pips" in (seen.reason or "")
    assert reader.examine(playing_card_face("JK"), WHOLE_FACE).card_id == "JK"


def _small_in_a_neutral_frame(card: str, blur: float) -> np.ndarray[Any, Any]:
    """A drawn card three tenths of its size (75 x 106 px) on a perfectly neutral 640 x 480 table."""
    small = cv2.resize(playing_card_face(card), None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
    if blur:
        small = cv2.GaussianBlur(small, (0, 0), blur)
    frame = np.full((480, 640, 3), 60, np.uint8)
    frame[100: 100 + small.shape[0], 200: 200 + small.shape[1]] = small
    return frame


@pytest.mark.parametrize("card", ["3D", "9D", "10D"])
def test_a_small_red_card_a_frames_sample_misses_is_never_given_a_black_suit(card: str) -> None:
    """A frame judged greyscale by a sample of its pixels may hold a card too small for the sample
    to meet its red: the suit's colour was then told by its blurred shape, and a diamond read as a
    spade. Ink the face shows in colour is coloured."""
    scanner = Scanner.for_catalog("playing-cards")
    assert frame_is_colourless(_small_in_a_neutral_frame(card, 1.2))
    named = [s.card_id for s in scanner.scan(_small_in_a_neutral_frame(card, 1.2), effort="fast") if s.kind == "card"]
    assert named in ([], [card])
    assert [s.card_id for s in scanner.scan(_small_in_a_neutral_frame("QD", 0), effort="fast")] == ["QD"]


def test_a_small_blurred_index_is_read_at_a_looser_cut_about_its_own_place() -> None:
    """An index found without its card's outline (cardscans.index_pairs) is read at the tighter and
    looser cuts too where the plain cut and the cut against its paper read nothing: a small blurred
    A's counter fills or its legs part. What it reads there is still only one index of a pair, which
    the outline's examination must confirm. (A fifth of the size, its suit blurs past MAX_BLUR and
    the index is refused as too blurred.)"""
    from cardscans.balanced_face import balance_by_corner

    reader = CornerReader.standard()
    for card in ("AS", "AH"):
        small = cv2.GaussianBlur(cv2.resize(playing_card_face(card), None, fx=0.22, fy=0.22,
                                            interpolation=cv2.INTER_AREA), (0, 0), 0.8)
        index = balance_by_corner(cv2.resize(small, (252, 352), interpolation=cv2.INTER_LINEAR))
        assert reader.read_corner(index, (0, SHADED_LEVEL)).card_id is None
        assert reader.read_index(index).card_id == card


def test_a_greyscale_index_whose_suits_colour_is_in_doubt_still_gives_its_rank() -> None:
    """Its partner index may name the card: the two pair on the rank, and the outline they give is
    examined expecting that card (a 6C whose lower index's club matched a diamond nearly as well:
    tune photos)."""
    from cardscans.balanced_face import balance_by_corner

    blurred = grey(cv2.GaussianBlur(playing_card_face("4C"), (0, 0), 2))
    reading = CornerReader.standard().read_index(balance_by_corner(blurred, True))
    assert reading.card_id is None and reading.rank == "4" and "colour unknown" in reading.reason


def test_an_unread_index_tells_how_far_it_got_at_any_cut() -> None:
    """A shadow across a greyscale 5C's suit: the plain cut finds no suit below the 5, the cut
    against the paper finds the club but not its colour. The reading kept is the one that got
    further, a rank over a suit, so its partner index can pair on it and the reason says what
    was missing."""
    from cardscans.balanced_face import balance_by_corner

    face = cv2.GaussianBlur(playing_card_face("5C"), (0, 0), 1).astype(np.float32)
    face[60:, :] *= 0.4
    index = balance_by_corner(grey(np.asarray(face, np.uint8)), True)
    reader = CornerReader.standard()
    assert reader.read_corner(index, (0,)).reason == "no suit below the rank"
    reading = reader.read_corner(index, (0, SHADED_LEVEL))
    assert reading.card_id is None and reading.rank == "5" and "colour unknown" in reading.reason


@pytest.mark.parametrize("suit", ["D", "H", "S", "C"])
def test_a_pip_over_a_smaller_pip_is_no_corner_index(suit: str) -> None:
    """A large pip where a rank stands, a small one below it (the pips of a card seen as a corner on an
    outline three cards wide): shaped like a suit, it is no rank, whatever rank it resembles (a diamond a
    "4", a heart a "7": rf100 tune scenes, where two such pips side by side named a 4D that was not there)."""
    face = blank_face()
    draw_suit(face, suit, (24, 40), 30)
    draw_suit(face, suit, (24, 78), 18)
    face[-120:, -70:] = face[:120, :70][::-1, ::-1]
    draw_suit(face, suit, (126, 176), 40)
    reader = CornerReader.standard()
    reading = reader.read_corner(balance(face))
    assert reading.card_id is None and reading.reason == "the rank is shaped like a suit (a pip, not a corner index)"
    assert reader.read(face) is None



def _rank_repainted(card: str, bgr: tuple[int, int, int]) -> np.ndarray[Any, Any]:
    """A drawn card whose top-left rank is repainted in `bgr`, its suit left in the card's own ink."""
    face = playing_card_face(card)
    x, y, w, h = RANK_BOX
    box = face[y:y + h, x:x + w]
    box[box.min(axis=2) < 200] = bgr
    return face


@pytest.mark.parametrize("card", ["6H", "9H", "5D", "QD"])
def test_a_red_rank_whose_thin_strokes_blur_pale_is_still_red(card: str) -> None:
    """A red index whose rank's thin strokes a blur mixes with the paper: pinkish grey, red's excess
    under half the suit's yet a fifth of the stroke's darkness, where black ink measures at most a
    tenth (rf100 tune scenes' 6H, 9H, 5D: "rank and suit printed in different colours"). A
    black rank over that red suit is still refused."""
    reader = CornerReader.standard()
    pale = reader.read_corner(balance(_rank_repainted(card, (168, 170, 188))))
    assert pale.card_id == card
    black = reader.read_corner(balance(_rank_repainted(card, (40, 40, 40))))
    assert black.card_id is None and black.reason == "rank and suit printed in different colours"


def _with_queen_or_nine(card: str, picture_wide: bool) -> np.ndarray[Any, Any]:
    """A drawn card whose top-left rank is printed halfway between the reader's Q and 9 (a deck's Q
    whose tail curls like a 9's stem: kentdoan's); `picture_wide`: its picture as wide as a real
    deck prints it (the drawn frame is narrower than PICTURE_PRINT_SIDE)."""
    reader = CornerReader.standard()
    face = playing_card_face(card)
    if picture_wide:
        cv2.rectangle(face, (45, 60), (207, 292), (60, 140, 200), 3)
    x, y, w, h = RANK_BOX
    face[y:y + h, x:x + w] = 250
    between = cv2.resize((reader.ranks["Q"][0] + reader.ranks["9"][0]) / 2, (28, 40), interpolation=cv2.INTER_LINEAR)
    face[y + 5:y + 45, x + 6:x + 34][between > 0.5] = (30, 30, 30)
    return face


def test_a_letter_a_number_fits_as_well_is_settled_by_a_picture_and_never_on_a_face_of_pips() -> None:
    reader = CornerReader.standard()
    assert reader.read_corner(balance(_with_queen_or_nine("QS", picture_wide=True))).card_id == "QS"
    unsettled = reader.read_corner(balance(_with_queen_or_nine("QS", picture_wide=False)))
    assert unsettled.card_id is None and unsettled.reason == "rank not readable (9 or Q)"
    nine = reader.read_corner(balance(_with_queen_or_nine("9S", picture_wide=False)))
    assert nine.card_id is None  # nine pips, no picture: never a queen


def test_the_queen_of_a_deck_whose_q_reads_like_a_9_is_named_in_a_scene(
        photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kentdoan's tune scene Cards_7 (the deck whose singles are held apart): its QS read "9 or Q"
    at the tighter cut; the picture beside it settles Q. Its other six cards are named as before."""
    [named] = named_in([cached_set(photos, "kentdoan-scenes-tune") / "Cards_7.jpg"], capsys)
    assert sorted(named) == ["4H", "4S", "7C", "7H", "AD", "KC", "QS"]
