"""A four-index card whose lower half lies under another card (a Schnapsen trick), read by the two
top indices left in view (cardscans.index_pairs finds them, cardscans.spot_pairs gives the outline).

Its pips and lower corners are hidden, so the two top corners must both read one card, one of them
at SINGLE_CORNER_SCORE (TOP_COURT_SCORE for a court card), a number card must show no picture above
its middle (MAX_PIP_SIDE) and a court card one (MIN_PICTURE_SIDE, `pips.widest_print_above_middle`);
a court card's top index that finds no suit under its letter takes the other's
(`_suit_from_the_other`). Two prints agreeing stand in for the pips no one can count, so either may
be read at any ink cut (a small card's hairlines need a looser one) or as a letter in two pieces (a
German D, whose lead then counts as just enough: template_match.best_label).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardscans.balanced_face import BalancedFace, balance
from cardscans.card_indices import JOKER, NUMBERS
from cardscans.corner_index import COURT_RANKS, INK_LEVELS, CornerReading
from cardscans.imageio import to_bgr
from cardscans.paper_light import FACE
from cardscans.pips import widest_print_above_middle
from cardscans.playing_cards import (
    MIN_PAPER_CONTRAST,
    SINGLE_CORNER_SCORE,
    CornerReader,
    DeckCatalog,
    corner_sighting,
)
from cardscans.quads import Quad, rectify
from cardscans.sighting import CardSighting

# a court card's two top indices over its picture (which numbers and misread 10s lack) need less:
# no tune photo named a wrong court card so at any score
TOP_COURT_SCORE = 0.6
MAX_PIP_SIDE = 0.4  # of the face: a larger print above a number card's middle is a picture (pips: under 0.3)
# a court card's picture there measures more (a German D's head and hair over a trick's front card:
# 0.34, tune tricks), a 10's pips that read as a K less (0.24)
MIN_PICTURE_SIDE = 0.3
LOOSER_CUT = 1  # card_glyphs.ink_of's level halfway from the plain cut to the paper


def examine_top(reader: CornerReader, image: npt.NDArray[np.uint8], quad: Quad, deck: DeckCatalog | None,
                colourless: bool) -> CardSighting:
    """The card in `quad` read by its two top indices alone (see the module), else `unrecognised`.
    Refused at the reader's cuts, the two are read once more at the looser cut alone: a turned,
    downsized German 10 whose "0" breaks at its thin strokes reads as a K in pieces at the plain
    cut, and as the 10 it is at the looser one (generated tricks seen turned, tune)."""
    balanced = balance(rectify(to_bgr(image), quad, FACE), colourless)
    if balanced.paper_contrast < MIN_PAPER_CONTRAST:
        return corner_sighting(CornerReading(None, 0.0, "no print on the face"), quad, deck)
    judged, worth_another_cut = _judged(reader, balanced, INK_LEVELS)
    if judged.card_id is None and worth_another_cut:
        looser, _ = _judged(reader, balanced, (LOOSER_CUT,))
        judged = looser if looser.card_id is not None else judged
    return corner_sighting(judged, quad, deck)


def _judged(reader: CornerReader, balanced: BalancedFace, levels: tuple[int, ...]) -> tuple[CornerReading, bool]:
    """The card both top indices read at `levels`, or why not; and whether the top left index
    showed a rank at all (none: another cut is not worth reading)."""
    left = reader.read_corner(balanced, levels)
    if left.card_id is None and left.rank is None:
        return left, False
    if left.card_id is None and not _may_take_the_others_suit(left):
        # the right index cannot name the card alone: its read would only change the reason (rf100
        # tune scenes: a third of the outlines examined here, ~2.7 ms each)
        return left, True
    right = reader.read_corner(balanced.mirrored_face(), levels)
    if left.card_id is None and right.card_id is None:
        return left, True
    left, right = _settled(balanced, *_suit_from_the_other(left, right))
    card = left.card_id or ""
    reason = ""
    if right.card_id != card:
        reason = right.reason or f"the top indices read {card} and {right.card_id}"
    elif card == JOKER or max(left.score, right.score) < (
            TOP_COURT_SCORE if card[:-1] in COURT_RANKS else SINGLE_CORNER_SCORE):
        reason = f"the top indices read {card}, not clearly enough"
    elif card[:-1] in NUMBERS and widest_print_above_middle(balanced) > MAX_PIP_SIDE:
        reason = f"the top indices read {card} but a picture lies below them"
    elif card[:-1] in COURT_RANKS and widest_print_above_middle(balanced) <= MIN_PICTURE_SIDE:
        # a German 10's "1" and "0" read as a K in both top indices, over its pips
        reason = f"the top indices read {card} but no picture lies below them"
    if reason:
        return CornerReading(None, 0.0, reason), True
    return CornerReading(card, min(left.score, right.score), red=left.red), True


def _suit_from_the_other(left: CornerReading, right: CornerReading) -> tuple[CornerReading, CornerReading]:
    """A court card's top index whose letter reads clearly but under which no suit is found (a German
    D's small suit crowded by the large one its picture holds beside it: tune tricks) agrees with the
    other top index when that one reads the whole card with the same letter: the card is then named
    by that index's suit. Never where a suit was seen and left in doubt (a J over a club it could not
    tell from a spade, the other index misreading that club as a spade: Anima's English scene), nor
    for a number (a lone "4" was once a pip and a frame's edge)."""
    for suitless, whole in ((left, right), (right, left)):
        if (_may_take_the_others_suit(suitless) and whole.card_id is not None
                and suitless.rank == whole.rank):
            return whole, whole
    return left, right


def _may_take_the_others_suit(reading: CornerReading) -> bool:
    """Whether a top index that named no card would take the other's suit (`_suit_from_the_other`):
    a court card's letter read clearly, with no suit seen under it."""
    return (reading.card_id is None and reading.rank in COURT_RANKS and reading.suit_red is None
            and reading.score >= SINGLE_CORNER_SCORE)


def _settled(balanced: BalancedFace, left: CornerReading, right: CornerReading) -> tuple[CornerReading, CornerReading]:
    """Two top indices of one suit, one read as a number and the other as a court card (a German
    B whose stem parts from its bowls reads as a 10): what lies between them settles it, pips
    for the number, a picture for the court card (`widest_print_above_middle`)."""
    cards = (left.card_id or "", right.card_id or "")
    if not all(cards) or cards[0][-1:] != cards[1][-1:]:
        return left, right
    ranks = {card[:-1] for card in cards}
    number = next((rank for rank in ranks if rank in NUMBERS), None)
    court = next((rank for rank in ranks if rank in COURT_RANKS), None)
    if number is None or court is None:
        return left, right
    widest = widest_print_above_middle(balanced)
    kept = court if widest > MAX_PIP_SIDE else number if widest > 0 else None
    if kept is None:
        return left, right
    chosen = left if left.card_id == kept + cards[0][-1] else right
    return chosen, chosen
