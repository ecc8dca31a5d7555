"""Turns: who plays next, the Draw Phase (T4), running out and the Recovery Phase (T16), the end (T1, T24)."""

from __future__ import annotations

from companion.rules.martial_arts_tcg.state import (
    DRAW_ACTIVE,
    DRAW_OTHER,
    START_HEALTH,
    CardsDrawn,
    DeckRanOut,
    HealthGone,
    MatState,
    Phase,
    PhaseEntered,
    RecoveryPhase,
    Shuffled,
    TurnBegan,
)
from companion.rules.model import Event, MatchDrawn, MatchWon

Events = list[Event]


def next_turn(state: MatState) -> int:
    """Whoever controls the turn last ends it; the other player's turn follows (T8). Two-on-Two will go
    round the seats from the player whose turn it was (T19), Army of One back and forth (T21)."""
    return (state.control + 1) % len(state.names)


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
        state = state.seat(seat, skip_next=True, owed=owed)
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
        seat = next_turn(state.evolve(control=seat))
    number = state.turn_number + 1
    state = state.evolve(turn=seat, control=seat, turn_number=number, attack=None, chain=None, counter=None)
    events.append(TurnBegan(seat, number))
    if number > 1:  # nobody draws on the game's first turn (T4)
        state = draw(state, seat, DRAW_ACTIVE, "Draw Phase: the player whose turn it is draws 3 (T4)", events)
        for other in state.opponents(seat):
            state = draw(state, other, DRAW_OTHER, "Draw Phase: the other player draws 2 (T4)", events)
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


def end_turn(state: MatState, events: Events) -> MatState:
    return begin_turn(state.evolve(rewind=None), next_turn(state), events)


def settle_health(state: MatState, events: Events) -> MatState:
    """Health 0 or less loses (T1); both at once is a draw (T24). Healing stops at the start (T23)."""
    capped = state
    for seat, held in enumerate(state.seats):
        if held.health > START_HEALTH:
            capped = capped.seat(seat, health=START_HEALTH)
    state = capped
    gone = [seat for seat, held in enumerate(state.seats) if held.health <= 0]
    if not gone or state.phase is Phase.OVER:
        return state
    for seat in gone:
        events.append(HealthGone(seat, state.seats[seat].health))
    over = state.evolve(phase=Phase.OVER, attack=None, counter=None, rewind=None)
    standing = [seat for seat in range(len(state.names)) if seat not in gone]
    if not standing:
        reason = "both players reached 0 health at the same moment"
        events.append(MatchDrawn(reason, "T24"))
        return over.evolve(drawn=True, reason=reason)
    winner = standing[0]
    reason = f"{state.names[gone[0]]}'s health fell to {state.seats[gone[0]].health}"
    events.append(MatchWon((winner,), reason, "T1"))
    return over.evolve(winner=winner, reason=reason)
