"""Spade or club told by the suit glyph's gradients (cardscans.black_suits) beside the templates:
judged on real photos it never learned from (the committed Ammememe deck's report half, CC BY 4.0)
and on the drawn suits of card art, and the rules by which corner_index weighs the two cues."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from cardscans.balanced_face import balance
from cardscans.black_suits import MIN_HEIGHT, SpadeOrClub, shipped
from cardscans.card_drawing import blank_face, draw_suit, with_rank_above
from cardscans.card_glyphs import Glyph, corner_glyphs
from cardscans.corner_index import SUIT_MATCHING, SURE_GRADIENT_LEAD, settled_black_suit
from cardscans.playing_cards import CornerReader

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "cards-ammememe"
sys.path.insert(0, str(DATA.parent / "cards-real"))
from build_black_suits import CuttingReader, labelled_black_suits  # noqa: E402  # how the glyphs were cut to learn on

MANIFEST: dict[str, Any] = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))


def discriminant() -> SpadeOrClub:
    learned = shipped()
    assert learned is not None, "cardscans/glyphs/black-suits.npz is missing: build_black_suits.py writes it"
    return learned


def test_black_suits_of_photos_never_learned_from_lean_to_their_own_suit() -> None:
    reader = CuttingReader.for_deck("english")
    assert isinstance(reader, CuttingReader)  # for_deck keeps the class
    leads: list[tuple[float, bool]] = []
    for photo in MANIFEST["photos"]:
        if photo["role"] == "report" and photo["deck"] == "white":
            image = np.asarray(cv2.imread(str(DATA / "photos" / photo["file"]), cv2.IMREAD_COLOR), np.uint8)
            # a glyph under MIN_HEIGHT gets no lean (0.0) and the reader goes by the templates there:
            # judged, an abstention would count as a club
            leads += [(discriminant().lead(glyph), spade)
                      for glyph, spade, _ in labelled_black_suits(reader, image, photo["cards"] + photo["partial"])
                      if glyph.box[3] >= MIN_HEIGHT]
    assert len(leads) >= 20, len(leads)
    right = sum((lead > 0) == spade for lead, spade in leads)
    plain = [(lead, spade) for lead, spade in leads if abs(lead) >= SURE_GRADIENT_LEAD]
    assert right >= 0.9 * len(leads), (right, len(leads))
    assert plain and all((lead > 0) == spade for lead, spade in plain), plain


def drawn_suit(suit: str, size: int) -> Glyph:
    canvas = blank_face()
    draw_suit(canvas, suit, (22, 46), size)
    _, glyph = corner_glyphs(balance(with_rank_above(canvas)))
    assert glyph is not None
    return glyph


@pytest.mark.parametrize("size", [30, 26, 22])
def test_drawn_spades_and_clubs_lean_their_own_way(size: int) -> None:
    assert discriminant().lead(drawn_suit("S", size)) > 0
    assert discriminant().lead(drawn_suit("C", size)) < 0


@pytest.mark.parametrize("size", [15, 12])
def test_a_suit_too_small_for_its_gradients_leads_nowhere(size: int) -> None:
    # a drawn 12 px club's gradients lean plainly to a spade: below MIN_HEIGHT they are not asked
    assert drawn_suit("C", size).box[3] < MIN_HEIGHT
    assert discriminant().lead(drawn_suit("C", size)) == 0.0


def test_gradients_plainly_against_the_templates_leave_no_suit_to_name() -> None:
    suit, reason, _ = settled_black_suit(-SURE_GRADIENT_LEAD, "S", 0.8, "", 0.07, "S", 0.2)
    assert suit is None
    assert reason == "S or C: the templates and its gradients disagree"


def test_a_suit_the_templates_left_in_doubt_is_settled_only_by_plain_gradients_over_a_clear_rank() -> None:
    in_doubt = ("S or C", 0.02)
    settled = settled_black_suit(SURE_GRADIENT_LEAD + 0.5, None, 0.8, *in_doubt[:1], in_doubt[1], "S", 0.2)
    assert settled == ("S", "", SUIT_MATCHING.margin)  # just surely enough: never clear-cut alone
    # gradients not plain, leaning the other way, a rank read by its bare margin, a poor match: no suit
    assert settled_black_suit(SURE_GRADIENT_LEAD - 0.5, None, 0.8, "S or C", 0.02, "S", 0.2)[0] is None
    assert settled_black_suit(-SURE_GRADIENT_LEAD, None, 0.8, "S or C", 0.02, "S", 0.2)[0] is None
    assert settled_black_suit(SURE_GRADIENT_LEAD, None, 0.8, "S or C", 0.02, "S", 0.08)[0] is None
    assert settled_black_suit(SURE_GRADIENT_LEAD, None, 0.5, "best match S at 0.50", 0.02, "S", 0.2)[0] is None


def test_a_reader_without_the_learned_file_reads_by_the_templates_alone() -> None:
    canvas = blank_face()
    draw_suit(canvas, "C", (22, 46), 26)
    face = with_rank_above(canvas)
    with_gradients = CornerReader.for_deck("english")
    templates_only = CornerReader.for_deck("english")
    templates_only.spade_or_club = None
    assert with_gradients.read_corner(balance(face)).card_id == templates_only.read_corner(balance(face)).card_id
    assert np.isfinite(discriminant().bias)
