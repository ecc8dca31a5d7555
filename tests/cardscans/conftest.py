from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PHOTOS = REPO.parent / "shared" / "data" / "zxing-qr"


@pytest.fixture(scope="session")
def zxing_photos() -> Path:
    if not any(PHOTOS.glob("qrcode-*/*.png")):
        if os.environ.get("CI"):
            pytest.fail(f"{PHOTOS} is missing; CI must have ../shared/data/zxing-qr")
        pytest.skip(f"{PHOTOS} is missing (../shared/ is beside the repo only in CI and dev machines)")
    return PHOTOS
