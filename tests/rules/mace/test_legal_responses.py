"""Legal responses: for the fighter to act, every action with its targets and where a Boost of
each value takes him; for a fighter taking damage, Block and Dodge outcomes and discards."""

from __future__ import annotations

from companion.rules.mace import RULESET
from companion.rules.mace.engine import apply
from companion.rules.mace.legal import discard_examples
from companion.rules.mace.state import (
    Blast,
    Block,
    Boost,
    ChargeUp,
    DiscardForDamage,
    Dodge,
    MaceState,
    NoDefence,
    Strike,
)
from companion.rules.model import LegalResponse
from tests.rules.mace.helpers import act, run, table


def responses(state: MaceState) -> list[LegalResponse]:
    return RULESET.legal_responses(state)


def of(state: MaceState, kind: type) -> list[LegalResponse]:
    return [r for r in responses(state) if isinstance(r.action, kind)]


def test_every_listed_response_is_accepted_by_the_engine() -> None:
    state = table((0, 0), (1, 0), (-4, 3), momentum=("KH", "2C", "QD"))
    state, _ = run(state, "Ann: pass", "Cal: charge 9C")
    for response in responses(state):
        apply(state, response.action)  # raises if a listed response were illegal


def test_strikes_are_listed_only_at_fighters_in_reach() -> None:
    state = table((0, 0), (1, 0), (-4, 3), momentum=("KH", "2C", "QD"))
    targets = {r.action.target for r in of(state, Strike)}  # type: ignore[attr-defined]
    assert targets == {"Ben"}
    assert len(of(state, Strike)) == 13 + 2  # every spade and both Jokers may be in the hand
    assert not of(state, ChargeUp)  # Ann is in Ben's Reach
    extras = RULESET.legal_extras(state)["actions"]
    assert extras["strike_targets"] == ["Ben"]
    assert extras["charge_allowed"] is False and extras["in_reach_of"] == "Ben"


def test_blasts_are_listed_at_fighters_within_the_charges_value() -> None:
    state = table((0, 0), (5, 0), (-3, 0), momentum=("KH", "2C", "QD"))
    state, _ = run(state, "Ann: charge 4C", "Ann: pass", "Cal: pass", "Ben: pass")
    blasts = of(state, Blast)
    assert {r.action.target for r in blasts} == {"Cal"}  # type: ignore[attr-defined]
    assert all(r.action.charge == "4c" for r in blasts)  # type: ignore[attr-defined]
    assert RULESET.legal_extras(state)["actions"]["blast_targets"] == {"4C": ["Cal"]}


def test_boosts_list_where_each_value_can_take_him() -> None:
    state = table((2, 0), (-2, 0), momentum=("KH", "2C"))
    boost_reach = RULESET.legal_extras(state)["boost_reach"]
    assert boost_reach["13"] == [[2, 0]]  # a King for the King moves nothing
    assert [-1, 0] in boost_reach["10"]  # 3 hexes: into Ben's Reach
    assert [-3, 0] not in boost_reach["6"] and [-3, 0] in boost_reach["5"]  # not through it
    moves = {r.action.to for r in of(state, Boost) if r.action.to}  # type: ignore[attr-defined]
    assert (-1, 0) in moves  # a Strike position is offered
    assert all(r.action.card != "bj" for r in of(state, Boost))  # type: ignore[attr-defined]


def test_defences_show_the_damage_left_and_the_dodge_moves() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state, _ = act(state, "Ann", "strike 9S at Ben")
    blocks = {r.action.card: r.consequence for r in of(state, Block)}  # type: ignore[attr-defined]
    assert blocks["4d"] == "5 damage left"
    assert blocks["jd"].endswith("no damage")
    dodges = of(state, Dodge)
    # Hearts worth at least 9, and the Jokers (worth the 9S on top); KH is Ann's Momentum.
    cards = {r.action.card for r in dodges}  # type: ignore[attr-defined]
    assert cards == {"9h", "10h", "jh", "qh", "ah", "bj", "rj"}
    assert any(r.action.to is not None for r in dodges)  # type: ignore[attr-defined]
    assert len(of(state, NoDefence)) == 1


def test_discard_choices_cover_the_damage_or_empty_the_hand() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state = state.with_fighter(1, hand=2)
    state, _ = run(state, "Ann: strike AS at Ben", "Ben: no defence")
    choices = of(state, DiscardForDamage)
    assert choices
    for response in choices:
        after, _ = apply(state, response.action)
        cards = response.action.cards  # type: ignore[attr-defined]
        if len(cards) == 2:
            assert "knocked out" in response.consequence
            assert after.fighters[1].out == "knocked out"
        else:
            assert after.fighters[1].hand == 1


def test_a_momentum_card_for_every_fighter_still_to_play_one() -> None:
    match_state = RULESET.initial_state(RULESET.make_setup(["Ann", "Ben", "Cal"]))
    listed = responses(match_state)
    assert {r.action.actor for r in listed} == {0, 1, 2}
    assert len(listed) == 3 * 52  # never a Joker (C1)


def test_the_whole_hand_is_offered_even_when_only_jokers_are_left_unseen() -> None:
    assert discard_examples(["2h", "bj", "rj"], 3, 20) == [("2h", "bj", "rj")]
    assert ("kh",) in discard_examples(["2h", "kh", "bj"], 2, 10)
