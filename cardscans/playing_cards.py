"""Standard playing cards (MACE) known by rank and suit from the corner index, without registering.

A playing card prints its index (rank above suit) in the top-left corner and, turned, in the
bottom-right, so the rectified face's top-left corner reads the same whichever way up the card
lies. Each corner is read by cardscans.corner_index; here cheap cues check each other: both corners
must agree, and where one is hidden the other must be clear-cut or be confirmed (by the pips, which
must number a number card's rank, by the other corner's rank, or by a four-index deck's third
corner); a number the pips confirm overrules a letter read in the other corner; a court card never
shows a number card's rows of pips, nor a number a picture, nor a joker rows of pips. A corner read
only at another ink cut is never clear-cut alone and never overrules the other corner. A face
printed light on dark paper is read as its negative. Anything unsure is `unrecognised` with the
reason: a wrong card is worse than none. A deck with unusual lettering can be taught with
`CornerReader.learn` from one photographed card per rank and suit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import BalancedFace, balance, is_colourless, light_on_dark
from cardscans.card_glyphs import SHADED_LEVEL
from cardscans.card_indices import (
    BLACK_SUITS,
    INDEX_CORNERS,
    JOKER,
    NUMBERS,
    RED_SUITS,
    IndexCorners,
    IndexSet,
    printed_ranks,
)
from cardscans.corner_index import (
    COURT_RANKS,
    INK_LEVELS,
    PLAYING_CARD_IDS,
    SUIT_MATCHING,
    SUIT_UNREADABLE,
    CornerReading,
    IndexReader,
)
from cardscans.imageio import to_bgr
from cardscans.paper_light import FACE
from cardscans.pips import PICTURE_PRINT_SIDE, count_pips, pip_suit, upright_pips, widest_print_above_middle
from cardscans.quads import Quad, opposite_sides, rectify
from cardscans.sighting import CardSighting

CATALOG = "playing-cards"
# when the other corner is unreadable (a thumb, a glare, a neighbour) one alone must be clear-cut:
# a good score and twice the usual lead over every other label
SINGLE_CORNER_SCORE = 0.7
SINGLE_CORNER_MARGIN = 0.1
MIN_PIPS_OF_A_NUMBER = 2  # the fewest pips a number card prints (a 2)
# court cards count as -1 (a picture) or 2 pips (suit marks beside the picture) on the tune sets, 4
# once (rdpong's JS); an ace of spades' ornate pip counts up to 22, so aces are not asked
MIN_PIPS_REFUTING_A_COURT_CARD = 5
# darkest ink vs the paper: less is a blank back, a blur or no card. Washed-out pink prints (the
# Ammememe deck's) measure 0.32-0.34, outlines around glare strips and plain table 0.24-0.28
MIN_PAPER_CONTRAST = 0.3
# an outline is read again turned a quarter unless its face is blank or its indices were read and
# contradict each other or the pips: those faces were seen the right way up, and are no card
NOT_TURNED_FOR = ("no print on the face", "the corner indices disagree", "the index reads")
# nor when the outline is clearly longer than wide: a long side foreshortened below the short one
# makes an outline near square (the quarter-turned reads of rdpong 8card_slight and jacky measure
# 0.80-1.0 short over long), while upright reads go as low as 0.39. An elongated outline read a
# quarter turn on only costs time, and once named rdpong's queen of diamonds a joker (ratio 0.68).
MIN_RATIO_TO_TURN = 0.75


# a card's two corner indices as read upright about their own places (cardscans.index_pairs), the
# top-left one first, for `examine` on the outline they give
IndexReadings = tuple[CornerReading, CornerReading]


@dataclass
class CornerReader(IndexReader):
    """Reads a card's face by its corner indices (cardscans.corner_index): `examine` answers a card
    or the reason it is not one. `corners`: the corners its deck prints an index in (2 or 4): a
    two-index deck's other corners are never looked at."""

    corners: IndexCorners = 4

    @classmethod
    def for_deck(cls, indices: IndexSet = "english", corners: IndexCorners = 4) -> CornerReader:
        """The reader of a deck lettered `indices` with an index in `corners` of its corners."""
        if corners not in INDEX_CORNERS:
            raise ValueError(f"a deck prints its index in 2 or 4 corners, not {corners!r}")
        return replace(cls.standard(indices), corners=corners)

    def read(self, face: npt.NDArray[np.uint8]) -> tuple[str, float] | None:
        reading = self.examine_face(face)
        return (reading.card_id, reading.score) if reading.card_id else None

    def examine_face(self, face: npt.NDArray[np.uint8], colourless: bool = False) -> CornerReading:
        """Both corner indices must agree (a card prints two); one alone must be clear-cut; a number
        card's pips must number its rank. `colourless`: the face comes from a greyscale photo, so
        its suit's shape alone tells red from black."""
        return self._examine_balanced(balance(face, colourless))

    def _examine_balanced(self, balanced: BalancedFace, levels: tuple[int, ...] = INK_LEVELS,
                          outline_alone: bool = False, indices: IndexReadings | None = None) -> CornerReading:
        """`levels`: the ink cuts the two corners are read at (INK_LEVELS; the plain one alone for a
        second look, such as the outline turned a quarter, which is seldom needed). `outline_alone`:
        the face's outline is the only one found about its place (see `examine`)."""
        if balanced.paper_contrast < MIN_PAPER_CONTRAST:
            return CornerReading(None, 0.0, "no print on the face (blank, face down or blurred)")
        first = self.read_corner(balanced, levels)
        second = self.read_corner(balanced.turned(), levels)
        if indices is not None:
            first, second = _fuller(first, indices[0]), _fuller(second, indices[1])
        if first.card_id and second.card_id and first.card_id != second.card_id:
            # a corner read only at another ink cut never overrules one read at the plain cut: a thin
            # stroke a tighter cut breaks makes a letter two glyphs (a darkened German D read as "10"
            # where the other corner read the queen); the face is judged as on the plain cut alone
            if first.ink_level != 0 and second.ink_level == 0:
                first = self.read_corner(balanced, (0,))
            elif second.ink_level != 0 and first.ink_level == 0:
                second = self.read_corner(balanced.turned(), (0,))
        # a court card whose other corner read a number of its suit over a face that shows a picture
        court_over_a_picture = False
        if first.card_id and second.card_id and first.card_id != second.card_id:
            first, second, court_over_a_picture = self._picture_refutes_a_number(balanced, first, second)
        if first.card_id and second.card_id:
            if first.card_id != second.card_id:
                counted = self._pips_settle(balanced, first, second)
                if counted is None:
                    return CornerReading(None, 0.0, f"the corner indices disagree ({first.card_id}, {second.card_id})")
                return counted
            reading = CornerReading(first.card_id, min(first.score, second.score), red=first.red,
                                    suit_glyph=first.suit_glyph or second.suit_glyph,
                                    rank_in_pieces=first.rank_in_pieces or second.rank_in_pieces)
        elif first.card_id or second.card_id:
            reading = first if first.card_id else second
            # one read only at another ink cut is never clear-cut alone: a cut tighter or looser
            # than the print's own changes a glyph's shape, so something else must agree. Nor is a
            # court card's or a joker's, but on an outline found alone about its place: no pips
            # check their letter, and a picture's print (a key, a crown) reads as one where an
            # outline runs round the picture inside the card's own (Ammememe's KC read as a joker,
            # its QD as a JD, each from one corner of its picture)
            lettered = (reading.card_id or "")[:-1] in COURT_RANKS or reading.card_id == JOKER
            clear_cut = (reading.score >= SINGLE_CORNER_SCORE and reading.margin >= SINGLE_CORNER_MARGIN
                         and reading.ink_level == 0 and (outline_alone or not lettered or court_over_a_picture))
            other = second if first.card_id else first
            if not clear_cut:
                # a third corner never confirms where the opposite one plainly prints another rank:
                # the outline may run round two cards (a German trick's two taped cards, one outline,
                # its back card's KC confirmed by the top right corner over the front card's A)
                another_rank = other.rank not in (None, (reading.card_id or "")[:-1]) and (
                    other.rank_margin >= SINGLE_CORNER_MARGIN)
                confirmed = (self._pips_confirm(balanced, reading) or self._rank_confirms(balanced, reading, other)
                             or (None if another_rank or self.corners == 2
                                 else self._other_corners_confirm(balanced, reading)))
                if confirmed is None:
                    return CornerReading(None, reading.score,
                                         f"one corner index only, not clear enough ({other.reason})")
                reading = confirmed
        else:
            diagonal = self._other_diagonal(balanced, levels, first, second) if self.corners == 4 else None
            if diagonal is None:
                return CornerReading(None, max(first.score, second.score), first.reason or second.reason)
            reading = diagonal
        return self._pips_agree(balanced, reading)

    def _other_diagonal(self, balanced: BalancedFace, levels: tuple[int, ...], first: CornerReading,
                        second: CornerReading) -> CornerReading | None:
        """A four-index card whose usual corners both read its rank but not its suit (a small spade
        blurred as like a club: rf100 tune scenes' KS): its top-right and bottom-left corners, the
        other diagonal, must both read one card, of that rank and of the ink colour the usual two saw."""
        if first.rank is None or first.rank != second.rank:
            return None  # the usual two must agree on a rank: the card's own corners, both in view
        one, other = (self.read_corner(face, levels) for face in _other_two_corners(balanced))
        card = one.card_id
        if card is None or other.card_id != card or card[:-1] != first.rank:
            return None
        if any(reading.suit_red not in (None, one.red) for reading in (first, second)):
            return None
        return CornerReading(card, min(one.score, other.score), red=one.red,
                             suit_glyph=one.suit_glyph or other.suit_glyph,
                             rank_in_pieces=one.rank_in_pieces or other.rank_in_pieces)

    def _pips_confirm(self, balanced: BalancedFace, reading: CornerReading) -> CornerReading | None:
        """A lone corner of a number card confirmed by its face: the pips must number its rank (a
        count a misread rank or a picture does not give), and a black suit's pips, the suit printed
        large, must take its side of spade or club. rdpong's 7H, whose other 7 the outline cuts."""
        card = reading.card_id or ""
        rank, suit = card[:-1], card[-1:]
        if rank not in NUMBERS or reading.suit_glyph is None:
            return None
        if count_pips(balanced) != int(rank):
            return None
        if suit in BLACK_SUITS and pip_suit(balanced, self._bank("suit")) != suit:
            return None
        if suit in RED_SUITS and reading.suit_margin < SINGLE_CORNER_MARGIN:
            return None  # hearts and diamonds differ plainly in the index: a close call is a bad cut
        return reading

    def _pips_settle(self, balanced: BalancedFace, first: CornerReading, second: CornerReading) -> (
            CornerReading | None):
        """Two corners that name one suit, one with a number the face's pips count and confirm, the
        other a court card or another number: a face of that many equal pips is no court card, and
        numbers that many, so the other is a misread (rdpong's 10H at a low angle, whose "1" the
        outline cuts off and whose "0" reads as a Q; a small 8S whose other corner reads 10). An
        ace is left alone: an ornate ace of spades counts as many pips."""
        if (first.card_id or "")[-1:] != (second.card_id or "")[-1:]:
            return None
        for number, other in ((first, second), (second, first)):
            if (number.card_id or "")[:-1] in NUMBERS and (other.card_id or "")[:-1] in (*COURT_RANKS, *NUMBERS):
                confirmed = self._pips_confirm(balanced, number)
                if confirmed is not None:
                    return confirmed
        return None

    def _picture_refutes_a_number(self, balanced: BalancedFace, first: CornerReading, second: CornerReading) -> (
            tuple[CornerReading, CornerReading, bool]):
        """Two corners, one a court card and the other a number: where the face shows a picture (a
        middle of unequal blobs, or a print wider than PICTURE_PRINT_SIDE above it) and not that
        number's pips, the number is a misread (a small far QD whose other corner reads 4D, its "Q"
        a blur: tune photo) and its corner is taken as having read nothing, so the court card
        stands as a lone corner (clear-cut, or confirmed, as any lone corner must be). The flag:
        refuted so, and the number was read in the court card's suit, so both corners of this
        outline are one card's own (not a picture's frame, where a lone letter may be a crown's
        print)."""
        court = [reading for reading in (first, second) if (reading.card_id or "")[:-1] in COURT_RANKS]
        number = [reading for reading in (first, second) if (reading.card_id or "")[:-1] in NUMBERS]
        if len(court) != 1 or len(number) != 1:
            return first, second, False
        misread, kept = number[0], court[0]
        if misread.suit_glyph is None:
            return first, second, False
        pips = count_pips(balanced)
        if pips == int((misread.card_id or "")[:-1]) or (
                pips >= 0 and widest_print_above_middle(balanced) <= PICTURE_PRINT_SIDE):
            return first, second, False
        refuted = CornerReading(None, misread.score, f"read {misread.card_id}, but the face shows a picture")
        same_suit = (kept.card_id or "")[-1:] == (misread.card_id or "")[-1:]
        return (refuted, kept, same_suit) if first is misread else (kept, refuted, same_suit)

    def _rank_confirms(self, balanced: BalancedFace, reading: CornerReading, other: CornerReading) -> (
            CornerReading | None):
        """A lone corner confirmed by the other corner's rank: the same rank read clearly there, its
        suit unreadable yet on ink of the same colour and nearer this suit than its same-coloured
        rival (a bent or half-hidden suit: pstephenwille's KS), or, where a small spade and club
        there are too alike to lean either way, the face's pips or a court card's suit marks, the
        suit printed large, side with this corner (Ammememe's QS at 0.7 of its size: its other
        spade matched a club 0.748, a spade 0.742). The lone corner must still lead by the usual
        margins."""
        if other.rank is None or reading.card_id is None or reading.margin < SUIT_MATCHING.margin:
            return None
        if other.rank != reading.card_id[:-1] or other.rank_margin < SINGLE_CORNER_MARGIN:
            return None
        if other.suit_red is None or other.suit_red != reading.red:
            return None
        suit = reading.card_id[-1]
        if other.suit_lean != suit:
            if suit not in BLACK_SUITS or not other.reason.startswith(SUIT_UNREADABLE):
                return None
            if pip_suit(balanced, self._bank("suit"), suit_marks_only=other.rank in COURT_RANKS) != suit:
                return None
        return reading

    def _other_corners_confirm(self, balanced: BalancedFace, reading: CornerReading) -> CornerReading | None:
        """A lone corner's reading confirmed by the top-right or bottom-left corner, which a deck
        with four indices prints too (jacky-scenes' deck, whose usual second corner a neighbour or a
        tight outline often hides): one of them must read the same card and neither another. Asked
        only when one corner alone is unsure, and never of a two-index deck."""
        confirming: CornerReading | None = None
        for face in _other_two_corners(balanced):
            other = self.read_corner(face, levels=(0,))  # a confirmation: its plain cut only, for time
            if other.card_id is None:
                continue
            if other.card_id != reading.card_id:
                return None
            confirming = other
        if confirming is None:
            return None
        return CornerReading(reading.card_id, min(reading.score, confirming.score), red=reading.red,
                             margin=min(reading.margin, confirming.margin),
                             suit_glyph=reading.suit_glyph or confirming.suit_glyph,
                             rank_in_pieces=reading.rank_in_pieces or confirming.rank_in_pieces)

    def _pips_agree(self, balanced: BalancedFace, reading: CornerReading) -> CornerReading:
        card = reading.card_id or ""
        rank = card[:-1]
        if card == JOKER:
            # a joker prints a picture (or its name across its middle), never a number card's rows of
            # pips above and below the middle (a blurred 2C whose 2 and club ran into one tall blob
            # read as the joker's lettering: tune photos reduced and blurred)
            pips = count_pips(balanced)
            if pips >= MIN_PIPS_OF_A_NUMBER and len(upright_pips(balanced)) >= MIN_PIPS_OF_A_NUMBER:
                return CornerReading(None, reading.score, f"the index reads {card} but the face shows {pips} pips")
            return reading
        if reading.suit_glyph is None:
            return reading
        pips = count_pips(balanced)
        # a number card shows its rank in pips; a court card shows a picture and at most a few suit
        # marks beside it, never a number card's rows of pips (a blurred 9D read as a Q in both
        # corners); a letter read from a glyph in two pieces must not show pips at all (a blurred
        # 10H whose "1" and a sliver of its "0" read as a K in both corners), where a number read so
        # is confirmed by as many pips as any number (a small 9H whose loop parts from its tail)
        court_with_pips = rank in COURT_RANKS and pips >= MIN_PIPS_REFUTING_A_COURT_CARD
        # an ace prints one pip in its middle and nothing between its top indices but a small flourish,
        # never a court card's picture: a crown's rim over the picture's large heart read as an A
        # (a German trick's back card, where the outline cut off its own index: tune tricks)
        ace_over_a_picture = rank == "A" and widest_print_above_middle(balanced) > PICTURE_PRINT_SIDE
        # a ten whose "0" the cut lost reads as a "1", which an English reader takes for an "A" and a
        # French one for its ace: an ace never shows a ten's ten pips, and where the deck prints its ace
        # as "1", not even two (an ornate ace of spades may count as many as 21: tune photos)
        ten_as_ace = rank == "A" and (pips == 10 or ("1" in printed_ranks(self.indices)
                                                     and pips >= MIN_PIPS_OF_A_NUMBER))
        if rank in NUMBERS and pips != int(rank) and any(
                count_pips(balanced, level) == int(rank) for level in (1, SHADED_LEVEL)):
            # pips that glare paled break apart at the plain cut (a 10D counted 9: tune); pips in the
            # light beside pips in a shadow fall short of the cut the shaded ones set (a 6H across
            # a shadow's edge counted as a picture: tune), and are cut against their own paper
            pips = int(rank)
        if (rank in NUMBERS and pips != int(rank)) or court_with_pips or ace_over_a_picture or ten_as_ace or (
                reading.rank_in_pieces and rank not in NUMBERS and pips >= MIN_PIPS_OF_A_NUMBER):
            seen = "a picture" if pips < 0 or ace_over_a_picture else f"{pips} pips"
            return CornerReading(None, reading.score, f"the index reads {card} but the face shows {seen}")
        return reading

    def examine(self, image: npt.NDArray[np.uint8], quad: Quad, deck: DeckCatalog | None = None,
                colourless: bool | None = None, expected: str | None = None,
                outline_alone: bool = False, indices: IndexReadings | None = None) -> CardSighting:
        """The card in `quad` as a playing card (or as the card of `deck`, a catalog of a standard
        deck such as MACE's), else an `unrecognised` sighting saying why. `colourless`: whether the
        whole frame is greyscale (`frame_is_colourless`), when the caller has measured it once for
        all its outlines. `expected`: the playing card something else read there (its indices,
        cardscans.index_pairs): any other reading is unrecognised. `outline_alone`: no other
        outline was found about this one's place (no card around it, no picture frame in it), so
        one clear corner may name a court card. `indices`: the card's two corner indices as read
        about their own places (the outline comes from them), for a corner of the outline that
        reads less."""
        bgr = to_bgr(image)
        grey = frame_is_colourless(image) if colourless is None else colourless
        face = rectify(bgr, quad, FACE)
        reading = self._examine_balanced(balance(face, grey), outline_alone=outline_alone, indices=indices)
        if (reading.card_id is None and not reading.reason.startswith(NOT_TURNED_FOR)
                and _seen_ratio(quad) >= MIN_RATIO_TO_TURN):
            # seen from a low angle a card's long side can look the shorter, so the outline's top
            # edge may be a long side: the index is then read on the outline turned a quarter
            turned = self._examine_balanced(balance(rectify(bgr, np.roll(quad, -1, axis=0), FACE), grey), (0,),
                                            outline_alone)
            if turned.card_id is not None:
                reading = turned
        negative = light_on_dark(face) if reading.card_id is None else None
        if negative is not None:
            # a black deck's gold and white ink read as dark ink on light paper, in grey: the suit's
            # colour is then told by its shape, as in a greyscale photo
            on_dark = self._examine_balanced(balance(negative, True), outline_alone=outline_alone)
            if on_dark.card_id is not None:
                reading = on_dark
        if expected is not None and reading.card_id not in (None, expected):
            reading = CornerReading(None, reading.score, f"the indices read {expected}, the outline {reading.card_id}")
        return corner_sighting(reading, quad, deck)

    def identify(self, image: npt.NDArray[np.uint8], quad: Quad, deck: DeckCatalog | None = None) -> (
            CardSighting | None):
        sighting = self.examine(image, quad, deck)
        return sighting if sighting.kind == "card" else None


def _fuller(corner: CornerReading, index: CornerReading) -> CornerReading:
    """A corner read on an outline, or the same index read upright about its own place where that
    read more: a card where the corner read none, a rank where it read no rank."""
    if corner.card_id is None and (index.card_id is not None or (corner.rank is None and index.rank is not None)):
        return index
    return corner


def _other_two_corners(balanced: BalancedFace) -> tuple[BalancedFace, BalancedFace]:
    """The top-right and bottom-left corners, each upright at the top left: where a four-index deck
    prints its other two indices."""
    return balanced.mirrored_face(), balanced.turned().mirrored_face()


def corner_sighting(reading: CornerReading, quad: Quad, deck: DeckCatalog | None) -> CardSighting:
    """The sighting a corner reading gives on `quad`: its playing card (or `deck`'s card for it),
    else `unrecognised` with the reading's reason."""
    polygon = tuple((float(x), float(y)) for x, y in quad)
    if reading.card_id is None:
        return CardSighting("unrecognised", "corner-index", polygon, 0.0, reason=reading.reason)
    card_id, catalog = reading.card_id, CATALOG
    if deck is not None:
        card_id, catalog = deck.card_for(card_id, reading.red), deck.catalog
    return CardSighting("card", "corner-index", polygon, reading.score, catalog=catalog, card_id=card_id)


def frame_is_colourless(image: npt.NDArray[np.uint8]) -> bool:
    """Whether a frame is a greyscale photo. Asked of the whole frame, not of a face: a black card
    drawn in neutral ink is colourless on its face only, and its ink is black."""
    return is_colourless(to_bgr(image)) if np.asarray(image).ndim == 3 else True


def _seen_ratio(quad: Quad) -> float:
    """The outline's top and bottom sides over its left and right ones, as seen."""
    across, along = opposite_sides(quad)
    return across / max(1e-6, along)


@dataclass(frozen=True)
class DeckCatalog:
    """A catalog whose cards are a standard deck, with ids like `10h` and `qs` (MACE's), and its
    jokers: `rj`/`bj` (red and black) when it tells them apart, else `jk`."""

    catalog: str
    jokers: tuple[str, ...]

    @classmethod
    def recognise(cls, catalog: str, card_ids: list[str]) -> DeckCatalog | None:
        """Whether a catalog is a standard deck: every one of the 52 cards under its usual id."""
        ids = set(card_ids)
        if not all(card.lower() in ids for card in PLAYING_CARD_IDS if card != JOKER):
            return None
        return cls(catalog, tuple(j for j in ("rj", "bj", "jk") if j in ids))

    def card_for(self, card_id: str, red: bool) -> str:
        if card_id != JOKER:
            return card_id.lower()
        wanted = "rj" if red else "bj"
        if wanted in self.jokers:
            return wanted
        return "jk" if "jk" in self.jokers else card_id.lower()
