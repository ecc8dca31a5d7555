"""Registering a card by photo, on real photographs, through the CLI as a referee runs it, and the
rates on the report set.

A SET deck stands in for the proprietary decks (benchmarks/data/faces-set-game*/SOURCE.md: Apache-2.0
photos kept in the repository, so these tests run everywhere). A card registered from one photo
(`shinpan register-face`) is found in a photo of another day; its look-alikes on the same board
(same colour, count and shading, another shape), never registered, are reported unrecognised.
On the report set (photos never tuned on), 60 registered cards are named and 21 others are not,
at rates a little under those benchmarks/scan_real_faces.py prints.
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
from benchmarks.scan_real_faces import framed_alone, load_labels, measure_faces, read_photo  # noqa: E402

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


# benchmarks/scan_real_faces.py on the report set (the seventh registering photo, measured once
# after the last change): top-1 88.68 % of 477 (the goal, 90 %, not met), 0 wrong names, 2 false
# accepts of 192 (the goal, 0, not met: unregistered striped cards of a second camera's photos named
# as their empty look-alikes, see its SOURCE.md). A little under those, so that a change that loses
# ground fails here; two false accepts are the most allowed until a fix made on tune data removes them.
REPORT_MIN_TOP1 = 88.0
REPORT_MAX_WRONG_NAMES = 0
REPORT_MAX_FALSE_ACCEPTS = 2


@pytest.fixture(scope="module")
def report_figures() -> dict[str, float]:
    return {figure.name.rsplit(".", 1)[-1]: figure.value
            for figure in measure_faces("labels.json", "report", judged=True)}


def test_the_report_set_names_registered_cards(report_figures: dict[str, float]) -> None:
    assert report_figures["gallery"] == 60
    assert report_figures["top1"] >= REPORT_MIN_TOP1
    assert report_figures["wrong_name"] <= REPORT_MAX_WRONG_NAMES


def test_the_report_set_names_hardly_any_unregistered_card(report_figures: dict[str, float]) -> None:
    unregistered = 192  # appearances of the 21 cards never registered (SOURCE.md)
    assert report_figures["false_accepts"] * unregistered / 100 <= REPORT_MAX_FALSE_ACCEPTS + 0.01
