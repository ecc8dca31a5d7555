"""Starting the game, switch-and-pick (S6), and what may begin a round."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction, RecordError
from companion.rules.kendo_shiai.state import Phase
from tests.rules.kendo.helpers import event_names, legal_texts, play, state


def test_each_player_starts_with_eight_cards_and_switches_before_the_offer() -> None:
    match = play(opening=False)
    assert state(match).hands == (8, 8)
    assert state(match).phase is Phase.OFFER
    match = play("Aiko: offer MEN 5", opening=False)
    assert state(match).hands == (9, 8)  # the first switch-and-pick adds the picked card


def test_the_larger_brown_number_starts_and_keeps_its_first_switch() -> None:
    match = play("Aiko: offer TSUKI 2", "Ben: offer DO 4", opening=False)
    assert state(match).phase is Phase.START
    assert match.to_act() == (1,)
    assert "StarterChosen" in event_names(match)
    # Ben's first switch serves his first round: starting with MEN costs one card, no new pick.
    match.push(match.ruleset.parse_action(1, "MEN"))
    assert state(match).hands == (9, 8)


def test_equal_numbers_are_offered_again() -> None:
    match = play("Aiko: offer MEN 3", "Ben: offer KOTE 3", opening=False)
    assert "OffersTied" in event_names(match)
    assert state(match).phase is Phase.OFFER
    match = play("Aiko: offer MEN 3", "Ben: offer KOTE 3", "Aiko: offer DO 1", "Ben: offer TSUKI 2",
                 opening=False)
    assert match.to_act() == (1,)
    assert state(match).hands == (9, 9)  # offering again is no new switch


def test_an_offer_must_be_a_brown_card_with_a_number_from_one_to_five() -> None:
    with pytest.raises(RecordError, match="not a brown card"):
        play("Aiko: offer BOGYO 3", opening=False)
    with pytest.raises(RecordError, match=r"line 5: .*not 7"):
        play("Aiko: offer MEN 7", opening=False)


def test_before_answering_the_player_switches_one_card_and_picks_one() -> None:
    match = play("Aiko: MEN")
    assert state(match).hands == (8, 9)
    match.push(match.ruleset.parse_action(1, "MEN>KOTE"))
    assert state(match).hands == (8, 9)  # +1 picked, -1 played
    assert match.steps[-1].events[0].name == "SwitchedAndPicked"


def test_what_may_begin_a_round() -> None:
    starts = legal_texts(play())
    assert {"MEN", "KOTE", "DO", "TSUKI", "SEME", "OSHIDASHI", "MAKI WAZA"} <= starts
    assert {"MEN + JODAN NO KAMAE", "HIKI-DO + TSUBAZERIAI"} <= starts
    assert "no answer" in starts
    assert not any(">" in text for text in starts)  # no red card begins a round
    assert "HIKI-MEN" not in starts and "BOGYO" not in starts and "JIKAN DESU" not in starts


@pytest.mark.parametrize(
    ("line", "ruling"),
    [
        ("Aiko: MEN>KOTE", "KT2 I.2"),
        ("Aiko: HIKI-MEN", "S2"),
        ("Aiko: BOGYO", "KT2 I.3f"),
        ("Aiko: TSUBAZERIAI", "KT2 I.3a"),
        ("Aiko: MUSHIN", "KT2 I.3b"),
        ("Aiko: MEN + TSUBAZERIAI", "KT2 I.3a"),
        ("Aiko: HIKI-MEN + JODAN NO KAMAE", "KT2 I.3k"),
        ("Aiko: OSHIDASHI + MEN", "KT2 I.3i"),
        ("Aiko: JIKAN DESU", "S7"),
    ],
)
def test_an_illegal_start_names_its_rule_and_changes_nothing(line: str, ruling: str) -> None:
    match = play()
    before = match.state
    text = line.split(": ", 1)[1]
    with pytest.raises(IllegalAction) as raised:
        match.push(match.ruleset.parse_action(0, text))
    assert raised.value.ruling == ruling
    assert match.state == before and len(match.actions) == 2


def test_only_the_player_to_act_may_play() -> None:
    match = play()
    with pytest.raises(IllegalAction, match="Aiko's turn"):
        match.push(match.ruleset.parse_action(1, "MEN"))


@pytest.mark.parametrize("half", ["MEN>", ">MEN", "MEN->", "MEN>KOTE>DO"])
def test_a_half_written_red_card_is_refused_not_read_as_a_brown(half: str) -> None:
    with pytest.raises(RecordError, match="RECEIVES>STRIKES"):
        play("Aiko: MEN", f"Ben: {half}")
