"""Charges the referee could not see (MCD12-MCD14): face-down cards known only by what they may be.

An unseen Charge is a club or a Joker (MACE Charge) that was in its fighter's hand when he placed
it: not on the table then, and not played from any hand since. Each card exists once (MCD7), so
the unseen Charges together must still be distinct cards: a card played from a hand, or named
for a Charge, must leave a different card possible for every other unseen Charge. The check is a
matching of Charges to cards; the sets are small (15 clubs and Jokers at most), so it is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from companion.rules.errors import IllegalAction
from companion.rules.mace import cards as mc
from companion.rules.mace.state import Charge, MaceState

Sets = tuple[frozenset[str], ...]


@lru_cache(maxsize=1)
def chargeable() -> frozenset[str]:
    """Every card a Charge can be: the clubs and the Jokers (MACE Charge, C1)."""
    return frozenset(c for c in mc.all_ids() if mc.card(c).has_suit("clubs"))


def open_sets(state: MaceState) -> Sets:
    """What each unseen Charge on the table may be, fighter by fighter, oldest first."""
    return tuple(c.could_be for f in state.fighters for c in f.charges if c.card is None)


def distinct(sets: Sequence[frozenset[str]]) -> bool:
    """Whether each set can be given a different card of its own (a matching, Hall's condition)."""
    if all(len(s) >= len(sets) for s in sets):
        return True  # each can take a card the others left: no search needed
    owner: dict[str, int] = {}

    def place(index: int, tried: set[str]) -> bool:
        for card in sets[index]:
            if card in tried:
                continue
            tried.add(card)
            if card not in owner or place(owner[card], tried):
                owner[card] = index
                return True
        return False

    return all(place(i, set()) for i in range(len(sets)))


@lru_cache(maxsize=256)
def _forced(sets: Sets) -> frozenset[str]:
    cards = frozenset().union(*sets)
    return frozenset(c for c in cards if not distinct([s - {c} for s in sets]))


def forced(state: MaceState) -> frozenset[str]:
    """Cards that must be unseen Charges: no hand can hold them (MCD12)."""
    sets = open_sets(state)
    if not sets or min(len(s) for s in sets) > len(sets):
        return frozenset()  # every Charge keeps a choice whichever one card is taken
    return _forced(sets)


def prune(state: MaceState, cards: Iterable[str]) -> MaceState:
    """The cards are seen now (played from a hand, or named): no unseen Charge is one of them."""
    shown = frozenset(cards) & chargeable()
    if not shown or not open_sets(state):
        return state
    for seat, fighter in enumerate(state.fighters):
        if any(c.card is None and c.could_be & shown for c in fighter.charges):
            kept = tuple(Charge(None, c.value, c.could_be - shown) if c.card is None else c
                         for c in fighter.charges)
            state = state.with_fighter(seat, charges=kept)
    return state


def new_charge(state: MaceState, seen: Iterable[str], joker_value: int) -> Charge | None:
    """An unseen Charge placed now, or None when no club or Joker could be left in a hand."""
    could_be = chargeable() - frozenset(seen)
    if not distinct((*open_sets(state), could_be)):
        return None
    return Charge(None, joker_value, could_be)


def why_not(state: MaceState, seat: int, card_id: str, seen: dict[str, str]) -> tuple[str, str] | None:
    """Why `card_id` cannot be named for one of the seat's unseen Charges, with the ruling."""
    code, name = mc.code(card_id), state.names[seat]
    if card_id not in chargeable():
        return (f"{code} cannot be {name}'s face-down Charge: a Charge is a club or a Joker",
                "MACE Charge")
    if card_id in seen:
        return (f"{code} is {seen[card_id]}, so it cannot be {name}'s face-down Charge: a deck has "
                "one of each card", "MCD7")
    if _choices(state, seat, card_id):
        return None
    return (f"{code} cannot be {name}'s face-down Charge: it was played from a hand after he "
            "placed it, or naming it leaves no card for another face-down Charge", "MCD13")


def _choices(state: MaceState, seat: int, card_id: str) -> list[int]:
    """Indexes of the seat's unseen Charges that may be `card_id`, the others staying possible."""
    charges = state.fighters[seat].charges
    sets = open_sets(state)
    if all(len(s) >= len(sets) for s in sets):
        # Without one set and one card the others keep as many choices as there are of them:
        # distinct whichever is named (`distinct`'s own shortcut, without building each rest).
        return [i for i, c in enumerate(charges) if c.card is None and card_id in c.could_be]
    found = []
    for index, charge in enumerate(charges):
        if charge.card is not None or card_id not in charge.could_be:
            continue
        rest = [c.could_be - {card_id} for s, f in enumerate(state.fighters) for i, c in
                enumerate(f.charges) if c.card is None and (s, i) != (seat, index)]
        if distinct(rest):
            found.append(index)
    return found


def reveal_index(state: MaceState, seat: int, card_id: str, reach: int = 0) -> int | None:
    """Which of the seat's unseen Charges naming `card_id` names (MCD13): the oldest it may be,
    leaving the others possible; for a Joker the oldest whose fixed value reaches `reach` hexes,
    so a legal Blast is never refused."""
    choices = _choices(state, seat, card_id)
    if mc.card(card_id).joker:
        charges = state.fighters[seat].charges
        choices = [i for i in choices if charges[i].value >= reach] or choices
    return choices[0] if choices else None


def distinct_after(state: MaceState, seat: int, index: int, shown: frozenset[str]) -> bool:
    """Whether the other unseen Charges stay distinct once that one is named and `shown` seen."""
    rest = [c.could_be - shown for s, f in enumerate(state.fighters) for i, c in
            enumerate(f.charges) if c.card is None and (s, i) != (seat, index)]
    return distinct(rest)


def reveal(state: MaceState, seat: int, card_id: str, reach: int = 0) -> tuple[MaceState, Charge]:
    """Name one of the seat's unseen Charges (MCD13): the state without it, and it named."""
    index = reveal_index(state, seat, card_id, reach)
    if index is None:
        refuse_unless_possible(state, seat, card_id, {})
        raise AssertionError("unreachable: refused above")
    charges = state.fighters[seat].charges
    held = charges[index]
    value = held.value if mc.card(card_id).joker else mc.card(card_id).value or 0
    state = state.with_fighter(seat, charges=charges[:index] + charges[index + 1:])
    return prune(state, [card_id]), Charge(card_id, value)


def refuse_unless_possible(state: MaceState, seat: int, card_id: str, seen: dict[str, str]) -> None:
    refused = why_not(state, seat, card_id, seen)
    if refused is not None:
        raise IllegalAction(*refused)


def check_distinct(state: MaceState, *played: str) -> None:
    """After several cards were shown at once: the unseen Charges must still be distinct cards."""
    if not distinct(open_sets(state)):
        raise IllegalAction(f"{mc.codes(played)} cannot all be out of the hands: one must be a "
                            "face-down Charge; check the cards scanned", "MCD12")
