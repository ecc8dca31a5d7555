"""Step 8 (cardscans.lone_indices): a card named by one index alone, on the real reader's reading of a
drawn trick's back card, whose top-left index is all of its print in view; and each guard that keeps
one index from naming a card it is not sure of."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pytest

from cardscans import synthetic
from cardscans.card_drawing import playing_card_face
from cardscans.card_glyphs import SHADED_LEVEL
from cardscans.corner_index import CornerReading
from cardscans.index_spots import IndexSpot, index_spots, upright_face
from cardscans.lone_indices import LONE_SCORE, UNSIZED_SCORE, named_by_lone_indices
from cardscans.playing_cards import CornerReader, corner_sighting
from cardscans.quads import Quad, quad_contains
from cardscans.sighting import CardSighting

FRONT_CARD = synthetic.turned_corners((380, 560), 250, 350, -12.0)  # where synthetic.trick lays the front card


@dataclass
class _Look:
    """The spots one look read, as index_pairs keeps them."""

    readings: list[tuple[IndexSpot, CornerReading]]


@pytest.fixture(scope="module")
def back_index() -> tuple[IndexSpot, CornerReading]:
    """The QD's top-left index, the only one of its print a 7S over its lower half leaves in view,
    read by the English reader."""
    frame = synthetic.trick(playing_card_face("QD"), playing_card_face("7S"))
    reader = CornerReader.for_deck("english", 4)
    readings = [(spot, reader.read_index(upright_face(frame, spot, False))) for spot in index_spots(frame)]
    [queen] = [(spot, reading) for spot, reading in readings if reading.card_id == "QD"]
    return queen


def _named(readings: list[tuple[IndexSpot, CornerReading]], outlines: list[Quad],
           named_already: frozenset[str] = frozenset()) -> list[CardSighting]:
    def confirm(quad: Quad, reading: CornerReading) -> CardSighting | None:
        return None if reading.card_id in named_already else corner_sighting(reading, quad, None)

    return named_by_lone_indices([_Look(readings)], outlines, confirm)


def test_a_card_whose_one_index_is_in_view_is_named_by_it_on_its_corner(
        back_index: tuple[IndexSpot, CornerReading]) -> None:
    spot, reading = back_index
    assert reading.score >= LONE_SCORE
    [sighting] = _named([back_index], [FRONT_CARD])
    assert sighting.card_id == "QD"
    assert quad_contains(np.array(sighting.polygon, np.float32), (float(spot.rank[0]), float(spot.rank[1])))
    # the corner, not a whole card: far smaller than the front card
    assert _area(sighting.polygon) < 0.3 * _area(FRONT_CARD)


def test_an_index_larger_than_those_of_the_cards_named_about_it_names_nothing(
        back_index: tuple[IndexSpot, CornerReading]) -> None:
    """A spot twice an index's size for the frame's cards: a cloth's print or a card's pips."""
    small_card = synthetic.turned_corners((380, 560), 125, 175, -12.0)
    assert _named([back_index], [small_card]) == []


def test_an_index_read_only_at_the_shaded_cut_names_nothing(back_index: tuple[IndexSpot, CornerReading]) -> None:
    spot, reading = back_index
    assert _named([(spot, replace(reading, ink_level=SHADED_LEVEL))], [FRONT_CARD]) == []


def test_without_a_card_to_size_it_by_an_index_must_read_surer(back_index: tuple[IndexSpot, CornerReading]) -> None:
    spot, reading = back_index
    between = (LONE_SCORE + UNSIZED_SCORE) / 2
    assert _named([(spot, replace(reading, score=between))], [FRONT_CARD]) != []
    assert _named([(spot, replace(reading, score=between))], []) == []
    assert [s.card_id for s in _named([(spot, replace(reading, score=UNSIZED_SCORE))], [])] == ["QD"]


def test_below_the_lone_score_an_index_names_nothing(back_index: tuple[IndexSpot, CornerReading]) -> None:
    spot, reading = back_index
    assert _named([(spot, replace(reading, score=LONE_SCORE - 0.01))], [FRONT_CARD]) == []


def test_one_index_read_as_two_cards_names_neither(back_index: tuple[IndexSpot, CornerReading]) -> None:
    """Another cut of the same rank and suit (a spot a little apart) reading QH: the index is in doubt."""
    spot, reading = back_index
    other_cut = IndexSpot(spot.rank + 0.2 * spot.spacing, spot.suit + 0.2 * spot.spacing)
    assert _named([back_index, (other_cut, replace(reading, card_id="QH", score=0.5))], [FRONT_CARD]) == []


def test_an_index_inside_a_named_card_or_of_a_card_named_already_names_nothing(
        back_index: tuple[IndexSpot, CornerReading]) -> None:
    spot, _ = back_index
    over_it = synthetic.turned_corners((float(spot.rank[0]), float(spot.rank[1])), 250, 350, 0.0)
    assert _named([back_index], [FRONT_CARD, over_it]) == []
    assert _named([back_index], [FRONT_CARD], named_already=frozenset({"QD"})) == []


def _area(polygon: object) -> float:
    corners = np.asarray(polygon, np.float64)
    x, y = corners[:, 0], corners[:, 1]
    return float(abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))) / 2)
