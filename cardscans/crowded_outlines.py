"""An outline the corner reader named unsurely that holds other cards' indices, read surely: it runs
round several cards (a fanned hand found as one outline), and its corner's reading is a misread.

rf100's larger tune set: an outline round four fanned diamonds read AD at 0.72, a card that is not
there, and hid the 9D, 10D, JD and KD from the index steps, which take no spot inside a named
outline. So before those steps (cardscans.pipeline), an outline read below DOUBTFUL_OUTLINE has its
plainest spots read (at most SPOTS_READ): where they read OUTWEIGHING other cards at SURE_OTHER or
better, and none its own card, it is not the card its corner named, and it is dropped; the index
steps then read the cards inside it. A card's own outline can hold other cards' indices too (a card
lying over its corner), so one such card never outweighs it: of that tune set's 397 outlines read
below 0.8, three named right held one other card read so among their 40 plainest spots, the one
named wrong two (stop 52; at 10 spots read, one or two outweighing named the same there).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cardscans.corner_index import CornerReading
from cardscans.index_spots import IndexSpot
from cardscans.quads import inside_any
from cardscans.sighting import CardSighting

DOUBTFUL_OUTLINE = 0.75
SPOTS_READ = 10  # the plainest spots inside one doubtful outline read (~1.3 ms each)
SURE_OTHER = 0.9
OUTWEIGHING = 2


def doubtful(sighting: CardSighting) -> bool:
    """An outline's card named by its corner below DOUBTFUL_OUTLINE."""
    return sighting.kind == "card" and sighting.method == "corner-index" and sighting.confidence < DOUBTFUL_OUTLINE


def outweighed(sighting: CardSighting, spots: list[IndexSpot], read: Callable[[IndexSpot], CornerReading]) -> bool:
    """Whether a doubtful outline (`doubtful`) holds OUTWEIGHING other cards' indices among its
    plainest `spots` (`read`: a spot's reading at the cuts a lone index is trusted at), and not its own."""
    if not doubtful(sighting) or not spots:
        return False
    ranks = np.array([spot.rank for spot in spots], np.float64)
    inside = inside_any([np.array(sighting.polygon, np.float32)], ranks)
    plainest = sorted((spot for spot, held in zip(spots, inside, strict=True) if held),
                      key=lambda spot: spot.other_ink)[:SPOTS_READ]
    others: set[str] = set()
    for spot in plainest:
        reading = read(spot)
        if reading.card_id == sighting.card_id:
            return False  # its own index inside: the outline is its card's
        if reading.card_id is not None and reading.score >= SURE_OTHER:
            others.add(reading.card_id)
    return len(others) >= OUTWEIGHING
