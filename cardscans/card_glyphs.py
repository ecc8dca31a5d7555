"""The printed glyphs of a playing card's corner index, cut by their own bounding box.

On a face balanced by its own paper (cardscans.balanced_face: warm or blue light leaves black ink
black, and ink is what lies much darker than that paper in any channel, black and red alike), the
corner's connected blobs give the rank (the topmost blob or row of blobs: "10" is two) and the suit
(the next blob below). Each glyph is compared by its own box, scaled to a fixed
size, so a deck's index position and size do not matter; its colour is measured relative to the
paper, never against a fixed threshold.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import CORNER, INK_DARKNESS, BalancedFace, nth_smallest
from cardscans.paper_light import FACE

GLYPH = (24, 32)  # width, height every glyph is compared at
# a pale or washed-out print (light red ink, a soft focus) is cut halfway between the paper and its
# own darkest ink, never looser than this: the paper's own shading stays paper
PALE_INK_DARKNESS = 0.7
# ink whose darkest is within this of that cut is cut with the cut the ink itself sets instead: the
# washed-out pink indices of the Ammememe deck measure 0.6-0.76 at their darkest (the cut above
# would take a sliver or nothing), when they stand out from their own paper by PALE_INK_CONTRAST
# (they do by 0.25-0.35; a blank corner's grain and shading by less)
PALE_INK_MARGIN = 0.05
PALE_INK_CONTRAST = 0.2
SHADED_LEVEL = 2  # the ink cut against each glyph's own paper, `_corner_ink`'s last resort
SHADE_WINDOW = 41  # face pixels: wider than a corner glyph (~40), narrower than a shadow
MAX_GLYPH_HEIGHT = 0.26  # of the face: a taller blob is a picture or a frame, not an index glyph
MIN_GLYPH_AREA = 0.0005  # of the face: smaller blobs are print dust and noise
RED_CHROMA = 0.18  # red ink: red exceeds the other channels by this share of the paper's white
# the same excess as a share of how dark the ink is: dark maroon ink under warm light exceeds by
# only 0.08-0.12 of the paper's white (jacky-scenes' diamonds) but by 0.13-0.18 of its own
# darkness, where black ink measures -0.1-0.05 (0.10 once, rdpong 8spades): above this, ink that
# looks black by RED_CHROMA is not called black
DARK_RED_SHARE = 0.12
# straight strokes longer than any index glyph's (share of the face's width, height) are a court
# card's picture frame; where a suit touches that frame they are taken away before cutting
FRAME_LINE = (0.25, 0.25)
# a blob touching the outline along at most this share of its own side is print reaching the card's
# edge (rdpong's KC club, 7H seven), not table or shadow, which runs along the outline
EDGE_CONTACT = 0.5


@dataclass(frozen=True)
class Glyph:
    """A blob of ink scaled to GLYPH, with its box (x, y, w, h) in face pixels and its redness."""

    mask: npt.NDArray[np.float32]
    box: tuple[int, int, int, int]
    redness: float
    parts: int = 1  # blobs side by side: a "10" prints as two
    # red's excess over the other channels as a share of the ink's darkness (DARK_RED_SHARE)
    red_share: float = 0.0

    @property
    def aspect(self) -> float:
        return self.box[2] / max(1, self.box[3])


def scaled_mask(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    scaled = cv2.resize(mask.astype(np.float32), GLYPH, interpolation=cv2.INTER_AREA)
    return np.asarray(scaled, dtype=np.float32)


Blob = tuple[int, int, int, int, int]  # y, x, width, height, component label
Cut = tuple[Glyph | None, Glyph | None]


def _corner_ink(face: BalancedFace, width: int, height: int, level: int = 0) -> npt.NDArray[np.uint8]:
    """The corner's ink: cut at INK_DARKNESS, or halfway to a pale print's own darkest ink; `level`
    -1 or +1: cut tighter or looser (see `ink_of`); SHADED_LEVEL: cut against the paper around
    each glyph (`unshaded`)."""
    darkness = face.top_left(width, height).darkest
    if level == SHADED_LEVEL:
        return ink_of(unshaded(darkness))
    return ink_of(darkness, level)


def unshaded(darkness: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """A corner's darkness over its own paper, brought back by a closing wider than any glyph: a
    shadow's edge across the index (one cut for the whole corner takes the shaded paper for ink)."""
    window = cv2.getStructuringElement(cv2.MORPH_RECT, (SHADE_WINDOW, SHADE_WINDOW))
    paper = np.maximum(np.asarray(cv2.morphologyEx(darkness, cv2.MORPH_CLOSE, window), dtype=np.float32), 1.0)
    return np.asarray(np.clip(darkness.astype(np.float32) * 255.0 / paper, 0, 255), dtype=np.uint8)


def ink_of(darkness: npt.NDArray[np.uint8], level: int = 0) -> npt.NDArray[np.uint8]:
    """A region's ink: cut at INK_DARKNESS, or halfway to a pale print's own darkest ink. `level` -1
    cuts halfway between that cut and the darkest ink (a blurred glyph's counters, an A's or a 4's,
    fill at the plain cut), +1 halfway between it and the region's paper (a thin stroke, a serif
    A's left leg downsized, is paler than the suit that set the cut)."""
    sample = darkness[::2, ::2].ravel()
    darkest_ink = float(np.partition(sample, len(sample) // 50)[len(sample) // 50]) / 255.0
    threshold = min(PALE_INK_DARKNESS, max(INK_DARKNESS, (1.0 + darkest_ink) / 2))
    if darkest_ink > PALE_INK_DARKNESS - PALE_INK_MARGIN:
        # ink so pale that the cut above takes only its core or nothing (a washed-out pink print):
        # cut halfway between it and the region's own paper (its median: most of a corner is paper),
        # when it stands out from that paper at all (a blank region's darkest is its paper's grain)
        paper = float(np.partition(sample, len(sample) // 2)[len(sample) // 2]) / 255.0
        if paper - darkest_ink >= PALE_INK_CONTRAST:
            threshold = (darkest_ink + paper) / 2
    if level < 0:
        threshold = (threshold + darkest_ink) / 2
    elif level > 0:
        paper = float(np.partition(sample, len(sample) // 2)[len(sample) // 2]) / 255.0
        threshold = max(threshold, (threshold + paper) / 2)
    return np.ascontiguousarray((darkness < int(threshold * 255)).astype(np.uint8))


def _without_frame_lines(face: BalancedFace, corner: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The corner's ink less straight strokes longer than any glyph's, seen over a region twice the
    corner's size (a picture frame runs on past the corner; a glyph's stroke does not)."""
    w, h = FACE
    ch, cw = corner.shape
    region = np.ascontiguousarray(face.top_left(min(w, 2 * cw), min(h, 2 * ch)).ink)
    along = int(FRAME_LINE[0] * w)
    down = int(FRAME_LINE[1] * h)
    # a line needs that many inked pixels in one row (or column): where none has, the costly opening
    # with a long kernel would find nothing (most corners with no suit are of no court card)
    # and a row's opening with a one-row kernel depends on that row alone (a column's likewise), so
    # only the rows and columns that can keep ink are opened: those with a line's length of ink, or
    # half of it, which a run reaching the region's side keeps (erosion counts outside as ink)
    across = np.zeros_like(region)
    upright = np.zeros_like(region)
    row_ink = region.sum(axis=1)
    if int(row_ink.max()) >= along:
        rows = np.flatnonzero(row_ink >= along // 2)
        across[rows] = cv2.morphologyEx(np.ascontiguousarray(region[rows]), cv2.MORPH_OPEN,
                                        np.ones((1, along), np.uint8))
    column_ink = region.sum(axis=0)
    if int(column_ink.max()) >= down:
        columns = np.flatnonzero(column_ink >= down // 2)
        upright[:, columns] = cv2.morphologyEx(np.ascontiguousarray(region[:, columns]), cv2.MORPH_OPEN,
                                               np.ones((down, 1), np.uint8))
    lines = np.asarray(cv2.dilate(across | upright, np.ones((3, 3), np.uint8)), dtype=np.uint8)[:ch, :cw]
    if not lines.any():
        return corner
    return np.ascontiguousarray(corner & (1 - lines))


def corner_glyphs(face: BalancedFace) -> tuple[Glyph | None, Glyph | None]:
    """The rank and suit glyphs of the top-left corner index, each None when not found."""
    return corner_cuts(face)[0]


def corner_cuts(face: BalancedFace, level: int = 0) -> list[Cut]:
    """Ways to cut the top-left corner index into (rank, suit), the plainest first: the blobs as
    printed; then, for a print that breaks a glyph or joins two, a rank whose stroke broke in two
    (a thin 5 or 2) joined again, and a rank whose suit touches it split at its narrowest row.
    `level`: the ink cut tighter (-1) or looser (+1) than the plain one, `ink_of`'s."""
    return list(each_corner_cut(face, level))


def each_corner_cut(face: BalancedFace, level: int = 0, past_frame_lines: bool = True) -> Iterator[Cut]:
    """`corner_cuts` one at a time, each cut only when asked for: a reader that reads the first
    cut never pays for the others (a split, a frame's lines taken away: only `past_frame_lines`)."""
    w, h = FACE
    cw, ch = int(CORNER[0] * w), int(CORNER[1] * h)
    corner = _corner_ink(face, cw, ch, level)
    cuts = _cuts_of(face, corner)
    first = next(cuts)
    yield first
    yield from cuts
    if first[1] is None and level == 0 and past_frame_lines:
        # no suit: it may touch a court card's picture frame, cut again without the frame's lines
        # (at the plain cut only: the frame is found on the face's fixed ink cut, whatever the level,
        # and looking again costs more than the other cuts together)
        unframed = _without_frame_lines(face, corner)
        if unframed is not corner:
            yield from _cuts_of(face, unframed)


def _cuts_of(face: BalancedFace, corner: npt.NDArray[np.uint8]) -> Iterator[Cut]:
    w, h = FACE
    ch, cw = corner.shape
    count, found, stats, _ = cv2.connectedComponentsWithStats(corner, connectivity=8)
    labels = np.asarray(found, dtype=np.int32)
    min_area = MIN_GLYPH_AREA * h * w
    blobs: list[Blob] = []
    ran_out: list[Blob] = []
    # most of a corner's blobs are specks: left out in one array test before any is looked at alone
    for index in (np.flatnonzero(stats[1:count, cv2.CC_STAT_AREA] >= min_area) + 1).tolist():
        x, y, bw, bh, _ = stats[index].tolist()
        if (x <= 1 or y <= 1) and not _glyph_at_edge(labels, index, x, y, bw, bh):
            continue  # touches the outline: table, shadow or a neighbouring card, not print
        if x + bw >= cw - 1 or y + bh >= ch - 1 or bh > MAX_GLYPH_HEIGHT * h:
            ran_out.append((y, x, bw, bh, index))
            continue  # runs out of the corner: the picture of a court card, a central pip
        blobs.append((y, x, bw, bh, index))
    if not blobs:
        yield None, None
        return
    blobs.sort()
    top_y, top_x, top_w, top_h, _ = blobs[0]
    # the rank is the top row of blobs: "10" prints as two side by side, close together
    rank_parts = [b for b in blobs if b[0] < top_y + 0.5 * top_h and abs(b[1] - top_x) < 2.5 * max(top_w, top_h)]
    plain = _cut(face, labels, blobs, rank_parts)
    peeled = _peeled_from_neighbour(labels, ran_out, rank_parts, count)
    first = plain
    if peeled is not None:
        # a rank glyph printed against a central pip (anima's 10H: its "0" touches a heart, and the
        # "1" alone reads as a 4): the glyph peeled off the pip is part of the rank, and this cut,
        # the fuller one, is tried first
        peeled_labels, piece = peeled
        first = _cut(face, peeled_labels, [*blobs, piece], [*rank_parts, piece])
        yield first
    yield plain
    rank, suit = first
    if len(rank_parts) == 1:
        below = _below(blobs, rank_parts)
        if below and below[0][0] - (top_y + top_h) <= 0.08 * top_h + 1 and below[0][3] < top_h:
            # a stroke broken by the print: the piece just under a rank's (a 5's flag) is part of it
            yield _cut(face, labels, blobs, [*rank_parts, below[0]])
        if suit is None or (rank is not None and rank.box[3] > 1.9 * rank.box[2]):
            split = _split_touching(face, labels, rank_parts[0])
            if split is not None:
                yield split


def _peeled_from_neighbour(labels: npt.NDArray[np.int32], ran_out: list[Blob], rank_parts: list[Blob],
                           new_label: int) -> tuple[npt.NDArray[np.int32], Blob] | None:
    """A glyph of the rank joined to a blob that runs out of the corner (a central pip) by a thin
    contact, taken off it: the blob must start in the rank's row just right of the rank; shrunk by
    a pixel it falls apart into pieces within the rank's row (the glyph) and pieces reaching below
    it (the neighbour); the glyph is the blob less the neighbour grown back by that pixel. Returns
    the labels with the glyph relabelled `new_label`, and the glyph as a blob; None when none is."""
    top = min(b[0] for b in rank_parts)
    bottom = max(b[0] + b[3] for b in rank_parts)
    right = max(b[1] + b[2] for b in rank_parts)
    height = bottom - top
    kernel = np.ones((3, 3), np.uint8)
    # tolerances in shares of the rank's height, as `_below` and `_cuts_of` measure a row: the
    # joined blob starts within a fifth above or a third below the rank's top and at most half a
    # rank to its right; the glyph ends within a tenth below the rank and is at least 0.6 of it high
    for y, x, bw, bh, index in ran_out:
        if not (top - 0.2 * height <= y <= top + 0.3 * height and x <= right + 0.5 * height):
            continue
        mask = (labels[y: y + bh, x: x + bw] == index).astype(np.uint8)
        count, pieces, stats, _ = cv2.connectedComponentsWithStats(cv2.erode(mask, kernel), connectivity=8)
        in_row = [j for j in range(1, count)
                  if y + stats[j][1] + stats[j][3] <= bottom + 0.1 * height and x + stats[j][0] < right + height]
        if not in_row or len(in_row) == count - 1:
            continue  # nothing of the rank's row, or nothing else: no glyph joined to a neighbour
        neighbour = np.isin(pieces, [j for j in range(1, count) if j not in in_row]).astype(np.uint8)
        rest = np.ascontiguousarray(mask & (1 - cv2.dilate(neighbour, kernel)))
        # the neighbour's sharp tips, which shrinking lost, are left over too: only the rank's row is kept
        count, parts, stats, _ = cv2.connectedComponentsWithStats(rest, connectivity=8)
        piece = np.isin(parts, [j for j in range(1, count) if y + stats[j][1] + stats[j][3] <= bottom + 0.1 * height])
        rows = np.flatnonzero(piece.any(axis=1))
        cols = np.flatnonzero(piece.any(axis=0))
        if len(rows) == 0 or y + int(rows[-1]) >= bottom + 0.1 * height or int(rows[-1]) - int(rows[0]) < 0.6 * height:
            continue  # not a glyph of the rank's row
        peeled = labels.copy()
        peeled[y: y + bh, x: x + bw][piece] = new_label
        return peeled, (y + int(rows[0]), x + int(cols[0]), int(cols[-1]) - int(cols[0]) + 1,
                        int(rows[-1]) - int(rows[0]) + 1, new_label)
    return None


def _glyph_at_edge(labels: npt.NDArray[np.int32], index: int, x: int, y: int, width: int, height: int) -> bool:
    """Whether a blob touching the outline is print that reaches the card's edge (an index printed
    close to it, or an outline found a little inside the card), not table or shadow: it meets the
    edge along a short stretch only, a glyph's stroke or lobe, where table and shadow run along it."""
    mask = labels[y: y + height, x: x + width] == index
    if x <= 1 and int(mask[:, : 2 - x].any(axis=1).sum()) > EDGE_CONTACT * height:
        return False
    return not (y <= 1 and int(mask[: 2 - y].any(axis=0).sum()) > EDGE_CONTACT * width)


def _below(blobs: list[Blob], rank_parts: list[Blob]) -> list[Blob]:
    """Blobs under the rank and centred under it (a suit prints below its rank, not beside it)."""
    x0 = min(b[1] for b in rank_parts)
    x1 = max(b[1] + b[2] for b in rank_parts)
    bottom = max(b[0] + b[3] for b in rank_parts)
    height = bottom - min(b[0] for b in rank_parts)
    slack = 0.5 * (x1 - x0)
    return [b for b in blobs if b not in rank_parts and b[0] >= bottom - 2 and b[0] <= bottom + 1.2 * height
            and x0 - slack <= b[1] + b[2] / 2 <= x1 + slack]


def _cut(face: BalancedFace, labels: npt.NDArray[np.int32], blobs: list[Blob], rank_parts: list[Blob]) -> Cut:
    rank = _glyph(face, labels, rank_parts, _side_by_side(rank_parts))
    below = _below(blobs, rank_parts)
    if not below:
        return rank, None
    suit_top = below[0][0]
    # a suit is one blob, but a thin stem or a worn print can split it: join what starts near its top
    suit_parts = [b for b in below if b[0] < suit_top + 0.5 * below[0][3]]
    return rank, _glyph(face, labels, suit_parts)


def _side_by_side(parts: list[Blob]) -> int:
    """How many of the parts stand side by side (a "10"), not one above the other (a broken 5)."""
    columns: list[tuple[int, int]] = []
    for _, x, width, _, _ in sorted(parts, key=lambda b: b[1]):
        if columns and x < columns[-1][1] - 1:
            columns[-1] = (columns[-1][0], max(columns[-1][1], x + width))
        else:
            columns.append((x, x + width))
    return len(columns)


def _split_touching(face: BalancedFace, labels: npt.NDArray[np.int32], blob: Blob) -> Cut | None:
    """A rank and its suit printed into one blob (a soft focus joins them) cut at the narrowest row
    between a third and four fifths of its height, when that row is much narrower than both halves."""
    y, x, width, height, index = blob
    mask = labels[y: y + height, x: x + width] == index
    widths = mask.sum(axis=1)
    low, high = int(0.35 * height), int(0.8 * height)
    if high - low < 3:
        return None
    row = low + int(np.argmin(widths[low:high]))
    narrowest = int(widths[row])
    if narrowest > 0.35 * min(int(widths[:row].max()), int(widths[row + 1:].max())):
        return None
    top, bottom = mask.copy(), mask.copy()
    top[row:] = False
    bottom[: row + 1] = False
    if top.sum() < 4 or bottom.sum() < 4:
        return None
    return _glyph_from_mask(face, top, x, y), _glyph_from_mask(face, bottom, x, y)


def _glyph_from_mask(face: BalancedFace, mask: npt.NDArray[np.bool_], x: int, y: int) -> Glyph | None:
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    if len(rows) == 0:
        return None
    y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    cropped = mask[y0:y1, x0:x1]
    box = (x + x0, y + y0, x1 - x0, y1 - y0)
    pixels = face.balanced_pixels(face.top_left(box[0] + box[2], box[1] + box[3]).bgr[box[1]:, box[0]:][cropped])
    redness, red_share = _ink_colour(pixels)
    return Glyph(scaled_mask(_as_printed(face, cropped)), box, redness, red_share=red_share)


def _as_printed(face: BalancedFace, mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint8]:
    """A glyph's mask the way round it is printed (one cut from a mirrored face is turned back)."""
    return (mask[:, ::-1] if face.mirrored else mask).astype(np.uint8)


def _median(values: npt.NDArray[np.floating[Any]]) -> float:
    """np.median of a flat float32 array, to the bit (a partition and the float32 mean of the middle
    two), without its overhead: glyphs are a few hundred pixels, where the overhead dominates."""
    middle = len(values) // 2
    if len(values) % 2:
        return float(np.partition(values, middle)[middle])
    around = np.partition(values, (middle - 1, middle))
    return float((around[middle - 1] + around[middle]) / 2)


def _ink_colour(pixels: npt.NDArray[np.float32]) -> tuple[float, float]:
    """The ink's redness (red's median excess over the other channels, a share of the paper's white)
    and its red share (the same excess per unit of the ink's darkness, its darkest channel's distance
    from the paper's white): dark red ink is little redder than the paper in absolute terms, yet
    clearly so for how dark it is; black ink is not, however dark."""
    if len(pixels) == 0:
        return float("nan"), float("nan")  # as np.median of nothing
    blue, green, red = pixels[:, 0], pixels[:, 1], pixels[:, 2]
    excess = red - np.maximum(blue, green)
    darkness = 1.0 - np.minimum(np.minimum(blue, green), red)
    return _median(excess), _median(excess / np.maximum(darkness, 0.05))


def _glyph(face: BalancedFace, labels: npt.NDArray[np.int32], parts: list[Blob], side_by_side: int = 1) -> Glyph:
    x0 = min(b[1] for b in parts)
    y0 = min(b[0] for b in parts)
    x1 = max(b[1] + b[2] for b in parts)
    y1 = max(b[0] + b[3] for b in parts)
    region = labels[y0:y1, x0:x1]
    mask = region == parts[0][4]
    for part in parts[1:]:
        mask |= region == part[4]
    pixels = face.balanced_pixels(face.top_left(x1, y1).bgr[y0:, x0:][mask])
    redness, red_share = _ink_colour(pixels)
    return Glyph(scaled_mask(_as_printed(face, mask)), (x0, y0, x1 - x0, y1 - y0), redness, side_by_side, red_share)


def blur_spread(face: BalancedFace, glyph: Glyph) -> float:
    """How far a glyph's edges are spread, for its size: the sigma of a blur that would make a
    sharp edge as shallow as its steepest one, over the side of a square of its ink's mass (which
    a blur spreads but keeps, where the glyph's box grows or shrinks with the ink cut). A print
    read right on the tune photos measures 0.05-0.11 (a face rectified up from a small index is
    softer); a drawn suit blurred by a quarter of its size about 0.2."""
    x, y, width, height = glyph.box
    pad = max(3, int(0.3 * height))
    columns, rows = FACE
    around = face.top_left(min(columns, x + width + pad), min(rows, y + height + pad))
    levels = np.ascontiguousarray(around.darkest[max(0, y - pad):, max(0, x - pad):])
    if levels.size < 9:
        return float("inf")
    paper = float(nth_smallest(levels.ravel(), int(0.95 * (levels.size - 1))))
    ink = float(nth_smallest(levels.ravel(), int(0.05 * (levels.size - 1))))
    patch = levels.astype(np.float32)
    # Sobel's 3 x 3 kernel weighs a one-pixel step 8 times
    across = np.asarray(cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3), dtype=np.float32) / 8.0
    down = np.asarray(cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3), dtype=np.float32) / 8.0
    steepness = np.hypot(across, down).ravel()
    steepest = float(np.partition(steepness, int(0.98 * (steepness.size - 1)))[int(0.98 * (steepness.size - 1))])
    # a step of depth d blurred by sigma s is at most d / (s * sqrt(2 pi)) steep
    depth = max(float(paper - ink), 1.0)
    # the glyph's size by its ink's mass, which a blur spreads but keeps (its box grows with the cut)
    size = float(np.sqrt(max(float(np.clip(paper - patch, 0.0, depth).sum()) / depth, 1.0)))
    return float(depth / max(steepest, 1e-3) / np.sqrt(2.0 * np.pi) / size)


def comparable(mask: npt.NDArray[np.float32], blur: float = 0.0) -> npt.NDArray[np.float32]:
    """A glyph mask as a unit vector with zero mean (so a dot product is the normalised correlation),
    blurred by `blur` px first: a blur forgives a stroke a pixel thicker or a serif a pixel off,
    which is how one deck's K differs from another's."""
    # OpenCV's mean and one dot product: numpy's mean and norm cost as much again on a glyph this
    # small, and a frame makes a few hundred of these (28 -> 17-19 us each)
    flat = np.asarray(cv2.GaussianBlur(mask, (0, 0), blur) if blur > 0 else mask, dtype=np.float32).ravel()
    flat = flat - np.float32(cv2.mean(flat)[0])
    norm = float(np.sqrt(flat @ flat))
    return np.asarray(flat / norm if norm > 1e-6 else flat, dtype=np.float32)


def similarity(glyph: npt.NDArray[np.float32], template: npt.NDArray[np.float32]) -> float:
    """Normalised correlation of two glyph masks of GLYPH size (1.0: the same shape)."""
    a = glyph - glyph.mean()
    b = template - template.mean()
    norm = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float((a * b).sum() / norm) if norm > 1e-6 else 0.0
