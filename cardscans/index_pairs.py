"""Playing cards found by their two corner indices where no card outline is found: a white card on
a white counter, a card the frame cuts, a close-up, a card lying against its neighbour.

A person reads such a card by its index, not its edge. So:
1. index spots, rank over suit on plain paper, are found in the whole frame (cardscans.index_spots);
2. where the frame still holds something unnamed, they are found again with the ink cut against
   the paper around it: a second look, for the cards the first left; and a third in the frame
   sharpened, for the cards those two left in a soft photo;
3. a spot is kept only with a partner (cardscans.spot_pairs tells how two spots stand and the
   outline a pair gives): a spot turned half round, of its size, a card's length away
   down and to one side (a card prints its index twice, the second upside down); a card seen at a
   slant from near prints its nearer index up to twice the size of the farther: in a frame where
   nothing is named yet, such pairs holding alike ink for their sizes are read last;
4. each kept spot is read upright by the corner reader on a face laid around it (`upright_face`);
5. two partners that read the same rank (and no two different cards) give that card's outline,
   which the corner reader then examines as it examines any outline (both corners, the pips
   against the rank): the card is named only when that examination names it, and names what the
   indices named (for two spots of different sizes, a perspective view fitted to both). That
   outline is an estimate, so where its corner cuts an index and reads less than the spot did,
   the spot's reading stands for that corner. One index alone names nothing here (but see 8);
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
   that side (`edge_strip`): where the rest of the card lies, left or right, the two do not tell;
8. after every look, on any deck: a spot read at steps 5 to 7 (or one of the few more spots a look this
   step reads) that reads a card beyond doubt names it alone (cardscans.lone_indices: a card of a fanned
   hand shows one index only), and two such spots read in any looks that stand as one card's indices
   name it reading it alike, each a little less surely.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import BalancedFace
from cardscans.card_indices import JOKER
from cardscans.corner_index import INDEX_LEVELS, CornerReading
from cardscans.index_spots import MAX_OTHER_INK, IndexSpot, cut_spots, detection_of, searched_frame, upright_face
from cardscans.lone_indices import LONE_INK_LEVELS, NameByReading, named_by_lone_indices
from cardscans.playing_cards import SINGLE_CORNER_SCORE, IndexReadings
from cardscans.quads import DetectionFrame, Quad, inside_any, overlap
from cardscans.sighting import CardSighting
from cardscans.spot_pairs import (
    PARTNER_SIZE,
    SLANTED_PARTNER_SIZE,
    TOP_INDICES_APART,
    PairGeometry,
    card_outline,
    edge_partners,
    edge_strip,
    ink_logs,
    inked_alike,
    linked_partners,
    pair_geometry,
    pair_geometry_among,
    rank_centres,
    side_partners,
    top_indices_outline,
)

SAME_PLACE = 0.2  # in SPACINGs: two spots' ranks nearer than this are one rank (its suit cut two ways)
SAME_INK = 0.1  # of the larger: two such ranks of more or less ink are a glyph and a piece of it
MAX_TOP_READS = 4  # outlines read by two top indices in one frame (~2.5 ms each): the tune scenes needed 3
# the plainest spots paired at steps 6 and 7 (a card's indices stand on plain paper): a table's grain
# cut against its paper gives thousands, and pairing costs their number squared (rdpong's wood: 4431
# spots, 2 s; rf100 tune scenes: up to 3269, more than 500 in one frame of ten; pairing 1000 took
# ~25 ms a look there, 500 a quarter of that, and every tune figure stays as it was with 1000)
MAX_PAIRED_SPOTS = 500
MAX_READS = 8  # spots read in one frame, widest pairs first (~1.5 ms each): as many as the tune photos needed
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


Confirm = Callable[[Quad, str | None, IndexReadings], CardSighting | None]
ConfirmTop = Callable[[Quad], CardSighting | None]


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


def cards_by_index_pairs(image: npt.NDArray[np.uint8], read: ReadIndex,
                         confirm: Confirm, taken: list[Quad], colourless: bool,
                         look_again: bool = False, later: LaterSteps | None = None,
                         detection: DetectionFrame | None = None,
                         first_spots: list[IndexSpot] | None = None) -> list[CardSighting]:
    """The cards whose two indices read the same rank, confirmed on the outline they give:
    `confirm` examines it as any outline, expecting the card either index named (None when
    neither named one: a suit too small to tell spade from club, which the face's suit marks
    may settle). `taken`: outlines of cards named already and of tags; no spot inside one is
    read, and no outline about one is examined.
    `look_again`: something in the frame is still unnamed (an outline nobody read, or no card at
    all), so the ink is cut again against the paper (`index_spots`) for the cards the first look
    left (a German B whose thin stroke the local mean cut in two, beside the card it named), and
    then in the frame sharpened for the cards both left (a soft photo's blurred glyphs); so it is
    too where the first look named a card, or paired spots outside the `taken` outlines.
    `later`: steps 6 to 8 (`LaterSteps`); None: none is taken. `detection`: the frame in grey,
    reduced as outlines are looked for in, when the caller has it (`index_spots.searched_frame`);
    `first_spots`: the first look's spots (`cut_spots` of that frame), when the caller cut them already."""
    detection = detection_of(image) if detection is None else detection  # once for every look
    searched = searched_frame(image, detection)  # once for the first two looks
    steps = later or LaterSteps()
    spots = cut_spots(*searched, False) if first_spots is None else first_spots
    named, first = _named_by_pairs(image, spots, read, confirm, taken, colourless, steps)
    looks = [first]
    if look_again or named or (taken and first.done):
        # a card the first look named lay where no outline named it (under another card, cut by the
        # frame), so a frame's others may lie so too, where the outlines saw nothing unnamed (rf100's
        # larger tune set: 1,968 -> 1,982 of 2,187 named, the rf100 tune scenes' median frame ~30 %
        # longer); and where the outlines named a card and the first look paired spots outside it,
        # naming none: the indices of a fanned card beside those named, which a later look's cut
        # reads (since stop 51: rf100's larger tune set 2,029 -> 2,037 of 2,187 named, seen 357 -> 359
        # of 386, no other tune or check set moved, none more named wrong; where a card was named,
        # always looking again named 2,041 but tripled the white scenes' median frame, and
        # pstephenwille's single cards' fourteenfold, most of whose first looks pair nothing). The
        # cards named at the looks before are taken too: each finds only what they left. The second
        # cuts the ink against the paper; the third cuts it in the frame sharpened, where a soft
        # photo's blurred glyphs stand apart (rf100 tune scenes: 1,923 -> 1,934 of 2,187 named,
        # seen: 335 -> 338 of 386, none more named wrong on any tune or check set; docs/tags.md).
        # Sharpening the frame's grey for the outlines and every look instead named 1,972 there, but
        # 337 seen, and three cards wrong on three other tune and check sets.
        later_looks: tuple[Callable[[], list[IndexSpot]], ...] = (
            lambda: cut_spots(*searched, True),
            lambda: cut_spots(*searched_frame(image, detection, sharpen=True), False))
        for spots_again in later_looks:
            looked = taken + [np.array(sighting.polygon, np.float32) for sighting in named]
            named_again, again = _named_by_pairs(image, spots_again(), read, confirm, looked, colourless, steps)
            named += named_again
            looks.append(again)
    if steps.lone is None:
        return named
    # after every look: an index one look read alone may belong to a card a pair of another named
    outlines = taken + [np.array(sighting.polygon, np.float32) for sighting in named]
    # steps 6 and 7 are taken only on a deck printing four indices (pipeline.Scanner): so is the
    # pairing of two indices side by side or down one long side at step 8
    return named + named_by_lone_indices(looks, outlines, steps.lone, four_indices=steps.top is not None)


class ReadIndex(Protocol):
    """The corner reader's read of one index spot's upright face (CornerReader.read_index), at the
    ink cuts `levels` when given."""

    def __call__(self, face: BalancedFace, levels: tuple[int, ...] = ...) -> CornerReading: ...


@dataclass(frozen=True)
class LaterSteps:
    """Steps 6 to 8 (None: that step is not taken; steps 6 and 7 only on a deck printing four
    indices, pipeline.Scanner). `top` reads a
    card on the outline two side by side top indices give (a card whose lower half another card
    hides); `agreed` names a card two of its indices read alike (a card of a fanned hand, or one
    whose outline step 5 could not confirm), on the outline they give; `lone` names a card one
    index read beyond doubt (cardscans.lone_indices), on its corner."""

    top: ConfirmTop | None = None
    agreed: NameByReading | None = None
    lone: NameByReading | None = None


def _named_by_pairs(image: npt.NDArray[np.uint8], found: list[IndexSpot], read: ReadIndex,
                    confirm: Confirm, taken: list[Quad], colourless: bool,
                    later: LaterSteps) -> tuple[list[CardSighting], _SpotReads]:
    """Steps 3 to 7 on one look's spots (`found`): the cards named, and the look's spots and reads,
    for step 8."""
    free = [spot for spot, inside in zip(found, inside_any(taken, rank_centres(found)), strict=True) if not inside]
    spots = [spot for spot in free if spot.other_ink <= MAX_OTHER_INK]
    later_steps = (later.top is not None or later.agreed is not None) and len(free) >= 2
    # the plainest spots, for steps 6 and 7 (a card's indices stand on plain paper): a table's grain
    # cut against its paper gives thousands, and pairing costs their number squared
    plainest = (free if len(free) <= MAX_PAIRED_SPOTS or not later_steps
                else sorted(free, key=lambda spot: spot.other_ink)[:MAX_PAIRED_SPOTS])
    plainest_geometry = pair_geometry(plainest) if later_steps else None
    linked = slanted = np.zeros((0, 0), bool)
    if spots:
        geometry = pair_geometry_among(spots, plainest, plainest_geometry)
        linked = linked_partners(geometry, PARTNER_SIZE)
        if not taken:
            # a card seen at a slant from near (a phone held low over it) prints its nearer index
            # larger: in a frame where nothing is named yet (such a card fills it), those pairs are
            # read after every other, with what the read budget leaves (in frames of named cards
            # too, they cost the white scene frames 3-5 ms on the mean and named nothing more on
            # any tune set)
            slanted = linked_partners(geometry, SLANTED_PARTNER_SIZE) & ~linked & inked_alike(spots)
    # step 8 picks its few more reads among every spot outside named cards: an index beside a
    # neighbour's print is plain enough to read alone (rf100 tune scenes 669 -> 672 named, 3 ms a frame)
    reads = _SpotReads(image, colourless, read, free)
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
        side_by_side = side_partners(geometry)  # both steps pair top indices
        if later.top is not None:
            named += _named_by_top_indices(plainest, side_by_side, later.top, outlines, examined)
        if later.agreed is not None:
            named += _named_by_agreeing_indices(plainest, geometry, side_by_side, reads, later.agreed, outlines,
                                                examined)
    return named, reads


@dataclass
class _SpotReads:
    """Each spot read upright once a look, whichever step asks (`upright_face`, the reader): a
    `lone_indices.LookReads`."""

    image: npt.NDArray[np.uint8]
    colourless: bool
    read: ReadIndex
    free: list[IndexSpot]  # the look's spots outside named cards (index_spots.MAX_OTHER_INK_BESIDE)
    # each spot read and its reading, in the order read, by the spot's id: its arrays are unhashable
    done: dict[int, tuple[IndexSpot, CornerReading]] = field(default_factory=dict)

    def has(self, spot: IndexSpot) -> bool:
        return id(spot) in self.done

    def of(self, spot: IndexSpot) -> CornerReading:
        return self._read_once(spot, INDEX_LEVELS)

    def glance(self, spot: IndexSpot) -> CornerReading:
        return self._read_once(spot, LONE_INK_LEVELS)

    def _read_once(self, spot: IndexSpot, levels: tuple[int, ...]) -> CornerReading:
        if id(spot) not in self.done:
            self.done[id(spot)] = spot, self.read(upright_face(self.image, spot, self.colourless), levels)
        return self.done[id(spot)][1]

    @property
    def readings(self) -> list[tuple[IndexSpot, CornerReading]]:
        return list(self.done.values())


def _named_by_agreeing_indices(spots: list[IndexSpot], geometry: PairGeometry,
                               side_by_side: npt.NDArray[np.bool_], reads: _SpotReads,
                               confirm_agreed: NameByReading, outlines: list[Quad],
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
    ranks = rank_centres(spots)
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
    linked = [linked_partners(geometry, PARTNER_SIZE), edge_partners(geometry), side_by_side]  # RELATIONS
    # the three stand apart (turned half round or not; straight below or to one side): a pair is one
    kind = np.full(linked[0].shape, -1, np.int8)
    for number, pairs in enumerate(linked):
        kind[pairs] = number
    # each pair once: a top pair as (left, right), the others (turned half round) either way round
    either = kind >= 0
    once = either & ~(np.tril(either, k=-1) & either.T & (kind == kind.T))
    firsts, seconds = np.nonzero(once)
    logs = ink_logs(spots, per_area=True)
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
    """Step 6: cards named by two top indices side by side (`linked`: `side_partners`), on the
    outline they give. That outline may lie partly under a named card (the card over it), so only its
    indices must lie outside every named outline. At most MAX_TOP_READS a frame, likeliest first
    (`_top_pairs`)."""
    named: list[CardSighting] = []
    ranks = rank_centres(spots)
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
    other_ink = np.array([spot.other_ink for spot in spots], np.float64)
    logs = ink_logs(spots, per_area=False)
    unlikeness = (np.maximum(other_ink[lefts], other_ink[rights])
                  + np.abs(np.log(_apart(spots, lefts, rights) / TOP_INDICES_APART))
                  + np.abs(logs[lefts] - logs[rights]).sum(axis=1))
    order = np.argsort(unlikeness, kind="stable")
    return [(int(lefts[pair]), int(rights[pair])) for pair in order]


def _same_place(spot: IndexSpot, other: IndexSpot) -> bool:
    """One rank blob (its suit cut two ways), not a rank and a piece of it (a B whose stem parts)."""
    return (float(np.hypot(*(spot.rank - other.rank))) < SAME_PLACE * spot.spacing
            and abs(spot.inked[0] - other.inked[0]) <= SAME_INK * max(spot.inked[0], other.inked[0]))


def _widest_first(spots: list[IndexSpot], linked: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    """Each pair of partners once, the farthest apart (in their spacings) first: a card's two
    indices are the farthest apart of its print's blobs, and a court card's picture holds many
    nearer pairs, which the read budget then seldom reaches."""
    firsts, seconds = np.nonzero(linked & ~(np.tril(linked, k=-1) & linked.T))
    order = np.argsort(-_apart(spots, firsts, seconds), kind="stable")
    return [(int(firsts[pair]), int(seconds[pair])) for pair in order]


def _apart(spots: list[IndexSpot], firsts: npt.NDArray[np.intp], seconds: npt.NDArray[np.intp]) -> (
        npt.NDArray[np.float64]):
    """How far apart each pair's two ranks lie, in the pair's mean spacing."""
    ranks = rank_centres(spots)
    spacings = np.array([spot.spacing for spot in spots], np.float64)
    offsets = ranks[seconds] - ranks[firsts]
    return np.asarray(np.hypot(offsets[:, 0], offsets[:, 1]) / ((spacings[firsts] + spacings[seconds]) / 2),
                      dtype=np.float64)
