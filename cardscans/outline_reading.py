"""Card outlines read one by one: each named by a reader (corner index, registered face) or kept as
`unrecognised` with its reason, and how the passes that find outlines combine. Shared by the scan
pipeline (cardscans.pipeline) and the face gallery (cardscans.recognizer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt

from cardscans.card_indices import JOKER
from cardscans.quads import Quad, edge_contrast, opposite_sides, overlap, quad_contains
from cardscans.sighting import CardSighting

MIN_EDGE_CONTRAST = 0.35  # cards' outlines measure 0.38-1.0, lit patches and shadows 0.1-0.3
# long side over short side of an outline round two touching cards (2.2-2.6 on the tune tricks); one
# card measures 1.4-1.6, and seen from a low angle up to ~1.9 (tune photos)
TWO_CARDS_LONG = 2.0
CARD_OF_TWO = 0.3  # of an outline round two cards: the least area one of them may show
ROOM = 1.4  # of a named card's area: the least an outline round it and another card's top strip covers
# an outline inside a card's with its centre this near the card's (in the square root of the card's
# area) is the card's own print (its picture's frame): a card in a trick lies further off its
# neighbour's centre (0.1-0.2 changed no tune figure)
OWN_PRINT_OFF = 0.15


def read_outlines(outlines: list[Quad], identify: Callable[[Quad], CardSighting | None],
                  gray: npt.NDArray[np.uint8]) -> list[CardSighting]:
    """Each card outline named by `identify` (outermost first; one inside a card already named is
    part of its print), then the outlines nobody named as `unrecognised`. `identify` may answer an
    `unrecognised` sighting to say why it named nothing (the playing-card reader does): that
    reason is kept instead of the generic one. An outline round a card named before it that names
    the same card is dropped: it runs round that card and its neighbours, whose indices it would hide."""
    found: list[CardSighting] = []
    unknown: list[Quad] = []
    reasons: list[str] = []
    for quad in outlines:
        centre = (float(quad[:, 0].mean()), float(quad[:, 1].mean()))
        holders = [index for index, s in enumerate(found) if quad_contains(np.array(s.polygon, np.float32), centre)]
        if any(not may_hold_two_cards(found[index]) or _area(quad) < CARD_OF_TWO * _area(found[index].polygon)
               for index in holders):
            continue  # a card's own print (a picture's frame), or too small to be one of the two cards
        sighting = identify(quad)
        if sighting is None or sighting.kind == "unrecognised":
            if not holders:
                unknown.append(quad)
                reasons.append(sighting.reason if sighting is not None and sighting.reason else NO_MATCH)
            continue
        if any(s.card_id == sighting.card_id and quad_contains(quad, s.centre) and _area(quad) > _area(s.polygon)
               for s in found):
            # the card's own outline was named before, inside this one: this outline runs round it
            # and its neighbours (a hand's outline named by the front card's corners, whose indices
            # it would hide from the index passes: an AC over a 2C, 3C and 4C, rf100's larger tune set)
            continue
        same = next((index for index in holders if found[index].card_id == sighting.card_id), None)
        if same is None:
            found.append(sighting)
        else:
            found[same] = sighting  # the card's own outline, inside the one round it and its neighbour
    return found + unrecognised_outlines(unknown, found, gray, reasons)


def _area(corners: Quad | tuple[tuple[float, float], ...]) -> float:
    return abs(float(cv2.contourArea(np.asarray(corners, np.float32))))


def may_hold_two_cards(sighting: CardSighting) -> bool:
    """Whether a named outline is too long for one card: one round two cards that touch (a trick's
    back card and the front card over its lower half), named by the back card's corner. Outlines
    inside it are read too, each a card of its own when it names another."""
    return long_enough_for_two(np.array(sighting.polygon, np.float32))


def long_enough_for_two(outline: Quad) -> bool:
    """At least TWO_CARDS_LONG times as long as it is wide: two cards end to end, not one."""
    across, along = opposite_sides(outline)
    return max(across, along) >= TWO_CARDS_LONG * min(across, along)


def room_for_another(outlines: list[Quad], read: list[CardSighting]) -> bool:
    """Whether an outline round a named card is long enough for two and larger by another card's
    top strip: a trick's back card above the front card named, the two found as one outline that
    nobody named (generated tricks seen turned), so the index passes should look for its indices."""
    cards = [np.array(s.polygon, np.float32) for s in read if s.kind == "card"]
    return any(long_enough_for_two(outline) and _area(outline) > ROOM * _area(card)
               and quad_contains(outline, (float(card[:, 0].mean()), float(card[:, 1].mean())))
               for outline in outlines for card in cards)


NO_MATCH = "no registered card matches"


def unrecognised_outlines(unknown: list[Quad], recognised: list[CardSighting],
                          gray: npt.NDArray[np.uint8] | None = None,
                          reasons: list[str] | None = None) -> list[CardSighting]:
    """Outlines that are no recognised card, outermost only, not around a recognised card, and
    (given the frame) with a sharp edge most of the way round: a lit patch of table is no card.
    `reasons` (one per outline) say why each was not recognised."""
    found: list[CardSighting] = []
    kept: list[Quad] = []
    for index, quad in enumerate(unknown):
        if gray is not None and edge_contrast(gray, quad) < MIN_EDGE_CONTRAST:
            continue
        centre = (float(quad[:, 0].mean()), float(quad[:, 1].mean()))
        if any(quad_contains(other, centre) for other in kept):
            continue
        around = any(quad_contains(quad, s.centre) for s in recognised)
        inside = any(quad_contains(np.array(s.polygon, np.float32), centre) for s in recognised)
        if around or inside:
            continue
        kept.append(quad)
        polygon = tuple((float(x), float(y)) for x, y in quad)
        reason = reasons[index] if reasons is not None else NO_MATCH
        found.append(CardSighting("unrecognised", "photo", polygon, 0.0, reason=reason))
    return found


def named_over(read: list[CardSighting], named: list[CardSighting]) -> list[CardSighting]:
    """`read` with the cards of another pass added, less its unrecognised outlines on those cards."""
    if not named:
        return read
    return named + [sighting for sighting in read if sighting.kind == "card" or not any(
        quad_contains(np.array(card.polygon, np.float32), sighting.centre) for card in named)]


def once_each(sightings: list[CardSighting]) -> list[CardSighting]:
    """The sightings less a card named again on an outline overlapping its first: a four-index card
    in full view gives two top-index pairs (its top indices and, upside down, its bottom ones), each
    an outline of the whole card (generated German tricks: JD named twice)."""
    kept: list[CardSighting] = []
    for sighting in sightings:
        polygon = np.array(sighting.polygon, np.float32)
        if sighting.kind == "card" and any(
                earlier.kind == "card" and earlier.card_id == sighting.card_id
                and overlap(polygon, np.array(earlier.polygon, np.float32)) for earlier in kept):
            continue
        kept.append(sighting)
    return kept


def once_a_deck(sightings: list[CardSighting]) -> list[CardSighting]:
    """The sightings with each playing card the corner reader named at one place only: a table plays
    one deck (MACE: "a deck of playing cards"), which prints each card once, so a card read at two
    places apart (`once_each` keeps one of two overlapping outlines) is wrong at one of them. It is
    kept where it read surest; the other is unrecognised, saying why (rf100 tune photos, a hand of
    5-8 and one of 9-K of hearts: a 6H and a JH named twice, each a second time at 0.63-0.71 where
    the first read 0.89-0.95). Jokers are left alone: a deck has two."""
    surest: dict[str | None, CardSighting] = {}
    for sighting in sightings:
        if _read_by_index(sighting) and (sighting.card_id not in surest
                                         or sighting.confidence > surest[sighting.card_id].confidence):
            surest[sighting.card_id] = sighting
    return [replace(sighting, kind="unrecognised", card_id=None,
                    reason=f"read as {sighting.card_id}, which the frame shows where it reads surer "
                           "(a deck holds each card once)")
            if _read_by_index(sighting) and surest[sighting.card_id] is not sighting else sighting
            for sighting in sightings]


def _read_by_index(sighting: CardSighting) -> bool:
    return sighting.kind == "card" and sighting.method == "corner-index" and sighting.card_id != JOKER


def alone(quad: Quad, quads: list[Quad]) -> bool:
    """No other outline about this one's place but smaller ones about its centre: no outline around
    it (it may be a picture's frame, whose print reads as a letter), none beside it that overlaps
    (one round two cards), while its own picture's frame, or the same card found again a little
    smaller, leaves it alone (Ammememe's tune KD, and blurred tune frames: 7 more named, 1 wrong fewer)."""
    area = _area(quad)
    centre = quad.mean(axis=0)
    return not any(other is not quad and overlap(quad, other) and (
        _area(other) >= area or float(np.hypot(*(other.mean(axis=0) - centre))) > OWN_PRINT_OFF * np.sqrt(area))
        for other in quads)
