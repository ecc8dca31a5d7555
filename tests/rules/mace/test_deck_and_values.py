"""C1: the standard deck as a generated catalog, card values, Jokers and the suit order."""

from __future__ import annotations

import pytest

from companion.rules.catalog import catalog_path, load_catalog
from companion.rules.errors import IllegalAction, UnknownCard
from companion.rules.mace import cards as mc
from companion.rules.mace.deck_catalog import CATALOG_ID, render_catalog
from companion.rules.mace.state import Struck
from tests.rules.mace.helpers import act, play, run, table


def test_the_catalog_file_is_exactly_what_the_generator_renders() -> None:
    assert catalog_path(CATALOG_ID).read_text(encoding="utf-8") == render_catalog()


def test_the_deck_holds_52_cards_and_2_jokers_each_once() -> None:
    catalog = load_catalog(CATALOG_ID)
    assert len(catalog.cards) == 54
    assert all(card.count.value == 1 for card in catalog.cards)
    jokers = [c for c in catalog.cards if c.kind == "joker"]
    assert [j.name for j in jokers] == ["Black Joker", "Red Joker"]
    for suit in ("hearts", "diamonds", "spades", "clubs"):
        assert len([c for c in catalog.cards if c.value("suit") == suit]) == 13


@pytest.mark.parametrize(("code", "value"), [("2H", 2), ("9C", 9), ("10D", 10), ("JS", 11),
                                             ("QH", 12), ("KC", 13), ("AS", 14)])
def test_card_values_follow_c1(code: str, value: int) -> None:
    assert mc.card(mc.card_id(code)).value == value


def test_cards_are_read_however_a_referee_writes_them() -> None:
    assert mc.card_id("10h") == mc.card_id("TH") == mc.card_id("♥10") == mc.card_id("10 of Hearts")
    assert mc.card_id("ace of spades") == "as"
    assert mc.card_id("Joker 2") == mc.card_id("RJ") == "rj"
    with pytest.raises(UnknownCard, match="did you mean"):
        mc.card_id("11H")


def test_suits_rank_hearts_diamonds_spades_clubs() -> None:
    ranks = [mc.suit_rank(s) for s in ("hearts", "diamonds", "spades", "clubs")]
    assert ranks == sorted(ranks, reverse=True)


def test_a_joker_is_worth_the_top_of_the_discard_pile_when_played() -> None:
    # Ann's Boost discards her old Momentum KH (13): a Joker played next is worth 13.
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state, _ = act(state, "Ann", "boost 10H")
    state, events = act(state, "Ann", "strike BJ at Ben")
    struck = next(e for e in events if isinstance(e, Struck))
    assert struck.value == 13
    assert state.attack is not None and state.attack.damage == 13


def test_a_joker_counts_as_any_suit_and_keeps_its_value_on_the_pile() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    state, _ = run(state, "Ann: boost 10H", "Ann: strike 4S at Ben")
    # Ben blocks with the Red Joker: worth the 4S on top of the pile, as a diamond.
    state, _ = act(state, "Ben", "block RJ")
    assert state.attack is None and state.discard[-1].card == "rj" and state.discard[-1].value == 4


def test_a_joker_on_an_empty_discard_pile_is_worth_nothing() -> None:
    state = table((0, 0), (1, 0), momentum=("KH", "2C"))
    assert not state.discard
    state, events = act(state, "Ann", "strike RJ at Ben")
    assert next(e for e in events if isinstance(e, Struck)).value == 0  # MCD3
    assert state.attack is None and state.active == 0  # nothing to defend: Ann's turn goes on


def test_a_joker_can_never_be_momentum() -> None:
    match = play("Ann: momentum 7H")
    with pytest.raises(IllegalAction) as refused:
        match.push(match.ruleset.parse_action(1, "momentum BJ"))
    assert refused.value.ruling == "C1"
    state = table((0, 0), (3, 0), momentum=("KH", "2C"))
    with pytest.raises(IllegalAction) as boost:
        act(state, "Ann", "boost RJ")
    assert boost.value.ruling == "C1"


def test_a_card_the_table_has_seen_cannot_come_from_a_hand() -> None:
    match = play("Ann: momentum 7H")
    with pytest.raises(IllegalAction, match="7H is Ann's Momentum card") as refused:
        match.push(match.ruleset.parse_action(1, "momentum 7H"))
    assert refused.value.ruling == "MCD7"
