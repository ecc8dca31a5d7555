"""Step 8 of cardscans.index_pairs: a card named by one of its indices alone, where its others lie
under other cards (a fanned hand shows each card's top-left index and nothing else of its print).

A person reads such a card by that one index. The reader does so only where one index can be
trusted (never invent):
- the spot was read by steps 5 to 7, or is one of the few unread spots of each look this step reads:
  the likeliest indices, beside an index read naming a card, turned as it is and of its size
  (`_read_likeliest`; where no index read surely, of the size the named cards' outlines give, else
  of the spots the pair steps read), each
  read at the two cuts this step trusts;
- it names a card no tag, outline or pair in the frame named, at LONE_SCORE or better, at the plain
  ink cut or the looser one (the tighter and shaded cuts are those that read a patterned cloth's
  print as an index: rf100 tune scenes), or at CLEAR_RANK_SCORE with its rank far clear of every
  other, where the frame's cards size it (`_clear_rank`); or at PAIRED_SCORE, where a spot that
  stands as another index of its card (`spot_pairs.read_alike_partners`) reads it alike, or reads
  its rank over a suit whose shape leans to its suit, one of the two reading the card at
  PAIRED_BEST: two of a card's indices read in different looks, or less surely than a pair step
  asks (`_paired`);
- no other spot read where it stands names another card;
- it is of the size of an index of the cards named in the frame (`_card_shorts`): a spot of a cloth's
  pattern, or a card's pips, is seldom. In a frame where no card-shaped outline was named to size it
  by (cards named on the strip of one long side), it must be of the size of the indices read as
  surely naming other cards (a fanned hand of one deck), else read at UNSIZED_SCORE.

The card is given on its corner (`index_spots.corner_outline`): where the rest of it lies is unseen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from cardscans.corner_index import CornerReading
from cardscans.index_spots import IndexSpot, corner_outline
from cardscans.quads import Quad, inside_any, opposite_sides
from cardscans.sighting import CardSighting
from cardscans.spot_pairs import pair_geometry, read_alike_partners

# Measured on every spot of the tune sets, read whether the steps read it or not (single cards,
# scenes, overlaps; the report sets never): at 0.85 the rf100 tune scenes gained 33 cards, the white
# scenes and singles 4, kentdoan 1, and no spot named a card at a place it is not, but one that
# other cards in its frame named already (a 2H on a patterned cloth, at 0.91); at 0.8, 4 such. A
# card named already is never named again (steps 7 and 8, outline_reading.once_a_deck), so since
# stop 41 0.8: rf100's larger tune set 1,890 -> 1,905 of 2,187 named, its tune set 334 -> 337, no
# card more named wrong on any tune or check set nor on the blurred frames (scan_blurred_cards)
LONE_SCORE = 0.8
LONE_INK_LEVELS = (0, 1)  # corner_index.INK_LEVELS: the plain cut and the looser one
UNSIZED_SCORE = 0.9
# an index's spacing (rank to suit) over the median short side of the frame's card-shaped named
# outlines: on those tune sets the spots reading their own card measure 0.07-0.23 of it, the spots
# reading a card where none lies 0.14-0.62
MOST_SPACING_OF_CARD = 0.22
CARD_SHAPED = (0.5, 0.9)  # short side over long of an outline that sizes a card (a card is 0.72; a tag 1)
NEARBY = 0.5  # in the spot's spacings: two spots this near read one index
# spots this step reads in each look (~1.3 ms each), of those the pair steps left unread, likeliest
# first (`_unlikeliness`): rf100 tune scenes (stop 39, by size and plain paper alone) 665 named with 1,
# 667 with 2, 669 with 8, 672 with every one; rf100's larger tune set (stop 42, by UNLIKELINESS_WEIGHTS)
# 1,923 of 2,187 named with 8, 1,928 with 12, 1,940 with every one (1.6 times the mean frame time);
# stop 50: 2,004 with 8, 2,013 with 16, 2,015 with 32, 2,025 with 64, 2,031 with every one (twice the
# mean frame time), none more named wrong; 64 costs that set about half its mean and median frame
# time again, the report scenes' median a third. Until stop 50 a frame sized by one named card alone
# (a single card, a trick's front card) read 3 a look (pstephenwille singles' median frame 15 -> 18 ms
# with 3, 22 ms with 8); the same budget there named 2,015 -> 2,025 with 64, and the report singles'
# median frame stayed 16-18 ms
MORE_READS_A_LOOK = 64
# an index's spacing over the card's short side, where no index was read surely to size the reads by
# and the frame's named outlines do: 0.08-0.2 on the spots reading their own card that way (rf100's
# larger tune set, stop 44), most about 0.14
SPACING_OF_CARD = 0.14
# ... among those of about the frame's indices' size (|log| of spacing over their median), wider than
# SIZE_TOLERANCE, which trusts a lone index: rf100's larger tune set 1,932 named reading every one at
# 0.25, 1,940 at 0.5, 1,942 at any size
READ_SIZE_TOLERANCE = 0.5
# The order of those reads. Of every spot of rf100's larger tune set read (stop 42), 77 named a card,
# far from the first 16 a frame by size and plain paper (30 of them there; one 525th): a fanned card's
# index stands beside its neighbour's, turned alike, and prints its rank and suit of like ink, a cloth's
# pattern anywhere. By these weights the first 16 a frame hold 50 (the 'seen' check set: 3 -> 11 of 14);
# chosen among 320 on the tune set alone
UNLIKELINESS_WEIGHTS = (1.0, 1.0, 4.0, 1.0, 2.0)  # far, turned, sized, inked, unbalanced
# |log| of a spot's spacing over the median of the frame's sure indices (of other cards, when sizing
# a lone index by them: rf100 tune scenes 628 -> 633 named, no other tune set moved): ~1.28 times
SIZE_TOLERANCE = 0.25
# A card two of its indices read alike (`_paired`), each at PAIRED_SCORE, one of them at PAIRED_BEST:
# rf100's larger tune set 1,982 -> 1,992 of 2,187 named (with partners reading the rank only and a
# suit shape leaning to the card's), its tune set 349 -> 352, the seen check set 344 -> 346, none
# more named wrong on any tune or check set nor on the blurred frames. At 0.7, 1,997
# and 354, but the English reader named a German jack 8S (anima's Pik_Bube: both its B's read 8S at
# 0.68-0.70, where its outline's face had refused 8S, a picture): a deck not chosen reads as none; with
# no PAIRED_BEST, two hearts atop a 9H's pips read AD at 0.67 and 0.69
PAIRED_SCORE = 0.65
PAIRED_BEST = 0.75
# A lone index read below LONE_SCORE whose rank stands far clear of every other rank (rank_margin)
# is trusted too, where the frame's cards size it: of every card read by one index on the tune and
# check sets (stop 48), 13 cards more named at 0.7 with a margin of 0.4 and none wrong; at 0.3, 20
# more and one wrong; at 0.65 with 0.4, 18 more and two wrong (both 10s: a two-part rank)
CLEAR_RANK_SCORE = 0.7
CLEAR_RANK_MARGIN = 0.4


# names the card a reading gives on the outline given, unless the frame named it already (steps 7 and 8)
NameByReading = Callable[[Quad, CornerReading], CardSighting | None]


class LookReads(Protocol):
    """One look's spots outside named cards, and those read (index_pairs._SpotReads)."""

    free: list[IndexSpot]

    def has(self, spot: IndexSpot) -> bool: ...

    def of(self, spot: IndexSpot) -> CornerReading: ...

    def glance(self, spot: IndexSpot) -> CornerReading:
        """The spot read at LONE_INK_LEVELS only (what this step trusts), unless read already."""
        ...

    @property
    def readings(self) -> list[tuple[IndexSpot, CornerReading]]: ...


def _card_shorts(outlines: list[Quad]) -> list[float]:
    """The short side of each card-shaped outline (CARD_SHAPED), whose median sizes the frame's indices."""
    shorts = []
    for outline in outlines:
        short, long = sorted(opposite_sides(np.asarray(outline, np.float32)))
        if CARD_SHAPED[0] * long <= short <= CARD_SHAPED[1] * long:
            shorts.append(short / 2)
    return shorts


def named_by_lone_indices(looks: Sequence[LookReads], outlines: list[Quad],
                          name: NameByReading, four_indices: bool = True) -> list[CardSighting]:
    """The cards named by one index each among the spots the `looks` read, outside `outlines` (the
    frame's named cards and tags), surest first, each by `name`. `four_indices`: the deck prints an
    index in each corner, so two side by side, or one below the other, may be one card's (`_paired`)."""
    shorts = _card_shorts(outlines)  # once a frame: the sizing of both the reads and the trust
    side = float(np.median(shorts)) if shorts else None  # the named cards' median short side
    _read_likeliest(looks, outlines, side)
    read = [pair for look in looks for pair in look.readings]
    ranks = np.array([spot.rank for spot, _ in read], np.float64).reshape(-1, 2)
    covered = inside_any(outlines, ranks)
    named: list[CardSighting] = []
    sure = _each_index_once([(spot, reading) for spot, reading in read if _sure(reading)])
    paired = _paired(read, four_indices)
    for number in sorted(range(len(read)), key=lambda number: -read[number][1].score):
        spot, reading = read[number]
        if covered[number] or not (_trusted(spot, reading, side, sure)
                                   or (number in paired and _card_sized(spot, side))):
            continue
        if any(other.card_id not in (None, reading.card_id)
               and _one_index(neighbour, spot)
               for neighbour, other in read):
            continue  # one index read two ways
        sighting = name(corner_outline(spot), reading)
        if sighting is not None:
            named.append(sighting)
    return named


def _each_index_once(read: list[tuple[IndexSpot, CornerReading]]) -> list[tuple[float, str | None]]:
    """The spacing and card of each index read, once: looks find one index again, and a size counted
    once a look would weigh the median that sizes a lone index (`_trusted`) by how many looks found it
    (a 3C of rf100's tune scenes went unnamed when a third look's read of a small 4C index moved it)."""
    kept: list[tuple[IndexSpot, CornerReading]] = []
    for spot, reading in read:
        if not any(other.card_id == reading.card_id
                   and _one_index(known, spot) for known, other in kept):
            kept.append((spot, reading))
    return [(spot.spacing, reading.card_id) for spot, reading in kept]


def _one_index(one: IndexSpot, other: IndexSpot) -> bool:
    """Whether two spots are one index (found twice, or cut two ways): their ranks within NEARBY."""
    return float(np.hypot(*(one.rank - other.rank))) < NEARBY * other.spacing


def _read_likeliest(looks: Sequence[LookReads], outlines: list[Quad], side: float | None) -> None:
    """In each look, the MORE_READS_A_LOOK unread spots outside `outlines` likeliest an index
    (`_unlikeliness`) among those within READ_SIZE_TOLERANCE of the frame's index size
    (`_index_size`), each glanced at (`LookReads.glance`)."""
    sure = [spot for look in looks for spot, reading in look.readings if _sure(reading)]
    size = _index_size(looks, sure, side)
    if size is None:
        return
    sure_ranks = np.array([spot.rank for spot in sure], np.float64).reshape(-1, 2)
    sure_downs = np.array([spot.down for spot in sure], np.float64).reshape(-1, 2)
    for look in looks:
        unread = [spot for spot in look.free if not look.has(spot) and _size_apart(spot, size) < READ_SIZE_TOLERANCE]
        if not unread:
            continue
        # the look's spots lay outside the cards named before it; these are outside those named since too
        outside = ~inside_any(outlines, np.array([spot.rank for spot in unread], np.float64))
        candidates = [spot for spot, ok in zip(unread, outside, strict=True) if ok]
        order = np.argsort(_unlikeliness(candidates, size, sure_ranks, sure_downs), kind="stable")
        for number in order[:MORE_READS_A_LOOK]:
            look.glance(candidates[int(number)])


def _index_size(looks: Sequence[LookReads], sure: list[IndexSpot], side: float | None) -> float | None:
    """The spacing of the frame's indices that step 8 reads more spots of: the median of the spots
    read surely naming a card; where none did, of the card-shaped outlines named (their median short
    side `side`, `_card_shorts`); where none was named either, of the spots the pair steps read, the
    widest pairs of the frame's likeliest indices (rf100's larger tune set, stop 51: 2,025 -> 2,029 of
    2,187 named, no other tune or check set moved, none more named wrong; before, such a frame read
    no more spots). None: no spot was read at all."""
    if sure:
        return float(np.median([spot.spacing for spot in sure]))
    if side is not None:
        return SPACING_OF_CARD * side
    tried = [spot.spacing for look in looks for spot, _ in look.readings]
    return float(np.median(tried)) if tried else None


def _unlikeliness(spots: list[IndexSpot], size: float, sure_ranks: npt.NDArray[np.float64],
                  sure_downs: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """How unlike a fanned hand's next index each spot is (lower: likelier): far from the nearest
    index read surely (in the spot's spacings, on a log scale), turned from it, of another size than
    the frame's indices, on inked paper, its rank and suit of unlike ink (UNLIKELINESS_WEIGHTS)."""
    if not spots:
        return np.zeros(0, np.float64)
    ranks = np.array([spot.rank for spot in spots], np.float64)
    downs = np.array([spot.down for spot in spots], np.float64)
    spacings = np.array([spot.spacing for spot in spots], np.float64)
    inked = np.array([spot.inked for spot in spots], np.float64)
    other_ink = np.array([spot.other_ink for spot in spots], np.float64)
    far, turned, sized, plain, unbalanced = UNLIKELINESS_WEIGHTS
    placed = np.zeros(len(spots), np.float64)  # no index read surely to stand beside: by the rest alone
    if len(sure_ranks):
        apart = np.linalg.norm(ranks[:, None, :] - sure_ranks[None, :, :], axis=2) / np.maximum(spacings, 1e-6)[:, None]
        nearest = np.argmin(apart, axis=1)
        placed = (far * np.log1p(apart[np.arange(len(spots)), nearest])
                  + turned * (1.0 - (downs * sure_downs[nearest]).sum(axis=1)))
    return np.asarray(placed + sized * np.abs(np.log(spacings / size)) + plain * other_ink
            + unbalanced * np.abs(np.log((inked[:, 1] + 1.0) / (inked[:, 0] + 1.0))), np.float64)


def _sure(reading: CornerReading) -> bool:
    """Read as surely as one index must be to name its card alone."""
    return _read_at(reading, LONE_SCORE)


def _read_at(reading: CornerReading, least: float) -> bool:
    """Read naming a card at `least` or better, at a cut this step trusts (LONE_INK_LEVELS)."""
    return reading.card_id is not None and reading.score >= least and reading.ink_level in LONE_INK_LEVELS


def _paired(read: list[tuple[IndexSpot, CornerReading]], four_indices: bool) -> set[int]:
    """The reads (their numbers in `read`) of a card that a spot standing as another of its indices
    (`spot_pairs.read_alike_partners`) reads alike: it reads the card, or its rank over a suit too
    blurred or small to be sure of whose shape leans to the card's (`_leaning_card`). Each at
    PAIRED_SCORE or better at LONE_INK_LEVELS, one of the two reading the card at PAIRED_BEST. The
    same index found by two looks is one spot read twice, no partner."""
    numbers = [number for number, (_, reading) in enumerate(read) if _leaning_card(reading) is not None
               and reading.score >= PAIRED_SCORE and reading.ink_level in LONE_INK_LEVELS]
    if len(numbers) < 2:
        return set()
    related = read_alike_partners(pair_geometry([read[number][0] for number in numbers]), four_indices)
    paired: set[int] = set()
    # the relation holds both ways: each pair is met twice, once as each one's partner
    for first, second in zip(*np.nonzero(related), strict=True):
        one, partner = read[numbers[first]][1], read[numbers[second]][1]
        if one.card_id is None or _leaning_card(partner) != one.card_id:
            continue
        if max(one.score, partner.score if partner.card_id else 0.0) >= PAIRED_BEST:
            paired.add(numbers[first])
    return paired


def _leaning_card(reading: CornerReading) -> str | None:
    """The card a reading names, else the one its rank over the suit its shape leans to would."""
    if reading.card_id is not None:
        return reading.card_id
    if reading.rank is None or reading.suit_lean is None:
        return None
    return reading.rank + reading.suit_lean


def _card_sized(spot: IndexSpot, side: float | None) -> bool:
    """Whether the spot is no larger than an index of the frame's named cards (MOST_SPACING_OF_CARD
    of their short side `side`); where none sizes it, any spot is."""
    return side is None or spot.spacing <= MOST_SPACING_OF_CARD * side


def _trusted(spot: IndexSpot, reading: CornerReading, side: float | None,
             sure: list[tuple[float, str | None]]) -> bool:
    """Whether one index alone names its card: read surely (`_sure`) and of the size of the frame's
    indices, or unsized at UNSIZED_SCORE; or, sized so, read with its rank clear (`_clear_rank`)."""
    if not (_sure(reading) or _clear_rank(reading)):
        return False
    if side is not None:
        return _card_sized(spot, side)
    others = [size for size, card in sure if card != reading.card_id]
    if others and _size_apart(spot, float(np.median(others))) < SIZE_TOLERANCE:
        return True
    return reading.score >= UNSIZED_SCORE


def _clear_rank(reading: CornerReading) -> bool:
    """Read a little less surely than LONE_SCORE asks, its rank far clear of every other
    (CLEAR_RANK_SCORE, CLEAR_RANK_MARGIN), at a cut this step trusts."""
    return _read_at(reading, CLEAR_RANK_SCORE) and reading.rank_margin >= CLEAR_RANK_MARGIN


def _size_apart(spot: IndexSpot, size: float) -> float:
    """How far the spot's spacing is from `size`, as |log| of their ratio (SIZE_TOLERANCE)."""
    return abs(math.log(spot.spacing / size))
