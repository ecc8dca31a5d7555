"""The decoder chain on the real photos of ../shared/data/zxing-qr (expected text beside each)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import cv2
import pytest

from cardscans.decoders import DecoderUnavailable, OpenCvDecoder, ZbarDecoder, ZxingDecoder, load_decoder
from cardscans.pipeline import Scanner
from cardscans.qrchain import QrReader


def expected(photo: Path) -> str:
    return photo.with_suffix(".txt").read_bytes().decode("utf-8")


def test_the_chain_reads_at_least_as_many_photos_as_the_best_single_decoder(zxing_photos: Path) -> None:
    scanner = Scanner.for_catalog(None)
    zxing = ZxingDecoder()
    photos = sorted(zxing_photos.glob("qrcode-*/*.png"))
    chain = single = 0
    for photo in photos:
        gray = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE)
        sightings = scanner.scan(gray)
        chain += expected(photo) in [s.text for s in sightings]
        single += expected(photo) in [c.text for c in zxing.decode(gray)]
        assert all(s.kind == "foreign" for s in sightings)  # none of them is a Shinpan tag
    assert len(photos) == 179
    assert chain >= 173  # zxing-cpp alone 166 with plain text; fall-backs and straightening 7 more
    assert chain > single


def test_a_code_on_crumpled_cloth_is_read_once_straightened(zxing_photos: Path) -> None:
    photo = zxing_photos / "qrcode-4" / "05.png"
    gray = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE)
    assert ZxingDecoder().decode(gray) == [] and ZbarDecoder().decode(gray) == []
    [sighting] = Scanner.for_catalog(None).scan(gray)
    assert sighting.text == expected(photo)
    xs = [x for x, _ in sighting.polygon]
    ys = [y for _, y in sighting.polygon]
    # the polygon is mapped back to the photo: around its middle, inside it
    assert 0 <= min(xs) < 120 < max(xs) <= 240 and 0 <= min(ys) < 120 < max(ys) <= 240


def test_control_characters_come_back_byte_for_byte(zxing_photos: Path) -> None:
    photo = zxing_photos / "qrcode-2" / "33.png"
    sightings = Scanner.for_catalog(None).scan(cv2.imread(str(photo)))
    assert [s.text for s in sightings] == [expected(photo)]
    assert "\x01" in expected(photo)


@pytest.mark.parametrize("decoder", [ZxingDecoder, ZbarDecoder, OpenCvDecoder])
def test_each_back_end_reads_a_real_photo_with_its_polygon(zxing_photos: Path, decoder: type) -> None:
    photo = zxing_photos / "qrcode-1" / "1.png"
    gray = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE)
    try:
        backend = decoder()
    except DecoderUnavailable as missing:  # libzbar0 is a system package: CI installs it
        if os.environ.get("CI"):
            raise
        pytest.skip(str(missing))
    codes = backend.decode(gray)
    assert [c.text for c in codes] == [expected(photo)]
    xs = [x for x, _ in codes[0].polygon]
    assert len(codes[0].polygon) >= 4 and max(xs) - min(xs) > 50


def test_a_missing_system_library_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = importlib.import_module

    def without_zbar(name: str, package: str | None = None) -> object:
        if name.startswith("pyzbar"):
            raise ImportError("Unable to find zbar shared library")
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", without_zbar)
    with pytest.raises(DecoderUnavailable, match="libzbar0"):
        load_decoder("pyzbar")
    reader = QrReader.create()
    assert "libzbar0" in reader.missing["pyzbar"]
    assert all(a.decoder.name != "pyzbar" for a in reader.attempts) and reader.available


def test_without_zxing_the_chain_still_reads_with_pyzbar(zxing_photos: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = importlib.import_module

    def without_zxing(name: str, package: str | None = None) -> object:
        if name == "zxingcpp":
            raise ImportError("No module named 'zxingcpp'")
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", without_zxing)
    reader = QrReader.create()
    assert "pip install zxing-cpp" in reader.missing["zxing-cpp"]
    if "pyzbar" in reader.missing and not os.environ.get("CI"):
        pytest.skip(reader.missing["pyzbar"])
    assert reader.attempts[0].decoder.name == "pyzbar"
    photo = zxing_photos / "qrcode-1" / "1.png"
    codes = reader.read(cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE))
    assert [c.text for c in codes] == [expected(photo)]
