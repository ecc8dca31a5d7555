"""The paper of a rectified face: its size, the border ring where every standard card is plain
paper, the white that ring gives, and how the light falls across the face where a phone's shadow or
a lamp at one side darkens part of it (cardscans.balanced_face balances a face by them)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

FACE = (252, 352)  # width, height a face is examined at


def _border_ring(height: int, width: int) -> npt.NDArray[np.bool_]:
    ring = np.ones((height, width), bool)
    ring[int(0.06 * height): int(0.94 * height), int(0.08 * width): int(0.92 * width)] = False
    ring[: int(0.015 * height)] = ring[int(0.985 * height):] = False  # the outline itself: table and shadow
    ring[:, : int(0.015 * width)] = ring[:, int(0.985 * width):] = False
    return ring


_RING = _border_ring(FACE[1], FACE[0])
# every third ring pixel, as flat indices: gathering them is five times faster than a boolean mask
RING_SAMPLE = np.flatnonzero(_RING)[::3]
# the same pixels' bytes in a face's flat BGR buffer, blue ones first, then green, then red; and what
# each channel's values are offset by to count all three channels' levels in one histogram
_RING_BYTES = (3 * RING_SAMPLE[None, :] + np.arange(3)[:, None]).ravel()
_RING_OFFSETS = np.repeat(np.arange(3, dtype=np.intp) * 256, len(RING_SAMPLE))


def ring_white(bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """Each channel's white on a FACE-sized face: the brighter quarter of its border ring is paper
    even where an index or a picture reaches into it (every third ring pixel is plenty for a
    percentile, in a third of the time)."""
    levels_counted = np.bincount(np.ascontiguousarray(bgr).ravel()[_RING_BYTES] + _RING_OFFSETS, minlength=768)
    nth = int(0.75 * (len(RING_SAMPLE) - 1))
    return np.maximum([int(np.searchsorted(np.cumsum(counts), nth + 1)) for counts in levels_counted.reshape(3, 256)],
                      1).astype(np.float32)


# the ring's paper is measured in each cell of this grid (across, down the face) that it crosses
SHADING_CELLS = (4, 6)
SHADING_CELL_PIXELS = 120  # ring pixels sampled in a cell (those the ring barely crosses are left out)
# the light on the paper, brightest corner of the face over darkest, at or under which a face is
# evenly lit (one white for all of it): the tune photos' shadowed faces measure 2.0-2.9
EVEN_LIGHT = 1.15
# the ring's cells off the plane fitted through them, root mean square, of the paper's usual white:
# above it the ring is no plain paper under a smooth light (a card lying over it, glare, the table
# beyond an outline estimated from its indices: the German tune tricks' unevenly lit faces measure
# 0.13-0.15 at the median, and fitted without this limit the tricks lost three cards and named a
# joker; the shadowed faces it is for measure 0.04)
MAX_SHADING_MISFIT = 0.06


def _ring_cells() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
    """The ring's sampled pixels cell by cell (SHADING_CELLS over the face), SHADING_CELL_PIXELS
    of each (one array: their percentiles come in one call), as flat indices into a face's BGR
    bytes, and each cell's centre as a row of the plane's design matrix (1, x, y; x and y 0..1
    across the face)."""
    across, down = SHADING_CELLS
    ys, xs = np.divmod(RING_SAMPLE, FACE[0])
    cell = (ys * down // FACE[1]) * across + xs * across // FACE[0]
    members = [np.flatnonzero(cell == index) for index in np.unique(cell)]
    members = [chosen for chosen in members if len(chosen) >= SHADING_CELL_PIXELS]
    picked = [chosen[np.linspace(0, len(chosen) - 1, SHADING_CELL_PIXELS).round().astype(np.intp)]
              for chosen in members]
    centres = [(1.0, float(xs[chosen].mean()) / FACE[0], float(ys[chosen].mean()) / FACE[1]) for chosen in picked]
    # each pixel's three bytes in a face's flat BGR buffer
    pixels = np.array([RING_SAMPLE[chosen] for chosen in picked])
    return 3 * pixels[..., None] + np.arange(3), np.array(centres)


_CELLS, _CELL_CENTRES = _ring_cells()
_PLANE_FIT = np.linalg.pinv(_CELL_CENTRES)
_ACROSS = np.linspace(0.0, 1.0, FACE[0], dtype=np.float32)[None, :]  # x of each column, 0..1
_DOWN = np.linspace(0.0, 1.0, FACE[1], dtype=np.float32)[:, None]  # y of each row


def shading(bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32] | None:
    """The paper's light across the face over its usual white, as a plane fitted through the
    ring's paper cell by cell; None where the face is evenly lit, or where the ring is no plain
    paper under a smooth light. A phone's shadow or a lamp's fall-off darkens one side of a card,
    and one white for all of it takes the darker paper for ink (a shadowed ace's whole upper half
    read as a picture, a 6C's pips as one blob: tune photos)."""
    pixels = np.ascontiguousarray(bgr).ravel()[_CELLS].sum(axis=2, dtype=np.int32)  # cells x pixels
    paper = _three_quarters_up(pixels) / 3.0  # each cell's brighter quarter is paper
    a, b, c = _PLANE_FIT @ paper
    corners = (a, a + b, a + c, a + b + c)
    if min(corners) <= 1.0 or max(corners) / min(corners) <= EVEN_LIGHT:
        return None
    usual = float(_three_quarters_up(paper))
    misfit = float(np.sqrt(np.mean((paper - _CELL_CENTRES @ np.array([a, b, c])) ** 2))) / usual
    if misfit > MAX_SHADING_MISFIT:
        return None
    return np.asarray((a + b * _ACROSS + c * _DOWN) / usual, dtype=np.float32)


def _three_quarters_up(values: npt.NDArray[np.number[Any]]) -> npt.NDArray[np.float64]:
    """The value three quarters of the way up each row of `values` (of its last axis)."""
    nth = int(0.75 * (values.shape[-1] - 1))
    return np.asarray(np.partition(values, nth, axis=-1)[..., nth], dtype=np.float64)
