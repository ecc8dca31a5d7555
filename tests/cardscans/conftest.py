from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli.main import main

REPO = Path(__file__).resolve().parents[2]
PHOTOS = REPO.parent / "shared" / "data" / "zxing-qr"
# the committed CC BY 4.0 photos (only their tune half is used in tests: its manifest's `role`)
AMMEMEME_PHOTOS = REPO / "benchmarks" / "data" / "cards-ammememe" / "photos"
# a drawn face's own outline (FACE-sized), for the corner reader's `examine`
WHOLE_FACE = np.array([[0, 0], [251, 0], [251, 351], [0, 351]], np.float32)
# the real card photos benchmarks/data/cards-real/fetch.py caches (most without a licence to commit)
CARD_PHOTOS = Path(os.environ.get("SHINPAN_CARD_PHOTOS", Path.home() / ".cache" / "shinpan" / "cards-real"))


@pytest.fixture(scope="session")
def zxing_photos() -> Path:
    if not any(PHOTOS.glob("qrcode-*/*.png")):
        if os.environ.get("CI"):
            pytest.fail(f"{PHOTOS} is missing; CI must have ../shared/data/zxing-qr")
        pytest.skip(f"{PHOTOS} is missing (../shared/ is beside the repo only in CI and dev machines)")
    return PHOTOS


@pytest.fixture(scope="session")
def photos() -> Path:
    """The card-photo cache; its tests skip without it (it is not in the repository, nor in CI)."""
    if not (CARD_PHOTOS / "rdpong-singles").is_dir():
        pytest.skip(f"{CARD_PHOTOS} is missing: run benchmarks/data/cards-real/fetch.py (photos without a licence)")
    return CARD_PHOTOS


def cached_set(photos: Path, name: str) -> Path:
    """One set's folder in the cache: a set added since the cache was filled may be missing."""
    if not (photos / name).is_dir():
        pytest.skip(f"{photos / name} is missing: run benchmarks/data/cards-real/fetch.py again")
    return photos / name


def named_in(paths: list[Path], capsys: pytest.CaptureFixture[str], *flags: str) -> list[list[str]]:
    """The playing cards `shinpan scan` names in each photo, as a user runs it."""
    return [[s["card_id"] for s in sightings if s["kind"] == "card"]
            for sightings in sightings_in(paths, capsys, *flags)]


def sightings_in(paths: list[Path], capsys: pytest.CaptureFixture[str], *flags: str) -> list[list[dict[str, Any]]]:
    """Every sighting `shinpan scan --json` gives for each photo (a card's or an unrecognised outline's)."""
    assert main(["scan", *map(str, paths), "--catalog", "playing-cards", "--effort", "fast", "--json", *flags]) == 0
    return [result["sightings"] for result in json.loads(capsys.readouterr().out)]


def grey(image: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A colour photo as a greyscale camera takes it (three equal channels)."""
    return np.asarray(cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR), dtype=np.uint8)
