"""Recognising untagged cards by their face: register, then find, rectify, shortlist, verify.

Registering keeps the card's upright face at 126 x 176 px. Finding a card: its outline
(cardscans.quads), the face rectified both ways up, a shortlist by normalised correlation of
small blurred thumbnails, then a geometric check: ORB features of the face matched to the
candidate's, with a RANSAC homography that must be close to the identity (both faces are
upright and the same size), and whose ink colour must agree. Plain faces (a few printed shapes
on white, as real decks often are) give too few features for that check; they are compared by
their printed ink instead (measured by cardscans.face_ink): only with registered cards of the same
ink colour, shading (solid, striped, empty), number of shapes and shape silhouette, wherever those
could be measured; then by the ink picture, aligned within a few pixels, which must beat every
other such card's by a margin (and the colour must be clearly its own). A face that passes neither
is `unrecognised`, never a guess.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.face_ink import (
    COLOUR_MARGIN,
    COLOUR_MARGIN_SHARE,
    CUE_MARGIN,
    DETAIL_SIZE,
    FILL_WEIGHT,
    INK_MARGIN,
    INK_SHORTLIST,
    MIN_CLEAR_INK_MATCH,
    MIN_COLOUR_COSINE,
    MIN_INK_MATCH,
    RIVAL_COLOUR_COSINE,
    Ink,
    clearly_same_kind,
    face_ink,
    fill_difference,
    ink_colour,
    ink_match,
    same_kind,
)
from cardscans.imageio import ImageError, to_bgr, to_gray
from cardscans.outline_reading import read_outlines
from cardscans.quads import FACE_SIZE, Quad, find_card_quads, rectify
from cardscans.sighting import CardSighting

THUMB = (18, 24)
SHORTLIST = 3
MIN_CORRELATION = 0.55
MIN_INLIERS = 25  # after frame features are dropped: look-alikes reach ~27 but with < 50 % support
MAX_CORNER_SHIFT = 0.12  # of the face height: looser lets look-alike layouts through
MIN_SUPPORT = 0.6  # share of feature matches that agree: ~0.9 for the true card, < 0.45 for look-alikes
SHARED_BY = 0.05  # of the gallery's cards (at least 2): a feature that many others share is the frame's
VERIFY_SIZE = (FACE_SIZE[0] * 2, FACE_SIZE[1] * 2)

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
    _inks: list[Ink] = field(default_factory=list)
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
            self._inks[index] = face_ink(upright, detail)
            self._distinctive = None
            return
        self.keys.append(key)
        self.faces.append(upright)
        self._details.append(detail)
        self._thumbs = np.vstack([self._thumbs, _thumbnail(to_gray(upright))[None, :]])
        self._features.append(self._describe(to_gray(upright)))
        self._inks.append(face_ink(upright, detail))
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
        query = face_ink(face, detail)
        turned = np.ascontiguousarray(query.picture[::-1, ::-1])
        # Cards told apart from the face by one cue alone, its shading or its shapes' silhouette,
        # stay rivals: the one named must beat them by the margin too. A cue measured wrong (faint
        # stripes read as empty on a second camera's photo; a blurred solid squiggle's silhouette
        # measured oval-like) then leaves the face unnamed instead of naming its look-alike.
        rivals = np.array([same_kind(query, ink, by_shading=False) for ink in self._inks])
        gray = to_gray(face)
        by_thumbnail = np.maximum(self._thumbs @ _thumbnail(gray),
                                  self._thumbs @ _thumbnail(np.ascontiguousarray(gray[::-1, ::-1])))
        candidates = [int(i) for i in np.argsort(np.where(rivals, by_thumbnail, -np.inf))[::-1][:INK_SHORTLIST]
                      if rivals[i]]
        # the silhouette's look-alikes (same colour, shading and count: a few cards) are all compared
        candidates += [i for i, ink in enumerate(self._inks)
                       if not rivals[i] and same_kind(query, ink, by_silhouette=False)]
        scores = sorted(((max(ink_match(query.picture, self._inks[i].picture),
                              ink_match(turned, self._inks[i].picture))
                          - FILL_WEIGHT * fill_difference(query, self._inks[i]), i) for i in candidates), reverse=True)
        allowed = [(score, i) for score, i in scores if same_kind(query, self._inks[i])]
        if not allowed:
            return None
        best, index = allowed[0]
        runner_up = max((score for score, i in allowed[1:]), default=0.0)
        by_one_cue_only = max((score for score, i in scores if not same_kind(query, self._inks[i])), default=0.0)
        least = MIN_CLEAR_INK_MATCH if clearly_same_kind(query, self._inks[index]) else MIN_INK_MATCH
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
        theirs = ink_colour(to_bgr(face))
        return theirs is None or float(theirs @ mine) >= MIN_COLOUR_COSINE

    def _clearly_its_colour(self, query: Ink, index: int) -> bool:
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
