"""Card bookkeeping on the table: cards seen, a card's value when played, draws and the deck.

Every physical card exists once (MCD7): a card on the discard pile, on Momentum or in a Charge is
not in anyone's hand, so it cannot be played. Draws are unseen; only their number is counted.
"""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.mace import cards as mc
from companion.rules.mace.state import DeckReshuffled, Discarded, HandShrank, MaceState
from companion.rules.mace.unseen import forced, prune
from companion.rules.model import Event

DECK_SIZE = 54
HAND_SIZE = 5


def seen_cards(state: MaceState) -> dict[str, str]:
    """Every card the table shows or holds face down, with where it is (unseen Charges aside)."""
    where: dict[str, str] = {d.card: "on the discard pile" for d in state.discard if d.card}
    for seat, fighter in enumerate(state.fighters):
        if fighter.momentum is not None:
            where[fighter.momentum] = f"{state.names[seat]}'s Momentum card"
        for charge in fighter.charges:
            if charge.card is not None:
                where[charge.card] = f"{state.names[seat]}'s Charge"
    return where


def unseen(state: MaceState) -> list[str]:
    """Cards that may be in a hand, in catalog order (not one an unseen Charge must be, MCD12)."""
    seen = seen_cards(state)
    must = forced(state)
    return [c for c in mc.all_ids() if c not in seen and c not in must]


def check_in_hand(state: MaceState, card_id: str) -> None:
    place = seen_cards(state).get(card_id)
    if place is not None:
        raise IllegalAction(
            f"{mc.code(card_id)} is {place}: a deck has one of each card, so it is not in a hand; "
            "check the card scanned", "MCD7")
    if card_id in forced(state):
        raise IllegalAction(
            f"{mc.code(card_id)} must be a face-down Charge: every other card those Charges could "
            "be is on the table or was played since, so it is not in a hand; check the card "
            "scanned", "MCD12")


def top_value(state: MaceState) -> int:
    """What a Joker is worth now: the top card of the discard pile, 0 when it is empty (C1, MCD3)."""
    return state.discard[-1].value if state.discard else 0


def value_now(state: MaceState, card_id: str) -> int:
    info = mc.card(card_id)
    return top_value(state) if info.value is None else info.value


def to_discard(state: MaceState, card_id: str, value: int | None = None) -> MaceState:
    worth = value_now(state, card_id) if value is None else value
    return state.evolve(discard=(*state.discard, Discarded(card_id, worth)))


def play_from_hand(state: MaceState, seat: int, card_id: str) -> MaceState:
    """One card leaves the hand face up: no unseen Charge is that card (MCD12)."""
    return prune(take_from_hand(state, seat), [card_id])


def slip_under(state: MaceState, count: int) -> MaceState:
    """Unseen Charges of a fighter who leaves go under the pile, unshown (MCD14)."""
    return state.evolve(discard=(*(Discarded(None, 0) for _ in range(count)), *state.discard))


def take_from_hand(state: MaceState, seat: int, count: int = 1) -> MaceState:
    fighter = state.fighters[seat]
    if fighter.hand < count:
        raise IllegalAction(f"{state.names[seat]} has only {fighter.hand} card(s) in hand", "C4")
    return state.with_fighter(seat, hand=fighter.hand - count)


def draw(state: MaceState, seat: int, events: list[Event]) -> MaceState:
    """The played card is replaced at once; an empty deck is refilled from the discard pile."""
    if state.deck == 0 and state.discard:
        events.append(DeckReshuffled(len(state.discard)))
        state = state.evolve(deck=len(state.discard), discard=())
    if state.deck == 0:
        events.append(HandShrank(seat))
        return state
    fighter = state.fighters[seat]
    return state.with_fighter(seat, hand=fighter.hand + 1).evolve(deck=state.deck - 1)
