"""The printed glyphs of a playing card's corner index, cut by their own bounding box.

A rectified face is white-balanced on its own paper (so warm or blue light leaves black ink
black), inked pixels are those much darker than that white in any channel (black and red ink
alike), and the corner's connected blobs give the rank (the topmost blob or row of blobs: "10" is
two) and the suit (the next blob below). Each glyph is compared by its own box, scaled to a fixed
size, so a deck's index position and size do not matter; its colour is measured relative to the
paper, never against a fixed threshold.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import to_bgr

FACE = (252, 352)  # width, height a face is examined at
CORNER = (0.2, 0.34)  # share of the face's width and height holding the index
GLYPH = (24, 32)  # width, height every glyph is compared at
INK_DARKNESS = 0.55  # ink: some channel below this share of the paper's white
MIN_GLYPH_AREA = 0.0005  # of the face: smaller blobs are print dust and noise
RED_CHROMA = 0.18  # red ink: red exceeds the other channels by this share of the paper's white


@dataclass(frozen=True)
class Glyph:
    """A blob of ink scaled to GLYPH, with its box (x, y, w, h) in face pixels and its redness."""

    mask: npt.NDArray[np.float32]
    box: tuple[int, int, int, int]
    redness: float
    parts: int = 1  # blobs side by side: a "10" prints as two

    @property
    def aspect(self) -> float:
        return self.box[2] / max(1, self.box[3])


@dataclass(frozen=True)
class BalancedFace:
    """A face at FACE size, divided by its paper's white: 1.0 is the card's own white."""

    image: npt.NDArray[np.float32]
    ink: npt.NDArray[np.uint8]
    paper_contrast: float  # how much darker the darkest ink is than the paper (0: a blank or a blur)


def balance(face: npt.NDArray[np.uint8]) -> BalancedFace:
    """White balance from the card's border ring, where every standard card is plain paper."""
    bgr = cv2.resize(to_bgr(face), FACE, interpolation=cv2.INTER_AREA).astype(np.float32)
    h, w = bgr.shape[:2]
    ring = np.ones((h, w), bool)
    ring[int(0.06 * h): int(0.94 * h), int(0.08 * w): int(0.92 * w)] = False
    ring[: int(0.015 * h)] = ring[int(0.985 * h):] = False  # the outline itself: table and shadow
    ring[:, : int(0.015 * w)] = ring[:, int(0.985 * w):] = False
    border = bgr[ring]
    # the brighter half of the ring is paper even where an index or a picture reaches into it
    white = np.percentile(border, 75, axis=0)
    white = np.maximum(white, 1.0)
    image = np.clip(bgr / white, 0.0, 1.5)
    darkest = image.min(axis=2)
    ink = (darkest < INK_DARKNESS).astype(np.uint8)
    contrast = float(1.0 - np.percentile(darkest, 1))
    return BalancedFace(image, ink, contrast)


def _scaled(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    scaled = cv2.resize(mask.astype(np.float32), GLYPH, interpolation=cv2.INTER_AREA)
    return np.asarray(scaled, dtype=np.float32)


def corner_glyphs(face: BalancedFace) -> tuple[Glyph | None, Glyph | None]:
    """The rank and suit glyphs of the top-left corner index, each None when not found."""
    h, w = face.ink.shape
    cw, ch = int(CORNER[0] * w), int(CORNER[1] * h)
    corner = face.ink[:ch, :cw]
    count, found, stats, _ = cv2.connectedComponentsWithStats(corner, connectivity=8)
    labels = np.asarray(found, dtype=np.int32)
    min_area = MIN_GLYPH_AREA * h * w
    blobs = []
    for index in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[index])
        if area < min_area:
            continue
        if x <= 1 or y <= 1:
            continue  # touches the outline: table, shadow or a neighbouring card, not print
        if x + bw >= cw - 1 or bh > 0.6 * ch:
            continue  # runs out of the corner: the picture of a court card, a central pip
        blobs.append((y, x, bw, bh, index))
    if not blobs:
        return None, None
    blobs.sort()
    top_y, _, _, top_h, _ = blobs[0]
    # the rank is the top row of blobs: "10" prints as two side by side
    rank_parts = [b for b in blobs if b[0] < top_y + 0.5 * top_h]
    rank = _glyph(face, labels, rank_parts)
    rank_bottom = max(b[0] + b[3] for b in rank_parts)
    below = [b for b in blobs if b[0] >= rank_bottom - 2 and b not in rank_parts]
    if not below:
        return rank, None
    suit_top = below[0][0]
    # a suit is one blob, but a thin stem or a worn print can split it: join what starts near its top
    suit_parts = [b for b in below if b[0] < suit_top + 0.5 * below[0][3]]
    return rank, _glyph(face, labels, suit_parts)


def _glyph(face: BalancedFace, labels: npt.NDArray[np.int32],
           parts: list[tuple[int, int, int, int, int]]) -> Glyph:
    x0 = min(b[1] for b in parts)
    y0 = min(b[0] for b in parts)
    x1 = max(b[1] + b[2] for b in parts)
    y1 = max(b[0] + b[3] for b in parts)
    region = labels[y0:y1, x0:x1]
    mask = np.isin(region, [b[4] for b in parts]).astype(np.uint8)
    pixels = face.image[y0:y1, x0:x1][mask.astype(bool)]
    blue, green, red = pixels[:, 0], pixels[:, 1], pixels[:, 2]
    redness = float(np.median(red - np.maximum(blue, green)))
    return Glyph(_scaled(mask), (x0, y0, x1 - x0, y1 - y0), redness, len(parts))


def comparable(mask: npt.NDArray[np.float32], blur: float = 0.0) -> npt.NDArray[np.float32]:
    """A glyph mask as a unit vector with zero mean (so a dot product is the normalised correlation),
    blurred by `blur` px first: a blur forgives a stroke a pixel thicker or a serif a pixel off,
    which is how one deck's K differs from another's."""
    if blur > 0:
        mask = np.asarray(cv2.GaussianBlur(mask, (0, 0), blur), dtype=np.float32)
    flat = (mask - mask.mean()).ravel()
    norm = float(np.linalg.norm(flat))
    return np.asarray(flat / norm if norm > 1e-6 else flat, dtype=np.float32)


def similarity(glyph: npt.NDArray[np.float32], template: npt.NDArray[np.float32]) -> float:
    """Normalised correlation of two glyph masks of GLYPH size (1.0: the same shape)."""
    a = glyph - glyph.mean()
    b = template - template.mean()
    norm = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float((a * b).sum() / norm) if norm > 1e-6 else 0.0


def count_pips(face: BalancedFace, suit: Glyph) -> int:
    """Blobs in the face's middle about as large as the corner's suit scaled to a pip; -1 when
    the middle holds something else (a picture, a blot)."""
    h, w = face.ink.shape
    top, bottom = int(0.1 * h), int(0.9 * h)
    left, right = int(0.17 * w), int(0.83 * w)
    middle = face.ink[top:bottom, left:right]
    _count, _, stats, _ = cv2.connectedComponentsWithStats(middle, connectivity=8)
    areas = stats[1:, cv2.CC_STAT_AREA]
    dust = MIN_GLYPH_AREA * h * w
    big = areas[areas >= dust]
    if len(big) == 0:
        return 0
    # pips of one card are one size (an ace's big pip alone excepted): others mean a picture
    typical = float(np.median(big))
    pips = big[(big > 0.45 * typical) & (big < 2.2 * typical)]
    if len(pips) < len(big) - 1:
        return -1
    return len(pips)
