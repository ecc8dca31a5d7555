"""Playing cards found by their two corner indices where no card outline is found: a white card on
a white counter, a card the frame cuts, a close-up, a card lying against its neighbour.

A person reads such a card by its index, not its edge. So:
1. index spots, rank over suit on plain paper, are found in the whole frame (cardscans.index_spots);
2. where the frame still holds something unnamed, they are found again with the ink cut against
   the paper around it: a second look, for the cards the first left;
3. a spot is kept only with a partner: a spot turned half round, of its size, a card's length away
   down and to one side (a card prints its index twice, the second upside down); a card seen at a
   slant from near prints its nearer index up to twice the size of the farther: in a frame where
   nothing is named yet, such pairs holding alike ink for their sizes are read last;
4. each kept spot is read upright by the corner reader on a face laid around it (`upright_face`);
5. two partners that read the same rank (and no two different cards) give that card's outline,
   which the corner reader then examines as it examines any outline (both corners, the pips
   against the rank): the card is named only when that examination names it, and names what the
   indices named (for two spots of different sizes, a perspective view fitted to both). That
   outline is an estimate, so where its corner cuts an index and reads less than the spot did,
   the spot's reading stands for that corner. One index alone names nothing here;
6. on a deck printing four indices, two spots turned alike side by side a card's width apart may
   be its two top indices where its lower half lies under another card: the card is named when
   both read it (cardscans.top_indices), on the outline they give;
7. on such a deck, two indices of one card that read it alike name it, without an examination:
   partners on its diagonal whose outline step 5 could not confirm, two side by side at its top, or
   two one straight below the other a card's length apart, on one long side (a card of a fanned
   hand, or one whose other half lies under its neighbour). Both must read the card, one of them at
   AGREEING_SCORE or better (on one long side, where chance pairs are rarer, SINGLE_CORNER_SCORE);
   the likeliest pairs are read first (`_agreeing_pairs`), and a card named already in the frame is
   never named again. A pair whose outline step 5 or 6 examined is left alone: that examination saw
   the face, and its refusal stands (a blurred 3H whose two indices both read 5H, refused by its
   three pips). The card is given on the outline the two give; for one long side, on the strip of
   that side (`edge_strip`): where the rest of the card lies, left or right, the two do not tell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.card_glyphs import BalancedFace
from cardscans.card_indices import JOKER
from cardscans.corner_index import CornerReading
from cardscans.index_spots import (
    MAX_OTHER_INK,
    RANK_CENTRE,
    SPACING,
    IndexSpot,
    cut_spots,
    searched_frame,
    upright_face,
)
from cardscans.paper_light import FACE
from cardscans.playing_cards import SINGLE_CORNER_SCORE, IndexReadings
from cardscans.quads import Quad, inside_any, overlap
from cardscans.sighting import CardSighting

# The card's own corner from its rank's centre, across and up, in SPACINGs.
CORNER_ACROSS = RANK_CENTRE[0] / SPACING
CORNER_UP = RANK_CENTRE[1] / SPACING

PARTNER_TURN = np.radians(30)  # off a half turn
PARTNER_SIZE = 1.33  # one spot's spacing over its partner's, at most
SLANTED_PARTNER_SIZE = 2.0  # ... on a card seen at a slant from near (tune photos: 1.41-1.9)
# such pairs must hold alike ink for their sizes (`_inked_alike`): the larger tune set's AC measures
# 0.59, three in four of the pairs so tried on the tune sets more than 0.78; each read costs ~1.5 ms
SLANTED_INK_UNLIKENESS = 0.8
PARTNER_DISTANCE = (4.0, 14.0)  # in SPACINGs: a card's diagonal between its two indices
PARTNER_SLANT = (0.35, 1.5)  # the partner's distance across over its distance down
CARD_ASPECT = (0.95, 2.0)  # height over width of the outline two partners give (a squeezed photo: 1.15)
SIDE_DISTANCE = (3.0, 8.0)  # in SPACINGs: a card's width between a four-index deck's two top indices
SIDE_SLANT = 0.36  # tan 20 degrees: how far the line between those two may lean off each one's across
# (a rank-over-suit line leans up to ~10 degrees off the card's own, glyph centres not being print axes)
TOP_INDICES_APART = (FACE[0] - 2 * RANK_CENTRE[0]) / SPACING  # a card's two top ranks, in SPACINGs
SAME_PLACE = 0.2  # in SPACINGs: two spots' ranks nearer than this are one rank (its suit cut two ways)
SAME_INK = 0.1  # of the larger: two such ranks of more or less ink are a glyph and a piece of it
MAX_TOP_READS = 4  # outlines read by two top indices in one frame (~2.5 ms each): the tune scenes needed 3
# the plainest spots paired at steps 6 and 7 (a card's indices stand on plain paper): a table's grain
# cut against its paper gives thousands, and pairing costs their number squared (rdpong's wood: 4431
# spots, 2 s; rf100 tune scenes: up to 3269, more than 500 in one frame of ten; pairing 1000 took
# ~25 ms a look there, 500 a quarter of that, and every tune figure stays as it was with 1000)
MAX_PAIRED_SPOTS = 500
MAX_READS = 8  # spots read in one frame, widest pairs first (~1.5 ms each): as many as the tune photos needed
# two indices of one long side of a four-index card, a card's length apart (FACE: 6.9 SPACINGs)
EDGE_DISTANCE = (5.5, 8.5)
EDGE_SLANT = 0.3  # how far the line between them may lean off each one's down (tan ~17 degrees)
# Step 7: two indices of one card that read it alike name it. On one long side, the better read at
# SINGLE_CORNER_SCORE; on a diagonal or side by side, where chance pairs are commoner, at
# AGREEING_SCORE: at 0.7 a German JD whose two indices read 7D at 0.64 and 0.72 was named 7D (an
# anima overlap, with step 6 left out, which names it first otherwise), and pips of number cards read
# as ranks agreed on absent cards at 0.7-0.8 (rf100 tune scenes, every spot read); at 0.85 neither.
# 0.7 names 3 rf100 and 1 German tune card more.
AGREEING_SCORE = 0.85
MAX_AGREEING_READS = 6  # spots read for such pairs in one look, likeliest pairs first (~1.5 ms each)
# how much more unlike a long side's two indices may be than a diagonal or top pair and still be read
# first: a fanned hand shows only those (rf100 tune scenes: 563 named with none, 571 with 0.3-0.5)
EDGE_PRECEDENCE = 0.5


@dataclass(frozen=True)
class PairGeometry:
    """How two spots stand to each other, for each pair near enough and alike enough in size to be
    two indices of one card (NEAR_PAIR, MOST_PAIR_SIZE: every relation the steps test lies within
    both; about half the pairs of a busy rf100 frame's 700 spots are):
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
                       EDGE_DISTANCE[1] * np.hypot(1, EDGE_SLANT))
MOST_PAIR_SIZE = 1.01 * max(PARTNER_SIZE, SLANTED_PARTNER_SIZE)


def _pair_geometry(spots: list[IndexSpot]) -> PairGeometry:
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
    np.fill_diagonal(near, False)
    firsts, seconds = np.nonzero(near)
    angles = np.arctan2(downs[:, 1], downs[:, 0])
    turn = ((angles[seconds] - angles[firsts] + np.pi) % (2 * np.pi)) - np.pi
    sizes = spacings[firsts] / spacings[seconds]
    offset = ranks[seconds] - ranks[firsts]  # from spot i to spot j
    down = np.einsum("pk,pk->p", offset, downs[firsts]) / spacings[firsts]
    across = (offset[:, 0] * downs[firsts, 1] - offset[:, 1] * downs[firsts, 0]) / spacings[firsts]
    return PairGeometry(len(spots), firsts, seconds, turn, sizes, down, across)


def _pair_geometry_among(spots: list[IndexSpot], among: list[IndexSpot],
                         geometry: PairGeometry | None) -> PairGeometry:
    """`_pair_geometry(spots)`, taken from `geometry`, that of `among`, when it holds every one of
    them: each pair's measures are its own, and the plainest spots steps 6 and 7 pair hold step
    5's in most frames."""
    position = {id(spot): index for index, spot in enumerate(among)}
    if geometry is None or any(id(spot) not in position for spot in spots):
        return _pair_geometry(spots)
    return geometry.among(np.array([position[id(spot)] for spot in spots], np.intp))


def partners(spots: list[IndexSpot], most_size: float = PARTNER_SIZE) -> npt.NDArray[np.bool_]:
    """[i, j]: spot j may be the other index of spot i's card (see the module's step 3), the one
    spot's spacing at most `most_size` times the other's."""
    if not spots:
        return np.zeros((0, 0), bool)
    return _partners(_pair_geometry(spots), most_size)


def _partners(geometry: PairGeometry, most_size: float) -> npt.NDArray[np.bool_]:
    assert most_size < MOST_PAIR_SIZE  # no pair of spots less alike is measured
    turn, sizes, down = geometry.turn, geometry.sizes, geometry.down
    across = np.abs(geometry.across)
    distance = np.hypot(down, across)
    slant = across / np.maximum(down, 1e-6)
    return geometry.linked((np.pi - np.abs(turn) < PARTNER_TURN) & (sizes < most_size) & (sizes > 1 / most_size)
                           & (down > 0) & (distance > PARTNER_DISTANCE[0]) & (distance < PARTNER_DISTANCE[1])
                           & (slant > PARTNER_SLANT[0]) & (slant < PARTNER_SLANT[1]))


def _side_partners(geometry: PairGeometry) -> npt.NDArray[np.bool_]:
    """[i, j] (of `_pair_geometry`): spot j may be the top right index of a four-index card whose
    top left index spot i is: turned as it is, of its size, a card's width to its right."""
    turn, sizes, down, across = geometry.turn, geometry.sizes, geometry.down, geometry.across
    return geometry.linked((np.abs(turn) < PARTNER_TURN) & (sizes < PARTNER_SIZE) & (sizes > 1 / PARTNER_SIZE)
                           & (np.abs(down) < SIDE_SLANT * across)
                           & (across > SIDE_DISTANCE[0]) & (across < SIDE_DISTANCE[1]))


def _inked_alike(spots: list[IndexSpot]) -> npt.NDArray[np.bool_]:
    """[i, j]: the two spots' ranks and suits hold alike ink, each for its spot's size (one index
    printed twice, the nearer larger), within SLANTED_INK_UNLIKENESS summed over the two logs."""
    logs = _ink_logs(spots, per_area=True)
    unlike = np.abs(logs[:, None, :] - logs[None, :, :]).sum(axis=2)
    return np.asarray(unlike <= SLANTED_INK_UNLIKENESS, dtype=np.bool_)


def _ink_logs(spots: list[IndexSpot], per_area: bool) -> npt.NDArray[np.float64]:
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


Confirm = Callable[[Quad, str | None, IndexReadings], CardSighting | None]
ConfirmTop = Callable[[Quad], CardSighting | None]
ConfirmAgreed = Callable[[Quad, CornerReading], CardSighting | None]


def _edge_partners(geometry: PairGeometry) -> npt.NDArray[np.bool_]:
    """[i, j] (of `_pair_geometry`): spot j may be the other index on the same long side of a
    four-index card whose upper index spot i is (step 7): turned half round, of its size, a card's
    length straight below it."""
    turn, sizes, down, across = geometry.turn, geometry.sizes, geometry.down, geometry.across
    return geometry.linked((np.pi - np.abs(turn) < PARTNER_TURN) & (sizes < PARTNER_SIZE) & (sizes > 1 / PARTNER_SIZE)
                           & (down > EDGE_DISTANCE[0]) & (down < EDGE_DISTANCE[1])
                           & (np.abs(across) < EDGE_SLANT * down))


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


def agreed_card(one: CornerReading, other: CornerReading, least_best: float = AGREEING_SCORE) -> (
        CornerReading | None):
    """The card two indices of one card name (step 7): both read it, one of them at `least_best` or
    better; no joker (its lettering is no rank over a suit). Else None."""
    card = one.card_id
    if card is None or card == JOKER or other.card_id != card:
        return None
    if max(one.score, other.score) < least_best:
        return None
    return CornerReading(card, min(one.score, other.score), red=one.red, suit_glyph=one.suit_glyph or other.suit_glyph)


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


def cards_by_index_pairs(image: npt.NDArray[np.uint8], read: Callable[[BalancedFace], CornerReading],
                         confirm: Confirm, taken: list[Quad], colourless: bool,
                         look_again: bool = False, later: LaterSteps | None = None) -> list[CardSighting]:
    """The cards whose two indices read the same rank, confirmed on the outline they give:
    `confirm` examines it as any outline, expecting the card either index named (None when
    neither named one: a suit too small to tell spade from club, which the face's suit marks
    may settle). `taken`: outlines of cards named already and of tags; no spot inside one is
    read, and no outline about one is examined.
    `look_again`: something in the frame is still unnamed (an outline nobody read, or no card at
    all), so the ink is cut again against the paper (`index_spots`) for the cards the first look
    left (a German B whose thin stroke the local mean cut in two, beside the card it named).
    `later`: steps 6 and 7 (`LaterSteps`); None: neither is taken."""
    searched = searched_frame(image)  # once for both looks
    steps = later or LaterSteps()
    named = _named_by_pairs(image, cut_spots(*searched, False), read, confirm, taken, colourless, steps)
    if not look_again:
        return named
    # the cards named at the first look are taken too: the second finds only what it left
    taken = taken + [np.array(sighting.polygon, np.float32) for sighting in named]
    return named + _named_by_pairs(image, cut_spots(*searched, True), read, confirm, taken, colourless, steps)


@dataclass(frozen=True)
class LaterSteps:
    """Steps 6 and 7, for a deck printing four indices (None: that step is not taken). `top` reads a
    card on the outline two side by side top indices give (a card whose lower half another card
    hides); `agreed` names a card two of its indices read alike (a card of a fanned hand, or one
    whose outline step 5 could not confirm), on the outline they give."""

    top: ConfirmTop | None = None
    agreed: ConfirmAgreed | None = None


def _named_by_pairs(image: npt.NDArray[np.uint8], found: list[IndexSpot], read: Callable[[BalancedFace], CornerReading],
                    confirm: Confirm, taken: list[Quad], colourless: bool,
                    later: LaterSteps) -> list[CardSighting]:
    free = [spot for spot, inside in zip(found, inside_any(taken, _ranks(found)), strict=True) if not inside]
    spots = [spot for spot in free if spot.other_ink <= MAX_OTHER_INK]
    later_steps = (later.top is not None or later.agreed is not None) and len(free) >= 2
    # the plainest spots, for steps 6 and 7 (a card's indices stand on plain paper): a table's grain
    # cut against its paper gives thousands, and pairing costs their number squared
    plainest = (free if len(free) <= MAX_PAIRED_SPOTS or not later_steps
                else sorted(free, key=lambda spot: spot.other_ink)[:MAX_PAIRED_SPOTS])
    plainest_geometry = _pair_geometry(plainest) if later_steps else None
    linked = slanted = np.zeros((0, 0), bool)
    if spots:
        geometry = _pair_geometry_among(spots, plainest, plainest_geometry)
        linked = _partners(geometry, PARTNER_SIZE)
        if not taken:
            # a card seen at a slant from near (a phone held low over it) prints its nearer index
            # larger: in a frame where nothing is named yet (such a card fills it), those pairs are
            # read after every other, with what the read budget leaves (in frames of named cards
            # too, they cost the white scene frames 3-5 ms on the mean and named nothing more on
            # any tune set)
            slanted = _partners(geometry, SLANTED_PARTNER_SIZE) & ~linked & _inked_alike(spots)
    reads = _SpotReads(image, colourless, read)
    examined: set[frozenset[int]] = set()  # pairs of spots whose outline steps 5 and 6 examined (by id)

    def reading(index: int) -> CornerReading | None:
        if not reads.has(spots[index]) and len(reads.done) >= MAX_READS:
            return None
        return reads.of(spots[index])

    named: list[CardSighting] = []
    outlines = list(taken)
    for first, second in _widest_first(spots, linked) + _widest_first(spots, slanted):
        if len(reads.done) >= MAX_READS and not (reads.has(spots[first]) and reads.has(spots[second])):
            continue  # the budget spent, only two spots read already may still name a card
        # the outline first (geometry, no read): a pair that gives no card's shape, or one about a
        # card named already (or a tag's), spends none of the read budget (in a scene of four or five
        # cards the widest pairs run from one card to another: rf100 tune scenes 504 -> 507 named)
        outline = card_outline(spots[first], spots[second])
        if outline is None or any(overlap(outline, quad) for quad in outlines):
            continue
        one = reading(first)
        if one is None or one.rank is None:
            continue
        other = reading(second)
        if other is None or one.rank != other.rank:
            continue
        cards = {seen.card_id for seen in (one, other) if seen.card_id}
        if len(cards) > 1:
            continue  # the two indices name different cards
        examined.add(frozenset((id(spots[first]), id(spots[second]))))
        sighting = confirm(outline, cards.pop() if cards else None, (one, other))
        if sighting is not None:
            named.append(sighting)
            outlines.append(outline)
    if plainest_geometry is not None:
        geometry = plainest_geometry
        side_by_side = _side_partners(geometry)  # both steps pair top indices
        if later.top is not None:
            named += _named_by_top_indices(plainest, side_by_side, later.top, outlines, examined)
        if later.agreed is not None:
            named += _named_by_agreeing_indices(plainest, geometry, side_by_side, reads, later.agreed, outlines,
                                                examined)
    return named


@dataclass
class _SpotReads:
    """Each spot read upright once a look, whichever step asks (`upright_face`, the reader)."""

    image: npt.NDArray[np.uint8]
    colourless: bool
    read: Callable[[BalancedFace], CornerReading]
    done: dict[int, CornerReading] = field(default_factory=dict)  # by the spot's id: its arrays are unhashable

    def has(self, spot: IndexSpot) -> bool:
        return id(spot) in self.done

    def of(self, spot: IndexSpot) -> CornerReading:
        if id(spot) not in self.done:
            self.done[id(spot)] = self.read(upright_face(self.image, spot, self.colourless))
        return self.done[id(spot)]


def _named_by_agreeing_indices(spots: list[IndexSpot], geometry: PairGeometry,
                               side_by_side: npt.NDArray[np.bool_], reads: _SpotReads,
                               confirm_agreed: ConfirmAgreed, outlines: list[Quad],
                               examined: set[frozenset[int]]) -> list[CardSighting]:
    """Step 7: cards named by two of their indices that read them alike (`agreed_card`): partners
    on a diagonal (a card whose outline step 5 could not confirm), two indices of one long side, or
    two side by side at its top. The likeliest pairs first (`_agreeing_pairs`), with at most
    MAX_AGREEING_READS spots read here (a spot read at an earlier step costs nothing). Neither index
    may lie in a named outline (a card in full view is named by its outline or its diagonal pair
    already), and a pair whose outline step 5 or 6 examined (`examined`, by the spots' ids) is left
    alone."""
    fresh: set[int] = set()  # spots this step read
    named: list[CardSighting] = []
    ranks = _ranks(spots)
    # spots no pair of which can name a card: in a named outline, or read naming none (a frame of busy
    # cloth has thousands of pairs, not each worth a look)
    spent = inside_any(outlines, ranks)

    def named_by(first: int, second: int, relation: Relation) -> None:
        pair = (spots[first], spots[second])
        if frozenset(map(id, pair)) in examined:
            return  # an examination of the face their outline gives refused its card: that stands
        unread = {id(spot) for spot in pair if not reads.has(spot)}
        if len(fresh | unread) > MAX_AGREEING_READS:
            return
        readings: list[CornerReading] = []
        # a spot read already first: its reading may settle the pair without the other's read
        for index in sorted((first, second), key=lambda index: not reads.has(spots[index])):
            if not reads.has(spots[index]):
                fresh.add(id(spots[index]))
            readings.append(reads.of(spots[index]))
            if readings[-1].card_id is None:
                spent[index] = True  # both must read the card: the other is not worth a read
                return
        reading = agreed_card(readings[0], readings[1], SINGLE_CORNER_SCORE if relation == "edge" else AGREEING_SCORE)
        outline = _agreed_outline(*pair, relation)
        sighting = None if reading is None or outline is None else confirm_agreed(outline, reading)
        if sighting is not None and outline is not None:
            named.append(sighting)
            outlines.append(outline)
            spent[inside_any([outline], ranks)] = True

    firsts, seconds, relations = _agreeing_pairs(spots, geometry, side_by_side)
    for position in range(len(firsts)):
        if spent[firsts[position]] or spent[seconds[position]]:
            continue
        if len(fresh) >= MAX_AGREEING_READS:
            # the budget spent, only two spots read already may still name a card
            read = np.array([reads.has(spot) for spot in spots])
            for rest in position + np.flatnonzero(read[firsts[position:]] & read[seconds[position:]]):
                if not (spent[firsts[rest]] or spent[seconds[rest]]):
                    named_by(int(firsts[rest]), int(seconds[rest]), relations[rest])
            break
        named_by(int(firsts[position]), int(seconds[position]), relations[position])
    return named


Relation = Literal["diagonal", "edge", "top"]  # how two indices of one card stand to each other
RELATIONS: tuple[Relation, ...] = ("diagonal", "edge", "top")  # in the order `_agreeing_pairs` numbers them


def _agreeing_pairs(spots: list[IndexSpot], geometry: PairGeometry,
                    side_by_side: npt.NDArray[np.bool_]) -> (
        tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], list[Relation]]):
    """Each pair of spots that may be two indices of one card once (its first spots, its second
    spots, how they stand), the likeliest first: a card prints its indices alike, so two spots'
    ranks and suits holding alike ink for their sizes, on plain paper, come first (simulated from
    every spot's reading on the rf100 tune scenes, 10 reads a look: 22 cards more than the other
    steps named, in this order; 13 in the order of plainness alone), a long side's two before others
    up to EDGE_PRECEDENCE less unlike."""
    linked = [_partners(geometry, PARTNER_SIZE), _edge_partners(geometry), side_by_side]  # RELATIONS
    # the three stand apart (turned half round or not; straight below or to one side): a pair is one
    kind = np.full(linked[0].shape, -1, np.int8)
    for number, pairs in enumerate(linked):
        kind[pairs] = number
    # each pair once: a top pair as (left, right), the others (turned half round) either way round
    either = kind >= 0
    once = either & ~(np.tril(either, k=-1) & either.T & (kind == kind.T))
    firsts, seconds = np.nonzero(once)
    logs = _ink_logs(spots, per_area=True)
    other_ink = np.array([spot.other_ink for spot in spots])
    unlikeness = np.abs(logs[firsts] - logs[seconds]).sum(axis=1) + np.maximum(other_ink[firsts], other_ink[seconds])
    unlikeness -= EDGE_PRECEDENCE * (kind[firsts, seconds] == RELATIONS.index("edge"))
    order = np.argsort(unlikeness, kind="stable")
    firsts, seconds = firsts[order], seconds[order]
    return firsts, seconds, [RELATIONS[number] for number in kind[firsts, seconds]]


def _agreed_outline(first: IndexSpot, second: IndexSpot, relation: Relation) -> Quad | None:
    """The outline two indices of one card give: a long side's strip, the card of a diagonal pair
    (None when not card-shaped) or of two top indices."""
    if relation == "edge":
        return edge_strip(first, second)
    if relation == "top":
        return top_indices_outline(first, second)
    return card_outline(first, second)


def _named_by_top_indices(spots: list[IndexSpot], linked: npt.NDArray[np.bool_], confirm_top: ConfirmTop,
                          outlines: list[Quad], examined: set[frozenset[int]]) -> list[CardSighting]:
    """Step 6: cards named by two top indices side by side (`linked`: `_side_partners`), on the
    outline they give. That outline may lie partly under a named card (the card over it), so only its
    indices must lie outside every named outline. At most MAX_TOP_READS a frame, likeliest first
    (`_top_pairs`)."""
    named: list[CardSighting] = []
    ranks = _ranks(spots)
    covered = inside_any(outlines, ranks)  # ranks in a named outline
    tried: list[tuple[IndexSpot, IndexSpot]] = []
    for first, second in _top_pairs(spots, linked):
        if covered[first] or covered[second]:
            continue
        left, right = spots[first], spots[second]
        if any(_same_place(left, one) and _same_place(right, other) for one, other in tried):
            continue  # the same two ranks with other blobs for suits: the same outline
        if len(tried) == MAX_TOP_READS:
            break
        tried.append((left, right))
        examined.add(frozenset((id(left), id(right))))
        outline = top_indices_outline(left, right)
        sighting = confirm_top(outline)
        if sighting is not None:
            named.append(sighting)
            outlines.append(outline)
            covered |= inside_any([outline], ranks)
    return named


def _top_pairs(spots: list[IndexSpot], linked: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    """The pairs `linked` gives (left, right), the likeliest a card's two top indices first: the
    least other ink about them, plus how far their distance in spacings is from a card's (a "10"
    gives spots of its "1", its "0" and the two joined, and only the joined one stands where the
    card's rank does), plus how unalike their ink is (one index printed twice: its rank and its suit
    each of one weight of ink in both)."""
    lefts, rights = np.nonzero(linked)
    ranks = _ranks(spots)
    spacings = np.array([spot.spacing for spot in spots], np.float64)
    other_ink = np.array([spot.other_ink for spot in spots], np.float64)
    offsets = ranks[rights] - ranks[lefts]
    apart = np.hypot(offsets[:, 0], offsets[:, 1]) / ((spacings[lefts] + spacings[rights]) / 2)
    logs = _ink_logs(spots, per_area=False)
    unlikeness = (np.maximum(other_ink[lefts], other_ink[rights]) + np.abs(np.log(apart / TOP_INDICES_APART))
                  + np.abs(logs[lefts] - logs[rights]).sum(axis=1))
    order = np.argsort(unlikeness, kind="stable")
    return [(int(lefts[pair]), int(rights[pair])) for pair in order]


def _ranks(spots: list[IndexSpot]) -> npt.NDArray[np.float64]:
    """The spots' rank centres, one row (x, y) each."""
    return np.array([spot.rank for spot in spots], np.float64).reshape(-1, 2)


def _same_place(spot: IndexSpot, other: IndexSpot) -> bool:
    """One rank blob (its suit cut two ways), not a rank and a piece of it (a B whose stem parts)."""
    return (float(np.hypot(*(spot.rank - other.rank))) < SAME_PLACE * spot.spacing
            and abs(spot.inked[0] - other.inked[0]) <= SAME_INK * max(spot.inked[0], other.inked[0]))


def _widest_first(spots: list[IndexSpot], linked: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    """Each pair of partners once, the farthest apart (in their spacings) first: a card's two
    indices are the farthest apart of its print's blobs, and a court card's picture holds many
    nearer pairs, which the read budget then seldom reaches."""
    pairs = [(int(a), int(b)) for a, b in zip(*np.nonzero(linked), strict=True) if a < b or not linked[b, a]]

    def apart(pair: tuple[int, int]) -> float:
        one, other = spots[pair[0]], spots[pair[1]]
        return float(np.hypot(*(other.rank - one.rank))) / (one.spacing + other.spacing)

    return sorted(pairs, key=apart, reverse=True)
