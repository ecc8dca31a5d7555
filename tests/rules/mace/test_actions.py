"""Actions: Strike (spades) in Reach, Charge (clubs) face down, Blast (clubs) revealing a Charge."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.mace.state import Blasted, Phase
from tests.rules.mace.helpers import act, names, run, seat, table


def test_a_strike_hits_a_fighter_in_reach_for_the_cards_value() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state, events = act(state, "Ann", "strike 9S at Ben")
    assert names(events) == ["Struck"]
    assert state.phase is Phase.DEFENCE and state.attack is not None
    assert (state.attack.target, state.attack.value) == (seat("Ben"), 9)
    assert state.discard[-1].card == "9s" and state.fighters[0].hand == 5


def test_a_strike_out_of_reach_is_refused() -> None:
    state = table((0, 0), (2, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="2 hexes away") as refused:
        act(state, "Ann", "strike 9S at Ben")
    assert refused.value.ruling == "C2"


def test_a_strike_with_a_heart_is_refused() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="spades") as refused:
        act(state, "Ann", "strike 9H at Ben")
    assert refused.value.ruling == "MACE Strike"


def test_a_charge_is_a_club_face_down_and_the_hand_is_refilled() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    state, events = act(state, "Ann", "charge 10C")
    assert names(events) == ["Charged"]
    assert [c.card for c in state.fighters[0].charges] == ["10c"]
    assert state.fighters[0].hand == 5


def test_no_charge_inside_anyones_reach() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="in Ben's Reach") as refused:
        act(state, "Ann", "charge 10C")
    assert refused.value.ruling == "MACE Charge"


def test_a_charge_needs_a_club() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="clubs"):
        act(state, "Ann", "charge 10D")


def test_a_blast_reveals_a_charge_and_reaches_that_many_hexes() -> None:
    state = table((3, 0), (-2, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: charge 5C", "Ann: pass", "Ben: pass")
    state, events = act(state, "Ann", "blast 8C with 5C at Ben")
    blasted = next(e for e in events if isinstance(e, Blasted))
    assert (blasted.value, blasted.reach) == (8, 5)
    assert state.attack is not None and state.attack.damage == 8
    assert state.fighters[0].charges == ()
    assert [d.card for d in state.discard[-2:]] == ["5c", "8c"]  # the Charge, then the Blast card


def test_a_blast_beyond_the_charges_value_is_refused() -> None:
    state = table((3, 0), (-2, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: charge 4C", "Ann: pass", "Ben: pass")
    with pytest.raises(IllegalAction, match="5 hexes away; the Charge 4C reaches 4"):
        act(state, "Ann", "blast 8C with 4C at Ben")


def test_a_blast_with_no_charge_is_refused() -> None:
    state = table((3, 0), (-2, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction, match="Ann has no Charge") as refused:
        act(state, "Ann", "blast 8C with 5C at Ben")
    assert refused.value.ruling == "MACE Blast"


def test_a_blast_inside_reach_is_refused() -> None:
    # Ann charged from afar; once Ben stands next to her she cannot Blast him, or anyone.
    state = table((3, 0), (-2, 0), (-2, 3), momentum=("KH", "QD", "2C"))
    state, _ = run(state, "Ann: charge 9C", "Ann: pass", "Ben: boost 3D to 2,0", "Ben: pass",
                   "Cal: pass")
    for target in ("Ben", "Cal"):
        with pytest.raises(IllegalAction, match="in Ben's Reach") as refused:
            act(state, "Ann", f"blast 8C with 9C at {target}")
        assert refused.value.ruling == "MACE Blast"
    state, _ = act(state, "Ann", "strike 8S at Ben")  # a Strike is what Reach allows
    assert state.attack is not None
