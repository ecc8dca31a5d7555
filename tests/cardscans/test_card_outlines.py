"""Card outlines (cardscans.quads) in the cases real photos showed hard: rounded corners seen turned
(jacky-scenes), a white card on a pale table (the ammememe set), a close-up of a card's pips."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from cardscans import synthetic
from cardscans.card_drawing import playing_card_face
from cardscans.index_spots import searched_frame
from cardscans.pipeline import Scanner
from cardscans.quad_lines import find_card_quads_by_lines
from cardscans.quads import DETECT_SIDE, DetectionFrame, detect_scale, find_card_quads, inside_any, quad_contains

Corners = npt.NDArray[np.float32]


def _rounded_mask(size: tuple[int, int], radius: int) -> npt.NDArray[np.uint8]:
    width, height = size
    mask = np.zeros((height, width), np.uint8)
    cv2.rectangle(mask, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(mask, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for x, y in ((radius, radius), (width - 1 - radius, radius), (radius, height - 1 - radius),
                 (width - 1 - radius, height - 1 - radius)):
        cv2.circle(mask, (x, y), radius, 255, -1)
    return mask


def _place_rounded(canvas: npt.NDArray[np.uint8], face: npt.NDArray[np.uint8], corners: Corners,
                   radius: int) -> npt.NDArray[np.uint8]:
    """The face pasted with its corners rounded off (the table shows through them)."""
    height, width = face.shape[:2]
    source = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, corners)
    size = (canvas.shape[1], canvas.shape[0])
    warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(_rounded_mask((width, height), radius), matrix, size, flags=cv2.INTER_LINEAR)
    alpha = (mask.astype(np.float32) / 255.0)[:, :, None]
    return np.asarray(canvas * (1 - alpha) + warped * alpha, dtype=np.uint8)


def _error(quad: Corners, corners: Corners) -> float:
    """Largest corner distance between two outlines, whichever corner each starts from."""
    return min(float(np.linalg.norm(np.roll(quad, shift, axis=0) - corners, axis=1).max()) for shift in range(4))


@pytest.mark.parametrize("degrees", [25.0, 35.0, -40.0])
def test_a_rounded_card_turned_on_the_table_is_outlined_by_its_sides(degrees: float) -> None:
    """Corners rounded at a tenth of the card's width (jacky's deck) used to put all four outline
    vertices on the arcs, askew: the corner index was then cut from the wrong place."""
    rng = np.random.default_rng(7)
    canvas = np.full((720, 1280, 3), (60, 100, 150), np.uint8)  # a brown table
    corners = synthetic.turned_corners((640, 360), 180, 252, degrees)
    frame = synthetic.camera(_place_rounded(canvas, playing_card_face("6S"), corners, radius=26), rng,
                             blur=0.8, noise=3.0, light=0.1)
    quads = find_card_quads(np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8))
    assert quads
    assert min(_error(quad, corners) for quad in quads) < 0.025 * 252  # 6 px on a 252 px card


def test_a_white_card_on_a_pale_counter_is_found() -> None:
    """A white card on a white-ish counter: too faint a step for the edge thresholds a bright frame
    sets, so the frame is searched again with low and local thresholds."""
    rng = np.random.default_rng(3)
    canvas = np.full((640, 640, 3), 212, np.uint8)
    corners = synthetic.turned_corners((320, 320), 260, 364, 12.0)
    frame = synthetic.camera(synthetic.place(canvas, playing_card_face("8S"), corners), rng,
                             blur=0.8, noise=3.0, light=0.1)
    specks = rng.random(frame.shape[:2]) < 0.01  # a phone's noise, as in the ammememe photos
    frame[specks] = rng.integers(0, 256, (int(specks.sum()), 3), dtype=np.uint8)
    quads = find_card_quads(np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8))
    assert quads
    assert min(_error(quad, corners) for quad in quads) < 0.03 * 364


def test_pips_seen_close_are_no_cards() -> None:
    """Filling the frame, a card shows its pips as large dark rounded shapes: none is an outline."""
    frame = np.full((640, 640), 225, np.uint8)
    for x, y in ((160, 160), (460, 170), (170, 470), (470, 460)):
        for dx, dy in ((-33, 14), (33, 14), (0, -31)):  # a club's three lobes and its stem
            cv2.circle(frame, (x + dx, y + dy), 36, 30, -1)
        cv2.fillPoly(frame, [np.array([[x - 12, y + 20], [x + 12, y + 20], [x + 22, y + 62], [x - 22, y + 62]],
                                      np.int32)], 30)
    # out of focus, as a phone held close is: the lobes' hull then looks like a rounded card
    frame = synthetic.camera(frame, np.random.default_rng(1), blur=2.0, noise=3.0, light=0.1)
    assert find_card_quads(frame) == []


def test_a_card_with_a_corner_out_of_the_frame_keeps_that_corner() -> None:
    """A corner past the frame's edge (rdpong 3cards_extreme's four of spades) is where the two
    sides running out of the frame meet, not where the outline meets the frame's edge."""
    rng = np.random.default_rng(5)
    canvas = np.full((720, 1280, 3), (40, 50, 110), np.uint8)  # a dark red table
    corners = synthetic.turned_corners((1150, 380), 252, 352, 30.0)  # the right corner lies 60 px past the edge
    assert corners[:, 0].max() > 1280 + 40
    frame = synthetic.camera(synthetic.place(canvas, playing_card_face("4S"), corners), rng,
                             blur=0.8, noise=3.0, light=0.1)
    quads = find_card_quads(np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8))
    assert quads
    assert min(_error(quad, corners) for quad in quads) < 0.03 * 352


def _card_off_the_bottom(card: str, hidden: float, degrees: float = 0.0) -> tuple[npt.NDArray[np.uint8], Corners]:
    """A card on dark granite-grey, its foot `hidden` (a share of its length, at its centre line)
    past the frame's bottom edge (the cards-ammememe tune scenes' nine of clubs and eight of spades)."""
    rng = np.random.default_rng(11)
    canvas = np.full((640, 640, 3), 35, np.uint8)
    height = 380.0
    corners = synthetic.turned_corners((320, 640 - (0.5 - hidden) * height), height * 63 / 88, height, degrees)
    frame = synthetic.camera(synthetic.place(canvas, playing_card_face(card), corners), rng,
                             blur=0.8, noise=3.0, light=0.1)
    return frame, corners


@pytest.mark.parametrize("degrees", [0.0, 12.0, -20.0])
def test_a_card_running_off_the_frame_over_one_side_is_outlined_whole(degrees: float) -> None:
    """Two corners out of the frame: the outline's side along the frame's edge used to rule it
    out as the frame's own; the sides running out are now carried on to a card's length (each
    its own way: a card turned to the edge shows one further than the other)."""
    frame, corners = _card_off_the_bottom("9C", 0.15, degrees)
    quads = find_card_quads(np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8))
    assert quads
    assert min(_error(quad, corners) for quad in quads) < 0.04 * 380


@pytest.mark.parametrize(("card", "hidden"), [("8S", 0.2), ("6S", 0.2), ("10D", 0.1), ("10D", 0.2)])
def test_a_card_running_off_the_frame_is_named_without_inventing_pips(card: str, hidden: float) -> None:
    """The face's part out of the frame repeats the frame's edge (paper), not black: a black band
    across the foot read as one more pip (the eight of spades counted 9, the ten of diamonds 9)."""
    frame, _ = _card_off_the_bottom(card, hidden)
    named = [s.card_id for s in Scanner.for_catalog("playing-cards").scan(frame) if s.kind == "card"]
    assert named == [card]


@pytest.mark.parametrize("card", ["AS", "6S", "8S", "JD", "KC"])
@pytest.mark.parametrize("hidden", [0.05, 0.1, 0.3])
def test_a_card_running_off_the_frame_is_never_named_wrong(card: str, hidden: float) -> None:
    """Where the edge cuts through the foot's index, its repeated edge pixels may leave the two
    indices disagreeing: then nothing is named, never another card."""
    frame, _ = _card_off_the_bottom(card, hidden)
    named = [s.card_id for s in Scanner.for_catalog("playing-cards").scan(frame) if s.kind == "card"]
    assert named in ([], [card])


def test_a_card_mostly_out_of_the_frame_is_not_guessed_whole() -> None:
    """More than a third of the card out of view: too much to guess; no outline is made up."""
    frame, corners = _card_off_the_bottom("9C", hidden=0.45)
    quads = find_card_quads(np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8))
    assert all(_error(quad, corners) > 0.1 * 380 for quad in quads)


def _white_card_in_glare(card: str, degrees: float) -> tuple[npt.NDArray[np.uint8], Corners]:
    """A white card on a white counter, a 12-grey-level step, with bands of glare across the frame
    where paper and counter are lit alike: every side of the outline is broken (the cards-ammememe
    tune photos IMG_20220921_195401 and 195416), and no threshold closes it."""
    rng = np.random.default_rng(4)
    canvas = np.full((640, 640, 3), 200, np.uint8)
    corners = synthetic.turned_corners((320, 320), 250, 350, degrees)
    face = np.asarray(playing_card_face(card).astype(np.float32) * (212 / 255), dtype=np.uint8)
    frame = synthetic.place(canvas, face, corners)
    for start in rng.uniform(0, 640, 5):
        cv2.line(frame, (int(start), 0), (int(start) + 300, 640), (212, 212, 212), 24)
    return synthetic.camera(frame, rng, blur=1.2, noise=3.0, light=0.1), corners


@pytest.mark.parametrize("card", ["3D", "6D", "7H"])
@pytest.mark.parametrize("degrees", [0.0, 8.0])
def test_a_white_card_whose_outline_is_broken_is_assembled_from_its_sides(card: str, degrees: float) -> None:
    """No closed outline: the card's sides are assembled from their straight pieces, and the scanner
    falls back on them when the outline passes named nothing."""
    frame, corners = _white_card_in_glare(card, degrees)
    gray = np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    assert all(_error(quad, corners) > 0.1 * 350 for quad in find_card_quads(gray))  # the case in point
    assert min(_error(quad, corners) for quad in find_card_quads_by_lines(gray)) < 0.03 * 350
    named = [s.card_id for s in Scanner.for_catalog("playing-cards").scan(frame) if s.kind == "card"]
    assert named == [card]


@pytest.mark.parametrize("card", ["3D", "6D", "7H", "KC", "10S"])
@pytest.mark.parametrize("degrees", [-6.0, 16.0, 30.0])
def test_a_card_assembled_from_broken_sides_is_never_named_wrong(card: str, degrees: float) -> None:
    """Glare along a whole side, or a side's line met by a glare band's: the quads the line pass
    offers may be no card's; then nothing is named, never another card."""
    frame, _ = _white_card_in_glare(card, degrees)
    named = [s.card_id for s in Scanner.for_catalog("playing-cards").scan(frame) if s.kind == "card"]
    assert named in ([], [card])


def test_planks_of_a_light_table_are_no_card() -> None:
    """A light wooden table's planks and grain are long straight lines in pairs: no card."""
    rng = np.random.default_rng(9)
    frame = np.full((640, 640, 3), 190, np.uint8)
    for x in range(0, 640, 150):  # plank seams, and grain lines along them
        cv2.line(frame, (x, 0), (x + 60, 640), (120, 120, 120), 3)
    for x in rng.uniform(0, 640, 40):
        cv2.line(frame, (int(x), 0), (int(x) + 60, 640), (170, 170, 170), 1)
    for y in (210, 430):  # plank ends
        cv2.line(frame, (0, y), (640, y + 20), (120, 120, 120), 3)
    frame = synthetic.camera(frame, rng, blur=1.2, noise=3.0, light=0.1)
    assert [s for s in Scanner.for_catalog("playing-cards").scan(frame) if s.kind == "card"] == []


def test_many_points_are_placed_in_or_out_of_outlines_as_one_point_is() -> None:
    """`inside_any` tells thousands of index spots at once what `quad_contains` tells one: whether
    a named card's outline holds it (a turned card, a card seen at a slant, a strip of one side),
    its sides included."""
    rng = np.random.default_rng(33)
    outlines = [np.array([[100, 80], [260, 110], [230, 330], [70, 300]], np.float32),
                np.array([[400, 50], [520, 70], [560, 300], [380, 260]], np.float32),
                np.array([[300, 350], [330, 350], [330, 470], [300, 470]], np.float32)]
    points = np.vstack([rng.uniform(0, 600, (3000, 2)), outlines[2][:2].astype(np.float64)])  # two on a side
    one_by_one = np.array([any(quad_contains(quad, (float(x), float(y))) for quad in outlines) for x, y in points])
    assert one_by_one.sum() > 300 and one_by_one[-2:].all()
    assert (inside_any(outlines, points) == one_by_one).all()


@pytest.mark.parametrize("shape", [(720, 960), (960, 720), (960, 1280), (1280, 960)])
def test_a_landscape_frame_is_searched_at_the_detail_of_a_portrait_one(shape: tuple[int, int]) -> None:
    """Outlines and index spots are looked for with the frame's shorter side at DETECT_SIDE, however
    the phone is held: reduced by its width, a 960 x 720 frame was searched at 640 x 480, and the small
    indices of rf100's landscape scenes went unfound (benchmarks/scan_real_cards.py)."""
    frame = np.full((*shape, 3), 200, np.uint8)
    searched, scale = searched_frame(frame)
    assert min(searched.shape) == DETECT_SIDE
    assert scale == detect_scale(shape) == DETECT_SIDE / min(shape)


def test_a_frame_reduced_once_gives_the_outlines_and_spots_of_a_frame_reduced_for_each() -> None:
    """The pipeline reduces a frame once for its outlines and its index spots (quads.DetectionFrame):
    each must find what it finds reducing the frame itself."""
    rng = np.random.default_rng(11)
    canvas = np.full((960, 1280, 3), (60, 100, 150), np.uint8)
    for card, centre, degrees in (("6S", (420, 480), 20.0), ("QH", (880, 470), -30.0)):
        corners = synthetic.turned_corners(centre, 200, 280, degrees)
        canvas = _place_rounded(canvas, playing_card_face(card), corners, radius=20)
    frame = synthetic.camera(canvas, rng, blur=0.8, noise=3.0, light=0.1)
    gray = np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    detection = DetectionFrame.of(gray)
    alone, shared = find_card_quads(gray), find_card_quads(detection)
    assert len(alone) >= 2 and all(np.array_equal(a, b) for a, b in zip(alone, shared, strict=True))
    (own, own_scale), (reused, reused_scale) = searched_frame(frame), searched_frame(frame, detection)
    assert np.array_equal(own, reused) and own_scale == reused_scale < 1
