"""Several tags in one frame: all read in one pass, with polygons, in left-to-right order."""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

from cardscans import synthetic
from cardscans.card_drawing import playing_card_face
from cardscans.decoders import DecodedCode, QrDecoder
from cardscans.imageio import Gray, to_gray
from cardscans.pipeline import Scanner
from cardscans.qrchain import Attempt, QrReader
from cardscans.recognizer import FaceGallery
from cardscans.sighting import left_to_right
from cardscans.tagformat import encode_tag


@pytest.mark.parametrize("code_px", [80, 120])
def test_a_combo_laid_on_the_table_scans_in_order(code_px: int) -> None:
    scanner = Scanner.for_catalog("kendo-taikai")
    for seed in range(4):
        texts = [encode_tag("kendo-taikai", card, seed % 2 + 1) for card in ("seme", "men", "hiki-do")]
        frame, centres = synthetic.tag_scene(np.random.default_rng(seed), texts, code_px)
        sightings = scanner.scan(frame, effort="fast")
        assert [s.card_id for s in sightings] == ["seme", "men", "hiki-do"]
        for sighting, centre in zip(sightings, centres, strict=True):
            assert abs(sighting.centre[0] - centre[0]) < code_px and abs(sighting.centre[1] - centre[1]) < code_px
            assert len(sighting.polygon) == 4


def test_a_column_of_tags_reads_top_to_bottom() -> None:
    frame = np.full((900, 400, 3), 230, np.uint8)
    texts = [encode_tag("kendo-taikai", card, 1) for card in ("do", "kote", "men")]
    for row, text in enumerate(texts):
        picture = synthetic.qr_picture(text, module_px=6)
        x = 60 + row * 4  # a hand-laid column is never quite straight
        frame[40 + row * 280: 40 + row * 280 + picture.shape[0], x: x + picture.shape[1]] = picture
    assert [s.card_id for s in Scanner.for_catalog(None).scan(frame)] == ["do", "kote", "men"]


def tagged_playing_cards(rng: np.random.Generator, cards: list[str]) -> np.ndarray:
    """Playing cards, each with its tag stuck on the face below the corner index."""
    canvas = synthetic.table(rng, (1280, 720))
    for index, card in enumerate(cards):
        centre = (220 + 420 * index, 360)
        corners = synthetic.tilted_corners(rng, centre, 252 * 1.3, 352 * 1.3, 5, 0.02)
        canvas = synthetic.place(canvas, playing_card_face(card), corners)
        sticker = synthetic.qr_picture(encode_tag("playing-cards", card.lower()))
        canvas = synthetic.place(canvas, sticker, synthetic.tilted_corners(rng, (centre[0], centre[1] + 60),
                                                                            100, 100, 5, 0.02))
    return synthetic.camera(canvas, rng, blur=0.8, noise=3.0)


@pytest.mark.timeout(60)
def test_a_12_megapixel_photo_reads_each_tagged_card_once() -> None:
    """A photo above the 8 MP working size is reduced; its tags must still hide the cards they are on."""
    cards = ["AS", "10H", "KD"]
    frame = tagged_playing_cards(np.random.default_rng(7), cards)
    photo = cv2.resize(frame, (4608, 2592), interpolation=cv2.INTER_CUBIC)  # 11.9 MP
    scanner = Scanner.for_catalog("playing-cards")
    for picture, factor in ((frame, 1.0), (photo, 3.6)):
        sightings = scanner.scan(picture)
        assert [(s.kind, s.method, s.card_id) for s in sightings] == [("card", "qr", c) for c in cards]
        assert abs(sightings[0].centre[0] - 220 * factor) < 40 * factor  # in the picture's own pixels
    # without a corner reader, a tagged card's outline is no "unrecognised card" beside its tag
    gallery = FaceGallery()
    gallery.register_face("kendo-taikai", "men", synthetic.card_face(1))
    untrained = Scanner(gallery=gallery)
    assert [(s.kind, s.card_id) for s in untrained.scan(photo)] == [("card", c) for c in cards]


def test_a_drifting_column_reads_top_to_bottom_whatever_order_the_decoder_found_it_in() -> None:
    frame = np.full((1000, 700, 3), 230, np.uint8)
    names = ("do", "kote", "men", "tsuki")
    for row, name in enumerate(names):
        picture = synthetic.qr_picture(encode_tag("kendo-taikai", name, 1), module_px=6)
        x = 300 - row * round(0.2 * 21 * 6)  # each row 20 % of a code's width left of the one above
        frame[30 + row * 240: 30 + row * 240 + picture.shape[0], x: x + picture.shape[1]] = picture
    sightings = Scanner.for_catalog("kendo-taikai").scan(frame)
    assert [s.card_id for s in sightings] == list(names)
    for order in itertools.permutations(sightings):
        assert [s.card_id for s in left_to_right(list(order))] == list(names)


class RecordingDecoder:
    """A real decoder that notes each time it is asked."""

    def __init__(self, decoder: QrDecoder, label: str, calls: list[str]) -> None:
        self.name, self._decoder, self._label, self._calls = decoder.name, decoder, label, calls

    def decode(self, gray: Gray) -> list[DecodedCode]:
        self._calls.append(self._label)
        return self._decoder.decode(gray)


def test_thorough_skips_the_slow_last_resorts_once_codes_are_found() -> None:
    calls: list[str] = []
    reader = QrReader.create()
    reader.attempts = [Attempt(a.name, RecordingDecoder(a.decoder, a.name, calls), a.prepare, a.last_resort)
                       for a in reader.attempts]
    texts = [encode_tag("kendo-taikai", card, 1) for card in ("seme", "men", "hiki-do")]
    frame, _ = synthetic.tag_scene(np.random.default_rng(3), texts, 120)
    codes = reader.read(to_gray(frame), "thorough")
    assert sorted(c.text for c in codes) == sorted(texts)
    assert "pyzbar on half-size frame" in calls  # the other decoders are still merged
    assert not [c for c in calls if c == "opencv" or "straightened" in c]
    calls.clear()
    empty_table = to_gray(synthetic.table(np.random.default_rng(1)))
    assert reader.read(empty_table, "thorough") == []
    assert "opencv" in calls  # nothing found: the last resorts run


def test_the_cli_scans_with_effort_auto_unless_told() -> None:
    from companion.cli.main import build_parser

    assert build_parser().parse_args(["scan", "photo.png"]).effort == "auto"
