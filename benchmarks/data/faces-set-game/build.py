"""Rebuilds this folder's photos from tomwhite/set-game (Apache-2.0, see SOURCE.md).

Takes each original named in labels.json from a bare mirror or a `git clone` at the recorded
commit, checks its SHA-256, downscales it to at most 1280 px on the long side (JPEG quality 85)
and writes it to photos/. The committed photos are this script's output; run it only to check them
or to add photos.
Usage: .venv/bin/python benchmarks/data/faces-set-game/build.py [--git-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.git_sources import Repositories, checked_blob, downscaled  # noqa: E402

HERE = Path(__file__).resolve().parent
LONG_SIDE = 1280


def build(git_dir: Path | None) -> int:
    labels = json.loads((HERE / "labels.json").read_text(encoding="utf-8"))
    source = git_dir or Repositories(None).git_dir(labels["repo"])
    problems = 0
    for photo in labels["photos"]:
        blob = checked_blob(source, labels["commit"], photo["source"], photo["sha256"])
        if blob is None:
            print(f"{photo['source']}: missing or checksum differs", file=sys.stderr)
            problems += 1
            continue
        target = HERE / "photos" / photo["file"]
        target.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(target), downscaled(blob, LONG_SIDE), [cv2.IMWRITE_JPEG_QUALITY, 85])
    print(f"{HERE / 'photos'}: {len(labels['photos']) - problems} photos written")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--git-dir", type=Path, help="a bare clone of the repository (default: git clone)")
    return build(parser.parse_args().git_dir)


if __name__ == "__main__":
    sys.exit(main())
