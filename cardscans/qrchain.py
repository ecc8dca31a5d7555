"""The decoder chain: the fastest decoder first, the others only when it finds nothing.

Measured on the 179 real photos of ../shared/data/zxing-qr (benchmarks/qr_photos.py): zxing-cpp
alone reads 166; pyzbar on the same frame, zxing-cpp's global binarizer and pyzbar on a lightly
blurred frame each rescue codes the others miss (damaged, over-sharpened or low-contrast prints).
Frames where zxing-cpp finds a code, the great majority, cost exactly one zxing-cpp call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import cv2
import numpy as np

from cardscans.decoders import (
    DecodedCode,
    DecoderUnavailable,
    OpenCvDecoder,
    QrDecoder,
    ZbarDecoder,
    ZxingDecoder,
)
from cardscans.dewarp import straighten
from cardscans.imageio import Gray
from cardscans.qr_unbend import UnbentDecoder
from cardscans.sighting import Point

Effort = Literal["fast", "auto", "thorough"]
# A code this small against the frame's longer side means a table seen from afar, where other tags
# may sit at the limit of the first decoder: one cheap extra pass (zxing-cpp's global binarizer,
# no rotations) reads most of the tags it misses in benchmarks/scan_scenes.py, for ~0.5 ms on a
# 1280x720 frame. A photo of one code (the code is the subject) never pays for it.
SMALL_CODE_FRACTION = 0.12
RESCUE_MAX_PX = 200
MAX_RESCUES = 6  # closer looks per frame, so a frame of many damaged codes stays bounded
EFFORTS: tuple[str, ...] = ("fast", "auto", "thorough")
# The white margin added around a frame for zbar, which needs a quiet zone the photo may have cut off
QUIET_ZONE_FRACTION = 0.08
QUIET_ZONE_MIN_PX = 8


# A version of the frame to decode, and the map from its pixels back to the frame's.
Prepared = tuple[Gray, Callable[[Point], Point]]


@dataclass(frozen=True)
class Attempt:
    """One decoder run on one preprocessed version of the frame (None: nothing worth decoding)."""

    name: str
    decoder: QrDecoder
    prepare: Callable[[Gray], Prepared | None]
    last_resort: bool = False  # slow (seconds on a large frame of many codes): only while nothing is found


def _identity(point: Point) -> Point:
    return point


def _double(point: Point) -> Point:
    return (point[0] * 2, point[1] * 2)


def _same(gray: Gray) -> Prepared:
    return gray, _identity


def _blur(gray: Gray) -> Prepared:
    return np.asarray(cv2.GaussianBlur(gray, (3, 3), 0), dtype=np.uint8), _identity


def _half(gray: Gray) -> Prepared:
    half = np.asarray(cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), dtype=np.uint8)
    return half, _double


def _with_quiet_zone(gray: Gray) -> Prepared:
    """The frame inside a white margin: zbar finds no code whose modules touch the frame's edge
    (a scan cropped to the code, like zxing-qr/qrcode-5/16.png, a version 40 code 1 px a module)."""
    margin = max(QUIET_ZONE_MIN_PX, int(QUIET_ZONE_FRACTION * max(gray.shape[:2])))
    framed = cv2.copyMakeBorder(gray, margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=255)

    def to_frame(point: Point) -> Point:
        return (point[0] - margin, point[1] - margin)

    return np.asarray(framed, dtype=np.uint8), to_frame


def _inverted(gray: Gray) -> Prepared:
    """Light modules on a dark ground (a code printed in reverse, a phone screen in dark mode):
    zbar reads only dark-on-light, where zxing-cpp tries both by itself."""
    return np.asarray(255 - gray, dtype=np.uint8), _identity


@dataclass
class QrReader:
    """Decodes every QR code in a frame; `missing` lists back-ends that could not load and why."""

    attempts: list[Attempt] = field(default_factory=list)
    companion: Attempt | None = None
    missing: dict[str, str] = field(default_factory=dict)

    @classmethod
    def create(cls, backends: Sequence[str] = ("zxing-cpp", "pyzbar", "opencv")) -> QrReader:
        reader = cls()
        loaded: dict[str, QrDecoder] = {}
        factories: dict[str, Callable[[], QrDecoder]] = {
            "zxing-cpp": ZxingDecoder,
            "zxing-cpp/global": lambda: ZxingDecoder(binarizer="global"),
            "zxing-cpp/global-quick": lambda: ZxingDecoder(binarizer="global", try_harder=False),
            "pyzbar": ZbarDecoder,
            "pyzbar/unbent": lambda: UnbentDecoder(ZbarDecoder()),
            "opencv": OpenCvDecoder,
        }
        for name in factories:
            if name.split("/")[0] not in backends:
                continue
            try:
                loaded[name] = factories[name]()
            except DecoderUnavailable as error:
                reader.missing[name.split("/")[0]] = str(error)
        plan: list[tuple[str, str, Callable[[Gray], Prepared | None], bool]] = [
            ("zxing-cpp", "zxing-cpp", _same, False),
            ("pyzbar", "pyzbar", _same, False),
            ("zxing-cpp global binarizer", "zxing-cpp/global", _same, False),
            ("pyzbar with a quiet zone", "pyzbar", _with_quiet_zone, False),
            ("pyzbar on the inverted frame", "pyzbar", _inverted, False),
            ("pyzbar on blurred frame", "pyzbar", _blur, False),
            ("pyzbar on half-size frame", "pyzbar", _half, False),
            ("opencv", "opencv", _same, True),
            ("zxing-cpp on the straightened page", "zxing-cpp", straighten, True),
            ("pyzbar on the straightened page", "pyzbar", straighten, True),
            # the code located by OpenCV's detector and flattened through a mesh fitted to its
            # module grid (cardscans/qr_unbend.py): bent stickers on cloth
            ("pyzbar on the unbent code", "pyzbar/unbent", _same, True),
        ]
        for label, key, prepare, last_resort in plan:
            if key in loaded:
                reader.attempts.append(Attempt(label, loaded[key], prepare, last_resort))
        if "zxing-cpp/global-quick" in loaded:
            reader.companion = Attempt("zxing-cpp global, quick", loaded["zxing-cpp/global-quick"], _same)
        return reader

    @property
    def available(self) -> bool:
        return bool(self.attempts)

    def read(self, gray: Gray, effort: Effort = "auto") -> list[DecodedCode]:
        """All codes found, without duplicates. `fast` tries the first decoder only (plus its quick
        companion pass when codes are small; live preview:
        the next frame is the retry); `auto` falls back while nothing is found; `thorough` runs
        every attempt and merges (a photo where one code of several may be hard), except the last
        resorts (OpenCV, straightening), which run only while nothing is found: on a large frame of
        many codes they cost tens of seconds and gigabytes for codes the others already read."""
        if not self.attempts:
            raise DecoderUnavailable("no QR decoder could be loaded: " + "; ".join(self.missing.values()))
        first = self.attempts[0].decoder
        if isinstance(first, ZxingDecoder):
            found, failed = first.decode_with_failures(gray)
            found = _merge(found, self._rescue(gray, failed, found))
        else:
            found = first.decode(gray)
        small = SMALL_CODE_FRACTION * max(gray.shape[:2])
        if found and self.companion is not None and min(code.size for code in found) < small:
            found = _merge(found, self.companion.decoder.decode(gray))
        if effort == "fast" or (found and effort == "auto"):
            return found
        for attempt in self.attempts[1:]:
            if found and attempt.last_resort:
                continue
            prepared = attempt.prepare(gray)
            if prepared is None:
                continue
            image, to_frame = prepared
            codes = [
                DecodedCode(code.text, tuple(to_frame(p) for p in code.polygon), code.decoder)
                for code in attempt.decoder.decode(image)
            ]
            found = _merge(found, codes)
            if found and effort != "thorough":
                break
        return found


    def _rescue(self, gray: Gray, failed: list[tuple[Point, ...]], found: list[DecodedCode]) -> list[DecodedCode]:
        """A closer look where a code was located but not read: that patch, enlarged twice,
        through each decoder in turn. A blurred 80-px tag usually reads this way (scan_scenes)."""
        rescued: list[DecodedCode] = []
        places: list[DecodedCode] = []
        for polygon in failed:
            place = DecodedCode("", polygon, "")
            if place.size > RESCUE_MAX_PX:
                continue  # a large code has pixels enough: enlarging it does not help
            if any(_overlaps(place, other) for other in [*found, *places]):
                continue
            places.append(place)
        for place in places[:MAX_RESCUES]:
            margin = place.size * 0.3
            xs = [x for x, _ in place.polygon]
            ys = [y for _, y in place.polygon]
            left, top = max(0, int(min(xs) - margin)), max(0, int(min(ys) - margin))
            right = min(gray.shape[1], int(max(xs) + margin) + 1)
            bottom = min(gray.shape[0], int(max(ys) + margin) + 1)
            if right - left < 8 or bottom - top < 8:
                continue
            patch = np.asarray(cv2.resize(gray[top:bottom, left:right], None, fx=2, fy=2,
                                          interpolation=cv2.INTER_CUBIC), dtype=np.uint8)
            for attempt in self.attempts[:3]:
                codes = attempt.decoder.decode(patch)
                if codes:
                    rescued += [
                        DecodedCode(c.text, tuple((x / 2 + left, y / 2 + top) for x, y in c.polygon), c.decoder)
                        for c in codes
                    ]
                    break
        return rescued


def _overlaps(code: DecodedCode, other: DecodedCode) -> bool:
    return (abs(other.centre[0] - code.centre[0]) < other.size / 2
            and abs(other.centre[1] - code.centre[1]) < other.size / 2)


def _merge(known: list[DecodedCode], new: list[DecodedCode]) -> list[DecodedCode]:
    """Adds codes not already found. Two codes cannot share a place: a second reading there is the
    same code read worse (pyzbar stops at a NUL character that zxing-cpp keeps), so the first stays."""
    merged = list(known)
    for code in new:
        duplicate = any(_overlaps(code, other) for other in merged)
        if not duplicate:
            merged.append(code)
    return merged
