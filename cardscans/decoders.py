"""QR decoder back-ends behind one interface, each imported only when first used.

zxing-cpp is the fastest and most accurate here; pyzbar is what Flet's phone builds carry (with
zbar bundled); OpenCV's detector is the last resort. A back-end whose library is missing reports a
message naming what to install instead of failing the scan.
"""

from __future__ import annotations

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


class ZbarDecoder:
    name = "pyzbar"

    def __init__(self) -> None:
        module = _import(
            "pyzbar.pyzbar",
            "pyzbar needs the system library libzbar0 (Debian/Ubuntu: apt-get install libzbar0; "
            "macOS: brew install zbar) and the package pyzbar",
        )
        self._decode = module.decode
        self._symbols = [module.ZBarSymbol.QRCODE]

    def decode(self, gray: Gray) -> list[DecodedCode]:
        found = []
        for result in self._decode(gray, symbols=self._symbols):
            polygon = tuple((float(p.x), float(p.y)) for p in result.polygon)
            if len(polygon) < 3:
                continue
            found.append(DecodedCode(result.data.decode("utf-8", errors="replace"), polygon, self.name))
        return found


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

