"""Straightening a curved print: the page's outline mapped onto a square by a Coons patch.

A code printed on cloth or a bent card curves with its paper. When the paper shows as one bright
shape on a darker ground, its four edges (outline pieces between its corners) bound the curved
code; the Coons patch between them maps the square onto that curved area, and sampling it gives
a flat picture of the code. In benchmarks/qr_photos.py this reads 3 of the photos of codes on
crumpled cloth that no decoder reads as taken. Only used when every other attempt found nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import Gray
from cardscans.sighting import Point

OUTPUT = 330
BORDER = 20
MAX_SIDE = 1000  # larger frames are reduced first: the outline needs no more


def _resample(curve: npt.NDArray[np.float32], count: int) -> npt.NDArray[np.float32]:
    """`count` points evenly spaced along a polyline."""
    steps = np.linalg.norm(np.diff(curve, axis=0), axis=1)
    distance = np.concatenate([[0.0], np.cumsum(steps)])
    if distance[-1] <= 0:
        return np.repeat(curve[:1], count, axis=0)
    targets = np.linspace(0.0, distance[-1], count)
    return np.stack([np.interp(targets, distance, curve[:, 0]), np.interp(targets, distance, curve[:, 1])],
                    axis=1).astype(np.float32)


def _outline(gray: Gray) -> npt.NDArray[np.float32] | None:
    _, bright = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    contours, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    largest = max(contours, key=cv2.contourArea)
    if cv2.contourArea(largest) < 0.05 * gray.shape[0] * gray.shape[1]:
        return None
    return np.asarray(largest.reshape(-1, 2), dtype=np.float32)


def straighten(gray: Gray) -> tuple[Gray, Callable[[Point], Point]] | None:
    """The flattened picture (with a white margin) and a map from its pixels back to the frame's."""
    scale = min(1.0, MAX_SIDE / max(gray.shape[:2]))
    work = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    outline = _outline(np.asarray(work, dtype=np.uint8))
    if outline is None or len(outline) < 20:
        return None
    sums, diffs = outline.sum(axis=1), outline[:, 0] - outline[:, 1]
    corners = [int(sums.argmin()), int(diffs.argmax()), int(sums.argmax()), int(diffs.argmin())]  # TL TR BR BL
    if len(set(corners)) < 4:
        return None
    # walk the outline in the direction that meets the corners in the order TL, TR, BR, BL
    positions = [(c - corners[0]) % len(outline) for c in corners]
    if not positions[1] < positions[2] < positions[3]:
        outline = outline[::-1].copy()
        corners = [len(outline) - 1 - c for c in corners]
        positions = [(c - corners[0]) % len(outline) for c in corners]
        if not positions[1] < positions[2] < positions[3]:
            return None
    rolled = np.roll(outline, -corners[0], axis=0)
    closed = np.vstack([rolled, rolled[:1]])
    top = closed[positions[0]: positions[1] + 1]
    right = closed[positions[1]: positions[2] + 1]
    bottom = closed[positions[2]: positions[3] + 1][::-1]
    left = closed[positions[3]:][::-1]
    n = OUTPUT
    top_, bottom_, left_, right_ = (_resample(c, n) for c in (top, bottom, left, right))
    u = np.linspace(0, 1, n, dtype=np.float32)[None, :, None]
    v = np.linspace(0, 1, n, dtype=np.float32)[:, None, None]
    p00, p10, p11, p01 = (outline[c][None, None, :] for c in corners)
    surface = ((1 - v) * top_[None] + v * bottom_[None] + (1 - u) * left_[:, None] + u * right_[:, None]
               - ((1 - u) * (1 - v) * p00 + u * (1 - v) * p10 + (1 - u) * v * p01 + u * v * p11))
    map_x = np.ascontiguousarray(surface[:, :, 0] / scale, dtype=np.float32)
    map_y = np.ascontiguousarray(surface[:, :, 1] / scale, dtype=np.float32)
    flat = cv2.remap(gray, map_x, map_y, cv2.INTER_LINEAR, borderValue=255)
    padded = np.asarray(cv2.copyMakeBorder(flat, BORDER, BORDER, BORDER, BORDER, cv2.BORDER_CONSTANT, value=255),
                        dtype=np.uint8)

    def to_frame(point: Point) -> Point:
        x = int(np.clip(round(point[0]) - BORDER, 0, n - 1))
        y = int(np.clip(round(point[1]) - BORDER, 0, n - 1))
        return (float(map_x[y, x]), float(map_y[y, x]))

    return padded, to_frame
