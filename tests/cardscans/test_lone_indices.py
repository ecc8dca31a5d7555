"""Step 8 (cardscans.lone_indices): a card named by one index alone, on the real reader's reading of a
drawn trick's back card, whose top-left index is all of its print in view; and each guard that keeps
one index from naming a card it is not sure of."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import pytest

from cardscans import synthetic
from cardscans.card_drawing import playing_card_face
from cardscans.card_glyphs import SHADED_LEVEL
from cardscans.corner_index import CornerReading
from cardscans.index_spots import IndexSpot, index_spots, upright_face
from cardscans.lone_indices import (
    CLEAR_RANK_MARGIN,
    CLEAR_RANK_SCORE,
    LONE_SCORE,
    MORE_READS_A_LOOK,
    PAIRED_BEST,
    PAIRED_SCORE,
    UNSIZED_SCORE,
    named_by_lone_indices,
)
from cardscans.playing_cards import CornerReader, corner_sighting
from cardscans.quads import Quad, quad_contains
from cardscans.sighting import CardSighting

FRONT_CARD = synthetic.turned_corners((380, 560), 250, 350, -12.0)  # where synthetic.trick lays the front card


@dataclass
class _Look:
    """The spots one look read, as index_pairs keeps them; no other spot to read."""

    readings: list[tuple[IndexSpot, CornerReading]]
    free: list[IndexSpot] = field(default_factory=list)
    unread: dict[int, CornerReading] = field(default_factory=dict)  # what each plain spot reads, by id

    def has(self, spot: IndexSpot) -> bool:
        return any(spot is read for read, _ in self.readings)

    def of(self, spot: IndexSpot) -> CornerReading:
        self.readings.append((spot, self.unread[id(spot)]))
        return self.unread[id(spot)]

    def glance(self, spot: IndexSpot) -> CornerReading:
        return self.of(spot)


@pytest.fixture(scope="module")
def trick() -> list[tuple[IndexSpot, CornerReading]]:
    """Every index spot of a QD under a 7S, read by the English reader."""
    frame = synthetic.trick(playing_card_face("QD"), playing_card_face("7S"))
    reader = CornerReader.for_deck("english", 4)
    return [(spot, reader.read_index(upright_face(frame, spot, False))) for spot in index_spots(frame)]


@pytest.fixture(scope="module")
def back_index(trick: list[tuple[IndexSpot, CornerReading]]) -> tuple[IndexSpot, CornerReading]:
    """The QD's top-left index, the only one of its print a 7S over its lower half leaves in view."""
    [queen] = [(spot, reading) for spot, reading in trick if reading.card_id == "QD"]
    return queen


def _named(readings: list[tuple[IndexSpot, CornerReading]], outlines: list[Quad],
           named_already: frozenset[str] = frozenset(), four_indices: bool = True) -> list[CardSighting]:
    named = set(named_already)

    def confirm(quad: Quad, reading: CornerReading) -> CardSighting | None:
        # as pipeline's name_read: a card named already in the frame is not named again
        if reading.card_id in named:
            return None
        named.add(reading.card_id or "")
        return corner_sighting(reading, quad, None)

    return named_by_lone_indices([_Look(readings)], outlines, confirm, four_indices)


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


def test_below_the_lone_score_an_index_whose_rank_is_in_doubt_names_nothing(
        back_index: tuple[IndexSpot, CornerReading]) -> None:
    spot, reading = back_index
    doubted = replace(reading, score=LONE_SCORE - 0.01, rank_margin=CLEAR_RANK_MARGIN - 0.01)
    assert _named([(spot, doubted)], [FRONT_CARD]) == []


def test_below_the_lone_score_an_index_whose_rank_is_clear_names_its_card_where_the_frame_sizes_it(
        back_index: tuple[IndexSpot, CornerReading]) -> None:
    """A rank far clear of every other at CLEAR_RANK_SCORE names the card among cards that size it;
    alone in the frame, with nothing to size it, it names nothing (UNSIZED_SCORE), nor a little
    below CLEAR_RANK_SCORE, nor at a cut this step does not trust."""
    spot, reading = back_index
    clear = replace(reading, score=CLEAR_RANK_SCORE, rank_margin=CLEAR_RANK_MARGIN)
    assert CLEAR_RANK_SCORE < LONE_SCORE
    assert [s.card_id for s in _named([(spot, clear)], [FRONT_CARD])] == ["QD"]
    assert _named([(spot, clear)], []) == []
    assert _named([(spot, replace(clear, score=CLEAR_RANK_SCORE - 0.01))], [FRONT_CARD]) == []
    assert _named([(spot, replace(clear, ink_level=SHADED_LEVEL))], [FRONT_CARD]) == []


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


def test_an_unread_spot_of_the_size_of_the_indices_read_is_read_and_named(
        trick: list[tuple[IndexSpot, CornerReading]], back_index: tuple[IndexSpot, CornerReading]) -> None:
    """The pair steps read the 7S's index and left the QD's unread: of the same size, it is read; where
    no index was read surely, the size of the front card's outline sizes it; where no card was named,
    the spots the pair steps read."""
    queen, reading = back_index
    [seven, *_] = [(spot, read) for spot, read in trick if read.card_id == "7S"]

    def look() -> _Look:
        return _Look([seven], free=[queen], unread={id(queen): reading})

    found = named_by_lone_indices([look()], [FRONT_CARD], lambda quad, read: corner_sighting(read, quad, None))
    assert [s.card_id for s in found if s.card_id != "7S"] == ["QD"]
    # nothing read naming a card: the front card's outline sizes the index (SPACING_OF_CARD)
    nothing_sure = _Look([(seven[0], replace(seven[1], card_id=None))], free=[queen], unread={id(queen): reading})
    assert [s.card_id for s in named_by_lone_indices([nothing_sure], [FRONT_CARD],
                                                     lambda quad, read: corner_sighting(read, quad, None))] == ["QD"]
    # with no card named either, the spots the pair steps read size it: read, and named alone only
    # at UNSIZED_SCORE, nothing sizing it against the frame's cards
    for score, named in ((UNSIZED_SCORE, ["QD"]), (UNSIZED_SCORE - 0.01, [])):
        nothing_named = _Look([(seven[0], replace(seven[1], card_id=None))], free=[queen],
                              unread={id(queen): replace(reading, score=score)})
        assert [s.card_id for s in named_by_lone_indices([nothing_named], [],
                                                         lambda quad, read: corner_sighting(read, quad, None))] == named
        assert nothing_named.has(queen)
    # and where the pair steps read no spot, no size to look for: none is read
    nothing_read = _Look([], free=[queen], unread={id(queen): reading})
    assert named_by_lone_indices([nothing_read], [], lambda quad, read: corner_sighting(read, quad, None)) == []
    assert not nothing_read.has(queen)


def test_without_a_card_to_size_it_by_an_index_of_the_size_of_other_cards_sure_indices_names_its_card(
        trick: list[tuple[IndexSpot, CornerReading]], back_index: tuple[IndexSpot, CornerReading]) -> None:
    """A fanned hand named on strips of its cards' long sides gives no card-shaped outline: the 7S's
    index, read surely, sizes the QD's, read at 0.87; an index twice that size is no index of theirs."""
    queen, reading = back_index
    [(seven, seven_reading), *_] = [(spot, read) for spot, read in trick if read.card_id == "7S"]
    between = replace(reading, score=(LONE_SCORE + UNSIZED_SCORE) / 2)
    assert [s.card_id for s in _named([(queen, between), (seven, seven_reading)], [])
            if s.card_id == "QD"] == ["QD"]
    twice = IndexSpot(queen.rank, queen.rank + 2 * (queen.suit - queen.rank))
    assert [s.card_id for s in _named([(twice, between), (seven, seven_reading)], [])
            if s.card_id == "QD"] == []
    # the same card's other index sizes nothing: it may be the same spot cut another way
    assert _named([(queen, between), (seven, replace(between, card_id="QD"))], []) == []


def test_of_more_unread_spots_than_it_reads_the_one_beside_a_surely_read_index_is_read_first(
        trick: list[tuple[IndexSpot, CornerReading]], back_index: tuple[IndexSpot, CornerReading]) -> None:
    """A frame of patterned cloth gives hundreds of spots of an index's size, on plainer paper than a
    fanned card's index beside its neighbour's print: the QD's index, the nearest to the 7S's read
    surely and turned as it is, is read before spots of the cloth far from any card, so the few reads
    the step spends name it."""
    queen, reading = back_index
    [seven, *_] = [(spot, read) for spot, read in trick if read.card_id == "7S"]
    far = 30 * queen.spacing
    cloth = [IndexSpot(queen.rank + np.array((far + step, far)), queen.suit + np.array((far + step, far)), 0.0,
                       queen.inked) for step in range(2 * MORE_READS_A_LOOK)]
    assert all(spot.other_ink <= queen.other_ink for spot in cloth)
    nothing = CornerReading(None, 0.0, "no corner index found")
    look = _Look([seven], free=[*cloth, queen], unread={id(queen): reading} | {id(spot): nothing for spot in cloth})
    found = named_by_lone_indices([look], [FRONT_CARD], lambda quad, read: corner_sighting(read, quad, None))
    assert [s.card_id for s in found if s.card_id != "7S"] == ["QD"]
    assert len(look.readings) == 1 + MORE_READS_A_LOOK and sum(look.has(spot) for spot in cloth) < len(cloth)


@pytest.fixture(scope="module")
def seven_indices(trick: list[tuple[IndexSpot, CornerReading]]) -> list[tuple[IndexSpot, CornerReading]]:
    """The front 7S's two indices, on its diagonal, each as the real reader read it."""
    sevens = [(spot, reading) for spot, reading in trick if reading.card_id == "7S"]
    assert len(sevens) == 2
    return sevens


def _scored(read: tuple[IndexSpot, CornerReading], score: float) -> tuple[IndexSpot, CornerReading]:
    return read[0], replace(read[1], score=score)


def test_two_indices_of_one_card_read_alike_less_surely_than_one_must_name_it(
        seven_indices: list[tuple[IndexSpot, CornerReading]]) -> None:
    """Each of the 7S's indices read below LONE_SCORE names nothing alone; the two, partners on its
    diagonal, name it once, on either deck, one of them read at PAIRED_BEST."""
    unsure = (PAIRED_BEST + LONE_SCORE) / 2
    assert PAIRED_SCORE < PAIRED_BEST <= unsure < LONE_SCORE
    first, second = (_scored(read, unsure) for read in seven_indices)
    assert _named([first], []) == [] and _named([second], []) == []
    for four_indices in (True, False):
        assert [s.card_id for s in _named([first, second], [], four_indices=four_indices)] == ["7S"]
    # both below PAIRED_BEST: a chance pair of pips reads so (a 9H's two top hearts, read AD)
    assert _named([_scored(first, PAIRED_BEST - 0.01), _scored(second, PAIRED_BEST - 0.01)], []) == []
    # one below PAIRED_SCORE: the other stands alone
    assert _named([_scored(first, PAIRED_SCORE - 0.01), second], []) == []


def test_reads_alike_that_no_one_card_prints_so_name_nothing(
        seven_indices: list[tuple[IndexSpot, CornerReading]]) -> None:
    """Two reads of the 7S: of the same index (two looks found it), of two spots of its size turned
    alike side by side on a two-index deck (no card prints two top indices there), or of a spot far
    beyond the card's length: each is one index read, less surely than it must be."""
    unsure = (PAIRED_BEST + LONE_SCORE) / 2
    (spot, reading), _ = seven_indices
    again = IndexSpot(spot.rank + 0.1 * spot.spacing, spot.suit + 0.1 * spot.spacing)
    assert _named([(spot, replace(reading, score=unsure)), (again, replace(reading, score=unsure))], []) == []
    beside = 4.9 * spot.spacing * spot.across
    top_right = IndexSpot(spot.rank + beside, spot.suit + beside)
    pair = [(spot, replace(reading, score=unsure)), (top_right, replace(reading, score=unsure))]
    assert [s.card_id for s in _named(pair, [], four_indices=True)] == ["7S"]
    assert _named(pair, [], four_indices=False) == []
    far = 12 * spot.spacing * spot.down
    assert _named([pair[0], (IndexSpot(spot.rank + far, spot.suit + far), replace(reading, score=unsure))], []) == []


def test_a_partner_that_reads_only_the_rank_and_a_suit_leaning_to_the_cards_confirms_it(
        seven_indices: list[tuple[IndexSpot, CornerReading]]) -> None:
    """The 7S's other index too blurred to tell its suit for sure, its shape leaning to a spade: with
    the 7S read at PAIRED_BEST, the card is named; leaning to a club, or with the 7S itself read
    less surely, nothing is."""
    (spot, reading), (other, other_reading) = seven_indices
    sure_enough = (PAIRED_BEST + LONE_SCORE) / 2
    first = (spot, replace(reading, score=sure_enough))

    def rank_only(lean: str, score: float) -> tuple[IndexSpot, CornerReading]:
        return other, replace(other_reading, card_id=None, score=score, reason="suit not readable (S or C)",
                              rank="7", suit_lean=lean)

    assert [s.card_id for s in _named([first, rank_only("S", PAIRED_SCORE)], [])] == ["7S"]
    assert _named([first, rank_only("C", PAIRED_SCORE)], []) == []
    assert _named([first, rank_only("S", PAIRED_SCORE - 0.01)], []) == []
    assert _named([(spot, replace(reading, score=PAIRED_BEST - 0.01)), rank_only("S", sure_enough)], []) == []
