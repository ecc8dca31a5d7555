"""Finding card outlines in a frame and rectifying them to an upright face.

Cards are light rectangles about 63 x 88 mm; seen at an angle they are convex quadrilaterals whose
side ratio is 0.72 from above and anything from 0.3 to 1 from a low camera. Outlines come from
edges (Canny) and from a global threshold, found on a frame reduced to DETECT_WIDTH pixels, which
is plenty for a card of an eighth of the frame's short side.
"""

from __future__ import annotations

import functools
import itertools

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import Gray

CARD_RATIO = 63 / 88
FACE_SIZE = (126, 176)  # width, height of a rectified face: 2 px per mm
DETECT_WIDTH = 640
# of the frame's short side (a portrait frame's height would ask more of the same cards than a
# landscape one's): smaller outlines are clutter, not cards at the table
MIN_SIZE_FRACTION = 0.12
# short over long side as seen: a card far from a low camera looks as thin as 0.37 (rdpong
# 3cards_extreme's ten of hearts); thinner outlines are a pen, a ruler, a table's edge
MIN_SEEN_RATIO = 0.3
Quad = npt.NDArray[np.float32]  # 4 x 2, clockwise from the top-left corner of the upright card


def order_corners(points: npt.NDArray[np.float32]) -> Quad:
    """Clockwise from the top-left as seen; then turned so the first edge is a short (top) edge."""
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    clockwise = points[np.argsort(angles)]
    start = int(np.argmin(clockwise.sum(axis=1)))
    quad = np.roll(clockwise, -start, axis=0)
    top = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    side = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    if top > side:  # lying sideways: start from the corner that makes the card upright
        quad = np.roll(quad, -1, axis=0)
    return np.asarray(quad, dtype=np.float32)


def _card_like(quad: Quad, frame_height: int, frame_width: int) -> bool:
    short_side = min(frame_height, frame_width)
    if _side_on_frame_edge(quad, frame_height, frame_width, 0.01 * short_side):
        return False  # cut by the frame's edge: the outline is the frame's, not the card's
    sides = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    short = (sides[0] + sides[2]) / 2
    long = (sides[1] + sides[3]) / 2
    if long < MIN_SIZE_FRACTION * short_side or short <= 0:
        return False
    opposite_balance = min(sides[0], sides[2]) / max(sides[0], sides[2]), min(sides[1], sides[3]) / max(
        sides[1], sides[3]
    )
    # no upper bound on short / long: a card whose long side points away from a low camera is
    # foreshortened to a square or past it (order_corners then calls its long side the top)
    return short / long >= MIN_SEEN_RATIO and min(opposite_balance) > 0.6


def _side_on_frame_edge(quad: Quad, frame_height: int, frame_width: int, margin: float) -> bool:
    """Whether two neighbouring corners lie on one edge of the frame: that side is the frame's.
    One corner alone at the edge is a card lying close to it, still whole."""
    beyond = (quad[:, 0] < margin, quad[:, 1] < margin,
              quad[:, 0] > frame_width - margin, quad[:, 1] > frame_height - margin)
    return any(bool(on_edge[i] and on_edge[(i + 1) % 4]) for on_edge in beyond for i in range(4))


def _quads_from_mask(mask: Gray) -> list[Quad]:
    frame_height, frame_width = mask.shape[:2]
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    min_area = (MIN_SIZE_FRACTION * min(frame_height, frame_width)) ** 2 * MIN_SEEN_RATIO
    for contour in contours:
        area = float(cv2.contourArea(contour))
        if area < min_area:
            continue
        hull = cv2.convexHull(contour)
        perimeter = cv2.arcLength(hull, True)
        approx = cv2.approxPolyDP(hull, 0.02 * perimeter, True).reshape(-1, 2).astype(np.float32)
        candidates = []
        if len(approx) == 4:
            candidates.append(approx)
        else:
            # Something touches the card (a pen, a coin): its corners are still 4 of the outline's
            # vertices, the 4 that enclose most of the outline without covering empty table.
            outline = cv2.approxPolyDP(contour, 0.015 * perimeter, True).reshape(-1, 2).astype(np.float32)
            best = _largest_quad(outline, area)
            if best is not None:
                candidates.append(best)
        for corners in candidates:
            quad = order_corners(corners)
            if _card_like(quad, frame_height, frame_width):
                found.append(quad)
    return found


@functools.lru_cache(maxsize=32)
def _combinations(count: int) -> npt.NDArray[np.intp]:
    return np.array(list(itertools.combinations(range(count), 4)), dtype=np.intp)


def _largest_quad(points: npt.NDArray[np.float32], outline_area: float) -> npt.NDArray[np.float32] | None:
    """The 4 vertices (in outline order) enclosing the most area, yet no more than the outline
    itself plus 4 %; None when no such quad covers 85 % of the outline (it is no card-with-clutter)."""
    if not 4 < len(points) <= 16:
        return None
    chosen = points[_combinations(len(points))]  # m x 4 x 2
    x, y = chosen[:, :, 0], chosen[:, :, 1]
    areas = 0.5 * np.abs((x * np.roll(y, -1, axis=1) - np.roll(x, -1, axis=1) * y).sum(axis=1))
    areas[areas > 1.04 * outline_area] = 0.0
    best = int(np.argmax(areas))
    if areas[best] < 0.85 * outline_area:
        return None
    return np.asarray(chosen[best], dtype=np.float32)


def _area(quad: Quad) -> float:
    return float(cv2.contourArea(quad.reshape(-1, 1, 2)))


def _inside(point: npt.NDArray[np.float32], quad: Quad) -> bool:
    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2), (float(point[0]), float(point[1])), False) >= 0


def _same_outline(quad: Quad, other: Quad) -> bool:
    size = float(np.linalg.norm(other[2] - other[0]))
    return float(np.abs(quad - other).max()) < 0.025 * size


def quad_contains(outer: Quad, point: tuple[float, float]) -> bool:
    return _inside(np.array(point, np.float32), outer)


def find_card_quads(gray: Gray) -> list[Quad]:
    """Card-shaped outlines, largest first, without near-duplicates. Nested outlines are kept
    (a card's printed frame, or a card inside a lit patch of table): the recogniser decides."""
    scale = min(1.0, DETECT_WIDTH / gray.shape[1])
    small = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (5, 5), 0)
    median = _median_u8(np.asarray(small, dtype=np.uint8))
    canny = cv2.Canny(small, max(10.0, 0.5 * median), max(30.0, 1.2 * median))
    edges = np.asarray(cv2.dilate(canny, np.ones((3, 3), np.uint8)), dtype=np.uint8)
    bright = np.asarray(cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1], dtype=np.uint8)
    candidates = _quads_from_mask(edges) + _quads_from_mask(bright)
    candidates.sort(key=_area, reverse=True)
    kept: list[Quad] = []
    for quad in candidates:
        if any(_same_outline(quad, other) for other in kept):
            continue
        kept.append(quad)
    return [np.asarray(quad / scale, dtype=np.float32) for quad in kept]


def _median_u8(image: Gray) -> float:
    """np.median of an 8-bit image, by counting its 256 levels (a sort of every pixel is slower
    than Canny itself on a textured cloth)."""
    counts = np.cumsum(np.bincount(image.ravel(), minlength=256))
    total = int(counts[-1])
    low = int(np.searchsorted(counts, (total - 1) // 2 + 1))
    high = int(np.searchsorted(counts, total // 2 + 1))
    return (low + high) / 2


def rectify(image: npt.NDArray[np.uint8], quad: Quad, size: tuple[int, int] = FACE_SIZE) -> npt.NDArray[np.uint8]:
    """The card's face, upright (or upside down: callers try both), at `size` (width, height)."""
    width, height = size
    target = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    return np.asarray(cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_AREA), dtype=np.uint8)


def edge_contrast(gray: Gray, quad: Quad, samples: int = 64, offset: float = 3.0) -> float:
    """Share of points along the outline where inside and outside differ by more than 12 grey
    levels: a card's edge is sharp all round; a patch of light on the table fades out."""
    centre = quad.mean(axis=0)
    strong = 0
    total = 0
    height, width = gray.shape[:2]
    for i in range(4):
        start, end = quad[i], quad[(i + 1) % 4]
        direction = end - start
        length = float(np.linalg.norm(direction))
        if length < 1:
            continue
        normal = np.array([-direction[1], direction[0]], np.float32) / length
        if float(np.dot(centre - start, normal)) < 0:
            normal = -normal  # pointing inwards
        for t in np.linspace(0.1, 0.9, samples // 4):
            point = start + direction * t
            inside = point + normal * offset
            outside = point - normal * offset
            xi, yi = int(inside[0]), int(inside[1])
            xo, yo = int(outside[0]), int(outside[1])
            if not (0 <= xi < width and 0 <= yi < height and 0 <= xo < width and 0 <= yo < height):
                continue
            total += 1
            strong += abs(int(gray[yi, xi]) - int(gray[yo, xo])) > 12
    return strong / total if total else 0.0
