"""A larger tune set of the same white deck (ammememe-white-singles-more): every other single-card
photo of the export whose source name falls in the tune half, fetched into the local photo cache
rather than committed (166 photos, 7 MB; CC BY 4.0 like the rest, LICENCE.md).

The committed set keeps one photo per card (52 singles); the export holds about 7 of each, and
tuning the reader on 24 photos alone left it blind to failures that 166 show (a flat-topped 3 read
as a 5, a court card's picture read as a joker). The report half is untouched: a source photo of the
report half is never selected, whatever its card.

Selection (`--select`, which rewrites more-tune.json): source photos `IMG_20220921_*` (the white
deck) not in manifest.json, in the tune half (the first 8 hex digits of SHA-256 of the source name,
e.g. `IMG_20220921_194243_jpg`, even: SOURCE.md's split), the first augmented version by name, whose
YOLO labels name exactly one playing card (no back, no joker). Its label is that card, unchecked by
eye: another card's index at the frame's edge would count as wrong, so the set is for tuning, never
for a reported figure.

Usage: .venv/bin/python benchmarks/data/cards-ammememe/more_tune.py [--mirror /work/.mirror] [--select]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
CARDS_REAL = ROOT / "benchmarks" / "data" / "cards-real"
if str(CARDS_REAL) not in sys.path:
    sys.path.insert(0, str(CARDS_REAL))

from build import MANIFEST, class_names, git_text, label_path, labelled_cards  # noqa: E402
from fetch import cache_dir  # noqa: E402

from benchmarks.git_sources import Repositories, fetch_missing  # noqa: E402

MORE = HERE / "more-tune.json"
SET_NAME = "ammememe-white-singles-more"
WHITE_DECK = re.compile(r"datasets/\w+/images/(IMG_20220921_\d+)_jpg\.rf\.\w+\.jpg")


def in_tune_half(source_name: str) -> bool:
    return int(hashlib.sha256(f"{source_name}_jpg".encode()).hexdigest()[:8], 16) % 2 == 0


def select(git_dir: Path, manifest: dict[str, Any]) -> list[dict[str, Any]]:
    commit = manifest["commit"]
    names = class_names(git_text(git_dir, commit, "data.yaml"))
    listed = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "--name-only", commit, "datasets"],
                            capture_output=True, check=True, text=True).stdout.split()
    committed = {photo["file"].rsplit(".", 1)[0] for photo in manifest["photos"]}
    first_version: dict[str, str] = {}
    for path in sorted(listed):
        found = WHITE_DECK.fullmatch(path)
        if found and found.group(1) not in first_version:
            first_version[found.group(1)] = path
    chosen = []
    for name, path in sorted(first_version.items()):
        if name in committed or not in_tune_half(name):
            continue
        labels = git_text(git_dir, commit, label_path(path))
        cards = labelled_cards(labels, names)
        classes = {line.split()[0] for line in labels.splitlines() if line.strip()}
        if len(cards) != 1 or len(classes) != 1:
            continue  # several cards, or a back or a joker beside the card
        blob = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                              capture_output=True, check=True).stdout
        chosen.append({"file": f"{name}.jpg", "source": path, "sha256": hashlib.sha256(blob).hexdigest(),
                       "cards": sorted(cards)})
    return chosen


def fetch(git_dir: Path, manifest: dict[str, Any], photos: list[dict[str, Any]]) -> int:
    out = cache_dir() / SET_NAME
    # byte for byte, as the committed photos are
    problems = fetch_missing(git_dir, manifest["commit"], photos, out, Path.write_bytes)
    print(f"{out}: {len(photos) - problems} photos ready")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    parser.add_argument("--select", action="store_true", help="choose the photos again and rewrite more-tune.json")
    args = parser.parse_args()
    manifest: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    git_dir = Repositories(args.mirror).git_dir(manifest["repo"])
    if args.select:
        photos = select(git_dir, manifest)
        MORE.write_text(json.dumps({"set": SET_NAME, "role": "tune", "kind": "single", "photos": photos},
                                   indent=1) + "\n", encoding="utf-8")
        print(f"{MORE}: {len(photos)} photos")
    photos = json.loads(MORE.read_text(encoding="utf-8"))["photos"]
    return fetch(git_dir, manifest, photos)


if __name__ == "__main__":
    sys.exit(main())
