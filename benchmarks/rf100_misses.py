"""Where the reader loses the rf100 tune cards: a diagnostic for whoever tunes cardscans/, never a
reported figure (no goal; scan_real_cards.py judges the reader). Tune and check sets only: the
report set's misses are not looked at one by one.

Each rf100 photo of the chosen sets is scanned as scan_real_cards.py scans it; for each labelled
card not named, every index spot of both looks (cardscans.index_spots) whose rank lies inside the
card's box (the export's YOLO box, read from its repository as rf100_sets.py reads it) is read
upright by the corner reader, and the card is counted by the best that any of them reads:
- `reads the card`: a spot in its box reads it (the steps never read that spot, or refused it);
- `reads the rank`: one reads its rank but no card (a suit in doubt, no suit found below it);
- `reads other cards`: spots read cards, none this one (a neighbour's index in the box, a misread);
- `reads nothing`: spots are there but none reads a rank of it;
- `no spot`: no index spot lies in its box.
At most MAX_SPOTS spots a box are read (the plainest paper first).

Usage: .venv/bin/python benchmarks/rf100_misses.py --mirror DIR [--set NAME]... [--photos N] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks" / "data" / "cards-real"))

from rf100_sets import REPO, ROLES, class_cards, label_boxes  # noqa: E402

import benchmarks.scan_real_cards as real_cards  # noqa: E402
from benchmarks.git_sources import Repositories  # noqa: E402
from benchmarks.report import Figure, emit  # noqa: E402
from cardscans.balanced_face import is_colourless  # noqa: E402
from cardscans.index_spots import IndexSpot, cut_spots, searched_frame, upright_face  # noqa: E402
from cardscans.pipeline import Scanner  # noqa: E402

MAX_SPOTS = 60
KINDS = ("reads the card", "reads the rank", "reads other cards", "reads nothing", "no spot")
Box = tuple[str, float, float, float, float]  # card, left, top, right, bottom in the photo's pixels


def boxes(git_dir: Path, source: str, cards_of: list[str], width: int, height: int) -> list[Box]:
    return [(cards_of[number], (x - w / 2) * width, (y - h / 2) * height, (x + w / 2) * width, (y + h / 2) * height)
            for number, x, y, w, h in label_boxes(git_dir, source)]


def kind_of_miss(card: str, spots: list[IndexSpot], scanner: Scanner, image: Any, grey: bool) -> str:
    if not spots:
        return "no spot"
    assert scanner.corners is not None
    reads = [scanner.corners.read_index(upright_face(image, spot, grey))
             for spot in sorted(spots, key=lambda spot: spot.other_ink)[:MAX_SPOTS]]
    if any(reading.card_id == card for reading in reads):
        return "reads the card"
    if any(reading.rank == card[:-1] for reading in reads):
        return "reads the rank"
    return "reads other cards" if any(reading.card_id for reading in reads) else "reads nothing"


def misses(name: str, git_dir: Path, most_photos: int) -> Counter[str]:
    manifest: dict[str, Any] = json.loads(real_cards.MANIFEST.read_text(encoding="utf-8"))["sets"][name]
    cards_of = class_cards(git_dir)
    scanner = Scanner.for_catalog("playing-cards", index_corners=manifest["corners"])
    counted: Counter[str] = Counter()
    for photo in manifest["photos"][:most_photos]:
        read = cv2.imread(str(real_cards.cache_dir() / name / photo["file"]), cv2.IMREAD_COLOR)
        if read is None:
            continue
        image = np.asarray(read, dtype=np.uint8)
        named = [s.card_id for s in scanner.scan(image, effort="fast") if s.kind == "card"]
        missed = [card for card in photo["cards"] if card not in named]
        if not missed:
            continue
        height, width = image.shape[:2]
        small, scale = searched_frame(image, None)
        spots = cut_spots(small, scale, False) + cut_spots(small, scale, True)
        ranks = np.array([spot.rank for spot in spots], np.float64).reshape(-1, 2)
        grey = is_colourless(image)
        for card, left, top, right, bottom in boxes(git_dir, photo["source"], cards_of, width, height):
            if card in missed:
                inside = (ranks[:, 0] >= left) & (ranks[:, 0] <= right) & (ranks[:, 1] >= top) & (ranks[:, 1] <= bottom)
                counted[kind_of_miss(card, [s for s, ok in zip(spots, inside, strict=True) if ok], scanner,
                                     image, grey)] += 1
    return counted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    parser.add_argument("--set", action="append", dest="sets", help="an rf100 tune or check set (again for more)")
    parser.add_argument("--photos", type=int, default=10_000, help="at most this many photos a set")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    args = parser.parse_args()
    wanted = args.sets or [name for name, role in ROLES.items() if role == "tune"]
    held_apart = [name for name in wanted if ROLES.get(name) not in ("tune", "check")]
    if held_apart:
        print(f"not a tune or check set of rf100: {', '.join(held_apart)}", file=sys.stderr)
        return 2
    git_dir = Repositories(args.mirror).git_dir(REPO)
    for name in wanted:
        counted = misses(name, git_dir, args.photos)
        emit([Figure(f"rf100_misses.{name}.{kind.replace(' ', '_')}", counted[kind], "cards") for kind in KINDS],
             args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
