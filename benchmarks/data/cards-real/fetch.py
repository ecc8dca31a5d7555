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
import json
import os
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.git_sources import Repositories, downscaled, fetch_missing  # noqa: E402

MANIFEST = Path(__file__).with_name("manifest.json")
LONG_SIDE = 1280


def cache_dir() -> Path:
    return Path(os.environ.get("SHINPAN_CARD_PHOTOS", Path.home() / ".cache" / "shinpan" / "cards-real"))


def write_downscaled(target: Path, blob: bytes) -> None:
    cv2.imwrite(str(target), downscaled(blob, LONG_SIDE), [cv2.IMWRITE_JPEG_QUALITY, 90])


def fetch(mirror: Path | None) -> int:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    out = cache_dir()
    repositories = Repositories(mirror)
    problems = 0
    for name, card_set in manifest["sets"].items():
        problems += fetch_missing(repositories.git_dir(card_set["repo"]), card_set["commit"], card_set["photos"],
                                  out / name, write_downscaled)
    print(f"{out}: {sum(len(s['photos']) for s in manifest['sets'].values()) - problems} photos ready")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="folder of bare mirrors (owner+name/repo); default: git clone")
    return fetch(parser.parse_args().mirror)


if __name__ == "__main__":
    sys.exit(main())
