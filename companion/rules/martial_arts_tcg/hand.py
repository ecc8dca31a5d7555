"""A card leaving a hidden hand: checked against the deck list and the copies already seen (T6, T7, MTD12)."""

from __future__ import annotations

import difflib

from companion.rules.errors import IllegalAction
from companion.rules.martial_arts_tcg.cards import Kind
from companion.rules.martial_arts_tcg.state import CardCancelled, MatState
from companion.rules.martial_arts_tcg.turns import Events
from companion.rules.text import normalise_name


def find(state: MatState, seat: int, name: str) -> int:
    """The index of `name` in the seat's deck; refused (T7) with the nearest names when it is not there."""
    deck = state.decks[seat]
    found = deck.index.get(normalise_name(name))
    if found is not None and deck.cards[found].copies > 0:
        return found
    if found is not None:
        raise IllegalAction(f"{deck.cards[found].name} is in {state.names[seat]}'s sideboard: it joins the deck "
                            "only in Anything Goes", "T6")
    names = [card.name for card in deck.cards if card.copies > 0]
    close = difflib.get_close_matches(name, names, n=2, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise IllegalAction(f"{name[:60]!r} is not a card of {state.names[seat]}'s deck ({deck.name}){hint}", "T7")


def check_playable(state: MatState, seat: int, index: int, kinds: tuple[Kind, ...], role: str) -> None:
    card = state.card(seat, index)
    if card.kind not in kinds:
        allowed = " or ".join(kind.value for kind in kinds)
        raise IllegalAction(f"{card.name} is a {card.kind.value} card; {role} is made with: {allowed}", "T1")
    held = state.seats[seat]
    if held.hand == 0:
        raise IllegalAction(f"{state.names[seat]} has no card in hand", "T6")
    if state.available(seat, index) <= 0:
        raise IllegalAction(f"all {card.copies} copies of {card.name} in {state.names[seat]}'s deck are already in "
                            "the discard area or in play: this would be one more than the deck holds", "T6")


def take(state: MatState, seat: int, index: int, *, to_discard: bool = True) -> MatState:
    """The card leaves the hand: to the discard area, or (an Event) into play."""
    held = state.seats[seat]
    out = (*held.out[:index], held.out[index] + 1, *held.out[index + 1:])
    return state.seat(seat, hand=held.hand - 1, out=out, discard=held.discard + (1 if to_discard else 0))


def cancelled_on_play(state: MatState, seat: int, index: int, events: Events) -> tuple[MatState, bool]:
    """A cancel waiting for this seat's next Attack, Defense or Strategy card takes this one (T7)."""
    if not state.seats[seat].cancel_next:
        return state, False
    events.append(CardCancelled(seat, state.card(seat, index).name, "T7"))
    return state.seat(seat, cancel_next=False), True
