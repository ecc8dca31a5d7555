"""Cards found by their two corner indices where no outline is (cardscans.index_pairs), and the two
corner cues that came with it: a court card or a joker is named from one corner alone only on an
outline found alone about its place, and a number glyph that two numbers fit alike is settled by
the pips.

Drawn cards need nothing else; one real photo is from the tune half of the committed CC BY 4.0 set
(benchmarks/data/cards-ammememe/manifest.json), two from its larger tune set, which
benchmarks/data/cards-ammememe/more_tune.py fetches into the photo cache (those tests skip without it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from cardscans import synthetic
from cardscans.balanced_face import balance, balance_by_corner
from cardscans.card_drawing import playing_card_face
from cardscans.card_indices import IndexCorners
from cardscans.index_pairs import Confirm, cards_by_index_pairs
from cardscans.index_spots import IndexSpot, index_spots, upright_face
from cardscans.outline_reading import alone
from cardscans.pipeline import Scanner
from cardscans.playing_cards import CornerReader, IndexReadings
from cardscans.quads import find_card_quads
from cardscans.sighting import CardSighting
from cardscans.spot_pairs import (
    PARTNER_SIZE,
    SLANTED_PARTNER_SIZE,
    PairGeometry,
    card_outline,
    edge_partners,
    linked_partners,
    pair_geometry,
    partners,
    side_partners,
)
from companion.cli.main import main

AMMEMEME = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "cards-ammememe"
Frame = npt.NDArray[np.uint8]


def _card_on_its_own_white(card: str, degrees: float, seed: int = 3) -> tuple[Frame, npt.NDArray[np.float32]]:
    """A drawn card on a counter of exactly its paper's white: no edge at all between them."""
    canvas = np.full((640, 640, 3), 250, np.uint8)
    corners = synthetic.turned_corners((320, 320), 250, 350, degrees)
    frame = synthetic.place(canvas, playing_card_face(card), corners)
    return synthetic.camera(frame, np.random.default_rng(seed), blur=0.8, noise=3.0, light=0.1), corners


def _named(frame: Frame, index_corners: IndexCorners = 4) -> list[str | None]:
    scanner = Scanner.for_catalog("playing-cards", index_corners=index_corners)
    return [s.card_id for s in scanner.scan(frame) if s.kind == "card"]


def _outline_areas(frame: Frame, index_corners: IndexCorners) -> dict[str | None, float]:
    """Each card named in the frame, with the area of the outline it is given."""
    scanner = Scanner.for_catalog("playing-cards", index_corners=index_corners)
    return {s.card_id: abs(float(cv2.contourArea(np.array(s.polygon, np.float32))))
            for s in scanner.scan(frame) if s.kind == "card"}


def _confirming(reader: CornerReader, frame: Frame) -> Confirm:
    """As the scanner confirms an outline two indices give: examined for the card they read."""
    def confirm(quad: npt.NDArray[np.float32], card: str | None, indices: IndexReadings) -> CardSighting | None:
        sighting = reader.examine(frame, quad, expected=card, indices=indices)
        return sighting if sighting.kind == "card" else None

    return confirm


def _by_index_pairs(frame: Frame, taken: list[npt.NDArray[np.float32]] | None = None) -> list[str | None]:
    reader = CornerReader.standard()
    return [s.card_id for s in cards_by_index_pairs(frame, reader.read_index, _confirming(reader, frame), taken or [],
                                                    False)]


@pytest.mark.parametrize("card", ["7S", "10H", "QD", "4C"])
@pytest.mark.parametrize("degrees", [0.0, 20.0, -35.0, 180.0])
def test_a_card_on_a_counter_of_its_own_white_is_named_by_its_two_indices(card: str, degrees: float) -> None:
    frame, corners = _card_on_its_own_white(card, degrees)
    assert _by_index_pairs(frame) == [card]
    assert _by_index_pairs(frame, taken=[corners]) == []  # a card named already is not read again
    assert _named(frame) == [card]


@pytest.mark.parametrize("card", ["3H", "5S", "QD", "10C"])
def test_an_index_read_from_its_corner_alone_reads_as_from_its_whole_face(card: str) -> None:
    # a spot's face is warped and balanced corner first; its pips and picture come later, on demand
    frame, _ = _card_on_its_own_white(card, 20.0)
    reader = CornerReader.standard()
    readings = []
    for spot in index_spots(frame):
        corner_first = reader.read_index(upright_face(frame, spot, False))
        whole = upright_face(frame, spot, False)
        eager = balance_by_corner(whole.bgr)  # every pixel of the face, warped and balanced at once
        assert np.array_equal(whole.darkest, eager.darkest) and whole.paper_contrast == eager.paper_contrast
        from_whole = reader.read_index(eager)
        assert (corner_first.card_id, corner_first.rank, corner_first.score, corner_first.reason) == (
            from_whole.card_id, from_whole.rank, from_whole.score, from_whole.reason)
        readings.append(corner_first.card_id)
    assert readings.count(card) >= 2  # both indices, read from their corners alone, name the card


def test_pairs_left_unmeasured_as_too_far_apart_unlike_in_size_or_turned_across_hold_no_relation() -> None:
    # a busy frame's spots, scattered at every size and turn: each relation found among the pairs
    # measured (spot_pairs.PairGeometry) is the relation found by measuring every pair
    rng = np.random.default_rng(7)
    spots = []
    for _ in range(600):
        rank = rng.uniform(0, 640, 2)
        turn = rng.uniform(-np.pi, np.pi)
        spots.append(IndexSpot(rank, rank + rng.uniform(5, 40) * np.array([np.cos(turn), np.sin(turn)])))
    geometry = pair_geometry(spots)
    every = np.ones((len(spots), len(spots)), bool)
    np.fill_diagonal(every, False)
    firsts, seconds = np.nonzero(every)
    ranks = np.array([spot.rank for spot in spots])
    downs = np.array([spot.down for spot in spots])
    spacings = np.array([spot.spacing for spot in spots])
    angles = np.arctan2(downs[:, 1], downs[:, 0])
    offset = ranks[seconds] - ranks[firsts]
    measured_all = PairGeometry(len(spots), firsts, seconds, ((angles[seconds] - angles[firsts] + np.pi) % (2 * np.pi))
                                - np.pi, spacings[firsts] / spacings[seconds],
                                (offset * downs[firsts]).sum(axis=1) / spacings[firsts],
                                (offset[:, 0] * downs[firsts, 1] - offset[:, 1] * downs[firsts, 0]) / spacings[firsts])
    for relation in (lambda g: linked_partners(g, PARTNER_SIZE), lambda g: linked_partners(g, SLANTED_PARTNER_SIZE),
                     side_partners, edge_partners):
        assert relation(measured_all).any()
        assert np.array_equal(relation(geometry), relation(measured_all))
    assert len(geometry.firsts) < 0.5 * len(firsts)  # most pairs of a busy frame are never measured


def test_the_two_indices_of_a_card_are_partners_and_give_its_outline() -> None:
    frame, corners = _card_on_its_own_white("9C", 25.0)
    spots = index_spots(frame)
    linked = partners(spots)
    outlines = [card_outline(spots[a], spots[b]) for a, b in zip(*np.nonzero(linked), strict=True)]
    card_area = cv2.contourArea(corners)
    # the card's own pair gives an outline of about its area, centred within a tenth of its height
    assert any(quad is not None and abs(cv2.contourArea(quad) / card_area - 1) < 0.25
               and float(np.linalg.norm(quad.mean(axis=0) - corners.mean(axis=0))) < 0.1 * 350 for quad in outlines)


def _seen_from_near(tilt: float, turn: float = 15.0) -> npt.NDArray[np.float32]:
    """A card's corners as a camera sees it from near, tilted `tilt` degrees away (a pinhole: its far
    end narrower and shorter, its far index printed smaller), turned `turn` degrees on the table."""
    width, height, distance, focal = 2.5, 3.5, 6.0, 700.0
    tilted, turned = np.radians(tilt), np.radians(turn)
    on_table = np.array([[np.cos(turned), -np.sin(turned), 0], [np.sin(turned), np.cos(turned), 0], [0, 0, 1]])
    away = np.array([[1, 0, 0], [0, np.cos(tilted), -np.sin(tilted)], [0, np.sin(tilted), np.cos(tilted)]])
    card = np.array([[-width, -height, 0], [width, -height, 0], [width, height, 0], [-width, height, 0]]) / 2
    seen = card @ on_table.T @ away.T + np.array([0.0, 0.0, distance])
    return np.array([[320 + focal * x / z, 320 + focal * y / z] for x, y, z in seen], np.float32)


@pytest.mark.parametrize("card", ["7S", "QD", "4C", "AS", "9D"])
def test_a_card_seen_at_a_slant_from_near_is_named_by_its_two_indices_of_different_sizes(card: str) -> None:
    """Its nearer index prints more than PARTNER_SIZE times the farther (here about 1.8; the larger
    tune set's AC 1.57): the two are paired after every other pair, and the outline they give is a
    perspective view fitted to both, on which the corner reader names the card. (Before, none of
    these five was named by its indices.)"""
    from cardscans.spot_pairs import PARTNER_SIZE, SLANTED_PARTNER_SIZE

    corners = _seen_from_near(30.0)
    frame = synthetic.camera(synthetic.place(np.full((640, 640, 3), 250, np.uint8), playing_card_face(card), corners),
                             np.random.default_rng(3), blur=0.8, noise=3.0, light=0.1)
    spots = index_spots(frame)
    spacings = [(spots[a].spacing, spots[b].spacing)
                for a, b in zip(*np.nonzero(partners(spots, SLANTED_PARTNER_SIZE)), strict=True)]
    assert any(max(pair) > PARTNER_SIZE * min(pair) for pair in spacings)
    assert _by_index_pairs(frame) == [card]


def test_index_pairs_name_nothing_on_a_blank_counter_or_a_page_of_text() -> None:
    blank = synthetic.camera(np.full((640, 640, 3), 240, np.uint8), np.random.default_rng(1))
    page = np.full((640, 640, 3), 245, np.uint8)
    rng = np.random.default_rng(2)
    for row in range(40, 600, 36):
        text = "".join(rng.choice(list("AKQJ1234567890 spades clubs")) for _ in range(30))
        cv2.putText(page, text, (20, row), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (30, 30, 30), 2, cv2.LINE_AA)
    assert _named(blank) == []
    assert _named(synthetic.camera(page, rng, noise=3.0)) == []


@pytest.mark.parametrize("card", ["KC", "QH", "JS"])
def test_a_court_card_seen_by_one_corner_alone_is_not_named(card: str) -> None:
    """No pips check a court card's letter, and a picture's print (a key, a crown) reads as one
    where an outline runs round the picture: Ammememe's KC was named a joker that way, its QD a JD."""
    reader = CornerReader.standard()
    face = playing_card_face(card)
    assert reader.examine_face(face).card_id == card
    one_corner = face.copy()
    height, width = one_corner.shape[:2]
    one_corner[int(0.55 * height):, int(0.75 * width):] = 250  # the lower index covered
    reading = reader.examine_face(one_corner)
    assert reading.card_id is None and reading.reason.startswith("one corner index only")


@pytest.mark.parametrize("card", ["KC", "QH", "JS"])
def test_one_clear_corner_names_a_court_card_on_an_outline_with_no_other_around_or_beside_it(card: str) -> None:
    """A court card seen by one corner is named only on an outline alone about its place: its own
    picture's frame, found as a second outline about its centre, leaves the card's outline alone, but
    the frame's own outline is not (the card's lies round it: its corner shows the picture, whose
    print can read as a letter, and names nothing)."""
    face = playing_card_face(card)
    height, width = face.shape[:2]
    face[int(0.8 * height):, int(0.8 * width):] = 250  # the lower index covered, the picture's frame whole
    canvas = np.full((640, 640, 3), (60, 100, 150), np.uint8)  # a brown table
    corners = np.array([[200, 150], [450, 150], [450, 500], [200, 500]], np.float32)
    frame = synthetic.camera(synthetic.place(canvas, face, corners), np.random.default_rng(5), blur=0.8, noise=3.0,
                             light=0.1)
    gray = np.asarray(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    quads = find_card_quads(gray)
    assert len(quads) >= 2  # the card's outline and its picture frame's
    assert _named(frame) == [card]
    reader = CornerReader.standard()
    assert reader.examine(frame, corners, outline_alone=True).card_id == card
    assert reader.examine(frame, corners).card_id is None
    largest = max(quads, key=lambda quad: float(cv2.contourArea(quad)))
    assert alone(largest, quads) and not any(alone(quad, quads) for quad in quads if quad is not largest)


def test_an_outline_with_another_card_inside_off_its_centre_is_not_alone() -> None:
    """An outline round two cards of a trick holds the front card's outline off its centre: it is
    not alone (one corner of it may be either card's); a card's picture frame about its centre is."""
    card = synthetic.turned_corners((300, 300), 250, 350, 0.0)
    picture_frame = synthetic.turned_corners((300, 300), 150, 230, 0.0)
    front_card = synthetic.turned_corners((330, 380), 180, 190, 0.0)
    assert alone(card, [card, picture_frame])
    assert not alone(card, [card, front_card])
    assert not alone(picture_frame, [card, picture_frame])


def test_a_number_card_seen_by_one_corner_is_still_named_by_its_pips() -> None:
    reader = CornerReader.standard()
    face = playing_card_face("7C")
    height, width = face.shape[:2]
    face[int(0.75 * height):, int(0.75 * width):] = 250
    assert reader.examine_face(face).card_id == "7C"


def test_a_white_card_on_a_white_counter_with_a_flat_topped_three_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    """Tune photo IMG_20220921_195401: no outline closes round the card, and its 3, flat-topped,
    fits the 5 templates as well as the 3s. Its two indices find it; its three pips settle 3."""
    manifest = json.loads((AMMEMEME / "manifest.json").read_text(encoding="utf-8"))
    photo = next(p for p in manifest["photos"] if p["file"] == "IMG_20220921_195401.jpg")
    assert photo["role"] == "tune" and photo["cards"] == ["3D"]
    path = AMMEMEME / "photos" / photo["file"]
    gray = np.asarray(cv2.imread(str(path), cv2.IMREAD_GRAYSCALE), dtype=np.uint8)
    assert not any(cv2.contourArea(quad) > 0.05 * gray.size for quad in find_card_quads(gray))  # the case in point
    assert main(["scan", str(path), "--catalog", "playing-cards", "--effort", "fast", "--json"]) == 0
    sightings = json.loads(capsys.readouterr().out)[0]["sightings"]
    assert [s["card_id"] for s in sightings if s["kind"] == "card"] == ["3D"]


def test_an_index_the_outline_of_two_indices_cuts_is_taken_as_read_about_its_own_place() -> None:
    """The outline two indices give is an estimate: where it cuts one of them (tune photo
    IMG_20220921_194220, a KC on light wood whose own outline is lost), the corner reads nothing
    there, so the court card stood on one corner and went unnamed. The index as read upright about
    its own place stands for that corner; one that read another rank refuses the card."""
    reader = CornerReader.standard()
    face = playing_card_face("KC")
    height, width = face.shape[:2]
    cut = face.copy()
    cut[int(0.8 * height):, int(0.8 * width):] = 250  # the outline's corner misses the lower index
    top, bottom = reader.read_index(balance(face)), reader.read_index(balance(face).turned())
    assert (top.card_id, bottom.card_id) == ("KC", "KC")
    whole = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], np.float32)
    assert reader.examine(cut, whole).card_id is None
    assert reader.examine(cut, whole, indices=(top, bottom)).card_id == "KC"
    queen = reader.read_index(balance(playing_card_face("QC")))
    assert reader.examine(cut, whole, indices=(top, queen)).card_id is None


def test_a_court_card_whose_outline_is_lost_on_light_wood_is_named_by_its_two_indices(
        capsys: pytest.CaptureFixture[str]) -> None:
    manifest = json.loads((AMMEMEME / "manifest.json").read_text(encoding="utf-8"))
    photo = next(p for p in manifest["photos"] if p["file"] == "IMG_20220921_194220.jpg")
    assert photo["role"] == "tune" and photo["cards"] == ["KC"]
    assert main(["scan", str(AMMEMEME / "photos" / photo["file"]), "--catalog", "playing-cards", "--effort", "fast",
                 "--json"]) == 0
    sightings = json.loads(capsys.readouterr().out)[0]["sightings"]
    assert [s["card_id"] for s in sightings if s["kind"] == "card"] == ["KC"]


@pytest.mark.parametrize("light", [0.6, 0.5, 0.4])
def test_a_scene_shot_in_a_dim_room_names_the_card_its_indices_alone_find(light: float) -> None:
    """Tune photo IMG_20220921_194902 with its light cut to `light`: its JD, whose outline is not
    found, is found by its two indices only once the dim frame is stretched to a lit one's paper
    (its print stands fewer grey levels off grey paper); the other three are named by outline."""
    manifest = json.loads((AMMEMEME / "manifest.json").read_text(encoding="utf-8"))
    photo = next(p for p in manifest["photos"] if p["file"] == "IMG_20220921_194902.jpg")
    assert photo["role"] == "tune" and sorted(photo["cards"]) == ["7H", "8S", "JD", "KS"]
    frame = np.asarray(cv2.imread(str(AMMEMEME / "photos" / photo["file"])), dtype=np.uint8)
    dim = np.asarray(cv2.convertScaleAbs(frame, alpha=light), dtype=np.uint8)
    assert sorted(str(card) for card in _named(dim, index_corners=2)) == ["7H", "8S", "JD", "KS"]


@pytest.fixture(scope="module")
def more_tune() -> Path:
    folder = Path(os.environ.get("SHINPAN_CARD_PHOTOS", Path.home() / ".cache" / "shinpan" / "cards-real"))
    folder /= "ammememe-white-singles-more"
    if not folder.is_dir():
        pytest.skip(f"{folder} is missing: run benchmarks/data/cards-ammememe/more_tune.py")
    return folder


@pytest.mark.parametrize(("photo", "card"), [("IMG_20220921_195511.jpg", "KC"), ("IMG_20220921_194048.jpg", "KH")])
def test_indices_the_local_mean_breaks_are_cut_again_against_their_paper(
        more_tune: Path, photo: str, card: str) -> None:
    """Court cards on a white counter, their outlines not found: the local mean breaks their
    indices into strokes, the paper around them keeps them whole (larger tune set, cached)."""
    frame = np.asarray(cv2.imread(str(more_tune / photo)), dtype=np.uint8)
    reader = CornerReader.standard()
    confirm = _confirming(reader, frame)
    assert cards_by_index_pairs(frame, reader.read_index, confirm, [], False) == []
    assert [s.card_id for s in cards_by_index_pairs(frame, reader.read_index, confirm, [], False, True)] == [card]
    assert _named(frame) == [card]


@pytest.mark.parametrize("back", ["QD", "10C", "AS", "KH"])
def test_a_four_index_card_whose_lower_half_lies_under_another_is_named_by_its_top_indices(back: str) -> None:
    scene = synthetic.trick(playing_card_face(back, four_indices=True), playing_card_face("7S"))
    assert sorted(str(card) for card in _named(scene)) == sorted([back, "7S"])


@pytest.mark.parametrize("back", ["QD", "10C", "KH"])
def test_a_deck_chosen_as_printing_two_index_corners_is_never_read_by_its_top_indices(back: str) -> None:
    # the referee said the deck prints two corners: the top-right corner is not looked at, so the
    # back card of the same trick is not given the whole card's outline by its two top indices; it
    # is named by one index alone (step 8, sized by the front card's outline), on that index's corner
    scene = synthetic.trick(playing_card_face(back, four_indices=True), playing_card_face("7S"))
    four, two = _outline_areas(scene, 4), _outline_areas(scene, 2)
    assert set(four) == set(two) == {back, "7S"}
    assert four[back] > 0.75 * four["7S"] and two[back] < 0.3 * two["7S"]
    with pytest.raises(ValueError, match="2 or 4 corners"):
        Scanner.for_catalog("playing-cards", index_corners=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("hand", [["AS", "10D", "KC", "5H", "JS"], ["7D", "2C", "8H"]])
@pytest.mark.parametrize("seed", [5, 6])
def test_a_fanned_hand_of_a_four_index_deck_is_named_by_the_two_indices_each_card_shows(
        hand: list[str], seed: int) -> None:
    """Each card under another shows a strip of its left side only: its top-left index and, upside
    down, its bottom-left one (step 7). A deck said to print two corners shows one index a card there:
    only the front card is named by its outline, and a card under it only by its one index alone,
    where that index is read (step 8), never as another card."""
    scene = synthetic.fan([playing_card_face(card, four_indices=True) for card in hand], seed)
    assert sorted(str(card) for card in _named(scene)) == sorted(hand)
    two_corners = _named(scene, index_corners=2)
    assert hand[-1] in two_corners and set(two_corners) <= set(hand)


def test_shinpan_scan_reads_the_index_corners_it_is_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "trick.png"
    cv2.imwrite(str(path), synthetic.trick(playing_card_face("QD", four_indices=True), playing_card_face("7S")))
    areas = {}
    for corners in ("4", "2"):
        assert main(["scan", str(path), "--catalog", "playing-cards", "--index-corners", corners, "--json"]) == 0
        areas[corners] = {s["card_id"]: abs(cv2.contourArea(np.array(s["polygon"], np.float32)))
                          for s in json.loads(capsys.readouterr().out)[0]["sightings"] if s["kind"] == "card"}
    # told four, the QD is given its whole outline by its two top indices; told two, one index's corner
    assert set(areas["4"]) == set(areas["2"]) == {"7S", "QD"}
    assert areas["4"]["QD"] > 0.75 * areas["4"]["7S"] and areas["2"]["QD"] < 0.3 * areas["2"]["7S"]
    with pytest.raises(SystemExit):
        main(["scan", str(path), "--index-corners", "3"])  # argparse refuses it, naming the choices
    assert "choose from 2, 4" in capsys.readouterr().err


@pytest.mark.parametrize("back", ["QD", "10C"])
@pytest.mark.parametrize("index_corners", [2, 4])
def test_a_two_index_card_whose_lower_half_lies_under_another_is_named_by_its_one_index(
        back: str, index_corners: IndexCorners) -> None:
    # one index in view, with no partner: no pair step reads it, and no index read surely sizes it;
    # the front card's outline does (lone_indices.SPACING_OF_CARD), so the back card is named by that
    # index alone, on its corner, never given an outline of a whole card its other corners do not show
    scene = synthetic.trick(playing_card_face(back), playing_card_face("7S"))
    areas = _outline_areas(scene, index_corners)
    assert set(areas) == {back, "7S"} and areas[back] < 0.3 * areas["7S"]


def test_a_number_card_shows_pips_above_its_middle_and_a_court_card_a_picture() -> None:
    from cardscans.balanced_face import balance
    from cardscans.pips import widest_print_above_middle
    from cardscans.top_indices import MAX_PIP_SIDE

    assert all(widest_print_above_middle(balance(playing_card_face(card))) < MAX_PIP_SIDE
               for card in ("10C", "4D", "AS", "9H"))
    assert all(widest_print_above_middle(balance(playing_card_face(card))) > MAX_PIP_SIDE
               for card in ("KD", "QS", "JH"))


def test_a_greyscale_court_card_seen_by_one_corner_over_its_own_picture_frame_is_named(more_tune: Path) -> None:
    """Larger tune set, cached: a KD whose lower corner reads nothing, its outline found with its
    picture's frame inside about its centre, which once made it not alone."""
    frame = np.asarray(cv2.imread(str(more_tune / "IMG_20220921_200039.jpg")), dtype=np.uint8)
    assert _named(frame, index_corners=2) == ["KD"]
