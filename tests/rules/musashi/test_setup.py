"""Rules 1-4: the cards in play, the deal, the switch before the game, who attacks first (M13-M15)."""

from __future__ import annotations

import pytest

from companion.rules.errors import InvalidSetup, UnknownCard
from companion.rules.match import Match
from companion.rules.musashi.state import Phase
from companion.rules.registry import get_ruleset
from tests.rules.musashi.helpers import NAMES, event_names, hands, play, push, refused, state


def test_the_ruleset_is_found_by_id_and_aliases_and_seats_two_to_six() -> None:
    ruleset = get_ruleset("musashi")
    assert get_ruleset("kendo-musashi") is ruleset and get_ruleset("Musashi-Challenge") is ruleset
    assert (ruleset.players_min, ruleset.players_max) == (2, 6)
    assert ruleset.catalog_id == "kendo-taikai"  # the same cards as Kendo Shiai (KT1 1)


@pytest.mark.parametrize("count", [1, 7])
def test_one_or_seven_players_are_refused_in_one_line(count: int) -> None:
    with pytest.raises(InvalidSetup) as raised:
        get_ruleset("musashi").make_setup([f"P{n}" for n in range(count)])
    assert f"2 to 6 players, not {count}" in str(raised.value) and "\n" not in str(raised.value)


def test_rule_2_every_hand_is_3_brown_4_red_5_green_and_the_decks_are_counted() -> None:
    match = Match(get_ruleset("musashi").make_setup(NAMES[:6]))
    assert state(match).hands == (12,) * 6
    # 25 brown, 35 red (S8), 46 green; 18, 24 and 30 of them dealt (M15).
    assert match.summary()["decks"] == {"brown": 7, "red": 11, "green": 16}
    optioned = Match(get_ruleset("musashi").make_setup(NAMES[:2], {"jikan-desu-cards": 3}))
    assert optioned.summary()["decks"]["green"] == 46 - 3 - 10


def test_rule_1_jikan_desu_and_the_markers_are_not_in_play() -> None:
    match = play(2)
    assert refused(match, "Ann: JIKAN DESU at Ben").ruling == "KT1 1"
    with pytest.raises(UnknownCard):  # the markers are no playing cards at all
        push(match, "Ann: HANSOKU at Ben")
    assert not any("JIKAN" in text for text in {r.why for r in match.legal_responses()})


def test_rule_3_each_player_switches_up_to_two_cards_before_the_game_in_any_order() -> None:
    match = play(3, "Cal: switch 2", "Ann: switch 0", with_opening=False)
    assert match.to_act() == (1,)
    assert refused(match, "Ben: switch 3").ruling == "M13"
    assert refused(match, "Ann: switch 1").ruling == "M13"  # Ann has already said
    push(match, "Ben: switch 1")
    assert state(match).phase is Phase.SUMS and hands(match) == {"Ann": 12, "Ben": 12, "Cal": 12}
    assert state(match).switches == (0, 1, 2)


def test_rule_4_the_largest_brown_sum_attacks_first() -> None:
    match = play(3, "Ann: switch 0", "Ben: switch 0", "Cal: switch 0", "Ann: sum 9", "Ben: sum 14", "Cal: sum 3",
                 with_opening=False)
    assert state(match).phase is Phase.ATTACK and match.to_act() == (1,)
    assert "FirstAttackerChosen" in event_names(match)


def test_m14_tied_players_switch_their_smallest_brown_and_declare_again_against_everyone() -> None:
    match = play(3, "Ann: switch 0", "Ben: switch 0", "Cal: switch 0", "Ann: sum 12", "Ben: sum 12", "Cal: sum 10",
                 with_opening=False)
    assert "SumsTied" in event_names(match)
    assert match.to_act() == (0, 1)  # only the tied players declare again
    assert refused(match, "Cal: sum 11").ruling == "M14"
    push(match, "Ann: sum 9")
    push(match, "Ben: sum 8")
    # Cal's 10 now stands highest: every player's sum is compared again (M14).
    assert match.to_act() == (2,) and state(match).phase is Phase.ATTACK


def test_a_sum_that_three_brown_cards_cannot_make_is_refused() -> None:
    match = play(2, "Ann: switch 0", "Ben: switch 0", with_opening=False)
    assert refused(match, "Ann: sum 16").ruling == "KT1 4"
    assert refused(match, "Ann: sum 2").ruling == "KT1 4"


def test_m14_two_players_tied_both_switch() -> None:
    match = play(2, "Ann: switch 0", "Ben: switch 0", "Ann: sum 7", "Ben: sum 7", with_opening=False)
    assert match.to_act() == (0, 1)
