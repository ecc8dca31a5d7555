"""Index spots: where a playing card's corner index may be, found in a whole frame without any card
outline (cardscans.index_pairs pairs them into cards).

1. ink blobs come from a local threshold of the frame in grey, reduced as for outlines
   (quads.detect_scale) and, if dim, stretched to a lit frame's paper (or, for a second look, from
   what lies well below the paper around it: it keeps a thin pale glyph whole and finds more of a
   court card's picture too; for a third, from the frame sharpened: a soft photo's glyphs part from
   each other and from the card's edge);
2. an index spot is a blob with a smaller one just below it, in any direction (rank over suit), on
   plain paper: little other ink around the pair, unlike a court card's picture;
3. a spot is read upright by the corner reader on a face laid around it (`upright_face`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import CORNER, BalancedFace, balance_by_corner, corner_white
from cardscans.card_glyphs import MAX_GLYPH_HEIGHT
from cardscans.imageio import sharpened
from cardscans.paper_light import FACE
from cardscans.quads import DetectionFrame

Vector = npt.NDArray[np.float64]

# Where an upright index sits on a FACE-sized card: its rank's and its suit's centres.
RANK_CENTRE = (24.0, 31.0)
SUIT_CENTRE = (24.0, 73.0)
SPACING = SUIT_CENTRE[1] - RANK_CENTRE[1]  # rank to suit, the unit every length is measured in

GLYPH_SIZE = (0.012, 0.12)  # a glyph's larger side, of the frame's shorter side
# a frame whose lightest LIGHTEST_SHARE lies below DIM_PAPER is stretched so that it reaches LIT_PAPER
# (`_lit`), by at most MAX_STRETCH (more lifts a near-black frame's noise into blobs)
LIGHTEST_SHARE = 0.99
DIM_PAPER = 170
LIT_PAPER = 230
MAX_STRETCH = 3.0
LOCAL_BLOCK = 20  # the local threshold's window: the frame's shorter side over this
PRINT_OFFSET = 30  # grey levels below the window's mean (or the paper) that count as ink
PAPER_WINDOW = 0.08  # of the frame's shorter side: the paper around a glyph is found this far out
MIN_FILL = 0.12  # of its box: a thinner blob is a line (a card's edge, a crack), not a glyph
SUIT_TO_RANK = (0.45, 1.0)  # a suit's larger side against its rank's: smaller, never larger
RANK_TO_SUIT = (0.7, 1.9)  # centre to centre, in the rank's larger side
TWO_PART_GAP = 0.9  # centre to centre, in the larger blob's larger side: the "1" and "0" of a 10
TWO_PART_SIZE = (0.6, 1.67)  # one blob's larger side against the other's (a "1" turned is squarer)
# the top-left pixels of an upright face an index read looks at: the corner the glyphs are cut in,
# and the paper around the tallest glyph that card_glyphs.blur_spread measures its edges against
READ_CORNER = (int(CORNER[0] * FACE[0]) + int(0.3 * MAX_GLYPH_HEIGHT * FACE[1]) + 4,
               int(CORNER[1] * FACE[1]) + int(0.3 * MAX_GLYPH_HEIGHT * FACE[1]) + 4)
AROUND = 0.35  # the paper looked at around a spot, in SPACINGs
MAX_OTHER_INK = 0.1  # of that paper: more is a picture's print, not an index's margin
# ... but a four-index card's top indices (cardscans.index_pairs' step 6) often stand beside its
# picture or its first pip, so a spot may have this much (index_pairs reads the plainer pairs first)
MAX_OTHER_INK_BESIDE = 0.3
# a sharpened look's unsharp mask (`imageio.sharpened`), in pixels of the reduced frame and strength:
# the best of sigma 1.0, 1.5, 2.5 and amount 0.6, 1.0, 1.5 with the whole frame sharpened, on the
# rf100 tune scenes (docs/tags.md)
SHARPEN = (1.5, 1.0)


@dataclass(frozen=True)
class IndexSpot:
    """A rank blob's centre and the suit blob's below it, in frame pixels."""

    rank: Vector
    suit: Vector
    other_ink: float = 0.0  # share of the paper around the two that is other ink (MAX_OTHER_INK)
    inked: tuple[float, float] = (0.0, 0.0)  # the rank's and the suit's ink, in reduced pixels

    # computed once a spot (a frame of busy cloth gives hundreds of spots, and pairing them asks for
    # these half a million times: rf100 tune scenes, 0.7 s of 15 for spacing alone); never mutated
    @cached_property
    def spacing(self) -> float:
        return float(np.hypot(*(self.suit - self.rank)))

    @cached_property
    def down(self) -> Vector:
        """The card's downward direction as this index stands."""
        return np.asarray((self.suit - self.rank) / max(self.spacing, 1e-6), dtype=np.float64)

    @cached_property
    def across(self) -> Vector:
        """The card's rightward direction as this index stands (y grows downward)."""
        down = self.down
        return np.array([down[1], -down[0]])


def index_spots(image: npt.NDArray[np.uint8], against_paper: bool = False) -> list[IndexSpot]:
    """Rank-over-suit pairs of blobs on plain paper, in frame pixels (`image`: BGR). Ink is what
    lies well below the local mean, or with `against_paper` well below the paper around it."""
    return cut_spots(*searched_frame(image), against_paper)


def searched_frame(image: npt.NDArray[np.uint8], detection: DetectionFrame | None = None,
                   sharpen: bool = False) -> tuple[npt.NDArray[np.uint8], float]:
    """The frame as spots are looked for in, and its scale: reduced as for outlines, in grey, not
    each pixel's darkest channel, where red ink would be as dark as black (a court card's coloured
    picture then gives so many more blobs that its indices go unread: tune photos). `detection`:
    the frame in grey so reduced already (the outlines' `DetectionFrame`). `sharpen`: with its
    fine detail strengthened (`SHARPEN`), for a look at a soft photo (cardscans.index_pairs)."""
    detection = detection_of(image) if detection is None else detection
    reduced = sharpened(detection.reduced, *SHARPEN) if sharpen else detection.reduced
    small = np.asarray(cv2.medianBlur(reduced, 3), dtype=np.uint8)
    return _lit(small), detection.scale


def detection_of(image: npt.NDArray[np.uint8]) -> DetectionFrame:
    """A BGR frame in grey, reduced as outlines and spots are looked for in."""
    return DetectionFrame.of(np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), dtype=np.uint8))


def _lit(small: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """A dim frame (its lightest hundredth below DIM_PAPER) stretched so that its paper is as light
    as a lit frame's: PRINT_OFFSET counts grey levels, and on grey paper the print stands fewer off it
    (rf100 tune scenes shot in a dim room: 508 -> 525 named). A frame nearly lit is left as it is:
    stretching every frame lost two white singles and three German overlaps, whose grain then
    gave more blobs, not more indices."""
    histogram = cv2.calcHist([small], [0], None, [256], [0, 256]).ravel()
    counts = np.cumsum(histogram)
    lightest = int(np.searchsorted(counts, LIGHTEST_SHARE * counts[-1]))
    if lightest >= DIM_PAPER:
        return small
    gain = min(MAX_STRETCH, LIT_PAPER / max(lightest, 1))
    return np.asarray(cv2.convertScaleAbs(small, alpha=gain), dtype=np.uint8)


def cut_spots(small: npt.NDArray[np.uint8], scale: float, against_paper: bool) -> list[IndexSpot]:
    short = min(small.shape)
    if against_paper:
        # the paper brought back by a closing over a window wider than an index glyph (a
        # black-hat): a thin pale glyph in a greyscale photo stays whole, where the local mean cuts
        # it into strokes; a court card's picture gives more blobs, so this is the second look
        window = cv2.getStructuringElement(cv2.MORPH_RECT, (int(PAPER_WINDOW * short) | 1,) * 2)
        ink = np.asarray(cv2.morphologyEx(small, cv2.MORPH_BLACKHAT, window) > PRINT_OFFSET, dtype=np.uint8)
    else:
        block = max(15, (short // LOCAL_BLOCK) | 1)
        # print stands well off its paper (a table's grain, a shadow's edge or the band along a card's
        # own edge, which a glyph near the edge would join, barely do)
        ink = np.asarray(cv2.adaptiveThreshold(small, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                               block, PRINT_OFFSET), dtype=np.uint8)
    _, _, found, middles = cv2.connectedComponentsWithStats(ink, connectivity=8)
    stats = np.asarray(found, dtype=np.int32)
    centres = np.asarray(middles, dtype=np.float64)
    size = np.maximum(stats[:, 2], stats[:, 3]).astype(np.float64)
    glyphs = ((size >= max(6.0, GLYPH_SIZE[0] * short)) & (size <= GLYPH_SIZE[1] * short)
              & (stats[:, 4] >= MIN_FILL * stats[:, 2] * stats[:, 3]))
    glyphs[0] = False  # the background
    chosen = np.flatnonzero(glyphs)
    if len(chosen) < 2:
        return []
    blobs, centre = _with_two_part_ranks(stats[chosen], centres[chosen])
    side = np.maximum(blobs[:, 2], blobs[:, 3]).astype(np.float64)
    offset = centre[None, :, :] - centre[:, None, :]  # [rank, suit]: from a rank blob to a suit blob
    distance = np.hypot(offset[..., 0], offset[..., 1])
    ratio = side[None, :] / side[:, None]
    paired = ((distance > RANK_TO_SUIT[0] * side[:, None]) & (distance < RANK_TO_SUIT[1] * side[:, None])
              & (ratio > SUIT_TO_RANK[0]) & (ratio < SUIT_TO_RANK[1]))
    ranks, suits = np.nonzero(paired)
    other = _other_ink(np.asarray(cv2.integral(ink), dtype=np.int32), blobs[ranks], blobs[suits],
                       distance[ranks, suits])
    plain = other <= MAX_OTHER_INK_BESIDE
    # scaled and converted once a look, not once a spot: a busy cloth gives thousands of spots
    # (3,000 spots: 15 -> 5 ms); each spot's centres are rows of `in_frame`, which nothing mutates
    in_frame = centre / scale
    inked = blobs[:, 4].astype(np.float64).tolist()
    return [IndexSpot(in_frame[rank], in_frame[suit], share, (inked[rank], inked[suit]))
            for rank, suit, share in zip(ranks[plain].tolist(), suits[plain].tolist(), other[plain].tolist(),
                                         strict=True)]


def _with_two_part_ranks(blobs: npt.NDArray[np.int32], centres: npt.NDArray[np.float64]) -> (
        tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]):
    """The blobs (statistics' rows: x, y, width, height, area) and their centres, with each two
    blobs of one height side by side added as one: a "10" prints as two, and its suit lies below
    the pair's middle, not below either."""
    side = np.maximum(blobs[:, 2], blobs[:, 3]).astype(np.float64)
    offset = centres[None, :, :] - centres[:, None, :]
    near = np.hypot(offset[..., 0], offset[..., 1]) < TWO_PART_GAP * np.maximum(side[:, None], side[None, :])
    alike = (side[None, :] / side[:, None] > TWO_PART_SIZE[0]) & (side[None, :] / side[:, None] < TWO_PART_SIZE[1])
    first, second = np.nonzero(np.triu(near & alike, k=1))
    if len(first) == 0:
        return blobs, centres
    left = np.minimum(blobs[first, 0], blobs[second, 0])
    top = np.minimum(blobs[first, 1], blobs[second, 1])
    right = np.maximum(blobs[first, 0] + blobs[first, 2], blobs[second, 0] + blobs[second, 2])
    bottom = np.maximum(blobs[first, 1] + blobs[first, 3], blobs[second, 1] + blobs[second, 3])
    joined = np.stack([left, top, right - left, bottom - top, blobs[first, 4] + blobs[second, 4]], axis=1)
    middles = np.stack([(left + right) / 2, (top + bottom) / 2], axis=1)
    return (np.concatenate([blobs, joined.astype(blobs.dtype)]),
            np.concatenate([centres, middles.astype(np.float64)]))


def _other_ink(summed: npt.NDArray[np.int32], ranks: npt.NDArray[np.int32], suits: npt.NDArray[np.int32],
               spacings: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Per rank and suit blob (their statistics' rows): the share of the paper around the two that
    is ink not their own (`summed`: the ink's integral image); 1 where no paper is seen."""
    margin = AROUND * spacings
    height, width = summed.shape[0] - 1, summed.shape[1] - 1
    start = np.minimum(ranks[:, :2], suits[:, :2]) - margin[:, None]  # x, y
    end = np.maximum(ranks[:, :2] + ranks[:, 2:4], suits[:, :2] + suits[:, 2:4]) + margin[:, None]
    left, right = (np.clip(x, 0, width).astype(np.intp) for x in (start[:, 0], end[:, 0]))
    top, bottom = (np.clip(y, 0, height).astype(np.intp) for y in (start[:, 1], end[:, 1]))
    area = (right - left) * (bottom - top)
    inked = (summed[bottom, right].astype(np.int64) - summed[top, right] - summed[bottom, left] + summed[top, left])
    other = inked - ranks[:, 4] - suits[:, 4]
    return np.where(area > 0, other / np.maximum(area, 1), 1.0).astype(np.float64)


def upright_face(image: npt.NDArray[np.uint8], spot: IndexSpot, colourless: bool) -> BalancedFace:
    """A FACE-sized view with the spot's index upright at its top left, balanced by the index's
    paper: corner first (`BalancedFace.corner_first`), except in a greyscale photo, where whether
    the face shows colour after all is told by all of it."""
    to_frame = _face_to_frame(spot)

    def warped(size: tuple[int, int]) -> npt.NDArray[np.uint8]:
        # each pixel is warped on its own, so the corner's pixels are the whole face's to the bit
        return np.asarray(cv2.warpAffine(image, to_frame, size, flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
                                         borderMode=cv2.BORDER_REPLICATE), dtype=np.uint8)

    if colourless:
        return balance_by_corner(warped(FACE), colourless)
    corner = warped(READ_CORNER)
    return BalancedFace.corner_first(corner, corner_white(corner), lambda: warped(FACE))


def corner_outline(spot: IndexSpot) -> npt.NDArray[np.float32]:
    """The card's corner about the spot's index, in frame pixels: the READ_CORNER of its upright
    face (the rest of a card seen by one index lies under other cards, where it may end is unseen)."""
    width, height = READ_CORNER
    corners = np.array([[0, 0, 1], [width, 0, 1], [width, height, 1], [0, height, 1]], np.float64)
    return np.asarray(corners @ _face_to_frame(spot).T, dtype=np.float32)


def _face_to_frame(spot: IndexSpot) -> npt.NDArray[np.float64]:
    """The affine map from an upright FACE-sized card with the spot's index at its top left to the frame."""
    scale = spot.spacing / SPACING
    across, down = spot.across, spot.down
    origin = spot.rank - scale * (RANK_CENTRE[0] * across + RANK_CENTRE[1] * down)
    return np.array([[scale * across[0], scale * down[0], origin[0]],
                     [scale * across[1], scale * down[1], origin[1]]], np.float64)
