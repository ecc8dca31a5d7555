"""How two index spots stand to each other, and the outline a pair of them gives: what
cardscans.index_pairs' steps pair into cards.

Every pair is measured as its first spot stands (`PairGeometry`: the turn between the two, their
sizes, and how far down and across the second lies, in the first's spacings), only where the two
are near and alike enough to be one card's indices, and turned alike or half round. Three relations
pair spots unread (the steps read those they pair), and a looser fourth pairs two reads of one card
(`read_alike_partners`, step 8's):
- partners on a card's diagonal: turned half round, a card's length down and to one side
  (`partners`, `linked_partners`; a card seen at a slant from near prints one up to twice the other's
  size: `inked_alike` then asks for alike ink);
- two top indices side by side: turned alike, a card's width across (`side_partners`);
- two indices of one long side: turned half round, a card's length straight down (`edge_partners`).
Each gives an outline: the card (`card_outline`, a perspective view for two of different sizes), the
card under its two top indices (`top_indices_outline`), the strip of one long side (`edge_strip`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.index_spots import RANK_CENTRE, SPACING, IndexSpot
from cardscans.paper_light import FACE
from cardscans.quads import Quad

# The card's own corner from its rank's centre, across and up, in SPACINGs.
CORNER_ACROSS = RANK_CENTRE[0] / SPACING
CORNER_UP = RANK_CENTRE[1] / SPACING
PARTNER_TURN = np.radians(30)  # off a half turn
PARTNER_SIZE = 1.33  # one spot's spacing over its partner's, at most
SLANTED_PARTNER_SIZE = 2.0  # ... on a card seen at a slant from near (tune photos: 1.41-1.9)
# such pairs must hold alike ink for their sizes (`inked_alike`): the larger tune set's AC measures
# 0.59, three in four of the pairs so tried on the tune sets more than 0.78; each read costs ~1.5 ms
SLANTED_INK_UNLIKENESS = 0.8
PARTNER_DISTANCE = (4.0, 14.0)  # in SPACINGs: a card's diagonal between its two indices
PARTNER_SLANT = (0.35, 1.5)  # the partner's distance across over its distance down
CARD_ASPECT = (0.95, 2.0)  # height over width of the outline two partners give (a squeezed photo: 1.15)
SIDE_DISTANCE = (3.0, 8.0)  # in SPACINGs: a card's width between a four-index deck's two top indices
SIDE_SLANT = 0.36  # tan 20 degrees: how far the line between those two may lean off each one's across
# (a rank-over-suit line leans up to ~10 degrees off the card's own, glyph centres not being print axes)
TOP_INDICES_APART = (FACE[0] - 2 * RANK_CENTRE[0]) / SPACING  # a card's two top ranks, in SPACINGs
# two indices of one long side of a four-index card, a card's length apart (FACE: 6.9 SPACINGs)
EDGE_DISTANCE = (5.5, 8.5)
EDGE_SLANT = 0.3  # how far the line between them may lean off each one's down (tan ~17 degrees)
# Two indices of one card as step 8 pairs two reads of it (`read_alike_partners`), each of which
# must read the card: wider bounds than the steps that pair unread spots, as a card seen at a slant
# or foreshortened leans and squeezes its indices past them (rf100's larger tune set: a 2S's top
# indices 2.9 SPACINGs apart, a 4S's leaning 1.6 down over 4.1 across)
READ_ALIKE_SIZE = 1.65  # one spot's spacing over the other's, at most
READ_ALIKE_ACROSS = (3.0, 7.5)  # side by side, turned alike: how far across, in SPACINGs ...
READ_ALIKE_OFF = 2.5  # ... and at most this far down or up
READ_ALIKE_DOWN = (5.0, 10.0)  # turned half round: how far down, at most READ_ALIKE_ACROSS[1] to a side



@dataclass(frozen=True)
class PairGeometry:
    """How two spots stand to each other, for each pair near enough and alike enough in size to be
    two indices of one card, and turned alike or half round (NEAR_PAIR, MOST_PAIR_SIZE, LEAST_PAIR_TURN:
    every relation the steps test lies within all three; about half the pairs of a busy rf100
    frame's 700 spots are near and alike, a third of those so turned):
    `firsts` and `seconds` number the spots (i, j); `turn` is the turn from spot i's index to spot
    j's (radians, -pi..pi), `sizes` spacing i over spacing j, `down` and `across` spot j's rank from
    spot i's, down and across (to the right) as spot i stands, in spot i's spacings."""

    count: int  # spots
    firsts: npt.NDArray[np.intp]
    seconds: npt.NDArray[np.intp]
    turn: npt.NDArray[np.float64]
    sizes: npt.NDArray[np.float64]
    down: npt.NDArray[np.float64]
    across: npt.NDArray[np.float64]

    def linked(self, holds: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """[i, j] for every two spots: whether their pair is measured here and `holds` (one per pair)."""
        matrix = np.zeros((self.count, self.count), bool)
        matrix[self.firsts[holds], self.seconds[holds]] = True
        return matrix

    def among(self, rows: npt.NDArray[np.intp]) -> PairGeometry:
        """The geometry of the spots `rows` numbers, numbered as there: each pair's own measures."""
        renumbered = np.full(self.count, -1, np.intp)
        renumbered[rows] = np.arange(len(rows))
        firsts, seconds = renumbered[self.firsts], renumbered[self.seconds]
        kept = (firsts >= 0) & (seconds >= 0)
        return PairGeometry(len(rows), firsts[kept], seconds[kept], self.turn[kept], self.sizes[kept],
                            self.down[kept], self.across[kept])


# a little beyond the farthest and the most unlike in size any relation pairs (PARTNER_DISTANCE;
# SLANTED_PARTNER_SIZE), so that rounding never leaves out a pair a relation holds
NEAR_PAIR = 1.01 * max(PARTNER_DISTANCE[1], SIDE_DISTANCE[1] * np.hypot(1, SIDE_SLANT),
                       EDGE_DISTANCE[1] * np.hypot(1, EDGE_SLANT),
                       np.hypot(READ_ALIKE_ACROSS[1], max(READ_ALIKE_DOWN[1], READ_ALIKE_OFF)))
MOST_PAIR_SIZE = 1.01 * max(PARTNER_SIZE, SLANTED_PARTNER_SIZE, READ_ALIKE_SIZE)
# every relation asks for two spots turned alike or half round, within PARTNER_TURN: the cosine of
# their turn must be at least this far from 0 (a little beyond, as above)
LEAST_PAIR_TURN = float(np.cos(1.01 * PARTNER_TURN))


def pair_geometry(spots: list[IndexSpot]) -> PairGeometry:
    """The spots' `PairGeometry`: every pair's distance and size told first, in single precision
    and in place (a busy frame's 700 spots are half a million pairs), then the measures of the
    pairs near and alike enough, in double precision."""
    ranks = np.array([spot.rank for spot in spots], np.float64).reshape(-1, 2)
    downs = np.array([spot.down for spot in spots], np.float64).reshape(-1, 2)
    spacings = np.array([spot.spacing for spot in spots], np.float64)
    x, y, reach = (values.astype(np.float32) for values in (ranks[:, 0], ranks[:, 1], NEAR_PAIR * spacings))
    # in place: a busy frame's thousand spots make each temporary a million values
    apart = np.subtract(x[None, :], x[:, None])
    apart *= apart
    along_y = np.subtract(y[None, :], y[:, None])
    along_y *= along_y
    apart += along_y
    near = apart < (reach * reach)[:, None]
    size = np.log(spacings).astype(np.float32)
    np.subtract(size[None, :], size[:, None], out=apart)
    near &= np.abs(apart, out=apart) < np.float32(np.log(MOST_PAIR_SIZE))
    turned = downs.astype(np.float32)
    np.matmul(turned, turned.T, out=apart)  # each two unit vectors' dot product: their turn's cosine
    near &= np.abs(apart, out=apart) > np.float32(LEAST_PAIR_TURN)
    np.fill_diagonal(near, False)
    firsts, seconds = np.nonzero(near)
    angles = np.arctan2(downs[:, 1], downs[:, 0])
    turn = ((angles[seconds] - angles[firsts] + np.pi) % (2 * np.pi)) - np.pi
    sizes = spacings[firsts] / spacings[seconds]
    offset = ranks[seconds] - ranks[firsts]  # from spot i to spot j
    down = np.einsum("pk,pk->p", offset, downs[firsts]) / spacings[firsts]
    across = (offset[:, 0] * downs[firsts, 1] - offset[:, 1] * downs[firsts, 0]) / spacings[firsts]
    return PairGeometry(len(spots), firsts, seconds, turn, sizes, down, across)


def pair_geometry_among(spots: list[IndexSpot], among: list[IndexSpot],
                         geometry: PairGeometry | None) -> PairGeometry:
    """`pair_geometry(spots)`, taken from `geometry`, that of `among`, when it holds every one of
    them: each pair's measures are its own, and the plainest spots steps 6 and 7 pair hold step
    5's in most frames."""
    position = {id(spot): index for index, spot in enumerate(among)}
    if geometry is None or any(id(spot) not in position for spot in spots):
        return pair_geometry(spots)
    return geometry.among(np.array([position[id(spot)] for spot in spots], np.intp))


def partners(spots: list[IndexSpot], most_size: float = PARTNER_SIZE) -> npt.NDArray[np.bool_]:
    """[i, j]: spot j may be the other index of spot i's card (see the module's step 3), the one
    spot's spacing at most `most_size` times the other's."""
    if not spots:
        return np.zeros((0, 0), bool)
    return linked_partners(pair_geometry(spots), most_size)


def linked_partners(geometry: PairGeometry, most_size: float) -> npt.NDArray[np.bool_]:
    assert most_size < MOST_PAIR_SIZE  # no pair of spots less alike is measured
    turn, sizes, down = geometry.turn, geometry.sizes, geometry.down
    across = np.abs(geometry.across)
    distance = np.hypot(down, across)
    slant = across / np.maximum(down, 1e-6)
    return geometry.linked((np.pi - np.abs(turn) < PARTNER_TURN) & (sizes < most_size) & (sizes > 1 / most_size)
                           & (down > 0) & (distance > PARTNER_DISTANCE[0]) & (distance < PARTNER_DISTANCE[1])
                           & (slant > PARTNER_SLANT[0]) & (slant < PARTNER_SLANT[1]))


def side_partners(geometry: PairGeometry) -> npt.NDArray[np.bool_]:
    """[i, j] (of `pair_geometry`): spot j may be the top right index of a four-index card whose
    top left index spot i is: turned as it is, of its size, a card's width to its right."""
    turn, sizes, down, across = geometry.turn, geometry.sizes, geometry.down, geometry.across
    return geometry.linked((np.abs(turn) < PARTNER_TURN) & (sizes < PARTNER_SIZE) & (sizes > 1 / PARTNER_SIZE)
                           & (np.abs(down) < SIDE_SLANT * across)
                           & (across > SIDE_DISTANCE[0]) & (across < SIDE_DISTANCE[1]))


def edge_partners(geometry: PairGeometry) -> npt.NDArray[np.bool_]:
    """[i, j] (of `pair_geometry`): spot j may be the other index on the same long side of a
    four-index card whose upper index spot i is (step 7): turned half round, of its size, a card's
    length straight below it."""
    turn, sizes, down, across = geometry.turn, geometry.sizes, geometry.down, geometry.across
    return geometry.linked((np.pi - np.abs(turn) < PARTNER_TURN) & (sizes < PARTNER_SIZE) & (sizes > 1 / PARTNER_SIZE)
                           & (down > EDGE_DISTANCE[0]) & (down < EDGE_DISTANCE[1])
                           & (np.abs(across) < EDGE_SLANT * down))


def read_alike_partners(geometry: PairGeometry, four_indices: bool) -> npt.NDArray[np.bool_]:
    """[i, j] (of `pair_geometry`), both ways: two spots that may be two indices of one card, for
    step 8's pairs of reads alike (READ_ALIKE_SIZE ...). On a four-index deck: turned alike, side by
    side (its top indices), or turned half round, below (its diagonal or one long side); on a
    two-index deck, partners on its diagonal (`linked_partners`), the one pair it prints."""
    if not four_indices:
        diagonal = linked_partners(geometry, PARTNER_SIZE)
        return np.asarray(diagonal | diagonal.T, dtype=np.bool_)
    turn, sizes, down, across = geometry.turn, geometry.sizes, geometry.down, geometry.across
    sized = (sizes < READ_ALIKE_SIZE) & (sizes > 1 / READ_ALIKE_SIZE)
    side_by_side = ((np.abs(turn) < PARTNER_TURN) & (np.abs(down) <= READ_ALIKE_OFF)
                    & (np.abs(across) >= READ_ALIKE_ACROSS[0]) & (np.abs(across) <= READ_ALIKE_ACROSS[1]))
    below = ((np.pi - np.abs(turn) < PARTNER_TURN) & (down >= READ_ALIKE_DOWN[0]) & (down <= READ_ALIKE_DOWN[1])
             & (np.abs(across) <= READ_ALIKE_ACROSS[1]))
    related = geometry.linked(sized & (side_by_side | below))
    return np.asarray(related | related.T, dtype=np.bool_)


def inked_alike(spots: list[IndexSpot]) -> npt.NDArray[np.bool_]:
    """[i, j]: the two spots' ranks and suits hold alike ink, each for its spot's size (one index
    printed twice, the nearer larger), within SLANTED_INK_UNLIKENESS summed over the two logs."""
    logs = ink_logs(spots, per_area=True)
    unlike = np.abs(logs[:, None, :] - logs[None, :, :]).sum(axis=2)
    return np.asarray(unlike <= SLANTED_INK_UNLIKENESS, dtype=np.bool_)


def ink_logs(spots: list[IndexSpot], per_area: bool) -> npt.NDArray[np.float64]:
    """Each spot's rank and suit ink (at least one pixel) as logs, [spot, rank or suit];
    `per_area`: over its spacing squared, so one index printed larger weighs as printed smaller."""
    inked = np.array([spot.inked for spot in spots], np.float64).clip(1.0)
    if per_area:
        inked /= np.array([spot.spacing for spot in spots], np.float64)[:, None] ** 2
    return np.asarray(np.log(inked), dtype=np.float64)


def card_outline(first: IndexSpot, second: IndexSpot) -> Quad | None:
    """The outline of the card whose indices two partner spots are, clockwise from the top left as
    `first` stands; None when it is not card-shaped."""
    down = first.down - second.down
    down /= max(float(np.hypot(*down)), 1e-6)
    across = np.array([down[1], -down[0]])
    spacing = (first.spacing + second.spacing) / 2
    side = 1.0 if float((second.rank - first.rank) @ across) >= 0 else -1.0  # -1: a four-index deck's other pair
    near = first.rank - spacing * (side * CORNER_ACROSS * across + CORNER_UP * down)
    far = second.rank + spacing * (side * CORNER_ACROSS * across + CORNER_UP * down)
    width, height = float((far - near) @ across), float((far - near) @ down)
    if height <= 0 or not CARD_ASPECT[0] <= height / max(abs(width), 1e-6) <= CARD_ASPECT[1]:
        return None
    if max(first.spacing, second.spacing) > PARTNER_SIZE * min(first.spacing, second.spacing):
        return _seen_at_a_slant(first, second, side, abs(width) / height)
    top_left = near + min(0.0, width) * across
    corners = [top_left, top_left + abs(width) * across, top_left + abs(width) * across + height * down,
               top_left + height * down]
    return np.array(corners, np.float32)


def _seen_at_a_slant(first: IndexSpot, second: IndexSpot, side: float, aspect: float) -> Quad | None:
    """The outline of a card seen at a slant from near, whose nearer index prints larger: each spot
    shows the card about its index (its rank's centre, one spacing across and down, at its own
    scale), and one perspective view (a homography) is fitted to both. `side` as in card_outline;
    `aspect`: the card's width over its height, as the two spots give it."""
    width = FACE[1] * aspect
    first_rank = (RANK_CENTRE[0] if side > 0 else width - RANK_CENTRE[0], RANK_CENTRE[1])
    second_rank = (width - first_rank[0], FACE[1] - RANK_CENTRE[1])  # printed upside down
    on_card, in_frame = [], []
    for spot, (x, y), way in ((first, first_rank, 1.0), (second, second_rank, -1.0)):
        for across, down in ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)):
            on_card.append((x + way * across * SPACING, y + way * down * SPACING))
            in_frame.append(spot.rank + spot.spacing * (across * spot.across + down * spot.down))
    view, _ = cv2.findHomography(np.array(on_card, np.float32), np.array(in_frame, np.float32), 0)  # least squares
    if view is None:
        return None
    corners = np.array([[[0.0, 0.0]], [[width, 0.0]], [[width, FACE[1]]], [[0.0, FACE[1]]]], np.float32)
    return np.asarray(cv2.perspectiveTransform(corners, view).reshape(4, 2), np.float32)


def top_indices_outline(left: IndexSpot, right: IndexSpot) -> Quad:
    """The outline of a card whose top left and top right indices two spots are, clockwise from
    the top left, as a FACE whose indices stand where the corner reader looks for them. Its
    square comes from the line between the two ranks, not from either rank-over-suit line (those
    lean by up to ~10 degrees: glyph centres are not the print's axes)."""
    across = right.rank - left.rank
    width = max(float(np.hypot(*across)), 1e-6)
    across = across / width
    down = np.array([-across[1], across[0]])
    unit = width / (FACE[0] - 2 * RANK_CENTRE[0])
    top_left = left.rank - unit * (RANK_CENTRE[0] * across + RANK_CENTRE[1] * down)
    wide, tall = unit * FACE[0] * across, unit * FACE[1] * down
    return np.array([top_left, top_left + wide, top_left + wide + tall, top_left + tall], np.float32)


def edge_strip(upper: IndexSpot, lower: IndexSpot) -> Quad:
    """The strip of a card's long side that two of its indices on that side mark, clockwise from
    the top left as `upper` stands: from the card's top edge to its bottom edge, and across, as far
    either side of the indices as their ranks' centres lie from the card's edge."""
    down = lower.rank - upper.rank
    length = max(float(np.hypot(*down)), 1e-6)
    down = down / length
    across = np.array([down[1], -down[0]])
    # the line between the two ranks, not either rank-over-suit line (those lean: top_indices_outline)
    spacing = (upper.spacing + lower.spacing) / 2
    top = upper.rank - CORNER_UP * spacing * down
    bottom = lower.rank + CORNER_UP * spacing * down
    half = CORNER_ACROSS * spacing * across
    return np.array([top - half, top + half, bottom + half, bottom - half], np.float32)


def rank_centres(spots: list[IndexSpot]) -> npt.NDArray[np.float64]:
    """The spots' rank centres, one row (x, y) each."""
    return np.array([spot.rank for spot in spots], np.float64).reshape(-1, 2)
