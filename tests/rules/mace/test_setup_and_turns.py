"""Setup, Momentum and the turn: hands of 5, face-down Momentum, the order (C1, C5), one Action
and one Momentum Boost per turn, knocked-down fighters missing their turn, forfeit (MCD8)."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction, InvalidSetup
from companion.rules.mace import RULESET
from companion.rules.mace.state import Phase
from companion.rules.model import Forfeit
from tests.rules.mace.helpers import NAMES, act, names, play, run, seat, table


@pytest.mark.parametrize("count", [2, 3, 4])
def test_two_to_four_fighters_start_with_five_cards_apart(count: int) -> None:
    match = play(players=count)
    state = match.rules_state
    assert [f.hand for f in state.fighters] == [5] * count
    assert state.deck == 54 - 5 * count
    hexes = [f.hex for f in state.fighters]
    assert len(set(hexes)) == count
    assert match.to_act() == tuple(range(count))  # all play Momentum, in any order


def test_five_fighters_are_refused() -> None:
    with pytest.raises(InvalidSetup, match="2 to 4"):
        RULESET.make_setup(["A", "B", "C", "D", "E"])


def test_momentum_is_face_down_until_every_fighter_has_played_one() -> None:
    match = play("Ben: momentum 9D", "Ann: momentum 4S", players=3)
    summary = match.summary()
    assert [p["momentum"] for p in summary["players"]] == ["face down", "face down", None]
    assert summary["to_act"] == ["Cal"]
    assert [p["hand"] for p in summary["players"]] == [5, 5, 5]  # played cards are replaced
    match.push(match.ruleset.parse_action(2, "momentum 6C"))
    assert [p["momentum"] for p in match.summary()["players"]] == ["4S", "9D", "6C"]
    assert "MomentumRevealed" in names(match.steps[-1].events)
    assert match.summary()["momentum_order"] == ["Ben", "Cal", "Ann"]


def test_equal_momentum_values_are_ordered_by_suit() -> None:
    match = play("Ann: momentum 9C", "Ben: momentum 9H", "Cal: momentum 9S", "Dee: momentum 9D",
                 players=4)
    assert match.summary()["momentum_order"] == ["Ben", "Dee", "Cal", "Ann"]  # C1


def test_a_boost_changes_the_order_only_from_the_next_round() -> None:
    match = play("Ann: momentum KH", "Ben: momentum QD", "Cal: momentum 2C",
                 "Ann: boost 3H", "Ann: pass", players=3)
    summary = match.summary()
    assert summary["momentum_order"] == ["Ann", "Ben", "Cal"]  # C5: this round stays
    assert summary["next_round_order"] == ["Ben", "Ann", "Cal"]
    assert summary["turn"] == "Ben"
    for line in ("Ben: pass", "Cal: pass"):
        match.push(match.ruleset.parse_action(NAMES.index(line[:3]), line[5:]))
    summary = match.summary()
    assert summary["round"] == 2
    assert summary["momentum_order"] == ["Ben", "Ann", "Cal"]
    assert summary["turn"] == "Ben"


def test_one_action_and_one_boost_then_the_turn_ends_by_itself() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    state, _ = act(state, "Ann", "charge 9C")
    with pytest.raises(IllegalAction, match="already used his Action") as second:
        act(state, "Ann", "charge 8C")
    assert second.value.ruling == "MACE Turns"
    state, events = act(state, "Ann", "boost QH")
    assert "TurnEnded" in names(events)
    assert state.active == seat("Ben") and state.phase is Phase.TURN


def test_either_part_of_the_turn_may_be_passed() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    state, events = act(state, "Ann", "pass")
    assert names(events) == ["TurnEnded", "TurnBegan"]
    assert state.active == seat("Ben")


def test_only_the_fighter_whose_turn_it_is_acts() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="Ann's turn"):
        act(state, "Ben", "charge 9C")


def test_every_played_card_is_replaced_by_a_draw() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    deck = state.deck
    state, _ = run(state, "Ann: charge 9C", "Ann: boost QH")
    assert state.fighters[0].hand == 5
    assert state.deck == deck - 2


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C")).evolve(deck=0)
    state, events = act(state, "Ann", "boost QH")  # KH goes to the pile, then the pile is the deck
    assert "DeckReshuffled" in names(events)
    assert state.deck == 0 and state.discard == () and state.fighters[0].hand == 5


def test_a_knocked_down_fighter_misses_his_next_turn_and_rises() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state = state.with_fighter(1, knocked_down=True)
    state, events = act(state, "Ann", "pass")
    assert names(events) == ["TurnEnded", "TurnMissed", "RoundBegan", "TurnBegan"]
    assert state.active == seat("Ann") and not state.fighters[1].knocked_down


def test_a_fighter_forfeits_only_at_the_end_of_a_round() -> None:
    match = play("Ann: momentum KH", "Ben: momentum QD", "Cal: momentum 2C", "Ann: pass",
                 players=3)
    with pytest.raises(IllegalAction) as mid_round:
        match.push(Forfeit(seat("Cal")))
    assert "MCD8" in mid_round.value.ruling
    match.push(match.ruleset.parse_action(1, "pass"))
    match.push(match.ruleset.parse_action(2, "pass"))
    match.push(Forfeit(seat("Cal")))  # between rounds: Cal leaves, Ann and Ben fight on
    assert not match.outcome().finished
    assert match.summary()["players"][2]["forfeited"] is True
    match.push(Forfeit(seat("Ann")))  # Ann is the first to act and nothing happened yet
    assert match.outcome().winners == (seat("Ben"),)


def test_a_ring_too_small_for_the_start_is_refused_when_the_match_is_set_up() -> None:
    with pytest.raises(InvalidSetup, match="smaller than start-radius"):
        RULESET.make_setup(["Ann", "Ben"], {"ring-radius": 1})
    with pytest.raises(InvalidSetup, match="at least 1"):
        RULESET.make_setup(["Ann", "Ben"], {"start-radius": 0})
    setup = RULESET.make_setup(["Ann", "Ben"], {"ring-radius": 4, "start-radius": 3})
    assert [f.hex for f in RULESET.initial_state(setup).fighters] == [(3, 0), (-3, 0)]
