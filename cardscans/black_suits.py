"""Spade or club, told by a second cue beside the templates: a linear discriminant over the suit
glyph's gradients (a histogram of oriented gradients, HOG, and the glyph's aspect), learned from the
tune photos' black suits (benchmarks/data/cards-real/build_black_suits.py writes its weights to
cardscans/glyphs/black-suits.npz; cardscans/glyphs/SOURCE.md says from which photos).

A small index suit a few pixels across blurs into a blob the templates leave in doubt: a spade's
point and a club's top lobe differ by a pixel or two. Where the gradients and the templates agree
by a clear lead the suit is surer than either alone; where they plainly disagree, it is no suit
to name (corner_index reads both). The discriminant's lead is in standard deviations of its own
spread over the tune glyphs of each suit: positive leans to a spade, negative to a club.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.card_glyphs import GLYPH, Glyph

WEIGHTS = Path(__file__).with_name("glyphs") / "black-suits.npz"
# the histogram over the GLYPH-sized mask: 8 px blocks every 4 px of 4 px cells, 9 orientations
HOG_BLOCK, HOG_STRIDE, HOG_CELL, HOG_BINS = (8, 8), (4, 4), (4, 4), 9
# a suit glyph shorter than this (in FACE pixels) leads nowhere: on the tune photos' judged half, the
# gradients led right on 82 % of the glyphs of 16-19 px, 72 % of 12-15, against 93 % of 20-25 and 97 %
# beyond, and a drawn club 12 px high leads to a spade by 3.5
MIN_HEIGHT = 20
# the binary mask softened first, so that a one-pixel step along a stroke's edge gives a gradient
MASK_SOFTENING = 0.7


def glyph_features(mask: npt.NDArray[np.float32], aspect: float) -> npt.NDArray[np.float32]:
    """The discriminant's input: the HOG of a GLYPH-sized suit mask and the glyph's width over height
    (its mask is scaled to GLYPH whatever its shape, so its aspect is told apart)."""
    softened = np.asarray(cv2.GaussianBlur(mask, (0, 0), MASK_SOFTENING), dtype=np.float32)
    image = np.asarray(np.clip(softened * 255.0, 0, 255), dtype=np.uint8)
    histogram = np.asarray(_hog().compute(image), dtype=np.float32).ravel()
    return np.concatenate([histogram, np.array([aspect], np.float32)])


@cache
def _hog() -> cv2.HOGDescriptor:
    return cv2.HOGDescriptor(GLYPH, HOG_BLOCK, HOG_STRIDE, HOG_CELL, HOG_BINS)


@dataclass(frozen=True)
class SpadeOrClub:
    """The learned discriminant: `lead` of a black suit glyph towards a spade (negative: a club)."""

    weights: npt.NDArray[np.float32]
    bias: float

    def lead(self, glyph: Glyph) -> float:
        """How plainly the glyph is a spade (positive) or a club (negative); 0.0 under MIN_HEIGHT."""
        if glyph.box[3] < MIN_HEIGHT:
            return 0.0
        return float(glyph_features(glyph.mask, glyph.aspect) @ self.weights + self.bias)

    def save(self, path: Path = WEIGHTS) -> None:
        np.savez_compressed(path, weights=self.weights.astype(np.float32), bias=np.float32(self.bias))


@cache
def shipped() -> SpadeOrClub | None:
    """The discriminant shipped with the package; None where its file is missing (a reader then
    tells spades from clubs by the templates alone, as before it was learned)."""
    if not WEIGHTS.is_file():
        return None
    with np.load(WEIGHTS) as stored:
        return SpadeOrClub(np.asarray(stored["weights"], np.float32), float(stored["bias"]))


def learned(features: npt.NDArray[np.float32], spades: npt.NDArray[np.bool_],
            shrinkage: float) -> SpadeOrClub:
    """Fisher's linear discriminant of spade against club glyph features (one row each), its
    within-suit covariance shrunk towards its mean variance by `shrinkage` (a thousand features from
    a few thousand glyphs), scaled so each suit's leads spread by one about its own mean."""
    spade_rows, club_rows = features[spades].astype(np.float64), features[~spades].astype(np.float64)
    spade_mean, club_mean = spade_rows.mean(axis=0), club_rows.mean(axis=0)
    within = np.cov(np.vstack([spade_rows - spade_mean, club_rows - club_mean]).T)
    within += shrinkage * np.trace(within) / len(within) * np.eye(len(within))
    weights = np.linalg.solve(within, spade_mean - club_mean)
    bias = -float(weights @ (spade_mean + club_mean)) / 2
    spread = (float(np.std(spade_rows @ weights)) + float(np.std(club_rows @ weights))) / 2
    return SpadeOrClub(np.asarray(weights / spread, np.float32), bias / spread)
