"""Fetches the real card photographs of SOURCE.md into a local cache (they may not be redistributed).

The photos come from public repositories that publish no licence, so the repository keeps only
their names, labels and checksums (manifest.json). This script takes each file from a local bare
mirror of its repository (`--mirror DIR`, holding `owner+name/repo`) or a `git clone` at the
recorded commit, checks its SHA-256, downscales it to at most 1280 px on the long side and writes
it to the cache (`$SHINPAN_CARD_PHOTOS`, default ~/.cache/shinpan/cards-real).
Usage: .venv/bin/python benchmarks/data/cards-real/fetch.py [--mirror /work/.mirror]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

MANIFEST = Path(__file__).with_name("manifest.json")
LONG_SIDE = 1280


def cache_dir() -> Path:
    return Path(os.environ.get("SHINPAN_CARD_PHOTOS", Path.home() / ".cache" / "shinpan" / "cards-real"))


def _git_dir(mirror: Path | None, repo: str, commit: str, clones: dict[str, Path]) -> Path:
    if mirror is not None:
        base = mirror / repo.replace("/", "+") / "repo"
        return base / ".git" if (base / ".git").is_dir() else base
    if repo not in clones:
        target = Path(tempfile.mkdtemp(prefix="shinpan-cards-")) / "repo.git"
        subprocess.run(["git", "clone", "--bare", f"https://github.com/{repo}", str(target)], check=True)
        clones[repo] = target
    return clones[repo]


def fetch(mirror: Path | None) -> int:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    out = cache_dir()
    clones: dict[str, Path] = {}
    problems = 0
    for name, card_set in manifest["sets"].items():
        git_dir = _git_dir(mirror, card_set["repo"], card_set["commit"], clones)
        for photo in card_set["photos"]:
            target = out / name / photo["file"]
            if target.exists():
                continue
            blob = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{card_set['commit']}:{photo['source']}"],
                                  capture_output=True, check=False).stdout
            if hashlib.sha256(blob).hexdigest() != photo["sha256"]:
                print(f"{name}/{photo['file']}: missing or checksum differs", file=sys.stderr)
                problems += 1
                continue
            image = cv2.imdecode(np.frombuffer(blob, np.uint8), cv2.IMREAD_COLOR)
            scale = LONG_SIDE / max(image.shape[:2])
            if scale < 1:
                image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            target.parent.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(target), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    print(f"{out}: {sum(len(s['photos']) for s in manifest['sets'].values()) - problems} photos ready")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    return fetch(parser.parse_args().mirror)


if __name__ == "__main__":
    sys.exit(main())
