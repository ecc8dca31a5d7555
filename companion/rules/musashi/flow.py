"""Who attacks next, drop-outs, the bonus card and the end of the game (KT1 7, 8, 11; M3-M7)."""

from __future__ import annotations

from typing import TypeVar

from companion.rules.model import Event, MatchDrawn, MatchWon
from companion.rules.musashi.state import (
    AttackerNamed,
    Barred,
    DroppedOut,
    HikiWake,
    MusashiState,
    PendingBonus,
    Phase,
)

T = TypeVar("T")
Events = list[Event]
MANY = 4  # rule 7 and rule 8 read differently from 4 players on (M5)


def set_at(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*values[:seat], value, *values[seat + 1:])


def next_in_order(state: MusashiState, after: int) -> int:
    """The next player still in, in seat order after `after` (MSD10)."""
    count = len(state.names)
    for step in range(1, count + 1):
        seat = (after + step) % count
        if state.is_in(seat):
            return seat
    return after


def attack_turn(state: MusashiState, seat: int, barred: Barred | None, events: Events) -> MusashiState:
    """`seat` starts a new attack; with no card at all he cannot, and drops out (KT1 8)."""
    state = state.evolve(phase=Phase.ATTACK, turn=seat, attack=None, pull=None, bonus=None, barred=barred,
                         switched_for_brown=False)
    if state.hands[seat] == 0:
        return drop_out(state, seat, "no card at all to start an attack with", "KT1 8", events)
    return state


def name_attacker(state: MusashiState, seat: int, reason: str, ruling: str, events: Events,
                  barred: Barred | None = None) -> MusashiState:
    events.append(AttackerNamed(seat, reason, ruling))
    return attack_turn(state, seat, barred, events)


def drop_out(state: MusashiState, seat: int, reason: str, ruling: str, events: Events) -> MusashiState:
    """`seat` is out; his cards are set aside (MSD9); rule 8 gives his last attacker the bonus card."""
    before = len(state.players_in)
    events.append(DroppedOut(seat, before, reason, ruling))
    state = state.evolve(dropped=(*state.dropped, seat), hands=set_at(state.hands, seat, 0),
                         set_aside=state.set_aside + state.hands[seat], attack=None, pull=None, barred=None,
                         table=())
    remaining = state.players_in
    if len(remaining) == 1:
        return win(state, remaining[0], f"{state.names[remaining[0]]} is the last player standing", "KT1 8", events)
    receiver = state.last_attacker[seat]
    bonus = PendingBonus(receiver if receiver is not None and state.is_in(receiver) else None, seat, before)
    if bonus.receiver is None:
        return after_bonus(state.evolve(bonus=bonus), events)
    return state.evolve(phase=Phase.BONUS, turn=bonus.receiver, bonus=bonus)


def after_bonus(state: MusashiState, events: Events) -> MusashiState:
    """Rule 8: with 4-6 players the bonus taker attacks; with 3 the third player does (M5: counted before)."""
    bonus = state.bonus
    assert bonus is not None
    receiver = bonus.receiver
    if bonus.players_before >= MANY and receiver is not None:
        return name_attacker(state, receiver, "the last attacker of the player who dropped out attacks", "KT1 8",
                             events)
    if bonus.players_before == 3 and receiver is not None:
        third = next(s for s in state.players_in if s != receiver)
        return name_attacker(state, third, "the third player (not the one who got the bonus card) attacks",
                             "KT1 8", events)
    seat = next_in_order(state, bonus.dropped)
    return name_attacker(state, seat, "nobody attacked the player who dropped out: the next player in seat "
                         "order attacks", "MSD10", events)


def win(state: MusashiState, seat: int, reason: str, ruling: str, events: Events) -> MusashiState:
    events.append(MatchWon((seat,), reason, ruling))
    return state.evolve(phase=Phase.OVER, winner=seat, reason=reason, attack=None, pull=None, bonus=None,
                        barred=None)


def hiki_wake(state: MusashiState, blocker: int, events: Events) -> MusashiState:
    """The blocker's very last card was TSUBAZERIAI or BOGYO (KT1 11): a 0:0 draw of the last two, or out."""
    events.append(HikiWake(blocker, "M4"))
    if len(state.players_in) == 2:
        reason = "HIKI-WAKE: 0:0 with the last two players, who share first place"
        events.append(MatchDrawn(reason, "M6"))
        return state.evolve(phase=Phase.OVER, drawn=True, reason=reason, attack=None, pull=None, barred=None)
    return drop_out(state, blocker, "HIKI-WAKE: his very last card was a block", "M4", events)


def places(state: MusashiState) -> tuple[int, ...]:
    """1 for the winner (or both players of a HIKI-WAKE draw); drop-outs from last place up (MSD13)."""
    count = len(state.names)
    found = [1] * count
    for order, seat in enumerate(state.dropped):
        found[seat] = count - order
    return tuple(found)
