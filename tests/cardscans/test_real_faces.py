"""Registering a card by photo, on real photographs, through the CLI as a referee runs it.

A SET deck stands in for the proprietary decks (benchmarks/data/faces-set-game/SOURCE.md: Apache-2.0
photos kept in the repository, so these tests run everywhere). A card registered from one photo
(`shinpan register-face`) is found in a photo of another day; its look-alikes on the same board
(same colour, count and shading, another shape), never registered, are reported unrecognised.
benchmarks/scan_real_faces.py measures the rates on 60 registered and 21 unregistered cards.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.scan_real_faces import framed_alone, load_labels, read_photo  # noqa: E402

REGISTERING_PHOTO = "red-2-20161231_114330.jpg"
LATER_PHOTO = "red-2-20170101_124832.jpg"  # a week later, another light
REGISTERED_CARD = "2-red-solid-diamonds"
LOOK_ALIKES = ["2-red-solid-ovals", "2-red-solid-squiggles"]


def photo(name: str) -> dict[str, Any]:
    return next(p for p in load_labels()["photos"] if p["file"] == name)


def card(photo_labels: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in photo_labels["cards"] if c["card"] == name)


def on_card(sighting: dict[str, Any], labelled: dict[str, Any], shape: tuple[int, ...]) -> bool:
    height, width = shape[:2]
    (x, y), (w, h) = labelled["centre"], labelled["size"]
    centre_x = sum(point[0] for point in sighting["polygon"]) / len(sighting["polygon"])
    centre_y = sum(point[1] for point in sighting["polygon"]) / len(sighting["polygon"])
    return abs(centre_x - x * width) < w * width / 2 and abs(centre_y - y * height) < h * height / 2


@pytest.fixture()
def gallery(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    registering = photo(REGISTERING_PHOTO)
    alone = tmp_path / "men-alone.png"
    cv2.imwrite(str(alone), framed_alone(read_photo(registering), card(registering, REGISTERED_CARD)))
    gallery_file = tmp_path / "faces.npz"
    assert main(["register-face", str(alone), "--catalog", "kendo-taikai", "--card", "men",
                 "--gallery", str(gallery_file)]) == 0
    assert "registered kendo-taikai/men" in capsys.readouterr().out
    return gallery_file


def scan_later_photo(gallery: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[dict[str, Any]], Any]:
    later = ROOT / "benchmarks" / "data" / "faces-set-game" / "photos" / LATER_PHOTO
    assert main(["scan", str(later), "--gallery", str(gallery), "--effort", "fast", "--json"]) == 0
    (result,) = json.loads(capsys.readouterr().out)
    return result["sightings"], read_photo(photo(LATER_PHOTO)).shape


def test_a_card_registered_from_one_real_photo_is_found_in_another(
        gallery: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sightings, shape = scan_later_photo(gallery, capsys)
    named = [s for s in sightings if s["kind"] == "card"]
    assert [(s["catalog"], s["card_id"]) for s in named] == [("kendo-taikai", "men")]
    assert on_card(named[0], card(photo(LATER_PHOTO), REGISTERED_CARD), shape)


def test_real_look_alikes_never_registered_are_unrecognised_with_the_reason(
        gallery: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sightings, shape = scan_later_photo(gallery, capsys)
    later = photo(LATER_PHOTO)
    for name in LOOK_ALIKES:
        here = [s for s in sightings if on_card(s, card(later, name), shape)]
        assert [s["kind"] for s in here] == ["unrecognised"], name
        assert here[0]["reason"] == "no registered card matches"
