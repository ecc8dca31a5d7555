"""The pips in a playing card's middle: how many there are, and each one turned upright, for the
corner reader's cross-checks (a number card's pips number its rank; a spade's or a club's pips, the
suit printed large, tell the two apart where a small index cannot)."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import BalancedFace
from cardscans.card_glyphs import (
    MAX_GLYPH_HEIGHT,
    MIN_GLYPH_AREA,
    SHADED_LEVEL,
    comparable,
    ink_of,
    scaled_mask,
    unshaded,
)
from cardscans.card_indices import BLACK_SUITS, RED_SUITS
from cardscans.template_match import Bank

# of the face: a print wider than this above the middle (`widest_print_above_middle`) is a court
# card's picture (0.6 and more); an ace's flourish, glare or a neighbour's edge measure up to 0.46
# there, a number's pips under 0.3
PICTURE_PRINT_SIDE = 0.55
# a pip's stem parted from it by blur (see `_pips_with_stems`): at most this share of a pip's area,
# its box within STEM_GAP px of the pip's; counted so only on a face of at least MIN_PIPS_WITH_STEMS pips
STEM_SHARE = 0.15
STEM_GAP = 2
MIN_PIPS_WITH_STEMS = 3  # a small 3S's three stems part too (Ammememe tune); a court card shows two suit marks
# a small index suit may not tell a spade from a club (rdpong's 9S and 4S at 24 px); a number card's
# pips, the suit printed large, then decide: their median lead of one over the other must be at
# least this and most pips must agree (spades lead by 0.01-0.10, clubs by 0.04-0.13 on the singles)
PIP_SUIT_LEAD = 0.01
PIP_SUIT_AGREEMENT = 0.75
MIN_PIPS_FOR_SUIT = 2
# a greyscale photo's suit colour by the pips where the index's small suit leaves it in doubt: the
# median lead of the best red suit over the best black one (or the reverse) over its pips
PIP_COLOUR_LEAD = 0.03
# a court card's large suit marks beside its picture match a black suit at 0.86-0.96 on the tune
# singles, its picture's blobs far less: blobs below this are not counted as suit marks
SUIT_MARK_SCORE = 0.8


def count_pips(face: BalancedFace, level: int = 0) -> int:
    """Blobs of one size in the face's middle, its pips; -1 when the middle holds something else
    (a picture, a blot). `level` 1: the ink cut looser (`ink_of`), for pips glare has paled beside
    dark ones; SHADED_LEVEL: cut as loosely against the paper around each pip (`unshaded`), for
    pips half in a shadow."""
    key = "pips" if level == 0 else f"pips at {level}"
    known = face.measured.get(key)
    if isinstance(known, int):
        return known  # asked again of one face, the count is the same
    h, w = face.ink.shape
    top, bottom = int(0.1 * h), int(0.9 * h)
    left, right = int(0.17 * w), int(0.83 * w)
    # pale grey pips (a faded greyscale photo, the Ammememe set's 10C) break apart at the fixed ink
    # cut: they are cut as the corner's index is, halfway to their own darkest ink
    darkness = face.darkest[top:bottom, left:right]
    middle = ink_of(unshaded(darkness), 1) if level == SHADED_LEVEL else ink_of(darkness, level)
    # the blobs' areas and whether they meet the window's sides, from the labels (the statistics of
    # connectedComponentsWithStats cost four times the labelling)
    count, found = cv2.connectedComponents(middle, connectivity=8)
    labels = np.asarray(found, dtype=np.int32)
    areas = np.bincount(labels.ravel(), minlength=count)[1:]
    dust = MIN_GLYPH_AREA * h * w
    big = areas[areas >= dust]
    if len(big) == 0:
        face.measured[key] = 0
        return 0
    typical = float(np.median(big))
    # a deck with indices in all four corners (jacky-scenes' 10D and 6H) reaches into the middle's
    # sides with slivers of those indices: small blobs cut by the window's side are no pips
    at_side = np.zeros(count, bool)
    at_side[labels[:, 0]] = True
    at_side[labels[:, -1]] = True
    sliver = at_side[1:] & (areas < 0.45 * typical)
    kept = (areas >= dust) & ~sliver
    big = areas[kept]
    # pips of one card are one size (an ace's big pip alone excepted): others mean a picture
    pip_sized = (big > 0.45 * typical) & (big < 2.2 * typical)
    pips = big[pip_sized]
    counted = -1 if len(pips) < len(big) - 1 else len(pips)
    if counted > 0 and bool(at_side[1:][kept][pip_sized].any()):
        # a number card's pips stand clear of the middle's sides: blobs cut by them are the strokes
        # of an index or a picture the outline reaches (a back card's A read as a 2 off a trick's
        # top strip, its two legs counted as two pips)
        counted = -1
    if counted < 0 and _may_be_stemmed(big):
        counted = _pips_with_stems(middle, dust, typical)
    face.measured[key] = counted
    return counted


def widest_print_above_middle(face: BalancedFace) -> float:
    """The largest side of the largest print between the top indices, down to a third of the face,
    in the face's own width or height: a number card prints pips there (each under 0.3), a court
    card its picture (0.6 and more: a four-index card's lower half read as a 4 over another card's
    picture, German tune scenes)."""
    known = face.measured.get("widest above middle")
    if isinstance(known, float):
        return known  # asked once to settle two readings, once to check the one kept
    h, w = face.ink.shape
    band = ink_of(face.darkest[int(0.08 * h):int(0.32 * h), int(0.17 * w):int(0.83 * w)])
    count, _, stats, _ = cv2.connectedComponentsWithStats(band, connectivity=8)
    dust = MIN_GLYPH_AREA * h * w
    sides = [max(int(box[2]) / w, int(box[3]) / h) for box in stats[1:count] if box[4] >= dust]
    widest = max(sides, default=0.0)
    face.measured["widest above middle"] = widest
    return widest


def _pip_size(areas: npt.NDArray[np.int64]) -> float:
    """The pips' area: the median of the blobs near the largest (as many stems as pips would put
    the median of them all between the two)."""
    return float(np.median(areas[areas >= 0.45 * areas.max()]))


def _may_be_stemmed(areas: npt.NDArray[np.int64]) -> bool:
    """Whether blobs of these areas (dust and slivers left out) can be pips and their parted stems
    (`_pips_with_stems`), by their areas alone: the boxes are then measured."""
    typical = _pip_size(areas)
    pip_sized = (areas > 0.45 * typical) & (areas < 2.2 * typical)
    return int(pip_sized.sum()) >= MIN_PIPS_WITH_STEMS and bool((areas[~pip_sized] <= STEM_SHARE * typical).all())


def _pips_with_stems(middle: npt.NDArray[np.uint8], dust: float, typical_blob: float) -> int:
    """The pips of a blurred small card whose spades' or clubs' thin stems part from their pips (rdpong's
    9S at a third of its size: stems of 86-108 px beside pips of 1600-1950): every blob neither dust,
    sliver (as `count_pips` takes them, by `typical_blob`) nor pip-sized must be such a stem, tiny,
    hugging a pip (their boxes within STEM_GAP px) and under its width, one to a pip; else, and when
    fewer than MIN_PIPS_WITH_STEMS pips remain (a court card's two suit marks with bits of picture
    beside them must never confirm a misread 2 or 3), -1."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(middle, connectivity=8)
    boxes = []
    for index in range(1, count):
        x, y, width, height, area = (int(v) for v in stats[index])
        at_side = x == 0 or x + width >= middle.shape[1]
        if area >= dust and not (at_side and area < 0.45 * typical_blob):
            boxes.append((x, y, width, height, area))
    typical = _pip_size(np.array([box[4] for box in boxes], np.int64))
    pips = [box for box in boxes if 0.45 * typical < box[4] < 2.2 * typical]
    others = [box for box in boxes if not 0.45 * typical < box[4] < 2.2 * typical]
    if len(pips) < MIN_PIPS_WITH_STEMS:
        return -1
    taken: set[int] = set()
    for x, y, width, height, area in others:
        if area > STEM_SHARE * typical:
            return -1
        centre = x + width / 2
        hugged = [i for i, (px, py, pw, ph, _) in enumerate(pips)
                  if i not in taken and px <= centre <= px + pw
                  and x <= px + pw + STEM_GAP and px <= x + width + STEM_GAP
                  and y <= py + ph + STEM_GAP and py <= y + height + STEM_GAP]
        if len(hugged) != 1:
            return -1  # beside no pip, or between two: not a stem
        taken.add(hugged[0])
    return len(pips)


def upright_pips(face: BalancedFace) -> list[npt.NDArray[np.float32]]:
    """The masks (GLYPH size) of the face's whole pips, each turned upright: a number card prints
    the pips of its upper half upright and those of its lower half upside down (a pip about the
    middle row may be either: left out). Pips are the suit printed large, so their shape is
    plainer than the index's small suit (a spade's point and a club's lobes blur alike there)."""
    known = face.measured.get("upright pips")
    if isinstance(known, list):
        return known
    h, w = face.ink.shape
    top, bottom = int(0.06 * h), int(0.94 * h)
    left, right = int(0.15 * w), int(0.85 * w)
    middle = np.ascontiguousarray(face.ink[top:bottom, left:right])
    count, labels, stats, centres = cv2.connectedComponentsWithStats(middle, connectivity=8)
    dust = 4 * MIN_GLYPH_AREA * h * w
    masks = []
    for index in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[index])
        if area < dust or x == 0 or y == 0 or x + bw >= middle.shape[1] or y + bh >= middle.shape[0]:
            continue  # dust, or a pip cut by the window: its shape is not whole
        row = (float(centres[index][1]) + top) / h
        if 0.45 < row < 0.55 or bh > MAX_GLYPH_HEIGHT * h:
            continue  # which way up is unknown; or a picture, not a pip
        mask = (labels[y: y + bh, x: x + bw] == index).astype(np.uint8)
        masks.append(scaled_mask(mask if row < 0.5 else mask[::-1, ::-1]))
    face.measured["upright pips"] = masks
    return masks


def pip_suit(face: BalancedFace, bank: Bank, suit_marks_only: bool = False) -> str | None:
    """Spade or club by the face's pips (each turned upright, against `bank`, the corner reader's
    suit templates), None when too few or undecided.
    `suit_marks_only`: a court card's face, where only blobs shaped like a black suit count (its
    picture's blobs are no pips)."""
    spade = _pips_lean(face, bank, ("S",), ("C",), suit_marks_only, PIP_SUIT_LEAD)
    return None if spade is None else "S" if spade else "C"


def pip_colour(face: BalancedFace, bank: Bank, suit_marks_only: bool = False) -> bool | None:
    """Whether the face's pips are of a red suit (True) or a black one (False), by shape alone, for
    a greyscale photo whose small index suit leaves its colour in doubt (a club matching the diamond
    templates nearly as well as the club ones); None when too few pips or undecided.
    `suit_marks_only`: a court card's face (see `pip_suit`)."""
    return _pips_lean(face, bank, RED_SUITS, BLACK_SUITS, suit_marks_only, PIP_COLOUR_LEAD)


def _pips_lean(face: BalancedFace, bank: Bank, these: tuple[str, ...], those: tuple[str, ...],
               suit_marks_only: bool, least_lead: float) -> bool | None:
    """Whether the face's upright pips match `these` suits better than `those` (each side by its
    best template): True or False when at least MIN_PIPS_FOR_SUIT pips lean one way by a median
    lead of `least_lead` and PIP_SUIT_AGREEMENT of them agree, else None. `suit_marks_only`: only
    blobs matching some suit at SUIT_MARK_SCORE count (a court card's picture is no pips)."""
    if not all(suit in bank.labels for suit in (*these, *those)):
        return None
    leads = []
    for mask in upright_pips(face):
        scores = bank.scores(comparable(mask, bank.blur))
        this = max(scores[suit] for suit in these)
        that = max(scores[suit] for suit in those)
        if suit_marks_only and max(this, that) < SUIT_MARK_SCORE:
            continue
        leads.append(this - that)
    if len(leads) < MIN_PIPS_FOR_SUIT:
        return None
    lead = float(np.median(leads))
    agreeing = sum(1 for value in leads if value * lead > 0) / len(leads)
    if abs(lead) < least_lead or agreeing < PIP_SUIT_AGREEMENT:
        return None
    return lead > 0
