"""Registering a card by photo, checked on real photographs of SET cards (81 plain faces that differ
by one colour, shape, shading or count), which stand in for the proprietary decks (Kenpo Masters,
Kendo Taikai): they have no public photos. The sets the face gallery is tuned on are kept apart
from the set it is judged on; all are one author's (tomwhite/set-game, Apache-2.0):

Tune set (benchmarks/data/faces-set-game, `tune`): 60 cards are registered through
`FaceGallery.register_photo` (what `shinpan register-face` and the Decks screen's "Register by photo"
call), each from the first photo of its 3 x 3 board, framed alone (that photo cropped to the card
and the table around it). The three other photos of each board, taken on other days under other
light, are scanned whole through `Scanner.scan(frame, effort="fast")`: each registered card there
must be named (top-1), and the 21 cards never registered, in all four photos, must be named nothing
(false accepts).

Report set (benchmarks/data/faces-set-game-v2/labels.json, `report`): never tuned on; the goals are
judged here. Photos of three 27-card boards taken ten weeks later over eight days with two cameras,
each face as the source's own card finder cut and rectified it. 60 cards are registered through
`FaceGallery.register_face` from each board's registering photo (the face `register_photo`
rectifies from an outline); each face of seven to nine later photos is read through
`FaceGallery.sighting`, what the scanner calls on every card outline: the 60 registered must be
named, the 21 others (all its photos) named nothing. Its six tune parts (`tune_v2_*`, five earlier
report sets among them, see that folder's SOURCE.md): other photos of the same days and cameras,
measured alike, tuned on.

    .venv/bin/python benchmarks/scan_real_faces.py [--json]

Goals (report set only): top-1 >= 90 %, 0 false accepts, 0 wrong names; the time is printed
without a goal (per 9-card frame, outlines found, on the tune set; per face on the others).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.report import Figure, emit, median  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402
from cardscans.recognizer import FaceGallery  # noqa: E402
from cardscans.sighting import CardSighting  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "faces-set-game"
REPORT_DATA = ROOT / "benchmarks" / "data" / "faces-set-game-v2"
REGISTERED, UNREGISTERED = 60, 21  # the gallery of 60, of a deck of 81
# the report set's tune parts: other photos of the same days and cameras, measured alike
TUNE_PARTS = {"tune-first-labels.json": "scan_real_faces.tune_v2_first",
              "tune-middle-labels.json": "scan_real_faces.tune_v2_middle",
              "tune-last-labels.json": "scan_real_faces.tune_v2_last",
              "tune-quarter-labels.json": "scan_real_faces.tune_v2_quarter",
              "tune-threequarters-labels.json": "scan_real_faces.tune_v2_threequarters",
              "tune-fiveeighths-labels.json": "scan_real_faces.tune_v2_fiveeighths"}
CATALOG = "set-game"
FRAMING_MARGIN = 0.25  # table kept around a card registered alone, per side, of its width / height


def load_labels() -> dict[str, Any]:
    labels: dict[str, Any] = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))
    return labels


def read_photo(photo: dict[str, Any]) -> npt.NDArray[np.uint8]:
    image = cv2.imread(str(DATA / "photos" / photo["file"]), cv2.IMREAD_COLOR)
    if image is None:
        raise FileNotFoundError(DATA / "photos" / photo["file"])
    return np.asarray(image, dtype=np.uint8)


def boards(labels: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The photos of each board (one colour, one count), oldest first: the first registers."""
    by_board: dict[str, list[dict[str, Any]]] = {}
    for photo in labels["photos"]:
        by_board.setdefault(f"{photo['colour']}-{photo['count']}", []).append(photo)
    return [sorted(photos, key=lambda p: p["file"]) for _, photos in sorted(by_board.items())]


def unregistered_cards(labels: dict[str, Any]) -> set[str]:
    """21 of the 81 cards, drawn once with a fixed seed, so every run leaves out the same ones."""
    names = sorted({card["card"] for photo in labels["photos"] for card in photo["cards"]})
    return left_out_of(names)


def left_out_of(names: list[str]) -> set[str]:
    return set(random.Random(6).sample(sorted(names), UNREGISTERED))


def framed_alone(image: npt.NDArray[np.uint8], card: dict[str, Any]) -> npt.NDArray[np.uint8]:
    """The photo cropped to one card and the table around it: a referee's photo of that card alone."""
    height, width = image.shape[:2]
    x, y = card["centre"][0] * width, card["centre"][1] * height
    half_w = card["size"][0] * width * (0.5 + FRAMING_MARGIN)
    half_h = card["size"][1] * height * (0.5 + FRAMING_MARGIN)
    top, bottom = int(max(0, y - half_h)), int(min(height, y + half_h))
    left, right = int(max(0, x - half_w)), int(min(width, x + half_w))
    return np.ascontiguousarray(image[top:bottom, left:right])


def register(labels: dict[str, Any], left_out: set[str]) -> FaceGallery:
    gallery = FaceGallery()
    for photos in boards(labels):
        image = read_photo(photos[0])
        for card in photos[0]["cards"]:
            if card["card"] not in left_out:
                gallery.register_photo(CATALOG, card["card"], framed_alone(image, card))
    return gallery


def named_at(sightings: list[CardSighting], card: dict[str, Any], shape: tuple[int, ...]) -> list[str]:
    """Card ids of the sightings whose centre lies on the labelled card."""
    height, width = shape[:2]
    x, y = card["centre"][0] * width, card["centre"][1] * height
    half_w, half_h = card["size"][0] * width / 2, card["size"][1] * height / 2
    return [s.card_id or "" for s in sightings
            if s.kind == "card" and abs(s.centre[0] - x) < half_w and abs(s.centre[1] - y) < half_h]


def measure_tune() -> list[Figure]:
    labels = load_labels()
    left_out = unregistered_cards(labels)
    gallery = register(labels, left_out)
    scanner = Scanner(gallery=gallery)
    right = registered_seen = wrong = false_accepts = unregistered_seen = 0
    times: list[float] = []
    for photos in boards(labels):
        for number, photo in enumerate(photos):
            image = read_photo(photo)
            started = time.perf_counter()
            sightings = scanner.scan(image, effort="fast")
            times.append((time.perf_counter() - started) * 1000)
            for card in photo["cards"]:
                names = named_at(sightings, card, image.shape)
                if card["card"] in left_out:
                    unregistered_seen += 1
                    false_accepts += bool(names)
                    if names:
                        print(f"{photo['file']}: unregistered {card['card']} named {names}", file=sys.stderr)
                elif number > 0:  # the registering photo is no query
                    registered_seen += 1
                    right += names == [card["card"]]
                    wrong += bool(names) and names != [card["card"]]
                    if names != [card["card"]]:
                        print(f"{photo['file']}: {card['card']} named {names or 'nothing'}", file=sys.stderr)
    # no goals here: the thresholds were chosen on these photos
    return [
        Figure("scan_real_faces.tune.gallery", len(gallery), "cards"),
        Figure("scan_real_faces.tune.top1", 100.0 * right / registered_seen, f"% of {registered_seen}"),
        Figure("scan_real_faces.tune.wrong_name", wrong, f"cards of {registered_seen}"),
        Figure("scan_real_faces.tune.false_accepts", 100.0 * false_accepts / unregistered_seen,
               f"% of {unregistered_seen}"),
        Figure("scan_real_faces.tune.median_frame_time", median(times), "ms per 9-card frame"),
    ]


def load_report_labels(name: str = "labels.json") -> dict[str, Any]:
    """The report set's labels, or (TUNE_PARTS) those of its tune parts: other photos."""
    labels: dict[str, Any] = json.loads((REPORT_DATA / name).read_text(encoding="utf-8"))
    return labels


@functools.cache
def _build_script() -> ModuleType:
    """faces-set-game-v2/build.py, loaded once: it owns where the faces are."""
    spec = importlib.util.spec_from_file_location("faces_set_game_v2_build", REPORT_DATA / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def faces_dir(labels_name: str) -> Path:
    """The report set's faces are committed; the tune parts' sit in the cache its build script fills."""
    folder: Path = _build_script().faces_dir(labels_name)
    return folder


def read_face(folder: Path, face: dict[str, Any]) -> npt.NDArray[np.uint8]:
    image = cv2.imread(str(folder / face["file"]), cv2.IMREAD_COLOR)
    if image is None:
        raise FileNotFoundError(folder / face["file"])
    return np.asarray(image, dtype=np.uint8)


def whole(image: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """The outline of a face that fills its picture (corners clockwise from the top left)."""
    height, width = image.shape[:2]
    return np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], np.float32)


def register_report(labels: dict[str, Any], left_out: set[str], folder: Path) -> FaceGallery:
    gallery = FaceGallery()
    for board in labels["boards"]:
        for face in board["faces"]:
            if face["photo"] == board["registering_photo"] and face["card"] not in left_out:
                gallery.register_face(CATALOG, face["card"], read_face(folder, face))
    return gallery


def measure_faces(labels_name: str, prefix: str, judged: bool) -> list[Figure]:
    """Figures of the report set (`judged`: with the goals) or of its tune part (without)."""
    labels = load_report_labels(labels_name)
    folder = faces_dir(labels_name)
    left_out = left_out_of(sorted({f["card"] for board in labels["boards"] for f in board["faces"]}))
    gallery = register_report(labels, left_out, folder)
    right = registered_seen = wrong = false_accepts = unregistered_seen = 0
    times: list[float] = []
    for board in labels["boards"]:
        for face in board["faces"]:
            registering = face["photo"] == board["registering_photo"]
            if registering and face["card"] not in left_out:
                continue  # the registering photo is no query
            image = read_face(folder, face)
            started = time.perf_counter()
            sighting = gallery.sighting(image, whole(image))
            times.append((time.perf_counter() - started) * 1000)
            name = sighting.card_id if sighting is not None else None
            if face["card"] in left_out:
                unregistered_seen += 1
                false_accepts += name is not None
                if name is not None:
                    print(f"{prefix} {face['file']}: unregistered, named {name}", file=sys.stderr)
            else:
                registered_seen += 1
                right += name == face["card"]
                wrong += name is not None and name != face["card"]
                if name != face["card"]:
                    print(f"{prefix} {face['file']}: named {name or 'nothing'}", file=sys.stderr)
    top1 = 100.0 * right / registered_seen
    if not judged:
        return [
            Figure(f"{prefix}.gallery", len(gallery), "cards"),
            Figure(f"{prefix}.top1", top1, f"% of {registered_seen}"),
            Figure(f"{prefix}.wrong_name", wrong, f"cards of {registered_seen}"),
            Figure(f"{prefix}.false_accepts", 100.0 * false_accepts / unregistered_seen, f"% of {unregistered_seen}"),
            Figure(f"{prefix}.median_face_time", median(times), "ms per card"),
        ]
    return [
        Figure(f"{prefix}.gallery", len(gallery), "cards", f"{REGISTERED}"),
        Figure(f"{prefix}.top1", top1, "%", f">= 90 % of {registered_seen}", met=top1 >= 90.0),
        Figure(f"{prefix}.wrong_name", wrong, "cards", f"0 of {registered_seen}", met=wrong == 0),
        Figure(f"{prefix}.false_accepts", 100.0 * false_accepts / unregistered_seen, "%",
               f"0 % of {unregistered_seen}", met=false_accepts == 0),
        Figure(f"{prefix}.median_face_time", median(times), "ms per card"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", action="store_true")
    as_json = parser.parse_args().json
    emit(measure_tune(), as_json)
    for labels_name, prefix in TUNE_PARTS.items():
        if not faces_dir(labels_name).is_dir():
            print(f"{prefix}: skipped ({faces_dir(labels_name)} is missing: run "
                  "benchmarks/data/faces-set-game-v2/build.py)", file=sys.stderr)
            continue
        emit(measure_faces(labels_name, prefix, judged=False), as_json)
    emit(measure_faces("labels.json", "scan_real_faces.report", judged=True), as_json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
