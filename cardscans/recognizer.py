"""Recognising untagged cards by their face: register, then find, rectify, shortlist, verify.

Registering keeps the card's upright face at 126 x 176 px. Finding a card: its outline
(cardscans.quads), the face rectified both ways up, a shortlist by normalised correlation of
small blurred thumbnails, then a geometric check: ORB features of the face matched to the
candidate's, with a RANSAC homography that must be close to the identity (both faces are
upright and the same size). Plain faces (a few printed shapes on white, as real decks often
are) give too few features for that check; they are compared by their printed ink instead:
its colour, then its picture, aligned within a few pixels, which must beat every other
registered card's by a margin. A face that passes neither is `unrecognised`, never a guess.
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
INK_SHORTLIST = 6  # candidates of the right colour, by thumbnail, compared in full
MIN_INK_MATCH = 0.85  # after the fill penalty: same card 0.7-0.98 between phone photos
INK_MARGIN = 0.08  # over the next registered card of that colour: with 0.85, keeps wrong names at 0
MIN_COLOUR_COSINE = 0.9  # same ink colour >= 0.95; red and purple ~0.7, green and purple ~0.2
STRONG_INK = 0.3  # share of the paper's light a pixel's ink takes to count as printed
MIN_COLOURED_PIXELS = 40  # fewer inked pixels: too little print to tell its colour
# The shading inside each printed shape (solid, striped, empty): its ink over the outline's. At
# FACE_SIZE a striped shape's faint tint is lost in the outline's blur, so it is measured on a face
# warped at twice that size from the frame itself (cards in a phone photo are ~200 x 290 px).
DETAIL_SIZE = (FACE_SIZE[0] * 2, FACE_SIZE[1] * 2)
FILL_EROSION = 0.06  # of the face width: keeps the blurred outline out of the shape's inside
MIN_SHAPE_AREA = 0.01  # of the face: smaller blobs are specks, not printed shapes
FILL_WEIGHT = 0.5  # ink correlation lost per unit of fill difference (striped vs empty ~0.2: 0.1)


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
class _Ink:
    """A face's print, lighting divided out: the grey ink picture and its colour (None: grey or
    too little ink to tell)."""

    picture: npt.NDArray[np.float32]
    colour: npt.NDArray[np.float32] | None
    fill: float | None = None


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


def _ink_fill(face_bgr: npt.NDArray[np.uint8]) -> float | None:
    """How filled the printed shapes are: the ink inside them over their outline's, each above the
    paper just around the shapes (0 = empty, ~0.1-0.3 striped, 1 = solid); None without shapes.
    The paper ring cancels what the lighting leaves of the paper's tint after `_ink_share`."""
    share = _ink_share(face_bgr, DETAIL_SIZE).max(axis=2)
    h, w = share.shape
    strong = (share > STRONG_INK).astype(np.uint8)
    border = np.zeros_like(strong)
    border[h // 12: h - h // 12, w // 12: w - w // 12] = 1  # no table past the rounded corners
    strong &= border
    contours, _ = cv2.findContours(strong, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    shapes = [c for c in contours if cv2.contourArea(c) > MIN_SHAPE_AREA * h * w]
    if not shapes:
        return None
    mask = np.zeros_like(strong)
    cv2.drawContours(mask, shapes, -1, 1, -1)
    size = max(3, int(w * FILL_EROSION)) | 1
    element = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    inside = cv2.erode(mask, element) > 0
    grown = cv2.dilate(mask, element)
    paper = (cv2.dilate(grown, element) > 0) & (grown == 0) & (border > 0)
    outline = (mask > 0) & ~inside & (strong > 0)
    if inside.sum() < 10 or outline.sum() < 10 or paper.sum() < 10:
        return None
    base = float(np.median(share[paper]))
    full = float(np.percentile(share[outline], 90)) - base
    return float(share[inside].mean() - base) / full if full > 0.05 else None


def _ink(face: npt.NDArray[np.uint8], detail: npt.NDArray[np.uint8] | None = None) -> _Ink:
    """`detail`: the same face at DETAIL_SIZE or larger, for the shading inside the shapes."""
    colour = to_bgr(face)
    picture = _ink_share(colour, INK_SIZE).mean(axis=2)
    in_colour = face.ndim == 3
    fill = _ink_fill(to_bgr(detail if detail is not None else face)) if in_colour else None
    return _Ink(np.asarray(picture, dtype=np.float32), _ink_colour(colour) if in_colour else None, fill)


def _ink_match(query: npt.NDArray[np.float32], registered: npt.NDArray[np.float32]) -> float:
    """Best normalised correlation of the query's inner picture over the registered one, shifted
    by up to INK_SHIFT pixels each way (outlines found on photos are a little off)."""
    margin = INK_SHIFT
    template = query[margin: -margin, margin: -margin]
    if float(template.std()) < 1e-3 or float(registered.std()) < 1e-3:
        return 0.0  # a blank face matches nothing: correlation of a flat picture is noise
    return float(cv2.matchTemplate(registered, template, cv2.TM_CCOEFF_NORMED).max())


def _fill_difference(query: _Ink, registered: _Ink) -> float:
    """How differently the two faces' shapes are shaded (0 when either could not be measured)."""
    if query.fill is None or registered.fill is None:
        return 0.0
    return abs(query.fill - registered.fill)


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
            if support > 0:
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
        allowed = np.array([query.colour is None or ink.colour is None
                            or float(query.colour @ ink.colour) >= MIN_COLOUR_COSINE for ink in self._inks])
        gray = to_gray(face)
        by_thumbnail = np.maximum(self._thumbs @ _thumbnail(gray),
                                  self._thumbs @ _thumbnail(np.ascontiguousarray(gray[::-1, ::-1])))
        candidates = [int(i) for i in np.argsort(np.where(allowed, by_thumbnail, -np.inf))[::-1][:INK_SHORTLIST]
                      if allowed[i]]
        if not candidates:
            return None
        scores = sorted(((max(_ink_match(query.picture, self._inks[i].picture),
                              _ink_match(turned, self._inks[i].picture))
                          - FILL_WEIGHT * _fill_difference(query, self._inks[i]), i) for i in candidates), reverse=True)
        best, index = scores[0]
        runner_up = scores[1][0] if len(scores) > 1 else 0.0
        if best < MIN_INK_MATCH or best - runner_up < INK_MARGIN:
            return None
        return index, min(1.0, best)

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
