"""Recognising untagged cards by their face: register, then find, rectify, shortlist, verify.

Registering keeps the card's upright face at 126 x 176 px. Finding a card: its outline
(cardscans.quads), the face rectified both ways up, a shortlist by normalised correlation of
small blurred thumbnails, then a geometric check: ORB features of the face matched to the
candidate's, with a RANSAC homography that must be close to the identity (both faces are
upright and the same size), and whose ink colour must agree. Plain faces (a few printed shapes
on white, as real decks often are) give too few features for that check; they are compared by
their printed ink instead: only with registered cards of the same ink colour, shading (solid,
striped, empty), number of shapes and shape silhouette, wherever those could be measured; then
by the ink picture, aligned within a few pixels, which must beat every other such card's by a
margin (and the colour must be clearly its own). A face that passes neither is `unrecognised`,
never a guess.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import ImageError, to_bgr, to_gray
from cardscans.quads import FACE_SIZE, Quad, edge_contrast, find_card_quads, quad_contains, rectify
from cardscans.sighting import CardSighting

THUMB = (18, 24)
SHORTLIST = 3
MIN_CORRELATION = 0.55
MIN_INLIERS = 25  # after frame features are dropped: look-alikes reach ~27 but with < 50 % support
MAX_CORNER_SHIFT = 0.12  # of the face height: looser lets look-alike layouts through
MIN_SUPPORT = 0.6  # share of feature matches that agree: ~0.9 for the true card, < 0.45 for look-alikes
SHARED_BY = 0.05  # of the gallery's cards (at least 2): a feature that many others share is the frame's
MIN_EDGE_CONTRAST = 0.35  # cards' outlines measure 0.38-1.0, lit patches and shadows 0.1-0.3
VERIFY_SIZE = (FACE_SIZE[0] * 2, FACE_SIZE[1] * 2)

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


_POPCOUNT = np.array([bin(value).count("1") for value in range(256)], np.int32)
_NEAR_PX = 10
REFERENCE_CARDS = 15


def _without_shared(features: list[_Features]) -> list[_Features]:
    """Each card's features without those found, near the same place, on many other cards."""
    usable = [i for i, f in enumerate(features) if f.descriptors is not None and len(f.keypoints)]
    if len(usable) < 3:
        return list(features)
    points = np.concatenate([features[i].keypoints for i in usable])
    descriptors = np.concatenate([np.asarray(features[i].descriptors) for i in usable])
    owner = np.concatenate([np.full(len(features[i].keypoints), i) for i in usable])
    # pairs of features in the same or neighbouring 10-px cells (a grid instead of all N x N pairs),
    # against at most REFERENCE_CARDS cards: a frame feature is on every card, so a sample finds it
    references = set(usable[:: max(1, len(usable) // REFERENCE_CARDS)])
    cells = np.floor(points / _NEAR_PX).astype(np.int64)
    keys = cells[:, 0] * 100_000 + cells[:, 1]
    in_reference = np.flatnonzero(np.isin(owner, list(references)))
    order = in_reference[np.argsort(keys[in_reference])]
    sorted_keys = keys[order]
    firsts, seconds = [], []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            wanted = keys + dx * 100_000 + dy
            low = np.searchsorted(sorted_keys, wanted, side="left")
            high = np.searchsorted(sorted_keys, wanted, side="right")
            counts = high - low
            first = np.repeat(np.arange(len(keys)), counts)
            offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
            firsts.append(first)
            seconds.append(order[np.repeat(low, counts) + offsets])
    a, b = np.concatenate(firsts), np.concatenate(seconds)
    keep = owner[a] != owner[b]
    a, b = a[keep], b[keep]
    close = np.linalg.norm(points[a] - points[b], axis=1) < _NEAR_PX
    a, b = a[close], b[close]
    similar = _POPCOUNT[np.bitwise_xor(descriptors[a], descriptors[b])].sum(axis=1) < 48
    a, b = a[similar], b[similar]
    pairs = np.unique(a * len(features) + owner[b])  # each feature with each other card at most once
    shared = np.bincount(pairs // len(features), minlength=len(points))
    limit = max(2, SHARED_BY * len(references))
    result = list(features)
    start = 0
    for i in usable:
        count = len(features[i].keypoints)
        keep_mask = shared[start: start + count] < limit
        result[i] = _Features(features[i].keypoints[keep_mask], np.asarray(features[i].descriptors)[keep_mask])
        start += count
    return result


def _thumbnail(face_gray: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    h, w = face_gray.shape
    inner = face_gray[h // 20: h - h // 20, w // 20: w - w // 20]
    resized = cv2.resize(inner, THUMB, interpolation=cv2.INTER_AREA).astype(np.float32)
    small = np.asarray(cv2.GaussianBlur(resized, (3, 3), 0), dtype=np.float32).ravel()
    small -= small.mean()
    norm = float(np.linalg.norm(small))
    return np.asarray(small / norm if norm > 1e-6 else small, dtype=np.float32)


@dataclass
class _Features:
    keypoints: npt.NDArray[np.float32]
    descriptors: npt.NDArray[np.uint8] | None


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
class _Ink:
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


def _ink_colour(face_bgr: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32] | None:
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


def _ink(face: npt.NDArray[np.uint8], detail: npt.NDArray[np.uint8] | None = None) -> _Ink:
    """`detail`: the same face at DETAIL_SIZE or larger, for the shading inside the shapes."""
    colour = to_bgr(face)
    picture = _ink_share(colour, INK_SIZE).mean(axis=2)
    in_colour = face.ndim == 3
    shapes = _print_shapes(to_bgr(detail if detail is not None else face)) if in_colour else _Shapes()
    return _Ink(np.asarray(picture, dtype=np.float32), _ink_colour(colour) if in_colour else None, shapes)


def _ink_match(query: npt.NDArray[np.float32], registered: npt.NDArray[np.float32]) -> float:
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


def _clearly_same_kind(query: _Ink, registered: _Ink) -> bool:
    """Whether colour, shading, count and silhouette were all measured on both faces and agree,
    the silhouette well within its tolerances (near their edge it may be a blurred other shape)."""
    return (query.colour is not None and registered.colour is not None
            and _shading(query.shapes) is not None and _shading(registered.shapes) is not None
            and query.shapes.count > 0 and registered.shapes.count > 0 and _same_kind(query, registered)
            and _silhouette_distance(query.shapes, registered.shapes) <= CLEAR_SILHOUETTE)


def _same_kind(query: _Ink, registered: _Ink, by_shading: bool = True, by_silhouette: bool = True) -> bool:
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


def _fill_difference(query: _Ink, registered: _Ink) -> float:
    """How differently the two faces' shapes are shaded (0 when either could not be measured)."""
    if query.shapes.fill is None or registered.shapes.fill is None:
        return 0.0
    return abs(query.shapes.fill - registered.shapes.fill)


class GalleryError(ImageError):
    """A face gallery file that cannot be read or written; the message says what to do."""


MIN_FACE_PX = 16


def _shape_problem(catalogs: npt.NDArray[Any], cards: npt.NDArray[Any], faces: npt.NDArray[Any]) -> str:
    """What is wrong with a gallery file's arrays ("" when they are one list of faces)."""
    if catalogs.ndim != 1 or cards.ndim != 1 or any(len(a) and a.dtype.kind != "U" for a in (catalogs, cards)):
        return "the card names are not lists of text"
    if faces.ndim != 4 or faces.shape[3] != 3 or faces.dtype != np.uint8:
        return f"faces of shape {faces.shape} and type {faces.dtype}, not colour pictures"
    if not len(catalogs) == len(cards) == len(faces):
        return f"{len(catalogs)} catalogs, {len(cards)} card ids and {len(faces)} faces"
    if len(faces) and min(faces.shape[1:3]) < MIN_FACE_PX:
        return f"faces of {faces.shape[2]}x{faces.shape[1]} pixels"
    return ""


@dataclass
class FaceGallery:
    """Registered faces keyed by (catalog, card id)."""

    keys: list[tuple[str, str]] = field(default_factory=list)
    faces: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    _thumbs: npt.NDArray[np.float32] = field(default_factory=lambda: np.zeros((0, THUMB[0] * THUMB[1]), np.float32))
    _features: list[_Features] = field(default_factory=list)
    _inks: list[_Ink] = field(default_factory=list)
    _details: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    _distinctive: list[_Features] | None = None
    _orb: cv2.ORB = field(default_factory=lambda: cv2.ORB_create(nfeatures=300, fastThreshold=10))  # type: ignore[attr-defined]
    _matcher: cv2.BFMatcher = field(default_factory=lambda: cv2.BFMatcher(cv2.NORM_HAMMING, crossCheck=True))

    def __len__(self) -> int:
        return len(self.keys)

    def register_face(self, catalog: str, card_id: str, face: npt.NDArray[np.uint8]) -> None:
        """Registers an upright picture of the whole face (a catalog image or a scan). Kept at
        FACE_SIZE for the shortlist and features, and at DETAIL_SIZE (what is saved) for the
        shading inside printed shapes."""
        colour = to_bgr(face)
        upright = np.asarray(cv2.resize(colour, FACE_SIZE, interpolation=cv2.INTER_AREA), dtype=np.uint8)
        detail = np.asarray(cv2.resize(colour, DETAIL_SIZE, interpolation=cv2.INTER_AREA), dtype=np.uint8)
        key = (catalog, card_id)
        if key in self.keys:
            index = self.keys.index(key)
            self.faces[index] = upright
            self._details[index] = detail
            self._thumbs[index] = _thumbnail(to_gray(upright))
            self._features[index] = self._describe(to_gray(upright))
            self._inks[index] = _ink(upright, detail)
            self._distinctive = None
            return
        self.keys.append(key)
        self.faces.append(upright)
        self._details.append(detail)
        self._thumbs = np.vstack([self._thumbs, _thumbnail(to_gray(upright))[None, :]])
        self._features.append(self._describe(to_gray(upright)))
        self._inks.append(_ink(upright, detail))
        self._distinctive = None

    def register_photo(self, catalog: str, card_id: str, photo: npt.NDArray[np.uint8]) -> None:
        """Registers a card from a photo of it lying upright on the table (the largest outline)."""
        quads = find_card_quads(to_gray(photo))
        if not quads:
            raise ImageError("no card outline found: photograph the card alone, upright, on a darker table")
        self.register_face(catalog, card_id, rectify(to_bgr(photo), quads[0], DETAIL_SIZE))

    def _describe(self, face_gray: npt.NDArray[np.uint8]) -> _Features:
        big = cv2.resize(face_gray, VERIFY_SIZE, interpolation=cv2.INTER_LINEAR)
        keypoints, descriptors = self._orb.detectAndCompute(big, None)
        points = np.array([k.pt for k in keypoints], np.float32).reshape(-1, 2)
        return _Features(points, None if descriptors is None else np.asarray(descriptors, dtype=np.uint8))

    def save(self, path: str | Path) -> None:
        """Writes a temporary file beside `path`, then replaces it: an interrupted save leaves the
        gallery as it was, never half a file."""
        target = Path(path)
        catalogs = np.array([k[0] for k in self.keys], dtype=str)
        cards = np.array([k[1] for k in self.keys], dtype=str)
        # the detailed faces: loading one resizes it to FACE_SIZE too (older files hold FACE_SIZE faces)
        faces = np.stack(self._details) if self._details else np.zeros((0, DETAIL_SIZE[1], DETAIL_SIZE[0], 3),
                                                                         np.uint8)
        temporary: Path | None = None
        try:
            with tempfile.NamedTemporaryFile(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp",
                                             delete=False) as handle:
                temporary = Path(handle.name)
                np.savez_compressed(handle, catalogs=catalogs, cards=cards, faces=faces)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
        except OSError as error:
            raise GalleryError(f"{target}: cannot save the face gallery ({error.strerror or error}); "
                               "choose a folder that exists and can be written") from None
        finally:
            if temporary is not None and temporary.exists():
                temporary.unlink()

    @classmethod
    def load(cls, path: str | Path) -> FaceGallery:
        file = Path(path)
        unusable = f"{file}: not a usable Shinpan face gallery"
        again = "register the cards again into a new gallery file"
        try:
            with np.load(file, allow_pickle=False) as data:
                catalogs, cards, faces = data["catalogs"], data["cards"], data["faces"]
        except FileNotFoundError:
            raise GalleryError(f"{file}: no such face gallery; register a card into it first") from None
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error) as error:
            raise GalleryError(f"{unusable} ({error}); {again}") from None
        problem = _shape_problem(catalogs, cards, faces)
        if problem:
            raise GalleryError(f"{unusable} ({problem}); {again}")
        gallery = cls()
        for catalog, card, face in zip(catalogs, cards, faces, strict=True):
            gallery.register_face(str(catalog), str(card), face)
        return gallery

    def shortlist(self, face_gray: npt.NDArray[np.uint8]) -> list[tuple[float, int, int]]:
        """(correlation, gallery index, turns of 180 degrees) of the best few candidates."""
        if not self.keys:
            return []
        upright = _thumbnail(face_gray)
        flipped = _thumbnail(np.ascontiguousarray(face_gray[::-1, ::-1]))
        scores = np.stack([self._thumbs @ upright, self._thumbs @ flipped])  # 2 x N
        order = np.argsort(scores.ravel())[::-1][:SHORTLIST]
        return [(float(scores.ravel()[i]), int(i % len(self.keys)), int(i // len(self.keys))) for i in order]

    def distinctive(self, index: int) -> _Features:
        """The card's features minus those its frame shares with other cards of the gallery.

        Cards of one game share a printed frame (border, title box, cost circle); features there
        match any card of the game at the right place and would vouch for a look-alike. A feature
        is common when enough other cards (SHARED_BY, at least 2) have a similar one (Hamming
        distance < 48) within 10 px.
        """
        if self._distinctive is None:
            self._distinctive = _without_shared(self._features)
        return self._distinctive[index]

    def verify(self, face_gray: npt.NDArray[np.uint8], index: int, mine: _Features | None = None) -> float:
        """Share of matched features consistent with a near-identity homography (0 = no support).
        `mine`: the face's features when already described (one face, several candidates)."""
        mine = self._describe(face_gray) if mine is None else mine
        theirs = self.distinctive(index)
        if mine.descriptors is None or theirs.descriptors is None:
            return 0.0
        matches = self._matcher.match(mine.descriptors, theirs.descriptors)
        if len(matches) < MIN_INLIERS:
            return 0.0
        source = mine.keypoints[[m.queryIdx for m in matches]]
        target = theirs.keypoints[[m.trainIdx for m in matches]]
        homography, inliers = cv2.findHomography(source, target, cv2.RANSAC, 6.0)
        if homography is None or inliers is None or int(inliers.sum()) < MIN_INLIERS:
            return 0.0
        w, h = VERIFY_SIZE
        corners = np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float32)
        moved = cv2.perspectiveTransform(corners, homography)
        if float(np.abs(moved - corners).max()) > MAX_CORNER_SHIFT * h:
            return 0.0
        support = float(inliers.sum()) / len(matches)
        return support if support >= MIN_SUPPORT else 0.0

    def identify(self, image: npt.NDArray[np.uint8], quad: Quad) -> tuple[int, float] | None:
        """The gallery index and confidence of the card in `quad`, or None when not recognised.
        `image` in colour lets plain faces be told apart by their ink's colour too."""
        detail = rectify(image, quad, DETAIL_SIZE)  # one warp; the shortlist's face is its reduction
        colour_face = np.asarray(cv2.resize(detail, FACE_SIZE, interpolation=cv2.INTER_AREA), dtype=np.uint8)
        face = to_gray(colour_face)
        described: dict[int, _Features] = {}  # ORB once per way up, not once per candidate
        for correlation, index, turns in self.shortlist(face):
            if correlation < MIN_CORRELATION:
                break
            candidate = np.ascontiguousarray(face[::-1, ::-1]) if turns else face
            if turns not in described:
                described[turns] = self._describe(candidate)
            support = self.verify(candidate, index, described[turns])
            if support > 0 and self._same_colour(colour_face, index):
                return index, min(1.0, 0.5 * correlation + 0.5 * support + 0.2)
        return self.match_ink(colour_face, detail)

    def match_ink(self, face: npt.NDArray[np.uint8],
                  detail: npt.NDArray[np.uint8] | None = None) -> tuple[int, float] | None:
        """The registered card whose printed ink matches the face's (either way up), for faces too
        plain for feature matching: same ink colour (when both have one), then the ink picture's
        correlation >= MIN_INK_MATCH and INK_MARGIN above any other registered card's."""
        if not self.keys:
            return None
        query = _ink(face, detail)
        turned = np.ascontiguousarray(query.picture[::-1, ::-1])
        # Cards told apart from the face by one cue alone, its shading or its shapes' silhouette,
        # stay rivals: the one named must beat them by the margin too. A cue measured wrong (faint
        # stripes read as empty on a second camera's photo; a blurred solid squiggle's silhouette
        # measured oval-like) then leaves the face unnamed instead of naming its look-alike.
        rivals = np.array([_same_kind(query, ink, by_shading=False) for ink in self._inks])
        gray = to_gray(face)
        by_thumbnail = np.maximum(self._thumbs @ _thumbnail(gray),
                                  self._thumbs @ _thumbnail(np.ascontiguousarray(gray[::-1, ::-1])))
        candidates = [int(i) for i in np.argsort(np.where(rivals, by_thumbnail, -np.inf))[::-1][:INK_SHORTLIST]
                      if rivals[i]]
        # the silhouette's look-alikes (same colour, shading and count: a few cards) are all compared
        candidates += [i for i, ink in enumerate(self._inks)
                       if not rivals[i] and _same_kind(query, ink, by_silhouette=False)]
        scores = sorted(((max(_ink_match(query.picture, self._inks[i].picture),
                              _ink_match(turned, self._inks[i].picture))
                          - FILL_WEIGHT * _fill_difference(query, self._inks[i]), i) for i in candidates), reverse=True)
        allowed = [(score, i) for score, i in scores if _same_kind(query, self._inks[i])]
        if not allowed:
            return None
        best, index = allowed[0]
        runner_up = max((score for score, i in allowed[1:]), default=0.0)
        by_one_cue_only = max((score for score, i in scores if not _same_kind(query, self._inks[i])), default=0.0)
        least = MIN_CLEAR_INK_MATCH if _clearly_same_kind(query, self._inks[index]) else MIN_INK_MATCH
        if best < least or best - runner_up < INK_MARGIN or best - by_one_cue_only < CUE_MARGIN \
                or not self._clearly_its_colour(query, index):
            return None
        return index, min(1.0, best)

    def _same_colour(self, face: npt.NDArray[np.uint8], index: int) -> bool:
        """Whether the face's ink colour agrees with the registered card's (either unknown: yes).
        Features match the layout of the print, not its colour: two green diamonds under a warm
        lamp matched the features of two purple ones."""
        mine = self._inks[index].colour
        if mine is None or face.ndim != 3:
            return True
        theirs = _ink_colour(to_bgr(face))
        return theirs is None or float(theirs @ mine) >= MIN_COLOUR_COSINE

    def _clearly_its_colour(self, query: _Ink, index: int) -> bool:
        """Whether the face's ink is clearly nearer the registered card's colour than any other
        registered colour: under a warm lamp purple ink leans towards red (cosine 0.86 to its own
        registered purple, 0.92 to red), where a threshold alone would name the red card. Rivals
        are registered colours further than RIVAL_COLOUR_COSINE from the card's; the margin over
        one is COLOUR_MARGIN, or COLOUR_MARGIN_SHARE of the two registered colours' distance where
        that is less."""
        mine = self._inks[index].colour
        if query.colour is None or mine is None:
            return True
        own = float(query.colour @ mine)
        for ink in self._inks:
            if ink.colour is None or float(mine @ ink.colour) >= RIVAL_COLOUR_COSINE:
                continue
            apart = 1.0 - float(mine @ ink.colour)
            if own - float(query.colour @ ink.colour) < min(COLOUR_MARGIN, COLOUR_MARGIN_SHARE * apart):
                return False
        return True

    def sighting(self, image: npt.NDArray[np.uint8], quad: Quad) -> CardSighting | None:
        """The registered card in `quad` (of a colour or grey frame) as a sighting, or None."""
        found = self.identify(image, quad)
        if found is None:
            return None
        index, confidence = found
        catalog, card_id = self.keys[index]
        polygon = tuple((float(x), float(y)) for x, y in quad)
        return CardSighting("card", "photo", polygon, confidence, catalog=catalog, card_id=card_id)

    def find(self, image: npt.NDArray[np.uint8], quads: list[Quad] | None = None) -> list[CardSighting]:
        """Cards in a frame: recognised ones, and `unrecognised` outlines not inside a recognised card."""
        gray = to_gray(image)
        outlines = find_card_quads(gray) if quads is None else quads
        return read_outlines(outlines, lambda quad: self.sighting(image, quad), gray)


def read_outlines(outlines: list[Quad], identify: Callable[[Quad], CardSighting | None],
                  gray: npt.NDArray[np.uint8]) -> list[CardSighting]:
    """Each card outline named by `identify` (outermost first; one inside a card already named is
    part of its print), then the outlines nobody named as `unrecognised`. `identify` may answer an
    `unrecognised` sighting to say why it named nothing (the playing-card reader does): that
    reason is kept instead of the generic one."""
    found: list[CardSighting] = []
    unknown: list[Quad] = []
    reasons: list[str] = []
    for quad in outlines:
        centre = (float(quad[:, 0].mean()), float(quad[:, 1].mean()))
        if any(quad_contains(np.array(s.polygon, np.float32), centre) for s in found):
            continue
        sighting = identify(quad)
        if sighting is None or sighting.kind == "unrecognised":
            unknown.append(quad)
            reasons.append(sighting.reason if sighting is not None and sighting.reason else NO_MATCH)
        else:
            found.append(sighting)
    return found + unrecognised_outlines(unknown, found, gray, reasons)


NO_MATCH = "no registered card matches"


def unrecognised_outlines(unknown: list[Quad], recognised: list[CardSighting],
                          gray: npt.NDArray[np.uint8] | None = None,
                          reasons: list[str] | None = None) -> list[CardSighting]:
    """Outlines that are no recognised card, outermost only, not around a recognised card, and
    (given the frame) with a sharp edge most of the way round: a lit patch of table is no card.
    `reasons` (one per outline) say why each was not recognised."""
    found: list[CardSighting] = []
    kept: list[Quad] = []
    for index, quad in enumerate(unknown):
        if gray is not None and edge_contrast(gray, quad) < MIN_EDGE_CONTRAST:
            continue
        centre = (float(quad[:, 0].mean()), float(quad[:, 1].mean()))
        if any(quad_contains(other, centre) for other in kept):
            continue
        around = any(quad_contains(quad, s.centre) for s in recognised)
        inside = any(quad_contains(np.array(s.polygon, np.float32), centre) for s in recognised)
        if around or inside:
            continue
        kept.append(quad)
        polygon = tuple((float(x), float(y)) for x, y in quad)
        reason = reasons[index] if reasons is not None else NO_MATCH
        found.append(CardSighting("unrecognised", "photo", polygon, 0.0, reason=reason))
    return found
