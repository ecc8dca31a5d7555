"""Rounds and turns: the Momentum order (C5), missed turns after a knockdown, the end of combat."""

from __future__ import annotations

from companion.rules.mace import cards as mc
from companion.rules.mace.state import (
    KnockedOut,
    MaceState,
    Phase,
    RoundBegan,
    TurnBegan,
    TurnEnded,
    TurnMissed,
)
from companion.rules.mace.table import slip_under, to_discard
from companion.rules.model import Event, MatchWon


def momentum_order(state: MaceState) -> tuple[int, ...]:
    """Highest Momentum first, suits breaking ties (C1); fixed for the whole round (C5)."""
    seats = [s for s in state.in_combat() if state.fighters[s].momentum is not None]
    return tuple(sorted(seats, key=lambda s: mc.momentum_key(state.fighters[s].momentum or ""),
                        reverse=True))


def begin_round(state: MaceState, events: list[Event]) -> MaceState:
    order = momentum_order(state)
    number = state.round_number + 1
    events.append(RoundBegan(number, order))
    state = state.evolve(round_number=number, order=order, between_rounds=True)
    return start_turn(state, 0, events)


def start_turn(state: MaceState, index: int, events: list[Event]) -> MaceState:
    """The next fighter in the order takes his turn; a knocked-down fighter misses it and rises
    (MCD10)."""
    while index < len(state.order):
        seat = state.order[index]
        fighter = state.fighters[seat]
        if fighter.in_combat and fighter.knocked_down:
            events.append(TurnMissed(seat))
            state = state.with_fighter(seat, knocked_down=False)
        elif fighter.in_combat:
            events.append(TurnBegan(seat))
            return state.evolve(phase=Phase.TURN, turn_index=index, action_used=False,
                                boost_used=False, attack=None)
        index += 1
    return begin_round(state, events)


def end_turn(state: MaceState, events: list[Event]) -> MaceState:
    events.append(TurnEnded(state.active))
    return start_turn(state, state.turn_index + 1, events)


def resume(state: MaceState, events: list[Event]) -> MaceState:
    """Back to the active fighter's turn; it ends by itself once Action and Boost are both used
    (MCD10)."""
    state = state.evolve(phase=Phase.TURN, attack=None)
    if state.action_used and state.boost_used:
        return end_turn(state, events)
    return state


def remove_fighter(state: MaceState, seat: int, why: str, events: list[Event]) -> MaceState:
    """A knocked-out or forfeited fighter leaves; his Momentum and Charges go to the discard pile
    (MCD5, MCD8)."""
    fighter = state.fighters[seat]
    if fighter.momentum is not None:
        state = to_discard(state, fighter.momentum)
    for charge in fighter.charges:
        if charge.card is not None:
            state = to_discard(state, charge.card, charge.value)
    # Never named (MCD14): under the pile, so its face-up top, a Joker's value (C1), stays known.
    state = slip_under(state, sum(charge.card is None for charge in fighter.charges))
    state = state.with_fighter(seat, out=why, momentum=None, charges=(), knocked_down=False)
    if why == "knocked out":
        events.append(KnockedOut(seat))
    return state


def finish_if_won(state: MaceState, events: list[Event]) -> MaceState:
    """Combat ends when one fighter is left (C4)."""
    standing = state.in_combat()
    if len(standing) != 1:
        return state
    seat = standing[0]
    reason = f"{state.names[seat]} is the last fighter standing"
    events.append(MatchWon((seat,), reason, "C4"))
    return state.evolve(phase=Phase.OVER, winner=seat, reason=reason, attack=None)
