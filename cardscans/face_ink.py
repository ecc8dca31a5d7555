"""A plain card face's print, for faces too plain for features (a few printed shapes on white, as
real decks often are): its ink picture with the lighting divided out, its ink's colour, and its
shapes (how filled, how many, what silhouette); whether two faces' prints are of one kind, and how
well their pictures match. The face gallery (cardscans.recognizer) decides with these what a face is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import to_bgr
from cardscans.quads import FACE_SIZE

# Comparing printed ink (faces too plain for features). Values set on real photos of SET cards
# (benchmarks/scan_real_faces.py), where look-alikes differ by one colour, shape or shading.
INK_SIZE = (63, 88)  # half a face: finer detail is paper grain and JPEG noise in a phone photo
INK_SHIFT = 4  # px of INK_SIZE: real outlines are off by up to ~3 % of the card (rounded corners)
INK_SHORTLIST = 6  # candidates of the right kind (colour, count, silhouette), by thumbnail, compared in full
MIN_INK_MATCH = 0.85  # after the fill penalty: same card 0.7-0.98 between phone photos
# Where colour, shading, count and silhouette were all measured on both faces and agree, only the
# card itself is left to match (no look-alike passes those), so a blurred photo's lower correlation
# does: tune sets equal from 0.5 to 0.7 (no wrong names, no false accepts), fewer named above.
MIN_CLEAR_INK_MATCH = 0.7
INK_MARGIN = 0.08  # over the next registered card of that colour: with 0.85, keeps wrong names at 0
# over a card told apart by its shading alone or its silhouette alone (tune sets: 0 to 0.02 name as
# many; a solid squiggle whose silhouette measured oval-like matched its own card 0.11 better)
CUE_MARGIN = 0.02
MIN_COLOUR_COSINE = 0.9  # same ink colour >= 0.95; red and purple ~0.7, green and purple ~0.2
# Nearer its own colour than any other registered one, by a cosine of: >= 0.28 on daylight photos;
# on the report set's tune part 0.05 let 5 wrong names through (purple under a warm lamp), 0.1 none
COLOUR_MARGIN = 0.15
# ... or, against a registered colour nearer its own, this share of how far apart the two registered
# colours are (the face must lie clearly on its own side of them). Registered colours within
# RIVAL_COLOUR_COSINE of its own are no rivals: distinct inks measure <= ~0.75 apart (red and purple
# ~0.7), one ink's cards up to ~0.85 apart between registering photos. Otherwise one card whose
# registering photo was lit so that its ink measured between two colours (tune-fiveeighths: a purple
# card at 0.88 to red) refused every face of the colour next to it: that part's top-1 went from 26 %
# to 77 % with the share, 87 % with the rival bound too (0.85: 82 %); the other parts as many named,
# no wrong name, no false accept.
COLOUR_MARGIN_SHARE = 0.5
RIVAL_COLOUR_COSINE = 0.8
STRONG_INK = 0.3  # share of the paper's light a pixel's ink takes to count as printed
MIN_COLOURED_PIXELS = 40  # fewer inked pixels: too little print to tell its colour
# The shading inside each printed shape (solid, striped, empty): its ink over the outline's. At
# FACE_SIZE a striped shape's faint tint is lost in the outline's blur, so it is measured on a face
# warped at twice that size from the frame itself (cards in a phone photo are ~200 x 290 px).
DETAIL_SIZE = (FACE_SIZE[0] * 2, FACE_SIZE[1] * 2)
FILL_EROSION = 0.06  # of the face width: keeps the blurred outline out of the shape's inside
MIN_SHAPE_AREA = 0.01  # of the face: smaller blobs are specks, not printed shapes
SPECKS = 0.03  # of the face width: noise joined to a shape's edge, cut off before its silhouette
OUTLINE_GAP = 0.03  # of the face width: gaps closed in an outline (motion blur on the tune photos: ~2 %)
FILL_WEIGHT = 0.5  # ink correlation lost per unit of fill difference (striped vs empty ~0.2: 0.1)
# Shading told as a kind where the fill is clear of the others': on the tune photos empty shapes
# measure -0.01 to 0.09 (95 % below 0.05), striped 0.11 to 0.33, solid 0.98 to 1.02 (the report
# set's tune parts: empty 99 % <= 0.05, striped 95 % >= 0.03, solid >= 0.87). A face of one kind is
# never compared with a face of another; between the bounds it could be either and is compared
# with both. Empty below 0.05, not 0.07: faint red stripes of a second camera's photo measured
# 0.065-0.069 and were taken for empty (tune photos: 1.6 % fewer named, the others as many).
EMPTY_BELOW = 0.05
STRIPED_ABOVE = 0.13
SOLID_ABOVE = 0.6
# Texture: ink change across the stripes inside the shapes over the paper ring's, of the outline's
# ink. Tune photos and the report set's tune parts: empty shapes <= 0.020 (99 % <= 0.018), striped
# 0.1 median in sharp photos but near 0 where blur leaves a tint (which the fill sees). Above the
# first bound a shape is striped whatever its fill; an empty one must also be below the second (two
# striped faces of a noisy camera measured empty's fill, with textures 0.018 and 0.023).
STRIPED_TEXTURE = 0.025
EMPTY_TEXTURE = 0.015
# Printed shapes' silhouettes (median over a face's shapes), 1-99 % of the faces of the tune photos
# and the report set's two tune parts: extent (area over bounding box) ovals 0.84-0.88, diamonds
# 0.51-0.55, squiggles 0.64-0.76; solidity (area over convex hull) ovals 0.90-0.995, diamonds
# 0.92-0.98, squiggles 0.81-0.87. On the tune photos the same card differed by up to 0.066 in extent
# and 0.023 in solidity between photos, other shapes by >= 0.17 in extent or >= 0.11 in solidity;
# each tolerance lies between. A face beyond them is refused, never misnamed.
EXTENT_TOLERANCE = 0.11
SOLIDITY_TOLERANCE = 0.065
# Share of those tolerances within which a silhouette is clearly the same: a blurred solid oval
# (extent 0.81, solidity 0.91) lay 0.89 of them from a solid squiggle's and 1.2 from its own; on the
# tune sets 0.7 names as many as 1.0 does (0.4: 3 % fewer)
CLEAR_SILHOUETTE = 0.7
MIN_SOLIDITY = 0.5  # below: an outline broken by glare (0.15-0.25), a curve with no inside


@dataclass
class _Shapes:
    """What the printed shapes of a plain face say, lighting aside: how filled they are (0 = empty,
    ~0.1-0.3 striped, 1 = solid) and how textured inside (stripes), both None when they cannot be
    measured; how many closed shapes there are, and their silhouette: area over bounding box
    (extent) and over convex hull (solidity), medians over the shapes. Counts and silhouettes hold
    between photos where the ink picture's correlation does not: a blurred solid oval correlates
    ~0.8 with a solid squiggle of the same size."""

    fill: float | None = None
    texture: float | None = None
    count: int = 0
    extent: float = 0.0
    solidity: float = 0.0


@dataclass
class Ink:
    """A face's print, lighting divided out: the grey ink picture and its colour (None: grey or
    too little ink to tell)."""

    picture: npt.NDArray[np.float32]
    colour: npt.NDArray[np.float32] | None
    shapes: _Shapes = field(default_factory=_Shapes)


def _ink_share(face_bgr: npt.NDArray[np.uint8], size: tuple[int, int]) -> npt.NDArray[np.float32]:
    """Per pixel and channel, the share of the paper's light the print takes (0 = bare paper).
    The paper's light is the local maximum, blurred: this divides out shadows, glare gradients
    and the colour of the lamp, which differ between the registering photo and a later one."""
    resized = cv2.resize(face_bgr, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    # the paper's light is smooth, so it is found at a quarter of the size: the wide max and blur
    # cost ~16 times less (they were most of a frame's time)
    small = cv2.resize(resized, (max(1, size[0] // 4), max(1, size[1] // 4)), interpolation=cv2.INTER_AREA)
    window = size[0] // 8 | 1  # wider than a printed shape, so the paper around it is found
    paper = cv2.GaussianBlur(cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (window, window))),
                             (0, 0), window / 4)
    paper = cv2.resize(paper, size, interpolation=cv2.INTER_LINEAR)
    return np.asarray(np.clip(1.0 - resized / np.maximum(paper, 1.0), 0.0, 1.0), dtype=np.float32)


def ink_colour(face_bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32] | None:
    """Unit vector of the printed pixels' chroma (ink above its grey part), at full face size so
    that thin outlines count; None for grey print or a face with almost no ink."""
    share = _ink_share(face_bgr, FACE_SIZE)
    h, w = share.shape[:2]
    inner = share[h // 10: h - h // 10, w // 10: w - w // 10].reshape(-1, 3)  # no table past the corners
    printed = inner[inner.max(axis=1) > STRONG_INK]
    if len(printed) < MIN_COLOURED_PIXELS:
        return None
    chroma = (printed - printed.min(axis=1, keepdims=True)).sum(axis=0)
    norm = float(np.linalg.norm(chroma))
    if norm < 0.02 * len(printed):  # grey print (black ink, or a greyscale frame): no colour to compare
        return None
    return np.asarray(chroma / norm, dtype=np.float32)


def _print_shapes(face_bgr: npt.NDArray[np.uint8]) -> _Shapes:
    """The printed shapes of a face (no shapes: count 0). The fill is the ink inside the shapes
    over their outline's, each above the paper just around the shapes: the paper ring cancels what
    the lighting leaves of the paper's tint after `_ink_share`."""
    share = _ink_share(face_bgr, DETAIL_SIZE).max(axis=2)
    h, w = share.shape
    strong = (share > STRONG_INK).astype(np.uint8)
    border = np.zeros_like(strong)
    border[h // 12: h - h // 12, w // 12: w - w // 12] = 1  # no table past the rounded corners
    strong &= border
    # a blurred or glared outline breaks for a few pixels; closed again, the shape has an inside
    gap = max(3, int(w * OUTLINE_GAP)) | 1
    strong = cv2.morphologyEx(strong, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (gap, gap)))
    contours, _ = cv2.findContours(strong, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    shapes = [c for c in contours if cv2.contourArea(c) > MIN_SHAPE_AREA * h * w]
    if not shapes:
        return _Shapes()
    silhouettes = [_silhouette(c, SPECKS * w) for c in shapes]
    closed = [(extent, solidity) for extent, solidity in silhouettes if solidity >= MIN_SOLIDITY]
    extent, solidity = (float(np.median([c[0] for c in closed])), float(np.median([c[1] for c in closed]))) \
        if closed else (0.0, 0.0)
    found = _Shapes(count=len(closed), extent=extent, solidity=solidity)
    mask = np.zeros_like(strong)
    cv2.drawContours(mask, shapes, -1, 1, -1)
    size = max(3, int(w * FILL_EROSION)) | 1
    element = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    inside = cv2.erode(mask, element) > 0
    grown = cv2.dilate(mask, element)
    paper = (cv2.dilate(grown, element) > 0) & (grown == 0) & (border > 0)
    outline = (mask > 0) & ~inside & (strong > 0)
    if inside.sum() < 10 or outline.sum() < 10 or paper.sum() < 10:
        return found
    base = float(np.median(share[paper]))
    full = float(np.percentile(share[outline], 90)) - base
    if full <= 0.05:
        return found
    found.fill = float(share[inside].mean() - base) / full
    # Stripes, seen sharp, also show as ink changing from pixel to pixel across them; where the
    # paper's light is estimated too dark around the shapes (noisy paper of a second camera) the
    # fill of sharp stripes reads as empty's, but their texture does not
    across = np.zeros_like(share)
    across[:, 1:-1] = np.abs(share[:, 2:] - share[:, :-2])
    found.texture = float(across[inside].mean() - across[paper].mean()) / (full + base)
    return found


def _silhouette(contour: npt.NDArray[Any], specks: float) -> tuple[float, float]:
    """(extent, solidity) of one printed shape: its area over its upright bounding box's and over
    its convex hull's (faces are compared upright, so the box is the face's axes'), once ink specks
    up to `specks` pixels wide are cut off its edge (on a noisy photo they spike the convex hull)."""
    x, y, width, height = cv2.boundingRect(contour)
    filled = np.zeros((height + 2, width + 2), np.uint8)
    cv2.drawContours(filled, [contour], -1, 1, -1, offset=(1 - x, 1 - y))
    size = max(3, int(specks)) | 1
    opened = cv2.morphologyEx(filled, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 0.0, 0.0
    contour = max(contours, key=cv2.contourArea)
    area = float(cv2.contourArea(contour))
    _, _, width, height = cv2.boundingRect(contour)
    hull = float(cv2.contourArea(cv2.convexHull(contour)))
    return area / max(1, width * height), area / hull if hull > 0 else 0.0


def face_ink(face: npt.NDArray[np.uint8], detail: npt.NDArray[np.uint8] | None = None) -> Ink:
    """`detail`: the same face at DETAIL_SIZE or larger, for the shading inside the shapes."""
    colour = to_bgr(face)
    picture = _ink_share(colour, INK_SIZE).mean(axis=2)
    in_colour = face.ndim == 3
    shapes = _print_shapes(to_bgr(detail if detail is not None else face)) if in_colour else _Shapes()
    return Ink(np.asarray(picture, dtype=np.float32), ink_colour(colour) if in_colour else None, shapes)


def ink_match(query: npt.NDArray[np.float32], registered: npt.NDArray[np.float32]) -> float:
    """Best normalised correlation of the query's inner picture over the registered one, shifted
    by up to INK_SHIFT pixels each way (outlines found on photos are a little off)."""
    margin = INK_SHIFT
    template = query[margin: -margin, margin: -margin]
    if float(template.std()) < 1e-3 or float(registered.std()) < 1e-3:
        return 0.0  # a blank face matches nothing: correlation of a flat picture is noise
    return float(cv2.matchTemplate(registered, template, cv2.TM_CCOEFF_NORMED).max())


def _shading(shapes: _Shapes) -> str | None:
    """"solid", "striped" or "empty" when fill and texture say so clearly; None when they cannot."""
    fill, texture = shapes.fill, shapes.texture
    if fill is None or texture is None:
        return None
    if fill > SOLID_ABOVE:
        return "solid"
    if fill > STRIPED_ABOVE or texture > STRIPED_TEXTURE:
        return "striped"
    return "empty" if fill < EMPTY_BELOW and texture < EMPTY_TEXTURE else None


def _silhouette_distance(query: _Shapes, registered: _Shapes) -> float:
    """How far apart two faces' silhouettes are, in tolerances (above 1: other shapes)."""
    return max(abs(query.extent - registered.extent) / EXTENT_TOLERANCE,
               abs(query.solidity - registered.solidity) / SOLIDITY_TOLERANCE)


def clearly_same_kind(query: Ink, registered: Ink) -> bool:
    """Whether colour, shading, count and silhouette were all measured on both faces and agree,
    the silhouette well within its tolerances (near their edge it may be a blurred other shape)."""
    return (query.colour is not None and registered.colour is not None
            and _shading(query.shapes) is not None and _shading(registered.shapes) is not None
            and query.shapes.count > 0 and registered.shapes.count > 0 and same_kind(query, registered)
            and _silhouette_distance(query.shapes, registered.shapes) <= CLEAR_SILHOUETTE)


def same_kind(query: Ink, registered: Ink, by_shading: bool = True, by_silhouette: bool = True) -> bool:
    """Whether the two faces could be the same card by ink colour, shading (unless not
    `by_shading`), count and silhouette (unless not `by_silhouette`); what was not measured on
    both: could."""
    if query.colour is not None and registered.colour is not None \
            and float(query.colour @ registered.colour) < MIN_COLOUR_COSINE:
        return False
    mine, theirs = _shading(query.shapes), _shading(registered.shapes)
    if by_shading and mine is not None and theirs is not None and mine != theirs:
        return False
    if query.shapes.count == 0 or registered.shapes.count == 0:
        return True  # no closed shape measured on one of them: nothing more to compare
    if not by_silhouette:
        return query.shapes.count == registered.shapes.count
    return (query.shapes.count == registered.shapes.count
            and abs(query.shapes.extent - registered.shapes.extent) <= EXTENT_TOLERANCE
            and abs(query.shapes.solidity - registered.shapes.solidity) <= SOLIDITY_TOLERANCE)


def fill_difference(query: Ink, registered: Ink) -> float:
    """How differently the two faces' shapes are shaded (0 when either could not be measured)."""
    if query.shapes.fill is None or registered.shapes.fill is None:
        return 0.0
    return abs(query.shapes.fill - registered.shapes.fill)
