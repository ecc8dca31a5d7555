"""The corner reader's cheap cross-checks: pips that confirm or refute an index, the other corner's
rank, a letter broken in two, and greyscale photos, where only a suit's shape tells red from black.

The real photos come from the local cache (benchmarks/data/cards-real/SOURCE.md); those tests skip
without it. Drawn cards need no cache.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from cardscans.card_glyphs import is_colourless
from cardscans.playing_cards import PLAYING_CARD_IDS, CornerReader, playing_card_face
from companion.cli.main import main

CACHE = Path(os.environ.get("SHINPAN_CARD_PHOTOS", Path.home() / ".cache" / "shinpan" / "cards-real"))


@pytest.fixture(scope="module")
def photos() -> Path:
    if not (CACHE / "rdpong-singles").is_dir():
        pytest.skip(f"{CACHE} is missing: run benchmarks/data/cards-real/fetch.py (photos without a licence)")
    return CACHE


def scan(paths: list[Path], capsys: pytest.CaptureFixture[str], *flags: str) -> list[list[str]]:
    assert main(["scan", *map(str, paths), "--catalog", "playing-cards", "--effort", "fast", "--json", *flags]) == 0
    return [[s["card_id"] for s in result["sightings"] if s["kind"] == "card"]
            for result in json.loads(capsys.readouterr().out)]


def grey(image: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.asarray(cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR), dtype=np.uint8)


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
    results = scan([photos / "rdpong-singles" / "7hearts.jpg", photos / "pstephenwille-singles" / "cards-SK-001.jpg"],
                   capsys)
    assert results == [["7H"], ["KS"]]


def test_pips_settle_corners_that_disagree_and_refute_a_letter(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A low camera cuts off the "1" of rdpong's 10H, whose "0" then reads as a Q: ten pips say 10.
    Blurred, a 9D reads as a Q in both corners: a court card never shows nine pips."""
    blurred = tmp_path / "green_many_blurred.png"
    cv2.imwrite(str(blurred), cv2.GaussianBlur(cv2.imread(str(photos / "rdpong-scenes" / "green_many.jpg")),
                                               (0, 0), 2.0))
    extreme, soft = scan([photos / "rdpong-scenes" / "3cards_extreme.jpg", blurred], capsys)
    assert "10H" in extreme and "QH" not in extreme
    assert set(soft) <= {"9D", "4H", "5C", "JS", "AC", "2C"}


def test_a_german_dame_broken_in_two_is_a_queen_never_a_ten(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The D's stem parts from its bowl and the two blobs side by side looked like a "10"; a glyph
    in two pieces read as one letter must not show pips (a blurred 10H's "1" once read as a K)."""
    blurred = tmp_path / "Herz_Zehn_blurred.png"
    cv2.imwrite(str(blurred), cv2.GaussianBlur(cv2.imread(str(photos / "anima-german-singles" / "Herz_Zehn.JPG")),
                                               (0, 0), 2.0))
    dame, ten = scan([photos / "anima-german-singles" / "Karo_Dame.JPG", blurred], capsys, "--indices", "german")
    assert dame == ["QD"]
    assert ten in ([], ["10H"])


def test_a_rank_printed_against_a_pip_is_taken_off_it(photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """anima's 10H prints its "0" touching a heart: the "1" alone read as a 4 (which the ten pips
    refused); the "0" taken off the heart makes the index a 10 again."""
    assert scan([photos / "anima-german-singles" / "Herz_Zehn.JPG"], capsys, "--indices", "german") == [["10H"]]


def test_greyscale_photos_are_named_right_or_not_at_all(
        photos: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ["5diamonds", "Qhearts", "7spades", "9clubs", "Adiamonds", "Kclubs", "3hearts", "10spades"]
    ids = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
    paths = []
    for name in names:
        path = tmp_path / f"{name}.png"
        cv2.imwrite(str(path), grey(cv2.imread(str(photos / "rdpong-singles" / f"{name}.jpg"))))
        paths.append(path)
    results = scan(paths, capsys)
    truths = [next(name[: -len(suit)] + ids[suit] for suit in ids if name.endswith(suit)) for name in names]
    assert all(named in ([truth], []) for truth, named in zip(truths, results, strict=True)), results
    assert sum(named == [truth] for truth, named in zip(truths, results, strict=True)) >= 6


def test_a_court_cards_suit_marks_tell_spade_from_club(photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At a low angle the queen of spades' index spade loses its stem and matches a club as well; the
    large spades beside her picture tell."""
    [named] = scan([photos / "rdpong-scenes" / "8card_slight.jpg"], capsys)
    assert "QS" in named and "QC" not in named
