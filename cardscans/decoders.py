"""QR decoder back-ends behind one interface, each imported only when first used.

zxing-cpp is the fastest and most accurate here; pyzbar is what Flet's phone builds carry (with
zbar bundled); OpenCV's detector is the last resort. A back-end whose library is missing reports a
message naming what to install instead of failing the scan.
"""

from __future__ import annotations

import ctypes
import importlib
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from cardscans.imageio import Gray
from cardscans.sighting import Point


@dataclass(frozen=True)
class DecodedCode:
    text: str
    polygon: tuple[Point, ...]
    decoder: str

    @property
    def centre(self) -> Point:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    @property
    def size(self) -> float:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return max(max(xs) - min(xs), max(ys) - min(ys), 1.0)


class DecoderUnavailable(RuntimeError):
    """A back-end whose library is not installed; the message names what to install."""


class QrDecoder(Protocol):
    name: str

    def decode(self, gray: Gray) -> list[DecodedCode]: ...


def _import(module: str, missing: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError as error:  # pyzbar raises ImportError when libzbar.so is missing
        raise DecoderUnavailable(f"{missing} ({error})") from None


class ZxingDecoder:
    name = "zxing-cpp"

    def __init__(self, binarizer: str = "local", try_harder: bool = True) -> None:
        self._zxing = _import("zxingcpp", "zxing-cpp is not installed: pip install zxing-cpp")
        binarizers = {"local": self._zxing.Binarizer.LocalAverage,
                      "global": self._zxing.Binarizer.GlobalHistogram}
        self._options = {
            "formats": self._zxing.BarcodeFormat.QRCode,
            # Plain keeps control characters as they are; the default (HRI) rewrites them as <SOH>...
            "text_mode": self._zxing.TextMode.Plain,
            "binarizer": binarizers[binarizer],
            "try_rotate": try_harder,
            "try_downscale": try_harder,
            "try_invert": try_harder,
        }

    def decode(self, gray: Gray) -> list[DecodedCode]:
        return self.decode_with_failures(gray)[0]

    def decode_with_failures(self, gray: Gray) -> tuple[list[DecodedCode], list[tuple[Point, ...]]]:
        """The codes read, and the polygons of codes located but not read (checksum errors): the
        places worth a second, closer look."""
        found = []
        failed = []
        for result in self._zxing.read_barcodes(gray, return_errors=True, **self._options):
            position = result.position
            corners = (position.top_left, position.top_right, position.bottom_right, position.bottom_left)
            polygon = tuple((float(p.x), float(p.y)) for p in corners)
            if result.error:
                failed.append(polygon)
            else:
                found.append(DecodedCode(result.text, polygon, self.name))
        return found, failed


# zbar's image format code for 8-bit greyscale ('Y800') and its configuration numbers (zbar.h)
_ZBAR_Y800 = 0x30303859
_ZBAR_CFG_ENABLE = 0
_ZBAR_CFG_BINARY = 4  # zbar >= 0.23.1: hand back a code's bytes instead of zbar's guess at their text
_ZBAR_ALL_SYMBOLS = 0


class ZbarDecoder:
    """zbar through pyzbar's ctypes bindings, asking zbar for the code's bytes.

    zbar's own conversion to text guesses Shift_JIS for byte-mode text that is UTF-8 or
    half-width katakana (11 of the zxing photos came back as wrong text, never as nothing), so
    with zbar >= 0.23.1 (Flet's phone wheel bundles 0.23.93) the bytes are read raw and turned into
    text the way zxing does (`guess_encoding`). An older zbar falls back to its own conversion."""

    name = "pyzbar"

    def __init__(self) -> None:
        self._zbar = _import(
            "pyzbar.wrapper",
            "pyzbar needs the system library libzbar0 (Debian/Ubuntu: apt-get install libzbar0; "
            "macOS: brew install zbar) and the package pyzbar",
        )
        self._qrcode = int(self._zbar.ZBarSymbol.QRCODE)

    def decode(self, gray: Gray) -> list[DecodedCode]:
        zbar = self._zbar
        pixels = np.ascontiguousarray(gray, dtype=np.uint8)
        height, width = pixels.shape[:2]
        data = pixels.tobytes()
        found: list[DecodedCode] = []
        scanner = zbar.zbar_image_scanner_create()
        image = zbar.zbar_image_create()
        try:
            zbar.zbar_image_scanner_set_config(scanner, _ZBAR_ALL_SYMBOLS, _ZBAR_CFG_ENABLE, 0)
            zbar.zbar_image_scanner_set_config(scanner, self._qrcode, _ZBAR_CFG_ENABLE, 1)
            raw = zbar.zbar_image_scanner_set_config(scanner, self._qrcode, _ZBAR_CFG_BINARY, 1) == 0
            zbar.zbar_image_set_format(image, _ZBAR_Y800)
            zbar.zbar_image_set_size(image, width, height)
            zbar.zbar_image_set_data(image, ctypes.c_char_p(data), len(data), None)  # data outlives the scan
            zbar.zbar_scan_image(scanner, image)
            symbol = zbar.zbar_image_first_symbol(image)
            while symbol:
                if symbol.contents.type == self._qrcode:
                    payload = ctypes.string_at(zbar.zbar_symbol_get_data(symbol),
                                               zbar.zbar_symbol_get_data_length(symbol))
                    polygon = tuple((float(zbar.zbar_symbol_get_loc_x(symbol, i)),
                                     float(zbar.zbar_symbol_get_loc_y(symbol, i)))
                                    for i in range(zbar.zbar_symbol_get_loc_size(symbol)))
                    text = payload.decode(guess_encoding(payload) if raw else "utf-8", errors="replace")
                    if len(polygon) >= 3:
                        found.append(DecodedCode(text, polygon, self.name))
                symbol = zbar.zbar_symbol_next(symbol)
        finally:
            zbar.zbar_image_destroy(image)
            zbar.zbar_image_scanner_destroy(scanner)
        return found


def guess_encoding(data: bytes) -> str:
    """The character set of a QR code's byte-mode text that names none (no ECI), guessed as
    zxing does (StringUtils.guessEncoding), so that pyzbar and zxing-cpp agree byte for byte:
    UTF-8 when it is valid UTF-8 with a multi-byte character; Shift_JIS on a run of 3 katakana or
    double-byte characters; else ISO-8859-1 unless Shift_JIS is likelier for short Japanese words."""
    can_latin1 = can_sjis = can_utf8 = True
    utf8_bytes_left = utf8_multibyte = 0
    sjis_bytes_left = sjis_katakana = 0
    katakana_run = double_run = longest_katakana = longest_double = 0
    latin1_high_other = 0
    for value in data:
        if not (can_latin1 or can_sjis or can_utf8):
            break
        if can_utf8:
            if utf8_bytes_left > 0:
                if value & 0x80 == 0:
                    can_utf8 = False
                else:
                    utf8_bytes_left -= 1
            elif value & 0x80:
                if value & 0x40 == 0:
                    can_utf8 = False
                else:  # a lead byte: 110xxxxx, 1110xxxx or 11110xxx announce 1, 2 or 3 more
                    continuation = 1 if value & 0x20 == 0 else 2 if value & 0x10 == 0 else 3 if value & 0x08 == 0 else 0
                    can_utf8 = continuation > 0
                    utf8_bytes_left += continuation
                    utf8_multibyte += 1
        if can_latin1:
            if 0x7F < value < 0xA0:
                can_latin1 = False
            elif value > 0x9F and (value < 0xC0 or value in (0xD7, 0xF7)):
                latin1_high_other += 1
        if can_sjis:
            if sjis_bytes_left > 0:
                if value < 0x40 or value == 0x7F or value > 0xFC:
                    can_sjis = False
                else:
                    sjis_bytes_left -= 1
            elif value in (0x80, 0xA0) or value > 0xEF:
                can_sjis = False
            elif 0xA0 < value < 0xE0:  # half-width katakana
                sjis_katakana += 1
                double_run = 0
                katakana_run += 1
                longest_katakana = max(longest_katakana, katakana_run)
            elif value > 0x7F:  # the first of a double-byte character
                sjis_bytes_left += 1
                katakana_run = 0
                double_run += 1
                longest_double = max(longest_double, double_run)
            else:
                katakana_run = double_run = 0
    can_utf8 = can_utf8 and utf8_bytes_left == 0
    can_sjis = can_sjis and sjis_bytes_left == 0
    if can_utf8 and (data.startswith(b"\xef\xbb\xbf") or utf8_multibyte > 0):
        return "utf-8"
    if can_sjis and (longest_katakana >= 3 or longest_double >= 3):
        return "shift_jis"
    if can_latin1 and can_sjis:
        japanese = (longest_katakana == 2 and sjis_katakana == 2) or latin1_high_other * 10 >= len(data)
        return "shift_jis" if japanese else "latin-1"
    return "latin-1" if can_latin1 else "shift_jis" if can_sjis else "utf-8"


class OpenCvDecoder:
    name = "opencv"

    def __init__(self) -> None:
        cv2 = _import("cv2", "OpenCV is not installed: pip install opencv-python-headless")
        self._detector = cv2.QRCodeDetector()
        self._error = cv2.error

    def decode(self, gray: Gray) -> list[DecodedCode]:
        try:
            ok, texts, points, _ = self._detector.detectAndDecodeMulti(gray)
        except (self._error, UnicodeDecodeError):  # OpenCV raises on some non-UTF-8 payloads
            return []
        if not ok or points is None:
            return []
        found = []
        for text, quad in zip(texts, np.asarray(points), strict=False):
            if text:
                polygon = tuple((float(x), float(y)) for x, y in quad)
                found.append(DecodedCode(text, polygon, self.name))
        return found


BACKENDS: dict[str, type[ZxingDecoder] | type[ZbarDecoder] | type[OpenCvDecoder]] = {
    "zxing-cpp": ZxingDecoder,
    "pyzbar": ZbarDecoder,
    "opencv": OpenCvDecoder,
}


def load_decoder(name: str) -> QrDecoder:
    """A back-end by name; DecoderUnavailable naming the missing library if it cannot load."""
    if name not in BACKENDS:
        raise DecoderUnavailable(f"unknown decoder {name!r} (known: {', '.join(BACKENDS)})")
    decoder: QrDecoder = BACKENDS[name]()
    return decoder

