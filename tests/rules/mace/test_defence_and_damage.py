"""Defence out of turn (Block, Dodge), damage discards and Charge loss (C4), knockback and
knockdown (C3), knockout and the end of combat."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.mace.hexgrid import distance
from companion.rules.mace.state import KnockedBack, KnockedDown, MaceState, Phase
from tests.rules.mace.helpers import act, names, run, seat, table


def struck(value_card: str = "9S", *others: tuple[int, int]) -> MaceState:
    """Ann at 0,0 strikes Ben at 1,0; `others` stand where given."""
    state = table((0, 0), (1, 0), *others, momentum=("KH", "2C", "3C", "4C")[: 2 + len(others)])
    state, _ = act(state, "Ann", f"strike {value_card} at Ben")
    return state


def test_a_block_reduces_the_damage_by_its_value() -> None:
    state, events = act(struck("9S"), "Ben", "block 4D")
    assert names(events) == ["Blocked", "DamageDealt"]
    assert state.phase is Phase.DAMAGE and state.attack is not None and state.attack.damage == 5


def test_a_block_that_covers_the_damage_leaves_nothing_to_discard() -> None:
    state, events = act(struck("9S"), "Ben", "block JD")
    assert "DamageDealt" not in names(events)
    assert state.phase is Phase.TURN and state.active == seat("Ann")
    assert state.fighters[1].hand == 5 and state.fighters[1].hex == (1, 0)


def test_a_block_needs_a_diamond() -> None:
    with pytest.raises(IllegalAction, match="diamonds") as refused:
        act(struck("9S"), "Ben", "block 4H")
    assert refused.value.ruling == "MACE Block"


def test_a_dodge_at_least_the_attack_negates_it_and_moves_by_the_difference() -> None:
    state, events = act(struck("9S"), "Ben", "dodge QH to 4,0")  # 12 - 9 = 3 hexes
    assert names(events) == ["Dodged"]
    assert state.fighters[1].hex == (4, 0) and state.fighters[1].hand == 5
    with pytest.raises(IllegalAction, match="at most 3"):
        act(struck("9S"), "Ben", "dodge QH to 5,0")


def test_a_dodge_below_the_attack_is_refused() -> None:
    with pytest.raises(IllegalAction, match="at least 9") as refused:
        act(struck("9S"), "Ben", "dodge 8H")
    assert refused.value.ruling == "MCD4"


def test_damage_is_covered_by_discards_without_a_redraw() -> None:
    state, _ = act(struck("9S"), "Ben", "no defence")
    deck = state.deck
    state, events = act(state, "Ben", "discard 5H 4C")
    assert "CardsDiscarded" in names(events)
    assert state.fighters[1].hand == 3 and state.deck == deck  # C4: no redraw


def test_a_discard_that_does_not_cover_is_refused_and_nothing_changes() -> None:
    before, _ = act(struck("9S"), "Ben", "no defence")
    with pytest.raises(IllegalAction, match="add up to 8, less than the 9 damage") as refused:
        act(before, "Ben", "discard 5H 3C")
    assert refused.value.ruling == "C4"
    assert before.phase is Phase.DAMAGE and before.fighters[1].hand == 5


def test_a_joker_discarded_for_damage_is_worth_the_card_before_it() -> None:
    state, _ = act(struck("9S"), "Ben", "no defence")
    state, events = act(state, "Ben", "discard 5H BJ")  # the Joker is worth 5: 10 covers 9
    assert next(e for e in events if e.name == "CardsDiscarded").total == 10  # type: ignore[attr-defined]


def test_a_single_charge_is_lost_without_naming_it() -> None:
    state = table((3, 0), (-2, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: pass", "Ben: charge 9C", "Ben: boost 8D to 2,0",
                   "Ann: strike 5S at Ben", "Ben: no defence")
    state, events = act(state, "Ben", "discard 5H")
    assert "ChargeLost" in names(events) and state.fighters[1].charges == ()


def test_a_charge_is_lost_with_the_damage_and_must_be_named_when_several() -> None:
    state = table((3, 0), (-2, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: pass", "Ben: charge 9C", "Ben: pass", "Ann: pass",
                   "Ben: charge 6C", "Ben: boost 8D to 2,0")
    state, _ = run(state, "Ann: strike 5S at Ben", "Ben: no defence")
    with pytest.raises(IllegalAction, match="2 Charges: name the one") as refused:
        act(state, "Ben", "discard 5H")
    assert refused.value.ruling == "C4"
    state, events = act(state, "Ben", "discard 5H, lose charge 6C")
    assert "ChargeLost" in names(events)
    assert [c.card for c in state.fighters[1].charges] == ["9c"]
    assert state.discard[-1].card == "6c"


def test_knockback_is_half_the_damage_straight_away_from_the_source() -> None:
    state, _ = act(struck("9S"), "Ben", "no defence")
    state, events = act(state, "Ben", "discard 9H")
    back = next(e for e in events if isinstance(e, KnockedBack))
    assert (back.start, back.end, back.hexes, back.stopped) == ((1, 0), (5, 0), 4, False)


def test_knockback_stops_before_an_occupied_hex() -> None:
    state, _ = act(struck("9S", (4, 0)), "Ben", "no defence")  # Cal stands 3 hexes behind Ben
    state, events = act(state, "Ben", "discard 9H")
    back = next(e for e in events if isinstance(e, KnockedBack))
    assert (back.end, back.hexes, back.stopped) == ((3, 0), 2, True)
    assert state.fighters[1].hex == (3, 0)


def test_a_blast_knocks_back_along_the_hex_line_from_the_blaster() -> None:
    state = table((4, -2), (-2, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: charge KC", "Ann: pass", "Ben: pass",
                   "Ann: blast 8C with KC at Ben", "Ben: no defence")
    state, events = act(state, "Ben", "discard 8H")
    back = next(e for e in events if isinstance(e, KnockedBack))
    assert back.hexes == 4 and back.end == (-6, 1)
    assert distance((4, -2), back.end) == 6 + 4  # straight on along the line from Ann


def test_knockback_greater_than_the_hand_knocks_down() -> None:
    state, _ = act(struck("10S"), "Ben", "no defence")
    state, events = act(state, "Ben", "discard 10H")  # knockback 5 > 4 cards left
    down = next(e for e in events if isinstance(e, KnockedDown))
    assert (down.knockback, down.hand) == (5, 4) and down.is_trigger
    assert state.fighters[1].knocked_down


def test_knockback_equal_to_the_hand_does_not_knock_down() -> None:
    state, _ = act(struck("8S"), "Ben", "no defence")
    state, events = act(state, "Ben", "discard 8H")  # knockback 4, 4 cards left
    assert "KnockedDown" not in names(events)


def test_a_knockdown_costs_the_next_turn() -> None:
    state, _ = act(struck("10S"), "Ben", "no defence")
    state, _ = act(state, "Ben", "discard 10H")  # knocked down at 6,0
    state, events = act(state, "Ann", "boost 8H to 5,0")
    assert names(events)[-4:] == ["TurnEnded", "TurnMissed", "RoundBegan", "TurnBegan"]
    assert state.active == seat("Ann") and state.round_number == 2
    assert not state.fighters[1].knocked_down  # his missed turn raised him


def test_a_fighter_knocked_down_before_his_turn_cannot_defend_again() -> None:
    # The order is Ann, Cal, Ben: Cal attacks Ben before Ben's missed turn comes.
    state = table((0, 0), (1, 0), (-1, 0), momentum=("KH", "2C", "QD"))
    state, _ = run(state, "Ann: strike 10S at Ben", "Ben: no defence", "Ben: discard 10H",
                   "Ann: pass")
    assert state.active == seat("Cal") and state.fighters[1].knocked_down
    state, _ = run(state, "Cal: boost 2D to 5,0")
    state, events = act(state, "Cal", "strike 4S at Ben")
    assert names(events) == ["Struck", "DefenceDeclined", "DamageDealt"]
    assert state.phase is Phase.DAMAGE


def test_an_empty_hand_is_a_knockout_and_the_last_fighter_wins() -> None:
    state, _ = act(struck("AS"), "Ben", "no defence")
    with pytest.raises(IllegalAction, match="less than the 14"):
        act(state, "Ben", "discard 2H 3H 4H 2D")
    state, events = act(state, "Ben", "discard 2H 3H 4H 2D 2S")  # the whole hand, 13 < 14
    assert names(events)[-2:] == ["KnockedOut", "MatchWon"]
    assert state.phase is Phase.OVER and state.winner == seat("Ann")
    assert all(e.is_trigger for e in events[-2:])


def test_a_knockout_in_a_three_fighter_combat_goes_on() -> None:
    state, _ = act(struck("AS", (-3, 0)), "Ben", "no defence")
    state, events = act(state, "Ben", "discard 2H 3H 4H 2D 3D")
    assert "KnockedOut" in names(events) and "MatchWon" not in names(events)
    assert state.phase is Phase.TURN and state.in_combat() == (0, 2)
    assert state.fighters[1].momentum is None  # his Momentum went to the discard pile


def test_knockback_rounds_down_or_up_under_the_rules_option() -> None:
    for rounding, expected in (("down", 4), ("up", 5)):
        state = table((0, 0), (1, 0), momentum=("KH", "2C"),
                      options={"knockback-rounding": rounding})
        state, events = run(state, "Ann: strike 9S at Ben", "Ben: no defence", "Ben: discard 9H")
        back = next(e for e in events if isinstance(e, KnockedBack))
        assert back.hexes == expected  # 9 damage: 4 by C3, 5 by the other reading
