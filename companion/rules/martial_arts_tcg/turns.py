"""Turns: who plays next (modes.py), the Draw Phase (T4, T18), running out and the Recovery Phase (T16,
T17), players out and the end (T1, T9, T10, T24)."""

from __future__ import annotations

from companion.rules.martial_arts_tcg import modes
from companion.rules.martial_arts_tcg.state import (
    CardsDrawn,
    DeckRanOut,
    HealthGone,
    MatState,
    Phase,
    PhaseEntered,
    RecoveryPhase,
    Shuffled,
    TurnBegan,
    TurnPassed,
)
from companion.rules.model import Event, MatchDrawn, MatchWon

Events = list[Event]


def draw(state: MatState, seat: int, count: int, reason: str, events: Events) -> MatState:
    """Draw `count`; a draw that finds the deck empty runs it out: the rest is owed (T16)."""
    held = state.seats[seat]
    drawn = min(count, held.deck)
    if drawn:
        events.append(CardsDrawn(seat, drawn, reason))
    state = state.seat(seat, hand=held.hand + drawn, deck=held.deck - drawn)
    if drawn < count:
        owed = held.owed + count - drawn
        events.append(DeckRanOut(seat, owed))
        # the Hero's first run-out starts his exhaustion: every other turn of his skipped (T17)
        state = state.seat(seat, skip_next=True, owed=owed, exhausted=state.rules.is_hero(seat) or held.exhausted)
    return state


def reshuffle(state: MatState, seat: int, events: Events) -> MatState:
    """The discards become the new Main Deck; only the Event in play stays known out of it (T16)."""
    held = state.seats[seat]
    out = [0] * len(held.out)
    for slot in state.events:
        if slot is not None and slot.seat == seat:
            out[slot.card] += 1
    events.append(Shuffled(seat, held.discard))
    return state.seat(seat, deck=held.deck + held.discard, discard=0, out=tuple(out))


def begin_turn(state: MatState, seat: int, events: Events) -> MatState:
    """A turn begins: a Recovery Phase for a player whose deck ran out, else the Draw Phase (T4)."""
    for _ in range(len(state.names) + 1):  # every seat skipping at once cannot loop: skips are cleared
        if not state.seats[seat].skip_next:
            break
        if state.seats[seat].discard:
            return state.evolve(phase=Phase.RECOVERY, turn=seat, control=seat, attack=None, chain=None,
                                counter=None)
        state = finish_recovery(state, seat, events, reshuffled=False)
        seat = pass_turn(state.evolve(turn=seat, control=seat), events)
    exhausted = state.seats[seat].exhausted  # before this turn's draws: a first run-out now skips the next
    number = state.turn_number + 1
    state = state.evolve(turn=seat, control=seat, turn_number=number, attack=None, chain=None, counter=None)
    events.append(TurnBegan(seat, number))
    if number > 1:  # nobody draws on the game's first turn (T4)
        for drawer, count, why in modes.draw_phase(state, seat):
            state = draw(state, drawer, count, why, events)
    if exhausted:  # the Hero plays this turn, so he skips his next (T17)
        state = state.seat(seat, skip_next=True)
    events.append(PhaseEntered(seat, Phase.PREP))
    return state.evolve(phase=Phase.PREP)


def finish_recovery(state: MatState, seat: int, events: Events, *, reshuffled: bool) -> MatState:
    """The skipped turn: discards shuffled in (when there are any), owed cards drawn (T16, MTD13)."""
    held = state.seats[seat]
    count = held.discard if reshuffled else 0
    if reshuffled:
        state = reshuffle(state, seat, events)
    events.append(RecoveryPhase(seat, count))
    state = state.seat(seat, skip_next=False, owed=0)
    if held.owed and reshuffled:  # with no discards he plays on with his hand (T16)
        state = draw(state, seat, held.owed, "Recovery Phase: the cards the empty deck could not give (T16)",
                     events)
    return state


def pass_turn(state: MatState, events: Events) -> int:
    """Whose turn follows, said as an event with its ruling (T8, T19, T21)."""
    seat, why, ruling = modes.next_turn(state)
    events.append(TurnPassed(seat, why, ruling))
    return seat


def end_turn(state: MatState, events: Events) -> MatState:
    return begin_turn(state.evolve(rewind=None), pass_turn(state, events), events)


def settle_health(state: MatState, events: Events) -> MatState:
    """Health 0 or less puts a player out (T1, T9); a side with nobody left loses, both at once is a draw
    (T24). Healing stops at the start (T23). A fight goes on around a player who is out (T9, T10)."""
    for seat, held in enumerate(state.seats):
        if held.health > held.start_health:
            state = state.seat(seat, health=held.start_health)
    if state.phase is Phase.OVER:
        return state
    gone = tuple(seat for seat, held in enumerate(state.seats) if held.health <= 0 and seat not in state.fallen)
    if not gone:
        return state
    for seat in gone:
        events.append(HealthGone(seat, state.seats[seat].health))
    state = state.evolve(fallen=state.fallen + gone)
    result = modes.decided(state)
    if result is None:
        return _around_the_fallen(state, events)
    winners, reason, ruling = result
    over = state.evolve(phase=Phase.OVER, attack=None, counter=None, rewind=None, reason=reason)
    if not winners:
        events.append(MatchDrawn(reason, ruling))
        return over.evolve(drawn=True)
    events.append(MatchWon(winners, reason, ruling))
    return over.evolve(winners=winners)


def _around_the_fallen(state: MatState, events: Events) -> MatState:
    """A player out takes nothing more: an attack on him waits for no block, his counter is lost, and a
    turn he controls passes on (T9, T19)."""
    fallen = state.fallen
    if state.counter is not None and state.counter.defender in fallen:
        state = state.evolve(counter=None)
    waiting = state.attack
    if waiting is not None and (waiting.target in fallen or waiting.attacker in fallen):
        state = state.evolve(attack=None, chain=None, phase=Phase.CONTINUED)
    if state.control in fallen:
        return begin_turn(state.evolve(rewind=None), pass_turn(state, events), events)
    return state
