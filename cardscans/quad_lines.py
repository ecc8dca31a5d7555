"""Card outlines assembled from straight line pieces, for a frame where no outline closes.

A white card on a white counter shows no closed outline to a threshold or to Canny, only broken
sides; `find_card_quads_by_lines` pairs near-parallel pieces into card-shaped quadrilaterals whose
inside is paper. The scanner runs it only when the ordinary outlines (cardscans.quads) named no card.
"""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.imageio import Gray
from cardscans.quads import (
    DARKER_INSIDE_MARGIN,
    MIN_SEEN_RATIO,
    MIN_SIZE_FRACTION,
    Quad,
    card_like,
    inside_and_around,
    meeting_point,
    order_corners,
    reduced_frame,
    same_outline,
)

# The line pass (find_card_quads_by_lines): a white card on a white counter, whose outline no
# threshold closes (the cards-ammememe tune photos IMG_20220921_195401 and 195416: a 3-8 grey-level
# step, broken along a side, a shadow line running into another). Its sides still show as straight
# pieces once the frame's contrast is stretched locally. The frame is reduced to this width first:
# the sides stay 30+ px long, and the line detector's time (about quadratic in the width) stays
# near 5 ms.
LINE_WIDTH = 320
# CLAHE's clip limit and tile grid: with them the line detector finds all four sides of the cards of
# 195401, 195416 and 195524; on the blurred frame alone, one side of each or a piece of one
LINE_CONTRAST_CLIP = 4.0
LINE_CONTRAST_TILES = (4, 4)
# of the frame's short side: shorter pieces are pips' edges and index strokes, mostly; the cards'
# sides on those photos are 0.5+ of it, so a side broken in two still has a piece this long
MIN_SIDE_PIECE = 0.1
# degrees: a card's opposite sides seen in perspective part by up to 23 on the tune photos (195416,
# its long sides from a low camera), so 25; neighbouring sides meet at 90 from above, and no less
# than 50 is asked (a guess, as the outline passes' MIN_SEEN_RATIO: a low camera skews them)
MAX_OPPOSITE_SKEW = 25.0
MIN_CORNER_ANGLE = 50.0
# a piece lies on a side when within this (px at LINE_WIDTH) of its line and 6 degrees of its angle
# (a side's pieces, broken by a gap, lie within 1-2 px of one line on those photos)
SIDE_DISTANCE = 2.5
SIDE_ANGLE = 6.0
# of each side's length covered by pieces on it: the cards of 195401, 195416, 195524 measure
# 0.8-0.97 on every side but 195401's left side, with gaps: 0.49; a quad of table lines and pip
# edges lacks one side
MIN_SIDE_COVER = 0.45
# the longest pieces only are paired (the cards' sides are among them): a wooden table's grain
# gives 60+ long pieces, and pairs of pairs of them cost seconds
MAX_SIDE_PIECES = 16
# line-pass quads handed on to the reader, best covered first: a card whose shadow draws a second
# line across it (195524) has two candidates; more is clutter
MAX_LINE_QUADS = 3


def find_card_quads_by_lines(gray: Gray) -> list[Quad]:
    """Card outlines assembled from straight side pieces, for a frame where the outline passes
    named nothing: two pairs of near-parallel pieces whose lines make a card-shaped quad, each of
    its sides mostly covered by pieces, lighter inside than around. Best covered first. (Those that
    the outline passes found too are not left out: leaving out those within 4 % of the diagonal of
    an outline already read lost cards of the white deck that the fitted lines' corners read.)"""
    scale = min(1.0, LINE_WIDTH / int(gray.shape[1]))
    reduced = reduced_frame(gray, scale)
    smooth = np.asarray(cv2.GaussianBlur(cv2.medianBlur(reduced, 5), (5, 5), 0), dtype=np.uint8)
    stretched = np.asarray(cv2.createCLAHE(LINE_CONTRAST_CLIP, LINE_CONTRAST_TILES).apply(smooth), dtype=np.uint8)
    detected = cv2.createLineSegmentDetector(cv2.LSD_REFINE_NONE).detect(stretched)[0]
    if detected is None:
        return []
    pieces = np.asarray(detected, dtype=np.float64).reshape(-1, 4)
    frame_height, frame_width = reduced.shape[:2]
    lengths = np.hypot(pieces[:, 2] - pieces[:, 0], pieces[:, 3] - pieces[:, 1])
    angles = np.degrees(np.arctan2(pieces[:, 3] - pieces[:, 1], pieces[:, 2] - pieces[:, 0])) % 180.0
    long_pieces = np.flatnonzero(lengths >= MIN_SIDE_PIECE * min(frame_height, frame_width))
    long_pieces = long_pieces[np.argsort(-lengths[long_pieces], kind="stable")[:MAX_SIDE_PIECES]]
    # pairs of near-parallel long pieces, apart (a side's two pieces lie on one line: not a pair)
    pairs = []
    for first, second in itertools.combinations(long_pieces.tolist(), 2):
        skew = abs(angles[first] - angles[second])
        if min(skew, 180.0 - skew) > MAX_OPPOSITE_SKEW:
            continue
        if _line_distance(pieces[first], pieces[second]) < MIN_SIZE_FRACTION * MIN_SEEN_RATIO * min(frame_height,
                                                                                                        frame_width):
            continue
        # their mean direction, across the wrap at 180 degrees (175 and 5 point the same way)
        second_angle = angles[second] + 180.0 * round((angles[first] - angles[second]) / 180.0)
        pairs.append((first, second, ((angles[first] + second_angle) / 2) % 180.0))
    lines = {index: _pieces_on_line(pieces[index], pieces, angles) for index in long_pieces.tolist()}
    for _, _, spans in lines.values():
        spans.sort()  # by where they start, as _side_cover walks them
    starts = {index: pieces[index, :2].tolist() for index in lines}
    directions = {index: (float(pieces[index, 2] - pieces[index, 0]), float(pieces[index, 3] - pieces[index, 1]))
                  for index in lines}
    scored: list[tuple[float, Quad]] = []
    # a, b: one pair of opposite sides' pieces; c, d: the other
    for (a, b, angle_ab), (c, d, angle_cd) in itertools.combinations(pairs, 2):
        turn = abs(angle_ab - angle_cd)
        if min(turn, 180.0 - turn) < MIN_CORNER_ANGLE:
            continue
        if len({a, b, c, d}) < 4:
            continue
        corners = []
        for first, second in ((a, c), (c, b), (b, d), (d, a)):
            corner = meeting_point(starts[first], directions[first], starts[second], directions[second])
            if corner is None:
                break
            corners.append(corner)
        if len(corners) < 4:
            continue
        # each side on its piece's line, between the corners on it (cheapest test first: most
        # pairs of pairs are pieces of the table's grain, or far apart along their lines)
        covers: list[float] = []
        for side_piece, start, end in ((c, corners[0], corners[1]), (b, corners[1], corners[2]),
                                       (d, corners[2], corners[3]), (a, corners[3], corners[0])):
            covers.append(_side_cover(lines[side_piece], start, end))
            if covers[-1] < MIN_SIDE_COVER:
                break
        if min(covers) < MIN_SIDE_COVER:
            continue
        quad = order_corners(np.array(corners, dtype=np.float32))
        if not card_like(quad, frame_height, frame_width):
            continue
        scored.append((sum(covers), quad))
    scored.sort(key=lambda item: -item[0])
    kept: list[Quad] = []
    for _, quad in scored:
        # paper inside checked last, on the best covered only: it is the costliest test
        if any(same_outline(quad, other) for other in kept) or not _paper_inside(smooth, quad):
            continue
        kept.append(quad)
        if len(kept) == MAX_LINE_QUADS:
            break
    return [np.asarray(quad / scale, dtype=np.float32) for quad in kept]


def _paper_inside(shade: Gray, quad: Quad) -> bool:
    """As _lighter_inside, by the medians of inside and around: a card on a white counter that
    a shadow darkens, next to a sunlit patch (195416), is darker inside by the means; a pip,
    ink all through, still is by its median."""
    parts = inside_and_around(shade, quad)
    if parts is None:
        return False
    patch, inner, ring = parts
    inside, outside = patch[inner > 0], patch[ring > 0]
    if not len(inside) or not len(outside):
        return False
    return float(np.median(inside)) >= float(np.median(outside)) - DARKER_INSIDE_MARGIN


def _line_distance(piece: npt.NDArray[np.float64], other: npt.NDArray[np.float64]) -> float:
    """How far `other`'s midpoint lies from `piece`'s line."""
    direction = piece[2:] - piece[:2]
    length = float(np.hypot(*direction))
    middle = (other[:2] + other[2:]) / 2
    return abs(float(direction[0] * (middle[1] - piece[1]) - direction[1] * (middle[0] - piece[0]))) / max(length, 1e-9)


def _pieces_on_line(piece: npt.NDArray[np.float64], pieces: npt.NDArray[np.float64],
                    angles: npt.NDArray[np.float64]) -> tuple[list[float], list[float], list[tuple[float, float]]]:
    """`piece`'s line (a point on it, its unit direction) and the spans along it that the pieces
    lying on it cover, each as (from, to) from that point."""
    origin = piece[:2]
    direction = piece[2:] - piece[:2]
    unit = direction / max(float(np.hypot(*direction)), 1e-9)
    side_angle = math.degrees(math.atan2(unit[1], unit[0])) % 180.0
    skew = np.abs(angles - side_angle)
    offsets = pieces.reshape(-1, 2, 2) - origin
    across = np.abs(offsets[:, :, 0] * unit[1] - offsets[:, :, 1] * unit[0]).max(axis=1)
    on_line = (np.minimum(skew, 180.0 - skew) <= SIDE_ANGLE) & (across <= SIDE_DISTANCE)
    spans = np.sort(offsets[on_line] @ unit, axis=1)
    return origin.tolist(), unit.tolist(), [(float(low), float(high)) for low, high in spans.tolist()]


def _side_cover(line: tuple[list[float], list[float], list[tuple[float, float]]], start: tuple[float, float],
                end: tuple[float, float]) -> float:
    """Share of the side from `start` to `end` (both on `line`) that its pieces cover, overlaps
    counted once: a side drawn twice is no better covered."""
    origin, unit, spans = line
    ends = sorted((point[0] - origin[0]) * unit[0] + (point[1] - origin[1]) * unit[1] for point in (start, end))
    low, high = ends
    if high - low < 1:
        return 0.0
    covered = 0.0
    reached = low
    for span_low, span_high in spans:  # sorted by where they start
        span_low, span_high = max(span_low, reached), min(span_high, high)
        if span_high > span_low:
            covered += span_high - span_low
            reached = span_high
    return covered / (high - low)
