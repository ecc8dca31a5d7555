"""Where the playing-card reader loses the white deck's tune cards, index by index: a diagnostic for
whoever tunes cardscans/, never a reported figure (it reads the tune photos only).

The Ammememe export boxes every corner index a photo shows (benchmarks/data/cards-ammememe/SOURCE.md),
so each labelled index of a card the scanner did not name can be followed through the index pass
(cardscans/index_spots.py, index_pairs.py): no rank-over-suit spot found in its box; a spot found but read as
nothing; its rank read but not its suit; another card read; or its own card read (the card was then
lost at pairing or at the outline's examination). Indices of the cards the scanner named are counted
too, for scale. Photos: the committed tune half and, when cached, ammememe-white-singles-more
(cards-ammememe/more_tune.py); their YOLO labels come from the export's repository (`--mirror`, as
the data scripts take it).

Usage: .venv/bin/python benchmarks/index_funnel.py [--mirror /work/.mirror] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
AMMEMEME = ROOT / "benchmarks" / "data" / "cards-ammememe"
for folder in (AMMEMEME, ROOT / "benchmarks" / "data" / "cards-real"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from build import MANIFEST, NOT_CARDS, PHOTOS, class_names, git_text, label_path  # noqa: E402
from fetch import cache_dir  # noqa: E402
from more_tune import MORE, SET_NAME  # noqa: E402

from benchmarks.git_sources import Repositories  # noqa: E402
from benchmarks.report import Figure, emit  # noqa: E402
from cardscans.corner_index import CornerReading  # noqa: E402
from cardscans.imageio import downscale, work_scale  # noqa: E402
from cardscans.index_spots import IndexSpot, index_spots, upright_face  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402
from cardscans.playing_cards import CornerReader, frame_is_colourless  # noqa: E402

STAGES = ("its card read", "its rank only", "another card read", "nothing read", "no spot")
Box = tuple[str, float, float, float, float]  # card, centre x, centre y, width, height (of the frame)


def tune_photos(manifest: dict[str, Any]) -> list[tuple[Path, str]]:
    """(photo, its source path in the export) of the white deck's tune photos at hand."""
    photos = [(PHOTOS / p["file"], p["source"]) for p in manifest["photos"]
              if p["role"] == "tune" and p["deck"] == "white"]
    more = cache_dir() / SET_NAME
    if more.is_dir():
        photos += [(more / p["file"], p["source"]) for p in json.loads(MORE.read_text(encoding="utf-8"))["photos"]]
    return photos


def index_boxes(label_text: str, names: list[str]) -> list[Box]:
    boxes = []
    for line in label_text.splitlines():
        if line.strip():
            cls, *numbers = line.split()
            if names[int(cls)] not in NOT_CARDS:
                x, y, w, h = map(float, numbers)
                boxes.append((names[int(cls)], x, y, w, h))
    return boxes


def read_spot(reader: CornerReader, frame: npt.NDArray[np.uint8], colourless: bool, spot: IndexSpot) -> CornerReading:
    return reader.read_index(upright_face(frame, spot, colourless))


def stage(box: Box, spots: list[IndexSpot], read: Callable[[IndexSpot], CornerReading],
          frame_size: tuple[int, int]) -> str:
    """How far the index in `box` got: the first of STAGES any spot inside it reached."""
    card, x, y, w, h = box
    width, height = frame_size
    left, right = (x - w / 2) * width - 2, (x + w / 2) * width + 2
    top, bottom = (y - h / 2) * height - 2, (y + h / 2) * height + 2
    inside = [spot for spot in spots
              if all(left <= point[0] <= right and top <= point[1] <= bottom for point in (spot.rank, spot.suit))]
    if not inside:
        return "no spot"
    readings = [read(spot) for spot in inside]
    if any(reading.card_id == card for reading in readings):
        return "its card read"
    if any(reading.rank == card[:-1] for reading in readings):
        return "its rank only"
    if any(reading.card_id for reading in readings):
        return "another card read"
    return "nothing read"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    manifest: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    git_dir = Repositories(args.mirror).git_dir(manifest["repo"])
    names = class_names(git_text(git_dir, manifest["commit"], "data.yaml"))
    scanner = Scanner.for_catalog("playing-cards")
    reader = CornerReader.standard()
    named_indices = 0
    missed: Counter[str] = Counter()
    photos = tune_photos(manifest)
    for path, source in photos:
        image = cv2.imread(str(path))
        if image is None:
            print(f"{path}: not readable", file=sys.stderr)
            continue
        frame = np.asarray(downscale(np.asarray(image, dtype=np.uint8), work_scale(image.shape[:2])), dtype=np.uint8)
        named = {s.card_id for s in scanner.scan(image, effort="fast") if s.kind == "card"}
        spots = index_spots(frame) + index_spots(frame, against_paper=True)
        read = partial(read_spot, reader, frame, frame_is_colourless(frame))
        for box in index_boxes(git_text(git_dir, manifest["commit"], label_path(source)), names):
            if box[0] in named:
                named_indices += 1
            else:
                missed[stage(box, spots, read, (int(frame.shape[1]), int(frame.shape[0])))] += 1
    lost = sum(missed.values())
    figures = [Figure("index_funnel.tune.photos", len(photos), "photos"),
               Figure("index_funnel.tune.indices_of_named_cards", named_indices, "indices"),
               Figure("index_funnel.tune.indices_of_missed_cards", lost, "indices")]
    figures += [Figure(f"index_funnel.tune.missed.{name.replace(' ', '_')}",
                       100.0 * missed[name] / max(lost, 1), "%") for name in STAGES]
    emit(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
