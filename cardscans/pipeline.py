"""The scan pipeline: a frame in, its sightings out, left to right.

QR tags first (most reliable); then, when a face gallery or the playing-card reader is set up,
card outlines that carry no tag are recognised by their face. A frame larger than
imageio.MAX_WORK_PIXELS is reduced first, and polygons are given in the original's pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from cardscans.card_indices import IndexCorners, IndexSet
from cardscans.corner_index import CornerReading
from cardscans.crowded_outlines import doubtful, outweighed
from cardscans.identify import loaded_catalog, sighting_from_code
from cardscans.imageio import downscale, to_bgr, to_gray, work_scale
from cardscans.index_pairs import LaterSteps, cards_by_index_pairs
from cardscans.index_spots import IndexSpot, cut_spots, searched_frame, upright_face
from cardscans.lone_indices import LONE_INK_LEVELS
from cardscans.outline_reading import (
    alone,
    may_hold_two_cards,
    named_over,
    once_a_deck,
    once_each,
    read_outlines,
    room_for_another,
)
from cardscans.playing_cards import CATALOG as PLAYING_CARDS
from cardscans.playing_cards import CornerReader, DeckCatalog, IndexReadings, corner_sighting, frame_is_colourless
from cardscans.qrchain import Effort, QrReader
from cardscans.quad_lines import find_card_quads_by_lines
from cardscans.quads import DetectionFrame, Quad, find_card_quads, quad_contains
from cardscans.recognizer import FaceGallery
from cardscans.sighting import CardSighting, left_to_right
from cardscans.top_indices import examine_top
from companion.rules.catalog import Catalog


@dataclass
class Scanner:
    """`catalog` limits the table to one catalog (a tag of another is foreign)."""

    catalog: str | None = None
    gallery: FaceGallery | None = None
    corners: CornerReader | None = None
    deck: DeckCatalog | None = None  # a catalog of a standard deck: corner readings name its cards
    reader: QrReader = field(default_factory=QrReader.create)
    known: Catalog | None = None  # a catalog given rather than installed: an owner's deck file

    @classmethod
    def for_known_catalog(cls, catalog: Catalog, gallery: FaceGallery | None = None) -> Scanner:
        """A table that plays one given catalog (a Martial Arts TCG deck file): its tags name its cards."""
        return cls(catalog=catalog.id, gallery=gallery, known=catalog)

    @classmethod
    def for_catalog(cls, catalog: str | None, gallery: FaceGallery | None = None,
                    card_indices: IndexSet = "english", index_corners: IndexCorners = 4) -> Scanner:
        """`card_indices`: the lettering of the playing cards' corner indices (english A K Q J,
        german A K D B, french A R D V); a deck of other lettering is read as unrecognised.
        `index_corners`: the corners the deck prints an index in, 2 or 4 (the default reads both
        kinds; 2 spares the time of looking at corners such a deck leaves blank)."""
        deck = None
        if catalog is not None and catalog != PLAYING_CARDS:
            loaded = loaded_catalog(catalog)
            deck = DeckCatalog.recognise(catalog, [c.id for c in loaded.cards]) if loaded else None
        corners = (CornerReader.for_deck(card_indices, index_corners)
                   if catalog == PLAYING_CARDS or deck is not None else None)
        return cls(catalog=catalog, gallery=gallery, corners=corners, deck=deck)

    def scan(self, image: Any, effort: Effort = "auto") -> list[CardSighting]:
        gray = to_gray(image)
        low, high, _, _ = cv2.minMaxLoc(gray)
        if high - low < 8:
            return []  # a black, white or covered frame holds nothing: no decoder time spent
        scale = work_scale(gray.shape)
        work = downscale(gray, scale)
        # everything is found and compared in the reduced frame's pixels, then mapped back once
        sightings = [sighting_from_code(code, self.catalog, self.known) for code in self.reader.read(work, effort)]
        if self.gallery is not None or self.corners is not None:
            colour = downscale(to_bgr(image), scale) if np.asarray(image).ndim == 3 else work
            sightings += self._faces(colour, work, sightings)
        return left_to_right([s.rescaled(1 / scale) for s in sightings])

    def _faces(self, colour: Any, gray: Any, tags: list[CardSighting]) -> list[CardSighting]:
        codes = [np.array(tag.polygon, np.float32) for tag in tags]
        grey = frame_is_colourless(colour)  # once a frame, not once an outline

        def untagged(quads: list[Quad]) -> list[Quad]:
            # a tagged card is read by its tag; an outline inside a code is a few of its modules
            return [quad for quad in quads if not any(quad_contains(quad, tag.centre) for tag in tags)
                    and not any(quad_contains(code, (float(quad[:, 0].mean()), float(quad[:, 1].mean())))
                                for code in codes)]

        def read_pass(quads: list[Quad]) -> list[CardSighting]:
            crowded = {index for index, quad in enumerate(quads) if not alone(quad, quads)}
            order = {id(quad): index for index, quad in enumerate(quads)}

            def identify(quad: Quad) -> CardSighting | None:
                return self._identify(colour, gray, quad, grey, order[id(quad)] not in crowded)

            return read_outlines(quads, identify, gray)

        # reduced once, for the outlines and the index spots alike (a frame over
        # imageio.MAX_WORK_PIXELS has its spots searched in this grey, not in `colour` greyed again)
        detection = DetectionFrame.of(gray)
        outlines = untagged(find_card_quads(detection))
        read = read_pass(outlines)
        if not any(sighting.kind == "card" for sighting in read):
            # Nothing named: a white card on a white counter may show no closed outline, only broken
            # sides (quad_lines.find_card_quads_by_lines; its cost, ~5 ms, only on such frames)
            by_lines = read_pass(untagged(find_card_quads_by_lines(gray)))
            read = named_over(read, [sighting for sighting in by_lines if sighting.kind == "card"])
        first_spots = None  # the index steps' first look's spots, once cut
        if self.corners is not None and any(doubtful(sighting) for sighting in read):
            first_spots = cut_spots(*searched_frame(to_bgr(colour), detection), False)
            read = self._without_crowded_outlines(colour, read, first_spots, grey)
        if self.corners is not None:
            # cards whose outline no pass found or read (cut by the frame, lying against another):
            # by their two corner indices (cardscans.index_pairs)
            # an outline round two touching cards, named by one, leaves the other's indices free to read
            # (a card named twice on overlapping outlines is kept once: once_each)
            taken = [np.array(s.polygon, np.float32) for s in [*tags, *read]
                     if s.kind == "card" and not may_hold_two_cards(s)] + codes
            unnamed = (any(s.kind == "unrecognised" for s in read) or not any(s.kind == "card" for s in [*tags, *read])
                       or room_for_another(outlines, read))
            steps = _IndexSteps(self.corners, colour, self.deck, grey,
                                named={s.card_id for s in [*tags, *read] if s.kind == "card"})
            # only where the deck prints four: a card's two top indices side by side (its lower half
            # under another card), and two of its indices that read it alike (on a two-index deck,
            # its diagonal pair so read named nothing more on any tune set, and cost the white scenes
            # 3 ms on the mean); on any deck, one index read beyond doubt (a card of a fanned hand)
            later = (LaterSteps(steps.confirm_top, steps.name_read, steps.name_read)
                     if self.corners.corners == 4 else LaterSteps(lone=steps.name_read))
            by_indices = cards_by_index_pairs(to_bgr(colour), self.corners.read_index, steps.confirm, taken, grey,
                                              unnamed, later, detection, first_spots)
            read = named_over(read, by_indices)
        return once_a_deck(once_each(read))

    def _without_crowded_outlines(self, colour: Any, read: list[CardSighting], spots: list[IndexSpot],
                                  grey: bool) -> list[CardSighting]:
        """`read` less the outlines named unsurely that hold other cards' indices among the frame's
        index `spots` (cardscans.crowded_outlines)."""
        assert self.corners is not None
        corners = self.corners
        image = to_bgr(colour)

        def read_spot(spot: IndexSpot) -> CornerReading:
            return corners.read_index(upright_face(image, spot, grey), LONE_INK_LEVELS)

        return [sighting for sighting in read if not outweighed(sighting, spots, read_spot)]

    def _identify(self, colour: Any, gray: Any, quad: Quad, grey: bool, alone: bool) -> CardSighting | None:
        """The card in an untagged outline: by its corner index, else by its registered face.
        `alone`: no other outline was found about its place (CornerReader.examine's `outline_alone`)."""
        sighting = None
        unsure = None  # the corner reader's reason, kept when nothing names the card
        if self.corners is not None:
            examined = self.corners.examine(colour, quad, self.deck, grey, outline_alone=alone)
            sighting, unsure = (examined, None) if examined.kind == "card" else (None, examined)
        if sighting is None and self.gallery is not None:
            sighting = self.gallery.sighting(colour, quad)
        if sighting is not None and self.catalog not in (None, sighting.catalog):
            return None
        return sighting or unsure


@dataclass
class _IndexSteps:
    """How the index steps (cardscans.index_pairs) confirm a card in one frame: steps 5 and 6 examine
    the outline its indices give as the outline steps do, and every card named is added to `named`,
    the frame's cards named by a tag or any step, so that steps 7 and 8, on weaker evidence, name
    none a second time."""

    corners: CornerReader
    colour: Any
    deck: DeckCatalog | None
    grey: bool
    named: set[str | None]

    def confirm(self, quad: Quad, card: str | None, indices: IndexReadings) -> CardSighting | None:
        """Step 5: the outline two partners give, examined for the card they read."""
        return self._named_now(self.corners.examine(self.colour, quad, self.deck, self.grey, expected=card,
                                                    indices=indices))

    def confirm_top(self, quad: Quad) -> CardSighting | None:
        """Step 6: the outline two top indices give, read by those two alone."""
        return self._named_now(examine_top(self.corners, self.colour, quad, self.deck, self.grey))

    def name_read(self, quad: Quad, reading: CornerReading) -> CardSighting | None:
        """Steps 7 and 8: the card two indices read alike, or one beyond doubt, unless named already
        (a card with both long sides in view: the second is the same card)."""
        sighting = corner_sighting(reading, quad, self.deck)
        return None if sighting.card_id in self.named else self._named_now(sighting)

    def _named_now(self, sighting: CardSighting) -> CardSighting | None:
        if sighting.kind != "card":
            return None
        self.named.add(sighting.card_id)
        return sighting
