"""One corner index of a playing card read by its glyphs: the rank and the suit cut
(cardscans.card_glyphs) from the top-left corner of an upright face balanced by its paper
(cardscans.balanced_face) and compared with templates cut from public-domain card artwork or drawn
for the deck's lettering (cardscans.card_indices). The suit's colour comes from its ink, or in a
greyscale photo from its shape (and the pips, where that leaves it in doubt); a number glyph two
numbers fit alike is settled by the pips; a spade or a club the templates leave in doubt, by its
gradients (cardscans.black_suits), which must not plainly disagree with the templates either. A
corner the plain ink cut leaves unread is cut tighter and looser (a blurred print, a thin one), and
against the paper around each glyph (a shadow's edge). A suit blurred past its shape
(card_glyphs.blur_spread) is not read at all: a blurred club reads as a spade, a heart as a diamond.
What a whole face says (both corners, the pips against the rank) is cardscans.playing_cards' job.
Card ids: rank then suit, "2H" .. "10S", "JH", "QD", "KC", "AS", and "JK" for a joker.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Self

import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import BalancedFace, balance
from cardscans.black_suits import SpadeOrClub, shipped
from cardscans.card_drawing import blank_face, draw_suit, with_rank_above
from cardscans.card_glyphs import (
    DARK_RED_SHARE,
    RED_CHROMA,
    SHADED_LEVEL,
    Glyph,
    blur_spread,
    corner_glyphs,
    each_corner_cut,
)
from cardscans.card_indices import (
    INDEX_SETS,
    JOKER,
    NUMBERS,
    PHOTOGRAPHED,
    RED_SUITS,
    SUITS,
    IndexSet,
    Templates,
    cut_templates,
    drawn_templates,
    printed_ranks,
)
from cardscans.pips import PICTURE_PRINT_SIDE, count_pips, pip_colour, pip_suit, widest_print_above_middle
from cardscans.template_match import TWO_PART_RANKS, Bank, Matching, best_label, label_scores, top_label

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
PLAYING_CARD_IDS: tuple[str, ...] = (*(rank + suit for suit in SUITS for rank in RANKS), JOKER)

# Templates are cut from drawn artwork, not from the decks photographed (cardscans/glyphs/SOURCE.md):
# blurred ranks of the right label score 0.65-0.98 on real photos, the best other label 0.4-0.6;
# a "10" of a condensed typewriter face scores 0.4-0.6, so number ranks, which the pips must then
# count, may match less. Suits are compact blobs that a blur makes alike, so they are not blurred.
RANK_MATCHING = Matching(blur=1.5, min_score=0.6, min_score_checked=0.35, margin=0.08)
SUIT_MATCHING = Matching(blur=0.0, min_score=0.65, min_score_checked=0.65, margin=0.05)
# A black suit's gradients (cardscans.black_suits) lead to a spade or a club by this many of their
# spreads, against or with the templates (`settled_black_suit`). Measured on the tune photos' black
# suits read under a rank of a card the photo holds (learned on half the photos, judged on the
# other half: build_black_suits.py): where the templates lead by less than SUIT_MATCHING's margin
# (81 % of those glyphs right by that lead), a lead of 3 agreeing with them was right on all 637 of
# 1,543 it settled (black_suits.MIN_HEIGHT: 654 at 99.7 % without it), surer than the templates alone
# by 0.1 or more (98.4 %); every figure counts the labels' own slips. Against them, the templates
# were right on none of 52
SURE_GRADIENT_LEAD = 3.0
# ... but a suit so settled names a card only over a rank read this clearly: a white 6S whose 6s
# both read 5 by RANK_MATCHING's bare margin (its pips counted 5 too) was named 5S (tune singles)
CLEAR_RANK_MARGIN = 0.1
# ink neither clearly red nor clearly black (maroon under tungsten light): the suit's shape must then
# lead all three other suits by this much, twice SUIT_MATCHING's margin, as a lone corner must
UNCLEAR_INK_MARGIN = 0.1
# Two numbers' templates this close on one glyph: its shape cannot tell them, the pips may
# (Ammememe's flat-topped 3 scores 0.75-0.83 as a 3 and 0.82-0.83 as a 5)
PIPS_SETTLE_MARGIN = 0.1
COURT_RANKS = ("J", "Q", "K")
# a court letter read less well than this is unclear: under the English reader a German deck's B
# (its jack) reads as a Q at 0.60-0.70 on both corners, over a face that shows a picture as a
# queen's does (anima-german-overlaps-turned: 5 of 120 cards named so, 1 with this). Every other
# tune and check set names the same cards with it as without, but rf100's larger tune set (one
# more) and the German turned tricks under their own reader (one fewer)
MIN_COURT_SCORE = 0.66
SUIT_UNREADABLE = "suit not readable"  # the reason read_glyphs gives when a suit's shape is in doubt
NO_SUIT = "no suit below the rank"
# A "rank" that matches a suit's shape about as well as its best rank (within this) is a pip over a
# smaller pip, not an index: a diamond pip read as a "4" over the small diamond beside it, on an
# outline three cards wide that two such pips side by side gave (rf100 tune scenes: 5 cards named
# wrong, all refused so; blurred tune frames: 3 wrong fewer, 4 right fewer; no other tune set moves)
PIP_NOT_RANK = 0.05
PIP_NOT_AN_INDEX = "the rank is shaped like a suit (a pip, not a corner index)"
# the ink cuts a corner is read at, the plain one first (card_glyphs.ink_of): then tighter, for a
# blurred glyph whose counters fill (a downsized greyscale A read 0.58), and looser, for thin strokes
# paler than the suit (a downsized serif A lost its left leg)
INK_LEVELS = (0, -1, 1)
# an index spot's: the plain cut, then against each glyph's own paper (a shadow across it), then the others
INDEX_LEVELS = (0, SHADED_LEVEL, -1, 1)
# red's excess per unit of the ink's darkness (Glyph.red_share) above which a pale suit is red whatever
# its shape: black suits of the corners read on the tune sets measure -0.08-0.03 (ranks -0.14-0.05),
# red ones 0.13-1.1, the washed-out pink prints of the Ammememe deck 0.44-0.67 (their absolute
# redness, 0.10-0.16, falls below RED_CHROMA, and a blurred diamond's shape leads a spade by 0.03 only)
PALE_RED_SHARE = 0.3
# a suit glyph whose edges spread further than this (card_glyphs.blur_spread) no longer tells its
# shape: the suits read right on the tune photos measure 0.05-0.11, the suits of those photos reduced
# and blurred until a club read as a spade or a heart as a diamond 0.13-0.27 (a blurred pale Q read
# as a J with a suit as sharp as 0.08 is beyond this measure). 0.17 let a blurred 9H through as a 9D
# at 0.165 (scan_blurred_cards: 1.13 % named wrong at 2 px, over its 1 %)
MAX_BLUR = 0.16
# a joker's lettering, read alone (no suit, no pips check it), must be sharper: ranks read right on
# the tune photos measure 0.03-0.07, a drawn KD blurred until its K and D ran into one tall blob
# that read as a joker 0.15
MAX_JOKER_BLUR = 0.12


@dataclass(frozen=True)
class CornerReading:
    """One corner index read: MACE's card id and its weakest glyph score, or why not."""

    card_id: str | None
    score: float
    reason: str = ""
    red: bool = False
    margin: float = 0.0  # the weakest glyph's lead over the best label meaning something else
    suit_glyph: Glyph | None = field(default=None, repr=False)  # as cut (None: no suit, no pips asked)
    # what was read of the rank even where the suit was not: to confirm a lone corner with, and to
    # pair two indices on (cardscans.index_pairs)
    rank: str | None = None
    rank_margin: float = 0.0
    suit_margin: float = 0.0
    suit_red: bool | None = None  # the suit's ink colour when clear, whatever its shape read
    suit_lean: str | None = None  # the suit of that colour its shape resembles most, however little
    rank_in_pieces: bool = False  # a one-character rank read from two blobs side by side (best_label)
    ink_level: int = 0  # the ink cut it was read at (INK_LEVELS): 0 the plain one


@dataclass
class IndexReader:
    """Reads a card's corner index by its glyphs (cardscans.playing_cards.CornerReader judges a whole face).

    `indices` is the deck's lettering (english A K Q J, german A K D B, french A R D V): a reader
    never names a glyph its deck does not print, so a German B under an English reader is no card.
    """

    indices: IndexSet = "english"
    ranks: Templates = field(default_factory=dict)
    suits: Templates = field(default_factory=dict)
    # a second cue telling a spade from a club (cardscans.black_suits); None: the templates alone
    spade_or_club: SpadeOrClub | None = field(default=None, repr=False, compare=False)
    _banks: dict[str, Bank] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def standard(cls, indices: IndexSet = "english", photographed: bool = True) -> Self:
        """The reader of a deck lettered `indices`; `photographed`: with the glyphs cut from photos of
        an English deck (cardscans.card_indices), for an English one."""
        if indices not in INDEX_SETS:
            raise ValueError(f"unknown index set {indices!r} (known: {', '.join(INDEX_SETS)})")
        printed = printed_ranks(indices)
        reader = cls(indices=indices, ranks=drawn_templates(list(printed)), spade_or_club=shipped())
        cut_ranks, cut_suits = cut_templates("english")
        if photographed and indices == "english":
            # a German or French deck prints its numbers and figures otherwise (given them too, the
            # German overlaps seen turned named 113 cards of 120, not 114), and its suits too
            photographed_ranks, photographed_suits = cut_templates(PHOTOGRAPHED)
            for label, masks in photographed_ranks.items():
                cut_ranks.setdefault(label, []).extend(masks)
            for label, masks in photographed_suits.items():
                cut_suits.setdefault(label, []).extend(masks)
        for label, masks in cut_ranks.items():
            if label in printed:
                reader.ranks.setdefault(label, []).extend(masks)
        for suit in SUITS:
            canvas = blank_face()
            draw_suit(canvas, suit, (22, 46), 26)
            _, glyph = corner_glyphs(balance(with_rank_above(canvas)))
            if glyph is not None:
                reader.suits.setdefault(suit, []).append(glyph.mask)
            reader.suits.setdefault(suit, []).extend(cut_suits.get(suit, []))
        return reader

    def learn(self, card_id: str, face: npt.NDArray[np.uint8]) -> None:
        """Adds the corner glyphs of an upright photographed face as templates for its rank and suit."""
        card = card_id.upper()
        if card not in PLAYING_CARD_IDS:
            raise ValueError(f"{card_id!r} is not a playing card id (2H .. AS, JK)")
        rank, suit = (JOKER, None) if card == JOKER else (card[:-1], card[-1])
        printed = next(label for label, mace in printed_ranks(self.indices).items() if mace == rank)
        rank_glyph, suit_glyph = corner_glyphs(balance(face))
        if rank_glyph is None:
            raise ValueError("no corner index found on that face: photograph it upright and in focus")
        self._banks.clear()
        self.ranks.setdefault(printed, []).append(rank_glyph.mask)
        if suit and suit_glyph is not None:
            self.suits.setdefault(suit, []).append(suit_glyph.mask)

    def read_index(self, face: BalancedFace, levels: tuple[int, ...] = INDEX_LEVELS) -> CornerReading:
        """What an index upright at the face's top left reads on its own, at the plain ink cut (else
        against its own paper, a shadow across it; else tighter or looser, a small blurred glyph
        whose counter fills or whose strokes part): its card, or at least its rank (a joker's
        lettering is no rank over a suit: nothing). One index names no card: its partner must read
        its rank, and the outline the two give is examined (cardscans.index_pairs). `levels`: the
        ink cuts to try, in order (a step that trusts only some asks for only those)."""
        # an index spot is a rank over a suit found apart from any picture's frame: its cut seldom
        # needs the frame's lines taken away, which costs more than all its other cuts together
        reading = self.read_corner(face, levels, past_frame_lines=False)
        return CornerReading(None, 0.0, "a joker") if reading.card_id == JOKER else reading

    def read_corner(self, face: BalancedFace, levels: tuple[int, ...] = INK_LEVELS,
                    past_frame_lines: bool = True) -> CornerReading:
        """The index in the top-left corner of an upright, white-balanced face: the plainest cut of
        its glyphs that reads as a card (a broken or joined print is cut again, then the ink is cut
        at the other `levels`), else the reason of the first that read furthest (`_read_so_far`:
        a rank and a suit of unclear shape tell more than a rank whose suit a shadow swallowed).
        `past_frame_lines`: a rank with no suit is cut again without a picture frame's lines
        (`each_corner_cut`)."""
        first: CornerReading | None = None
        nothing_plain = False
        for level in levels:
            if nothing_plain and level != SHADED_LEVEL:
                continue  # no glyph at all at the plain cut: a tighter or looser one finds none either
            for rank_glyph, suit_glyph in each_corner_cut(face, level, past_frame_lines):
                reading = self.read_glyphs(rank_glyph, suit_glyph, face)
                if reading.card_id:
                    return replace(reading, ink_level=level)
                if first is None or _read_so_far(reading) > _read_so_far(first):
                    first = reading
            nothing_plain = level == 0 and first is not None and first.reason == "no corner index found"
        return first or CornerReading(None, 0.0, "no corner index found")

    def read_glyphs(self, rank_glyph: Glyph | None, suit_glyph: Glyph | None,
                    face: BalancedFace | None = None) -> CornerReading:
        """What one cut of an index (its rank and suit glyphs, from `face`) reads: read_corner tries
        each cut through this, and a tool may ask which cut read a card (build_photographed_glyphs.py)."""
        reading = self._read_shapes(rank_glyph, suit_glyph, face)
        # any card's suit is the compact shape a blur makes alike first; a joker's lettering is its
        # only glyph, and nothing else on its face checks it
        shape, most = (rank_glyph, MAX_JOKER_BLUR) if reading.card_id == JOKER else (suit_glyph, MAX_BLUR)
        if reading.card_id and face is not None and shape is not None and blur_spread(face, shape) > most:
            return CornerReading(None, reading.score, "the index is too blurred to read (hold the phone steady "
                                 "and nearer)", rank=None if reading.card_id == JOKER else reading.rank,
                                 rank_margin=reading.rank_margin)
        return reading

    def _read_shapes(self, rank_glyph: Glyph | None, suit_glyph: Glyph | None,
                     face: BalancedFace | None = None) -> CornerReading:
        if rank_glyph is None:
            return CornerReading(None, 0.0, "no corner index found")
        printed = printed_ranks(self.indices)
        label, rank_score, reason, rank_margin = best_label(self._bank("rank"), rank_glyph, printed, RANK_MATCHING,
                                                       checked={n for n in NUMBERS if n in printed})
        if face is not None and suit_glyph is not None and rank_glyph.parts < 2:
            settled = self._number_by_pips(rank_glyph, suit_glyph, face) or self._letter_by_picture(rank_glyph, face)
            if settled is not None:
                label, rank_score, rank_margin = settled
        # a pip is told before the rank's doubt: a heart pip leaves a Q and a 7 in doubt, and is no rank at all
        if max(label_scores(self._bank("suit"), rank_glyph).values(), default=-1.0) >= rank_score - PIP_NOT_RANK:
            return CornerReading(None, rank_score, PIP_NOT_AN_INDEX)
        if label is None:
            return CornerReading(None, rank_score, f"rank not readable ({reason})")
        rank = printed[label]
        if rank in COURT_RANKS and rank_score < MIN_COURT_SCORE:
            return CornerReading(None, rank_score, f"court letter unclear ({label} at {rank_score:.2f}): a deck of "
                                 "other letters? choose them on the Decks screen")
        in_pieces = rank_glyph.parts >= 2 and label not in TWO_PART_RANKS
        if rank == JOKER:
            return CornerReading(JOKER, rank_score, red=rank_glyph.redness > RED_CHROMA, margin=rank_margin)
        if suit_glyph is None:
            return CornerReading(None, rank_score, NO_SUIT, rank=rank, rank_margin=rank_margin)
        suit_bank = self._bank("suit")
        every_suit = {s: s for s in self.suits}
        shape, shape_score, _, shape_margin = best_label(suit_bank, suit_glyph, every_suit, SUIT_MATCHING)
        red_ink = suit_glyph.redness > RED_CHROMA
        # dark maroon ink under warm light is barely redder than the paper, yet clearly red for how
        # dark it is (jacky-scenes' 5D and 10D): red when the suit's shape and the rank's ink agree
        dark_red = not red_ink and suit_glyph.red_share > DARK_RED_SHARE
        black_ink = suit_glyph.redness <= RED_CHROMA / 2 and not dark_red
        colourless = face is not None and face.colourless
        colour_by_pips = False
        if colourless:
            # a greyscale photo: the suit's shape alone tells red from black, by the lead an unclear
            # ink asks for; spade or club, heart or diamond, are then told apart as on any photo
            red_lead = _red_lead(suit_bank, suit_glyph)
            red_ink, dark_red = red_lead > 0, False
            if abs(red_lead) < UNCLEAR_INK_MARGIN:
                # the pips, the suit printed large, may tell when they lean the index's way (a club
                # or a spade matches the diamond templates nearly as well as its own: tune photos);
                # the suit's lead then counts as just enough, so a lone corner read so is never
                # clear-cut on its own
                red_by_pips = None if face is None else pip_colour(face, suit_bank,
                                                                   suit_marks_only=rank in COURT_RANKS)
                if red_by_pips is None or red_by_pips != red_ink:
                    return CornerReading(None, rank_score,
                                         "suit colour unknown (a greyscale photo) and its shape unclear",
                                         rank=rank, rank_margin=rank_margin)
                colour_by_pips = True
        elif dark_red and (_pale_red(suit_glyph, rank_glyph)
                           or self._dark_red_agrees(suit_bank, suit_glyph, rank_glyph)):
            red_ink = True
        elif not (red_ink or black_ink):
            # dark red ink under warm light, or a small suit whose few pixels mix ink and paper: the
            # shape alone may name the suit only when it is clear of all three others
            if shape is None or shape_margin < UNCLEAR_INK_MARGIN:
                return CornerReading(None, rank_score, "suit colour unclear (neither black nor red ink)")
            red = shape in RED_SUITS
            if not red and rank_glyph.redness > RED_CHROMA:
                return CornerReading(None, rank_score, "rank and suit printed in different colours")
            return CornerReading(rank + shape, min(rank_score, shape_score), red=red,
                                 margin=min(rank_margin, shape_margin), suit_glyph=suit_glyph, rank=rank,
                                 rank_margin=rank_margin, suit_margin=shape_margin, suit_red=red,
                                 rank_in_pieces=in_pieces)
        red = red_ink
        # a thin rank's pixels mix ink with paper: pale red is red (red's excess half the suit's, or
        # beyond black ink's for how pale it is: rf100 tune scenes' blurred 6H, 9H and 5D measure
        # 0.22-0.31 of their darkness, black ink at most 0.10), but never red where the suit is black
        rank_agrees = red == (rank_glyph.redness > RED_CHROMA) or (red and (
            rank_glyph.redness > RED_CHROMA / 2 or rank_glyph.red_share > DARK_RED_SHARE))
        if not (dark_red or colourless or rank_agrees):  # a dark red rank was judged by its darkness (_dark_red_agrees)
            return CornerReading(None, rank_score, "rank and suit printed in different colours")
        top_shape = top_label(suit_bank, suit_glyph, every_suit)
        if top_shape is not None and (top_shape in RED_SUITS) != red:
            # a diamond whose red was lost reads as the nearest black suit: shape and ink must agree
            return CornerReading(None, rank_score, f"the suit's shape ({top_shape}) and its ink's colour disagree",
                                 rank=rank, rank_margin=rank_margin, suit_red=red,
                                 suit_lean=top_label(suit_bank, suit_glyph, _suits_of_colour(self.suits, red)))
        suits = _suits_of_colour(self.suits, red)
        suit, suit_score, reason, suit_margin = best_label(suit_bank, suit_glyph, suits, SUIT_MATCHING)
        if not red and self.spade_or_club is not None:
            suit, reason, suit_margin = settled_black_suit(
                self.spade_or_club.lead(suit_glyph), suit, suit_score, reason, suit_margin,
                top_label(suit_bank, suit_glyph, suits), rank_margin)
        pipped = rank in NUMBERS or rank in COURT_RANKS
        if suit is None and not red and face is not None and pipped and suit_score >= SUIT_MATCHING.min_score:
            # a spade or a club, too small to tell: the pips may (a court card's, the large suit marks
            # beside its picture), when they lean the index's way; the lead counts as just enough, so
            # a lone corner read so is never clear-cut on its own
            by_pips = pip_suit(face, suit_bank, suit_marks_only=rank in COURT_RANKS)
            if by_pips is not None and by_pips == top_shape:
                suit, suit_margin = by_pips, min(suit_margin, SUIT_MATCHING.margin)
        if suit is None:
            return CornerReading(None, min(rank_score, suit_score), f"{SUIT_UNREADABLE} ({reason})",
                                 rank=rank, rank_margin=rank_margin, suit_red=red,
                                 suit_lean=top_label(suit_bank, suit_glyph, suits))
        if colour_by_pips:
            suit_margin = min(suit_margin, SUIT_MATCHING.margin)
        return CornerReading(rank + suit, min(rank_score, suit_score), red=red, margin=min(rank_margin, suit_margin),
                             suit_glyph=suit_glyph, rank=rank, rank_margin=rank_margin, suit_margin=suit_margin,
                             suit_red=red, suit_lean=suit, rank_in_pieces=in_pieces)

    def _number_by_pips(self, rank_glyph: Glyph, suit_glyph: Glyph, face: BalancedFace) -> (
            tuple[str, float, float] | None):
        """A number glyph too like another number to tell by shape (a flat-topped 3 against a 5:
        Ammememe's deck) settled by the face's pips, when they number one of the two: the rank as
        label, score and margin. The lead counts as just enough, so a corner read so is never
        clear-cut alone; both glyphs must still lead every letter by the usual margin."""
        scores = label_scores(self._bank("rank"), rank_glyph)
        numbers = sorted((label for label in scores if label in NUMBERS and label != "10"),
                         key=lambda label: -scores[label])
        if len(numbers) < 2:
            return None
        first, second = numbers[:2]
        if scores[first] - scores[second] >= PIPS_SETTLE_MARGIN:
            return None
        letters = [score for label, score in scores.items() if label not in NUMBERS]
        pips = str(count_pips(face))
        if pips not in (first, second) or scores[pips] < RANK_MATCHING.min_score:
            return None
        if scores[pips] - max(letters, default=-1.0) < RANK_MATCHING.margin:
            return None
        return pips, scores[pips], RANK_MATCHING.margin

    def _letter_by_picture(self, rank_glyph: Glyph, face: BalancedFace) -> tuple[str, float, float] | None:
        """A court card's letter too like a number to tell by shape (kentdoan's Q against a 9)
        settled by the face: a picture above its middle (wider than PICTURE_PRINT_SIDE) and not that
        number's pips. The rank as label, score and margin; the lead counts as just enough, so a
        corner read so is never clear-cut alone, and the letter must still lead every other label."""
        printed = printed_ranks(self.indices)
        scores = {label: score for label, score in label_scores(self._bank("rank"), rank_glyph).items()
                  if label in printed}
        ranked = sorted(scores, key=lambda label: -scores[label])
        if len(ranked) < 3 or scores[ranked[0]] - scores[ranked[1]] >= RANK_MATCHING.margin:
            return None
        kinds = {printed[label] in COURT_RANKS for label in ranked[:2]}
        if kinds != {True, False}:
            return None  # two letters, or two numbers (`_number_by_pips`)
        letter, number = sorted(ranked[:2], key=lambda label: printed[label] not in COURT_RANKS)
        if scores[letter] < RANK_MATCHING.min_score or scores[letter] - scores[ranked[2]] < RANK_MATCHING.margin:
            return None
        if widest_print_above_middle(face) <= PICTURE_PRINT_SIDE or str(count_pips(face)) == printed[number]:
            return None
        return letter, scores[letter], RANK_MATCHING.margin

    def _dark_red_agrees(self, suit_bank: Bank, suit_glyph: Glyph, rank_glyph: Glyph) -> bool:
        """Whether ink red only for its darkness is red: the suit's shape must be a red suit's, clear
        of both black suits by SUIT_MATCHING's margin, and the rank's ink lean red too (black ink
        measures at most 0.03 of its darkness on most decks, jacky's thin red ranks 0.08-0.10)."""
        if rank_glyph.red_share <= DARK_RED_SHARE / 2:
            return False
        return _red_lead(suit_bank, suit_glyph) >= SUIT_MATCHING.margin

    def _bank(self, kind: str) -> Bank:
        """The templates of `kind` ("rank" or "suit") made comparable once, one matrix per label."""
        if kind not in self._banks:
            templates, matching = (self.ranks, RANK_MATCHING) if kind == "rank" else (self.suits, SUIT_MATCHING)
            self._banks[kind] = Bank.of(templates, matching.blur)
        return self._banks[kind]


def _read_so_far(reading: CornerReading) -> int:
    """How far a reading that named no card got: 2 a rank over a suit (of unclear shape or colour),
    1 a rank alone, 0 nothing."""
    if reading.rank is None:
        return 0
    return 1 if reading.reason == NO_SUIT else 2


def _pale_red(suit_glyph: Glyph, rank_glyph: Glyph) -> bool:
    """Whether a washed-out pink print, too pale for RED_CHROMA, is plainly red for how pale it is:
    suit and rank both far redder per unit of darkness than black ink ever measures."""
    return suit_glyph.red_share > PALE_RED_SHARE and rank_glyph.red_share > DARK_RED_SHARE


def _red_lead(suit_bank: Bank, suit_glyph: Glyph) -> float:
    """How much better the suit's shape matches the best red suit than the best black one."""
    scores = label_scores(suit_bank, suit_glyph)
    best_red = max((scores[s] for s in RED_SUITS if s in scores), default=-1.0)
    best_black = max((scores[s] for s in SUITS if s not in RED_SUITS and s in scores), default=-1.0)
    return best_red - best_black


def settled_black_suit(lead: float, suit: str | None, score: float, reason: str, margin: float,
                       leaning: str | None, rank_margin: float) -> tuple[str | None, str, float]:
    """A black suit as the templates read it (`suit`, at `score` by `margin`, else `reason`; the
    suit they lean to, `leaning`) and as its gradients lead (cardscans.black_suits, positive: a
    spade): the suit, its reason and margin. Plainly against the templates, no suit. Where the
    templates left it in doubt by a small lead only, the gradients plainly agreeing with that lead
    settle it over a rank read clearly (CLEAR_RANK_MARGIN), just surely enough: a lone corner so
    read is never clear-cut alone."""
    if abs(lead) < SURE_GRADIENT_LEAD:
        return suit, reason, margin
    gradients = "S" if lead > 0 else "C"
    if suit is not None:
        if gradients != suit:
            return None, f"{suit} or {gradients}: the templates and its gradients disagree", margin
        return suit, reason, margin
    if leaning == gradients and score >= SUIT_MATCHING.min_score and rank_margin >= CLEAR_RANK_MARGIN:
        return gradients, "", SUIT_MATCHING.margin
    return suit, reason, margin


def _suits_of_colour(suits: Templates, red: bool) -> dict[str, str]:
    return {suit: suit for suit in suits if (suit in RED_SUITS) == red}
