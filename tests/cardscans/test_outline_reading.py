"""How the outlines a frame gives are read together (cardscans/outline_reading.py): an outline round
two touching cards, read first as the back card's, lets the outlines inside it be read; a card is
named once however many overlapping outlines name it, and a playing card read at two places apart
is named where it reads surer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from cardscans.outline_reading import once_a_deck, once_each, read_outlines, room_for_another
from cardscans.sighting import CardSighting

Quad = npt.NDArray[np.float32]
GRAY = np.full((1200, 900), 120, np.uint8)  # a flat frame: no edge, so no unnamed outline is kept


def _box(left: float, top: float, width: float, height: float) -> Quad:
    return np.array([[left, top], [left + width, top], [left + width, top + height], [left, top + height]], np.float32)


def _card(quad: Quad, card: str) -> CardSighting:
    return CardSighting("card", "corner-index", tuple((float(x), float(y)) for x, y in quad), 0.9,
                        catalog="playing-cards", card_id=card)


def _reader(names: dict[int, str]) -> tuple[list[int], Callable[[Quad], CardSighting | None]]:
    """An identify that names each outline by its index in `names` (the corner reader's answer for
    it), and the outlines it was asked about."""
    asked: list[int] = []

    def identify(quad: Quad) -> CardSighting | None:
        asked.append(int(quad[0, 0]))
        card = names.get(int(quad[0, 0]))
        return _card(quad, card) if card else None

    return asked, identify


BACK = _box(300, 100, 400, 560)  # a trick's back card
FRONT = _box(260, 400, 400, 560)  # the front card over its lower half


def test_the_outlines_inside_one_round_two_cards_are_read_each_a_card_of_its_own() -> None:
    round_both = _box(251, 99, 449, 1000)  # the outline round both, 2.2 times as long as wide: no one card's
    asked, identify = _reader({251: "KC", 260: "JH", 300: "KC"})
    named = read_outlines([round_both, FRONT, BACK], identify, GRAY)  # largest first, as found
    assert asked == [251, 260, 300]
    assert sorted(str(s.card_id) for s in named) == ["JH", "KC"]
    king = next(s for s in named if s.card_id == "KC")
    assert king.polygon[0] == (300.0, 100.0)  # the back card's own outline replaces the one round both


def test_an_outline_inside_a_card_shaped_one_is_its_print_and_not_read() -> None:
    card = _box(100, 100, 400, 560)
    picture_frame = _box(160, 180, 280, 400)
    asked, identify = _reader({100: "QH", 160: "JD"})
    named = read_outlines([card, picture_frame], identify, GRAY)
    assert asked == [100] and [s.card_id for s in named] == ["QH"]


def test_a_card_named_again_on_an_overlapping_outline_is_reported_once() -> None:
    """A four-index card in full view gives two top-index pairs, each an outline of the whole card."""
    first, again = _card(_box(100, 100, 400, 560), "JD"), _card(_box(110, 90, 400, 560), "JD")
    elsewhere = _card(_box(700, 100, 400, 560), "JD")  # a second deck's copy, beside it
    other = _card(_box(105, 95, 400, 560), "QS")
    assert once_each([first, again, other, elsewhere]) == [first, other, elsewhere]


def test_a_small_outline_inside_one_round_two_cards_is_print_and_not_read() -> None:
    round_both = _box(251, 99, 449, 1000)
    a_picture_frame = _box(320, 200, 200, 260)  # 0.12 of the outline round both: no card of the two
    asked, identify = _reader({251: "KC", 320: "QD"})
    named = read_outlines([round_both, a_picture_frame], identify, GRAY)
    assert asked == [251] and [s.card_id for s in named] == ["KC"]


def test_an_unnamed_outline_round_a_named_card_and_room_for_another_sends_the_index_passes_looking() -> None:
    """A turned trick: its two cards found as one outline nobody names, round the front card named
    by its own outline. The back card's top strip lies in that outline, so its indices are looked
    for again; an outline round a card that is card-shaped (a mat, a sheet of paper: rdpong's
    cloth), or one beside the card, is no such room."""
    front = _card(_box(200, 500, 250, 350), "QH")
    trick = _box(190, 80, 270, 780)  # 2.9 times as long as wide, 2.4 times the front card's area
    assert room_for_another([trick], [front])
    assert not room_for_another([_box(100, 100, 700, 900)], [front])  # a mat about the card
    assert not room_for_another([_box(500, 80, 270, 780)], [front])  # a long outline beside it
    assert not room_for_another([trick], [])  # nothing named: the index passes look again anyway


def test_a_playing_card_read_at_two_places_apart_is_named_where_it_reads_surer() -> None:
    """One deck prints each card once: a KH read as a JH beside the JH is that card misread."""
    misread = replace(_card(_box(100, 100, 400, 560), "JH"), confidence=0.71)
    jack = replace(_card(_box(700, 100, 400, 560), "JH"), confidence=0.89)
    queen = _card(_box(1300, 100, 400, 560), "QH")
    kept = once_a_deck([misread, queen, jack])
    assert [s.card_id for s in kept if s.kind == "card"] == ["QH", "JH"]
    assert kept[2] is jack
    refused = kept[0]
    assert refused.kind == "unrecognised" and refused.polygon == misread.polygon
    assert "read as JH" in refused.reason and "each card once" in refused.reason


def test_two_jokers_and_two_tags_of_one_card_are_both_kept() -> None:
    """A deck has two jokers; a tag names its own copy (a sheet prints several), so a deck's rule is
    the corner reader's alone."""
    jokers = [_card(_box(100, 100, 400, 560), "JK"), _card(_box(700, 100, 400, 560), "JK")]
    tags = [replace(_card(_box(100 + 600 * n, 800, 200, 200), "AS"), method="qr", copy=n + 1) for n in range(2)]
    assert once_a_deck([*jokers, *tags]) == [*jokers, *tags]
