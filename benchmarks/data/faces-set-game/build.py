"""Rebuilds this folder's photos from tomwhite/set-game (Apache-2.0, see SOURCE.md).

Takes each original named in labels.json from a bare mirror or a `git clone` at the recorded
commit, checks its SHA-256, downscales it to at most 1280 px on the long side (JPEG quality 85)
and writes it to photos/. The committed photos are this script's output; run it only to check them
or to add photos.
Usage: .venv/bin/python benchmarks/data/faces-set-game/build.py [--git-dir DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
LONG_SIDE = 1280


def build(git_dir: Path | None) -> int:
    labels = json.loads((HERE / "labels.json").read_text(encoding="utf-8"))
    if git_dir is None:
        git_dir = Path(tempfile.mkdtemp(prefix="shinpan-set-game-")) / "repo.git"
        subprocess.run(["git", "clone", "--bare", f"https://github.com/{labels['repo']}", str(git_dir)], check=True)
    problems = 0
    for photo in labels["photos"]:
        blob = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{labels['commit']}:{photo['source']}"],
                              capture_output=True, check=False).stdout
        if hashlib.sha256(blob).hexdigest() != photo["sha256"]:
            print(f"{photo['source']}: missing or checksum differs", file=sys.stderr)
            problems += 1
            continue
        image = cv2.imdecode(np.frombuffer(blob, np.uint8), cv2.IMREAD_COLOR)
        scale = LONG_SIDE / max(image.shape[:2])
        if scale < 1:
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        target = HERE / "photos" / photo["file"]
        target.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(target), image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    print(f"{HERE / 'photos'}: {len(labels['photos']) - problems} photos written")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--git-dir", type=Path, help="a bare clone of the repository (default: git clone)")
    return build(parser.parse_args().git_dir)


if __name__ == "__main__":
    sys.exit(main())
