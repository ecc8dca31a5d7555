"""Bad input is normal input: a clear result or message, never a crash, in bounded time."""

from __future__ import annotations

import numpy as np
import pytest

from cardscans import synthetic
from cardscans.imageio import ImageError, decode_image_bytes, to_gray
from cardscans.pipeline import Scanner
from cardscans.tagformat import encode_tag


def png_bytes(image: np.ndarray) -> bytes:
    import cv2

    ok, data = cv2.imencode(".png", image)
    assert ok
    return bytes(data)


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner.for_catalog("kendo-taikai")


@pytest.mark.parametrize("data", [b"", b"hello, not a picture", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40])
def test_non_images_give_one_clear_message(data: bytes) -> None:
    with pytest.raises(ImageError) as error:
        decode_image_bytes(data, "upload.png")
    assert str(error.value).startswith("upload.png: ") and "\n" not in str(error.value)


def test_a_header_claiming_ten_gigapixels_is_refused_before_decoding() -> None:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 999)) + chunk(
        b"IEND", b"")
    with pytest.raises(ImageError, match="larger than any camera photo"):
        decode_image_bytes(bomb, "bomb.png")


def test_a_truncated_photo_is_refused_cleanly() -> None:
    full = png_bytes(synthetic.qr_picture(encode_tag("kendo-taikai", "men", 1)))
    with pytest.raises(ImageError, match="truncated"):
        decode_image_bytes(full[: len(full) // 2], "cut.png")


def test_black_and_empty_frames_hold_no_cards(scanner: Scanner) -> None:
    assert scanner.scan(np.zeros((720, 1280, 3), np.uint8)) == []
    assert scanner.scan(np.full((720, 1280), 255, np.uint8), effort="thorough") == []
    with pytest.raises(ImageError, match="empty"):
        to_gray(np.zeros((0, 0, 3), np.uint8))


@pytest.mark.timeout(60)
def test_a_50_megapixel_photo_is_downscaled_and_its_tag_read(scanner: Scanner) -> None:
    photo = np.full((5800, 8700), 200, np.uint8)
    tag = synthetic.qr_picture(encode_tag("kendo-taikai", "do", 2), module_px=40)[:, :, 0]
    photo[2000: 2000 + tag.shape[0], 3000: 3000 + tag.shape[1]] = tag
    sightings = scanner.scan(photo)
    assert [(s.card_id, s.copy) for s in sightings] == [("do", 2)]
    xs = [x for x, _ in sightings[0].polygon]
    assert 3000 < min(xs) < max(xs) < 3000 + tag.shape[1]  # polygons in the original's pixels


def test_a_2000_character_code_and_control_characters_are_foreign_text(scanner: Scanner) -> None:
    long_text = "".join(chr(65 + i % 26) for i in range(2000))
    control = "SP1/KT\x00MEN\x07/1/\x1b[2J"
    for text in (long_text, control):
        frame = synthetic.qr_picture(text, module_px=3)
        sightings = scanner.scan(frame, effort="thorough")
        assert [(s.kind, s.text) for s in sightings] == [("foreign", text)]
