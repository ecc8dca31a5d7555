"""Finding card outlines in a frame and rectifying them to an upright face.

Cards are light rectangles about 63 x 88 mm; seen at an angle they are convex quadrilaterals whose
side ratio is 0.72 from above and anything from 0.3 to 1 from a low camera. Outlines come from
edges (Canny) and from a global threshold, found on a frame whose shorter side is reduced to
DETECT_SIDE pixels, which is plenty for a card of an eighth of the frame's short side (the global
threshold also opened, so that a cloth's thin light lines no longer join cards). A card's
corners are where its sides' lines meet: across rounded corners, and past the frame's edge for a
card with a corner out of view; a card running out of view over one side is carried on to a card's
proportions.
A frame where nothing is found, or whose table is light, is searched again with low thresholds (a
white card on a pale table).
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import Gray

CARD_RATIO = 63 / 88
FACE_SIZE = (126, 176)  # width, height of a rectified face: 2 px per mm
# the shorter side of the frame outlines and index spots are found in (`detect_scale`), so that a
# landscape frame's cards are looked for at a portrait one's detail (reduced by its width, a
# 960 x 720 frame was searched at 640 x 480: rf100 tune scenes 633 -> 656 named, every other tune set alike)
DETECT_SIDE = 640
# of the frame's short side (a portrait frame's height would ask more of the same cards than a
# landscape one's): smaller outlines are clutter, not cards at the table
MIN_SIZE_FRACTION = 0.12
# short over long side as seen: a card far from a low camera looks as thin as 0.37 (rdpong
# 3cards_extreme's ten of hearts); thinner outlines are a pen, a ruler, a table's edge
MIN_SEEN_RATIO = 0.3
# Rounded corners (jacky's deck: a radius of a tenth of the card's width). Approximated at 2 % of
# its perimeter, such an outline shows 4 sides and 1-2 edges across each corner (jacky-scenes: 5-8
# vertices); more vertices is clutter around a card, not rounding; one cut corner alone is as likely
# a disc touching a card's corner (tests/cardscans/test_recognition.py).
MAX_ROUNDED_VERTICES = 12
MIN_ROUNDED_VERTICES = 6
# the 4 sides are most of the perimeter (jacky-scenes' cards: 64-97 %); clutter's longest edges are not
MIN_LONG_SIDES_SHARE = 0.6
# where two sides' lines meet lies near the outline's nearest vertex: 0-0.23 of the shorter side on
# the tune scenes (rdpong, jacky); a covered corner's is 0.35-0.7 away
MAX_CORNER_REACH = 0.25
# of the perimeter: fine enough that a corner's arc shows as a vertex or two of its own (the 2 %
# approximation may put all 4 vertices on the arcs, askew)
ROUNDING_EPSILON = 0.007
# A rounded outline that no 4 of its vertices fitted (a 4-vertex one is only refined): the quad of
# its sides' lines over the outline's own area, 0.99-1.06 on jacky-scenes' cards; 1.13 where the
# outline ran on into a neighbour's (rdpong 8cards_top's queen of spades)
MAX_ROUNDING_GAIN = 1.1
# grey levels by which such a quad may be darker inside than just around it and still be a card:
# jacky's cards measure 67-90 lighter inside; the rounded pips that a close-up shows as large as
# cards, 20-113 darker (the cards-ammememe tune photos)
DARKER_INSIDE_MARGIN = 25.0
# A card with a corner out of the frame. Of the frame's short side: a point this near the frame's
# edge is on it (as in card_like); the card's quad over the part in view: at most a third hidden.
FRAME_EDGE_MARGIN = 0.01
MAX_PAST_EDGE_GAIN = 1.5
# how far past the frame's edge that corner may lie, of the quad's shortest side: 0.05-0.22 for the
# cards of the tune photos (rdpong 3cards_extreme's four of spades: 0.13); 0.47 and 1.07 for a
# table's edges (rdpong-singles 8diamonds, 10spades)
MAX_PAST_EDGE_REACH = 0.3
# A card with two corners out, over one side (_quad_cut_by_frame_edge): its sides seen up to the
# frame's edge may measure this much longer than a card's proportions give them (the outline's own
# error, and a little foreshortening: a drawn batch of 39 cards pushed 5-30 % past an edge reads
# 19 with it, 18 with none; the tune photos alike); more, and the whole side seen is no card's
CUT_LENGTH_SPARE = 1.02
# The second pass, on a frame where no outline was found or on a light table (the cards-ammememe
# tune photos of a white deck on a white counter and light wood): Canny's thresholds after a median
# filter, low enough for a 10-30 grey-level step; a local threshold's window (of the frame's short
# side, about a card's width at a table's distance) and how much lighter than its window's mean a
# pixel must be
FAINT_EDGE_THRESHOLDS = (10.0, 30.0)
# the frame's median grey level (after the first pass's blur) from which its table is light: the
# tune photos on dark cloth, wood and granite measure 0-132 (pstephenwille's wood 100-132), the
# cards-ammememe ones on light wood and counters 124-219 (from 140 the faint pass finds 4 more
# cards of 22 in its tune scenes); close-up singles filling the frame with card (rdpong-singles,
# 146-194) take it too, with no card lost
FAINT_PASS_MEDIAN = 140.0
LOCAL_BLOCK_FRACTION = 0.08
LOCAL_MARGIN = 4.0
# The light threshold opened by a disc of this share of the frame's short side (9 px at 640): a
# cloth's thin light lines and a neighbour's edge join cards to one another and to the table there,
# and opened, a card stands alone (rf100's larger tune set: 1,880 -> 1,890 of 2,187 named, with 0.01
# 1,886 and 0.02 1,884; one red ace more named where none lies; the other tune and check sets alike
# or a card more)
OPENING_FRACTION = 0.015
Quad = npt.NDArray[np.float32]  # 4 x 2, clockwise from the top-left corner of the upright card


def order_corners(points: npt.NDArray[np.float32]) -> Quad:
    """Clockwise from the top-left as seen; then turned so the first edge is a short (top) edge.
    (Plain floats: it runs on every outline of a frame, and numpy's per-call cost is most of the
    work on 4 points.)"""
    corners = points.tolist()
    centre_x = sum(x for x, _ in corners) / len(corners)
    centre_y = sum(y for _, y in corners) / len(corners)
    clockwise = sorted(corners, key=lambda point: math.atan2(point[1] - centre_y, point[0] - centre_x))
    start = min(range(len(clockwise)), key=lambda i: clockwise[i][0] + clockwise[i][1])
    sides = [math.dist(clockwise[i], clockwise[(i + 1) % 4]) for i in range(4)]
    top = sides[start] + sides[(start + 2) % 4]
    if top > sides[(start + 1) % 4] + sides[(start + 3) % 4]:
        start += 1  # lying sideways: start from the corner that makes the card upright
    return np.array([clockwise[(i + start) % 4] for i in range(4)], dtype=np.float32)


def side_lengths(quad: Quad) -> list[float]:
    """From each corner to the next (plain floats: this runs on every outline of a frame, and
    numpy's per-call cost is most of the work on 4 points)."""
    corners = quad.tolist()
    return [math.dist(corners[i], corners[(i + 1) % 4]) for i in range(4)]


def opposite_sides(quad: Quad) -> tuple[float, float]:
    """Its top and bottom sides together, and its left and right ones, as seen."""
    sides = side_lengths(quad)
    return sides[0] + sides[2], sides[1] + sides[3]


def card_like(quad: Quad, frame_height: int, frame_width: int) -> bool:
    short_side = min(frame_height, frame_width)
    if _side_on_frame_edge(quad, frame_height, frame_width, 0.01 * short_side):
        return False  # cut by the frame's edge: the outline is the frame's, not the card's
    sides = side_lengths(quad)
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


def _quads_from_mask(mask: Gray, shade: Gray) -> list[Quad]:
    """Card-like outlines among `mask`'s contours; `shade` is the frame they were found in."""
    frame_height, frame_width = mask.shape[:2]
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    min_area = (MIN_SIZE_FRACTION * min(frame_height, frame_width)) ** 2 * MIN_SEEN_RATIO
    for contour in contours:
        area = float(cv2.contourArea(contour))
        if area < min_area:
            continue
        hull = np.asarray(cv2.convexHull(contour), dtype=np.int32)
        perimeter = cv2.arcLength(hull, True)
        approx = cv2.approxPolyDP(hull, 0.02 * perimeter, True).reshape(-1, 2).astype(np.float32)
        past_edge = _quad_past_frame_edge(hull, perimeter, frame_height, frame_width)
        if past_edge is not None and _lighter_inside(shade, past_edge):  # paper, not a patch of table
            found.append(past_edge)
            continue
        if len(approx) == 4:
            quad = order_corners(approx)
            if not card_like(quad, frame_height, frame_width):
                cut = _quad_cut_by_frame_edge(quad, frame_height, frame_width)
                if cut is not None and _lighter_inside(shade, cut):  # paper, not a patch of table
                    found.append(cut)
                continue
            # its 4 vertices may still lie on rounded corners' arcs, askew: a finer approximation
            # shows the arcs, and the sides between them give the corners (only for card-like
            # outlines: this is the costlier step on a cloth's thousand contours)
            fine = cv2.approxPolyDP(hull, ROUNDING_EPSILON * perimeter, True).reshape(-1, 2).astype(np.float32)
            sided = _quad_of_long_sides(fine) if len(fine) > 4 else None
            if sided is not None and card_like(order_corners(sided), frame_height, frame_width):
                quad = order_corners(sided)
            found.append(quad)
            continue
        corners = _quad_of_long_sides(approx)
        if corners is not None and (_area(corners) > MAX_ROUNDING_GAIN * area
                                    or not _lighter_inside(shade, order_corners(corners))):
            # the outline ran on into a neighbour's, or is a rounded dark shape on a card (a club's
            # pip, seen close): no card's
            corners = None
        if corners is None:
            # Something touches the card (a pen, a coin): its corners are still 4 of the outline's
            # vertices, the 4 that enclose most of the outline without covering empty table.
            outline = cv2.approxPolyDP(contour, 0.015 * perimeter, True).reshape(-1, 2).astype(np.float32)
            corners = _largest_quad(outline, area)
        if corners is not None:
            quad = order_corners(corners)
            if card_like(quad, frame_height, frame_width):
                found.append(quad)
    return found


def _quad_past_frame_edge(hull: npt.NDArray[np.int32], perimeter: float, frame_height: int, frame_width: int
                          ) -> Quad | None:
    """A card with one corner out of the frame (rdpong 3cards_extreme's four of spades): its outline
    is a pentagon, one side along the frame's edge; the card's own corner is where the lines of the
    two sides that run out of the frame meet, beyond it. Taking the outline's vertex on the edge as
    the corner instead skews the whole face. None for an outline not cut so (or cut by more than a
    corner: the hidden part is then too large to guess)."""
    margin = max(1.5, FRAME_EDGE_MARGIN * min(frame_height, frame_width))
    left, top, width, height = cv2.boundingRect(hull)
    if min(left, top) >= margin and left + width - 1 <= frame_width - 1 - margin \
            and top + height - 1 <= frame_height - 1 - margin:
        return None  # the usual case (clear of the frame's edges), decided cheaply
    polygon = cv2.approxPolyDP(hull, ROUNDING_EPSILON * perimeter, True).reshape(-1, 2).astype(np.float32)
    count = len(polygon)
    if not 5 <= count <= MAX_ROUNDED_VERTICES:
        return None
    low, high = margin, (frame_width - 1 - margin, frame_height - 1 - margin)

    def on_border(point: npt.NDArray[np.float32]) -> set[str]:
        return {name for name, beyond in (("left", point[0] < low), ("top", point[1] < low),
                                          ("right", point[0] > high[0]), ("bottom", point[1] > high[1])) if beyond}

    borders = [on_border(point) for point in polygon]
    along_edge = [i for i in range(count) if borders[i] & borders[(i + 1) % count]]
    if len(along_edge) != 1:
        return None
    # the polygon from the vertex after the frame's edge round to the one before it: the card's sides
    start = (along_edge[0] + 1) % count
    outline = np.roll(polygon, -start, axis=0)
    with_past_corner = np.vstack([outline, outline[:1]])  # closing edge: the frame's, left out below
    directions = np.diff(with_past_corner, axis=0)[:-1]
    lengths = np.hypot(directions[:, 0], directions[:, 1])
    if len(lengths) < 4:
        return None
    chosen = np.sort(np.argsort(lengths)[-4:])  # the 4 longest, in outline order
    if float(lengths[chosen].sum()) < MIN_LONG_SIDES_SHARE * float(lengths.sum()):
        return None
    corners = []
    for before, after in zip(np.roll(chosen, 1).tolist(), chosen.tolist(), strict=True):
        corner = meeting_point(outline[before].tolist(), (float(directions[before][0]), float(directions[before][1])),
                                outline[after].tolist(), (float(directions[after][0]), float(directions[after][1])))
        if corner is None:
            return None
        corners.append(corner)
    quad = np.array(corners, dtype=np.float32)
    # exactly one corner out past the edge, by no more than the part of the card that is seen
    beyond = (quad[:, 0] < margin) | (quad[:, 1] < margin) | (quad[:, 0] > frame_width - 1 - margin) \
        | (quad[:, 1] > frame_height - 1 - margin)
    if int(beyond.sum()) != 1 or _area(quad) > MAX_PAST_EDGE_GAIN * _area(polygon):
        return None
    out = int(np.argmax(beyond))
    past = max(-quad[out, 0], -quad[out, 1], quad[out, 0] - (frame_width - 1), quad[out, 1] - (frame_height - 1))
    if past > MAX_PAST_EDGE_REACH * min(side_lengths(quad)):
        return None  # far out: the lines of a table's edges or of a shadow, not of a card's sides
    ordered = order_corners(quad)
    return ordered if card_like(ordered, frame_height, frame_width) else None


def _quad_cut_by_frame_edge(quad: Quad, frame_height: int, frame_width: int) -> Quad | None:
    """A card running out of the frame over one side (two corners out: the cards-ammememe tune
    scenes' nine of clubs and eight of spades at the bottom edge): its outline is 4-sided, one side
    along the frame's edge. Its two sides that run out are carried on past the edge to the length a
    card's proportions give the side that is seen whole (short side over long, or long over short
    for a card lying across), when that hides at most a third of it (MAX_PAST_EDGE_GAIN, as for one
    corner out). Rectified as it was seen, the visible part would be stretched to a whole face and
    its corner index read out of shape. None for any other outline."""
    margin = max(1.5, FRAME_EDGE_MARGIN * min(frame_height, frame_width))
    corners = quad.tolist()
    on_edge = [(x < margin, y < margin, x > frame_width - 1 - margin, y > frame_height - 1 - margin)
               for x, y in corners]
    cut_sides = [i for i in range(4) if any(a and b for a, b in zip(on_edge[i], on_edge[(i + 1) % 4], strict=True))]
    if len(cut_sides) != 1:
        return None  # clear of the edges (handled as a whole card) or the frame's own outline
    first = cut_sides[0]
    out_a, out_b = first, (first + 1) % 4  # on the frame's edge
    seen_b, seen_a = (first + 2) % 4, (first + 3) % 4  # the whole side: seen_a next to out_a
    if any(on_edge[seen_a]) or any(on_edge[seen_b]):
        return None  # a third corner at an edge too: too little of the card to guess the rest
    whole = math.dist(corners[seen_a], corners[seen_b])
    # each side running out is seen as far as the edge: on a card turned to the edge, one further
    # than the other; both are a whole card's length
    seen_lengths = [math.dist(corners[seen_a], corners[out_a]), math.dist(corners[seen_b], corners[out_b])]
    if whole <= 0 or min(seen_lengths) <= 0:
        return None
    # the shorter of the card's two proportions that is still at least what is seen
    fitting = [length for length in (whole * CARD_RATIO, whole / CARD_RATIO)
               if CUT_LENGTH_SPARE * length >= max(seen_lengths)]
    if not fitting:
        return None
    extended = list(corners)
    for seen, out, seen_length in ((seen_a, out_a, seen_lengths[0]), (seen_b, out_b, seen_lengths[1])):
        stretch = max(1.0, min(fitting) / seen_length)
        extended[out] = [corners[seen][0] + stretch * (corners[out][0] - corners[seen][0]),
                         corners[seen][1] + stretch * (corners[out][1] - corners[seen][1])]
    if _area(np.array(extended, dtype=np.float32)) > MAX_PAST_EDGE_GAIN * _area(quad):
        return None
    ordered = order_corners(np.array(extended, dtype=np.float32))
    sides = side_lengths(ordered)
    short, long = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    if long < MIN_SIZE_FRACTION * min(frame_height, frame_width) or short / long < MIN_SEEN_RATIO:
        return None
    balance = min(min(sides[0], sides[2]) / max(sides[0], sides[2]), min(sides[1], sides[3]) / max(sides[1], sides[3]))
    return ordered if balance > 0.6 else None  # as card_like asks of a whole card's opposite sides


def inside_and_around(shade: Gray, quad: Quad) -> tuple[Gray, Gray, Gray] | None:
    """The patch around a quad, a mask of its inside (shrunk to 0.9) and of a ring just outside it
    (1.05 to 1.25), or None where the quad is too small to tell."""
    height, width = shade.shape[:2]
    centre = quad.mean(axis=0)
    around = centre + (quad - centre) * 1.25
    left, top = np.floor(np.maximum(around.min(axis=0), 0)).astype(int)
    right, bottom = np.ceil(np.minimum(around.max(axis=0) + 1, (width, height))).astype(int)
    if right - left < 3 or bottom - top < 3:
        return None
    origin = np.array([left, top], np.float32)
    inner = np.zeros((bottom - top, right - left), np.uint8)
    ring = np.zeros_like(inner)
    cv2.fillPoly(ring, [np.round(around - origin).astype(np.int32)], 255)
    cv2.fillPoly(ring, [np.round(centre + (quad - centre) * 1.05 - origin).astype(np.int32)], 0)
    cv2.fillPoly(inner, [np.round(centre + (quad - centre) * 0.9 - origin).astype(np.int32)], 255)
    patch = shade[top:bottom, left:right]
    return patch, inner, ring


def _lighter_inside(shade: Gray, quad: Quad) -> bool:
    """Whether the quad is not clearly darker inside than just around it: a card's face is paper,
    lighter than or like the table, whereas a pip is ink on paper."""
    parts = inside_and_around(shade, quad)
    if parts is None:
        return True
    patch, inner, ring = parts
    return float(cv2.mean(patch, inner)[0]) >= float(cv2.mean(patch, ring)[0]) - DARKER_INSIDE_MARGIN


def _quad_of_long_sides(polygon: npt.NDArray[np.float32]) -> npt.NDArray[np.float32] | None:
    """A card with rounded corners (jacky's deck: a radius of a tenth of its width) approximates to
    its 4 sides and a short edge or two across each corner arc; 4 of the polygon's vertices would
    then cut the corners off askew. Its corners are where the lines of its 4 longest edges meet.
    None unless two corners or more show their rounding (one cut corner is as likely a coin or a
    neighbour's corner touching the card), those edges are most of the outline and each corner
    lies near the outline, as a card's do."""
    if not MIN_ROUNDED_VERTICES <= len(polygon) <= MAX_ROUNDED_VERTICES:
        return None
    # plain floats, not numpy: this runs on every many-sided outline of a frame, and is small
    points = polygon.tolist()
    count = len(points)
    directions = [(points[(i + 1) % count][0] - points[i][0], points[(i + 1) % count][1] - points[i][1])
                  for i in range(count)]
    lengths = [math.hypot(*direction) for direction in directions]
    sides = sorted(sorted(range(count), key=lengths.__getitem__)[-4:])  # in outline order
    if sum(lengths[i] for i in sides) < MIN_LONG_SIDES_SHARE * sum(lengths):
        return None
    corners = []
    for before, after in zip(sides[-1:] + sides[:-1], sides, strict=True):
        corner = meeting_point(points[before], directions[before], points[after], directions[after])
        if corner is None:
            return None
        corners.append(corner)
    # each corner close to the outline: across a rounded corner, not out where a covered corner was
    for i, corner in enumerate(corners):
        nearest_side = min(math.dist(corner, corners[(i + 1) % 4]), math.dist(corner, corners[i - 1]))
        if min(math.dist(corner, point) for point in points) > MAX_CORNER_REACH * nearest_side:
            return None
    return np.array(corners, dtype=np.float32)


def meeting_point(start: list[float], direction: tuple[float, float], other_start: list[float],
                   other_direction: tuple[float, float]) -> tuple[float, float] | None:
    """Where two lines (a point and a direction each) cross; None for (nearly) parallel ones."""
    cross = direction[0] * other_direction[1] - direction[1] * other_direction[0]
    if abs(cross) < 0.1 * math.hypot(*direction) * math.hypot(*other_direction):
        return None  # closer than ~6 degrees: no corner between them
    gap_x, gap_y = other_start[0] - start[0], other_start[1] - start[1]
    along = (gap_x * other_direction[1] - gap_y * other_direction[0]) / cross
    return (start[0] + along * direction[0], start[1] + along * direction[1])


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


def same_outline(quad: Quad, other: Quad) -> bool:
    size = float(np.linalg.norm(other[2] - other[0]))
    return float(np.abs(quad - other).max()) < 0.025 * size


def quad_contains(outer: Quad, point: tuple[float, float]) -> bool:
    return _inside(np.array(point, np.float32), outer)


def inside_any(quads: list[Quad], points: npt.NDArray[np.float64]) -> npt.NDArray[np.bool_]:
    """Per point (rows of x, y): whether some quad holds it, its sides included (as quad_contains
    tells, for convex quads: every outline here is one), for thousands of points at once."""
    inside = np.zeros(len(points), bool)
    for quad in quads:
        corners = np.asarray(quad, np.float64)
        sides = np.roll(corners, -1, axis=0) - corners
        # the cross product of each side with the way to the point: one sign all round, inside
        turns = (sides[None, :, 0] * (points[:, None, 1] - corners[None, :, 1])
                 - sides[None, :, 1] * (points[:, None, 0] - corners[None, :, 0]))
        inside |= (turns >= 0).all(axis=1) | (turns <= 0).all(axis=1)
    return inside


def overlap(quad: Quad, other: Quad) -> bool:
    """Whether either outline holds the other's centre: one card's outline and its picture frame's,
    or a card and the tag stuck on it."""
    return (quad_contains(other, (float(quad[:, 0].mean()), float(quad[:, 1].mean())))
            or quad_contains(quad, (float(other[:, 0].mean()), float(other[:, 1].mean()))))


@dataclass(frozen=True)
class DetectionFrame:
    """A grey frame reduced to DETECT_SIDE on its shorter side (`detect_scale`), as card outlines
    and index spots (cardscans.index_spots) are looked for in: reduced once a frame for both (by a
    factor that is not whole, 960 x 720 takes 2-3 ms here)."""

    reduced: Gray
    scale: float

    @classmethod
    def of(cls, gray: Gray) -> DetectionFrame:
        scale = detect_scale(gray.shape)
        return cls(reduced_frame(gray, scale), scale)


def find_card_quads(gray: Gray | DetectionFrame) -> list[Quad]:
    """Card-shaped outlines, largest first, without near-duplicates, in the frame's pixels (`gray`:
    the frame in grey, or that frame reduced already). Nested outlines are kept (a card's printed
    frame, or a card inside a lit patch of table): the recogniser decides. A frame where none is
    found, or a light one, is searched again for faint ones (`_faint_outlines`)."""
    detection = gray if isinstance(gray, DetectionFrame) else DetectionFrame.of(gray)
    reduced, scale = detection.reduced, detection.scale
    small = np.asarray(cv2.GaussianBlur(reduced, (5, 5), 0), dtype=np.uint8)
    median = _median_u8(small)
    canny = cv2.Canny(small, max(10.0, 0.5 * median), max(30.0, 1.2 * median))
    edges = np.asarray(cv2.dilate(canny, np.ones((3, 3), np.uint8)), dtype=np.uint8)
    bright = np.asarray(cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1], dtype=np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(3, int(OPENING_FRACTION * min(small.shape)) | 1),) * 2)
    apart = np.asarray(cv2.morphologyEx(bright, cv2.MORPH_OPEN, disc), dtype=np.uint8)
    candidates = _quads_from_mask(edges, small) + _quads_from_mask(bright, small) + _quads_from_mask(apart, small)
    if not candidates:
        candidates = _faint_outlines(reduced, local_threshold=True)
    elif median >= FAINT_PASS_MEDIAN:
        # a light table: the first pass may have found only the cards' printed frames (a court
        # card's) or some of the cards; their own edges are faint (the local threshold adds little
        # here, for its cost, on the cards-ammememe tune scenes)
        candidates += _faint_outlines(reduced, local_threshold=False)
    return [np.asarray(quad / scale, dtype=np.float32) for quad in _distinct(candidates)]


def detect_scale(shape: tuple[int, ...]) -> float:
    """The factor (<= 1) that brings a frame of `shape` down to DETECT_SIDE on its shorter side."""
    return min(1.0, DETECT_SIDE / min(int(shape[0]), int(shape[1])))


def reduced_frame(gray: Gray, scale: float) -> Gray:
    if scale == 1.0:
        return gray
    return np.asarray(cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), dtype=np.uint8)


def _distinct(candidates: list[Quad]) -> list[Quad]:
    """Largest first, without near-duplicates (`same_outline`, against all kept ones at once)."""
    kept: list[Quad] = []
    stack = np.empty((0, 4, 2), np.float32)
    sizes = np.empty(0, np.float32)
    for quad in sorted(candidates, key=_area, reverse=True):
        if len(kept) and bool((np.abs(stack - quad).max(axis=(1, 2)) < 0.025 * sizes).any()):
            continue
        kept.append(quad)
        stack = np.concatenate([stack, quad[None]])
        sizes = np.append(sizes, np.float32(np.linalg.norm(quad[2] - quad[0])))
    return kept


def _faint_outlines(reduced: Gray, local_threshold: bool) -> list[Quad]:
    """Outlines of cards on a light table: a white card on a pale counter or light wood differs
    from it by 10-30 grey levels, under the edge thresholds that a bright frame's median sets, and
    the global threshold splits the table's own light and shade instead. Here the edges' thresholds
    are fixed and low, and (`local_threshold`) the threshold is local: lighter than the
    surroundings a card's width across. A median filter first removes specks (a phone's noise,
    dust) that low thresholds would otherwise trace."""
    smooth = np.asarray(cv2.GaussianBlur(cv2.medianBlur(reduced, 5), (5, 5), 0), dtype=np.uint8)
    canny = cv2.Canny(smooth, *FAINT_EDGE_THRESHOLDS)
    edges = np.asarray(cv2.dilate(canny, np.ones((3, 3), np.uint8)), dtype=np.uint8)
    found = _quads_from_mask(edges, smooth)
    if local_threshold:
        block = max(3, int(LOCAL_BLOCK_FRACTION * min(reduced.shape[:2])) | 1)  # odd, as OpenCV asks
        lighter = cv2.adaptiveThreshold(smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block,
                                        -LOCAL_MARGIN)
        found += _quads_from_mask(np.asarray(lighter, dtype=np.uint8), smooth)
    return found


def _median_u8(image: Gray) -> float:
    """np.median of an 8-bit image, by counting its 256 levels (a sort of every pixel is slower
    than Canny itself on a textured cloth; OpenCV's histogram counts them 4-5 times as fast as
    np.bincount, exactly: a 640 x 480 frame's counts fit a float32)."""
    histogram = cv2.calcHist([image], [0], None, [256], [0, 256]).ravel()
    counts = np.cumsum(histogram.astype(np.int64))
    total = int(counts[-1])
    low = int(np.searchsorted(counts, (total - 1) // 2 + 1))
    high = int(np.searchsorted(counts, total // 2 + 1))
    return (low + high) / 2


def rectify(image: npt.NDArray[np.uint8], quad: Quad, size: tuple[int, int] = FACE_SIZE) -> npt.NDArray[np.uint8]:
    """The card's face, upright (or upside down: callers try both), at `size` (width, height)."""
    width, height = size
    target = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    # A card's part out of the frame (its corners carried past the edge) repeats the frame's edge
    # pixels, mostly paper. Black there read as ink: the cards-ammememe tune scene's eight of
    # spades, cut at the bottom, counted 9 pips with a black band across its foot. (Filling it with
    # the face's paper colour instead reads as many on the tune photos and also a drawn card whose
    # foot index the edge cuts, but the corner reader then spends 3.7 -> 8.5 ms on such a card,
    # the card with a corner past rdpong 8card_slight's right edge, and the warp costs 7 times as much.)
    return np.asarray(cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_AREA,
                                          borderMode=cv2.BORDER_REPLICATE), dtype=np.uint8)


def edge_contrast(gray: Gray, quad: Quad, samples: int = 64, offset: float = 3.0) -> float:
    """Share of points along the outline where inside and outside differ by more than 12 grey
    levels: a card's edge is sharp all round; a patch of light on the table fades out."""
    centre = quad.mean(axis=0)
    height, width = gray.shape[:2]
    along = np.linspace(0.1, 0.9, samples // 4, dtype=np.float64)[:, None]
    insides, outsides = [], []
    for i in range(4):
        start, end = quad[i], quad[(i + 1) % 4]
        direction = end - start
        length = float(np.linalg.norm(direction))
        if length < 1:
            continue
        normal = np.array([-direction[1], direction[0]], np.float32) / length
        if float(np.dot(centre - start, normal)) < 0:
            normal = -normal  # pointing inwards
        points = start + direction * along
        insides.append(points + normal * offset)
        outsides.append(points - normal * offset)
    if not insides:
        return 0.0
    # truncated towards zero, as int() does, so a point just outside the frame's left or top edge
    # still reads its first column or row
    inside = np.concatenate(insides).astype(np.int64)
    outside = np.concatenate(outsides).astype(np.int64)
    usable = ((inside[:, 0] >= 0) & (inside[:, 0] < width) & (inside[:, 1] >= 0) & (inside[:, 1] < height)
              & (outside[:, 0] >= 0) & (outside[:, 0] < width) & (outside[:, 1] >= 0) & (outside[:, 1] < height))
    if not usable.any():
        return 0.0
    inside, outside = inside[usable], outside[usable]
    steps = np.abs(gray[inside[:, 1], inside[:, 0]].astype(np.int32)
                   - gray[outside[:, 1], outside[:, 0]].astype(np.int32))
    return float((steps > 12).sum()) / len(steps)
